"""Exact posteriors of t-a-p and the expert model by nested Gauss-Legendre rules (issue 29).

The adaptive grid (:mod:`.grid`) needs up to millions of midpoint cells for
0.005 sd; a smooth, single-peaked posterior needs far fewer nodes when they
are placed where its mass is and integrate to high order. Here the posterior
is integrated in the logits of the model's own parameters (smooth
everywhere: the likelihood is a polynomial in t, a, p, and the logit
Jacobian with the Beta prior makes every tail fade) as iterated
one-dimensional Gauss-Legendre rules:

* for every parameter an *ordering* with that parameter outermost, so its
  marginal density comes out at the outer nodes directly (no binning);
* on every level, per row of the levels above, the coordinate is stretched
  around the conditional mode (:class:`Stretch`: z = centre + scale sinh(v),
  the scale a Laplace sd, so a Gaussian peak and a long logistic tail both
  fit a few units of v) and the Gauss rule runs over a range of v. The modes
  come from Newton steps with finite-difference derivatives, vectorised over
  the rows, each row also trying its neighbours' modes (bending ridges); the
  innermost level takes its centre and scale from the Laplace approximation
  of its parent row. The outermost range reaches to where the Laplace
  estimate of the marginal is EDGE nats below its peak; after the rule, a
  range whose end node still holds more than e^-END_NODE of its row's
  largest grows on that side;
* the outer nodes' log marginal density is interpolated (barycentric, in v)
  onto FINE_BINS steps of v, whose masses are the
  :class:`~.adaptive.Marginals` every summary reads, as the grid's.

The rules of the LADDER are computed in turn until two successive ones agree
on every reported figure (mean, sd, quantiles: ``tolerance`` posterior sd; the
HDI ends: HDI_TOLERANCE, as the grid's passes, :func:`~.adaptive.settled`);
the stated error is their largest difference plus FIGURE_ERROR. The rule is
not used (the caller falls back to the adaptive grid) where it cannot be
trusted: another start climbs to a second mode, a marginal has separate
peaks, a range reaches the logit limit with mass at its end, or the ladder
ends without agreement (or with the orderings' total masses, the same
integral each, apart: mass one of them missed).

The density is :class:`~.logit_density.LogitDensity`, the climbs to the modes
:mod:`.newton`'s. Since the box rule (:mod:`.box_rule`) these rules are the
exact method's second choice, for priors with a shape below 1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from scipy.special import expit

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
from tapdesk.engine.bayes.newton import LOGIT_LIMIT, NotOnePeak, climb, global_mode
from tapdesk.engine.bayes.targets import HistogramModel
from tapdesk.engine.request import Prior
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import integer

LADDER = {3: ((16, 12, 12), (24, 16, 16), (32, 20, 20), (44, 28, 28), (60, 36, 36)),
          2: ((30, 20), (40, 28), (56, 36), (80, 48))}
"""Gauss nodes per level (outermost first) of the successive rules, by model dimension: each
rule is compared with the one before, up the ladder until two agree ..."""
EAGER_RUNGS = 4
HOPE = 4.0
"""... the rules after the first EAGER_RUNGS only where the last two differed by less than HOPE
times the tolerance (t = .05, a = .6, p = .3, 200 x 4: 0.0065 sd between the (32, 20, 20) and
(44, 28, 28) rules, settled by the next; where they are far apart, more nodes seldom help, and
the grid takes over). Two rules running whose orderings disagree on the total mass end the
ladder too."""
SPREAD = 5.5
"""A level's range starts at the conditional mode +- this many Laplace sds."""
EDGE = 14.0
"""A range's ends must be this many nats below the peak by the Laplace estimate."""
END_NODE = 10.0
"""... and its end nodes, once integrated, this many below the row's largest node."""
NEAR = np.array([0.5, 1.0, 1.5, 2.0, 3.0, 4.0])
"""Closer tries (in Laplace sds) of the outermost range, where its scale is found: ..."""
DROP, DROP_SDS = 4.5, 3.0
"""... the stretch's scale is at most the distance on the steeper side at which the Laplace
estimate falls DROP nats (3 sds of a Gaussian) over DROP_SDS: a marginal that falls off a cliff
on one side (the data bound a parameter sharply, as the accuracy on t = .95, a = .4, p = .2,
300 x 5: 20 nats within half a logit of the mode) gets its nodes close together there."""
WIDEN, TRIES = 1.5, 9
"""... and the farther ones at SPREAD WIDEN^k sds, k < TRIES (clipped to the logit limit)."""
V_GROW = 1.0
"""A range whose end node holds mass grows this much on that side, in the stretched variable
(:class:`Stretch`: 2.7 times as far out in its tail)."""
NEGLIGIBLE = 40.0
"""Rows of a level this many nats below the posterior's peak hold no mass that counts."""
MAX_WIDEN = 12
"""How many times a level's ranges grow before the rules give up (a range at the logit limit
with mass at its end)."""
NEIGHBOUR_PASSES = 1
"""Climbs from the neighbouring rows' modes (:meth:`NestedRule.followed`)."""
SAME_MASS = 5e-3
"""The orderings' total masses (each the same integral) must agree to this relative amount."""
PEAK_FLOOR = 1e-6
"""Local maxima of a marginal below this share of its peak are not counted as peaks ..."""
PROMINENCE = 0.3
"""... nor those that do not dip by this share of their height on the way to it (as the
summaries' modes, :mod:`.summaries`)."""


class Unresolved(Exception):
    """The rule's orderings disagree on the total mass: more nodes may resolve it."""


# ------------------------------------------------------------------ nested rule
@dataclass
class Level:
    """One level of a nested rule: its nodes per row and the log integrals beneath them."""

    log_value: np.ndarray
    """(B,) log of the integral over this level and the deeper ones, per row."""
    x: np.ndarray
    """(B, n) this level's nodes."""
    sub: np.ndarray
    """(B, n) log of the integral over the deeper levels at each node."""
    stretch: Stretch
    points: np.ndarray
    """(B, K, d) every leaf node beneath each row."""
    log_w: np.ndarray
    """(B, K) log of each leaf's density times its quadrature weight."""


class NestedRule:
    """Iterated Gauss-Legendre rules of one ordering of the coordinates.

    Parameters
    ----------
    logf : callable
        Log density at points (..., d), the columns in the ordering's order.
    d : int
        The number of coordinates.
    nodes : tuple of int
        Gauss nodes per level, outermost first.
    anchor : numpy.ndarray
        The posterior's mode (d,), in the ordering's order: every row's climb also starts there.
    floor : float
        Rows whose largest node is below this log density hold no mass that counts.
    outermost : dict, optional
        Where the outermost level's span is kept for the next rule of the same ordering.
    """

    def __init__(self, logf, d: int, nodes: tuple[int, ...], anchor: np.ndarray,
                 floor: float, outermost: dict | None = None) -> None:
        self.logf, self.d, self.nodes, self.anchor, self.floor = logf, d, nodes, anchor, floor
        self.evaluations = 0
        self.outermost = {} if outermost is None else outermost
        """The outermost level's span, kept for the next rule of the same ordering."""

    def density(self, pts: np.ndarray) -> np.ndarray:
        self.evaluations += pts.size // self.d
        return self.logf(pts)

    def laplace(self, prefix: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(log Laplace estimate of the density integrated over the free coordinates, their
        conditional modes) per row of ``prefix`` (B, L); ``start`` (B, d - L) guesses."""
        if start.shape[1] == 0:
            return self.density(prefix), start
        x, value, neg_h, _ = climb(self.density, prefix, start)
        sign, logdet = np.linalg.slogdet(neg_h)
        return np.where(sign > 0, value - 0.5 * logdet, np.inf), x

    def followed(self, prefix: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Conditional modes (and negative Hessians) of the free coordinates per row of
        ``prefix``, the best of climbs from ``start``, from the posterior's mode, and then from
        the neighbouring rows' modes (the rows are one coordinate's nodes in order: where the
        conditional mode bends away from the Laplace approximation's straight line, as on the
        horseshoe of a weakly identified accuracy, the neighbours' modes lead round the bend)."""
        b = len(prefix)
        anchor = np.broadcast_to(self.anchor[prefix.shape[1]:], start.shape)
        x, value, neg_h, _ = climb(self.density, np.concatenate([prefix, prefix]),
                                   np.concatenate([start, anchor]))
        pick = np.where(value[b:] > value[:b], np.arange(b) + b, np.arange(b))
        x, value, neg_h = x[pick], value[pick], neg_h[pick]
        for _ in range(NEIGHBOUR_PASSES):
            near = np.concatenate([x[np.maximum(np.arange(b) - 1, 0)],
                                   x[np.minimum(np.arange(b) + 1, b - 1)]])
            nx, nv, nh, _ = climb(self.density, np.concatenate([prefix, prefix]), near)
            best = np.argmax(np.stack([value, nv[:b], nv[b:]]), axis=0)
            if not best.any():
                break
            stacked = (np.stack([x, nx[:b], nx[b:]]), np.stack([value, nv[:b], nv[b:]]),
                       np.stack([neg_h, nh[:b], nh[b:]]))
            x, value, neg_h = (a[best, np.arange(b)] for a in stacked)
        return x, neg_h

    def span(self, prefix: np.ndarray, start: np.ndarray, precision: np.ndarray | None
             ) -> tuple[Stretch, np.ndarray, np.ndarray]:
        """(the next coordinate's stretch per row of ``prefix``, the conditional modes, their
        negative Hessians). The innermost level, given the ``precision`` its parent's Laplace
        approximation predicts (and ``start`` its conditional mean), climbs no more. The
        outermost range (one row) reaches on each side to where the Laplace estimate of the
        marginal is EDGE nats below its peak; every range's end nodes are checked after the
        rule (:meth:`level`)."""
        if not prefix.shape[1] and "span" in self.outermost:
            stretch, x, neg_h = self.outermost["span"]
            return stretch.rows(np.arange(len(x))), x, neg_h
        if start.shape[1] == 1 and precision is not None:
            x, neg_h = start, precision
        elif prefix.shape[1]:
            x, neg_h = self.followed(prefix, start)
        else:
            x, _, neg_h, _ = climb(self.density, prefix, start)
        with np.errstate(invalid="ignore", divide="ignore"):
            var = np.linalg.inv(neg_h)[:, 0, 0]
        sd = np.sqrt(np.where(var > 0, var, 1.0))
        centre = x[:, 0]
        if prefix.shape[1]:
            ends = centre[:, None] + np.array([-SPREAD, SPREAD])[None, :] * sd[:, None]
            return Stretch.around(centre, sd, ends), x, neg_h
        reach = np.concatenate([NEAR, SPREAD * WIDEN ** np.arange(TRIES)])
        k = len(reach)
        tries = np.clip(centre[:, None] + np.concatenate([-reach, [0.0], reach])[None, :]
                        * sd[:, None], -LOGIT_LIMIT, LOGIT_LIMIT)
        starts, _ = conditioned(x, neg_h, tries)
        est, _ = self.laplace(tries.reshape(-1, 1), starts)
        est = est.reshape(tries.shape)
        peak = est[:, k]
        sides = ((tries[:, :k], est[:, :k]), (tries[:, k + 1:], est[:, k + 1:]))
        ends = np.column_stack([_first_below(t, e, peak, EDGE) for t, e in sides])
        steep = np.min([np.abs(_first_below(t, e, peak, DROP) - centre) for t, e in sides],
                       axis=0)
        stretch = Stretch.around(centre, np.minimum(sd, steep / DROP_SDS), ends)
        self.outermost["span"] = (stretch.rows(np.arange(len(x))), x, neg_h)
        return stretch, x, neg_h

    def level(self, prefix: np.ndarray, start: np.ndarray,
              precision: np.ndarray | None = None) -> Level:
        """The rule over coordinate L = prefix.shape[1] and the deeper ones, per row (``start``
        and ``precision``: the Laplace approximation's conditional mean and precision of the
        free coordinates, or None). A row whose end node holds more than e^-END_NODE of its
        largest is done again, that side moved out by V_GROW in the stretched variable; rows
        whose largest node is below ``floor`` (NEGLIGIBLE nats below the posterior's peak)
        hold no mass that counts and are left as they are."""
        b = len(prefix)
        stretch, mode, neg_h = self.span(prefix, start, precision)
        rows = np.arange(b)
        out = None
        for _ in range(MAX_WIDEN):
            part = self._rows(prefix[rows], stretch.rows(rows), mode[rows], neg_h[rows])
            out = part if out is None else _merged(out, part, rows)
            sub = part.sub
            top = sub.max(axis=1)
            counts = top > self.floor
            low_open = (sub[:, 0] > top - END_NODE) & counts
            high_open = (sub[:, -1] > top - END_NODE) & counts
            wide = stretch.widen(rows, low_open, high_open)
            if not wide.any():
                return out
            rows = rows[wide]
        raise NotOnePeak("a range reaches the logit limit with mass at its end")

    def _rows(self, prefix: np.ndarray, stretch: Stretch, mode: np.ndarray,
              neg_h: np.ndarray) -> Level:
        """The rule on the stretches of the rows of ``prefix`` (see :meth:`level`)."""
        b, depth = prefix.shape
        n = self.nodes[depth]
        x, log_w = stretch.nodes(n)
        longer = np.concatenate([np.repeat(prefix, n, axis=0), x.reshape(-1, 1)], axis=1)
        if depth == self.d - 1:
            sub = self.density(longer).reshape(b, n)
            points = longer.reshape(b, n, 1, self.d)
            leaf = sub[:, :, None]
        else:
            inner = self.level(longer, *conditioned(mode, neg_h, x))
            sub = inner.log_value.reshape(b, n)
            points = inner.points.reshape(b, n, -1, self.d)
            leaf = inner.log_w.reshape(b, n, -1)
        weighted = sub + log_w
        top = weighted.max(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            log_value = top + np.log(np.exp(weighted - top[:, None]).sum(axis=1))
        leaf_w = (leaf + log_w[:, :, None]).reshape(b, -1)
        return Level(log_value, x, sub, stretch, points.reshape(b, -1, self.d), leaf_w)


@dataclass
class Stretch:
    """Per row, the map z = centre + scale sinh(v) of a coordinate, and the range [lo, hi] of
    v the rule covers.

    Near the centre z moves as scale v; in the tails, exponentially. A Gaussian peak
    (scale its sd) fills |v| < 2.5, and a logistic tail e^-|z|, which a parameter the data
    hardly inform keeps from its prior, falls double-exponentially in v: a few units of v
    reach as far as tens of logits, and the integrand stays smooth for the Gauss rule."""

    centre: np.ndarray
    scale: np.ndarray
    lo: np.ndarray
    hi: np.ndarray

    @classmethod
    def around(cls, centre: np.ndarray, scale: np.ndarray, ends: np.ndarray) -> Stretch:
        """The stretch of each row from logit ``ends`` (B, 2)."""
        return cls(centre, scale, np.arcsinh((ends[:, 0] - centre) / scale),
                   np.arcsinh((ends[:, 1] - centre) / scale))

    def rows(self, rows: np.ndarray) -> Stretch:
        return Stretch(self.centre[rows], self.scale[rows], self.lo[rows], self.hi[rows])

    def nodes(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """(logit nodes (B, n), log of their weights including the map's Jacobian)."""
        xi, wi, _ = legendre(n)
        half = (self.hi - self.lo) / 2
        v = (self.lo + self.hi)[:, None] / 2 + half[:, None] * xi[None, :]
        z = self.centre[:, None] + self.scale[:, None] * np.sinh(v)
        log_w = (np.log(half * self.scale)[:, None] + np.log(wi)[None, :]
                 + np.abs(v) + np.log1p(np.exp(-2 * np.abs(v))) - np.log(2))
        return z, log_w

    def widen(self, rows: np.ndarray, low: np.ndarray, high: np.ndarray) -> np.ndarray:
        """Move the ``low``/``high`` sides of ``rows`` out by V_GROW (up to the logit limit);
        which of them moved."""
        c, s = self.centre[rows], self.scale[rows]
        floor, ceiling = np.arcsinh((-LOGIT_LIMIT - c) / s), np.arcsinh((LOGIT_LIMIT - c) / s)
        low = low & (self.lo[rows] > floor + 1e-9)
        high = high & (self.hi[rows] < ceiling - 1e-9)
        self.lo[rows] = np.where(low, np.maximum(self.lo[rows] - V_GROW, floor), self.lo[rows])
        self.hi[rows] = np.where(high, np.minimum(self.hi[rows] + V_GROW, ceiling), self.hi[rows])
        return low | high


def _merged(out: Level, part: Level, rows: np.ndarray) -> Level:
    """``out`` with its ``rows`` replaced by ``part``."""
    for name in ("log_value", "x", "sub", "points", "log_w"):
        getattr(out, name)[rows] = getattr(part, name)
    for name in ("centre", "scale", "lo", "hi"):
        getattr(out.stretch, name)[rows] = getattr(part.stretch, name)
    return out


def _first_below(ends: np.ndarray, est: np.ndarray, peak: np.ndarray, drop: float
                 ) -> np.ndarray:
    """Per row, the first of ``ends`` (B, K; moving outwards) whose estimate is ``drop`` nats
    below ``peak`` (the last, at most the logit limit, if none is)."""
    below = (est < peak[:, None] - drop) | (np.abs(ends) >= LOGIT_LIMIT)
    below[:, -1] = True
    return ends[np.arange(len(ends)), below.argmax(axis=1)]


def conditioned(mode: np.ndarray, neg_h: np.ndarray, x: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The Gaussian (Laplace) conditional of the coordinates after the first, given the first
    at nodes ``x`` (B, n): means (B n, m - 1) and precisions (B n, m - 1, m - 1), from each
    row's ``mode`` (B, m) and negative Hessian (B, m, m)."""
    n = x.shape[1]
    rest = neg_h[:, 1:, 1:]
    if rest.shape[1] == 0:
        return np.empty((x.size, 0)), np.empty((x.size, 0, 0))
    with np.errstate(invalid="ignore", divide="ignore"):
        slope = -np.linalg.solve(rest, neg_h[:, 1:, :1])[..., 0]           # (B, m - 1)
    slope = np.nan_to_num(slope)
    means = mode[:, None, 1:] + slope[:, None, :] * (x - mode[:, :1])[..., None]
    return means.reshape(-1, mode.shape[1] - 1), np.repeat(rest, n, axis=0)


# ------------------------------------------------------------------ the posterior
@dataclass(frozen=True, eq=False)
class GaussPosterior(RuleMarginals):
    """Marginals of a posterior integrated by nested Gauss rules (see the module docstring).

    ``edges``/``masses`` per parameter: FINE_BINS logit bins and their mass; ``points`` (N, d)
    the logits of every node of every ordering, ``mass`` (N,) their normalised weights (for the
    pairwise joint densities), ``error`` the stated accuracy in posterior sd.
    """

    points: np.ndarray
    mass: np.ndarray
    evaluations: int = 0
    complete: bool = True
    error: float = float("nan")

    def cell_values(self, names: tuple[str, ...]) -> dict[str, np.ndarray]:
        """Probability-scale values of ``names`` at every node (each of mass's shape)."""
        return {n: expit(self.points[:, self.names.index(n)]) for n in names}

    @property
    def how(self) -> str:
        """How it was computed, for the verdict ('with ... density evaluations')."""
        # Translators: how an exact posterior was computed, inside its verdict; {n} is a count of
        # evaluations ("4,096").
        return said("with nested Gauss-Legendre rules around the posterior's peak ({n} density "
                    "evaluations)", n=made(integer, self.evaluations))


def marginal_bins(level: Level) -> tuple[np.ndarray, np.ndarray]:
    """(FINE_BINS + 1 logit edges, mass per bin) of the outer coordinate's marginal: its log
    density at the outer nodes interpolated (barycentric, in the stretched variable v) onto
    FINE_BINS equal steps of v, and integrated by trapezoids in v."""
    st = level.stretch
    lo, hi, centre, scale = float(st.lo[0]), float(st.hi[0]), float(st.centre[0]), float(st.scale[0])
    values = level.sub[0]
    v = np.linspace(lo, hi, FINE_BINS + 1)
    log_f = interpolation_matrix(len(values), (v - (lo + hi) / 2) / ((hi - lo) / 2)) @ values
    f = np.exp(log_f - log_f.max())
    if separate_peaks(f) > 1:
        raise NotOnePeak("a marginal has several peaks")
    g = f * np.cosh(v)
    return centre + scale * np.sinh(v), (g[1:] + g[:-1]) / 2


def separate_peaks(f: np.ndarray) -> int:
    """How many peaks the density values ``f`` (on a fine increasing mesh) have that stand
    above PEAK_FLOOR of the highest and dip by at least PROMINENCE of their height on the way
    to it (a shoulder with a ripple is one peak)."""
    top = int(np.argmax(f))
    inner = np.flatnonzero((f[1:-1] > f[:-2]) & (f[1:-1] >= f[2:]) & (f[1:-1] > PEAK_FLOOR * f[top]))
    count = 1
    for i in inner + 1:
        lo, hi = sorted((int(i), top))
        if i != top and f[lo:hi + 1].min() < (1 - PROMINENCE) * f[i]:
            count += 1
    return count


def orderings(d: int) -> list[tuple[int, ...]]:
    """Per coordinate, an order of all coordinates with it first and the rest last to first:
    t (coordinate 0) innermost where it is not outermost. Given the rates, the likelihood is
    log-concave in t (a mixture weight), so t's conditional has one peak, where the others'
    need not (on a weakly identified accuracy, given a high a, t lies near 0 or near 1)."""
    return [(k,) + tuple(i for i in reversed(range(d)) if i != k) for k in range(d)]


def rule_marginals(density: LogitDensity, d: int, nodes: tuple[int, ...], mode: np.ndarray,
                   kept: dict) -> GaussPosterior:
    """The marginals of every parameter by the nested rule with ``nodes`` per level, its
    ranges centred from the posterior's ``mode`` (``kept``: per ordering, what its outermost
    level found, shared by the rules of one posterior)."""
    edges, masses, points, log_w, totals, evaluations = {}, {}, [], [], [], 0
    for order in orderings(d):
        back = np.argsort(order)
        rule = NestedRule(lambda pts, o=back: density(pts[..., o]), d, nodes,
                          mode[list(order)], float(density(mode)) - NEGLIGIBLE,
                          kept.setdefault(order, {}))
        top = rule.level(np.empty((1, 0)), mode[list(order)][None, :])
        name = density.names[order[0]]
        edges[name], masses[name] = marginal_bins(top)
        totals.append(float(top.log_value[0]))
        points.append(top.points[0][:, back])
        log_w.append(top.log_w[0] - top.log_value[0])
        evaluations += rule.evaluations
    if max(totals) - min(totals) > SAME_MASS:
        raise Unresolved(f"the orderings' total masses differ by {max(totals) - min(totals):.1e}")
    w = np.exp(np.concatenate(log_w))
    return GaussPosterior(density.names, edges, masses, np.concatenate(points), w / w.sum(),
                          evaluations)


def gauss_posterior(model: HistogramModel, hist: CountHistogram, priors: tuple[Prior, ...],
                    tolerance: float = TOLERANCE, cancelled=lambda: False,
                    level: float = DEFAULT_LEVEL) -> Attempt:
    """The exact posterior of t-a-p or the expert model by nested Gauss rules, when it can be
    trusted (two rules agree to ``tolerance`` sd on every figure, the HDI ends at ``level``);
    otherwise no posterior and the reason. Raises RuleCancelled when ``cancelled()`` turns
    true meanwhile."""
    if model.name not in ("tap", "expert"):
        return Attempt(None, f"no Gauss rule for model '{model.name}'")
    density = LogitDensity(hist, model.names, priors, cancelled)
    d = model.dim
    previous, why, evaluations = None, "no rule was tried", 0
    kept: dict[tuple[int, ...], dict] = {}
    try:
        mode, _ = global_mode(density, d)
        for rung, nodes in enumerate(LADDER[d]):
            if rung >= EAGER_RUNGS and previous is None:
                break
            try:
                rule = rule_marginals(density, d, nodes, mode, kept)
            except Unresolved as unresolved:
                if previous is None and rung:        # twice running: more nodes seldom help
                    return Attempt(None, str(unresolved))
                previous, why = None, str(unresolved)
                continue
            evaluations += rule.evaluations
            if previous is not None:
                diffs = changes(rule, previous, rule.names, level)
                if settled(diffs, tolerance):
                    return Attempt(replace(rule, evaluations=evaluations,
                                           error=float(diffs.max()) + FIGURE_ERROR))
                why = f"two rules differ by {float(diffs.max()):.4f} sd"
                if rung + 1 >= EAGER_RUNGS and float(diffs.max()) > HOPE * tolerance:
                    break
            previous = rule
    except NotOnePeak as not_one:
        return Attempt(None, str(not_one))
    return Attempt(None, why)
