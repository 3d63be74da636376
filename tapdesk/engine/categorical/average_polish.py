"""The last stretch of the average K-category fit: Newton ascent from EM's best starts.

EM crawls near a maximum; a few Newton steps on softmax/logit coordinates (t and p as
softmaxes of K logits each, a as a logistic) finish the climb. The gradient is exact (Fisher's
identity: one E-step); the Hessian is its central difference. The ascent is the bounded Newton
ascent of the binary fit (:func:`~tapdesk.engine.binary.mixture_newton.newton_ascent`, here
without bounds), not scipy's L-BFGS-B: importing scipy.optimize costs a ``tapdesk fit`` of a
small K-category file about a sixth of its CPU time, and with 2K + 1 coordinates and a
Hessian a projected Newton ascent stops in a few steps. Softmax coordinates have one flat
direction per simplex (adding a constant to every logit); the gradient is zero along it and
the ascent's eigenvalue floor keeps the step there negligible.
"""

from __future__ import annotations

import numpy as np
from scipy.special import expit, softmax

from tapdesk.engine.binary.mixture_newton import newton_ascent
from tapdesk.engine.categorical.likelihood import (
    CountPatterns,
    TapK,
    e_step,
    log_likelihood,
    natural_gradient,
)

LOGIT_FLOOR = -40.0
POLISH_TOL = 1e-15
"""The ascent stops when a Newton step promises or brings less than this times (1 + |ll|)."""
MAX_POLISH_STEPS = 100
HESSIAN_STEP = 1e-5
"""Central-difference step of the Hessian (logit scale)."""


def unpack(x: np.ndarray, k: int) -> TapK:
    return TapK(softmax(x[:k]), float(expit(x[k])), softmax(x[k + 1:]))


def pack(theta: TapK) -> np.ndarray:
    def logits(v):
        return np.maximum(np.log(np.maximum(v, 1e-300)), LOGIT_FLOOR)
    a = float(np.clip(theta.a, 1e-17, 1 - 1e-16))
    return np.concatenate([logits(theta.t), [np.log(a) - np.log1p(-a)], logits(theta.p)])


def value_and_gradient(patterns: CountPatterns, x: np.ndarray) -> tuple[float, np.ndarray]:
    """Log-likelihood and its exact gradient in softmax/logit coordinates."""
    k = patterns.k
    th = unpack(x, k)
    step = e_step(patterns, th)
    g = natural_gradient(step, th)
    g_t, g_a, g_p = g[:k], g[k], g[k + 1:]
    grad = np.concatenate([th.t * (g_t - th.t @ g_t), [g_a * th.a * (1 - th.a)],
                           th.p * (g_p - th.p @ g_p)])
    return step.log_likelihood, grad


def derivatives(patterns: CountPatterns, x: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """Log-likelihood, gradient and (central-difference, symmetrised) Hessian at ``x``."""
    value, grad = value_and_gradient(patterns, x)
    hess = np.empty((len(x), len(x)))
    for j in range(len(x)):
        e = np.zeros(len(x))
        e[j] = HESSIAN_STEP
        hess[:, j] = (value_and_gradient(patterns, x + e)[1]
                      - value_and_gradient(patterns, x - e)[1]) / (2 * HESSIAN_STEP)
    return value, grad, (hess + hess.T) / 2


def polish(patterns: CountPatterns, theta: TapK, converged: bool = True) -> TapK:
    """Newton ascent from ``theta`` (see the module doc), or L-BFGS-B where the EM start
    stopped at its iteration cap (:func:`lbfgs_polish`); never worse than ``theta``."""
    if not converged:
        return lbfgs_polish(patterns, theta)
    k = patterns.k
    x, _, _ = newton_ascent(lambda z: derivatives(patterns, z),
                            lambda z: log_likelihood(patterns, unpack(z, k)), pack(theta),
                            range(len(theta.as_vector())), -np.inf, np.inf,
                            lambda value: POLISH_TOL * (1 + abs(value)), MAX_POLISH_STEPS)
    cand = unpack(x, k)
    return cand if log_likelihood(patterns, cand) > log_likelihood(patterns, theta) else theta


def lbfgs_polish(patterns: CountPatterns, theta: TapK) -> TapK:
    """scipy's L-BFGS-B on the same coordinates, for a start whose EM did not converge.

    Such a start crawls along a ridge or toward a boundary, where a Newton step promises
    little and the ascent stops early; L-BFGS-B went on further there (2e-7 nats on a
    6-category panel of two raters), and the import it costs is paid only then."""
    from scipy.optimize import minimize  # here, not at the top: see the module doc
    k = patterns.k
    scale = 1.0 / max(patterns.n_ratings, 1.0)

    def objective(x):
        value, grad = value_and_gradient(patterns, x)
        return -value * scale, -grad * scale

    res = minimize(objective, pack(theta), jac=True, method="L-BFGS-B",
                   options={"ftol": 1e-16, "gtol": 1e-11, "maxiter": 2000})
    cand = unpack(res.x, k)
    return cand if log_likelihood(patterns, cand) > log_likelihood(patterns, theta) else theta
