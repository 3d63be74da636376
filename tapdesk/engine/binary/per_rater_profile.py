"""Profile-likelihood intervals of one rater's a, p, sensitivity and false-positive rate.

In the per-rater model rater j says Class 1 with probability q1_j for a
truly Class-1 subject and q0_j for a truly Class-0 one; its accuracy is
a_j = q1_j - q0_j (signed: a rater can answer the opposite way), its guess
rate p_j = q0_j / (1 - a_j). Near a_j = 0 the logit-Wald interval from the
delta method is far from the likelihood's shape (the issue's rater: Wald
[0.0003, 0.830] where the profile gives [0, 0.219]), so these intervals come
from the profile likelihood instead.

Fixing one quantity g(q1_j, q0_j) = v confines rater j to a line in its
(q1_j, q0_j) plane, ``(q1_j, q0_j) = base(v) + s * direction(v)``. The profile
``P(v)`` maximises the log-likelihood over t, every other rater's (q1, q0)
and the position s on that line (Newton steps with the exact information, see
:func:`rater_standing.constrained_maximum`), from the previous step's maximiser and from
the maximum-likelihood fit. Each end is where ``P`` falls to
``ll_max - chi2_1(level) / 2``, found by
:func:`tapdesk.engine.intervals.profile_end` (Newton steps on ``P``, whose
slope is the partial derivative in v at the maximiser by the envelope
theorem, safeguarded by bisection). An end whose limit is still inside the region is
the limit itself (-1 or 1 for a, 0 or 1 for the others).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.likelihood_region import Region
from tapdesk.engine.binary.per_rater_dense import dense_of, evaluate
from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams, e_step
from tapdesk.engine.binary.rater_standing import (
    FURTHER,
    MAX_EXTENSIONS,
    Contrast,
    constrained_maximum,
    labelling,
    log_likelihood_and_gradient,
)
from tapdesk.engine.intervals import chi2_1, profile_end, z_value

QUANTITIES = ("a", "p", "sensitivity", "false_positive_rate")
EDGE = 1e-7
"""Probabilities stay this far inside [0, 1] in the inner searches (well-conditioned logs)."""


@dataclass(frozen=True)
class Line:
    """Rater j's (q1, q0) with one quantity fixed at v: ``base + s * direction``.

    ``d_base`` and ``d_direction`` are their derivatives in v (for the
    profile's slope).
    """

    base: np.ndarray
    direction: np.ndarray
    d_base: np.ndarray
    d_direction: np.ndarray

    def point(self, s: float) -> np.ndarray:
        """(q1, q0) at position ``s``."""
        return self.base + s * self.direction

    def s_range(self, edge: float = EDGE) -> tuple[float, float] | None:
        """The positions keeping q1 and q0 in [edge, 1 - edge] (None when there are none)."""
        lo, hi = -np.inf, np.inf
        for b, d in zip(self.base, self.direction):
            if abs(d) < 1e-15:
                if not edge <= b <= 1 - edge:
                    return None
                continue
            ends = sorted(((edge - b) / d, (1 - edge - b) / d))
            lo, hi = max(lo, ends[0]), min(hi, ends[1])
        return (float(lo), float(hi)) if lo <= hi else None


def constraint_line(quantity: str, v: float) -> Line:
    """The line of rater (q1, q0) on which ``quantity`` equals ``v``.

    a = q1 - q0: (v + s, s); p = q0 / (1 - a): (v + s (1 - v), v - s v) with
    s = a; sensitivity q1 = v: (v, s); false-positive rate q0 = v: (s, v).
    """
    vec = lambda x, y: np.array([x, y], dtype=float)
    if quantity == "a":
        return Line(vec(v, 0), vec(1, 1), vec(1, 0), vec(0, 0))
    if quantity == "p":
        return Line(vec(v, v), vec(1 - v, -v), vec(1, 1), vec(-1, -1))
    if quantity == "sensitivity":
        return Line(vec(v, 0), vec(0, 1), vec(1, 0), vec(0, 0))
    if quantity == "false_positive_rate":
        return Line(vec(0, v), vec(1, 0), vec(0, 1), vec(0, 0))
    raise ValueError(f"no profile for '{quantity}'")


def position_on(quantity: str, q1: float, q0: float) -> float:
    """The position s on :func:`constraint_line` nearest to the rater's (q1, q0)."""
    return {"a": q0, "p": q1 - q0, "sensitivity": q0, "false_positive_rate": q1}[quantity]


def quantity_value(quantity: str, q1: float, q0: float) -> float:
    """The value of ``quantity`` at (q1, q0)."""
    if quantity == "a":
        return q1 - q0
    if quantity == "p":
        return q0 / max(1 - q1 + q0, 1e-300)
    return q1 if quantity == "sensitivity" else q0


def quantity_values(quantity: str, q1: np.ndarray, q0: np.ndarray) -> np.ndarray:
    """:func:`quantity_value` at many (q1, q0) at once."""
    if quantity == "a":
        return q1 - q0
    if quantity == "p":
        return q0 / np.maximum(1 - q1 + q0, 1e-300)
    return q1 if quantity == "sensitivity" else q0


def rater_contrast(n_raters: int, rater: int, quantity: str) -> Contrast:
    """``quantity`` of one rater as a function of (t, q1, q0), for the constrained maxima."""
    j1, j0 = 1 + rater, 1 + n_raters + rater

    def value(x: np.ndarray) -> float:
        return quantity_value(quantity, x[j1], x[j0])

    def gradient(x: np.ndarray) -> np.ndarray:
        grad = np.zeros(1 + 2 * n_raters)
        if quantity == "p":
            rest = max(1 - x[j1] + x[j0], 1e-12)
            grad[j1], grad[j0] = x[j0] / rest ** 2, (1 - x[j1]) / rest ** 2
        else:
            grad[j1], grad[j0] = {"a": (1, -1), "sensitivity": (1, 0),
                                  "false_positive_rate": (0, 1)}[quantity]
        return grad

    def values(xs: np.ndarray) -> np.ndarray:
        return quantity_values(quantity, xs[:, j1], xs[:, j0])

    return Contrast(value, gradient, values)


def limits(quantity: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """((searched lower, reported lower), (searched upper, reported upper)) of ``quantity``."""
    if quantity == "a":
        return (-1 + 2 * EDGE, -1.0), (1 - 2 * EDGE, 1.0)
    return (EDGE, 0.0), (1 - EDGE, 1.0)


class RaterProfile:
    """Profile-likelihood intervals of every rater quantity around a per-rater fit.

    Parameters
    ----------
    data
        The fitted ratings.
    params
        The maximum-likelihood (t, q1, q0).
    level
        The intervals' level: their ends are where the profile has dropped
        ``chi2_1(level) / 2`` below the maximum (1.92 nats at 0.95).
    region
        The fit's likelihood-ratio region at ``level`` (shared with the rater comparisons;
        a new one when not given).
    """

    def __init__(self, data: RaterData, params: RaterParams, level: float = 0.95,
                 region: Region | None = None) -> None:
        self.data = data
        self.estimate = np.clip(params.vector(), EDGE, 1 - EDGE)
        self.ll_max = max(log_likelihood_and_gradient(data, self.estimate)[0],
                          float(e_step(data, params)[0].sum()))
        self.target = self.ll_max - chi2_1(level) / 2
        self.z = z_value(level)
        self.region = Region(self.target, labelling(data)) if region is None else region
        self._ends: dict[tuple[int, str], tuple[float, float]] = {}

    # ----------------------------------------------------------- the profile
    def profile(self, rater: int, quantity: str, v: float, warm: np.ndarray | None = None,
                guard: bool = True) -> tuple[float, float, np.ndarray]:
        """P(v): (maximised log-likelihood, its slope in v, the maximiser (full vector)).

        The search starts from ``warm`` (a full parameter vector), and with
        ``guard`` (or without ``warm``) from the maximum-likelihood fit too,
        keeping the higher result.
        """
        line = constraint_line(quantity, v)
        span = line.s_range()
        if span is None:
            raise ValueError(f"{quantity} = {v} is outside its range")
        starts = [self.estimate] if warm is None else [warm] + ([self.estimate] if guard else [])
        contrast = rater_contrast(self.data.n_raters, rater, quantity)
        results = [constrained_maximum(self.data, start, contrast, v) for start in starts]
        value, x = max(results, key=lambda pair: pair[0])
        self.region.add(value, x)
        r = self.data.n_raters
        s = position_on(quantity, x[1 + rater], x[1 + r + rater])
        grad = evaluate(dense_of(self.data), x).gradient
        dq = line.d_base + s * line.d_direction
        slope = float(grad[1 + rater] * dq[0] + grad[1 + r + rater] * dq[1])
        return value, slope, x

    # -------------------------------------------------------------- the ends
    def interval(self, rater: int, quantity: str, se: float | None = None) -> tuple[float, float]:
        """(lower, upper) profile interval of ``quantity`` of rater ``rater`` (0-based).

        ``se``, the quantity's standard error when known, only places the
        first step of each search (at the Wald interval's end). An interval asked for again
        is the one found before, its ends checked against the region's points met since.
        """
        r = self.data.n_raters
        value = quantity_value(quantity, self.estimate[1 + rater], self.estimate[1 + r + rater])
        (lo_search, lo_report), (hi_search, hi_report) = limits(quantity)
        value = float(np.clip(value, lo_search, hi_search))
        reach = self.z * se if se is not None and np.isfinite(se) and se > 0 else None
        contrast = rater_contrast(r, rater, quantity)

        def end(side: float, search: float, report: float, found: float | None) -> float:
            if found is None:
                found = profile_end(lambda v, warm, guard: self.profile(rater, quantity, v, warm,
                                                                        guard),
                                    value, search, report, self.target, reach)
            for _ in range(MAX_EXTENSIONS):
                beyond = self.region.furthest(contrast.batch, side)
                if beyond is None or side * (beyond[0] - found) <= FURTHER:
                    break
                origin, x = float(np.clip(beyond[0], lo_search, hi_search)), beyond[1]

                def onward(v: float, warm: np.ndarray | None, guard: bool, x: np.ndarray = x):
                    return self.profile(rater, quantity, v, x if warm is None else warm, guard)
                found = profile_end(onward, origin, search, report, self.target)
            return found

        before = self._ends.get((rater, quantity), (None, None))
        ends = (end(-1.0, lo_search, lo_report, before[0]),
                end(1.0, hi_search, hi_report, before[1]))
        self._ends[(rater, quantity)] = ends
        return ends
