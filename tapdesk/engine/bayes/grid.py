"""Exact posteriors of the 2- and 3-parameter histogram models on adaptive nested grids.

For t-a-p and the expert model the posterior is computed by brute force: the
unnormalised log posterior at the midpoints of grid cells, normalised in log
space, on the logit scale of well-chosen coordinates (:mod:`.coordinates`:
(t, r, u) for t-a-p, where r is the Class-1 rate the data pin), so
posteriors piled against 0 or 1 are smooth bumps.

The grid is nested like iterated one-dimensional quadrature: the outermost
coordinate has cells of its own; every cell of a level gets, for the next
coordinate, its own cells where the density integrated over the deeper levels
is (:mod:`.nested`). The outermost range is found by zooming from [-30, 30]
on that integrated density, so thin regions are not missed. Then adaptive
passes (:mod:`.adaptive`): outermost cells dense where the marginal mass is,
every level at growing resolutions, until two resolutions agree on every
reported figure (mean, sd, quantiles) to TOLERANCE posterior sd and on the HDI
ends to HDI_TOLERANCE (:func:`~.adaptive.settled`); the largest difference,
extrapolated to an endless refinement and plus the figures' own error, is the
stated error (an estimate; tests/engine/bayes/test_stated_error.py checks it covers the
error against brute force). A parameter that is not the outermost
coordinate gets its marginal by adding up the innermost cells, each mapped
to the interval of the parameter it spans (:mod:`.grid_marginals`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property

import numpy as np
from scipy.special import expit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.adaptive import (
    DEFAULT_LEVEL,
    TOLERANCE,
    Marginals,
    adapted_edges,
    changes,
    settled,
    uniform_edges,
)
from tapdesk.engine.bayes.box_rule import box_posterior
from tapdesk.engine.bayes.coordinates import MixtureCoordinates, PlainCoordinates, coordinates_for
from tapdesk.engine.bayes.gauss_rule import gauss_posterior
from tapdesk.engine.bayes.grid_marginals import inner_marginals
from tapdesk.engine.bayes.logit_density import RuleCancelled
from tapdesk.engine.bayes.nested import LOGIT_LIMIT, last_level, scan
from tapdesk.engine.bayes.targets import HistogramModel
from tapdesk.engine.request import Prior
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.formats import integer

NEGLIGIBLE = 25.0
"""Outermost cells more than this many nats below the peak are empty when zooming."""
OPEN_DENSITY = 1e-10
"""An outermost face where the marginal holds more than this share of the mass per logit unit
cuts off mass: that side of the range is widened (:func:`open_faces`). As small as the TAIL the
range is trimmed to: at 1e-8 the t-a-p0p1 sampler, which proposes from such a grid, put p0's 95%
quantile 0.038 from the exact posterior's on 300 x 5 data (tests/engine/bayes/test_ridge.py); at 1e-10,
0.003."""
MAX_WIDENINGS = 8
REUSE_AFTER = 1
"""Passes after the first interpolate the inner levels' placement instead of scanning."""
COARSE_POINTS = 40
SCHEDULE = {3: ((32, 12, 24), (48, 16, 32), (72, 24, 48), (108, 32, 64), (162, 48, 96),
                (216, 64, 128), (288, 80, 160)),
            2: ((64, 32), (96, 48), (144, 64), (216, 96), (324, 128), (486, 160))}
"""Cells per level (outermost first) of the successive passes, by model dimension. Every level
grows by a quarter to a half per pass: the stated error compares two passes, and a level that
hardly grows between them (the middle one went 24, 28, 32 cells) shares their bias, so they
agreed while both were off (t = .3, a = .6, p = .4, 300 x 5: the 95% HDI end of p 0.032 sd
from brute force with a stated error of 0.006; doubling the middle level's cells: 0.003)."""
LAST_RESORT = {3: (384, 100, 200)}
FIGURE_ERROR = 0.005
"""Added to the stated error: the figures are read off each pass's marginals the same way (a
CDF through at most 400 knots, the smeared pieces' binning, the HDI's smoothed density), with
errors that do not shrink as the cells do, so no comparison of passes sees them. Measured
against brute force (tests/engine/bayes/reference.py) on 20 small t-a-p data sets: 0.002-0.005 sd
beyond the extrapolated change (tests/engine/bayes/test_stated_error.py)."""
LAST_RESORT_ABOVE = 0.01
"""One more, finer pass when the schedule ends with the last two passes still this far apart
(in posterior sd): t = .3, a = .8, p = .2 with 300 x 5 (benchmarks/bench_bayes_exact.py) ended
at 0.015, p's 95% quantile 0.020 sd off; after this pass 0.013. It doubles the time, so a grid
that ended closer (within the 0.02 sd it must meet) does without."""


@dataclass(frozen=True, eq=False)
class GridPosterior(Marginals):
    """Normalised posterior mass on a nested logit-scale grid.

    ``edges[k]`` holds the logit cell edges of coordinate k, shape (cells of
    the levels before k) + (n_k + 1,); ``mass`` has shape (n_0, ..., n_{d-1}).
    ``error`` is the stated accuracy, in posterior sd: the largest change of
    any reported figure between the last two resolutions, extrapolated
    (:func:`extrapolation`), plus FIGURE_ERROR.
    """

    coordinates: MixtureCoordinates | PlainCoordinates
    edges: tuple[np.ndarray, ...]
    mass: np.ndarray
    log_max: float
    complete: bool = True
    error: float = float("nan")
    passes: int = 0
    open_sides: np.ndarray | None = None
    """(2,): the density on the low/high face of the outermost range is not negligible."""

    @property
    def names(self) -> tuple[str, ...]:
        return self.coordinates.reported

    @property
    def points(self) -> tuple[int, ...]:
        return self.mass.shape

    @property
    def how(self) -> str:
        """How it was computed, for the verdict."""
        cells = int(self.mass.size)
        # Translators: how an exact posterior was computed, inside its verdict ("exact, accuracy
        # confirmed: computed on an adaptive grid of 12,345 cells; ..."); {n} is a count.
        return said_n("on an adaptive grid of {n} cell", "on an adaptive grid of {n} cells", cells,
                      n=made(integer, cells))

    @property
    def error_basis(self) -> str:
        """What the stated error is, for the verdict."""
        # Translators: what an exact posterior's stated error is, in brackets at the end of its
        # verdict.
        return said("the change between its last two resolutions, extrapolated to an endless "
                    "refinement")

    def cell_bounds(self, k: int, full: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Logit (low, high) of every cell along coordinate k: broadcast to mass.shape, or
        (``full`` False) in the compact shape that broadcasts against it."""
        e = self.edges[k]
        extra = (1,) * (self.mass.ndim - k - 1)
        lo = e[..., :-1].reshape(e.shape[:-1] + (e.shape[-1] - 1,) + extra)
        hi = e[..., 1:].reshape(lo.shape)
        if not full:
            return lo, hi
        return np.broadcast_to(lo, self.mass.shape), np.broadcast_to(hi, self.mass.shape)

    def midpoints(self, full: bool = True) -> list[np.ndarray]:
        """Logit midpoint of every cell along every coordinate (see :meth:`cell_bounds`)."""
        return [(lo + hi) / 2 for lo, hi in (self.cell_bounds(k, full) for k in range(self.mass.ndim))]

    @cached_property
    def _binned(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        first = self.coordinates.names[0]
        out = {first: (self.edges[0], self.mass.sum(axis=tuple(range(1, self.mass.ndim))))}
        out.update(inner_marginals(self, tuple(n for n in self.names if n != first)))
        return {name: out[name] for name in self.names if name in out}

    def marginal_mass(self, name: str) -> np.ndarray:
        return self._binned[name][1]

    def logit_edges(self, name: str) -> np.ndarray:
        return self._binned[name][0]

    def cell_values(self, names: tuple[str, ...]) -> dict[str, np.ndarray]:
        """Probability-scale values of ``names`` at every cell's midpoint (each of mass's shape),
        from one evaluation of the coordinates' map."""
        return {n: expit(x) for n, x in self.cell_logits(names).items()}

    def cell_logits(self, names: tuple[str, ...]) -> dict[str, np.ndarray]:
        """Logits of ``names`` at every cell's midpoint (each of mass's shape, maybe a
        broadcast view), from one evaluation of the coordinates' map."""
        found = self.coordinates.parameters(self.midpoints(full=False))
        return {n: np.broadcast_to(found[n][0] - found[n][1], self.mass.shape) for n in names}

    def values_at(self, index: int, names: tuple[str, ...]) -> tuple[float, ...]:
        """Probability-scale values of ``names`` at the midpoint of the cell of flat ``index``."""
        cell = np.unravel_index(index, self.mass.shape)
        z = [np.atleast_1d(m[tuple(min(i, n - 1) for i, n in zip(cell, m.shape))])
             for m in self.midpoints(full=False)]
        found = self.coordinates.parameters(z)
        return tuple(float(expit(found[n][0] - found[n][1])[0]) for n in names)


# ------------------------------------------------------------------ building a grid
class PassCancelled(Exception):
    """A cancel noticed in the middle of a pass (the pass is dropped)."""


def checking(log_density, cancelled):
    """``log_density`` that first raises PassCancelled once ``cancelled()`` is true.

    A pass evaluates the density in chunks (scans, then the cells in pieces of
    CHUNK_POINTS), each a few tens of milliseconds, so a cancel stops a pass that
    would take a second within about that long."""
    def checked(z):
        if cancelled():
            raise PassCancelled
        return log_density(z)
    return checked


def posterior_on(coordinates, outer: np.ndarray, cells: tuple[int, ...],
                 previous: GridPosterior | None = None,
                 cancelled=lambda: False) -> GridPosterior:
    """The normalised nested-grid posterior: outermost cell edges ``outer``, then
    ``cells[k]`` cells per prefix at every level k >= 1, placed by scanning or, given a
    ``previous`` grid of the same posterior, by interpolating its placement (:func:`reuse`).
    Raises PassCancelled when ``cancelled()`` turns true meanwhile."""
    log_density = checking(coordinates.log_density, cancelled)
    d = len(coordinates.names)
    prefix = ((outer[1:] + outer[:-1]) / 2)[:, None]
    log_width = np.log(np.diff(outer))
    placed = reuse(previous, outer, cells) if previous is not None else None
    lead: tuple[int, ...]
    edges, lead = [outer], (len(outer) - 1,)
    for k in range(1, d):
        e = (placed[k - 1].reshape(-1, cells[k] + 1) if placed is not None
             else scan(log_density, d, prefix).cells(cells[k]))
        kinks = getattr(coordinates, "kinks", None)
        if kinks is not None:
            e = snap(e, kinks(k, prefix))
        edges.append(e.reshape(lead + (cells[k] + 1,)))
        lead += (cells[k],)
        mids = (e[:, 1:] + e[:, :-1]) / 2
        log_width = (log_width[:, None] + np.log(np.diff(e))).ravel()
        if k < d - 1:
            prefix = np.column_stack([np.repeat(prefix, cells[k], axis=0), mids.ravel()])
    lp = last_level(log_density, prefix, mids)
    top = float(lp.max())
    with np.errstate(under="ignore"):
        mass = np.exp(lp - top + log_width.reshape(lp.shape))
    mass /= mass.sum()
    mass = mass.reshape(lead)
    return GridPosterior(coordinates, tuple(edges), mass, top,
                         open_sides=open_faces(outer, mass.sum(axis=tuple(range(1, d)))))


def open_faces(outer: np.ndarray, marginal: np.ndarray) -> np.ndarray:
    """(2,): whether the outermost range cuts off mass on its low/high side.

    A side is open when the marginal density at its face (share of the mass
    per logit unit, extrapolated log-linearly from the two end cells) is
    above OPEN_DENSITY and the range does not yet reach LOGIT_LIMIT there.
    The range keeps all but TAIL = 1e-10 of the mass at either end
    (:func:`~.adaptive.adapted_edges`) and the logit tails of these
    posteriors fall at least as e^-|z|, so a trimmed face is not open. Judged
    by the largest point density of the end cell (within 18 nats of the
    peak), a thin region with almost no mass opened the trimmed face: the
    range was widened and trimmed back MAX_WIDENINGS times on weakly
    identified t (2-4 s of a 5 s grid).
    """
    width = np.diff(outer)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_dens = np.log(marginal / marginal.sum()) - np.log(width)
        if len(width) > 1:
            mid = (outer[1:] + outer[:-1]) / 2
            slopes = ((log_dens[1] - log_dens[0]) / (mid[1] - mid[0]),
                      (log_dens[-1] - log_dens[-2]) / (mid[-1] - mid[-2]))
            faces = (log_dens[0] - max(slopes[0], 0.0) * width[0] / 2,
                     log_dens[-1] + min(slopes[1], 0.0) * width[-1] / 2)
        else:
            faces = (log_dens[0], log_dens[-1])
    limit = np.log(OPEN_DENSITY)
    return np.array([bool(faces[0] > limit) and outer[0] > -LOGIT_LIMIT + 1e-9,
                     bool(faces[1] > limit) and outer[-1] < LOGIT_LIMIT - 1e-9])


def snap(edges: np.ndarray, kinks: np.ndarray | None) -> np.ndarray:
    """Per row, the interior edge nearest each kink (B, K) moved onto it.

    Where the density has a kink (its slope jumps), a cell straddling it
    loses the midpoint rule's second-order accuracy; with an edge on the kink
    each side is smooth. The nearest edge's neighbours bracket the kink, so
    the edges stay in order.
    """
    if kinks is None or edges.shape[1] < 3:
        return edges
    edges = edges.copy()
    rows = np.arange(len(edges))
    for kink in np.atleast_2d(kinks).T:
        inside = (kink > edges[:, 0]) & (kink < edges[:, -1])
        j = 1 + np.argmin(np.abs(edges[:, 1:-1] - kink[:, None]), axis=1)
        edges[rows[inside], j[inside]] = kink[inside]
    return edges


def _resample(rows: np.ndarray, n: int) -> np.ndarray:
    """Edges (..., m + 1) of a monotone placement resampled to n cells (same quantile map)."""
    m = rows.shape[-1] - 1
    pos = np.linspace(0.0, m, n + 1)
    i = np.minimum(pos.astype(int), m - 1)
    frac = pos - i
    return rows[..., i] * (1 - frac) + rows[..., i + 1] * frac


def _along(rows: np.ndarray, axis: int, pos: np.ndarray) -> np.ndarray:
    """Linear interpolation of ``rows`` along ``axis`` at fractional indices ``pos``.

    ``pos`` has the shape of rows' axes before ``axis`` (already the new
    cells) plus one new axis of any length, which replaces ``axis``.
    """
    n = rows.shape[axis]
    i = np.clip(np.floor(pos).astype(int), 0, max(n - 2, 0))
    frac = np.clip(pos - i, 0.0, 1.0) if n > 1 else np.zeros(pos.shape)
    lead = [np.arange(m).reshape((-1,) + (1,) * (pos.ndim - 1 - a))
            for a, m in enumerate(pos.shape[:-1])]
    lo = rows[tuple(lead) + (i,)]
    hi = rows[tuple(lead) + (np.minimum(i + 1, n - 1),)]
    frac = frac.reshape(frac.shape + (1,) * (lo.ndim - frac.ndim))
    return lo * (1 - frac) + hi * frac


def reuse(previous: GridPosterior, outer: np.ndarray, cells: tuple[int, ...]) -> list[np.ndarray]:
    """Placements of the inner levels for new outermost cells, from a previous grid.

    A level's cells are a monotone map from [0, 1] (the share of its cells)
    to the logit scale, found by scanning; it changes smoothly with the
    parents. So a finer pass need not scan again: the previous pass's maps
    are interpolated linearly between its neighbouring parent cells (the new
    parents' places measured in the previous cells' index) and resampled to
    the new number of cells. Scanning is most of a pass's work.
    """
    old = previous.edges[0]
    old_mid, new_mid = (old[1:] + old[:-1]) / 2, (outer[1:] + outer[:-1]) / 2
    positions = [np.interp(new_mid, old_mid, np.arange(len(old_mid)))]
    placed = []
    for k in range(1, len(previous.edges)):
        rows = previous.edges[k]
        for axis, pos in enumerate(positions):
            rows = _along(rows, axis, pos)
        e = _resample(rows, cells[k])
        placed.append(e)
        m_old = previous.edges[k].shape[-1] - 1
        share = np.clip((np.arange(cells[k]) + 0.5) / cells[k] * m_old - 0.5, 0.0, m_old - 1)
        positions.append(np.broadcast_to(share, e.shape[:-1] + (cells[k],)))
    return placed


def find_range(coordinates, cancelled=lambda: False) -> tuple[tuple[float, float], bool]:
    """Outermost logit range of the non-negligible integrated density, by zooming.

    Returns ((low, high), complete); complete is False when cancelled meanwhile.
    """
    lo, hi = -LOGIT_LIMIT, LOGIT_LIMIT
    d = len(coordinates.names)
    for _ in range(12):                       # zoom until the range stops shrinking
        e = uniform_edges(lo, hi, COARSE_POINTS)
        peak = scan(coordinates.log_density, d, ((e[1:] + e[:-1]) / 2)[:, None]).log_mass
        if cancelled():
            return (lo, hi), False
        hit = np.flatnonzero(peak > peak.max() - NEGLIGIBLE)
        width = e[1] - e[0]
        new = (max(-LOGIT_LIMIT, e[hit[0]] - width), min(LOGIT_LIMIT, e[hit[-1] + 1] + width))
        done = new[1] - new[0] > 0.7 * (hi - lo)
        lo, hi = new
        if done:
            break
    return (lo, hi), True


def _widened(edges: np.ndarray, sides: np.ndarray) -> np.ndarray:
    """``edges`` extended by equal cells on the open sides (half the span, at least 2 logits)."""
    reach = max((edges[-1] - edges[0]) / 2, 2.0)
    extra = max(4, len(edges) // 4)
    if sides[0]:
        lo = max(-LOGIT_LIMIT, edges[0] - reach)
        edges = np.concatenate([np.linspace(lo, edges[0], extra + 1)[:-1], edges])
    if sides[1]:
        hi = min(LOGIT_LIMIT, edges[-1] + reach)
        edges = np.concatenate([edges, np.linspace(edges[-1], hi, extra + 1)[1:]])
    return edges


def adaptive_grid(coordinates, schedule, tolerance: float = TOLERANCE,
                  cancelled=lambda: False, last_resort: tuple[int, ...] | None = None,
                  level: float = DEFAULT_LEVEL, start: GridPosterior | None = None
                  ) -> GridPosterior:
    """Refine until two successive resolutions of ``schedule`` (cells per level, per pass)
    agree to ``tolerance`` posterior sd (the HDI ends, at ``level``, see
    :func:`~.adaptive.settled`), or the schedule ends (then one ``last_resort`` pass
    more if they are still LAST_RESORT_ABOVE apart). ``cancelled()`` is checked between
    passes; when it turns true, the last finished pass is returned, complete False.

    ``start``: a grid of a nearly equal density (the ridge models' rough grid, the same
    posterior with a coarser table of g) to place the first pass's cells from, instead of
    finding the range and scanning afresh; its passes are not compared with this one's."""
    complete = True
    if start is None:
        (lo, hi), complete = find_range(coordinates, cancelled)
    sizes = list(schedule)
    post = start if start is not None else posterior_on(
        coordinates, uniform_edges(lo, hi, COARSE_POINTS), sizes[0])
    error, passes, widenings = float("inf"), 0, 0
    previous = None
    while sizes and complete:
        if cancelled():
            complete = False
            break
        outer = adapted_edges(post.edges[0], post.mass.sum(axis=tuple(range(1, post.mass.ndim))),
                              sizes[0][0])
        try:
            post = posterior_on(coordinates, outer, sizes[0],
                                post if passes >= REUSE_AFTER or start is not None else None,
                                cancelled)
            assert post.open_sides is not None      # posterior_on always sets it
            if post.open_sides.any() and widenings < MAX_WIDENINGS:
                widenings += 1
                post = posterior_on(coordinates, _widened(post.edges[0], post.open_sides),
                                    sizes[0], cancelled=cancelled)
                previous = None          # a different range: the next pass starts a new comparison
                continue
        except PassCancelled:            # keep the last finished pass
            complete = False
            break
        sizes.pop(0)
        passes += 1
        if previous is not None:
            if cancelled():                  # comparing takes a while too: not after a cancel
                complete = False
                break
            diffs = changes(post, previous, post.names, level)
            error = float(diffs.max()) * extrapolation(previous.points, post.points) \
                + FIGURE_ERROR
            if settled(diffs, tolerance):
                break
            if not sizes and last_resort and not settled(diffs, max(tolerance, LAST_RESORT_ABOVE)):
                sizes, last_resort = [last_resort], None
        previous = post
    return with_caches(post, replace(post, complete=complete, error=error, passes=passes))


def extrapolation(coarse: tuple[int, ...], fine: tuple[int, ...]) -> float:
    """How many times the change between two passes the finer pass's own error may be.

    The midpoint rule's error falls as the square of the cell width: with the
    cells of the least refined level multiplied by rho, a figure's error e
    after the finer pass and the change c between the passes satisfy
    e = c / (rho^2 - 1) (Richardson). With rho = 1.25 that is 1.8 c: stating
    the change alone understated the real error by up to 2.7x (issue 25).

    Parameters
    ----------
    coarse, fine : tuple of int
        Cells per level of the two passes.

    Returns
    -------
    float
        The factor, at least 1 (infinite when some level did not grow: then the change says
        nothing about that level's error).
    """
    rho = min(f / c for f, c in zip(fine, coarse))
    return float("inf") if rho <= 1.0 else max(1.0, 1.0 / (rho * rho - 1.0))


def with_caches(old: GridPosterior, new: GridPosterior) -> GridPosterior:
    """``new`` (a copy of ``old`` with other flags) given ``old``'s computed marginals.

    They depend only on the cells and their mass, and the last pass's were computed to
    compare it with the pass before: computing them again would take as long as that pass."""
    own = {f.name for f in fields(old)}
    new.__dict__.update({k: v for k, v in old.__dict__.items() if k not in own})
    return new


def grid_posterior(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
                   tolerance: float = TOLERANCE, schedule=None,
                   cancelled=lambda: False, level: float = DEFAULT_LEVEL):
    """Exact posterior of t-a-p or the expert model, its HDI ends settled at ``level``: by the
    Gauss rules on a box of :mod:`.box_rule` (a :class:`~.box_rule.BoxPosterior`), else the
    nested Gauss rules of :mod:`.gauss_rule` (a :class:`~.gauss_rule.GaussPosterior`), each
    where it can be trusted, else (and whenever a ``schedule`` is given) on the adaptive grid
    (:func:`adaptive_posterior`). A cancel during the rules gives the grid's cancelled answer
    (a coarse grid, complete False)."""
    if schedule is None:
        for rule in (box_posterior, gauss_posterior):
            try:
                attempt = rule(model, hist, priors, tolerance, cancelled, level)
            except RuleCancelled:
                break
            if attempt.posterior is not None:
                return attempt.posterior
    return adaptive_posterior(model, hist, priors, tolerance, schedule, cancelled, level)


def adaptive_posterior(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
                       tolerance: float = TOLERANCE, schedule=None,
                       cancelled=lambda: False, level: float = DEFAULT_LEVEL) -> GridPosterior:
    """Exact (grid) posterior of t-a-p or the expert model on the adaptive nested grid (see the
    module docstring), its HDI ends settled at ``level``."""
    coordinates = coordinates_for(model, hist, priors)
    dim = len(coordinates.names)
    return adaptive_grid(coordinates, schedule or SCHEDULE[dim], tolerance, cancelled,
                         None if schedule else LAST_RESORT.get(dim), level)
