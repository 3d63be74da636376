"""MCMC for the histogram models: agreement with the exact posterior, streaming, seeds, cancel."""

import time

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes.summaries import cdf_at
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Draws
from tapdesk.engine.run import fit_events
from tests.engine.bayes.fit_run import run


def kappa_table() -> RatingsTable:
    """1000 subjects, 2 raters: 998 (0,0) pairs and 2 split pairs."""
    rows = [[0, 0]] * 998 + [[0, 1], [1, 0]]
    return RatingsTable.from_wide(rows)




def test_kappa_paradox_sampled_marginal_matches_exact_and_is_multimodal():
    table = kappa_table()
    exact = fit(FitRequest(method="exact"), table)
    mcmc = fit(FitRequest(method="mcmc", draws=8000, warmup=2000, seed=11), table)
    for result in (exact, mcmc):
        assert result.posterior.parameter("a").multimodal
        assert any(n.code == "multimodal" for n in result.warnings)
    from tapdesk.data.binary import binary_counts
    from tapdesk.engine.bayes.grid import grid_posterior
    from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS
    from tapdesk.engine.request import Prior
    hist = binary_counts(table).histogram()
    grid = grid_posterior(HISTOGRAM_MODELS["tap"], hist, tuple(Prior(n) for n in "tap"))
    edges = np.linspace(0, 1, 21)
    exact_mass = np.diff(cdf_at(grid, "a", edges))
    draws = mcmc.posterior.draws[:, :, 1].ravel()
    sampled = np.histogram(draws, edges)[0] / draws.size
    assert 0.5 * np.abs(exact_mass - sampled).sum() < 0.05


@pytest.mark.parametrize("t,a,p,seed", [(0.3, 0.6, 0.4, 1), (0.5, 0.7, 0.2, 4)])
def test_sampler_agrees_with_exact_posterior(t, a, p, seed):
    """Well-identified data (the weak cases are checked against brute force below)."""
    table = simulate_table(TapParameters(t, a, p), 300, 5, seed)
    exact = fit(FitRequest(method="exact"), table).posterior
    mcmc = fit(FitRequest(method="mcmc", seed=seed), table).posterior
    assert mcmc.trustworthy
    for name in "tap":
        e, m = exact.parameter(name), mcmc.parameter(name)
        assert abs(e.mean - m.mean) < 3 * m.diagnostics.mcse_mean
        assert abs(e.quantiles[0] - m.quantiles[0]) < 0.02
        assert abs(e.quantiles[4] - m.quantiles[4]) < 0.02


def test_same_seed_bit_identical_whether_or_not_events_are_watched():
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 100, 4, 9)
    request = FitRequest(method="mcmc", draws=300, warmup=200, seed=5)
    watched, events = run(request, table)
    unwatched = fit(request, table)
    assert np.array_equal(watched.posterior.draws, unwatched.posterior.draws)
    other = fit(FitRequest(method="mcmc", draws=300, warmup=200, seed=6), table)
    assert not np.array_equal(other.posterior.draws, unwatched.posterior.draws)
    draws = [e for e in events if isinstance(e, Draws) and not e.warmup and e.chain == 0]
    streamed = np.array([v for e in draws for v in e.values])
    np.testing.assert_array_equal(streamed, watched.posterior.draws[0])
    assert draws[0].names == ("t", "a", "p") and len(draws[0].log_posterior) == len(draws[0].values)


@pytest.mark.parametrize("model", ["tap", "per-rater"])
def test_cancel_returns_partial_result_fast(model):
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 1000, 5, 3)
    request = FitRequest(model=model, method="mcmc", draws=200000, warmup=500, seed=1)
    token = CancelToken()
    gen = fit_events(request, table, token)
    n = 0
    while n < 40:
        next(gen)
        n += 1
    start = time.perf_counter()
    token.cancel()
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            result = stop.value
            break
    # the sampler stops at its next iteration; the rest is summarising what it has
    assert time.perf_counter() - start < 30
    assert not result.complete
    assert any(n.code == "cancelled" for n in result.warnings)
    assert result.posterior.draws.shape[1] < 200000


def test_ridge_model_shows_a0_a1_joint_and_json_has_the_issue_fields():
    table = simulate_table(TapParameters(0.3, 0.7, 0.4), 300, 5, 4)
    result = fit(FitRequest(model="tap-a0a1", method="mcmc", draws=500, warmup=500), table)
    joint = next(j for j in result.posterior.joints if (j.x_name, j.y_name) == ("a0", "a1"))
    assert joint.mass.shape == (40, 40) and abs(joint.mass.sum() - 1) < 1e-9
    assert any(n.code == "ridge" for n in result.warnings)
    out = result.to_dict()
    keys = {"mean", "sd", "q05", "q25", "q50", "q75", "q95", "hdi", "modes", "rhat",
            "ess_bulk", "ess_tail"}
    for name in ("t", "a0", "a1", "p"):
        assert keys <= set(out["params"][name])
    assert "verdict" in out["diagnostics"] and "warnings" in out
    assert "Beta(1, 1)" in out["diagnostics"]["priors"]


# ------------------------------------------------------------------ issue 11: defaults suffice
WEAK = {"a = .1": ((0.2, 0.1, 0.5), 300, 5), "t = .9, a = .2": ((0.9, 0.2, 0.5), 300, 5),
        "t = .95, p = .1": ((0.95, 0.5, 0.1), 200, 5), "t = .8, a = .3": ((0.8, 0.3, 0.6), 300, 5)}


@pytest.mark.parametrize("case", list(WEAK))
def test_default_mcmc_on_weak_data_meets_the_thresholds(case):
    """R-hat <= 1.01 and bulk ESS >= 1000 for every parameter at the default 4 x 2000 draws,
    and every quantile within 0.1 posterior sd of a brute-force posterior (not the engine's)."""
    from tests.engine.bayes.reference import tap_reference
    params, subjects, raters = WEAK[case]
    table = simulate_table(TapParameters(*params), subjects, raters, 1)
    post = fit(FitRequest(method="mcmc"), table).posterior
    reference = tap_reference(table)
    assert post.trustworthy and post.warning == ""
    for name in "tap":
        p, ref = post.parameter(name), reference[name]
        assert p.diagnostics.rhat <= 1.01 and p.diagnostics.ess_bulk >= 1000, name
        ours = np.array([p.mean, *p.quantiles])
        d = p.diagnostics
        # 0.1 sd, or 4 Monte Carlo standard errors of the 5% and 95% quantiles where those are
        # larger: with ESS ~1000 a tail quantile's own MC error is ~0.07 sd, and on t = .95,
        # p = .1 its draws missed 0.1 sd with 2 of 6 seeds before issue 25's grid changes too
        limit = np.full(6, 0.1 * ref[1])
        limit[[1, 5]] = np.maximum(limit[[1, 5]], 4 * np.array([d.mcse_q05, d.mcse_q95]))
        assert (np.abs(ours - ref[[0, 2, 3, 4, 5, 6]]) <= limit).all(), name


@pytest.mark.slow
@pytest.mark.parametrize("model", ["expert", "tap-a0a1", "tap-a0a1-p0p1"])
def test_default_mcmc_of_the_other_grid_models_meets_the_thresholds(model):
    table = simulate_table(TapParameters(0.2, 0.1, 0.2 if model == "expert" else 0.5), 300, 5, 1)
    post = fit(FitRequest(model=model, method="mcmc"), table).posterior
    assert post.trustworthy
    for p in post.parameters:
        assert p.diagnostics.rhat <= 1.01 and p.diagnostics.ess_bulk >= 1000, p.name


def test_live_draws_still_stream_while_the_chains_run():
    """The sampler streams every chain's draws batch by batch (the live plots' feed)."""
    table = simulate_table(TapParameters(0.2, 0.1, 0.5), 300, 5, 1)
    result, events = run(FitRequest(method="mcmc", draws=600, warmup=200), table)
    draws = [e for e in events if isinstance(e, Draws)]
    assert {e.chain for e in draws} == {0, 1, 2, 3}
    assert sum(len(e.values) for e in draws if not e.warmup) == 4 * 600
    assert len([e for e in draws if e.chain == 0]) >= 8          # many batches, not one at the end
    streamed = np.array([v for e in draws if e.chain == 1 and not e.warmup for v in e.values])
    np.testing.assert_allclose(streamed, result.posterior.draws[1])


def test_untrustworthy_runs_say_so_first_everywhere():
    """Too few draws: the headline (GUI bullets, report verdict) and the CLI text lead with it."""
    table = simulate_table(TapParameters(0.2, 0.1, 0.5), 300, 5, 1)
    result = fit(FitRequest(method="mcmc", draws=60, warmup=40, seed=3), table)
    post = result.posterior
    assert not post.trustworthy and not result.converged
    assert result.headline[0] == post.warning
    assert post.warning.startswith("Not trustworthy yet") and "exact method" in post.warning
    assert result.summary().headline[0] == post.warning
    assert any(n.code == "not-trustworthy" for n in result.warnings)
    assert result.to_dict()["diagnostics"]["warning"] == post.warning
    from tapdesk.report.build import build_report
    front = build_report(result, table=table).sections[0]
    verdict = next(b for b in front.blocks if getattr(b, "style", "") == "verdict")
    assert verdict.items[0].startswith(post.warning)
