"""The t-a-p maximum-likelihood fit: recovery, brute-force maxima, the kappa paradox, labels, cancel."""

from __future__ import annotations

import itertools
import json
import warnings

import numpy as np
import pytest

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.likelihood import from_tap, log_likelihood, tap_log_likelihood_grid
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Iteration

GRID = (0.1, 0.3, 0.5, 0.7, 0.9)


def quiet_fit(request, table, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return fit(request, table, **kw)


# ------------------------------------------------------------------ recovery
@pytest.fixture(scope="module")
def recovery_grid():
    """Fits of 125 simulated data sets (N = 300, R = 5), one per (t, a, p) in GRID^3.

    Four starts and a 1e-8 EM tolerance keep the 125 fits (with their
    profile-likelihood intervals) to about 20 s; the default 12 starts at
    1e-10 give the same maxima to within 1e-6 in log-likelihood.
    """
    out = []
    for i, (t, a, p) in enumerate(itertools.product(GRID, GRID, GRID)):
        table = simulate_table(TapParameters(t, a, p), 300, 5, seed=1000 + i)
        request = FitRequest(model="tap", class1=("1",), n_starts=4, tolerance=1e-8)
        out.append(((t, a, p), table, quiet_fit(request, table)))
    return out


def within_3_se(result, truth) -> list[bool]:
    """Per parameter: is the truth within 3 SE of the estimate?

    Where the fit withholds the standard error (an estimate on the edge, or a
    likelihood too far from bell-shaped for an SE to mean anything) the 95%
    profile-likelihood interval stands in for it.
    """
    ok = []
    for name, value in zip("tap", truth):
        est = result.param(name)
        if est.se is not None:
            ok.append(abs(est.value - value) <= 3 * est.se)
        else:
            ok.append(est.ci is not None and est.ci[0] - 1e-9 <= value <= est.ci[1] + 1e-9)
    return ok


@pytest.mark.slow
def test_recovery_within_three_standard_errors_over_the_whole_grid(recovery_grid):
    # Issue 2: over t, a, p in {.1, .3, .5, .7, .9} (N = 300, R = 5), estimates within 3 SE in
    # at least 95% of the (cell, parameter) pairs. Measured with seeds 1000+i: 97.3% (365 of 375);
    # the misses sit mostly at a = 0.1, where the two classes barely separate with 5 raters.
    checks = [ok for truth, _, res in recovery_grid for ok in within_3_se(res, truth)]
    assert len(checks) == 375
    assert np.mean(checks) >= 0.95


@pytest.mark.slow
def test_standard_errors_are_withheld_where_they_would_mislead(recovery_grid):
    for _, _, result in recovery_grid:
        if any(e.on_boundary for e in result.params):
            assert all(e.se is None for e in result.params)
            assert "no-standard-error" in {n.code for n in result.warnings}
        for est in result.params:
            assert est.ci is not None and 0.0 <= est.ci[0] <= est.value + 1e-9
            assert est.value - 1e-9 <= est.ci[1] <= 1.0


@pytest.mark.slow
def test_every_grid_fit_is_at_least_as_likely_as_the_truth(recovery_grid):
    for (t, a, p), table, result in recovery_grid:
        hist = binary_counts(table, ("1",)).histogram()
        assert result.log_likelihood.nats >= log_likelihood(hist, from_tap(t, a, p)) - 1e-7
        assert result.value("a") >= 0.0
        assert all(np.isfinite(result.value(n)) for n in "tap")


@pytest.mark.slow
def test_recovery_is_close_in_the_well_identified_middle(recovery_grid):
    for (t, a, _p), _, result in recovery_grid:
        if a >= 0.5 and 0.3 <= t <= 0.7:
            assert abs(result.value("a") - a) < 0.1
            assert abs(result.value("t") - t) < 0.12


# -------------------------------------------------------- brute-force maximum
def grid_maximum(hist, rounds: int = 20) -> tuple[np.ndarray, float]:
    """Maximum of the log-likelihood on a 41^3 grid over [0, 1]^3, then zoomed 31^3 grids.

    Each zoomed grid spans about +-7 steps of the previous one (half-width halves
    every round), wide enough to follow a diagonal likelihood ridge.
    """
    axes = [np.linspace(0.0, 1.0, 41)] * 3
    width = 0.125
    for _ in range(rounds + 1):
        t, a, p = np.meshgrid(*axes, indexing="ij")
        ll = tap_log_likelihood_grid(hist, t, a, p)
        ll = np.where(np.isfinite(ll), ll, -np.inf)
        idx = np.unravel_index(np.argmax(ll), ll.shape)
        best = np.array([t[idx], a[idx], p[idx]])
        best_ll = float(ll[idx])
        width /= 2
        axes = [np.unique(np.clip(np.linspace(b - width, b + width, 31), 0.0, 1.0)) for b in best]
    return best, best_ll


def brute_force_cases(shared_data):
    wine = read_ratings(shared_data / "wine.csv").table
    cases = [(f"wine cut {c}", binary_counts(wine, cut=c).histogram()) for c in ("1", "2", "3")]
    for seed, (t, a, p) in enumerate([(0.3, 0.6, 0.4), (0.6, 0.8, 0.2)]):
        table = simulate_table(TapParameters(t, a, p), 250, 4, seed=77 + seed)
        cases.append((f"sim {t},{a},{p}", binary_counts(table, ("1",)).histogram()))
    # unequal numbers of raters: drop some ratings from a simulated panel
    table = simulate_table(TapParameters(0.4, 0.5, 0.5), 200, 6, seed=5)
    keep = np.random.default_rng(5).random(table.n_ratings) > 0.3
    cases.append(("unequal raters", binary_counts(table.select(keep), ("1",)).histogram()))
    return cases


def test_mle_equals_the_brute_force_grid_maximum(shared_data):
    from tapdesk.engine.binary.mixture_fit import fit_mixture
    from tapdesk.engine.cancel import NEVER_CANCELLED
    for name, hist in brute_force_cases(shared_data):
        gen = fit_mixture(hist, n_starts=12, seed=1, tolerance=1e-10, max_iterations=5000,
                          cancel=NEVER_CANCELLED, emit=False)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            mle = stop.value
        mix = mle.mixture
        grid_params, grid_ll = grid_maximum(hist)
        assert mle.log_likelihood >= grid_ll - 1e-9, name          # the MLE is never beaten
        assert mle.log_likelihood - grid_ll < 1e-6, name
        np.testing.assert_allclose([mix.t, mix.a, mix.p], grid_params, atol=1e-4, err_msg=name)


# ------------------------------------------------------------- kappa paradox
def test_kappa_paradox_gives_finite_results_and_clear_warnings():
    rows = [(0, 0)] * 998 + [(0, 1)] * 2
    table = RatingsTable.from_wide(rows)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)          # no numerical noise either
        result = fit(FitRequest(model="tap", class1=("1",)), table)
    for name in "tap":
        assert np.isfinite(result.value(name))
    assert 0.0 <= result.value("a") < 0.05
    assert result.param("a").ci == pytest.approx((0.0, 1.0), abs=0.02)   # profile interval
    codes = {n.code for n in result.warnings}
    assert {"not-identified", "kappa-paradox"} <= codes
    paradox = next(n.message for n in result.warnings if n.code == "kappa-paradox")
    assert "99.8%" in paradox and "0.1%" in paradox
    headline = " ".join(result.headline)                 # issue 39: no number, the reason once
    assert "These data cannot tell how often raters are accurate" in headline
    assert headline.count("(the kappa paradox)") == 1 and "for the same reason" in headline
    assert "%" not in headline.split("These data cannot tell what share")[1].split(":")[0]
    text = json.dumps(result.to_dict(), allow_nan=False)        # raises on NaN/inf
    assert "NaN" not in text and "Infinity" not in text
    assert result.summary().as_text()


# ------------------------------------------------------------ label switching
@pytest.mark.parametrize("t,a,p", [(0.8, 0.6, 0.1), (0.2, 0.7, 0.9), (0.5, 0.3, 0.5)])
def test_reported_accuracy_is_never_negative(t, a, p):
    table = simulate_table(TapParameters(t, a, p), 300, 3, seed=11)
    result = quiet_fit(FitRequest(model="tap", class1=("1",), n_starts=6), table)
    assert result.value("a") >= 0.0
    # the same data with the class labels swapped give the mirrored fit, still with a >= 0
    flipped = quiet_fit(FitRequest(model="tap", class1=("0",), n_starts=6), table)
    assert flipped.value("a") >= 0.0
    assert flipped.value("a") == pytest.approx(result.value("a"), abs=1e-4)
    assert flipped.value("t") == pytest.approx(1 - result.value("t"), abs=1e-4)
    assert flipped.value("p") == pytest.approx(1 - result.value("p"), abs=1e-4)


def test_anti_agreement_fits_to_no_accuracy_not_negative_accuracy():
    rows = [(0, 1), (1, 0)] * 100          # raters always disagree
    result = quiet_fit(FitRequest(model="tap", class1=("1",), n_starts=4),
                       RatingsTable.from_wide(rows))
    assert 0.0 <= result.value("a") < 0.01


# --------------------------------------------------------------- cancellation
def test_cancel_from_the_event_callback_gives_an_incomplete_result():
    table = simulate_table(TapParameters(0.4, 0.6, 0.3), 200, 4, seed=3)
    token = CancelToken()
    seen = []

    def on_event(event):
        if isinstance(event, Iteration):
            seen.append(event)
            if len(seen) == 3:
                token.cancel()

    result = quiet_fit(FitRequest(model="tap", class1=("1",)), table, on_event=on_event,
                       cancel=token)
    assert result.complete is False
    assert len(seen) < 20
    assert "incomplete" in result.summary().as_text()
