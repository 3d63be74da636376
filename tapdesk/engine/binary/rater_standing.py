"""Does a rater differ from the rest of the panel? One rule, computed once per per-rater fit.

For rater j of a per-rater t-a_j-p_j fit the compared quantity is the
difference between their accuracy and the rest of the panel's,

    d_j = a_j - sum_{k != j} w_k a_k / sum_{k != j} w_k,   w_k = ratings of rater k,

(and the same for the guess rate p, with weights w_k (1 - a_k), the number of
rater k's ratings that are guesses). Both sides are estimated from the same
ratings, so the interval for d_j carries the uncertainty of the others'
average too, and the correlation through the shared truth t: it is a
profile-likelihood interval (every other parameter re-maximised with d_j held
fixed), which stays honest where a rater's a or p sits near 0 or 1, where a
Wald interval on the logit scale blows up. A rater is said to differ only when
the whole interval lies on one side of 0; otherwise the words are "not shown
to differ", never "as accurate as". The interval's ends are the outermost
points of the global profile, not its first crossings (:func:`profile_bounds`).

Where the rater's own quantity cannot be estimated from the data (its own
profile interval spans NOT_IDENTIFIED_SHARE, 80%, or more of its range: a guess
rate when the rater is accurate on every rating, or a flat profile), the
comparison has no verdict: "unknown", interval None, and ``method`` begins
"cannot be estimated from these data: " followed by the reason in words.

Where the per-rater fit's profile intervals would not fit its time budget
(:func:`tapdesk.engine.binary.per_rater.profile_affordable`: many raters or
very many ratings), each rater is compared from their own labels instead
(:mod:`crowd_standing`: a likelihood ratio with the other raters held at the fit).

The summary's headline, the report's conclusion and every feedback sheet read
these records; none of them compares raters on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from tapdesk.engine.binary.likelihood_region import Batch, Region
from tapdesk.engine.binary.per_rater_dense import Point, dense_of, evaluate, information
from tapdesk.engine.binary.per_rater_em import EDGE, Covariance, RaterData, RaterParams, e_step
from tapdesk.engine.binary.rating_patterns import PatternCounts
from tapdesk.engine.binary.search_budget import spend
from tapdesk.engine.intervals import chi2_1, level_text, z_value
from tapdesk.engine.results import RaterComparison, ci_text
from tapdesk.engine.roots import bracketed_root
from tapdesk.i18n.deferred import Text, made, said

MIN_RATINGS = 10
"""Below this many ratings a rater is not compared (the interval would span most of the range)."""

QUANTITIES = ("a", "p")

NEWTON_EDGE = 1e-7
"""Newton steps stay this far inside (0, 1); a maximum closer to an edge is left to SLSQP."""

Vector = np.ndarray


@dataclass(frozen=True)
class Contrast:
    """A rater's quantity minus the weighted average of the others', as a function of the parameters."""

    value: Callable[[Vector], float]
    gradient: Callable[[Vector], Vector]
    values: Batch | None = None
    """The same at many parameter vectors at once (rows), for :class:`Region` (None: one by one)."""

    def batch(self, xs: np.ndarray) -> Vector:
        """The contrast at every row of ``xs``."""
        if self.values is not None:
            return self.values(xs)
        return np.array([self.value(x) for x in xs])


def _split(x: Vector, r: int) -> tuple[float, Vector, Vector]:
    return float(x[0]), x[1:r + 1], x[r + 1:]


def log_likelihood_and_gradient(data: RaterData, x: Vector) -> tuple[float, Vector]:
    """The per-rater log-likelihood of (t, q1, q0) and its exact gradient (the EM's: with gamma
    the posterior of Class 1, d ll / d q1_j = g1_j / q1_j - g0_j / (1 - q1_j), g the
    gamma-weighted Class-1 and Class-0 counts of rater j; the same with 1 - gamma for q0_j).
    One evaluation of a fit's profile budget (:mod:`search_budget`)."""
    spend(data.n_subjects, len(x))
    r = data.n_raters
    t, q1, q0 = _split(x, r)
    total, gamma = e_step(data, RaterParams(t, q1, q0))
    g = data.counts_t @ gamma
    h = data.cell_totals - g
    grad = np.concatenate([[gamma.sum() / t - (1 - gamma).sum() / (1 - t)],
                           g[1::2] / q1 - g[0::2] / (1 - q1),
                           h[1::2] / q0 - h[0::2] / (1 - q0)])
    return float(total.sum()), grad


def _others(weights: Vector, j: int) -> Vector:
    """Weights of the other raters, summing to 1 (rater j's own weight 0)."""
    w = np.asarray(weights, float).copy()
    w[j] = 0.0
    return w / w.sum()


def accuracy_weights(data: RaterData) -> Vector:
    """The weights of the rest of the panel's accuracy: each rater's number of ratings (the
    one definition the comparisons, the panel-wide verdicts and the rater check read)."""
    return np.asarray(data.rater_ratings, float)


def guess_weights(data: RaterData, params: RaterParams) -> Vector:
    """The weights of the rest of the panel's guess rate: each rater's number of ratings that
    are guesses at the fit, n_k (1 - a_k)."""
    return accuracy_weights(data) * np.clip(1 - (params.q1 - params.q0), 0, None)


DIRECTIONS = {"a": ("higher", "lower"), "p": ("more", "less")}
"""The verdict words of each compared quantity, above 0 and below (every per-rater fit's)."""
PROFILE_METHOD = "profile likelihood"
"""``method`` of a comparison whose interval is a profile-likelihood one."""
DIFFERENCE_LIMITS = {"a": (-2.0, 2.0), "p": (-1.0, 1.0)}
"""The range of each compared quantity's difference from the rest of the panel."""


def contrast_for(data: RaterData, params: RaterParams, j: int, name: str) -> Contrast:
    """Rater j's accuracy ("a") or guess rate ("p") minus the rest of the panel's: the one
    contrast the comparisons, the panel-wide verdicts and the rater check read."""
    if name == "a":
        return accuracy_contrast(data.n_raters, j, accuracy_weights(data))
    return guess_contrast(data.n_raters, j, guess_weights(data, params))


def _coefficients(j: int, weights: Vector) -> Vector:
    """+1 for rater j, minus the others' normalised weights."""
    coef = -_others(weights, j)
    coef[j] = 1.0
    return coef


def accuracy_contrast(r: int, j: int, weights: Vector) -> Contrast:
    """a_j minus the others' weighted mean accuracy (a = q1 - q0: linear in the parameters)."""
    return accuracy_sum(_coefficients(j, weights))


def accuracy_sum(coef: Vector) -> Contrast:
    """sum_k coef_k a_k."""
    grad = np.concatenate([[0.0], coef, -coef])
    return Contrast(lambda x: float(grad @ x), lambda x: grad, lambda xs: xs @ grad)


def guess_contrast(r: int, j: int, weights: Vector) -> Contrast:
    """p_j minus the others' weighted mean guess rate, p = q0 / (1 - q1 + q0)."""
    return guess_sum(_coefficients(j, weights))


def guess_sum(coef: Vector) -> Contrast:
    """sum_k coef_k p_k."""
    r = len(coef)

    def parts(x: Vector) -> tuple[Vector, Vector, Vector]:
        _, q1, q0 = _split(x, r)
        rest = np.maximum(1 - q1 + q0, 1e-12)
        return q0 / rest, q0 / rest ** 2, (1 - q1) / rest ** 2

    def value(x: Vector) -> float:
        return float(coef @ parts(x)[0])

    def gradient(x: Vector) -> Vector:
        _, d1, d0 = parts(x)
        return np.concatenate([[0.0], coef * d1, coef * d0])

    def values(xs: np.ndarray) -> Vector:
        q1, q0 = xs[:, 1:r + 1], xs[:, r + 1:]
        return (q0 / np.maximum(1 - q1 + q0, 1e-12)) @ coef

    return Contrast(value, gradient, values)


def constrained_maximum(data: RaterData, start: Vector, contrast: Contrast,
                        target: float) -> tuple[float, Vector]:
    """Maximum log-likelihood with the contrast held at ``target``, and where it is.

    Newton steps on the Lagrangian with the exact observed information
    (:func:`constrained_newton`) settle in a handful of steps; where they
    cannot (an estimate pressed against 0 or 1), the same steps hold the
    estimates that reach the edge of [EDGE, 1 - EDGE] there
    (:func:`constrained_on_box`); where those do not settle either (an
    information matrix that is not positive definite), SLSQP searches.
    """
    found = constrained_newton(data, start, contrast, target)
    if found is None:
        found = constrained_on_box(data, start, contrast, target)
    if found is not None:
        return found
    return constrained_slsqp(data, start, contrast, target)


def constrained_newton(data: RaterData, start: Vector, contrast: Contrast, target: float,
                       max_steps: int = 30) -> tuple[float, Vector] | None:
    """Newton's method for the equality-constrained maximum (None when it does not settle).

    Each step solves the KKT system [I a; a' 0] [dx; mu] = [grad; target - c(x)]
    (:func:`_free_newton`), with I the observed information and a the contrast's gradient, then
    halves the step until it stays inside (0, 1) and does not lower the
    log-likelihood (once the constraint holds). The likelihood and its
    derivatives come from the panel's distinct rating patterns
    (:mod:`per_rater_dense`).
    """
    counts = dense_of(data)
    point = evaluate(counts, np.clip(start, NEWTON_EDGE, 1 - NEWTON_EDGE))
    every = np.ones(len(point.x), bool)
    for _ in range(max_steps):
        gap = target - contrast.value(point.x)
        solved = _free_newton(information(counts, point), contrast.gradient(point.x),
                              point.gradient, gap, every)
        if solved is None:
            return None
        step = solved[0]
        moved = _damped(counts, point, step, abs(gap) > 1e-10)
        if moved is None:
            return None
        point = moved
        if abs(step @ point.gradient) < 1e-10 and abs(target - contrast.value(point.x)) < 1e-9:
            return point.log_likelihood, point.x
    return None


def constrained_on_box(data: RaterData, start: Vector, contrast: Contrast, target: float,
                       max_steps: int = 60) -> tuple[float, Vector] | None:
    """The equality-constrained maximum over the box [EDGE, 1 - EDGE] by Newton steps with an
    active set (None when they do not settle; SLSQP then searches, on the same box).

    Coordinates at an edge are held there while the others take the steps of
    :func:`constrained_newton`; a step that would cross an edge is cut short at it (and,
    like every step, halved while it lowers the log-likelihood once the constraint holds),
    and where it reaches the edge that coordinate is held. Once the free coordinates
    settle, a held one whose Lagrangian gradient (the log-likelihood's gradient less mu
    times the contrast's) points back into the box is let go. What is returned satisfies
    the constraint, is stationary in the free coordinates and has every held one pressing
    outward: a maximum on the box.
    """
    counts = dense_of(data)
    x = np.clip(start, EDGE, 1 - EDGE)
    held = (x <= EDGE) | (x >= 1 - EDGE)
    for _ in range(max_steps):
        point = evaluate(counts, x)
        slope, gap = contrast.gradient(x), target - contrast.value(x)
        solved = _free_newton(information(counts, point), slope, point.gradient, gap, ~held)
        if solved is None:
            return None
        step, mu = solved
        if abs(step @ point.gradient) < 1e-10 and abs(gap) < 1e-9:
            pull = (point.gradient - mu * slope) * np.where(x <= EDGE, 1.0, -1.0)
            pull[~held] = -np.inf
            if pull.max() <= 1e-8:
                return point.log_likelihood, x
            held[int(np.argmax(pull))] = False       # it would rise into the box: let it go
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            room = np.where(step > 0, (1 - EDGE - x) / step,
                            np.where(step < 0, (EDGE - x) / step, np.inf))
        blocking = int(np.argmin(room))
        reach = min(float(room[blocking]), 1.0)
        moved = _damped(counts, point, reach * step, abs(gap) > 1e-10, on_box=True)
        if moved is None:
            return None
        x = moved.x
        if reach < 1 and np.array_equal(x, point.x + reach * step):     # stopped at the edge
            x[blocking] = EDGE if step[blocking] < 0 else 1 - EDGE
            held[blocking] = True
    return None


def _free_newton(info: np.ndarray, slope: Vector, gradient: Vector, gap: float,
                 free: np.ndarray) -> tuple[Vector, float] | None:
    """The Newton step of the free coordinates (zero for the held ones) and the multiplier mu
    of the constraint, from the KKT system on the free coordinates; None where it is
    singular or not a step up."""
    index = np.flatnonzero(free)
    m = len(index)
    kkt = np.zeros((m + 1, m + 1))
    kkt[:m, :m] = info[np.ix_(index, index)]
    kkt[:m, m] = kkt[m, :m] = slope[index]
    try:
        solution = np.linalg.solve(kkt, np.append(gradient[index], gap))
    except np.linalg.LinAlgError:
        return None
    step = np.zeros_like(gradient)
    step[index] = solution[:m]
    if not np.all(np.isfinite(solution)) or step @ info @ step < -1e-12:
        return None
    return step, float(solution[m])


def _damped(counts: PatternCounts, point: Point, step: Vector, restoring: bool,
            on_box: bool = False) -> Point | None:
    """x + s * step for the largest s in 1, 1/2, 1/4 ... that does not lower ll and stays
    strictly inside (NEWTON_EDGE, 1 - NEWTON_EDGE), or, ``on_box``, within [EDGE, 1 - EDGE]."""
    scale, ll = 1.0, point.log_likelihood
    for _ in range(30):
        new = point.x + scale * step
        inside = ((new >= EDGE) & (new <= 1 - EDGE)) if on_box else \
            ((new > NEWTON_EDGE) & (new < 1 - NEWTON_EDGE))
        if np.all(inside):
            found = evaluate(counts, new)
            if restoring or found.log_likelihood >= ll - 1e-9 * (1 + abs(ll)):
                return found
        scale /= 2
    return None


def constrained_slsqp(data: RaterData, start: Vector, contrast: Contrast,
                      target: float) -> tuple[float, Vector]:
    """Maximum log-likelihood with the contrast held at ``target`` (SLSQP), and where it is.

    SLSQP is scipy's solver for smooth objectives under equality constraints;
    the log-likelihood's exact gradient keeps each search to a few dozen steps.
    """
    from scipy.optimize import minimize  # here: scipy.optimize costs start-up time

    bounds = [(EDGE, 1 - EDGE)] * len(start)

    def objective(x: Vector) -> tuple[float, Vector]:
        ll, grad = log_likelihood_and_gradient(data, np.clip(x, EDGE, 1 - EDGE))
        return -ll, -grad

    constraint = {"type": "eq", "fun": lambda x: contrast.value(x) - target,
                  "jac": contrast.gradient}
    with np.errstate(all="ignore"):
        found = minimize(objective, np.clip(start, EDGE, 1 - EDGE), jac=True, method="SLSQP",
                         bounds=bounds, constraints=[constraint],
                         options={"ftol": 1e-8, "maxiter": 300})
    x = np.clip(found.x, EDGE, 1 - EDGE)
    if abs(contrast.value(x) - target) > 1e-6:
        return -np.inf, x
    return log_likelihood_and_gradient(data, x)[0], x


def profile_bounds(data: RaterData, mle: Vector, ll_max: float, contrast: Contrast,
                   level: float, limits: tuple[float, float],
                   guess: float = 0.1, region: Region | None = None) -> tuple[float, float]:
    """The profile-likelihood interval of the contrast at ``level``, inside ``limits``.

    The interval is every value v whose profile (every other parameter
    re-maximised with the contrast held at v) stays within the cut-off; each
    end is the outermost point where the signed root of the likelihood-ratio
    statistic, r(v) = sqrt(2 (ll_max - profile(v))), reaches
    sqrt(chi2_1(level)). Near a rater's a or p of 0 or 1 the profile has
    several modes and flat stretches, so the first crossing is not always enough:

    - the first crossing going out from the estimate: r is nearly linear in
      v, so secant steps from ``guess`` (a Wald half-width) find it in three
      or four profile searches; a bracketing search takes over when they do
      not settle;
    - then the points of the likelihood-ratio region that the fit's other
      profile searches have met (``region``, :mod:`likelihood_region`; this
      search's own maximisers inside the cut-off join it): where one of them
      lies beyond the crossing, the region reaches further (a second mode, a
      plateau below the cut-off), and the search goes on outward from it to
      the next crossing, until no point lies beyond. The part of the region
      that point belongs to is traced towards the other end too (from the
      point, not from the estimate), so its points join the check there.
    """
    target = float(np.sqrt(chi2_1(level)))
    centre = contrast.value(mle)
    starts: dict[float, Vector] = {centre: mle}
    region = Region(ll_max - target ** 2 / 2, labelling(data)) if region is None else region

    def root(v: float, from_mle_too: bool = False, chain: dict[float, Vector] = starts) -> float:
        start = chain[min(chain, key=lambda k: abs(k - v))]
        ll, x = constrained_maximum(data, start, contrast, v)
        if from_mle_too and start is not mle or region.label @ x < 0:
            # a second start: the profile may have modes, and a search that crossed to the
            # mirror image (every accuracy negated) left the fit's side of the label swap
            ll_mle, x_mle = constrained_maximum(data, mle, contrast, v)
            if region.label @ x < 0 or region.label @ x_mle >= 0 and ll_mle > ll:
                ll, x = ll_mle, x_mle
        if not np.isfinite(ll) or region.label @ x < 0:
            return np.inf
        chain[v] = x
        region.add(ll, x)
        return float(np.sqrt(2 * max(ll_max - ll, 0.0)))

    def crossing(origin: float, limit: float, chain: dict[float, Vector]) -> float:
        """The first crossing going out from ``origin`` (inside) towards ``limit``, each
        profile point's search starting from the nearest one found before in ``chain``.
        From the estimate, secant steps; from another point of the region (near its edge,
        where r is not linear in v), the doubling steps of :func:`_bracketed`."""
        side = 1.0 if limit > origin else -1.0
        room = abs(limit - origin)
        if room <= 1e-9:
            return limit
        if origin != centre:
            return _bracketed(lambda v, guard: root(v, guard, chain), origin, side, room, target)
        points = [(0.0, 0.0)]
        step = min(max(guess, 1e-3), room)
        for _ in range(8):
            r = root(origin + side * step, False, chain)
            if step >= room and r <= target:
                return limit
            if abs(r - target) < 1e-3 * target:
                return origin + side * step
            points.append((step, r))
            (d1, r1), (d2, r2) = points[-2], points[-1]
            if not np.isfinite(r2) or r2 <= r1:
                break
            step = min(max(d2 + (target - r2) * (d2 - d1) / (r2 - r1), d2 / 4), room)
        return _bracketed(lambda v, guard: root(v, guard, chain), origin, side, room, target)

    ends = [crossing(centre, limit, starts) for limit in limits]
    seen: list[Vector] = []
    for _ in range(MAX_EXTENSIONS):
        moved = False
        for k, side in enumerate((-1.0, 1.0)):
            beyond = region.furthest(contrast.batch, side)
            if beyond is None or side * (beyond[0] - ends[k]) <= FURTHER or ends[k] == limits[k]:
                continue
            low, high = sorted(limits)
            origin, x = float(min(max(beyond[0], low), high)), beyond[1]
            ends[k] = crossing(origin, limits[k], {origin: x})
            seen.append(x)
            moved = True
        if not moved:
            break
    if seen:        # the profile is not monotone: the outermost points of the region, both sides
        for k, side in enumerate((-1.0, 1.0)):
            near = starts[min(starts, key=lambda v: abs(v - ends[k]))]
            further = _outermost(data, region, contrast, side, [near, *seen])
            if further is not None and side * (further - ends[k]) > FURTHER:
                low, high = sorted(limits)
                ends[k] = float(min(max(further, low), high))
    return ends[0], ends[1]


FURTHER = 1e-4
"""A point of the region beyond an end by less than this is the end itself (the searches'
own tolerance)."""
MAX_EXTENSIONS = 5
"""At most this many rounds of going on outward from points of the region beyond the ends."""


SPREAD_STARTS = 4
"""Fixed random points of the box, besides the first crossing's maximiser and the fit, from
which the outermost point of the likelihood-ratio region is searched."""


def spread_starts(data: RaterData) -> list[Vector]:
    """SPREAD_STARTS fixed points of the box on the labelled side (q1_j > q0_j for every rater)."""
    rng = np.random.default_rng(20260339)
    r = data.n_raters
    out = []
    for _ in range(SPREAD_STARTS):
        q = np.sort(rng.uniform(0.02, 0.98, (2, r)), axis=0)
        out.append(np.concatenate([[rng.uniform(0.05, 0.95)], q[1], q[0]]))
    return out


def _outermost(data: RaterData, region: Region, contrast: Contrast, side: float,
               starts: list[Vector]) -> float | None:
    """The furthest value of the contrast (towards ``side``) over the likelihood-ratio region
    {ll >= floor, sum_j n_j a_j >= 0}: SLSQP from ``starts`` and :func:`spread_starts`,
    keeping the furthest point that is in the region (None when no search ends in it). Every
    point found in it joins ``region`` (an interval end that stands on it is a point of the
    region the comparisons' tests read, :mod:`held_fit`).

    The constrained maximum at a profile interval's end is a stationary point of this
    problem, so a search from the first crossing's maximiser stays there unless the region
    reaches further; the spread starts look for the parts of the region a path from the
    estimate does not meet (a second mode, a plateau below the cut-off).
    """
    from scipy.optimize import minimize  # here: scipy.optimize costs start-up time

    counts = dense_of(data)
    label, floor = labelling(data), region.floor
    cache: dict[bytes, Point] = {}

    def at(x: Vector) -> Point:
        key = x.tobytes()
        if key not in cache:
            cache.clear()
            cache[key] = evaluate(counts, np.clip(x, EDGE, 1 - EDGE))
        return cache[key]

    constraints = [{"type": "ineq", "fun": lambda x: at(x).log_likelihood - floor,
                    "jac": lambda x: at(x).gradient},
                   {"type": "ineq", "fun": lambda x: float(label @ x), "jac": lambda x: label}]
    best: float | None = None
    for start in [*starts, *spread_starts(data)]:
        with np.errstate(all="ignore"):
            found = minimize(lambda x: (-side * contrast.value(x), -side * contrast.gradient(x)),
                             np.clip(start, EDGE, 1 - EDGE), jac=True, method="SLSQP",
                             bounds=[(EDGE, 1 - EDGE)] * len(start), constraints=constraints,
                             options={"ftol": 1e-10, "maxiter": 200})
        x = np.clip(found.x, EDGE, 1 - EDGE)
        if at(x).log_likelihood < floor - 1e-6 or label @ x < -1e-9:
            continue
        region.add(max(at(x).log_likelihood, floor), x)
        value = contrast.value(x)
        if best is None or side * value > side * best:
            best = value
    return best


def labelling(data: RaterData) -> Vector:
    """The gradient of the labelling constraint sum_j n_j a_j >= 0 in (t, q1, q0): the fit's
    Class 1 is the class the raters, weighted by ratings, call Class 1 more
    (:func:`~tapdesk.engine.binary.per_rater_em.labelled`); its mirror image, the same
    likelihood with every accuracy negated, is not part of the region."""
    n = data.rater_ratings
    return np.concatenate([[0.0], n, -n])


def _bracketed(root: Callable[[float, bool], float], centre: float, side: float, room: float,
               target: float) -> float:
    """The first crossing by doubling steps then a bracketing search (:func:`bracketed_root`;
    the secant's fallback).

    Where the profile is not monotone (a second mode of the mixture), this is
    the last point found inside before the first point outside;
    :func:`profile_bounds` then looks beyond it.
    """
    def excess(d: float) -> float:
        return -target if d == 0 else root(centre + side * d, True) - target

    inner, step = 0.0, min(0.05, room)
    while excess(step) < 0:
        if step >= room:
            return centre + side * room
        inner, step = step, min(2 * step, room)
    try:
        found = bracketed_root(excess, inner, step, xtol=1e-5)
    except ValueError:
        found = inner
    return centre + side * float(found)


@dataclass(frozen=True, eq=False)
class SharedDirection:
    """One dense direction v that many contrasts' gradients share (the rest of the panel's
    weighted mean), with cov @ v computed once: a gradient g = s v + (a few entries) then has
    g' cov g in time proportional to the number of parameters, not its square."""

    vector: Vector
    cov_v: Vector
    v_cov_v: float

    @classmethod
    def of(cls, cov: Covariance, vector: Vector) -> SharedDirection:
        cov_v = cov @ vector
        return cls(vector, cov_v, float(vector @ cov_v))

    def split(self, grad: Vector) -> tuple[float, Vector] | None:
        """(s, indices of g - s v that are not 0), or None when g is not of that form."""
        on = np.flatnonzero(self.vector)
        if len(on) == 0:
            return None
        scale = float(np.median(grad[on] / self.vector[on]))
        rest = grad - scale * self.vector
        tol = 1e-12 * max(float(np.abs(grad).max(initial=0.0)), 1e-300)
        left = np.flatnonzero(np.abs(rest) > tol)
        return (scale, left) if len(left) <= SPARSE_ENTRIES else None


SPARSE_ENTRIES = 8
"""A gradient with at most this many entries (beyond a shared direction) is summed over them."""


def quadratic_form(cov: Covariance, grad: Vector, shared: SharedDirection | None = None) -> float:
    """grad' cov grad, over the entries that are not 0 (and a shared direction's part at once)."""
    split = shared.split(grad) if shared is not None else None
    if split is not None and shared is not None:
        scale, idx = split
        rest = (grad - scale * shared.vector)[idx]
        return float(rest @ cov[np.ix_(idx, idx)] @ rest + 2 * scale * (rest @ shared.cov_v[idx])
                     + scale ** 2 * shared.v_cov_v)
    idx = np.flatnonzero(grad)
    if len(idx) <= SPARSE_ENTRIES:
        return float(grad[idx] @ cov[np.ix_(idx, idx)] @ grad[idx])
    return float(grad @ cov @ grad)


def wald_bounds(cov: Covariance, known: Vector, mle: Vector, contrast: Contrast,
                level: float, shared: SharedDirection | None = None) -> tuple[float, float] | None:
    """Wald interval of the contrast from the fit's covariance (None where it is not known).

    ``shared`` (:func:`panel_directions`) makes it quick for the contrasts against the panel."""
    grad = contrast.gradient(mle)
    used = np.abs(grad) > 0
    if not known[used].all():
        return None
    se = float(np.sqrt(max(quadratic_form(cov, grad, shared), 0.0)))
    centre = contrast.value(mle)
    return centre - z_value(level) * se, centre + z_value(level) * se


def panel_directions(data: RaterData, params: RaterParams, cov: Covariance, mle: Vector,
                     known: Vector | None = None) -> dict[str, SharedDirection]:
    """Per compared quantity, the gradient of the whole panel's weighted sum (every
    comparison's gradient is a multiple of it plus the compared rater's own entries), over the
    raters whose estimates all have a variance (``known``; all raters when None)."""
    whole = np.ones(data.n_raters, bool) if known is None else rater_known(known)
    sums = {"a": accuracy_sum(accuracy_weights(data) * whole),
            "p": guess_sum(guess_weights(data, params) * whole)}
    return {name: SharedDirection.of(cov, c.gradient(mle)) for name, c in sums.items()}


def rater_known(known: Vector) -> Vector:
    """Per rater, whether both its estimates (q1 and q0) have a variance in the fit."""
    r = (len(known) - 1) // 2
    return known[1:r + 1] & known[r + 1:]


HALF_RANGE = {"a": 1.0, "p": 0.5}
"""Half the range of a rater's accuracy (-1 to 1) and guess rate (0 to 1): no estimate of a
quantity confined to a range varies by more than half that range (its standard deviation)."""


def panel_wald_bounds(cov: Covariance, known: Vector, mle: Vector, contrast: Contrast, j: int,
                      coef: Vector, name: str, level: float,
                      shared: SharedDirection | None = None) -> tuple[float, float] | None:
    """Wald interval of rater j's difference from the rest of the panel (None where rater j's
    own estimates have no variance).

    With many raters some of the others' estimates sit at 0 or 1, where the observed
    information gives them no variance; one of them would leave every comparison without an
    interval. Each such rater k enters the rest of the panel's mean with its weight c_k, and its
    estimate's standard deviation is at most :data:`HALF_RANGE`; those raters' part of the
    standard error is taken at that bound, sqrt(sum c_k^2) times it (their estimates varying
    independently, as the raters' blocks of the information do), and added to the rest's
    standard error (the sum of two standard deviations bounds the standard deviation of the
    sum, whatever their correlation). The interval is wider than the one the information would
    give if it had them, never narrower."""
    whole = rater_known(known)
    if not whole[j] or not known[0] and abs(contrast.gradient(mle)[0]) > 0:
        return None
    grad = contrast.gradient(mle).copy()
    r = len(whole)
    grad[1:r + 1][~whole] = 0.0
    grad[r + 1:][~whole] = 0.0
    edge = HALF_RANGE[name] * float(np.sqrt(np.sum(coef[~whole] ** 2)))
    se = float(np.sqrt(max(quadratic_form(cov, grad, shared), 0.0))) + edge
    centre = contrast.value(mle)
    return centre - z_value(level) * se, centre + z_value(level) * se


def verdict(interval: tuple[float, float] | None, words: tuple[str, str]) -> str:
    """words[0] when the interval lies above 0, words[1] below, else "not shown to differ"."""
    if interval is None:
        return "unknown"
    if interval[0] > 0:
        return words[0]
    if interval[1] < 0:
        return words[1]
    return "not shown to differ"


def compare_raters(data: RaterData, params: RaterParams, ll_max: float, rater_ids: tuple[str, ...],
                   cov: Covariance, known: Vector, level: float,
                   cancelled: Callable[[], bool] = lambda: False, own: OwnInterval | None = None,
                   region: Region | None = None) -> tuple[RaterComparison, ...]:
    """Every rater's accuracy and guess rate against the rest of the panel, at ``level``.

    ``own(j, name)`` is rater j's own profile interval of a or p (the per-rater fit's,
    :class:`~tapdesk.engine.binary.per_rater_profile.RaterProfile`; found here by
    :func:`profile_bounds` when it is not given), which says whether the quantity can be
    estimated at all, and ``region`` holds the points of the likelihood-ratio region the fit's profile
    searches have met (:mod:`likelihood_region`). Once every comparison has its interval,
    each end is checked again against every point met, and goes on outward from one that
    lies beyond it. (Past the profile budget, :mod:`crowd_standing` compares the raters.)
    """
    r = data.n_raters
    if r < 2:
        return ()
    mle = params.vector()
    if region is None:
        region = Region(ll_max - chi2_1(level) / 2, labelling(data))
    if own is None:
        own = own_profile(data, mle, ll_max, level, region)
    weights = {"a": accuracy_weights(data), "p": guess_weights(data, params)}
    makers = {"a": accuracy_contrast, "p": guess_contrast}
    shared = panel_directions(data, params, cov, mle, known)
    limits = DIFFERENCE_LIMITS
    words = DIRECTIONS
    out: list[RaterComparison] = []
    searched: dict[int, tuple[Contrast, float]] = {}
    for j in range(r):
        rid = rater_ids[data.rater_codes[j]]
        for name in QUANTITIES:
            if cancelled():
                return ()
            span = own_span(data, mle, j, name, level, cov, known, own)
            comparison, guess = _one(data, mle, ll_max, cov, known, level, j, rid, name,
                                     makers[name], weights[name], limits[name], words[name],
                                     span, region, shared[name])
            if guess is not None:
                searched[len(out)] = contrast_for(data, params, j, name), guess
            out.append(comparison)
    for _ in range(MAX_EXTENSIONS):           # a point met by a later search may lie beyond
        moved = False
        for k, (contrast, guess) in searched.items():
            old = out[k]
            if cancelled():
                return ()
            if old.interval is None or not short(region, contrast, old.interval):
                continue
            interval = profile_bounds(data, mle, ll_max, contrast, level, limits[old.name], guess,
                                      region)
            out[k] = replace(old, interval=interval, verdict=verdict(interval, words[old.name]))
            moved = True
        if not moved:
            break
    return tuple(out)


OwnInterval = Callable[[int, str], tuple[float, float]]
"""Rater j's own profile interval of "a" or "p" (0-based j)."""


def short(region: Region, contrast: Contrast, interval: tuple[float, float]) -> bool:
    """Whether a point of ``region`` lies beyond either end of ``interval`` (by FURTHER)."""
    for end, side in zip(interval, (-1.0, 1.0)):
        beyond = region.furthest(contrast.batch, side)
        if beyond is not None and side * (beyond[0] - end) > FURTHER:
            return True
    return False


def own_contrast(r: int, j: int, name: str) -> Contrast:
    """Rater j's own accuracy (``name`` "a") or guess rate ("p") as a contrast (the others'
    weight 0)."""
    if name == "a":
        grad = np.zeros(1 + 2 * r)
        grad[1 + j], grad[1 + r + j] = 1.0, -1.0
        return Contrast(lambda x: float(grad @ x), lambda x: grad, lambda xs: xs @ grad)

    def parts(x: Vector) -> tuple[float, float, float]:
        q1, q0 = x[1 + j], x[1 + r + j]
        rest = max(1 - q1 + q0, 1e-12)
        return q0 / rest, q0 / rest ** 2, (1 - q1) / rest ** 2

    def gradient(x: Vector) -> Vector:
        grad = np.zeros(1 + 2 * r)
        _, grad[1 + j], grad[1 + r + j] = parts(x)
        return grad

    def values(xs: np.ndarray) -> Vector:
        q1, q0 = xs[:, 1 + j], xs[:, 1 + r + j]
        return q0 / np.maximum(1 - q1 + q0, 1e-12)

    return Contrast(lambda x: float(parts(x)[0]), gradient, values)


OWN_RANGE = {"a": (-1.0, 1.0), "p": (0.0, 1.0)}
NOT_IDENTIFIED_SHARE = 0.8
"""A rater's own accuracy or guess rate whose interval spans at least this share of its range
cannot be estimated from the data, and neither can its difference from the panel."""


def own_profile(data: RaterData, mle: Vector, ll_max: float, level: float,
                region: Region) -> OwnInterval:
    """Rater j's own profile interval of a or p by :func:`profile_bounds` (where the per-rater
    fit's :class:`~tapdesk.engine.binary.per_rater_profile.RaterProfile` is not at hand)."""
    def interval(j: int, name: str) -> tuple[float, float]:
        contrast = own_contrast(data.n_raters, j, name)
        return profile_bounds(data, mle, ll_max, contrast, level, OWN_RANGE[name], 0.1, region)
    return interval


def own_span(data: RaterData, mle: Vector, j: int, name: str, level: float, cov: Covariance,
             known: Vector, own: OwnInterval | None) -> tuple[float, float] | None:
    """How far rater j's own ``name`` reaches over the likelihood-ratio region at ``level``:
    its profile interval (``own``), or without profiles its Wald interval (None when neither
    is known)."""
    if own is not None:
        try:
            return own(j, name)
        except (ValueError, FloatingPointError, np.linalg.LinAlgError):
            pass                    # as for the raters' intervals: Wald where the search fails
    low, high = OWN_RANGE[name]
    wald = wald_bounds(cov, known, mle, own_contrast(data.n_raters, j, name), level)
    return None if wald is None else (max(wald[0], low), min(wald[1], high))


def not_identified(rid: str, name: str, span: tuple[float, float] | None, accuracy: float,
                   level: float) -> Text | None:
    """Why rater ``rid``'s ``name`` cannot be estimated from these data (None when it can):
    its own interval spans NOT_IDENTIFIED_SHARE or more of its range. ``accuracy`` is the
    rater's estimated a (a guess rate is out of reach mostly because a is near 1). The
    comparison's ``method``: "cannot be estimated from these data: " and the reason, written
    in the language it is shown in (its English as before)."""
    low, high = OWN_RANGE[name]
    if span is None or span[1] - span[0] < NOT_IDENTIFIED_SHARE * (high - low):
        return None
    # Translators: an interval's ends ("0.00 to 1.00") and its level ("95%").
    shown = said("{interval} ({level} interval)", interval=made(ci_text, span, 2),
                 level=made(level_text, level))
    if name == "p" and accuracy >= 0.9:
        # Translators: {rater} is a rater's name; {span} an interval with its level
        # ("0.00 to 1.00 (95% interval)").
        why = said("{rater} was accurate on (nearly) every rating the model could check, so how "
                   "{rater} guesses cannot be told: the guess rate could be anything from {span}",
                   rater=rid, span=shown)
    elif name == "p":
        # Translators: {rater} is a rater's name; {span} an interval with its level.
        why = said("these ratings cannot tell how {rater} guesses: the guess rate could be "
                   "anything from {span}", rater=rid, span=shown)
    else:
        # Translators: {rater} is a rater's name; {span} an interval with its level.
        why = said("these ratings cannot tell how often {rater} is accurate: the accuracy could "
                   "be anything from {span}", rater=rid, span=shown)
    # Translators: a comparison's verdict when the data cannot pin its quantity down; {reason}
    # says why ("these ratings cannot tell how J2 guesses: ...").
    return said("cannot be estimated from these data: {reason}", reason=why)


CANNOT = "cannot be estimated from these data: "
"""How ``method`` begins where a comparison has no verdict because the data cannot tell."""


def not_compared(data: RaterData, j: int, others: bool) -> Text | None:
    """Why rater j is not compared with the rest of the panel at all (None when it is):
    too few ratings, the same rating every time, or no other rater (``others`` False)."""
    return why_not_compared(int(data.rater_ratings[j]), int(data.rater_class1[j]), others)


def why_not_compared(n_ratings: int, n_class1: int, others: bool = True) -> Text | None:
    """Why a rater with ``n_ratings`` ratings, ``n_class1`` of them Class 1, is not compared
    (None when they are); in English, and in the language it is shown in."""
    if n_ratings < MIN_RATINGS:
        # Translators: why a rater is not compared with the rest of the panel.
        return said("too few ratings")
    if n_class1 in (0, n_ratings):
        # Translators: why a rater is not compared with the rest of the panel.
        return said("the same rating every time")
    # Translators: why a rater is not compared with the rest of the panel.
    return None if others else said("no other rater to compare")


def _one(data, mle, ll_max, cov, known, level, j, rid, name, maker, weights, limits, words,
         span, region, shared=None) -> tuple[RaterComparison, float | None]:
    """One comparison, with the first step of its profile search (None without one)."""
    why = not_compared(data, j, np.delete(weights, j).sum() > 0)
    if why is not None:
        return RaterComparison(rid, name, float("nan"), None, "unknown", why, level), None
    r = data.n_raters
    contrast = maker(r, j, weights)
    why_not = not_identified(rid, name, span, float(mle[1 + j] - mle[1 + r + j]), level)
    if why_not is not None:
        return RaterComparison(rid, name, contrast.value(mle), None, "unknown", why_not,
                               level), None
    wald = panel_wald_bounds(cov, known, mle, contrast, j, _coefficients(j, weights), name,
                             level, shared)
    guess = (wald[1] - wald[0]) / 2 if wald is not None else 0.1
    interval = profile_bounds(data, mle, ll_max, contrast, level, limits, guess, region)
    return RaterComparison(rid, name, contrast.value(mle), interval, verdict(interval, words),
                           PROFILE_METHOD, level), guess
