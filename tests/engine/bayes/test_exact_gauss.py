"""Issue 29: the exact posterior by nested Gauss rules (tapdesk/engine/bayes/gauss_rule.py).

Against the brute-force reference of tests/engine/bayes/reference.py (Gauss-Legendre
on the probability scale, no engine code) on data sets the rules take,
boundary ones included; and that the rules decline where the posterior is
not one smooth peak (the kappa paradox, a weakly identified accuracy, a
marginal with a cliff, a second mode). The exact method tries the box rule
first (tests/engine/bayes/test_exact_box.py); these rules are its second choice,
for priors whose shape is below 1.
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes import gauss_rule
from tapdesk.engine.bayes.gauss_rule import GaussPosterior, Stretch, gauss_posterior
from tapdesk.engine.bayes.grid import GridPosterior, grid_posterior
from tapdesk.engine.bayes.logit_density import LogitDensity
from tapdesk.engine.bayes.methods import exact_summary
from tapdesk.engine.bayes.newton import NotOnePeak, global_mode
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, LogitTarget
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.request import Prior
from tests.engine.bayes.reference import FIGURES, expert_reference, tap_reference
from tests.engine.bayes.test_stated_error import real_errors

TAP = HISTOGRAM_MODELS["tap"]
UNIFORM = tuple(Prior(n) for n in TAP.names)
PERFECT = RatingsTable.from_wide([[1, 1, 1]] * 15 + [[0, 0, 0]] * 15)
KAPPA = RatingsTable.from_wide([[0, 0]] * 998 + [[0, 1], [1, 0]])
GAUSS_CASES = {
    "rare class, accurate raters (t = .05)": simulate_table(TapParameters(0.05, 0.8, 0.2), 300, 5, 11),
    "common class (1 - t = .05)": simulate_table(TapParameters(0.95, 0.8, 0.7), 300, 5, 11),
    "two raters, 30 subjects (not identified)": simulate_table(TapParameters(0.5, 0.9, 0.5), 30, 2, 12),
    "perfect agreement (mass piled against a = 1)": PERFECT,
    "well identified, 2000 x 6": simulate_table(TapParameters(0.3, 0.6, 0.4), 2000, 6, 1),
}
GRID_CASES = {
    "kappa paradox (a piled at 0 and at 1)": KAPPA,
    "accuracy .1 (t given a high a lies near 0 or 1)": simulate_table(TapParameters(0.2, 0.1, 0.5),
                                                                      300, 5, 1),
    "t = .3, a = .1, p = .2 (a marginal with a shoulder and a cliff)":
        simulate_table(TapParameters(0.3, 0.1, 0.2), 300, 5, 11),
}


def histogram(table):
    return binary_counts(table).histogram()


def errors(post, reference: dict[str, np.ndarray], model=TAP) -> dict[str, np.ndarray]:
    """Per parameter, |ours - reference| / sd of every figure, as the fit reports them."""
    priors = tuple(Prior(n) for n in model.names)
    return real_errors(exact_summary(model, post, priors), reference)


@pytest.mark.parametrize("case", list(GAUSS_CASES))
def test_the_rules_match_the_reference_and_state_an_error_that_covers_it(case):
    table = GAUSS_CASES[case]
    post = gauss_posterior(TAP, histogram(table), UNIFORM).posterior
    assert isinstance(post, GaussPosterior) and post.complete, case
    found = errors(post, tap_reference(table))
    worst = max(e.max() for e in found.values())
    assert worst <= 0.005, {n: dict(zip(FIGURES, np.round(e, 4))) for n, e in found.items()}
    assert worst <= post.error <= 0.02


def test_the_check_can_fail():
    """Another data set's reference is far from these rules' figures (the check has teeth)."""
    table = GAUSS_CASES["well identified, 2000 x 6"]
    post = gauss_posterior(TAP, histogram(table), UNIFORM).posterior
    other = simulate_table(TapParameters(0.3, 0.6, 0.4), 2000, 6, 2)
    assert max(e.max() for e in errors(post, tap_reference(other)).values()) > 0.05


@pytest.mark.parametrize("params,subjects,raters", [((0.3, 0.6), 300, 5), ((0.5, 0.1), 30, 2)])
def test_the_expert_model_by_the_rules_matches_the_reference(params, subjects, raters):
    t, a = params
    table = simulate_table(TapParameters(t, a, t), subjects, raters, 3)
    expert = HISTOGRAM_MODELS["expert"]
    post = gauss_posterior(expert, histogram(table), (Prior("t"), Prior("a"))).posterior
    assert isinstance(post, GaussPosterior)
    worst = max(e.max() for e in errors(post, expert_reference(table), expert).values())
    assert worst <= 0.005 and worst <= post.error


@pytest.mark.parametrize("case", list(GRID_CASES))
def test_the_rules_decline_a_posterior_that_is_not_one_smooth_peak(case):
    hist = histogram(GRID_CASES[case])
    attempt = gauss_posterior(TAP, hist, UNIFORM)
    assert attempt.posterior is None and attempt.reason, case


def test_with_a_prior_below_shape_1_the_rules_or_the_grid_take_over_from_the_box():
    """Beta(0.5, 0.5) priors are unbounded at 0 and 1, which the box rule declines; the nested
    rules (smooth in the logits) take a single peak, and the adaptive grid the rest."""
    jeffreys = tuple(Prior(n, 0.5, 0.5) for n in TAP.names)
    assert isinstance(grid_posterior(TAP, histogram(GAUSS_CASES["well identified, 2000 x 6"]),
                                     jeffreys), GaussPosterior)
    assert isinstance(grid_posterior(TAP, histogram(KAPPA), jeffreys), GridPosterior)


def test_a_second_mode_reached_from_another_start_is_not_one_peak():
    """Two separated Gaussian bumps of equal mass: the mode search sees both."""
    def two_bumps(z):
        return np.logaddexp(-0.5 * ((z - 2.0) ** 2).sum(axis=-1) / 0.04,
                            -0.5 * ((z + 2.0) ** 2).sum(axis=-1) / 0.04)
    with pytest.raises(NotOnePeak):
        global_mode(two_bumps, 3)
    mode, neg_h = global_mode(lambda z: -0.5 * ((z - 1.0) ** 2).sum(axis=-1) / 0.04, 3)
    np.testing.assert_allclose(mode, 1.0, atol=1e-4)
    np.testing.assert_allclose(neg_h, 25 * np.eye(3), rtol=1e-3, atol=1e-6)


def test_separate_peaks_counts_dips_not_ripples():
    x = np.linspace(-6, 6, 2001)
    one = np.exp(-x ** 2 / 2)
    two = one + np.exp(-(x - 4) ** 2 / 0.5)
    shoulder = (one + 0.3 * np.exp(-(x - 1.5) ** 2 / 0.3)) * (1 + 1e-3 * np.sin(40 * x))
    assert gauss_rule.separate_peaks(one) == 1
    assert gauss_rule.separate_peaks(two) == 2
    assert gauss_rule.separate_peaks(shoulder) == 1


def test_a_stretched_gauss_rule_integrates_a_peak_and_long_tails():
    """z = centre + scale sinh(v): 24 nodes over the +- SPREAD sds an inner level starts with
    integrate a narrow Gaussian to 1e-7 (its tails beyond hold 4e-8), and 40 nodes over the whole
    logit range the logistic density, whose e^-|z| tails reach tens of logits, to 1e-6."""
    sd = np.array([0.3])
    ends = np.array([[1.0 - gauss_rule.SPREAD * 0.3, 1.0 + gauss_rule.SPREAD * 0.3]])
    z, log_w = Stretch.around(np.array([1.0]), sd, ends).nodes(24)
    gaussian = np.exp(-0.5 * (z - 1.0) ** 2 / 0.09 + log_w).sum() / np.sqrt(2 * np.pi * 0.09)
    assert abs(gaussian - 1) < 1e-7
    z, log_w = Stretch.around(np.array([0.0]), np.array([1.0]), np.array([[-30.0, 30.0]])).nodes(40)
    logistic = np.exp(-np.logaddexp(0, z) - np.logaddexp(0, -z) + log_w).sum()
    assert abs(logistic - 1) < 1e-6


def test_the_logit_density_is_the_models_logit_target():
    """The rules' density (logs of the rates as sums, for accuracy near 0 and 1) against the
    samplers' target on the same logit scale, written separately (tapdesk/engine/bayes/targets.py),
    with priors that are not uniform."""
    hist = histogram(simulate_table(TapParameters(0.3, 0.6, 0.4), 100, 4, 5))
    priors = (Prior("t", 2, 3), Prior("a", 1.5, 1), Prior("p", 1, 2.5))
    z = np.random.default_rng(29).uniform(-6, 6, (300, 3))
    ours = LogitDensity(hist, TAP.names, priors)(z)
    np.testing.assert_allclose(ours, LogitTarget(TAP, hist, priors)(z), rtol=1e-10, atol=1e-8)
    expert = HISTOGRAM_MODELS["expert"]
    two = (Prior("t", 2, 2), Prior("a"))
    np.testing.assert_allclose(LogitDensity(hist, expert.names, two)(z[:, :2]),
                               LogitTarget(expert, hist, two)(z[:, :2]), rtol=1e-10, atol=1e-8)


def test_a_cancel_during_the_rules_gives_an_incomplete_posterior():
    hist = histogram(GAUSS_CASES["well identified, 2000 x 6"])
    calls = iter(range(10_000))
    post = grid_posterior(TAP, hist, UNIFORM, cancelled=lambda: next(calls) > 2)
    assert not post.complete


def test_the_verdict_says_how_the_posterior_was_computed():
    jeffreys = (Prior("t", 0.5, 0.5), Prior("a", 0.5, 0.5), Prior("p", 0.5, 0.5))
    result = fit(FitRequest(method="exact", priors=jeffreys),
                 GAUSS_CASES["well identified, 2000 x 6"])
    post = result.posterior
    assert post.trustworthy and "Gauss-Legendre" in post.verdict and "accuracy confirmed" in post.verdict
    assert post.grid_cells > 0 and post.marginals and post.joints
