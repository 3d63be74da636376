"""Diagnostics against theory: iid draws, AR(1) chains, disagreeing chains."""

import numpy as np

from tapdesk.engine.bayes.diagnostics import (diagnose, ess_bulk, ess_mean, mcse_mean, rhat,
                                              verdict)
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
    ok, words = verdict(d, 4)
    assert not ok and words.startswith("chains disagree")
    ok, words = verdict({"x": diagnose(rng.standard_normal((4, 1000)))}, 4)
    assert ok and words.startswith("chains agree")


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
