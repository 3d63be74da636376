"""The expert-rater model P-a-P (t = p): MLE of a, Fleiss kappa = a^2, sqrt(kappa)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.agreement import binary_agreement
from tapdesk.engine.binary.expert import fit_accuracy, point_values, rate_se
from tapdesk.engine.binary.likelihood import tap_log_likelihood_grid
from tapdesk.engine.binary.simulate import TapParameters, expected_counts, simulate_table

EXPERT_CASES = [(0.3, 0.6, 5), (0.5, 0.2, 3), (0.15, 0.85, 8), (0.7, 0.4, 2)]


@pytest.mark.parametrize("t, a, n_raters", EXPERT_CASES)
def test_kappa_is_a_squared_and_mle_is_exact_on_expected_counts(t, a, n_raters):
    """Eubanks: with t = p, Fleiss kappa = a^2; on expected counts the MLE is the truth."""
    hist = expected_counts(TapParameters(t=t, a=a, p=t), 1000, n_raters)
    assert binary_agreement(hist).kappa == pytest.approx(a ** 2, abs=1e-6)
    t_hat, a_hat, _, kappa = point_values(hist)
    assert t_hat == pytest.approx(t, abs=1e-6)      # the joint maximum, found numerically
    assert a_hat == pytest.approx(a, abs=1e-6)
    assert np.sqrt(kappa) == pytest.approx(a, abs=1e-6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mle_of_a_agrees_with_a_brute_force_grid(seed):
    table = simulate_table(TapParameters(t=0.35, a=0.5, p=0.35), 150, 4, seed=seed)
    result = fit(FitRequest(model="expert"), table)
    hist = binary_counts_of(table)
    t = result.value("t")
    grid = np.linspace(0, 1, 20001)
    ll = tap_log_likelihood_grid(hist, np.full_like(grid, t), grid, np.full_like(grid, t))
    best = grid[np.argmax(ll)]
    assert result.value("a") == pytest.approx(best, abs=1e-4)
    assert result.log_likelihood.nats >= ll.max() - 1e-9


def test_boundary_maximum_is_found():
    """Pure guessing (a = 0) and perfect agreement (a = 1) put the maximum on the edge."""
    agree = RatingsTable.from_wide([[1, 1, 1]] * 30 + [[0, 0, 0]] * 70)
    assert fit_accuracy(binary_counts_of(agree), 0.3)[0] == pytest.approx(1.0)
    result = fit(FitRequest(model="expert"), agree)
    assert result.value("a") == 1.0 and result.param("a").on_boundary
    assert result.value("kappa") == pytest.approx(1.0)
    assert any(n.code == "boundary" for n in result.warnings)


def binary_counts_of(table):
    return binary_counts(table).histogram()


def test_fit_reports_all_quantities_with_intervals():
    table = simulate_table(TapParameters(t=0.3, a=0.7, p=0.3), 600, 5, seed=4)
    result = fit(FitRequest(model="expert"), table)
    names = [e.name for e in result.params]
    assert names == ["t", "p", "a", "kappa", "sqrt_kappa"]
    assert result.value("t") == result.value("p")
    rate = table.rating.mean()
    assert result.value("t") == pytest.approx(rate, abs=0.02)   # expected rate = t, not the MLE
    assert result.log_likelihood.nats >= fit_accuracy(binary_counts_of(table), rate)[1] - 1e-9
    assert result.value("sqrt_kappa") == pytest.approx(np.sqrt(result.value("kappa")))
    a = result.param("a")
    assert a.se > 0 and a.ci[0] < 0.7 < a.ci[1]
    assert result.param("t").ci[0] < 0.3 < result.param("t").ci[1]
    # MLE and moment estimate of a agree closely when the model holds.
    assert abs(result.value("a") - result.value("sqrt_kappa")) < 0.05
    assert any("kappa" in line for line in result.headline)


def test_rate_se_matches_binomial_when_subjects_are_single_draws():
    """With equal n and no clustering the ratio SE is close to sqrt(r(1-r)/N) scaled by n."""
    table = simulate_table(TapParameters(t=0.4, a=0.0, p=0.4), 4000, 2, seed=9)
    hist = binary_counts_of(table)
    r = hist.n_class1_ratings / hist.n_ratings
    # a = 0: ratings are independent, so the SE is the binomial one over all ratings.
    assert rate_se(hist) == pytest.approx(np.sqrt(r * (1 - r) / hist.n_ratings), rel=0.05)


def test_negative_kappa_is_explained_and_has_no_square_root():
    table = RatingsTable.from_wide([[0, 1]] * 40 + [[1, 0]] * 40 + [[1, 1]] * 5 + [[0, 0]] * 5)
    result = fit(FitRequest(model="expert"), table)
    assert result.value("kappa") < 0
    assert "sqrt_kappa" not in [e.name for e in result.params]
    assert "negative-kappa" in [n.code for n in result.warnings]
    json.dumps(result.to_dict(), allow_nan=False)


def test_all_ratings_in_one_class_leaves_a_unidentified():
    table = RatingsTable.from_wide([[0, 0, 0]] * 20, scale=None)
    table = table.with_scale(Scale(("0", "1"), ordinal=True))
    result = fit(FitRequest(model="expert", class1=("1",)), table)
    assert not result.param("a").identified
    codes = [n.code for n in result.warnings]
    assert "kappa-undefined" in codes and "not-identified" in codes
    payload = result.to_dict()
    json.dumps(payload, allow_nan=False)
    assert payload["params"]["a"] is None


def test_bootstrap_gives_intervals_for_kappa_too():
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.3), 300, 4, seed=2)
    first = fit(FitRequest(model="expert", bootstrap=60, seed=5), table)
    again = fit(FitRequest(model="expert", bootstrap=60, seed=5), table)
    assert "bootstrap" in first.interval_method
    for name in ("t", "a", "kappa", "sqrt_kappa"):
        est = first.param(name)
        assert est.ci is not None and est.ci[0] <= est.value <= est.ci[1]
        assert est.ci == again.param(name).ci


# ------------------------------------------------------------------ issue 11: the joint maximum
def multistart_maximum(hist, starts: int = 60, seed: int = 0) -> float:
    """Best log-likelihood of Nelder-Mead from many random starts on the logit scale of (t, a)."""
    from scipy.optimize import minimize
    from scipy.special import expit

    def neg(z):
        t, a = expit(z)
        return -tap_log_likelihood_grid(hist, np.array(t), np.array(a), np.array(t))
    rng = np.random.default_rng(seed)
    best = -np.inf
    for z0 in rng.normal(0, 3, (starts, 2)):
        res = minimize(neg, z0, method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12,
                                                                 "maxiter": 4000})
        best = max(best, -float(res.fun))
    return best


RARE = RatingsTable.from_wide([[0, 0, 0]] * 180 + [[1, 0, 0]] * 12 + [[1, 1, 0]] * 4
                              + [[1, 1, 1]] * 4)


@pytest.mark.parametrize("table", [RARE, simulate_table(TapParameters(0.1, 0.4, 0.1), 200, 4, 7),
                                   simulate_table(TapParameters(0.6, 0.2, 0.6), 80, 2, 8)],
                         ids=["rare-class", "t=.1 a=.4", "two raters"])
def test_joint_maximum_is_at_least_as_high_as_a_multistart_optimiser(table):
    hist = binary_counts_of(table)
    result = fit(FitRequest(model="expert"), table)
    assert result.log_likelihood.nats >= multistart_maximum(hist) - 1e-9
    rate = hist.n_class1_ratings / hist.n_ratings
    assert result.log_likelihood.nats >= fit_accuracy(hist, rate)[1] - 1e-12


def test_rare_class_maximum_is_not_at_the_rate_and_intervals_are_profile_intervals():
    """The issue's example: holding t at the Class-1 rate misses the joint maximum."""
    hist = binary_counts_of(RARE)
    result = fit(FitRequest(model="expert"), RARE)
    rate = hist.n_class1_ratings / hist.n_ratings
    assert result.log_likelihood.nats > fit_accuracy(hist, rate)[1] + 1e-4
    assert "profile likelihood" in result.interval_method
    for name in ("t", "a"):
        est = result.param(name)
        lo, hi = est.ci
        assert lo < est.value < hi

        def profile(v, name=name):          # the other parameter maximised on a fine grid
            grid = np.linspace(1e-6, 1 - 1e-6, 4001)
            t, a = (np.full_like(grid, v), grid) if name == "t" else (grid, np.full_like(grid, v))
            return tap_log_likelihood_grid(hist, t, a, t).max()
        # the ends are where the profile has dropped 1.92 nats (chi-square 95% / 2)
        for end in (lo, hi):
            assert profile(end) == pytest.approx(result.log_likelihood.nats - 1.9207, abs=2e-3)
