"""Standard errors and intervals: observed information, profile and bootstrap.

Intervals for probabilities are Wald intervals on the logit scale mapped back
(they stay inside [0, 1] and are asymmetric near the edges, where the plain
Wald interval would spill out). A parameter on the boundary has no
observed-information standard error; its interval comes from the profile
likelihood instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from scipy.special import expit, gammaincinv, ndtri  # not scipy.stats: it costs start-up

from tapdesk.engine.results import Estimate
from tapdesk.engine.words import level_percent
from tapdesk.i18n.deferred import made, said

# the quantiles at the default level 0.95. No interval uses them any more (each takes its
# level and uses z_value / chi2_1 / tail_quantiles, issue 25); kept only for code elsewhere
Z95 = float(ndtri(0.975))                         # norm.ppf(0.975)
CHI2_95 = float(2 * gammaincinv(0.5, 0.95))       # chi2.ppf(0.95, 1), as scipy.stats computes it
BOUNDARY = 1e-6

# Translators: a fit's interval method when only the estimates were asked for (the Python
# library's crowd adaptor, tapdesk.crowd, whose fit_predict returns labels only).
POINT_ONLY: str = said("not computed: only the estimates were asked for")
"""A fit's interval method when its request is ``point_only`` (issue 75)."""


def z_value(level: float) -> float:
    """The two-sided normal quantile of an interval at ``level`` (1.96 at 0.95)."""
    return float(ndtri(0.5 + level / 2))


def chi2_1(level: float) -> float:
    """The chi-square (1 df) quantile at ``level``: the profile-likelihood drop is half of it."""
    return float(2 * gammaincinv(0.5, level))


def tail_quantiles(level: float) -> tuple[float, float]:
    """The lower and upper quantiles of an equal-tailed interval at ``level``."""
    return (1 - level) / 2, (1 + level) / 2


def significance(level: float) -> float:
    """The p-value cut-off that goes with ``level``: 1 - level, rounded so that 1 - 0.95 is
    0.05 exactly (in floating point it is 0.05000000000000004, and a p of 0.05 would pass)."""
    return round(1.0 - level, 12)


level_text = level_percent
"""``level`` as a percent for method texts: "95%", "80%", "97.5%" (the words module's one rule)."""


def bootstrap_method(n_resamples: int, level: float = 0.95) -> str:
    """The interval method of a subject bootstrap: resamples and the percentile level."""
    # Translators: how a fit's intervals were found; {n} is the number of resamples ("2000"),
    # {level} the interval's level ("95%").
    return said("nonparametric bootstrap over subjects, {n} resamples, percentile {level}",
                n=n_resamples, level=made(level_percent, level))


def wald_method(level: float = 0.95) -> str:
    """The interval method of observed-information logit-Wald intervals at ``level``."""
    # Translators: how a fit's intervals were found; {level} is the interval's level ("95%").
    return said("observed information (Wald on the logit scale), {level}",
                level=made(level_percent, level))


def numerical_hessian(func: Callable[[np.ndarray], float], x: np.ndarray,
                      steps: np.ndarray) -> np.ndarray:
    """Central-difference Hessian of ``func`` at ``x``."""
    d = len(x)
    h = np.zeros((d, d))
    for i in range(d):
        for j in range(i, d):
            ei = np.zeros(d); ei[i] = steps[i]
            ej = np.zeros(d); ej[j] = steps[j]
            val = (func(x + ei + ej) - func(x + ei - ej) - func(x - ei + ej) + func(x - ei - ej))
            h[i, j] = h[j, i] = val / (4 * steps[i] * steps[j])
    return h


def observed_information_se(loglik: Callable[[np.ndarray], float], x: np.ndarray,
                            free: np.ndarray) -> np.ndarray:
    """Standard errors from the inverse observed information of the free parameters.

    Entries for fixed (boundary) parameters, or when the information matrix
    is singular (the parameter is not identified), are NaN.
    """
    se = np.full(len(x), np.nan)
    idx = np.flatnonzero(free)
    if not len(idx):
        return se
    room = np.minimum(x[idx], 1 - x[idx])
    steps = np.clip(room / 4, 1e-7, 1e-4)

    def sub(z):
        full = x.copy(); full[idx] = z
        return loglik(full)

    info = -numerical_hessian(sub, x[idx], steps)
    try:
        eig = np.linalg.eigvalsh(info)
        if eig.min() <= 1e-8 * max(eig.max(), 1e-300):
            return se
        cov = np.linalg.inv(info)
    except np.linalg.LinAlgError:
        return se
    se[idx] = np.sqrt(np.clip(np.diag(cov), 0, None))
    return se


def logit_wald_interval(value: float, se: float,
                        level: float = 0.95) -> tuple[float, float] | None:
    """Wald interval at ``level`` on the logit scale, mapped back into (0, 1).

    The standard error of the logit is ``se / (value (1 - value))`` (delta
    method); the half-width on the logit scale is ``z_value(level)`` times it.
    """
    if not np.isfinite(se) or se <= 0 or not (0 < value < 1):
        return None
    lo, hi = logit_wald_ends(np.float64(value), np.float64(se), level)
    return float(lo), float(hi)


def logit_wald_ends(value: np.ndarray | np.float64, se: np.ndarray | np.float64,
                    level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """:func:`logit_wald_interval`'s ends for arrays of values and standard errors at once (not
    meaningful where the value is outside (0, 1) or the standard error not positive)."""
    with np.errstate(all="ignore"):
        centre = np.log(value / (1 - value))
        half = z_value(level) * se / (value * (1 - value))
        return expit(centre - half), expit(centre + half)   # expit: no overflow far out


def profile_interval(loglik: Callable[[np.ndarray], float], x: np.ndarray, index: int,
                     ll_max: float, bounds: Sequence[tuple[float, float]],
                     extra_starts: Sequence[np.ndarray] = (),
                     value_and_grad: Callable[[np.ndarray], tuple[float, np.ndarray]] | None = None,
                     level: float = 0.95) -> tuple[float, float]:
    """Profile-likelihood interval at ``level`` of parameter ``index`` (others re-maximised).

    Its ends are where the profile log-likelihood has dropped
    ``chi2_1(level) / 2`` below ``ll_max`` (1.92 nats at 0.95).

    The other parameters are re-maximised from the MLE and from each of
    ``extra_starts`` (values for all parameters; the fixed one is ignored),
    keeping the best: mixture likelihoods can have a second mode that a
    single local search would miss, which would make the interval too short.
    ``value_and_grad`` (log-likelihood and its full gradient) makes the inner
    searches several times faster than finite differences.
    """
    # imported here: scipy.optimize takes a third of a second to import, and the t-a-p fit
    # (tapdesk fit's default) needs this search only when its own one fails (start-up, issue 15)
    from scipy.optimize import brentq, minimize

    others = [i for i in range(len(x)) if i != index]
    inner_bounds = [bounds[i] for i in others]
    starts = [x[others]] + [np.asarray(s, float)[others] for s in extra_starts]
    known: dict[float, float] = {}     # brentq re-evaluates both ends; each end costs 3 searches

    def profile(v: float) -> float:
        v = float(v)
        if v not in known:
            known[v] = maximised(v)
        return known[v]

    def maximised(v: float) -> float:
        full = x.copy()
        full[index] = v
        if not others:
            return loglik(full)

        if value_and_grad is None:
            def neg(z):
                full[others] = z
                return -loglik(full)
        else:
            def neg(z):
                full[others] = z
                value, grad = value_and_grad(full)
                return -value, -grad[others]
        return max(-float(minimize(neg, start, jac=value_and_grad is not None, method="L-BFGS-B",
                                   bounds=inner_bounds).fun)
                   for start in starts)

    target = ll_max - chi2_1(level) / 2

    def edge(limit: float) -> float:
        if profile(limit) >= target:
            return limit
        return float(brentq(lambda v: profile(v) - target, *sorted((x[index], limit)), xtol=1e-5))

    lo_b, hi_b = bounds[index]
    return edge(lo_b), edge(hi_b)


PROFILE_ROOT_TOL = 1e-6
PROFILE_ROOT_STEPS = 60

ProfileFunction = Callable[[float, "np.ndarray | None", bool], tuple[float, float, np.ndarray]]
"""``profile(v, warm, guard)`` -> (profile log-likelihood at v, its slope in v, the maximiser):
the maximiser is passed back as the next ``warm`` start; ``guard`` asks for a search from the
maximum-likelihood fit too (warm is None: from there only)."""


def profile_end(profile: ProfileFunction, estimate: float, limit: float, reported: float,
                target: float, reach: float | None = None) -> float:
    """One end of a profile-likelihood interval: where ``profile`` falls to ``target``
    between ``estimate`` and ``limit``, or ``reported`` if the profile at ``limit`` is still
    above ``target``.

    Newton steps on the profile (its slope comes with each value) safeguarded
    by bisection, from the Wald end ``estimate -+ reach`` when that lies in
    the bracket (else a quarter of the way to the limit). The limit itself is
    tried when the search is still inside the region and heading past it. A
    local search can only under-estimate the profile, so an end found from
    warm starts is checked once from the maximum-likelihood fit, and the
    search goes on outward, guarded at every step, if the profile is higher
    there (a second mode).

    Parameters
    ----------
    profile
        See :data:`ProfileFunction`.
    estimate, limit
        The maximum-likelihood value and the far end of the parameter's range.
    reported
        What to report when the limit is inside the region (e.g. 0 for a searched limit 1e-7).
    target
        ``ll_max - chi2_1(level) / 2``.
    reach
        The Wald half-width ``z_value(level) * se``, if known: only the first step uses it.

    Returns
    -------
    float
        The end, within PROFILE_ROOT_TOL.
    """
    if abs(limit - estimate) < PROFILE_ROOT_TOL:
        return reported
    inside, outside, limit_seen, guard = estimate, limit, False, False
    v, warm = _first_step(estimate, limit, reach), None
    for _ in range(PROFILE_ROOT_STEPS):
        value, slope, warm = profile(v, warm, guard)
        if v == limit:
            limit_seen = True
            if value >= target:
                return reported
        if value >= target:
            inside = v
        else:
            outside = v
        newton = v - (value - target) / slope if slope != 0 and np.isfinite(slope) else np.nan
        lo, hi = sorted((inside, outside))
        if ((np.isfinite(newton) and lo <= newton <= hi and abs(newton - v) < PROFILE_ROOT_TOL)
                or hi - lo < PROFILE_ROOT_TOL):
            end = float(newton) if abs(newton - v) < PROFILE_ROOT_TOL else 0.5 * (inside + outside)
            if guard or profile(end, None, True)[0] <= target + 1e-6:
                return end
            inside, guard = end, True          # a higher mode further out: keep going
            continue
        if not limit_seen and outside == limit and not (lo < newton < hi):
            v = limit                          # still inside and heading out: try the limit
        else:
            v = float(newton) if lo < newton < hi else 0.5 * (inside + outside)
    raise ValueError("the profile search did not settle")


def _first_step(estimate: float, limit: float, reach: float | None) -> float:
    """The Wald end when it lies strictly inside the bracket, else a quarter of the way."""
    if reach is not None:
        guess = estimate + np.sign(limit - estimate) * reach
        if min(estimate, limit) < guess < max(estimate, limit):
            return float(guess)
    return estimate + 0.25 * (limit - estimate)


def wald_agrees_with_profile(wald: tuple[float, float] | None,
                             profile: tuple[float, float] | None) -> bool:
    """True when the Wald and profile intervals have similar widths (within a factor of 2).

    When they do not, the likelihood is far from the quadratic shape that a
    standard error assumes (near an edge, on a ridge, or with two modes), and
    a standard error would give a false sense of precision.
    """
    if wald is None or profile is None:
        return False
    w_wald, w_prof = wald[1] - wald[0], profile[1] - profile[0]
    return w_wald > 0 and w_prof > 0 and 0.5 <= w_prof / w_wald <= 2.0


def percentile_interval(samples: np.ndarray, level: float = 0.95) -> tuple[float, float] | None:
    """Equal-tailed percentile interval at ``level`` of the finite samples (None under 10)."""
    samples = samples[np.isfinite(samples)]
    if len(samples) < 10:
        return None
    lo, hi = np.quantile(samples, tail_quantiles(level))
    return float(lo), float(hi)


def with_bootstrap(estimates: tuple[Estimate, ...], samples: np.ndarray,
                   level: float = 0.95) -> tuple[Estimate, ...]:
    """The same estimates with bootstrap SDs as SEs and percentile intervals at ``level``.

    ``samples`` has one row per resample and one column per estimate, in order.
    """
    out = []
    for i, est in enumerate(estimates):
        col = samples[:, i]
        col = col[np.isfinite(col)]
        se = float(col.std(ddof=1)) if len(col) > 1 else None
        out.append(Estimate(est.name, est.value, se, percentile_interval(col, level), est.meaning,
                            est.category, est.identified, est.on_boundary))
    return tuple(out)
