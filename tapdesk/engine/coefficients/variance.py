"""Standard errors and 95% intervals shared by the coefficients.

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
does, and are clipped to the coefficient's range.
"""

from __future__ import annotations

import math

import numpy as np

GWET_METHOD = ("analytic: Gwet (2014) linearization variance (under the alternative, "
               "not the null); t interval, n-1 df")
FCE_METHOD = ("analytic: Fleiss, Cohen & Everitt (1969) large-sample variance (under the "
              "alternative, not the null); normal interval")
PA_METHOD = "analytic: variance of per-subject agreement over subjects (Gwet 2014); t interval, n-1 df"

CHANCE_ONE = 1 - 1e-12


def chance_floor(pe: float) -> float:
    """Lowest value of (pa - pe) / (1 - pe): -pe / (1 - pe) at pa = 0, below -1 when pe > 1/2
    (weighted Brennan-Prediger with linear weights on 3 categories reaches -1.25)."""
    return min(-1.0, -pe / (1 - pe))


def _clipped(value: float, half: float, lo: float, hi: float) -> tuple[float, float]:
    """value +/- half within [lo, hi]; an interval always holds its own estimate."""
    return max(min(lo, value), value - half), min(max(hi, value), value + half)


def t_interval(value: float, se: float | None, n: int, lo: float = -1.0,
               hi: float = 1.0) -> tuple[float, float] | None:
    """value +/- t_{0.975, n-1} * se, clipped to [lo, hi]."""
    if se is None or not math.isfinite(se) or n < 2:
        return None
    # stdtrit is what scipy.stats' t.ppf calls; importing scipy.stats for it cost a report
    # or `tapdesk agreement` over a second of start-up (issue 15)
    from scipy.special import stdtrit
    return _clipped(value, float(stdtrit(n - 1, 0.975)) * se, lo, hi)


def normal_interval(value: float, se: float | None, lo: float = -1.0,
                    hi: float = 1.0) -> tuple[float, float] | None:
    if se is None or not math.isfinite(se):
        return None
    from scipy.special import ndtri         # norm.ppf's own function (see t_interval)
    return _clipped(value, float(ndtri(0.975)) * se, lo, hi)


def linearized(pa_i: np.ndarray, pe: float, dpe_i: np.ndarray | None) -> tuple[float, float | None]:
    """(coefficient, linearization SE) from per-subject agreement and pe's influence values."""
    n = len(pa_i)
    pa = float(pa_i.mean())
    kappa = (pa - pe) / (1 - pe)
    if n < 2:
        return kappa, None
    k_i = (pa_i - pe) / (1 - pe)
    if dpe_i is not None:
        k_i = k_i - (1 - kappa) * dpe_i / (1 - pe)
    var = float(((k_i - kappa) ** 2).sum()) / (n * (n - 1))
    return kappa, math.sqrt(max(var, 0.0))


def percentile_ci(samples: np.ndarray) -> tuple[float, float] | None:
    samples = samples[np.isfinite(samples)]
    if len(samples) < 10:
        return None
    lo, hi = np.quantile(samples, [0.025, 0.975])
    return float(lo), float(hi)
