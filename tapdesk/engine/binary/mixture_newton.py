"""Exact derivatives of the two-binomial mixture likelihood, and a bounded Newton ascent.

The t-a-p fit polishes its EM result (:func:`tapdesk.engine.binary.mixture_fit.polish`)
and finds its profile intervals (:mod:`tapdesk.engine.binary.tap_profile`) with
:func:`newton_ascent` on the exact gradient and Hessian below, not with
scipy.optimize: importing scipy.optimize costs about a third of a second, a
quarter of the whole ``tapdesk fit`` of a small file (start-up, issue 15), and
with three parameters in a box and exact second derivatives a projected Newton
ascent is short and converges in a few steps. ``tests/engine/binary/test_mixture_newton.py``
checks it against scipy's L-BFGS-B on many data sets, boundary cases included.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from tapdesk.data.binary import CountHistogram

Q_EDGE = 1e-15
"""q1 and q0 are kept this far inside (0, 1), so every log is finite (only corners with
a and p both within 1e-15 of an edge are affected, where the likelihood is negligible)."""

Derivatives = Callable[[np.ndarray], tuple[float, np.ndarray, np.ndarray]]


class MixtureLikelihood:
    """Log-likelihood of the mixture (t, q1, q0) on a count histogram, with exact derivatives."""

    def __init__(self, hist: CountHistogram) -> None:
        self.n = hist.n_rated.astype(float)
        self.k = hist.n_class1.astype(float)
        self.m = self.n - self.k
        self.w = np.asarray(hist.weight, float)
        self.total_weight = float(self.w.sum())
        self._rows = np.empty((10, len(self.w)))
        self._post = np.empty((2, len(self.w)))

    def value(self, x: np.ndarray) -> float:
        """ll at one point (t, q1, q0)."""
        return self.mixture_value(float(x[0]), float(x[1]), float(x[2]))

    def derivatives(self, x: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        """ll, gradient and Hessian in (t, q1, q0) at one point inside the box."""
        ll, grad, hess = self.mixture_derivatives(float(x[0]), float(x[1]), float(x[2]))
        return ll, np.array(grad), np.array(hess)

    def mixture_value(self, t: float, q1: float, q0: float) -> float:
        q1 = min(max(q1, Q_EDGE), 1 - Q_EDGE)
        q0 = min(max(q0, Q_EDGE), 1 - Q_EDGE)
        l1 = math.log(t) + math.log(q1) * self.k + math.log1p(-q1) * self.m
        l0 = math.log1p(-t) + math.log(q0) * self.k + math.log1p(-q0) * self.m
        return float(np.logaddexp(l1, l0) @ self.w)

    def mixture_derivatives(self, t: float, q1: float, q0: float):
        """ll, gradient (3 floats) and Hessian (3 x 3 nested lists) in (t, q1, q0).

        Each cell's Hessian is ``g H1 + (1-g) H0 + g (1-g) d d'`` with g the
        posterior of Class 1, H1, H0 the component log-density Hessians and
        d = (1/(t(1-t)), s1, -s0) the difference of their gradients (s the
        binomial scores); every weighted sum over cells comes from one matrix
        product.
        """
        q1 = min(max(q1, Q_EDGE), 1 - Q_EDGE)
        q0 = min(max(q0, Q_EDGE), 1 - Q_EDGE)
        k, m = self.k, self.m
        # Class 1 in row 0, Class 0 in row 1: each operation below does both components,
        # elementwise the same arithmetic as one at a time but with half the numpy calls
        both = np.array([[math.log(t), math.log(q1), math.log1p(-q1), 1 / q1, 1 / (1 - q1),
                          -1 / q1 ** 2, 1 / (1 - q1) ** 2],
                         [math.log1p(-t), math.log(q0), math.log1p(-q0), 1 / q0, 1 / (1 - q0),
                          -1 / q0 ** 2, 1 / (1 - q0) ** 2]])
        log_joint = both[:, 0:1] + both[:, 1:2] * k + both[:, 2:3] * m
        total = np.logaddexp(log_joint[0], log_joint[1])
        post = self._post                                    # g (Class 1 posterior), h = 1 - g
        post[0] = np.exp(log_joint[0] - total)
        post[1] = 1.0 - post[0]
        score = k * both[:, 3:4] - m * both[:, 4:5]          # s1, s0
        curve = k * both[:, 5:6] - m * both[:, 6:7]          # c1, c0
        gh = post[0] * post[1]
        gh_score = gh * score
        rows = self._rows                # every weighted sum below from one matrix product
        rows[0], rows[1], rows[2:4] = total, post[0], post * score
        rows[4:6] = post * curve + gh_score * score
        rows[6], rows[7:9], rows[9] = gh, gh_score, gh_score[0] * score[1]
        sums = rows @ self.w
        ll, g_sum, g_q1, g_q0, h_11, h_00, gh_sum, gh_s1, gh_s0, gh_s10 = sums.tolist()
        dt = 1 / (t * (1 - t))
        g_t = g_sum / t - (self.total_weight - g_sum) / (1 - t)
        h_tt = -g_sum / t ** 2 - (self.total_weight - g_sum) / (1 - t) ** 2 + gh_sum * dt * dt
        h_t1, h_t0, h_10 = dt * gh_s1, -dt * gh_s0, -gh_s10
        return ll, [g_t, g_q1, g_q0], [[h_tt, h_t1, h_t0], [h_t1, h_11, h_10], [h_t0, h_10, h_00]]


def ascent_direction(grad: np.ndarray, hess: np.ndarray) -> np.ndarray:
    """Newton step for a maximum, with the Hessian made negative definite first."""
    if len(grad) == 1:
        return grad / max(abs(float(hess[0, 0])), 1e-12)
    if len(grad) == 2:
        h00, h01, h11 = float(hess[0, 0]), float(hess[0, 1]), float(hess[1, 1])
        det = h00 * h11 - h01 * h01
        if h00 < 0 and det > 1e-12 * max(h00 * h00, h11 * h11):     # negative definite: Newton
            return np.array([(-h11 * grad[0] + h01 * grad[1]) / det,
                             (h01 * grad[0] - h00 * grad[1]) / det])
    values, vectors = np.linalg.eigh(hess)
    scale = max(float(np.abs(values).max()), 1e-12)
    values = -np.maximum(np.abs(values), 1e-8 * scale)
    return vectors @ ((vectors.T @ grad) / -values)


def newton_ascent(derivatives: Derivatives, value_at: Callable[[np.ndarray], float],
                  x: np.ndarray, indices: Sequence[int], low: float, high: float,
                  tolerance: Callable[[float], float], max_steps: int
                  ) -> tuple[np.ndarray, float, np.ndarray]:
    """Projected Newton ascent over the parameters ``indices`` of ``x`` inside [low, high].

    A parameter on an edge whose gradient points outward stays there; the
    others take a Newton step (:func:`ascent_direction`), projected into the
    box and halved until it gains enough (Armijo). It stops when a step
    promises or brings no more than ``tolerance(value)`` nats, when every
    parameter is held by an edge, or after ``max_steps`` steps. Returns the
    maximiser, its log-likelihood and gradient (all parameters).
    """
    indices = list(indices)
    value, grad, hess = derivatives(x)
    for _ in range(max_steps):
        g = grad[indices]
        u, gl = x[indices].tolist(), g.tolist()              # Python floats: faster to compare
        free = [j for j in range(len(indices))
                if not ((u[j] <= low * 1.0000001 and gl[j] < 0) or (u[j] >= high - 1e-12
                                                                    and gl[j] > 0))]
        if not free:
            break
        cols = [indices[j] for j in free]
        step = np.zeros(len(indices))
        step[free] = ascent_direction(g[free], hess[cols][:, cols])
        tol = tolerance(value)
        if g @ step <= tol:
            break
        x, new, improved = _line_search(value_at, indices, x, value, g, step, low, high)
        if not improved:
            break
        crawling = new - value <= tol                  # converged, or creeping along a ridge
        value, grad, hess = derivatives(x)
        if crawling:
            break
    return x, value, grad


def _line_search(value_at, indices, x, value, g, step, low, high):
    alpha = 1.0
    while alpha > 1e-12:
        trial = x.copy()
        trial[indices] = clip(x[indices] + alpha * step, low, high)
        new = value_at(trial)
        if np.isfinite(new) and new >= value + 1e-4 * (g @ (trial[indices] - x[indices])):
            return trial, new, new > value
        alpha *= 0.5
    return x, value, False


def clip(x: np.ndarray, low: float, high: float) -> np.ndarray:
    """np.clip(x, low, high) without its per-call overhead (these arrays are tiny)."""
    return np.minimum(np.maximum(x, low), high)
