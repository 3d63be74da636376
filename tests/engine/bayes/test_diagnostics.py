"""Diagnostics against theory: iid draws, AR(1) chains, disagreeing chains."""

import numpy as np

from tapdesk.engine.bayes.diagnostics import (
    Diagnostics,
    diagnose,
    ess_bulk,
    ess_mean,
    ess_tail,
    mcse_mean,
    mcse_quantile,
    rhat,
    verdict,
)
from tapdesk.engine.bayes.summaries import hdi_from_draws, summarise_draws


def ar1(rng, rho, chains=4, n=4000):
    x = np.zeros((chains, n))
    e = rng.standard_normal((chains, n)) * np.sqrt(1 - rho ** 2)
    for i in range(1, n):
        x[:, i] = rho * x[:, i - 1] + e[:, i]
    return x


def test_iid_draws_have_rhat_one_and_full_ess():
    draws = np.random.default_rng(1).standard_normal((4, 2000))
    assert abs(rhat(draws) - 1) < 0.005
    assert 0.85 * draws.size < ess_bulk(draws) < 1.15 * draws.size


def test_ar1_ess_matches_theory():
    rho = 0.8
    draws = ar1(np.random.default_rng(2), rho)
    theory = draws.size * (1 - rho) / (1 + rho)
    assert 0.75 * theory < ess_mean(draws) < 1.3 * theory
    assert abs(mcse_mean(draws) - draws.std() / np.sqrt(ess_mean(draws))) < 1e-3


def test_disagreeing_chains_are_caught():
    rng = np.random.default_rng(3)
    draws = rng.standard_normal((4, 1000)) + np.array([0, 0, 0, 1.0])[:, None]
    d = {"x": diagnose(draws)}
    assert d["x"].rhat > 1.05
    judged = verdict(d, 4, 1000)
    assert not judged.trustworthy and "chains disagree" in judged.words
    assert judged.warning.startswith("Not trustworthy yet") and "more draws" in judged.warning
    judged = verdict({"x": diagnose(rng.standard_normal((4, 1000)))}, 4, 1000)
    assert judged.trustworthy and str(judged.words).startswith("chains agree") and not judged.warning


def fake(rhat=1.0, bulk=5000.0, tail=5000.0) -> Diagnostics:
    return Diagnostics(rhat, bulk, tail, 0.01, 0.01, 0.01)


def test_trustworthy_needs_rhat_at_most_101_and_bulk_and_tail_ess_400():
    """Issue 11: R-hat 1.02 used to pass as "roughly" fine; now every threshold must hold."""
    assert verdict({"t": fake(1.01), "a": fake()}, 4, 2000).trustworthy
    for bad, words in ((fake(rhat=1.02), "chain disagreement 1.020, for t"),
                       (fake(bulk=399), "399, for the middle of t"),
                       (fake(tail=250), "250, for the extremes of t")):
        judged = verdict({"t": bad, "a": fake()}, 4, 2000, has_exact=True)
        assert not judged.trustworthy, words
        assert words in judged.words
        assert "exact method" in judged.fix and "per chain" in judged.fix
    assert "exact" not in verdict({"t": fake(bulk=100)}, 4, 2000).fix
    assert not verdict({"t": fake()}, 1, 2000).trustworthy      # one chain: nothing to compare


def test_suggested_draws_are_enough_for_400_effective_draws():
    judged = verdict({"t": fake(bulk=100)}, 4, 2000)
    per_chain = int(str(judged.fix).split("about ")[1].split(" ")[0])
    assert per_chain * 100 / 2000 >= 400


def test_hdi_is_the_shortest_interval():
    x = np.random.default_rng(4).exponential(size=100_000)
    lo, hi = hdi_from_draws(x, 0.9)
    assert lo < 0.01 and abs(hi - np.log(10)) < 0.05


def test_modes_flag_bimodal_but_not_unimodal_or_flat():
    rng = np.random.default_rng(5)
    mix = np.where(rng.random((4, 2000)) < 0.5, rng.normal(0.2, 0.04, (4, 2000)),
                   rng.normal(0.75, 0.05, (4, 2000)))
    s = summarise_draws("x", mix)
    assert s.multimodal and abs(sorted(s.modes)[0] - 0.2) < 0.03 and abs(sorted(s.modes)[1] - 0.75) < 0.03
    assert not summarise_draws("n", rng.normal(0.4, 0.05, (4, 2000))).multimodal
    assert not summarise_draws("u", rng.random((4, 2000))).multimodal
    assert not summarise_draws("b", rng.beta(1, 8, (4, 2000))).multimodal


def test_diagnose_gives_exactly_what_each_diagnostic_gives_on_its_own():
    """diagnose computes the shared pieces once; the figures must be the same numbers."""
    rng = np.random.default_rng(4)
    for draws in (ar1(rng, 0.9, n=800), rng.standard_normal((4, 3)), np.full((4, 50), 0.3),
                  (rng.random((4, 300)) < 0.1).astype(float)):
        d = diagnose(draws)
        alone = (rhat(draws), ess_bulk(draws), ess_tail(draws), mcse_mean(draws),
                 mcse_quantile(draws, 0.05), mcse_quantile(draws, 0.95))
        together = (d.rhat, d.ess_bulk, d.ess_tail, d.mcse_mean, d.mcse_q05, d.mcse_q95)
        np.testing.assert_array_equal(np.array(together), np.array(alone))
