"""The t-a-p model's exact-derivative profile search gives true 95% profile-likelihood intervals.

Checked three ways: its derivatives against finite differences; its interval
ends against a brute-force profile (dense grid over the other two parameters,
then a local search from the best grid point); and against the generic
search of :mod:`tapdesk.engine.intervals`, which it replaces for the t-a-p
model: never shorter, and equal wherever the generic search found the true
profile maximum.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize

from tapdesk.data.binary import binary_counts
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary import common
from tapdesk.engine.binary import tap as tap_module
from tapdesk.engine.binary.mixture_fit import EDGE, fit_mixture
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.binary.tap_profile import TapLikelihood, TapProfile
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.intervals import logit_wald_interval, profile_interval
from tapdesk.engine.run import drive
from tests.engine.binary.derivative_checks import assert_derivatives_match

CASES = [((0.3, 0.6, 0.4), 5, 200), ((0.5, 0.8, 0.5), 3, 50), ((0.1, 0.7, 0.3), 8, 100),
         ((0.52, 0.18, 0.92), 4, 100), ((0.39, 0.34, 0.67), 5, 20), ((0.73, 0.5, 0.53), 3, 200),
         ((0.3, 0.6, 0.4), 2, 100), ((0.9, 0.9, 0.1), 4, 60)]


def fitted(params, raters, subjects, seed=11):
    hist = binary_counts(simulate_table(TapParameters(*params), subjects, raters, seed)).histogram()
    result = drive(fit_mixture(hist, n_starts=12, seed=1, tolerance=1e-10, max_iterations=5000,
                               cancel=NEVER_CANCELLED, emit=False))
    return hist, tap_module.tap_values(result.mixture), result.log_likelihood


def brute_profile(lik: TapLikelihood, index: int, v: float) -> float:
    """max over the other two parameters: 121 x 121 grid, then L-BFGS-B from the best point."""
    grid = np.concatenate([[EDGE], np.linspace(0.005, 0.995, 119), [1 - EDGE]])
    u1, u2 = (g.ravel() for g in np.meshgrid(grid, grid, indexing="ij"))
    others = [j for j in range(3) if j != index]
    cols = [None, None, None]
    cols[index], cols[others[0]], cols[others[1]] = np.full(u1.size, v), u1, u2
    best = int(np.argmax(lik.values(*cols)))

    def negative(z):
        x = np.empty(3)
        x[index], x[others] = v, z
        return -lik.value(x)

    found = minimize(negative, [u1[best], u2[best]], method="L-BFGS-B",
                     bounds=[(EDGE, 1 - EDGE)] * 2)
    return max(-found.fun, -negative([u1[best], u2[best]]))


def test_derivatives_match_finite_differences():
    hist, x, _ = fitted((0.3, 0.6, 0.4), 5, 200)
    lik = TapLikelihood(hist)
    point = np.array([0.35, 0.55, 0.45])
    value, _, _ = lik.derivatives(point)
    assert value == pytest.approx(tap_module.tap_loglik(hist)(point), rel=1e-12)
    assert_derivatives_match(lik, point, 1e-5, grad_abs=1e-6, hess_atol=1e-4)


@pytest.mark.parametrize("params, raters, subjects", CASES)
def test_interval_ends_are_true_profile_crossings(params, raters, subjects):
    hist, x, ll_max = fitted(params, raters, subjects)
    profile = TapProfile(hist, x, ll_max)
    lik = TapLikelihood(hist)
    for index in range(3):
        low, high = profile.interval(index)
        assert low <= x[index] + 1e-9 and high >= x[index] - 1e-9
        for end, outward in ((low, -1), (high, 1)):
            inside = np.clip(end - outward * 2e-3, EDGE, 1 - EDGE)
            assert brute_profile(lik, index, inside) >= profile.target - 1e-6, (index, end)
            if EDGE < end < 1 - EDGE:          # not the edge of [0, 1]: the profile crosses here
                assert brute_profile(lik, index, end + outward * 2e-3) < profile.target, (index, end)


@pytest.mark.parametrize("params, raters, subjects", CASES)
def test_never_shorter_than_the_generic_search_and_equal_where_it_found_the_maximum(
        params, raters, subjects):
    hist, x, ll_max = fitted(params, raters, subjects)
    fast = TapProfile(hist, x, ll_max)
    lik = TapLikelihood(hist)
    loglik = tap_module.tap_loglik(hist)
    for index in range(3):
        old = profile_interval(loglik, x, index, ll_max, [(EDGE, 1 - EDGE)] * 3,
                               [np.full(3, 0.5), np.clip(1 - x, EDGE, 1 - EDGE)],
                               tap_module.tap_value_and_grad(hist))
        new = fast.interval(index)
        assert new[0] <= old[0] + 1e-4 and new[1] >= old[1] - 1e-4
        for old_end, new_end, outward in ((old[0], new[0], -1), (old[1], new[1], 1)):
            if abs(old_end - new_end) > 1e-4:   # the generic search stopped short: it missed
                beyond = np.clip(old_end + outward * 2e-3, EDGE, 1 - EDGE)   # a higher maximum
                assert brute_profile(lik, index, beyond) >= fast.target


def test_the_engine_fit_reports_these_intervals():
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 150, 4, seed=5)
    result = fit(FitRequest(model="tap"), table)
    hist = binary_counts(table).histogram()
    x = np.array([result.value(n) for n in "tap"])
    profile = TapProfile(hist, x, result.log_likelihood.nats)
    for index, name in enumerate("tap"):
        np.testing.assert_allclose(result.param(name).ci, profile.interval(index), atol=1e-6)


def test_without_standard_errors_the_intervals_are_the_same(monkeypatch):
    """standard_errors=False (study planning) drops the standard errors only: the profile
    intervals, and the logit-Wald interval a failed profile search falls back to, stay."""
    hist, x, ll_max = fitted((0.3, 0.6, 0.4), 5, 200)

    def estimates(standard_errors, profile):
        return common.probability_estimates(
            ("t", "a", "p"), x, tap_module.tap_loglik(hist), ll_max,
            tap_module.tap_value_and_grad(hist), profile, standard_errors=standard_errors)

    fast = TapProfile(hist, x, ll_max).interval
    full, lean = estimates(True, fast), estimates(False, fast)
    assert all(e.se is not None for e in full) and all(e.se is None for e in lean)
    assert [e.ci for e in lean] == [e.ci for e in full]

    def fails(*args):
        raise ValueError("profile search did not settle")

    monkeypatch.setattr(common, "profile_interval", fails)
    full, lean = estimates(True, fails), estimates(False, fails)
    assert [e.ci for e in lean] == [e.ci for e in full]
    for e in full:      # the fallback really ran: the logit-Wald interval of the reported se
        assert e.ci == pytest.approx(logit_wald_interval(e.value, e.se))


def multi_start_profile(hist, k: int, value: float, starts: int = 12) -> float:
    """The profile log-likelihood at parameter k = value, maximised over the other two from
    ``starts`` random starts (an optimiser independent of the engine's profile search)."""
    from tapdesk.engine.binary.likelihood import from_tap, log_likelihood
    rng = np.random.default_rng(k)

    def minus(y: np.ndarray) -> float:
        x = np.clip(np.insert(y, k, value), 1e-9, 1 - 1e-9)
        return -log_likelihood(hist, from_tap(*x))

    return max(-minimize(minus, rng.random(2), bounds=[(1e-9, 1 - 1e-9)] * 2).fun
               for _ in range(starts))


@pytest.mark.parametrize("label", ["random ratings", "rare class"])
def test_ends_are_on_the_global_profile_of_weakly_identified_data(label):
    """Issue 39: every end of t, a and p agrees to 0.01 with a multi-start profile: 0.01 inside
    is within the cut-off, 0.01 outside is not (where the range goes on)."""
    if label == "random ratings":
        grid = (np.random.default_rng(5).random((60, 4)) < 0.5).astype(int).tolist()
        from tapdesk.data.ratings import RatingsTable
        table = RatingsTable.from_wide(grid)
    else:
        table = simulate_table(TapParameters(t=0.05, a=0.5, p=0.05), 150, 4, 1)
    result = fit(FitRequest(model="tap", class1=("1",)), table)
    hist = binary_counts(table, choice=result.class_choice).histogram()
    cut = result.log_likelihood.nats - 3.8415 / 2
    for k, name in enumerate("tap"):
        low, high = result.param(name).ci
        for end, inward in ((low, 1), (high, -1)):
            assert multi_start_profile(hist, k, min(max(end + 0.01 * inward, 0.0), 1.0)) >= cut
            outside = end - 0.01 * inward
            if 0.0 < outside < 1.0:
                assert multi_start_profile(hist, k, outside) < cut, (name, end)
