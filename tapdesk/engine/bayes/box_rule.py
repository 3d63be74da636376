"""Exact posteriors of t-a-p and the expert model by Gauss rules on a box (issue 29).

The nested rules of :mod:`.gauss_rule` centre every level on a conditional
mode. They cannot be trusted where the posterior is not one smooth peak in
the logits: on weakly identified accuracy, given a high a, t lies near 0 or
near 1 (a conditional with two peaks), and where the data bound a parameter
sharply a marginal falls off a cliff. Before this module those data sets
went to the adaptive grid: millions of cells, 1-5 s.

On the probability scale, with Beta priors whose shapes are at least 1, the
posterior density is smooth on the closed unit cube (a polynomial likelihood
times the priors), whatever its shape inside it: a tensor Gauss-Legendre
rule over a box that holds all its mass integrates it spectrally, two peaks
and cliffs included. So:

* **the box**: from the unit cube, ZOOMS passes of a BOX_CELLS^d midpoint
  grid, each keeping the cells within BOX_DROP nats of the best one plus
  MARGIN cells on every side (a side at 0 or 1 stays there);
* **the rules**: LADDER nodes per axis, each rule compared with the one
  before until two agree on every figure (mean, sd, quantiles to
  ``tolerance`` posterior sd, the HDI ends as the grid's,
  :func:`~.adaptive.settled`); the stated error is their largest difference
  plus FIGURE_ERROR, as the nested rules';
* **the faces**: a face of the box inside the cube whose nodes come within
  FACE_DROP nats of the peak moves out by half the box's width and the
  ladder starts again (at most WIDENINGS times);
* **the marginals**: each parameter's density at its nodes (the rule's sum
  over the other axes), the polynomial through them (barycentric, clipped
  at 0) on FINE_BINS equal steps of the box, integrated by trapezoids; the
  pairwise joints likewise from the two-dimensional sums
  (:meth:`BoxPosterior.pair_mass`).

Not used (the caller goes on to the adaptive grid) where a prior's shape is
below 1 (the density is unbounded at a face of the cube: Gauss rules
converge slowly there) or the ladder ends with no two rules agreeing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from scipy.special import expit, logit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.adaptive import DEFAULT_LEVEL, TOLERANCE, changes, settled
from tapdesk.engine.bayes.gauss_nodes import (
    FIGURE_ERROR,
    FINE_BINS,
    Attempt,
    RuleMarginals,
    interpolation_matrix,
    legendre,
)
from tapdesk.engine.bayes.logit_density import LogitDensity
from tapdesk.engine.bayes.targets import HistogramModel
from tapdesk.engine.request import Prior

BOX_CELLS = 32
ZOOMS = 4
BOX_DROP = 30.0
"""The box holds every zoom cell whose midpoint density is within this many nats of the best
(e^-30: no mass a figure could show) ..."""
MARGIN = 1.5
"""... plus this many cells of the zoom grid on each side."""
LADDER = {3: (32, 48, 64, 96, 128, 192, 256), 2: (48, 72, 96, 144, 192, 288, 384)}
"""Gauss nodes on an axis in the successive rules, by model dimension (see :func:`ladder`)."""
MAX_NODES = 4_000_000
"""A rule has at most this many nodes (a dozen arrays of them: some 400 MB); past it the ladder
ends (the weakest data sets here settle by 1.8 million)."""
FACE_DROP = 20.0
"""A face inside the cube must lie this many nats below the peak at its nearest nodes."""
WIDENINGS = 3
EDGE = 1e-12
"""The marginals' bins stop this close to 0 and 1, whose logits are infinite."""
LOGIT_BINS = 1024
"""Equal logit steps of the marginals' mesh (see :func:`marginal_bins`)."""


@dataclass(frozen=True)
class Box:
    """The region of the cube the rules cover: (d, 2) low and high ends per parameter."""

    ends: np.ndarray

    def nodes(self, counts: tuple[int, ...]) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """Per axis, its ``counts`` Gauss nodes and their weights on the box."""
        half = (self.ends[:, 1] - self.ends[:, 0]) / 2
        centre = (self.ends[:, 1] + self.ends[:, 0]) / 2
        rules = [legendre(n)[:2] for n in counts]
        return ([c + h * x for c, h, (x, _) in zip(centre, half, rules)],
                [h * w for h, (_, w) in zip(half, rules)])

    def widened(self, low: np.ndarray, high: np.ndarray) -> Box:
        """The box with the ``low``/``high`` faces moved out by half its width (within the
        cube)."""
        ends = self.ends.copy()
        width = ends[:, 1] - ends[:, 0]
        ends[:, 0] = np.where(low, np.maximum(ends[:, 0] - width / 2, 0.0), ends[:, 0])
        ends[:, 1] = np.where(high, np.minimum(ends[:, 1] + width / 2, 1.0), ends[:, 1])
        return Box(ends)


class TensorDensity:
    """The log posterior density on the probability scale at the points of a tensor grid,
    from its axes (the likelihood's sums broadcast over them); counts its evaluations."""

    def __init__(self, density: LogitDensity) -> None:
        self.density = density
        self.evaluations = 0

    def __call__(self, axes: list[np.ndarray]) -> np.ndarray:
        self.evaluations += int(np.prod([len(x) for x in axes]))
        out = self.log_density(axes)
        return np.where(np.isnan(out), -np.inf, out)

    def log_density(self, axes: list[np.ndarray]) -> np.ndarray:
        """t-a-p's or the expert model's: the logit density less its Jacobian."""
        logs, jacobian = [], 0.0
        for i, x in enumerate(axes):
            pair = tuple(np.reshape(v, along(i, len(axes))) for v in log_pair(x))
            logs.append(pair)
            jacobian = jacobian + pair[0] + pair[1]
        return self.density.from_logs(logs) - jacobian


def along(i: int, d: int) -> list[int]:
    """The shape that puts a vector on axis i of d (-1 there, 1 elsewhere)."""
    shape = [1] * d
    shape[i] = -1
    return shape


def log_pair(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(log x, log(1 - x))."""
    with np.errstate(divide="ignore"):
        return np.log(x), np.log1p(-x)


def find_box(density: TensorDensity, d: int) -> Box:
    """Zoom from the unit cube onto the cells within BOX_DROP nats of the best (see the module
    docstring)."""
    box = Box(np.array([[0.0, 1.0]] * d))
    for _ in range(ZOOMS):
        h = (box.ends[:, 1] - box.ends[:, 0]) / BOX_CELLS
        axes = [box.ends[i, 0] + h[i] * (np.arange(BOX_CELLS) + 0.5) for i in range(d)]
        lp = density(axes)
        keep = lp > lp.max() - BOX_DROP
        ends = box.ends.copy()
        for i in range(d):
            hit = np.flatnonzero(keep.any(axis=tuple(j for j in range(d) if j != i)))
            ends[i] = (max(0.0, axes[i][hit[0]] - MARGIN * h[i]),
                       min(1.0, axes[i][hit[-1]] + MARGIN * h[i]))
        box = Box(ends)
    return box


def open_faces(lp: np.ndarray, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """Which low and high faces of ``box`` (inside the cube) have nodes within FACE_DROP nats of
    the peak of ``lp`` (the log density at the rule's nodes)."""
    d, top = lp.ndim, lp.max()
    low, high = np.zeros(d, bool), np.zeros(d, bool)
    for i in range(d):
        first, last = np.take(lp, 0, axis=i), np.take(lp, -1, axis=i)
        low[i] = box.ends[i, 0] > 0.0 and first.max() > top - FACE_DROP
        high[i] = box.ends[i, 1] < 1.0 and last.max() > top - FACE_DROP
    return low, high


@dataclass(frozen=True, eq=False)
class BoxPosterior(RuleMarginals):
    """Marginals of a posterior integrated by a tensor Gauss rule on a box.

    ``ends`` (d, 2) the box; ``mass`` (n,)*d the rule's normalised weights at its nodes (the
    density times the quadrature weights); ``edges``/``masses`` per parameter: FINE_BINS logit
    bins and their mass; ``error`` the stated accuracy in posterior sd.
    """

    ends: np.ndarray
    mass: np.ndarray
    evaluations: int = 0
    complete: bool = True
    error: float = float("nan")

    def _axes(self) -> tuple[list[np.ndarray], list[np.ndarray]]:
        return Box(self.ends).nodes(self.mass.shape)

    def cell_values(self, names: tuple[str, ...]) -> dict[str, np.ndarray]:
        """Probability-scale values of ``names`` at every node (each of mass's shape)."""
        axes, _ = self._axes()
        grids = np.meshgrid(*axes, indexing="ij", sparse=True)
        return {n: np.broadcast_to(grids[self.names.index(n)], self.mass.shape) for n in names}

    def pair_mass(self, i: int, j: int, x_edges: np.ndarray, y_edges: np.ndarray) -> np.ndarray:
        """Mass of parameters i and j in the cells of ``x_edges`` x ``y_edges`` (probability
        scale): their joint density at the nodes (the rule's sum over the other axes), the
        polynomial through it at the cells' midpoints, clipped at 0, times the cells' areas."""
        axes, weights = self._axes()
        other = tuple(k for k in range(self.mass.ndim) if k not in (i, j))
        joint = self.mass.sum(axis=other) / np.outer(weights[i], weights[j])
        rows = _at_midpoints(self.ends[i], x_edges, len(axes[i]))
        cols = _at_midpoints(self.ends[j], y_edges, len(axes[j]))
        dens = np.maximum(rows @ joint @ cols.T, 0.0)
        return dens * np.outer(np.diff(x_edges), np.diff(y_edges))

    @property
    def how(self) -> str:
        """How it was computed, for the verdict ('with ... density evaluations')."""
        return (f"with Gauss-Legendre rules on the box that holds the posterior's mass "
                f"({self.evaluations:,} density evaluations)")


def _at_midpoints(ends: np.ndarray, edges: np.ndarray, n: int) -> np.ndarray:
    """The interpolation matrix at the midpoints of ``edges`` from n Gauss nodes on ``ends``;
    rows of midpoints outside the box are 0."""
    mid = (edges[1:] + edges[:-1]) / 2
    s = (mid - (ends[0] + ends[1]) / 2) / ((ends[1] - ends[0]) / 2)
    inside = np.abs(s) <= 1.0
    out = np.zeros((len(mid), n))
    out[inside] = interpolation_matrix(n, s[inside])
    return out


def marginal_bins(ends: np.ndarray, density: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(logit edges, mass per bin) of a marginal from its ``density`` at the Gauss nodes on
    ``ends``: the polynomial through it (clipped at 0) on a fine mesh, integrated by
    trapezoids.

    The mesh (:func:`fine_mesh`) is fine on the probability scale and on the logit scale
    both: the summaries read the CDF at knots spread evenly over the bins and interpolate it
    in the logit, so bins even on the probability scale alone would leave one knot for the
    last few thousandths below 1, where a piled-up marginal keeps its upper quantiles
    (perfect agreement: accuracy's 95% quantile 0.04 sd off)."""
    x = fine_mesh(float(ends[0]), float(ends[1]))
    s = (x - (ends[0] + ends[1]) / 2) / ((ends[1] - ends[0]) / 2)
    f = np.maximum(interpolation_matrix(len(density), s) @ density, 0.0)
    return logit(x), (f[1:] + f[:-1]) / 2 * np.diff(x)


def fine_mesh(lo: float, hi: float) -> np.ndarray:
    """FINE_BINS + 1 equal steps of [lo, hi] and LOGIT_BINS + 1 equal steps of its logits,
    merged (kept EDGE inside the cube)."""
    lo, hi = max(lo, EDGE), min(hi, 1.0 - EDGE)
    even = np.linspace(lo, hi, FINE_BINS + 1)
    in_logits = expit(np.linspace(logit(lo), logit(hi), LOGIT_BINS + 1))
    return np.unique(np.clip(np.concatenate([even, in_logits]), lo, hi))


def rule_posterior(density: TensorDensity, names: tuple[str, ...], box: Box,
                   counts: tuple[int, ...]) -> tuple[BoxPosterior, np.ndarray]:
    """The posterior by the rule of ``counts`` nodes per axis on ``box``, and the log density
    at the nodes."""
    axes, weights = box.nodes(counts)
    lp = density(axes)
    d = len(axes)
    mass = np.exp(lp - lp.max())
    for i, w in enumerate(weights):
        shape = [1] * d
        shape[i] = len(w)
        mass *= w.reshape(shape)
    mass /= mass.sum()
    edges, masses = {}, {}
    for i, name in enumerate(names):
        along = mass.sum(axis=tuple(j for j in range(d) if j != i)) / weights[i]
        edges[name], masses[name] = marginal_bins(box.ends[i], along)
    return BoxPosterior(names, edges, masses, box.ends, mass), lp


def usable(priors: tuple[Prior, ...]) -> bool:
    """Whether the density is bounded on the cube (every prior shape at least 1)."""
    return all(p.alpha >= 1.0 and p.beta >= 1.0 for p in priors)


def box_posterior(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
                  tolerance: float = TOLERANCE, cancelled=lambda: False,
                  level: float = DEFAULT_LEVEL) -> Attempt:
    """The exact posterior of t-a-p or the expert model by Gauss rules on a box, when two
    rules agree to ``tolerance`` sd on every figure (the HDI ends at ``level``); otherwise no
    posterior and the reason. Raises RuleCancelled when ``cancelled()`` turns true meanwhile."""
    if model.name not in ("tap", "expert"):
        return Attempt(None, f"no box rule for model '{model.name}'")
    if not usable(priors):
        return Attempt(None, "a prior's shape below 1 makes the density unbounded at 0 or 1")
    density = TensorDensity(LogitDensity(hist, model.names, priors, cancelled))
    return rules_on_a_box(density, model.names, tolerance, level)


def rules_on_a_box(density: TensorDensity, names: tuple[str, ...], tolerance: float,
                   level: float) -> Attempt:
    """The posterior of ``density`` by the rules on the box found for it, the box grown
    where a face holds mass (see :func:`ladder`)."""
    box = find_box(density, len(names))
    for _ in range(WIDENINGS):
        found = ladder(density, names, box, tolerance, level)
        if not isinstance(found, Box):
            return found
        box = found
    return Attempt(None, "the box's faces still hold mass after it grew")


def ladder(density: TensorDensity, names: tuple[str, ...], box: Box, tolerance: float,
           level: float) -> Attempt | Box:
    """Rules on ``box`` up the LADDER until two agree (the posterior), the ladder ends (no
    posterior, and why) or a face holds mass (the box grown there, to start again).

    An axis grows only while its parameter's figures move: a marginal's quantiles and HDI
    ends depend on how finely its own axis is resolved far more than on the axes integrated
    out (on weak accuracy, p's HDI ends moved 0.03 sd from 96 to 128 nodes on p, and less
    than 0.0001 sd with 192 nodes on t or a instead). The stated error holds each
    parameter's change when its own axis last grew as well as the last comparison's."""
    d = len(names)
    steps = previous_steps = np.zeros(d, int)
    own = np.zeros(d)
    previous = None
    while True:
        rule, lp = rule_posterior(density, names, box, tuple(LADDER[d][s] for s in steps))
        low, high = open_faces(lp, box)
        if (low | high).any():
            return box.widened(low, high)
        grow = np.ones(d, bool)
        if previous is not None:
            diffs = changes(rule, previous, names, level)
            moved = steps != previous_steps
            own[moved] = diffs[moved].max(axis=1)
            grow = np.array([not settled(row[None, :], tolerance) for row in diffs])
            if not grow.any():
                return Attempt(replace(rule, evaluations=density.evaluations,
                                       error=float(max(diffs.max(), own.max())) + FIGURE_ERROR))
        steps_next = steps + grow
        if not affordable(steps_next):
            return Attempt(None, f"two rules differ by {float(diffs.max()):.4f} sd")
        previous, previous_steps, steps = rule, steps, steps_next


def affordable(steps: np.ndarray) -> bool:
    """Whether the rule with LADDER[d][steps[i]] nodes on axis i exists (the ladder has that
    many rungs) and has at most MAX_NODES nodes."""
    rungs = LADDER[len(steps)]
    return bool((steps < len(rungs)).all()) and int(np.prod([rungs[s] for s in steps])) <= MAX_NODES
