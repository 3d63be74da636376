"""Standard errors and intervals (at any level, 95% by default) shared by the coefficients.

The chance-corrected coefficients have the form (pa - pe) / (1 - pe), with
pa the mean of per-subject agreements pa_i and pe a smooth function of
subject means. Gwet's linearization (Handbook of Inter-Rater Reliability,
4th ed. 2014, ch. 5; also Gwet 2008, Br J Math Stat Psychol 61:29-48) gives
the variance under the alternative (not the null hypothesis):

    k_i* = (pa_i - pe) / (1 - pe) - (1 - k) * d_i / (1 - pe)
    var(k) = sum_i (k_i* - k)^2 / (n (n - 1))

where d_i is subject i's first-order contribution to pe (its influence
value, mean zero). For Fleiss' kappa d_i = 2 (pe_i - pe) in Gwet's
notation. Intervals use Student's t with n - 1 degrees of freedom, as Gwet
does, and are clipped to the coefficient's range. Every interval takes its
``level``; the method texts state it.
"""

from __future__ import annotations

import math

import numpy as np

from tapdesk.engine.intervals import level_text, tail_quantiles
from tapdesk.i18n.deferred import made, said


def gwet_method(level: float = 0.95) -> str:
    """Method text of Gwet's linearization variance with its t interval at ``level``."""
    # Translators: how a coefficient's standard error and interval were found; {level} is "95%".
    return said("analytic: Gwet (2014) linearization variance (under the alternative, not the "
                "null); {level} interval from the t distribution (subjects minus one degrees of "
                "freedom)", level=made(level_text, level))


def fce_method(level: float = 0.95) -> str:
    """Method text of the Fleiss-Cohen-Everitt variance with its normal interval at ``level``."""
    # Translators: how a coefficient's standard error and interval were found; {level} is "95%".
    return said("analytic: Fleiss, Cohen & Everitt (1969) large-sample variance (under the "
                "alternative, not the null); {level} normal interval",
                level=made(level_text, level))


def pa_method(level: float = 0.95) -> str:
    """Method text of percent agreement's variance with its t interval at ``level``."""
    # Translators: how a coefficient's standard error and interval were found; {level} is "95%".
    return said("analytic: variance of per-subject agreement over subjects (Gwet 2014); {level} "
                "interval from the t distribution (subjects minus one degrees of freedom)",
                level=made(level_text, level))


GWET_METHOD = gwet_method()
FCE_METHOD = fce_method()
PA_METHOD = pa_method()

CHANCE_ONE = 1 - 1e-12


def chance_floor(pe: float) -> float:
    """Lowest value of (pa - pe) / (1 - pe): -pe / (1 - pe) at pa = 0, below -1 when pe > 1/2
    (weighted Brennan-Prediger with linear weights on 3 categories reaches -1.25)."""
    return min(-1.0, -pe / (1 - pe))


def _clipped(value: float, half: float, lo: float, hi: float) -> tuple[float, float]:
    """value +/- half within [lo, hi]; an interval always holds its own estimate."""
    return max(min(lo, value), value - half), min(max(hi, value), value + half)


def t_interval(value: float, se: float | None, n: int, lo: float = -1.0,
               hi: float = 1.0, level: float = 0.95) -> tuple[float, float] | None:
    """value +/- t_{(1 + level)/2, n-1} * se, clipped to [lo, hi] (t_{0.975} at 0.95)."""
    if se is None or not math.isfinite(se) or n < 2:
        return None
    # stdtrit is what scipy.stats' t.ppf calls; importing scipy.stats for it cost a report
    # or `tapdesk agreement` over a second of start-up (issue 15)
    from scipy.special import stdtrit
    return _clipped(value, float(stdtrit(n - 1, tail_quantiles(level)[1])) * se, lo, hi)


def normal_interval(value: float, se: float | None, lo: float = -1.0,
                    hi: float = 1.0, level: float = 0.95) -> tuple[float, float] | None:
    """value +/- z_{(1 + level)/2} * se, clipped to [lo, hi]."""
    if se is None or not math.isfinite(se):
        return None
    from scipy.special import ndtri  # norm.ppf's own function (see t_interval)
    return _clipped(value, float(ndtri(tail_quantiles(level)[1])) * se, lo, hi)


def linearized(pa_i: np.ndarray, pe: float, dpe_i: np.ndarray | None,
               pairable: np.ndarray | None = None) -> tuple[float, float | None]:
    """(coefficient, linearization SE) from per-subject agreement and pe's influence values.

    ``pairable`` marks the subjects rated twice or more (default: all). As Gwet (2014, ch. 5)
    does for missing ratings, pa is the mean of pa_i over them, and subject i's term is
    (n / n2) (pa_i - pe [i pairable]) / (1 - pe) over all n subjects, n2 of them pairable.
    """
    n = len(pa_i)
    two = np.ones(n, bool) if pairable is None else pairable
    n2 = int(two.sum())
    pa = float(pa_i[two].mean())
    kappa = (pa - pe) / (1 - pe)
    if n < 2:
        return kappa, None
    k_i = (n / n2) * np.where(two, pa_i - pe, 0.0) / (1 - pe)
    if dpe_i is not None:
        k_i = k_i - (1 - kappa) * dpe_i / (1 - pe)
    var = float(((k_i - kappa) ** 2).sum()) / (n * (n - 1))
    return kappa, math.sqrt(max(var, 0.0))


def percentile_ci(samples: np.ndarray, level: float = 0.95) -> tuple[float, float] | None:
    """Equal-tailed bootstrap percentile interval at ``level`` (None under 10 finite samples)."""
    samples = samples[np.isfinite(samples)]
    if len(samples) < 10:
        return None
    lo, hi = np.quantile(samples, tail_quantiles(level))
    return float(lo), float(hi)
