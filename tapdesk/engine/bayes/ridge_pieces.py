"""A mixture of uniform pieces binned exactly, chunk by chunk (the ridge parameters' marginals).

A ridge parameter's marginal is a mixture of millions of pieces, each uniform
on an interval of the logit scale (:mod:`.ridge_marginals`). Their CDF is a
sum of ramps, c (x - s)_+ with c = +m/w at a piece's low end and -m/w at its
high end, so the mass of fixed bins follows from per-bin sums of the ramps'
slopes and of their parts inside the bin where they begin
(:meth:`PieceBins.fine_masses`), and those sums add up over any split of the
pieces.
:class:`PieceBins` keeps them on FINE_BINS equal bins over a range known in
advance (the pieces' own, from the fibres' windows), so the pieces are made,
binned and dropped a chunk at a time: memory stays bounded whatever their
number, and the result does not depend on the chunks.

:meth:`PieceBins.marginal` then gives what
:func:`~tapdesk.engine.bayes.adaptive.piece_marginal` gives for all the
pieces at once: PIECE_BINS equal bins over the range holding all but TAIL of
the mass, plus one bin for each far tail; its CDF at their edges is read off
the fine bins' exact CDF, linear within a fine bin (the bins are at most
1/FINE_BINS of the pieces' range, far below a marginal's spread).
"""

from __future__ import annotations

import numpy as np

from tapdesk.engine.bayes.adaptive import PIECE_BINS, TINY_SHARE, trimmed_range

FINE_BINS = 1 << 16
"""Equal fine bins over the pieces' range: 0.001 logit wide for a range of 60."""
NARROW = 1e-12
"""Pieces narrower than this (logit) count as point masses at their centres."""


class PieceBins:
    """Exact CDF of a mixture of uniform pieces at FINE_BINS + 1 fixed edges, added to chunk by
    chunk.

    Parameters
    ----------
    low, high : float
        The range of the pieces' ends (logit scale); ends outside it are still counted
        exactly, the edges just do not resolve them.
    total : float
        The mixture's total mass: pieces lighter than TINY_SHARE of it are left out, as
        :func:`~tapdesk.engine.bayes.adaptive.binned_pieces` leaves them.
    """

    def __init__(self, low: float, high: float, total: float, bins: int = FINE_BINS) -> None:
        self.edges = np.linspace(low, high, bins + 1)
        self.step = (high - low) / bins
        self.floor = TINY_SHARE * total
        self.total = 0.0
        self.low, self.high = np.inf, -np.inf
        self._sums = np.zeros((3, bins + 2))      # by number of edges below: point masses,
        # ramp slopes, ramps' mass up to the next edge

    def _count_le(self, x: np.ndarray) -> np.ndarray:
        """Number of edges <= x (0 below the first edge, bins + 1 from the last one)."""
        at = (x - self.edges[0]) / self.step
        idx = np.floor(at, out=at).astype(np.int64)
        idx += 1
        return np.clip(idx, 0, self.edges.size, out=idx)

    def add(self, lo: np.ndarray, hi: np.ndarray, mass: np.ndarray) -> None:
        """Add pieces uniform on [lo, hi] with these masses (1-D arrays; pieces with a
        non-finite end are left out)."""
        keep = np.isfinite(lo)
        keep &= np.isfinite(hi)
        keep &= mass > self.floor
        if not keep.all():                       # (copies of a chunk's pieces cost)
            lo, hi, mass = lo[keep], hi[keep], mass[keep]
        if not lo.size:
            return
        self.total += float(mass.sum())
        self.low, self.high = min(self.low, float(lo.min())), max(self.high, float(hi.max()))
        size = self._sums.shape[1]
        width = hi - lo
        narrow = width <= NARROW
        if narrow.any():
            centre = (lo[narrow] + hi[narrow]) / 2
            self._sums[0] += np.bincount(self._count_le(centre), mass[narrow], minlength=size)
            lo, hi, mass, width = lo[~narrow], hi[~narrow], mass[~narrow], width[~narrow]
        c = mass / width
        self._ramps(np.concatenate([lo, hi]), np.concatenate([c, -c]))

    def add_rows(self, x: np.ndarray, mass: np.ndarray) -> None:
        """Add the pieces of chains: row r's piece j uniform between x[r, j] and x[r, j + 1]
        (either way round) with mass ``mass[r, j]``; the same as :meth:`add` of every piece.

        Neighbouring pieces share an end, so each end carries one ramp, the sum of both
        pieces' (m / (x[j + 1] - x[j]) from the piece on its right, minus that of the piece on
        its left): half the ends to bin. Pieces with a non-finite end or no more mass than
        the floor are left out, pieces narrower than NARROW are point masses, as in :meth:`add`.
        """
        delta = np.diff(x, axis=-1)
        keep = np.isfinite(delta)
        keep &= mass > self.floor
        if not keep.any():
            return
        self.total += float(mass[keep].sum())
        ends = np.zeros(x.shape, dtype=bool)
        ends[:, :-1] |= keep
        ends[:, 1:] |= keep
        self.low = min(self.low, float(x[ends].min()))
        self.high = max(self.high, float(x[ends].max()))
        size = self._sums.shape[1]
        narrow = keep & (np.abs(delta) <= NARROW)
        if narrow.any():
            centre = (x[:, :-1][narrow] + x[:, 1:][narrow]) / 2
            self._sums[0] += np.bincount(self._count_le(centre), mass[narrow], minlength=size)
            keep &= ~narrow
        with np.errstate(invalid="ignore", divide="ignore"):
            slope = np.where(keep, mass / delta, 0.0)     # signed: + where the row rises
        c = np.zeros(x.shape)
        c[:, :-1] = slope
        c[:, 1:] -= slope
        used = c != 0.0
        self._ramps(x[used], c[used])

    def _ramps(self, at: np.ndarray, c: np.ndarray) -> None:
        """Add ramps c (x - at)_+: their slopes and their mass up to the next edge, by bin."""
        size = self._sums.shape[1]
        idx = self._count_le(at)
        self._sums[1] += np.bincount(idx, c, minlength=size)
        part = self.edges[np.minimum(idx, self.edges.size - 1)]   # the next edge up
        part -= at
        part *= c
        part[idx == self.edges.size] = 0.0
        self._sums[2] += np.bincount(idx, part, minlength=size)

    def fine_masses(self) -> tuple[float, np.ndarray]:
        """(mass below the first edge, mass of every fine bin).

        A bin's mass is its width times the slopes of the ramps begun below it,
        plus the ramps begun inside it up to its upper edge: sums of numbers of
        the local density's size, so a bin in a thin tail holds its own mass to
        rounding (a CDF as slope x distance - offset would cancel numbers of the
        whole range's size there, and the tail trimming would then depend on the
        order in which the pieces came).
        """
        points, slopes, parts = self._sums
        n = self.edges.size - 1
        # the slopes of the ramps begun below each bin, summed from the low end up to the
        # peak and from the high end down beyond it (the same in exact arithmetic): the
        # slopes of the bulk, which cancel past it, leave no residue in the tails
        below = np.cumsum(slopes)[:n]
        above = -np.cumsum(slopes[::-1])[::-1][1:n + 1]
        peak = int(np.argmax(below))
        slope = np.concatenate([below[:peak], above[peak:]])
        masses = self.step * slope + parts[1:n + 1] + points[1:n + 1]
        return float(parts[0] + points[0]), np.maximum(masses, 0.0)

    def cdf(self) -> np.ndarray:
        """The mixture's (unnormalised) CDF at the fine edges."""
        below, masses = self.fine_masses()
        return below + np.concatenate([[0.0], np.cumsum(masses)])

    def marginal(self, bins: int = PIECE_BINS) -> tuple[np.ndarray, np.ndarray]:
        """(edges, mass per bin): ``bins`` equal bins over the range holding all but TAIL of
        the mass, plus a bin for the mass beyond either end of it (as
        :func:`~tapdesk.engine.bayes.adaptive.piece_marginal`)."""
        below, masses = self.fine_masses()
        span = trimmed_range(self.edges, masses)
        cdf = below + np.concatenate([[0.0], np.cumsum(masses)])
        edges = np.linspace(*span, bins + 1)
        at = np.interp(edges, self.edges, cdf)
        return self._with_tails(edges, np.diff(at), at[0], at[-1])

    def binned(self) -> tuple[np.ndarray, np.ndarray]:
        """(edges, mass per bin) on these bins themselves, plus a bin for the mass beyond either
        end (as :func:`~tapdesk.engine.bayes.adaptive.binned_pieces` bins pieces over a span)."""
        below, masses = self.fine_masses()
        return self._with_tails(self.edges, masses, below, below + float(masses.sum()))

    def _with_tails(self, edges: np.ndarray, inner: np.ndarray, below: float, upto: float
                    ) -> tuple[np.ndarray, np.ndarray]:
        """``edges`` and ``inner`` masses with a bin for the mass ``below`` the first edge
        (reaching the lowest piece) and one for the mass beyond the CDF ``upto`` at the last
        (reaching the highest), where there is such mass."""
        above = max(self.total - upto, 0.0)
        if below > 0 and self.low < edges[0]:
            edges, inner = np.concatenate([[self.low], edges]), np.concatenate([[below], inner])
        if above > 0 and self.high > edges[-1]:
            edges, inner = np.concatenate([edges, [self.high]]), np.concatenate([inner, [above]])
        return edges, inner
