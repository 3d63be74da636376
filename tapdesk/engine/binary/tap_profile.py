"""Profile-likelihood intervals of t, a and p (at any level), computed with exact derivatives.

The generic :func:`tapdesk.engine.intervals.profile_interval` re-maximises
the other two parameters with scipy's L-BFGS-B from three starts at every
step of a bracketing root search: correct, but about 0.3 s per t-a-p fit,
which makes study planning (thousands of fits) far too slow. This module
finds the same interval ends faster, with the same definition:

- the profile ``P(v) = max over the other two parameters of ll`` is found by
  a projected Newton ascent with the exact gradient and Hessian of the
  two-binomial mixture, started from the best point of a small grid over the
  other two parameters (a guard against a second mode, which a single local
  search would miss) and from the previous step's maximiser;
- each end is a root of ``P(v) = ll_max - chi2(level, 1) / 2`` on
  ``[estimate, limit]``, found by Newton steps safeguarded by bisection; the
  slope ``P'(v)`` is the partial derivative at the maximiser (envelope
  theorem). As in the generic search, an end whose limit (0 or 1) is still
  inside the region is the limit itself.

Any failure raises ValueError; the caller then falls back to the generic
search. ``tests/engine/binary/test_tap_profile.py`` checks both give the same intervals.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.mixture_fit import EDGE
from tapdesk.engine.binary.mixture_newton import Q_EDGE, MixtureLikelihood, clip, newton_ascent
from tapdesk.engine.intervals import chi2_1

LO, HI = EDGE, 1.0 - EDGE
GRID = np.concatenate([[LO], 0.5 - 0.5 * np.cos(np.pi * (np.arange(12) + 0.5) / 12), [HI]])
"""Grid over [0, 1], edges included and denser near them, where mixture likelihoods bend
sharply and where the degenerate one-class fits (t = 0 or 1) sit."""
_GRID_U1, _GRID_U2 = (u.ravel() for u in np.meshgrid(GRID, GRID, indexing="ij"))
GUARD_STARTS = 3
"""At most this many local maxima of the grid are polished besides the warm start."""

ROOT_TOL = 1e-6
GAIN_TOL = 1e-10
"""The inner ascent stops when a Newton step promises or brings less than this (nats)."""
MAX_ROOT_STEPS = 80
MAX_KKT_STEPS = 25
MAX_NEWTON_STEPS = 60
GUARD_DISTANCE = 0.08
"""A grid maximum this close to a candidate already polished is not polished again."""
GAIN_SHARE = 1e-4
"""The inner ascent's tolerance far from the level: this share of the distance to it (nats)."""
KKT_TOL = 1e-8
"""The direct solve has settled when the end moves less than ROOT_TOL / 100 and the
log-likelihood is this close to the level (nats)."""
CHECK_TOL = 1e-6
"""A solved end is kept when the grid-guarded profile there is this close to the level (nats)."""
MAX_DAMPING = 20
"""A direct-solve step is halved at most this many times to keep the end inside its bracket."""


def tap_chain_rule(a, p, grad: tuple, hess: tuple):
    """Gradient and Hessian in (a, p) from those in (q1, q0) (floats or arrays alike).

    ``grad`` is (d/dq1, d/dq0) of ll and ``hess`` (h_t1, h_t0, h_11, h_10, h_00);
    returns (d/da, d/dp, (h_ta, h_tp, h_aa, h_ap, h_pp)).
    """
    g_q1, g_q0 = grad
    h_t1, h_t0, h_11, h_10, h_00 = hess
    # (t, a, p) -> (t, q1, q0): dq1 = (1-p) da + (1-a) dp, dq0 = -p da + (1-a) dp
    j1a, j1p, j0a, j0p = 1 - p, 1 - a, -p, 1 - a
    h_ta = h_t1 * j1a + h_t0 * j0a
    h_tp = h_t1 * j1p + h_t0 * j0p
    h_aa = h_11 * j1a * j1a + 2 * h_10 * j1a * j0a + h_00 * j0a * j0a
    h_pp = h_11 * j1p * j1p + 2 * h_10 * j1p * j0p + h_00 * j0p * j0p
    h_ap = (h_11 * j1a * j1p + h_10 * (j1a * j0p + j0a * j1p) + h_00 * j0a * j0p
            - g_q1 - g_q0)                            # d2 q1 / da dp = d2 q0 / da dp = -1
    return (g_q1 * j1a + g_q0 * j0a, g_q1 * j1p + g_q0 * j0p, (h_ta, h_tp, h_aa, h_ap, h_pp))


class TapLikelihood(MixtureLikelihood):
    """Log-likelihood of (t, a, p) on a count histogram, with exact derivatives."""

    def values(self, t: np.ndarray, a: np.ndarray, p: np.ndarray) -> np.ndarray:
        """ll at many points (1-D arrays of equal length), vectorised over points x cells."""
        q1 = clip(a + (1 - a) * p, Q_EDGE, 1 - Q_EDGE)[:, None]
        q0 = clip((1 - a) * p, Q_EDGE, 1 - Q_EDGE)[:, None]
        l1 = np.log(t)[:, None] + np.log(q1) * self.k + np.log1p(-q1) * self.m
        l0 = np.log1p(-t)[:, None] + np.log(q0) * self.k + np.log1p(-q0) * self.m
        return np.logaddexp(l1, l0) @ self.w

    def value(self, x: np.ndarray) -> float:
        """ll at one point."""
        t, a, p = float(x[0]), float(x[1]), float(x[2])
        return self.mixture_value(t, a + (1 - a) * p, (1 - a) * p)

    def derivatives(self, x: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        """ll, gradient and Hessian in (t, a, p) at one point inside the box.

        From the exact derivatives in the mixture coordinates (t, q1, q0)
        (:meth:`MixtureLikelihood.mixture_derivatives`) by the chain rule.
        """
        t, a, p = float(x[0]), float(x[1]), float(x[2])
        ll, (g_t, g_q1, g_q0), hess = self.mixture_derivatives(t, a + (1 - a) * p, (1 - a) * p)
        (h_tt, h_t1, h_t0), (_, h_11, h_10), (_, _, h_00) = hess
        g_a, g_p, (h_ta, h_tp, h_aa, h_ap, h_pp) = tap_chain_rule(
            a, p, (g_q1, g_q0), (h_t1, h_t0, h_11, h_10, h_00))
        grad = np.array([g_t, g_a, g_p])
        hess = np.array([[h_tt, h_ta, h_tp], [h_ta, h_aa, h_ap], [h_tp, h_ap, h_pp]])
        return ll, grad, hess


class TapProfile:
    """Profile-likelihood interval ends of t, a, p around a maximum-likelihood fit.

    Parameters
    ----------
    hist
        The count histogram that was fitted.
    estimate
        The maximum-likelihood (t, a, p).
    ll_max
        The log-likelihood at ``estimate``.
    level
        The intervals' level: their ends are where the profile has dropped
        ``chi2_1(level) / 2`` (1.92 nats at 0.95).
    """

    def __init__(self, hist: CountHistogram, estimate: np.ndarray, ll_max: float,
                 level: float = 0.95) -> None:
        self.lik = TapLikelihood(hist)
        self.estimate = np.clip(np.asarray(estimate, float), LO, HI)
        self.ll_max = float(ll_max)
        self.chi2 = chi2_1(level)
        self.target = self.ll_max - self.chi2 / 2
        self._covariance: np.ndarray | None = None

    def interval(self, index: int) -> tuple[float, float]:
        """(lower, upper) profile interval, at the level, of parameter ``index`` (0 = t, 1 = a,
        2 = p)."""
        return self._edge(index, LO), self._edge(index, HI)

    # ----------------------------------------------------------- inner maximum
    def maximise(self, index: int, v: float, warm: np.ndarray,
                 guard: bool = True) -> tuple[np.ndarray, float, float]:
        """Maximise ll over the other two parameters with parameter ``index`` fixed at ``v``.

        Returns the maximiser (full vector), the profile value and its slope
        in ``v``. The ascent starts from ``warm``; with ``guard`` also from
        each local maximum of a grid over the other two parameters (a second
        mode or a degenerate one-class ridge), and the highest result is kept.
        """
        others = [j for j in range(3) if j != index]
        start = np.array(warm, float)
        start[index] = v
        candidates = [self._polish(others, clip(start, LO, HI))]
        if guard:
            for grid_start in self._grid_maxima(index, v):
                if min(np.abs(grid_start[others] - c[0][others]).max() for c in candidates) > GUARD_DISTANCE:
                    candidates.append(self._polish(others, grid_start))
        best, value, grad = max(candidates, key=lambda c: c[1])
        return best, value, float(grad[index])

    def _grid_maxima(self, index: int, v: float) -> list[np.ndarray]:
        """The grid's local maxima (8 neighbours), best first, as full parameter vectors."""
        size = len(GRID)
        others = [j for j in range(3) if j != index]
        cols: list[np.ndarray] = [np.empty(0)] * 3
        cols[index] = np.full(_GRID_U1.size, v)
        cols[others[0]], cols[others[1]] = _GRID_U1, _GRID_U2
        values = self.lik.values(*cols).reshape(size, size)
        padded = np.full((size + 2, size + 2), -np.inf)
        padded[1:-1, 1:-1] = values
        peak = np.ones_like(values, bool)
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                if di or dj:
                    peak &= values >= padded[1 + di:1 + di + size, 1 + dj:1 + dj + size]
        flat = np.flatnonzero(peak & np.isfinite(values))
        order = flat[np.argsort(-values.ravel()[flat])][:GUARD_STARTS]
        return [np.array([cols[0][i], cols[1][i], cols[2][i]]) for i in order]

    def _polish(self, others: list[int], x: np.ndarray) -> tuple[np.ndarray, float, np.ndarray]:
        """Projected Newton ascent over ``others`` inside the box: (maximiser, value, gradient)."""
        # far from the target level the profile value need not be exact to steer the search
        return newton_ascent(self.lik.derivatives, self.lik.value, x, others, LO, HI,
                             lambda value: max(GAIN_TOL, GAIN_SHARE * abs(value - self.target)),
                             MAX_NEWTON_STEPS)

    # --------------------------------------------------------------- the ends
    def _edge(self, index: int, limit: float) -> float:
        """One end of the interval: ``limit`` if still inside the region, else the crossing.

        The crossing is first solved for directly (:meth:`_solve_end`); if that
        fails, or the guarded check finds the profile higher there, the
        bracketing search (:meth:`_search_end`) takes over.
        """
        _, at_limit, _ = self.maximise(index, limit, self.estimate)
        if at_limit >= self.target:
            return limit
        found = self._solve_end(index, limit)
        return found if found is not None else self._search_end(index, limit)

    def _solve_end(self, index: int, limit: float) -> float | None:
        """Newton's method on the conditions that hold at an interval end.

        At the end v* the other two parameters maximise ll (their gradient
        is zero, or they sit on an edge of [0, 1] pushing outward) and ll
        equals the target level: three equations in three unknowns, whose
        Jacobian is the exact Hessian and gradient. It starts from the end of
        the quadratic (Wald) approximation's region and converges in a few
        steps; the answer is then checked with the grid-guarded profile
        maximum. None when it does not settle or the check fails.
        """
        x = self._wald_end(index, limit)
        if x is None:
            return None
        low, high = sorted((float(self.estimate[index]), limit))
        others = [j for j in range(3) if j != index]
        for _ in range(MAX_KKT_STEPS):
            value, grad, hess = self.lik.derivatives(x)
            free = [j for j in others if not ((x[j] <= LO * 1.0000001 and grad[j] < 0)
                                              or (x[j] >= HI - 1e-12 and grad[j] > 0))]
            unknowns = free + [index]
            residual = np.array([grad[j] for j in free] + [value - self.target])
            jacobian = np.vstack([hess[free][:, unknowns], grad[unknowns]])
            try:
                step = np.linalg.solve(jacobian, -residual)
            except np.linalg.LinAlgError:
                return None
            if not np.all(np.isfinite(step)):
                return None
            for _ in range(MAX_DAMPING):         # damped: the end stays inside its bracket
                if low < x[index] + step[-1] < high:
                    break
                step = step / 2
            else:
                return None
            x = x.copy()
            x[unknowns] += step
            x[others] = clip(x[others], LO, HI)
            if abs(step[-1]) < ROOT_TOL * 1e-2 and abs(value - self.target) < KKT_TOL:
                break
        else:
            return None
        v = float(x[index])
        _, value, slope = self.maximise(index, v, x, guard=True)
        if abs(value - self.target) > CHECK_TOL or slope * (limit - self.estimate[index]) > 0:
            return None
        return v

    def _search_end(self, index: int, limit: float) -> float:
        """The crossing by Newton steps on the profile, safeguarded by bisection.

        A local search can only under-estimate the profile, so a step that
        lands inside the region (profile above the level) is certain, while
        one that seems outside is recomputed with the grid guard before the
        bracket shrinks to it.
        """
        inside, outside = float(self.estimate[index]), limit
        v, warm = self._first_guess(index, limit), self.estimate
        for _ in range(MAX_ROOT_STEPS):
            warm, value, slope = self.maximise(index, v, warm, guard=False)
            if value < self.target:
                warm, value, slope = self.maximise(index, v, warm, guard=True)
            excess = value - self.target
            if excess >= 0:
                inside = v
            else:
                outside = v
            newton = v - excess / slope if slope != 0 and np.isfinite(slope) else np.nan
            if self._between(newton, inside, outside) and abs(newton - v) < ROOT_TOL:
                return float(newton)
            if abs(outside - inside) < ROOT_TOL:
                return float(0.5 * (inside + outside))
            v = newton if self._between(newton, inside, outside) else 0.5 * (inside + outside)
        raise ValueError("profile search did not settle")

    @staticmethod
    def _between(v: float, a: float, b: float) -> bool:
        return bool(np.isfinite(v)) and min(a, b) <= v <= max(a, b)

    def covariance(self) -> np.ndarray:
        """Inverse of the negative Hessian at the estimate (NaN when it is singular)."""
        if self._covariance is None:
            _, _, hess = self.lik.derivatives(self.estimate)
            try:
                self._covariance = -np.linalg.inv(hess)
            except np.linalg.LinAlgError:
                self._covariance = np.full((3, 3), np.nan)
        return self._covariance

    def _wald_end(self, index: int, limit: float) -> np.ndarray | None:
        """Where the quadratic approximation's region at the level reaches furthest towards
        ``limit``."""
        cov = self.covariance()
        variance = cov[index, index]
        if not np.isfinite(variance) or variance <= 0 or not np.all(np.isfinite(cov)):
            return None
        estimate = self.estimate[index]
        reach = np.sqrt(self.chi2 * variance)
        # beyond the limit the approximation is useless: go halfway to the limit instead
        reach = min(reach, abs(limit - estimate) / 2)
        if reach <= 0:
            return None
        x = self.estimate + np.sign(limit - estimate) * reach / variance * cov[:, index]
        return np.clip(x, LO, HI)

    def _first_guess(self, index: int, limit: float) -> float:
        """The quadratic (Wald) approximation's end, kept strictly inside the bracket."""
        x = self.estimate
        mid = 0.5 * (x[index] + limit)
        variance = self.covariance()[index, index]
        if not np.isfinite(variance) or variance <= 0:
            return mid
        guess = x[index] + np.sign(limit - x[index]) * np.sqrt(self.chi2 * variance)
        return guess if self._between(guess, x[index], limit) and guess != limit else mid
