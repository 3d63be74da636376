"""Posterior summaries of one parameter: moments, quantiles, HDI (at the request's level), modes.

Modes (issue 11: report several only when they are real). The marginal is
binned on MODE_BINS equal bins of its own range (from 0.05% below its 0.05%
quantile to above its 99.95% one, so the bins follow its scale), smoothed by
a Gaussian of MODE_SMOOTH bins, and padded with an empty bin at each end (so
mass piled against 0 or 1 is a peak). A peak is a mode when the valley on the
way to any higher peak is at most 70% of its height (prominence >= 30%) and
its bump (between the valleys) holds at least MODE_MASS of the mass; each
mode is reported with its bump's mass. For the exact posteriors the bins'
masses come from the exact CDF. For draws they come from a histogram, whose
bins are noisy: there the dip must also exceed NOISE_Z standard deviations
of the smoothed histogram's sampling noise at the peak and at the dip
(computed from the parameter's effective sample size), so the same
threshold serves both (a two-peaked marginal is reported by the exact
method and by its draws alike), and a short run does not turn noise into a
peak.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from tapdesk.engine.bayes.adaptive import HDI_FLAT
from tapdesk.engine.bayes.diagnostics import Diagnostics, diagnose
from tapdesk.engine.words import level_percent

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
DEFAULT_LEVEL = 0.95
"""The credible level when none is asked for (FitRequest.level's default)."""
MODE_BINS = 80
MODE_SMOOTH = 1.5
MODE_PROMINENCE = 0.3
"""A peak must stand this share of its height above the dip to its neighbour (a dip to 70% of
the lower peak separates two)."""
NOISE_Z = 3.0
"""Draws: the dip must also exceed this many standard deviations of the histogram's noise."""
MODE_MASS = 0.05
REGION_BINS = {"grid": 400, "draws": 160}
"""Equal bins over a multimodal marginal's range on which its highest-density region is read
(exact mass for a grid; a histogram of the draws)."""


@dataclass(frozen=True)
class ParameterSummary:
    """Everything reported about one parameter's marginal posterior."""

    name: str
    mean: float
    sd: float
    quantiles: tuple[float, ...]          # at QUANTILES
    hdi: tuple[float, float]
    """The shortest interval holding ``level`` of the mass (the highest-density interval)."""
    modes: tuple[float, ...]
    diagnostics: Diagnostics | None = None
    mode_masses: tuple[float, ...] = ()
    """Share of the mass in each mode's bump (same order as ``modes``)."""
    level: float = DEFAULT_LEVEL
    """The credible level of ``hdi`` (0.95: a 95% interval)."""
    hdr: tuple[tuple[float, float], ...] = ()
    """The highest-density region at ``level`` as its pieces, lowest first: one piece (``hdi``)
    unless the marginal has separated peaks and the region between them falls below the
    density the region needs (then ``hdi`` is only the shortest single interval)."""

    undetermined: bool = False
    """The marginal is so flat that every interval holding ``level`` of it is nearly as short
    as the shortest (:data:`~.adaptive.HDI_FLAT`): where ``hdi`` lies is not determined."""

    @property
    def disjoint(self) -> bool:
        """Whether the highest-density region is several pieces."""
        return len(self.hdr) > 1

    @property
    def multimodal(self) -> bool:
        return len(self.modes) > 1

    def to_dict(self) -> dict:
        q = self.quantiles
        d = self.diagnostics
        return {"mean": self.mean, "sd": self.sd, "q05": q[0], "q25": q[1], "q50": q[2],
                "q75": q[3], "q95": q[4], "level": self.level, "hdi": list(self.hdi),
                "hdr": [list(piece) for piece in self.hdr or (self.hdi,)],
                "hdi_undetermined": self.undetermined, "modes": list(self.modes),
                "mode_masses": list(self.mode_masses),
                "multimodal": self.multimodal,
                "rhat": d.rhat if d else None, "ess_bulk": d.ess_bulk if d else None,
                "ess_tail": d.ess_tail if d else None, "mcse_mean": d.mcse_mean if d else None}


level_text = level_percent
"""A level as a percent ("95%", "97.5%"): the words module's one rule."""


def hdi_from_draws(x: np.ndarray, prob: float = DEFAULT_LEVEL) -> tuple[float, float]:
    """Shortest interval holding ``prob`` of the draws (as ``arviz.hdi``)."""
    return hdi_from_sorted(np.sort(np.ravel(x)), prob)


def hdi_from_sorted(ordered: np.ndarray, prob: float = DEFAULT_LEVEL) -> tuple[float, float]:
    """:func:`hdi_from_draws` of draws already sorted."""
    n = ordered.size
    inc = int(np.floor(prob * n))
    widths = ordered[inc:] - ordered[:n - inc]
    i = int(np.argmin(widths))
    return float(ordered[i]), float(ordered[i + inc])


def mode_range(quantile) -> tuple[float, float]:
    """The binning range of a marginal: its 0.05%-99.95% range, padded by 5% (within [0, 1] for
    a probability; a quantity beyond 0 or 1, such as an effect on the log-odds, is not cut)."""
    lo, hi = (float(v) for v in quantile(np.array([0.0005, 0.9995])))
    return padded(lo, hi, max(hi - lo, 1e-9) * 0.05)


def padded(lo: float, hi: float, pad: float) -> tuple[float, float]:
    """(lo - pad, hi + pad), kept within [0, 1] on the side where the values are."""
    return (max(0.0, lo - pad) if lo >= 0 else lo - pad,
            min(1.0, hi + pad) if hi <= 1 else hi + pad)


def find_modes(edges: np.ndarray, mass: np.ndarray, effective_n: float | None = None
               ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(mode locations, their masses), highest peak first, of binned mass on ``edges``.

    ``effective_n``: the binned mass is a histogram of draws worth this many
    independent ones (None: exact mass, no noise). A mode's mass is what lies
    between the lowest points separating it from its neighbouring modes (so
    the masses add up to 1).
    """
    share = mass / mass.sum()
    smooth = gaussian_filter1d(share, MODE_SMOOTH, mode="constant")
    noise = np.zeros_like(smooth)
    if effective_n:
        # Poisson noise of each bin's share, var = share / n, through the smoothing kernel:
        # sum of squared Gaussian weights = a Gaussian of sigma / sqrt 2, over 2 sqrt(pi) sigma
        var = gaussian_filter1d(share, MODE_SMOOTH / np.sqrt(2), mode="constant")
        noise = np.sqrt(np.maximum(var, 0.0) / (2 * np.sqrt(np.pi) * MODE_SMOOTH * effective_n))
    padded = np.concatenate([[0.0], smooth, [0.0]])
    sd = np.concatenate([[0.0], noise, [0.0]])
    peaks, prominences, left_bases, right_bases = find_peaks(padded)
    real = [int(peak) - 1 for peak, prom, left, right in
            zip(peaks, prominences, left_bases, right_bases)
            if padded[peak] > 0 and prom >= MODE_PROMINENCE * padded[peak]
            + NOISE_Z * np.hypot(sd[peak], sd[_dip(padded, peak, left, right)])
            and padded[left:right + 1].sum() >= MODE_MASS * padded.sum()]
    centres = (edges[1:] + edges[:-1]) / 2
    if len(real) < 2:
        best = real[0] if real else int(np.argmax(smooth))
        return (float(centres[best]),), (1.0,)
    real.sort()
    cuts = [0] + [a + int(np.argmin(smooth[a:b + 1])) for a, b in zip(real[:-1], real[1:])] \
        + [len(smooth)]
    share = smooth / smooth.sum()
    masses = [float(share[lo:hi].sum()) for lo, hi in zip(cuts[:-1], cuts[1:])]
    order = sorted(range(len(real)), key=lambda i: -smooth[real[i]])
    return tuple(float(centres[real[i]]) for i in order), tuple(masses[i] for i in order)


def gaussian_filter1d(x: np.ndarray, sigma: float, mode: str = "constant") -> np.ndarray:
    """``scipy.ndimage.gaussian_filter1d(x, sigma, mode=mode)`` for mode "constant" (zeros
    beyond the ends), "nearest" (the end values repeated) or "reflect" (mirrored about the
    ends, the end sample included): the normalised Gaussian kernel
    truncated at 4 sigma, as scipy's, here so that a summary does not import scipy.ndimage
    (tests/engine/bayes/test_exact_peaks.py compares the numbers).

    Parameters
    ----------
    x : numpy.ndarray
        The values, 1-D.
    sigma : float
        The kernel's standard deviation, in samples.
    mode : str
        "constant", "nearest" or "reflect".

    Returns
    -------
    numpy.ndarray
        The smoothed values, of x's length.
    """
    radius = int(4.0 * sigma + 0.5)
    offsets = np.arange(-radius, radius + 1)
    kernel = np.exp(-0.5 * (offsets / sigma) ** 2)
    kernel /= kernel.sum()
    padded = np.pad(np.asarray(x, dtype=float), radius, mode=PAD_MODES[mode])
    return np.convolve(padded, kernel[::-1], mode="valid")


PAD_MODES: dict[str, Literal["constant", "edge", "symmetric"]] = {
    "constant": "constant", "nearest": "edge", "reflect": "symmetric"}
"""scipy.ndimage's boundary modes as numpy.pad's (scipy's "reflect" repeats the end sample)."""


def find_peaks(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(peaks, prominences, left bases, right bases) of ``x``: what
    ``scipy.signal.find_peaks(x, prominence=0.0, plateau_size=(1, None))`` finds, here so that a
    summary does not import scipy.signal (0.3 s or more of a command line's start; the
    numbers are scipy's, tests/engine/bayes/test_exact_peaks.py compares).

    A peak is a sample higher than its neighbours, or the middle (rounded down) of a plateau
    higher than the samples on either side of it; the ends are never peaks. Its bases are the
    lowest samples (the nearest, of equal ones) between it and the first higher sample on
    either side (or the end), and its prominence is its height above the higher base.

    Parameters
    ----------
    x : numpy.ndarray
        The values, 1-D.

    Returns
    -------
    tuple of numpy.ndarray
        Peak indices, their prominences, left and right bases (indices).
    """
    x = np.asarray(x, dtype=float)
    peaks = []
    i, last = 1, len(x) - 1
    while i < last:
        if x[i - 1] < x[i]:
            ahead = i + 1
            while ahead < last and x[ahead] == x[i]:
                ahead += 1
            if x[ahead] < x[i]:
                peaks.append((i + ahead - 1) // 2)
                i = ahead
        i += 1
    prominences, lefts, rights = [], [], []
    for peak in peaks:
        left_min, left, j = x[peak], peak, peak
        while j >= 0 and x[j] <= x[peak]:
            if x[j] < left_min:
                left_min, left = x[j], j
            j -= 1
        right_min, right, j = x[peak], peak, peak
        while j <= last and x[j] <= x[peak]:
            if x[j] < right_min:
                right_min, right = x[j], j
            j += 1
        prominences.append(x[peak] - max(left_min, right_min))
        lefts.append(left)
        rights.append(right)
    return (np.array(peaks, dtype=np.intp), np.array(prominences), np.array(lefts, dtype=np.intp),
            np.array(rights, dtype=np.intp))


def _dip(padded: np.ndarray, peak: int, left: int, right: int) -> int:
    """The bin of the dip that sets ``peak``'s prominence: the higher of the lowest points
    between it and its left and right bases."""
    lo_left = left + int(np.argmin(padded[left:peak + 1]))
    lo_right = peak + int(np.argmin(padded[peak:right + 1]))
    return lo_left if padded[lo_left] >= padded[lo_right] else lo_right


def summarise_draws(name: str, draws: np.ndarray, level: float = DEFAULT_LEVEL
                    ) -> ParameterSummary:
    """Summary of one parameter from draws (chains, draws), its HDI at ``level``."""
    draws = np.atleast_2d(draws)
    x = draws.ravel()
    ordered = np.sort(x)          # sorted once: quantiles, the HDI and the diagnostics share it
    lo, hi = mode_range(lambda q: np.quantile(ordered, q))
    edges = np.linspace(lo, hi, MODE_BINS + 1)
    counts = np.histogram(np.clip(x, lo, hi), bins=edges)[0].astype(float)
    diagnostics = diagnose(draws, ordered)
    effective = min(x.size, diagnostics.ess_bulk) if np.isfinite(diagnostics.ess_bulk) else x.size
    modes, masses = find_modes(edges, counts, max(effective, 1.0))
    hdi = hdi_from_sorted(ordered, level)
    inc = int(np.floor(level * ordered.size))
    widths = ordered[inc:] - ordered[:ordered.size - inc]
    flat = bool((widths.max() - widths.min()) < HDI_FLAT * max(float(x.std(ddof=1)), 1e-300))
    region: tuple[tuple[float, float], ...] = (hdi,)
    if len(modes) > 1:
        fine = np.linspace(lo, hi, REGION_BINS["draws"] + 1)
        region = highest_density_region(fine, np.histogram(np.clip(x, lo, hi), bins=fine)[0],
                                        level, modes) or region
    return ParameterSummary(name, float(x.mean()), float(x.std(ddof=1)),
                            tuple(float(v) for v in np.quantile(ordered, QUANTILES)),
                            hdi, modes, diagnostics, masses, level, region, flat)


def summarise_grid(name: str, grid, level: float = DEFAULT_LEVEL) -> ParameterSummary:
    """Summary of one parameter from an exact grid posterior (see :mod:`.adaptive`), its HDI at
    ``level``."""
    lo, hi = mode_range(lambda q: grid.quantile(name, q))
    edges = np.linspace(lo, hi, MODE_BINS + 1)
    modes, masses = find_modes(edges, np.diff(cdf_at(grid, name, edges)))
    hdi = grid.hdi(name, level)
    region: tuple[tuple[float, float], ...] = (hdi,)
    if len(modes) > 1:
        fine = np.linspace(lo, hi, REGION_BINS["grid"] + 1)
        region = highest_density_region(fine, np.diff(cdf_at(grid, name, fine)), level,
                                        modes) or region
    return ParameterSummary(name, grid.mean(name), grid.sd(name),
                            tuple(float(v) for v in grid.quantile(name, QUANTILES)),
                            hdi, modes, None, masses, level, region,
                            grid.hdi_slack(name, level) < HDI_FLAT)


def highest_density_region(edges: np.ndarray, mass: np.ndarray, level: float,
                           modes: tuple[float, ...]) -> tuple[tuple[float, float], ...]:
    """The pieces of the highest-density region of binned mass, or () when it is one piece.

    The region is where the density (the bins' mass, lightly smoothed as for
    the modes) is above the height c at which it holds ``level`` of the mass.
    Each piece is grown from one of the ``modes`` outwards, within its basin
    (up to the lowest points towards the neighbouring modes), until the density
    first falls below c; so a flat stretch whose noise dips around c does not
    break the region into slivers, and there are at most as many pieces as
    modes. Pieces that meet at a basin's edge are one.

    Parameters
    ----------
    edges : numpy.ndarray
        Equal bin edges on the probability scale, increasing.
    mass : numpy.ndarray
        The mass (or count) in each bin.
    level : float
        The share of the mass the region holds.
    modes : tuple of float
        The marginal's mode locations (:func:`find_modes`).

    Returns
    -------
    tuple of (float, float)
        The pieces' (low, high) ends, lowest first; () when the region is one piece (then the
        shortest interval, computed more precisely elsewhere, is the region).
    """
    share = gaussian_filter1d(np.asarray(mass, float), MODE_SMOOTH, mode="nearest")
    share /= share.sum()
    peaks = _peak_bins(share, edges, modes)
    if len(peaks) < 2:
        return ()
    cuts = [0] + [a + int(np.argmin(share[a:b + 1])) for a, b in zip(peaks[:-1], peaks[1:])] \
        + [share.size - 1]
    basins = [(max(cuts[i] + (i > 0), 0), cuts[i + 1]) for i in range(len(peaks))]
    lo, hi = 0.0, float(share.max())
    for _ in range(60):                       # bisection on the height c
        mid = (lo + hi) / 2
        pieces = _pieces_at(share, peaks, basins, mid)
        held = sum(share[a:b + 1].sum() for a, b in pieces)
        lo, hi = (mid, hi) if held >= level else (lo, mid)
    pieces = _closed(_pieces_at(share, peaks, basins, lo), 0)
    if len(pieces) < 2:
        return ()
    return tuple((float(edges[a]), float(edges[b + 1])) for a, b in pieces)


def _peak_bins(share: np.ndarray, edges: np.ndarray, modes: tuple[float, ...]) -> list[int]:
    """The bins of the ``modes`` (each moved to the highest bin within 3 of it), sorted,
    without repeats."""
    out = set()
    for m in modes:
        at = int(np.clip(np.searchsorted(edges, m) - 1, 0, share.size - 1))
        a, b = max(at - 3, 0), min(at + 4, share.size)
        out.add(a + int(np.argmax(share[a:b])))
    return sorted(out)


def _pieces_at(share: np.ndarray, peaks: list[int], basins: list[tuple[int, int]],
               height: float) -> list[tuple[int, int]]:
    """Per peak, the bins around it (within its basin) down to the first one below ``height``."""
    pieces = []
    for peak, (first, last) in zip(peaks, basins):
        if share[peak] < height:
            continue
        left = peak
        while left > first and share[left - 1] >= height:
            left -= 1
        right = peak
        while right < last and share[right + 1] >= height:
            right += 1
        pieces.append((left, right))
    return pieces


def _closed(runs: list[tuple[int, int]], gap: int) -> list[tuple[int, int]]:
    """``runs`` (sorted) with those separated by at most ``gap`` bins joined."""
    out: list[tuple[int, int]] = []
    for first, last in runs:
        if out and first - out[-1][1] - 1 <= gap:
            out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out


def cdf_at(grid, name: str, points: np.ndarray) -> np.ndarray:
    """The exact marginal CDF of ``name`` at probability-scale points."""
    from scipy.special import logit
    edges = grid.logit_edges(name)
    cum = np.concatenate([[0.0], np.cumsum(grid.marginal_mass(name))])
    with np.errstate(divide="ignore"):
        where = logit(np.clip(points, 0, 1))
    return np.interp(where, edges, cum / cum[-1], left=0.0, right=1.0)
