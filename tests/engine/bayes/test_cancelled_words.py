"""A Bayesian fit cancelled early says so in the reader's language (issue 54): the verdict and
the advice of a run stopped during warm-up, and of an exact grid stopped while coarse."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from tapdesk import i18n
from tapdesk.engine.bayes.methods import exact_verdict, summarise_chains
from tapdesk.engine.bayes.samplers import ChainsOutput
from tapdesk.engine.request import FitRequest


def _warm_up_summary():
    draws = np.random.default_rng(1).uniform(0.2, 0.8, (2, 20, 3))
    out = ChainsOutput(draws, np.zeros((2, 20)), False, np.full(2, 0.3), {"from_warmup": True})
    return summarise_chains("mcmc", ("t", "a", "p"), draws, out, FitRequest(method="mcmc"), "")


def test_a_run_stopped_in_warm_up_keeps_its_english():
    summary = _warm_up_summary()
    assert not summary.trustworthy
    assert summary.warning == ("Not trustworthy yet: cancelled during warm-up: these draws are "
                               "rough. Run it again to the end.")


def test_a_run_stopped_in_warm_up_reads_in_german():
    summary = _warm_up_summary()
    with i18n.language("de"):
        warning = summary.warning
    assert "Aufwärmphase" in warning and "zu Ende" in warning, warning
    assert "warm-up" not in warning and "Run it again" not in warning, warning


def test_a_coarse_exact_grid_reads_in_german():
    words, ok, advice = exact_verdict(SimpleNamespace(complete=False))
    assert not ok and words == "cancelled: computed on a coarse grid only"
    with i18n.language("de"):
        assert "grob" in i18n.deferred.shown(words) and "zu Ende" in i18n.deferred.shown(advice)
