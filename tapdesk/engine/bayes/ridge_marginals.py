"""Exact 1-D marginals and ridge joints of the ridge models' posteriors.

Every marginal here is a mixture of many small pieces, each uniform on an
interval of the logit scale: grid cells of t, q1, q0 (in two orientations,
see :mod:`.ridge_grid`), or, for a ridge parameter, the image of one fibre
cell of one (q1, q0) cell. :class:`BinnedMarginals` adds those pieces up
exactly on a fine logit partition (the CDF of a sum of uniform pieces is a
sum of ramps, accumulated with cumulative sums) and offers the interface of
:class:`~tapdesk.engine.bayes.grid.GridPosterior` that
:func:`~tapdesk.engine.bayes.summaries.summarise_grid` and
:func:`~tapdesk.engine.bayes.summaries.cdf_at` use, so the summaries are
computed exactly as for the t-a-p grid posterior.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from tapdesk.engine.bayes.posterior_result import DENSITY_BINS, JOINT_BINS, Density, JointDensity
from tapdesk.engine.bayes.ridge_fibres import (PROFILE_NEGLIGIBLE, PROFILE_NODES,
                                               Fibre, distinct_rows, fibre_log_weights,
                                               fibre_nodes)
from tapdesk.engine.bayes.ridge_grid import RidgeGrid
from tapdesk.engine.bayes.summaries import cdf_at
from tapdesk.engine.request import Prior

RIDGE_BINS = 3000
JOINT_POINTS = 64
CHUNK = 2048
TINY = 1e-14


def binned_pieces(lo: np.ndarray, hi: np.ndarray, mass: np.ndarray,
                  edges: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(edges, mass per bin) of a mixture of pieces uniform on [lo, hi] (logit scale).

    Without ``edges``: the union of the pieces' ends when there are few
    pieces (exact), else RIDGE_BINS equal bins over the pieces with mass.
    """
    keep = mass > TINY * mass.sum()
    lo, hi, mass = lo[keep], hi[keep], mass[keep]
    uniform = edges is None and lo.size > RIDGE_BINS
    if uniform:
        edges = np.linspace(lo.min(), hi.max(), RIDGE_BINS + 1)
    elif edges is None:
        edges = np.unique(np.concatenate([lo, hi]))
        # neighbouring cells' shared ends differ by rounding: one edge, not a sliver bin
        edges = edges[np.concatenate([[True], np.diff(edges) > 1e-9])]

    def count_le(x):            # number of edges <= x (searchsorted, side "right")
        if not uniform:
            return np.searchsorted(edges, x, side="right")
        step = (edges[-1] - edges[0]) / RIDGE_BINS
        return np.clip(np.floor((x - edges[0]) / step).astype(np.int64) + 1, 0, edges.size)
    width = hi - lo
    narrow = width <= 1e-12
    cdf = np.zeros(edges.size)
    # pieces of (almost) no width: point masses
    idx = count_le((lo[narrow] + hi[narrow]) / 2)
    cdf += np.cumsum(np.bincount(idx, mass[narrow], minlength=edges.size + 1))[:edges.size]
    # ramps: CDF(x) = sum_j c_j (x - s_j)_+ with c = +m/w at lo and -m/w at hi
    lo, hi, mass, width = lo[~narrow], hi[~narrow], mass[~narrow], width[~narrow]
    origin = edges[0]
    s = np.concatenate([lo, hi]) - origin
    c = np.concatenate([mass / width, -mass / width])
    idx = count_le(s + origin)
    slope = np.cumsum(np.bincount(idx, c, minlength=edges.size + 1))[:edges.size]
    offset = np.cumsum(np.bincount(idx, c * s, minlength=edges.size + 1))[:edges.size]
    cdf += (edges - origin) * slope - offset
    cdf = np.maximum.accumulate(np.clip(cdf, 0.0, None))
    return edges, np.diff(cdf)


class BinnedMarginals:
    """1-D marginals on logit partitions, with the query interface of GridPosterior."""

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self._edges: dict[str, np.ndarray] = {}
        self._mass: dict[str, np.ndarray] = {}

    def add(self, name: str, edges: np.ndarray, mass: np.ndarray) -> None:
        self.names += (name,)
        self._edges[name] = edges
        self._mass[name] = mass / mass.sum()

    def logit_edges(self, name: str) -> np.ndarray:
        return self._edges[name]

    def marginal_mass(self, name: str) -> np.ndarray:
        return self._mass[name]

    def _mid(self, name: str) -> np.ndarray:
        e = self._edges[name]
        return expit((e[1:] + e[:-1]) / 2)

    def marginal(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        edges = expit(self._edges[name])
        with np.errstate(divide="ignore", invalid="ignore"):
            dens = self._mass[name] / np.diff(edges)
        return self._mid(name), np.nan_to_num(dens, posinf=0.0)

    def mean(self, name: str) -> float:
        return float((self._mid(name) * self._mass[name]).sum())

    def sd(self, name: str) -> float:
        x, m = self._mid(name), self._mass[name]
        mu = (x * m).sum()
        return float(np.sqrt(max(((x - mu) ** 2 * m).sum(), 0.0)))

    def quantile(self, name: str, q) -> np.ndarray:
        edges = self._edges[name]
        cdf = np.concatenate([[0.0], np.cumsum(self._mass[name])])
        cdf /= cdf[-1]
        keep = np.concatenate([[True], np.diff(cdf) > 0])
        return expit(np.interp(q, cdf[keep], edges[keep]))

    def hdi(self, name: str, prob: float = 0.9) -> tuple[float, float]:
        lower = np.linspace(0.0, 1.0 - prob, 2001)
        lo, hi = self.quantile(name, lower), self.quantile(name, lower + prob)
        best = int(np.argmin(hi - lo))
        return float(lo[best]), float(hi[best])


def _fibre_pieces(fibre: Fibre, q1, q0, mass, priors: dict[str, Prior]):
    """{parameter: (logit low, logit high, mass)} of every fibre cell of the given q cells."""
    out = {name: ([], [], []) for name in fibre.params}
    q1, q0, mass, _ = distinct_rows(fibre, q1, q0, mass)
    for start in range(0, len(q1), CHUNK):
        part = slice(start, start + CHUNK)
        z, h, lw = fibre_nodes(fibre, q1[part], q0[part], priors, PROFILE_NODES, PROFILE_NEGLIGIBLE)
        cond = np.exp(lw - lw.max(axis=-1, keepdims=True))
        cond *= (mass[part] / cond.sum(axis=-1))[:, None]
        edges = np.concatenate([z - h / 2, z[..., -1:] + h / 2], axis=-1)
        _, values = fibre_log_weights(fibre, q1[part, None], q0[part, None], edges, priors)
        for name, (lx, l1x) in values.items():
            with np.errstate(invalid="ignore"):
                x = lx - l1x
            a, b = x[:, :-1], x[:, 1:]
            out[name][0].append(np.minimum(a, b).ravel())
            out[name][1].append(np.maximum(a, b).ravel())
            out[name][2].append(cond.ravel())
    return {name: tuple(np.concatenate(parts) for parts in lists) for name, lists in out.items()}


def exact_marginals(grid: RidgeGrid, fibres: tuple[Fibre, ...], priors: dict[str, Prior],
                    order: tuple[str, ...]) -> BinnedMarginals:
    """Exact marginals of t, q1, q0 and every ridge parameter, in ``order``."""
    pieces = {name: grid.pieces(name) for name in ("t", "q1", "q0")}
    q1, q0, mass = grid.q_cells()
    for fibre in fibres:
        pieces.update(_fibre_pieces(fibre, q1, q0, mass, priors))
    out = BinnedMarginals()
    for name in order:
        lo, hi, m = pieces[name]
        finite = np.isfinite(lo) & np.isfinite(hi)
        out.add(name, *binned_pieces(lo[finite], hi[finite], m[finite]))
    return out


def plot_range(post: BinnedMarginals, name: str) -> tuple[float, float]:
    lo, hi = (float(v) for v in post.quantile(name, [0.001, 0.999]))
    pad = max(hi - lo, 1e-6) * 0.05
    return max(0.0, lo - pad), min(1.0, hi + pad)


def marginal_densities(post: BinnedMarginals) -> tuple[Density, ...]:
    """Densities on equal bins of the plotting range, from the exact CDF."""
    out = []
    for name in post.names:
        edges = np.linspace(*plot_range(post, name), DENSITY_BINS + 1)
        mass = np.diff(cdf_at(post, name, edges))
        out.append(Density(name, (edges[1:] + edges[:-1]) / 2, mass / np.diff(edges)))
    return tuple(out)


def _stratified_points(fibre: Fibre, q1, q0, priors, k: int = JOINT_POINTS):
    """Per (q1, q0) cell, ``k`` equal-mass points of the fibre's conditional (at its quantiles).

    Equal-mass points sit where the mass is, so binning them gives a smooth
    joint density (node points would alias against the plot's bins).
    """
    z, h, lw = fibre_nodes(fibre, q1, q0, priors, PROFILE_NODES, PROFILE_NEGLIGIBLE)
    cell = np.exp(lw - lw.max(axis=-1, keepdims=True))
    cell /= cell.sum(axis=-1, keepdims=True)
    cum = np.cumsum(cell, axis=-1)
    rows = np.arange(len(q1))[:, None]
    # row r's points sit at quantiles (j + phase_r)/k with a golden-ratio phase: neighbouring
    # q cells have nearly the same conditional, and equal phases would pile their points up
    # at the same places (aliasing against the plot's bins at the 1/k mass scale)
    targets = (np.arange(k)[None, :] + (rows * 0.6180339887498949 + 0.5) % 1.0) / k
    # one searchsorted for all rows: offset row r's CDF and targets by 2 r
    flat = np.searchsorted((cum + 2 * rows).ravel(), (targets + 2 * rows).ravel())
    idx = np.minimum(flat.reshape(len(q1), k) - rows * z.shape[-1], z.shape[-1] - 1)
    before = np.take_along_axis(cum - cell, idx, axis=-1)
    share = np.take_along_axis(cell, idx, axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        frac = np.clip(np.nan_to_num((targets - before) / share, nan=0.5), 0.0, 1.0)
    where = np.take_along_axis(z, idx, axis=-1) + h * (frac - 0.5)
    _, values = fibre_log_weights(fibre, q1[:, None], q0[:, None], where, priors)
    return {n: np.exp(lx) for n, (lx, _) in values.items()}


def _bins(x: np.ndarray, rng: tuple[float, float]) -> np.ndarray:
    lo, hi = rng
    return np.clip(((x - lo) / max(hi - lo, 1e-12) * JOINT_BINS).astype(int), 0, JOINT_BINS - 1)


def ridge_joints(grid: RidgeGrid, fibres: tuple[Fibre, ...], priors: dict[str, Prior],
                 post: BinnedMarginals, pairs: list[tuple[str, str]]) -> tuple[JointDensity, ...]:
    """Joint densities (mass in JOINT_BINS x JOINT_BINS bins) of pairs of ridge parameters.

    Within one fibre the pair's values move together along it (its stratified
    points binned directly); parameters of different fibres (t-a0a1-p0p1) are
    independent given (q1, q0), so their joint is the mass-weighted sum over
    q cells of the product of the two conditional histograms.
    """
    q1, q0, mass = grid.q_cells(1e-6)
    ranges = {n: plot_range(post, n) for pair in pairs for n in pair}
    fibre_of = {n: i for i, f in enumerate(fibres) for n in f.params}
    points = []
    for f in fibres:                     # each fibre on its distinct rows, then back to all rows
        fq1, fq0, _, inverse = distinct_rows(f, q1, q0, mass)
        points.append({n: v[inverse] for n, v in _stratified_points(f, fq1, fq0, priors).items()})
    weight = np.repeat(mass / JOINT_POINTS, JOINT_POINTS)
    out = []
    for x, y in pairs:
        fx, fy = fibre_of[x], fibre_of[y]
        if fx == fy:
            vals = points[fx]
            flat = (_bins(vals[x], ranges[x]) * JOINT_BINS + _bins(vals[y], ranges[y])).ravel()
            joint = np.bincount(flat, weight, JOINT_BINS ** 2)
        else:
            hists = []
            for name, f in ((x, fx), (y, fy)):
                rows = np.repeat(np.arange(len(q1)), JOINT_POINTS)
                flat = rows * JOINT_BINS + _bins(points[f][name], ranges[name]).ravel()
                hists.append(np.bincount(flat, minlength=len(q1) * JOINT_BINS)
                             .reshape(len(q1), JOINT_BINS) / JOINT_POINTS)
            joint = (hists[0] * mass[:, None]).T @ hists[1]
        joint = joint.reshape(JOINT_BINS, JOINT_BINS)
        out.append(JointDensity(x, y, np.linspace(*ranges[x], JOINT_BINS + 1),
                                np.linspace(*ranges[y], JOINT_BINS + 1), joint / joint.sum()))
    return tuple(out)
