"""One interval level everywhere (issue 25): every maximum-likelihood, profile, bootstrap and
classical-coefficient interval follows ``FitRequest.level`` (or a ``level`` argument), and
its method text states the level."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import logit, stdtrit

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import run_coefficients, run_ordinal
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.categorical.simulate import simulate_table as simulate_k
from tapdesk.engine.categorical.simulate import table_from_codes
from tapdesk.engine.coefficients import agreement_coefficients, coefficients_for_fit
from tapdesk.engine.intervals import (
    level_text,
    logit_wald_interval,
    percentile_interval,
    profile_interval,
    with_bootstrap,
    z_value,
)
from tapdesk.engine.results import Estimate
from tapdesk.engine.words import interval_level

LOW, HIGH = 0.8, 0.95
Z_RATIO = z_value(LOW) / z_value(HIGH)


def both(model: str, table, **settings):
    """The same fit at the two levels."""
    return tuple(fit(FitRequest(model=model, level=level, **settings), table)
                 for level in (LOW, HIGH))


def inside(narrow, wide, tol: float = 1e-9) -> bool:
    return wide[0] - tol <= narrow[0] and narrow[1] <= wide[1] + tol


def logit_half_width(est: Estimate) -> float:
    return float((logit(est.ci[1]) - logit(est.ci[0])) / 2)


def assert_wald_ratio(low, high, names=None) -> int:
    """Every estimate with a logit-Wald interval at both levels: the logit half-widths are in
    the ratio of the normal quantiles. Returns how many were checked."""
    checked = 0
    for a, b in zip(low, high):
        if names is not None and a.name not in names:
            continue
        if a.ci is None or b.ci is None or not (a.ci[0] > 0 and b.ci[1] < 1):
            continue
        assert a.value == b.value and a.se == b.se
        assert logit_half_width(a) / logit_half_width(b) == pytest.approx(Z_RATIO, rel=1e-6)
        checked += 1
    return checked


# ----------------------------------------------------------------- the pieces
def test_level_text_and_words_read_the_level_back():
    assert [level_text(v) for v in (0.95, 0.8, 0.9, 0.999, 0.5)] == ["95%", "80%", "90%",
                                                                      "99.9%", "50%"]
    assert level_text(0.975) == "97.5%"
    for level in (0.95, 0.8, 0.9):
        assert interval_level(f"profile likelihood, {level_text(level)}") == round(100 * level)


def test_logit_wald_half_width_follows_the_normal_quantile():
    low, high = logit_wald_interval(0.3, 0.05, LOW), logit_wald_interval(0.3, 0.05, HIGH)
    assert logit_wald_interval(0.3, 0.05) == high
    ratio = (logit(low[1]) - logit(low[0])) / (logit(high[1]) - logit(high[0]))
    assert ratio == pytest.approx(Z_RATIO, rel=1e-12)


def test_percentiles_use_the_level_tails():
    samples = np.linspace(0, 1, 1001)
    assert percentile_interval(samples, LOW) == pytest.approx((0.1, 0.9))
    assert percentile_interval(samples, 0.9) == pytest.approx((0.05, 0.95))
    assert percentile_interval(samples) == pytest.approx((0.025, 0.975))
    est = (Estimate("x", 0.5), Estimate("y", 0.5))
    boot = with_bootstrap(est, np.column_stack([samples, samples / 2]), LOW)
    assert boot[0].ci == pytest.approx((0.1, 0.9)) and boot[1].ci == pytest.approx((0.05, 0.45))


def test_generic_profile_interval_drops_chi2_at_the_level():
    # one binomial proportion: ll(x) = 30 log x + 70 log(1 - x); the profile is the likelihood
    def loglik(x):
        return 30 * np.log(x[0]) + 70 * np.log1p(-x[0])
    ll_max = loglik(np.array([0.3]))
    ends = {lv: profile_interval(loglik, np.array([0.3]), 0, ll_max, [(1e-9, 1 - 1e-9)],
                                 level=lv) for lv in (LOW, HIGH)}
    assert inside(ends[LOW], ends[HIGH]) and ends[LOW][0] > ends[HIGH][0] + 0.01
    for level, (lo, hi) in ends.items():
        drop = {LOW: 1.6424 / 2, HIGH: 3.8415 / 2}[level]
        assert ll_max - loglik(np.array([lo])) == pytest.approx(drop, abs=1e-3)
        assert ll_max - loglik(np.array([hi])) == pytest.approx(drop, abs=1e-3)


# ------------------------------------------------------------- binary fits
@pytest.fixture(scope="module")
def binary_table():
    return simulate_table(TapParameters(t=0.35, a=0.55, p=0.4), 200, 5, seed=7)


def test_tap_profile_intervals_follow_the_level(binary_table):
    low, high = both("tap", binary_table)
    assert "80%" in low.interval_method and "95%" in high.interval_method
    assert interval_level(low.interval_method) == 80
    for a, b in zip(low.params, high.params):
        assert a.value == b.value and inside(a.ci, b.ci)
        assert b.ci[1] - b.ci[0] > 1.15 * (a.ci[1] - a.ci[0])
    assert "80% interval" in " ".join(low.headline)


def test_fast_tap_profile_matches_the_generic_search_at_another_level(binary_table):
    from tapdesk.engine.binary.common import counts_for
    from tapdesk.engine.binary.mixture_fit import EDGE
    from tapdesk.engine.binary.tap import tap_loglik
    from tapdesk.engine.binary.tap_profile import TapProfile
    result = fit(FitRequest(model="tap", level=LOW), binary_table)
    hist = counts_for(result.request, binary_table).histogram()
    x = np.array([e.value for e in result.params])
    fast = TapProfile(hist, x, result.log_likelihood.nats, LOW)
    for i, est in enumerate(result.params):
        generic = profile_interval(tap_loglik(hist), x, i, result.log_likelihood.nats,
                                   [(EDGE, 1 - EDGE)] * 3, level=LOW)
        assert fast.interval(i) == pytest.approx(generic, abs=2e-4) == est.ci


def test_tap_bootstrap_percentiles_follow_the_level(binary_table):
    low, high = both("tap", binary_table, bootstrap=30, seed=3)
    assert low.interval_method.endswith("percentile 80%")
    for a, b in zip(low.params, high.params):
        assert a.se == b.se and inside(a.ci, b.ci)     # the same resamples, narrower tails


@pytest.mark.parametrize("model", ["expert", "tap-a0a1"])
def test_expert_and_ridge_profile_intervals_follow_the_level(binary_table, model):
    low, high = both(model, binary_table)
    assert interval_level(low.interval_method) == 80 and interval_level(high.interval_method) == 95
    checked = 0
    for a, b in zip(low.params, high.params):
        if a.ci is not None:
            assert inside(a.ci, b.ci) and (a.ci != b.ci)
            checked += 1
    assert checked >= 2


def test_per_rater_intervals_follow_the_level(binary_table):
    low, high = both("per-rater", binary_table)
    assert interval_level(low.interval_method) == 80
    assert interval_level(high.interval_method) == 95
    assert assert_wald_ratio(low.params, high.params) == 1          # t: logit-Wald
    for ra, rb in zip(low.raters, high.raters):
        for a, b in zip(ra.estimates, rb.estimates):
            assert inside(a.ci, b.ci) and a.ci != b.ci               # profile intervals


def test_ordinal_cut_points_follow_the_level():
    codes = np.random.default_rng(5).integers(0, 3, size=(60, 4))
    codes[:30] = np.sort(codes[:30], axis=1)                        # some agreement
    table = table_from_codes(codes, ordinal=True, k=3)
    low, high = (run_ordinal(FitRequest(n_starts=4, level=lv), table) for lv in (LOW, HIGH))
    assert interval_level(low.interval_method) == 80
    assert "a 80% interval" in low.tables[0].columns
    for a, b in zip(low.params, high.params):
        assert inside(a.ci, b.ci)


# --------------------------------------------------------- K-category fits
def test_categorical_wald_intervals_follow_the_level():
    table = simulate_k((0.5, 0.3, 0.2), 0.6, (0.4, 0.35, 0.25), n_subjects=150, n_raters=4,
                       seed=2)
    low, high = both("categorical", table, n_starts=4)
    assert low.interval_method == "observed information (Wald on the logit scale), 80%"
    assert assert_wald_ratio(low.params, high.params) >= 5
    per_low, per_high = both("categorical-per-rater", table, n_starts=3)
    assert interval_level(per_low.interval_method) == 80
    assert assert_wald_ratio(per_low.params, per_high.params) >= 3
    assert sum(assert_wald_ratio(a.estimates, b.estimates, {"p"})           # guess rates: Wald
               for a, b in zip(per_low.raters, per_high.raters)) >= 8
    for a, b in zip(per_low.raters, per_high.raters):                       # accuracy: profile
        assert inside(a.estimates[0].ci, b.estimates[0].ci)
    ds_low, ds_high = both("dawid-skene", table, n_starts=3)
    assert interval_level(ds_low.interval_method) == 80
    assert assert_wald_ratio(ds_low.params, ds_high.params) >= 3


# ----------------------------------------------------- classical coefficients
@pytest.fixture(scope="module")
def coef_table():
    return simulate_k((0.5, 0.3, 0.2), 0.5, (0.4, 0.35, 0.25), n_subjects=80, n_raters=3,
                      seed=4)


def test_coefficient_intervals_follow_the_level(coef_table):
    low = agreement_coefficients(coef_table, bootstrap=200, seed=1, level=LOW)
    high = agreement_coefficients(coef_table, bootstrap=200, seed=1)
    n = low.n_subjects
    t_ratio = stdtrit(n - 1, 0.9) / stdtrit(n - 1, 0.975)
    assert low.level == LOW and high.level == 0.95 and low.to_dict()["level"] == LOW
    for key in ("fleiss_kappa", "conger_kappa", "gwet_ac1", "brennan_prediger"):
        a, b = low.get(key), high.get(key)
        assert a.value == b.value and a.se == b.se
        assert (a.ci[1] - a.ci[0]) / (b.ci[1] - b.ci[0]) == pytest.approx(t_ratio, rel=1e-9)
        assert "80% interval from the t distribution" in a.method and \
            "95% interval from the t distribution" in b.method
    alpha_low = low.get("krippendorff_alpha_nominal")
    alpha_high = high.get("krippendorff_alpha_nominal")
    assert alpha_low.se == alpha_high.se and inside(alpha_low.ci, alpha_high.ci)
    assert alpha_low.method.endswith("percentile 80%")
    assert "80% interval" in low.tables()[0].columns
    for a, b in zip(low.per_category_fleiss, high.per_category_fleiss):
        assert inside(a.ci, b.ci) and a.ci != b.ci


def test_cohen_normal_interval_follows_the_level():
    table = simulate_k((0.5, 0.5), 0.6, (0.5, 0.5), n_subjects=120, n_raters=2, seed=9)
    low = agreement_coefficients(table, bootstrap=0, level=LOW).get("cohen_kappa")
    high = agreement_coefficients(table, bootstrap=0).get("cohen_kappa")
    assert (low.ci[1] - low.ci[0]) / (high.ci[1] - high.ci[0]) == pytest.approx(Z_RATIO)
    assert "80% normal interval" in low.method


def test_run_coefficients_and_coefficients_for_fit_pass_the_level(coef_table):
    result = run_coefficients(FitRequest(level=LOW), coef_table, bootstrap=0)
    direct = agreement_coefficients(coef_table, bootstrap=0, level=LOW)
    assert interval_level(result.interval_method) == 80
    fleiss = direct.get("fleiss_kappa")
    assert result.param(fleiss.name).ci == fleiss.ci
    fitted = fit(FitRequest(model="categorical", n_starts=3, level=LOW), coef_table)
    beside = coefficients_for_fit(fitted, coef_table, bootstrap=0)
    assert beside.level == LOW and beside.get("fleiss_kappa").ci == fleiss.ci
    assert coefficients_for_fit(fitted, coef_table, bootstrap=0, level=0.9).level == 0.9
