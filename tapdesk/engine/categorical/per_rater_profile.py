"""Profile-likelihood intervals of each rater's accuracy in the K-category per-rater model.

Rater j is accurate with probability a_j in [0, 1]. Near a_j = 0 (a rater
who mostly guesses) the logit-Wald interval from the observed information is
far from the likelihood's shape (on the logit scale its standard error
explodes, so the interval runs from about 0 to far up), so a_j gets a
profile-likelihood interval instead: ``P(v)`` is the log-likelihood
maximised over t, every rater's guess rates and every other rater's accuracy
with a_j held at v, by L-BFGS on the softmax/logit coordinates of
:func:`per_rater_em.polish` with that one coordinate fixed. Each end is where
``P`` falls to ``ll_max - chi2_1(level) / 2``
(:func:`tapdesk.engine.intervals.profile_end`); an end whose limit, 0 or 1,
is still inside the region is the limit itself (at level 0.95, the lower end
is 0 exactly when a likelihood-ratio test does not reject a_j = 0).
"""

from __future__ import annotations

import numpy as np

from tapdesk.engine.categorical.per_rater_em import PerRaterTap, pack_params, packed_value_and_gradient
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.intervals import chi2_1, profile_end, z_value

A_EDGE = 1e-7
"""The searched limits of a_j are A_EDGE and 1 - A_EDGE (reported as 0 and 1)."""


class AccuracyProfile:
    """Profile-likelihood intervals of every rater's a_j around a per-rater fit.

    Parameters
    ----------
    data
        The fitted ratings.
    params
        The maximum-likelihood fit.
    level
        The intervals' level: their ends are where the profile has dropped
        ``chi2_1(level) / 2`` below the maximum.
    """

    def __init__(self, data: RaterData, params: PerRaterTap, level: float = 0.95) -> None:
        self.data = data
        self.params = params
        self.k = data.k
        self.estimate = pack_params(params)
        self.ll_max = float(e_step(data, params.t, params.confusion()).log_likelihood)
        self.target = self.ll_max - chi2_1(level) / 2
        self.z = z_value(level)
        self.scale = 1.0 / max(data.n_ratings, 1.0)

    def index(self, rater: int) -> int:
        """Position of rater's logit(a) in the packed coordinates."""
        return self.k + rater * (self.k + 1)

    def profile(self, rater: int, v: float, warm: np.ndarray | None = None,
                guard: bool = True) -> tuple[float, float, np.ndarray]:
        """P(v): (maximised log-likelihood, its slope d P / d a_j, the maximiser (packed)).

        Searches from ``warm`` and, with ``guard`` or without ``warm``, from
        the maximum-likelihood fit; the higher result is kept.
        """
        starts = [self.estimate] if warm is None else [warm] + ([self.estimate] if guard else [])
        best = max((self._maximise(rater, v, start) for start in starts), key=lambda r: r[0])
        value, x = best
        _, _, natural = packed_value_and_gradient(self.data, x)
        return value, float(natural[self.index(rater)]), x

    def _maximise(self, rater: int, v: float, start: np.ndarray) -> tuple[float, np.ndarray]:
        from scipy.optimize import minimize  # imported here, as in per_rater_em.polish

        fixed = self.index(rater)
        keep = np.arange(len(start)) != fixed
        full = start.copy()
        full[fixed] = np.log(v) - np.log1p(-v)

        def negative(z: np.ndarray) -> tuple[float, np.ndarray]:
            full[keep] = z
            value, grad, _ = packed_value_and_gradient(self.data, full)
            return -value * self.scale, -grad[keep] * self.scale

        z0 = start[keep].copy()
        res = minimize(negative, z0, jac=True, method="L-BFGS-B",
                       options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 1000})
        z = res.x if res.fun <= negative(z0)[0] else z0
        value = -negative(z)[0] / self.scale
        return float(value), full.copy()

    def interval(self, rater: int, se: float | None = None) -> tuple[float, float]:
        """(lower, upper) profile interval of rater's a (0-based); ``se`` places the first
        step of each search at the Wald end."""
        a = float(np.clip(self.params.a[rater], A_EDGE, 1 - A_EDGE))
        reach = self.z * se if se is not None and np.isfinite(se) and se > 0 else None

        def profile(v: float, warm: np.ndarray | None, guard: bool):
            return self.profile(rater, v, warm, guard)
        return (profile_end(profile, a, A_EDGE, 0.0, self.target, reach),
                profile_end(profile, a, 1 - A_EDGE, 1.0, self.target, reach))
