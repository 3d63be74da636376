"""An independent global profile, for checking interval ends: SLSQP from many random starts.

Nothing here comes from TapDesk's profile searches: the per-rater log-likelihood is written
again from the subjects x (2 raters) counts, the compared quantity is written again from its
definition, and each profile point is the best of scipy's SLSQP from the maximum-likelihood
fit and ``starts`` random points of the box, on the fit's side of the label swap (the raters,
weighted by their ratings, accurate on average: the same likelihood with every accuracy
negated is the fit's mirror image, not another answer). The interval is the
whole set of values whose profile stays within the cut-off (its hull), traced on a grid and
refined at each end, so a second mode or a plateau below the cut-off extends it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.optimize import minimize

BOX = 1e-6
"""Probabilities stay this far inside [0, 1] in the independent searches."""


class IndependentProfile:
    """The per-rater log-likelihood of (t, q1_1..q1_R, q0_1..q0_R) and its constrained maxima.

    ``counts`` is the dense subjects x 2R matrix (column 2j: rater j's Class-0 ratings of the
    subject, 2j + 1: Class-1); ``quantity(x)`` the compared quantity with its gradient.
    """

    def __init__(self, counts: np.ndarray, quantity: Callable[[np.ndarray], tuple[float, np.ndarray]],
                 mle: np.ndarray, starts: int = 20, seed: int = 0) -> None:
        self.zero, self.one = counts[:, 0::2], counts[:, 1::2]
        self.r = self.one.shape[1]
        n = (self.zero + self.one).sum(axis=0)
        self.label = np.concatenate([[0.0], n, -n])            # sum_j n_j a_j >= 0
        self.quantity = quantity
        self.mle = np.clip(mle, BOX, 1 - BOX)
        self.ll_max = self.log_likelihood(self.mle)[0]
        rng = np.random.default_rng(seed)
        self.randoms = rng.uniform(0.02, 0.98, (starts, len(mle)))

    def log_likelihood(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        r = self.r
        t, q1, q0 = x[0], x[1:1 + r], x[1 + r:]
        l1 = np.log(t) + self.one @ np.log(q1) + self.zero @ np.log1p(-q1)
        l0 = np.log1p(-t) + self.one @ np.log(q0) + self.zero @ np.log1p(-q0)
        total = np.logaddexp(l1, l0)
        g = np.exp(l1 - total)                                   # posterior of Class 1
        grad = np.concatenate([[np.sum(g / t - (1 - g) / (1 - t))],
                               g @ self.one / q1 - g @ self.zero / (1 - q1),
                               (1 - g) @ self.one / q0 - (1 - g) @ self.zero / (1 - q0)])
        return float(total.sum()), grad

    def maximum(self, v: float) -> float:
        """The highest log-likelihood found with the quantity held at ``v`` (-inf if none)."""
        def objective(x):
            ll, grad = self.log_likelihood(np.clip(x, BOX, 1 - BOX))
            return -ll, -grad
        constraints = [{"type": "eq", "fun": lambda x: self.quantity(x)[0] - v,
                        "jac": lambda x: self.quantity(x)[1]},
                       {"type": "ineq", "fun": lambda x: float(self.label @ x),
                        "jac": lambda x: self.label}]
        best = -np.inf
        for start in [self.mle, *self.randoms]:
            with np.errstate(all="ignore"):
                found = minimize(objective, start, jac=True, method="SLSQP",
                                 bounds=[(BOX, 1 - BOX)] * len(start), constraints=constraints,
                                 options={"ftol": 1e-10, "maxiter": 500})
            x = np.clip(found.x, BOX, 1 - BOX)
            if abs(self.quantity(x)[0] - v) < 1e-6 and self.label @ x >= -1e-9:
                best = max(best, self.log_likelihood(x)[0])
        return best

    def drop(self, v: float) -> float:
        """ll_max minus the profile at ``v``."""
        return self.ll_max - self.maximum(v)

    def interval(self, cutoff: float, limits: tuple[float, float], step: float = 0.02,
                 tol: float = 2e-3) -> tuple[float, float]:
        """The hull of {v: drop(v) <= cutoff} within ``limits``: the outermost grid points inside,
        each refined by bisection towards its outside neighbour."""
        grid = np.arange(limits[0], limits[1] + step / 2, step)
        grid = np.clip(grid, *limits)
        inside = np.array([self.drop(v) <= cutoff for v in grid])
        if not inside.any():
            raise ValueError("no grid point is inside the region")
        first, last = np.flatnonzero(inside)[[0, -1]]
        return (self._refine(grid[first], grid[first - 1], cutoff, tol) if first > 0 else grid[0],
                self._refine(grid[last], grid[last + 1], cutoff, tol) if last < len(grid) - 1 else grid[-1])

    def _refine(self, inside: float, outside: float, cutoff: float, tol: float) -> float:
        while abs(outside - inside) > tol:
            mid = 0.5 * (inside + outside)
            if self.drop(mid) <= cutoff:
                inside = mid
            else:
                outside = mid
        return 0.5 * (inside + outside)


def difference(r: int, j: int, weights: np.ndarray, name: str
               ) -> Callable[[np.ndarray], tuple[float, np.ndarray]]:
    """Rater j's a (``name`` "a") or p ("p") minus the others' ``weights``-weighted mean, with
    its gradient in (t, q1, q0); a = q1 - q0 and p = q0 / (1 - a)."""
    w = np.asarray(weights, float).copy()
    w[j] = 0.0
    coef = -w / w.sum()
    coef[j] = 1.0

    def value(x: np.ndarray) -> tuple[float, np.ndarray]:
        q1, q0 = x[1:1 + r], x[1 + r:]
        if name == "a":
            return float(coef @ (q1 - q0)), np.concatenate([[0.0], coef, -coef])
        rest = np.maximum(1 - q1 + q0, 1e-12)
        return (float(coef @ (q0 / rest)),
                np.concatenate([[0.0], coef * q0 / rest ** 2, coef * (1 - q1) / rest ** 2]))
    return value


def own(r: int, j: int, name: str) -> Callable[[np.ndarray], tuple[float, np.ndarray]]:
    """Rater j's own a, p, sensitivity or false-positive rate, with its gradient."""
    def value(x: np.ndarray) -> tuple[float, np.ndarray]:
        q1, q0 = x[1 + j], x[1 + r + j]
        grad = np.zeros(len(x))
        if name == "p":
            rest = max(1 - q1 + q0, 1e-12)
            grad[1 + j], grad[1 + r + j] = q0 / rest ** 2, (1 - q1) / rest ** 2
            return q0 / rest, grad
        grad[1 + j], grad[1 + r + j] = {"a": (1, -1), "sensitivity": (1, 0),
                                        "false_positive_rate": (0, 1)}[name]
        return {"a": q1 - q0, "sensitivity": q1, "false_positive_rate": q0}[name], grad
    return value
