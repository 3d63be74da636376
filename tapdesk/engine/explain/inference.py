"""Intervals and tests of the explanatory models (issue 42).

* **Profile-likelihood intervals** for every group's class share and every accuracy
  coefficient: the parameter is one coordinate (a share through the layout's focus class), so
  :func:`tapdesk.engine.intervals.profile_interval` re-maximises every other coordinate. An end
  that reaches the coordinate's box is the range's end (0 or 1 for a share); for a coefficient
  it is open: the data cannot bound it (None).
* **The effect in points of accuracy** between two attribute values, ``d = a(high) - a(low)``:
  its profile is maximised over the curve where d is fixed, parametrised by the accuracy at
  ``low`` (``a(high) = a(low) + d``), and its ends found by bisection (``brentq``).
* **The nested models** of the likelihood-ratio tests (one class share for every group;
  constant accuracy; the tests themselves, calibrated on small data, are
  :mod:`tapdesk.engine.explain.calibrate`'s), and each coefficient's own test at 0, for
  issue 32's panel-wide verdicts (:func:`tapdesk.engine.binary.rater_family.holm_adjusted`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from scipy.optimize import brentq, minimize
from scipy.special import chdtrc, expit, logit

from tapdesk.engine.explain.likelihood import (
    BOUND,
    ExplainData,
    Layout,
    pack_shares,
    shares,
    value_and_gradient,
)
from tapdesk.engine.explain.optimise import local_maximum, maximise, start_points
from tapdesk.engine.intervals import chi2_1, profile_interval

_EDGE = 1e-6


def refocused(layout: Layout, theta: np.ndarray, focus: int) -> tuple[Layout, np.ndarray]:
    """The same point in the layout whose coordinate is class ``focus``'s share."""
    new = layout.with_focus(focus)
    out = theta.copy()
    out[: layout.n_t] = pack_shares(new, shares(layout, theta))
    return new, out


def share_interval(layout: Layout, data: ExplainData, theta: np.ndarray, ll_max: float,
                   group: int, category: int, level: float) -> tuple[float, float]:
    """Profile interval of group ``group``'s share of class ``category``."""
    lay, x = refocused(layout, theta, category)
    return probability_interval(lay, data, x, ll_max, lay.t_index(group), level)


def probability_interval(layout: Layout, data: ExplainData, theta: np.ndarray, ll_max: float,
                         index: int, level: float) -> tuple[float, float]:
    """Profile interval of a probability that is the logistic of one coordinate (an end at the
    coordinate's box is the range's end)."""
    lo, hi = _coordinate(layout, data, theta, ll_max, index, level)
    return (0.0 if lo <= -BOUND + 1e-9 else float(expit(lo)),
            1.0 if hi >= BOUND - 1e-9 else float(expit(hi)))


def coordinate_interval(layout: Layout, data: ExplainData, theta: np.ndarray, ll_max: float,
                        index: int, level: float) -> tuple[float, float] | None:
    """Profile interval of one coordinate; None when an end reaches its box (open)."""
    lo, hi = _coordinate(layout, data, theta, ll_max, index, level)
    box = layout.bounds(data.x)[index]
    if lo <= box[0] + 1e-9 or hi >= box[1] - 1e-9:
        return None
    return float(lo), float(hi)


def _coordinate(layout: Layout, data: ExplainData, theta: np.ndarray, ll_max: float, index: int,
                level: float) -> tuple[float, float]:
    vg = value_and_gradient(layout, data)
    return profile_interval(lambda x: vg(x)[0], theta, index, ll_max, layout.bounds(data.x),
                            value_and_grad=vg, level=level)


@dataclass(frozen=True)
class Contrast:
    """Accuracy at two attribute settings: coefficient ``m`` at (centred) ``low`` and ``high``."""

    m: int
    low: float
    high: float

    def accuracies(self, layout: Layout, theta: np.ndarray) -> tuple[float, float]:
        b0, b = theta[layout.n_t], theta[layout.coefficient_index(self.m)]
        return float(expit(b0 + b * self.low)), float(expit(b0 + b * self.high))

    def effect(self, layout: Layout, theta: np.ndarray) -> float:
        lo, hi = self.accuracies(layout, theta)
        return hi - lo


def effect_interval(layout: Layout, data: ExplainData, theta: np.ndarray, ll_max: float,
                    contrast: Contrast, level: float) -> tuple[float, float]:
    """Profile interval of the difference in accuracy ``contrast`` describes."""
    target = ll_max - chi2_1(level) / 2
    estimate = contrast.effect(layout, theta)
    profile = _EffectProfile(layout, data, theta, contrast)

    def end(limit: float) -> float:
        inside = estimate
        for frac in (0.05, 0.12, 0.25, 0.4, 0.6, 0.8, 0.95, 1.0):
            v = estimate + frac * (limit - estimate)
            if profile(v) < target:
                return float(brentq(lambda u: profile(u) - target, inside, v, xtol=1e-5))
            inside = v
        return limit

    return end(-1.0 + _EDGE), end(1.0 - _EDGE)


class _EffectProfile:
    """``v -> max log-likelihood with a(high) - a(low) = v`` (warm-started)."""

    def __init__(self, layout: Layout, data: ExplainData, theta: np.ndarray, contrast: Contrast):
        self.layout, self.data, self.theta, self.c = layout, data, theta, contrast
        self.vg = value_and_gradient(layout, data)
        self.i0, self.im = layout.n_t, layout.coefficient_index(contrast.m)
        self.others = [i for i in range(layout.size) if i not in (self.i0, self.im)]
        self.bounds = [layout.bounds(data.x)[i] for i in self.others]
        self.known: dict[float, float] = {}

    def _point(self, v: float, s: float) -> tuple[np.ndarray, float, float]:
        """(b0, b) for accuracy-at-low position s, and their derivatives in s."""
        lo_a, hi_a = max(0.0, -v) + _EDGE, min(1.0, 1.0 - v) - _EDGE
        a_low = lo_a + (hi_a - lo_a) * expit(s)
        a_high = a_low + v
        da = (hi_a - lo_a) * expit(s) * (1 - expit(s))
        al, ah = logit(a_low), logit(a_high)
        width = self.c.high - self.c.low
        b = (ah - al) / width
        b0 = al - b * self.c.low
        d_al, d_ah = da / (a_low * (1 - a_low)), da / (a_high * (1 - a_high))
        db = (d_ah - d_al) / width
        return np.array([b0, b]), d_al - db * self.c.low, db

    def __call__(self, v: float) -> float:
        v = float(v)
        if v not in self.known:
            self.known[v] = self._maximum(v)
        return self.known[v]

    def _maximum(self, v: float) -> float:
        full = self.theta.copy()

        def negative(z: np.ndarray) -> tuple[float, np.ndarray]:
            (b0, b), d_b0, d_b = self._point(v, z[0])
            full[self.i0], full[self.im] = b0, b
            full[self.others] = z[1:]
            value, grad = self.vg(full)
            if not np.isfinite(value):
                return 1e300, np.zeros_like(z)
            g_s = grad[self.i0] * d_b0 + grad[self.im] * d_b
            return -value, -np.concatenate([[g_s], grad[self.others]])

        lo, hi = self.c.accuracies(self.layout, self.theta)
        lo_a, hi_a = max(0.0, -v) + _EDGE, min(1.0, 1.0 - v) - _EDGE
        frac = np.clip((lo - lo_a) / (hi_a - lo_a), 1e-4, 1 - 1e-4)
        start = np.concatenate([[logit(frac)], self.theta[self.others]])
        out = minimize(negative, start, jac=True, method="L-BFGS-B",
                       bounds=[(-20.0, 20.0)] + self.bounds)
        return -float(out.fun)


def without_groups(layout: Layout, data: ExplainData, theta: np.ndarray
                   ) -> tuple[Layout, ExplainData, np.ndarray]:
    """The nested model with one class share for every subject, and a start from ``theta``."""
    lay = replace(layout, n_groups=1)
    one = replace(data, group=np.zeros_like(data.group), n_groups=1)
    t = shares(layout, theta)
    pooled = (np.bincount(data.group, minlength=layout.n_groups) @ t) / data.n_subjects
    start = np.concatenate([pack_shares(lay, pooled[None, :]), theta[layout.n_t:]])
    return lay, one, start


def without_attributes(layout: Layout, data: ExplainData, theta: np.ndarray
                       ) -> tuple[Layout, ExplainData, np.ndarray]:
    """The nested model with constant accuracy (and guess rate, when it was linear)."""
    guess = "shared" if layout.guess == "linear" else layout.guess
    lay = replace(layout, accuracy="shared", guess=guess, n_coefficients=0)
    none = replace(data, x=np.zeros((data.n_raters, 0)))
    g = theta[layout.guess_slice]
    start = np.concatenate([theta[: layout.n_t], theta[layout.n_t: layout.n_t + 1],
                            g[:1] if layout.guess == "linear" else g])
    return lay, none, start


def nested_maximum(layout: Layout, data: ExplainData, start: np.ndarray, cancel, seed: int,
                   max_iterations: int, tolerance: float, n_extra: int = 2):
    """Generator: the nested model's maximum from ``start`` and a few fresh starts."""
    starts = [start] + start_points(layout, data, n_extra + 1, seed)[1:]
    best = yield from maximise(layout, data, starts, cancel, 0, max_iterations=max_iterations,
                               tolerance=tolerance, emit=False)
    return best


def coefficient_p_value(layout: Layout, data: ExplainData, theta: np.ndarray, ll_max: float,
                        m: int) -> float:
    """The likelihood-ratio test of coefficient ``m`` = 0, the others free."""
    index = layout.coefficient_index(m)
    start = theta.copy()
    start[index] = 0.0
    found, _ = local_maximum(layout, data, start, fixed={index: 0.0})
    return float(chdtrc(1, max(2 * (ll_max - found.log_likelihood), 0.0)))
