"""Exact posterior of (t, q1, q0) for the ridge models, on the nested (t, r, u) grid.

The density is pi(t) L(t, q1, q0) g(q1, q0) (see :mod:`.ridge_fibres`): the
same shape as t-a-p's in mixture coordinates, with g the prior mass of the
fibre through (q1, q0) instead of t-a-p's pi(a) pi(p) / (1 - a). So the
ridge models use t-a-p's grid (:mod:`.grid`, :class:`.MixtureCoordinates`),
weak data included. t-a-p0p1 and t-a0a1-p0p1 also allow q1 < q0 (the
classes read the other way round, with accuracy near 0): their segment of
d = q1 - q0 reaches below 0, so both readings are on one grid and the
swapped one gets the weight its prior gives it.

g needs a one-dimensional integral per (q1, q0) (:func:`.log_fibre_mass`),
too slow at the millions of points a grid evaluates, so it is tabulated on
the logit (q1, q0) plane and interpolated bilinearly (in g itself, which is
linear in the logits near q1 = q0 where the fibre of t-a0a1-p closes): a
coarse table over [-30, 30]^2, then a fine one over the region where a first
rough grid puts the mass. The interpolation error is checked by comparing
with the exact g at the fine table's midpoints (:attr:`FibreTable.error`).
The samplers use the exact g.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
from scipy.special import expit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.coordinates import LogPair, MixtureCoordinates
from tapdesk.engine.bayes.grid import LAST_RESORT, SCHEDULE, GridPosterior, adaptive_grid
from tapdesk.engine.bayes.ridge_fibres import COARSE_NODES, INTEGRAL_NODES, Fibre, log_fibre_mass
from tapdesk.engine.request import Prior

SWAPPING = ("tap-p0p1", "tap-a0a1-p0p1")
PARAMETER_CHUNK = 250_000
"""Cells whose parameters :meth:`RidgeCoordinates.parameters` computes at once."""
TABLE_CHUNK = 250_000
"""Fibre nodes integrated at once when a table is made (see :func:`table_log_g`)."""
COARSE_TABLE = 121
FINE_TABLE = 161
Q_BINS = 320
"""(q1, q0) cells for the ridge parameters' marginals: mass binned on this many logit bins per
axis, each at its mass-weighted centre (the box rule's node pairs, :mod:`.ridge_box`)."""
GRID_Q_BINS = 192
"""The same for a grid's cells (a grid has hundreds of thousands). The fibre integrals along the
bins are most of the marginals' time (in proportion to the bins that hold mass); against 640
bins per axis, the figures (mean, sd, quantiles, HDI ends) of every ridge parameter moved at
most 0.0015 sd with 192 (t-a-p0p1, 300 x 5 expected counts; 0.0010 sd t-a0a1-p on 100,000 x 10)
and 0.0007 sd with 320, which took 2.3x as long (issue 29)."""
MERGE = 4
MERGE_BELOW = 1e-4
"""Bins holding less than this share of the heaviest bin's mass are merged in MERGE x MERGE
blocks: most bins lie in the tails of the (q1, q0) posterior, where coarser cells cost
nothing in accuracy (their error is second order in the cell size times their small mass)."""


def table_log_g(fibres: tuple[Fibre, ...], priors: dict[str, Prior], x1: np.ndarray,
                x0: np.ndarray) -> np.ndarray:
    """log g at every (x1[i], x0[j]) of two logit axes.

    Fibres that depend on one coordinate are integrated once per value of it
    (:meth:`.Fibre.reads`); one that depends on both, in blocks of rows of
    TABLE_CHUNK fibre nodes at most (all rows at once held a dozen arrays of
    rows x columns x nodes: 330 MB for the fine table). Every cell's number is
    the one :func:`.log_fibre_mass` gives it alone.
    """
    q1, q0 = expit(x1)[:, None], expit(x0)[None, :]
    out = np.empty((len(x1), len(x0)))
    rows = len(x1)
    if any(f.depends == "both" for f in fibres):
        rows = max(1, TABLE_CHUNK // (len(x0) * (INTEGRAL_NODES + COARSE_NODES)))
    for start in range(0, len(x1), rows):
        part = slice(start, start + rows)
        out[part] = log_fibre_mass(fibres, q1[part], q0, priors)
    return out


class FibreTable:
    """g(q1, q0) tabulated on logit axes, interpolated bilinearly; a finer table can overlay."""

    def __init__(self, fibres: tuple[Fibre, ...], priors: dict[str, Prior],
                 x1: np.ndarray, x0: np.ndarray, under: FibreTable | None = None) -> None:
        self.x1, self.x0, self.under = x1, x0, under
        log_g = table_log_g(fibres, priors, x1, x0)
        self.scale = float(np.max(log_g[np.isfinite(log_g)]))
        self.g = np.exp(log_g - self.scale)

    def log_g(self, lx1: np.ndarray, lx0: np.ndarray) -> np.ndarray:
        """log g at logit points (broadcastable arrays)."""
        lx1, lx0 = np.broadcast_arrays(lx1, lx0)
        out = np.asarray(self._interpolate(lx1, lx0))
        if self.under is not None:
            outside = ~((lx1 >= self.x1[0]) & (lx1 <= self.x1[-1])
                        & (lx0 >= self.x0[0]) & (lx0 <= self.x0[-1]))
            if outside.any():                    # the coarse table only where this one ends
                out[outside] = self.under.log_g(lx1[outside], lx0[outside])
        return out

    def _interpolate(self, lx1: np.ndarray, lx0: np.ndarray) -> np.ndarray:
        h1, h0 = self.x1[1] - self.x1[0], self.x0[1] - self.x0[0]
        f1 = np.clip((lx1 - self.x1[0]) / h1, 0.0, len(self.x1) - 1.000001)
        f0 = np.clip((lx0 - self.x0[0]) / h0, 0.0, len(self.x0) - 1.000001)
        i, j = f1.astype(np.intp), f0.astype(np.intp)
        a, b = f1 - i, f0 - j
        stride = self.g.shape[1]
        k = i * stride + j                       # flat indices: one gather per corner
        g = self.g.ravel()
        value = ((1 - a) * ((1 - b) * g[k] + b * g[k + 1])
                 + a * ((1 - b) * g[k + stride] + b * g[k + stride + 1]))
        with np.errstate(divide="ignore"):
            return np.log(value) + self.scale


def ridge_log_g(table: FibreTable):
    def log_g(q1: LogPair, q0: LogPair, log_d):
        return table.log_g(q1[0] - q1[1], q0[0] - q0[1]), {}
    return log_g


@dataclass(frozen=True)
class RidgeCoordinates(MixtureCoordinates):
    """The (t, r, u) coordinates of a ridge model. Its log g reports no parameter of its own,
    so :meth:`parameters` does not look g up (the grid asks for the parameters of every cell
    of a pass, as often as for the density), and works through the cells in blocks along the
    first axis: all at once held some thirty arrays of the grid's size (500 MB on
    100,000 x 10 data). The same numbers either way."""

    def parameters(self, z: list[np.ndarray]) -> dict[str, LogPair]:
        shape = np.broadcast_shapes(*(np.shape(a) for a in z))
        if not shape or any(np.ndim(a) < len(shape) for a in z):
            return self._identified(z)           # (blocks need every array's first axis)
        rows = max(1, PARAMETER_CHUNK // max(1, int(np.prod(shape[1:]))))
        out: dict[str, LogPair] = {}
        for start in range(0, shape[0], rows):
            part = [a[start:start + rows] if np.ndim(a) == len(shape) and np.shape(a)[0] > 1
                    else a for a in z]
            for name, pair in self._identified(part).items():
                if name not in out:
                    lx, l1x = pair
                    out[name] = (np.empty(shape[:1] + np.shape(lx)[1:]),
                                 np.empty(shape[:1] + np.shape(l1x)[1:]))
                for kept, x in zip(out[name], pair):
                    kept[start:start + rows] = x
        return out

    def _identified(self, z: list[np.ndarray]) -> dict[str, LogPair]:
        lt, l1t, *_, q1, q0, _ = self._mixture(z)
        return {"t": (lt, l1t), "q1": q1, "q0": q0}


def ridge_coordinates(model_name: str, hist: CountHistogram, t_prior: Prior,
                      table: FibreTable, unfolded: bool = True) -> MixtureCoordinates:
    return RidgeCoordinates(hist, t_prior, ridge_log_g(table), ("t", "q1", "q0"),
                            swap=model_name in SWAPPING, unfolded=unfolded)


def exact_log_g(fibres: tuple[Fibre, ...], priors: dict[str, Prior]):
    """log g by quadrature at every point (for the samplers' exact target)."""
    def log_g(q1: LogPair, q0: LogPair, log_d):
        return log_fibre_mass(fibres, np.exp(q1[0]), np.exp(q0[0]), priors), {}
    return log_g


@dataclass(frozen=True, eq=False)
class RidgePosterior:
    """The (t, q1, q0) grid posterior of a ridge model and what the ridge parameters need."""

    grid: GridPosterior
    table: FibreTable

    @property
    def complete(self) -> bool:
        return self.grid.complete

    @cached_property
    def _logits(self) -> dict[str, np.ndarray]:
        """Logits of q1 and q0 at every cell's midpoint (flat)."""
        return {n: x.ravel() for n, x in self.grid.cell_logits(("q1", "q0")).items()}

    @property
    def swapped(self) -> float:
        """Posterior weight of the reading with q1 < q0 (classes the other way round)."""
        x = self._logits
        return float(self.grid.mass.ravel()[x["q1"] < x["q0"]].sum())

    def best(self) -> tuple[float, float, float]:
        """(t, q1, q0) of the cell with the most mass per unit volume."""
        t, q1, q0 = self.grid.values_at(int(np.argmax(self.grid.mass)), ("t", "q1", "q0"))
        return t, q1, q0

    def q_cells(self, threshold: float = 1e-10, bins: int = GRID_Q_BINS,
                merge_below: float = MERGE_BELOW):
        """(q1, q0, mass) of the grid's mass binned on ``bins`` x ``bins`` logit cells
        (:func:`binned_q_cells`), the cells below ``threshold`` of the heaviest left out."""
        x, m = self._logits, self.grid.mass.ravel()
        keep = m > threshold * m.max()
        return binned_q_cells(x["q1"][keep], x["q0"][keep], m[keep], bins, merge_below)

    def axis_cells(self, name: str, threshold: float = 1e-10, bins: int = GRID_Q_BINS):
        """(values, mass) of the grid's mass binned on ``bins`` logit cells of q1 or q0 alone
        (:func:`binned_axis_cells`): all a fibre that depends on that coordinate alone needs
        (t-a0a1-p0p1's)."""
        x, m = self._logits[name], self.grid.mass.ravel()
        keep = m > threshold * m.max()
        return binned_axis_cells(x[keep], m[keep], bins)


def binned_q_cells(x1: np.ndarray, x0: np.ndarray, m: np.ndarray, bins: int = Q_BINS,
                   merge_below: float = MERGE_BELOW):
    """(q1, q0, mass) of points at logits (x1, x0) with mass m binned on ``bins`` x ``bins``
    logit cells over their range.

    Each bin sits at its mass-weighted centre (a ridge parameter's
    conditional moves smoothly with (q1, q0), so this keeps the marginals
    exact to second order while cutting a million cells to a few thousand);
    bins lighter than ``merge_below`` of the heaviest are merged in blocks
    of MERGE x MERGE bins (``bins`` is a multiple of MERGE).
    """
    i1, i0 = _logit_bins(x1, bins), _logit_bins(x0, bins)
    b = i1 * bins + i0
    mass = np.bincount(b, m, bins ** 2)
    if merge_below > 0:                      # light bins' points go to their block instead
        block = bins ** 2 + (i1 // MERGE) * (bins // MERGE) + i0 // MERGE
        b = np.where(mass[b] < merge_below * mass.max(), block, b)
        mass = np.bincount(b, m, bins ** 2 + (bins // MERGE) ** 2)
    filled = mass > 0
    c1 = np.bincount(b, m * x1, mass.size)[filled] / mass[filled]
    c0 = np.bincount(b, m * x0, mass.size)[filled] / mass[filled]
    return expit(c1), expit(c0), mass[filled]


def binned_axis_cells(x: np.ndarray, m: np.ndarray, bins: int = Q_BINS):
    """(values, mass) of points at logits x with mass m binned on ``bins`` logit cells over
    their range, each at its mass-weighted centre: a few hundred rows for a fibre of one
    coordinate."""
    b = _logit_bins(x, bins)
    mass = np.bincount(b, m, bins)
    filled = mass > 0
    return expit(np.bincount(b, m * x, bins)[filled] / mass[filled]), mass[filled]


def _logit_bins(x: np.ndarray, bins: int) -> np.ndarray:
    """Index of each of ``x`` in ``bins`` equal bins over the range of ``x``."""
    edges = np.linspace(x.min(), x.max() + 1e-9, bins + 1)
    return np.clip(np.searchsorted(edges, x, side="right") - 1, 0, bins - 1)


def _fine_axes(rough: GridPosterior) -> tuple[np.ndarray, np.ndarray]:
    """Logit axes of the fine table: the range of (q1, q0) holding the rough grid's mass, padded."""
    axes = []
    for name in ("q1", "q0"):
        lo, hi = (float(np.log(v / (1 - v))) for v in rough.quantile(name, [1e-9, 1 - 1e-9]))
        pad = max(0.25 * (hi - lo), 0.5)
        axes.append(np.linspace(max(-30.0, lo - pad), min(30.0, hi + pad), FINE_TABLE))
    return axes[0], axes[1]


@lru_cache(maxsize=8)
def coarse_table(fibres: tuple[Fibre, ...], priors: tuple[tuple[str, Prior], ...]) -> FibreTable:
    """The coarse table over [-30, 30]^2, which depends on the model and its priors only: kept
    for the next fit of the same model (14,641 fibre integrals, 0.3 s). Read-only once made."""
    axis = np.linspace(-30.0, 30.0, COARSE_TABLE)
    return FibreTable(fibres, dict(priors), axis, axis)


def ridge_grid(model_name: str, hist: CountHistogram, fibres: tuple[Fibre, ...],
               priors: dict[str, Prior], tolerance: float | None = None, schedule=None,
               cancelled=lambda: False, level: float = 0.95,
               unfolded: bool = True) -> RidgePosterior:
    """Exact posterior of (t, q1, q0) of a ridge model on the adaptive nested grid (its HDI ends
    settled at ``level``; ``unfolded``: see :attr:`MixtureCoordinates.unfolded`).

    A rough grid with the coarse table of g finds where the mass is; the fine table covers
    that region, and the grid goes on from the rough one's last pass: that pass's cells again
    with the fine table (placed from the rough pass, not scanned), then the next passes of the
    schedule, compared as usual (the early passes again, with a slightly different g, settled
    nothing the later ones do not). A given ``schedule`` starts afresh."""
    from tapdesk.engine.bayes.adaptive import TOLERANCE
    coarse = coarse_table(fibres, tuple(sorted(priors.items())))
    rough = adaptive_grid(ridge_coordinates(model_name, hist, priors["t"], coarse, unfolded),
                          SCHEDULE[3][:4], 0.05, cancelled)
    if not rough.complete:
        return RidgePosterior(rough, coarse)
    fine = FibreTable(fibres, priors, *_fine_axes(rough), under=coarse)
    grid = adaptive_grid(ridge_coordinates(model_name, hist, priors["t"], fine, unfolded),
                         schedule or SCHEDULE[3][max(rough.passes - 1, 0):],
                         TOLERANCE if tolerance is None else tolerance,
                         cancelled, None if schedule else LAST_RESORT[3], level,
                         None if schedule else rough)
    return RidgePosterior(grid, fine)
