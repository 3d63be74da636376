"""Exact posteriors of t-a-p, the expert model and (through :mod:`.ridge_box`) the ridge
models by Gauss rules on boxes (issue 29).

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

* **the boxes**: from the unit cube, ZOOMS passes of a BOX_CELLS^d midpoint
  grid, each keeping the cells within BOX_DROP nats of the best one plus
  MARGIN cells on every side (a side at 0 or 1 stays there), a box for each
  separate piece (:mod:`.boxes`); the rules run on every box with the same
  nodes per axis, and the parts add up;
* **the rules**: LADDER nodes per axis, each rule compared with the one
  before until two agree on every figure (mean, sd, quantiles to
  ``tolerance`` posterior sd, the HDI ends as the grid's,
  :func:`~.adaptive.settled`); the stated error is their largest difference
  plus FIGURE_ERROR, as the nested rules';
* **the faces**: a face of a box inside the cube whose nodes come within
  FACE_DROP nats of the peak moves out by half the box's width and the
  ladder starts again (at most WIDENINGS times);
* **the marginals**: each parameter's density at its nodes (the rule's sum
  over the other axes), the polynomial through them (barycentric, clipped
  at 0) on a fine mesh of each box, added up and integrated by trapezoids; the
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
from tapdesk.engine.bayes.boxes import Box, disjoint, find_boxes, open_faces
from tapdesk.engine.bayes.gauss_nodes import (
    FIGURE_ERROR,
    FINE_BINS,
    Attempt,
    RuleMarginals,
    interpolation_matrix,
)
from tapdesk.engine.bayes.logit_density import LogitDensity
from tapdesk.engine.bayes.targets import HistogramModel
from tapdesk.engine.request import Prior
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.formats import integer

LADDER = {3: (32, 48, 64, 96, 128, 192, 256), 2: (48, 72, 96, 144, 192, 288, 384)}
"""Gauss nodes on an axis in the successive rules, by model dimension (see :func:`ladder`)."""
MAX_NODES = 4_000_000
"""A rule has at most this many nodes (a dozen arrays of them: some 400 MB); past it the ladder
ends (the weakest data sets here settle by 1.8 million)."""
WIDENINGS = 3
EDGE = 1e-12
"""The marginals' bins stop this close to 0 and 1, whose logits are infinite."""
LOGIT_BINS = 1024
"""Equal logit steps of the marginals' mesh (see :func:`marginal_bins`)."""


class TensorDensity:
    """The log posterior density on the probability scale at the points of a tensor grid,
    from its axes (the likelihood's sums broadcast over them); counts its evaluations.
    Other densities (the ridge models') override :meth:`log_density`."""

    evaluations = 0

    def __init__(self, density: LogitDensity | None = None) -> None:
        self.density = density

    def __call__(self, axes: list[np.ndarray]) -> np.ndarray:
        self.evaluations += int(np.prod([len(x) for x in axes]))
        out = self.log_density(axes)
        return np.where(np.isnan(out), -np.inf, out)

    def log_density(self, axes: list[np.ndarray]) -> np.ndarray:
        """t-a-p's or the expert model's: the logit density less its Jacobian."""
        assert self.density is not None     # given wherever log_density is not overridden
        logs: list[tuple[np.ndarray, np.ndarray]] = []
        jacobian: np.ndarray | float = 0.0
        for i, x in enumerate(axes):
            log_x, log_rest = log_pair(x)
            shape = along(i, len(axes))
            pair = (np.reshape(log_x, shape), np.reshape(log_rest, shape))
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


@dataclass(frozen=True, eq=False)
class Part:
    """One box of a box-rule posterior: its ends and the rule's normalised weights at its
    nodes (the density times the quadrature weights; all parts' together sum to 1)."""

    ends: np.ndarray
    mass: np.ndarray

    def axes(self) -> tuple[list[np.ndarray], list[np.ndarray]]:
        return Box(self.ends).nodes(self.mass.shape)


@dataclass(frozen=True, eq=False)
class BoxPosterior(RuleMarginals):
    """Marginals of a posterior integrated by tensor Gauss rules on boxes.

    ``parts`` one :class:`Part` per box; ``edges``/``masses`` per parameter: logit bins and
    their mass; ``error`` the stated accuracy in posterior sd.
    """

    parts: tuple[Part, ...]
    evaluations: int = 0
    complete: bool = True
    error: float = float("nan")

    @property
    def mass(self) -> np.ndarray:
        """Every node's mass, the parts one after the other."""
        return np.concatenate([p.mass.ravel() for p in self.parts])

    def cell_values(self, names: tuple[str, ...]) -> dict[str, np.ndarray]:
        """Probability-scale values of ``names`` at every node (each of :attr:`mass`'s
        shape)."""
        out: dict[str, list[np.ndarray]] = {n: [] for n in names}
        for part in self.parts:
            grids = np.meshgrid(*part.axes()[0], indexing="ij")
            for n in names:
                out[n].append(grids[self.names.index(n)].ravel())
        return {n: np.concatenate(v) for n, v in out.items()}

    def pair_mass(self, i: int, j: int, x_edges: np.ndarray, y_edges: np.ndarray) -> np.ndarray:
        """Mass of parameters i and j in the cells of ``x_edges`` x ``y_edges`` (probability
        scale): in each part their joint density at the nodes (the rule's sum over the other
        axes), the polynomial through it at the cells' midpoints, clipped at 0, times the
        cells' areas; the parts added up."""
        out = 0.0
        for part in self.parts:
            axes, weights = part.axes()
            other = tuple(k for k in range(part.mass.ndim) if k not in (i, j))
            joint = part.mass.sum(axis=other) / np.outer(weights[i], weights[j])
            rows = _at_midpoints(part.ends[i], x_edges, len(axes[i]))
            cols = _at_midpoints(part.ends[j], y_edges, len(axes[j]))
            out = out + np.maximum(rows @ joint @ cols.T, 0.0)
        return out * np.outer(np.diff(x_edges), np.diff(y_edges))

    @property
    def how(self) -> str:
        """How it was computed, for the verdict ('with ... density evaluations')."""
        evaluations, boxes = made(integer, self.evaluations), len(self.parts)
        if boxes == 1:
            # Translators: how an exact posterior was computed, inside its verdict; {n} is a
            # count of evaluations ("4,096").
            return said("with Gauss-Legendre rules on the box that holds the posterior's mass "
                        "({n} density evaluations)", n=evaluations)
        # Translators: as "with Gauss-Legendre rules on the box ...", for {boxes} boxes (2 or more).
        return said_n("with Gauss-Legendre rules on the {boxes} box that hold the posterior's "
                      "mass ({n} density evaluations)",
                      "with Gauss-Legendre rules on the {boxes} boxes that hold the posterior's "
                      "mass ({n} density evaluations)", boxes, boxes=boxes, n=evaluations)


def _at_midpoints(ends: np.ndarray, edges: np.ndarray, n: int) -> np.ndarray:
    """The interpolation matrix at the midpoints of ``edges`` from n Gauss nodes on ``ends``;
    rows of midpoints outside the box are 0."""
    mid = (edges[1:] + edges[:-1]) / 2
    s = (mid - (ends[0] + ends[1]) / 2) / ((ends[1] - ends[0]) / 2)
    inside = np.abs(s) <= 1.0
    out = np.zeros((len(mid), n))
    out[inside] = interpolation_matrix(n, s[inside])
    return out


def marginal_bins(pieces: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """(logit edges, mass per bin) of a marginal from its density at the Gauss nodes of each
    box, ``pieces`` of (the box's ends on this axis, the density at its nodes): the
    polynomials through them (each clipped at 0 and 0 off its box) added up on a fine mesh,
    integrated by trapezoids.

    The mesh (:func:`fine_mesh`, the boxes' merged) is fine on the probability scale and on
    the logit scale both: the summaries read the CDF at knots spread evenly over the bins and
    interpolate it in the logit, so bins even on the probability scale alone would leave one
    knot for the last few thousandths below 1, where a piled-up marginal keeps its upper
    quantiles (perfect agreement: accuracy's 95% quantile 0.04 sd off)."""
    x = np.unique(np.concatenate([fine_mesh(float(e[0]), float(e[1])) for e, _ in pieces]))
    f = np.zeros_like(x)
    for ends, density in pieces:
        s = (x - (ends[0] + ends[1]) / 2) / ((ends[1] - ends[0]) / 2)
        inside = np.abs(s) <= 1.0
        f[inside] += np.maximum(interpolation_matrix(len(density), s[inside]) @ density, 0.0)
    return logit(x), (f[1:] + f[:-1]) / 2 * np.diff(x)


def fine_mesh(lo: float, hi: float) -> np.ndarray:
    """FINE_BINS + 1 equal steps of [lo, hi] and LOGIT_BINS + 1 equal steps of its logits,
    merged (kept EDGE inside the cube)."""
    lo, hi = max(lo, EDGE), min(hi, 1.0 - EDGE)
    even = np.linspace(lo, hi, FINE_BINS + 1)
    in_logits = expit(np.linspace(logit(lo), logit(hi), LOGIT_BINS + 1))
    return np.unique(np.clip(np.concatenate([even, in_logits]), lo, hi))


def rule_posterior(density: TensorDensity, names: tuple[str, ...], boxes: list[Box],
                   counts: tuple[int, ...]) -> tuple[BoxPosterior, list[np.ndarray]]:
    """The posterior by the rule of ``counts`` nodes per axis on each of ``boxes``, and the log
    density at each box's nodes."""
    d = len(names)
    rules = [box.nodes(counts) for box in boxes]
    lps = [density(axes) for axes, _ in rules]
    top = max(float(lp.max()) for lp in lps)
    masses = []
    for lp, (_, weights) in zip(lps, rules):
        mass = np.exp(lp - top)
        for i, w in enumerate(weights):
            mass *= w.reshape(along(i, d))
        masses.append(mass)
    total = sum(float(m.sum()) for m in masses)
    parts = tuple(Part(box.ends, m / total) for box, m in zip(boxes, masses))
    edges, marginals = {}, {}
    for i, name in enumerate(names):
        edges[name], marginals[name] = marginal_bins(
            [(p.ends[i], p.mass.sum(axis=tuple(j for j in range(d) if j != i)) / w[i])
             for p, (_, w) in zip(parts, rules)])
    return BoxPosterior(names, edges, marginals, parts), lps


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
    """The posterior of ``density`` by the rules on the boxes found for it, a box grown where
    a face holds mass (see :func:`ladder`)."""
    boxes = find_boxes(density, len(names))
    for _ in range(WIDENINGS):
        found = ladder(density, names, boxes, tolerance, level)
        if isinstance(found, Attempt):
            return found
        boxes = found
    return Attempt(None, "the boxes' faces still hold mass after they grew")


def ladder(density: TensorDensity, names: tuple[str, ...], boxes: list[Box], tolerance: float,
           level: float) -> Attempt | list[Box]:
    """Rules on ``boxes`` up the LADDER until two agree (the posterior), the ladder ends (no
    posterior, and why) or a face holds mass (the boxes grown there, to start again).

    An axis grows only while its parameter's figures move: a marginal's quantiles and HDI
    ends depend on how finely its own axis is resolved far more than on the axes integrated
    out (on weak accuracy, p's HDI ends moved 0.03 sd from 96 to 128 nodes on p, and less
    than 0.0001 sd with 192 nodes on t or a instead). The stated error holds each
    parameter's change when its own axis last grew as well as the last comparison's."""
    d = len(names)
    steps = previous_steps = np.zeros(d, int)
    own = np.zeros(d)
    previous: BoxPosterior | None = None
    while True:
        rule, lps = rule_posterior(density, names, boxes, tuple(LADDER[d][s] for s in steps))
        top = max(float(lp.max()) for lp in lps)
        faces = [open_faces(lp, box, top) for lp, box in zip(lps, boxes)]
        if any((low | high).any() for low, high in faces):
            return disjoint([box.widened(*f) for box, f in zip(boxes, faces)])
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
        if not affordable(steps_next, len(boxes)):
            return Attempt(None, f"two rules differ by {float(diffs.max()):.4f} sd")
        previous, previous_steps, steps = rule, steps, steps_next


def affordable(steps: np.ndarray, boxes: int = 1) -> bool:
    """Whether the rule with LADDER[d][steps[i]] nodes on axis i exists (the ladder has that
    many rungs) and has at most MAX_NODES nodes on all ``boxes`` together."""
    rungs = LADDER[len(steps)]
    return (bool((steps < len(rungs)).all())
            and boxes * int(np.prod([rungs[s] for s in steps])) <= MAX_NODES)
