"""Exact 1-D marginals and ridge joints of the ridge models' posteriors.

Every marginal here is a mixture of many small pieces, each uniform on an
interval of the logit scale: grid cells of t, q1, q0 (in two orientations,
see :mod:`.ridge_grid`), or, for a ridge parameter, the image of one fibre
cell of one (q1, q0) cell. Those pieces are added up exactly on a fine logit
partition (the CDF of a sum of uniform pieces is a sum of ramps, accumulated
with cumulative sums), a chunk of (q1, q0) cells at a time
(:mod:`.ridge_pieces`: the pieces of all cells at once took 600 MB on
300 x 5 data and 1 GB on 100,000 x 10). :class:`BinnedMarginals` holds the
results and offers the interface of
:class:`~tapdesk.engine.bayes.grid.GridPosterior` that
:func:`~tapdesk.engine.bayes.summaries.summarise_grid` and
:func:`~tapdesk.engine.bayes.summaries.cdf_at` use, so the summaries are
computed exactly as for the t-a-p grid posterior.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tapdesk.engine.bayes.adaptive import Marginals
from tapdesk.engine.bayes.posterior_result import DENSITY_BINS, JOINT_BINS, Density, JointDensity
from tapdesk.engine.bayes.ridge_fibres import (
    PROFILE_NEGLIGIBLE,
    PROFILE_NODES,
    Fibre,
    distinct_rows,
    fibre_log_weights,
    fibre_nodes,
    fibre_window,
    window_nodes,
)
from tapdesk.engine.bayes.ridge_grid import MERGE_BELOW, RidgePosterior
from tapdesk.engine.bayes.ridge_pieces import PieceBins
from tapdesk.engine.bayes.summaries import cdf_at
from tapdesk.engine.request import Prior

if TYPE_CHECKING:
    from tapdesk.engine.bayes.ridge_box import RidgeBoxPosterior

JOINT_POINTS = 64
JOINT_Q_BINS = 96
"""(q1, q0) cells per axis for the joint plots: a 40 x 40 picture needs far fewer than the
marginals' Q_BINS (with those, the joints took as long as everything else together)."""
CHUNK = 1024
"""(q1, q0) cells whose fibre pieces are made at once: a few arrays of CHUNK x PROFILE_NODES."""
RANGE_PAD = 1e-9
"""The fine bins reach this far (relative) beyond the pieces' range (rounding of the ends)."""


class BinnedMarginals(Marginals):
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


def _chunks(n: int, chunk: int):
    return (slice(start, start + chunk) for start in range(0, n, chunk))


def _fibre_rows(post: RidgePosterior | RidgeBoxPosterior, fibre: Fibre, merge_below: float
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(q1, q0, mass) of the (q1, q0) cells the fibre is integrated on: the 2-D
    :meth:`~.RidgePosterior.q_cells`, or, for a fibre of q1 or q0 alone, the 1-D
    :meth:`~.RidgePosterior.axis_cells` (the other coordinate is not read)."""
    if fibre.depends == "both":
        return post.q_cells(merge_below=merge_below)
    values, mass = post.axis_cells(fibre.depends)
    other = np.full(len(values), 0.5)
    return (values, other, mass) if fibre.depends == "q1" else (other, values, mass)


def _ranges(fibre: Fibre, q1, q0, priors: dict[str, Prior], chunk: int):
    """The fibres' windows (low end, cell width; one row per (q1, q0) cell) and every
    parameter's (lowest, highest) logit over them: along a fibre each parameter is monotone,
    so its extremes are at the windows' ends."""
    windows: list[tuple[np.ndarray, np.ndarray]] = []
    low: dict[str, float] = {}
    high: dict[str, float] = {}
    for part in _chunks(len(q1), chunk):
        lo, h = fibre_window(fibre, q1[part], q0[part], priors, PROFILE_NODES, PROFILE_NEGLIGIBLE)
        windows.append((lo, h))
        ends = np.concatenate([lo, lo + PROFILE_NODES * h], axis=-1)
        _, values = fibre_log_weights(fibre, q1[part, None], q0[part, None], ends, priors)
        for name, (lx, l1x) in values.items():
            with np.errstate(invalid="ignore"):
                x = (lx - l1x)[np.isfinite(lx - l1x)]
            if x.size:
                low[name] = min(low.get(name, np.inf), float(x.min()))
                high[name] = max(high.get(name, -np.inf), float(x.max()))
    lo, h = (np.concatenate(a) for a in zip(*windows))
    return lo, h, low, high


def fibre_marginals(fibre: Fibre, q1, q0, mass, priors: dict[str, Prior],
                    chunk: int = CHUNK) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{parameter: (logit edges, mass per bin)} of the fibre's parameters: the mixture over
    the (q1, q0) cells of the conditional along each fibre, every fine fibre cell a piece
    uniform between the parameter's values at its two ends.

    The pieces are made and binned ``chunk`` cells at a time (:class:`.PieceBins`), so
    memory does not grow with the number of cells, and the result does not depend on
    ``chunk``.
    """
    lo, h, low, high = _ranges(fibre, q1, q0, priors, chunk)
    pad = {n: RANGE_PAD * (1 + max(abs(low[n]), abs(high[n]))) for n in low}
    bins = {n: PieceBins(low[n] - pad[n], high[n] + pad[n], float(mass.sum())) for n in low}
    for part in _chunks(len(q1), chunk):
        z = window_nodes(lo[part], h[part], PROFILE_NODES)
        lw, _ = fibre_log_weights(fibre, q1[part, None], q0[part, None], z, priors)
        cond = np.exp(lw - lw.max(axis=-1, keepdims=True))
        cond *= (mass[part] / cond.sum(axis=-1))[:, None]
        edges = np.concatenate([z - h[part] / 2, z[..., -1:] + h[part] / 2], axis=-1)
        _, values = fibre_log_weights(fibre, q1[part, None], q0[part, None], edges, priors)
        for name, (lx, l1x) in values.items():
            if name not in bins:
                continue
            with np.errstate(invalid="ignore"):
                x = lx - l1x
            bins[name].add_rows(x, cond)
    return {name: b.marginal() for name, b in bins.items()}


def exact_marginals(post: RidgePosterior | RidgeBoxPosterior, fibres: tuple[Fibre, ...],
                    priors: dict[str, Prior], order: tuple[str, ...], merge_below: float = MERGE_BELOW,
                    chunk: int = CHUNK) -> BinnedMarginals:
    """Exact marginals of t, q1, q0 (from the grid) and every ridge parameter, in ``order``.

    ``merge_below``: see :meth:`RidgePosterior.q_cells` (0 keeps every (q1, q0) bin apart);
    ``chunk``: (q1, q0) cells integrated at once (:func:`fibre_marginals`).
    """
    ridge = {}
    for fibre in fibres:
        ridge.update(fibre_marginals(fibre, *_fibre_rows(post, fibre, merge_below), priors, chunk))
    out = BinnedMarginals()
    for name in order:
        if name in ("t", "q1", "q0"):
            out.add(name, post.grid.logit_edges(name), post.grid.marginal_mass(name))
        else:
            out.add(name, *ridge[name])
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


def ridge_joints(grid: RidgePosterior | RidgeBoxPosterior, fibres: tuple[Fibre, ...],
                 priors: dict[str, Prior], post: BinnedMarginals,
                 pairs: list[tuple[str, str]]) -> tuple[JointDensity, ...]:
    """Joint densities (mass in JOINT_BINS x JOINT_BINS bins) of pairs of ridge parameters.

    Within one fibre the pair's values move together along it (its stratified
    points binned directly); parameters of different fibres (t-a0a1-p0p1) are
    independent given (q1, q0), so their joint is the mass-weighted sum over
    q cells of the product of the two conditional histograms.
    """
    q1, q0, mass = grid.q_cells(1e-6, JOINT_Q_BINS)
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
            for name, i in ((x, fx), (y, fy)):
                rows = np.repeat(np.arange(len(q1)), JOINT_POINTS)
                flat = rows * JOINT_BINS + _bins(points[i][name], ranges[name]).ravel()
                hists.append(np.bincount(flat, minlength=len(q1) * JOINT_BINS)
                             .reshape(len(q1), JOINT_BINS) / JOINT_POINTS)
            joint = (hists[0] * mass[:, None]).T @ hists[1]
        joint = joint.reshape(JOINT_BINS, JOINT_BINS)
        out.append(JointDensity(x, y, np.linspace(*ranges[x], JOINT_BINS + 1),
                                np.linspace(*ranges[y], JOINT_BINS + 1), joint / joint.sum()))
    return tuple(out)
