"""Each rater's accuracy and guess rate in an explanatory fit, with Wald intervals (issue 42).

In the per-rater model they are the rater's own parameters; with rater attributes, accuracy is
what the attributes predict for the rater (``logit a_j = b0 + x_j . b``). Either way each is the
logistic of a linear function ``g . theta`` of the coordinates, so its standard error on the
logit scale is ``sqrt(g' C g)`` with C the inverse observed information (the exact gradient
differenced once), and its interval is the logit-Wald interval mapped back.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit

from tapdesk.engine.explain.data import Prepared
from tapdesk.engine.explain.likelihood import BOUND, Layout, value_and_gradient
from tapdesk.engine.explain.own import OWN_MEANING, OWN_NAME, own_accuracies
from tapdesk.engine.intervals import z_value
from tapdesk.engine.results import Estimate, RaterEstimate
from tapdesk.i18n import N_

_STEP = 1e-4


def covariance(layout: Layout, prep: Prepared, theta: np.ndarray) -> np.ndarray:
    """The inverse observed information (pseudo-inverse where it is singular)."""
    vg = value_and_gradient(layout, prep.data)
    n = len(theta)
    hessian = np.empty((n, n))
    for i in range(n):
        up, down = theta.copy(), theta.copy()
        up[i] += _STEP
        down[i] -= _STEP
        hessian[:, i] = (vg(up)[1] - vg(down)[1]) / (2 * _STEP)
    hessian = (hessian + hessian.T) / 2
    return np.linalg.pinv(-hessian)


def rater_vectors(layout: Layout, prep: Prepared, j: int) -> tuple[np.ndarray, np.ndarray | None]:
    """``g`` with logit a_j = g . theta, and the same for the guess rate (None: K > 2)."""
    g_a = _vector(layout, prep, layout.accuracy, layout.n_t, j)
    if not prep.binary:
        return g_a, None
    return g_a, _vector(layout, prep, layout.guess, layout.guess_slice.start, j)


def _vector(layout: Layout, prep: Prepared, mode: str, start: int, j: int) -> np.ndarray:
    """Rater j's logit as a linear function of the block of ``mode`` beginning at ``start``."""
    g = np.zeros(layout.size)
    g[start + (j if mode == "free" else 0)] = 1.0
    if mode == "linear":
        g[start + 1: start + 1 + layout.n_coefficients] = prep.data.x[j]
    return g


def _estimate(name: str, g: np.ndarray, theta: np.ndarray, cov: np.ndarray, level: float,
              meaning: str) -> Estimate:
    value = float(g @ theta)
    var = float(g @ cov @ g)
    on_edge = abs(value) >= BOUND - 1e-6 or not np.isfinite(var) or var <= 0
    if on_edge:
        return Estimate(name, float(expit(value)), meaning=meaning, on_boundary=abs(value) >= BOUND - 1e-6)
    se = np.sqrt(var)
    z = z_value(level)
    p = float(expit(value))
    return Estimate(name, p, se=p * (1 - p) * se,
                    ci=(float(expit(value - z * se)), float(expit(value + z * se))), meaning=meaning)


def explained_raters(layout: Layout, prep: Prepared, theta: np.ndarray,
                     level: float) -> tuple[RaterEstimate, ...]:
    """Every rater's accuracy (and, two categories, guess rate) with Wald intervals; with rater
    attributes, also the rater's own accuracy ("a_own", with its likelihood-ratio interval) beside
    the predicted one."""
    if not prep.rater_ids or prep.rater_ids == ("",):
        return ()
    cov = covariance(layout, prep, theta)
    counts = np.bincount(prep.data.rater, minlength=prep.data.n_raters)
    predicted = layout.accuracy == "linear"
    # Translators: what an explanatory fit's rater estimates mean (the Raters tab's tooltips).
    a_meaning = (N_("accuracy the rater's attributes predict") if predicted
                 else N_("probability the rater's rating is accurate"))
    own = own_accuracies(layout, prep.data, theta, np.array(
        [rater_vectors(layout, prep, j)[0] @ theta for j in range(len(prep.rater_ids))]), level) \
        if predicted else None
    out = []
    for j, rid in enumerate(prep.rater_ids):
        g_a, g_p = rater_vectors(layout, prep, j)
        estimates = [_estimate("a", g_a, theta, cov, level, a_meaning)]
        if own is not None:
            value, interval = own[j]
            estimates.append(Estimate(OWN_NAME, value, ci=interval, meaning=OWN_MEANING))
        if g_p is not None:
            estimates.append(_estimate("p", g_p, theta, cov, level,
                                       N_("probability the rater's guess is Class 1")))
        out.append(RaterEstimate(rid, int(counts[j]), tuple(estimates)))
    return tuple(out)
