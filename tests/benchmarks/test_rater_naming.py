"""benchmarks/bench_rater_naming.py (issue 55, item 3): the Bayesian per-rater fits (each rater
against the panel by a simultaneous credible band) are measured too, as the app fits them, a
panel of each in turn until --until, without rewriting the section's other rows."""

import json
import time

import pytest

from tests.benchmarks.loading import load_bench


@pytest.fixture
def bench(monkeypatch, tmp_path):
    module = load_bench("bench_rater_naming", monkeypatch)
    monkeypatch.setattr(module, "PROGRESS", tmp_path / "progress.json")
    return module


def test_the_bayesian_models_are_fitted_as_the_app_fits_them(bench):
    own, pooled = (bench.request_for(key, 3) for key in ("per-rater-mcmc", "per-rater-pooled"))
    assert (own.model, own.method, own.pooled, own.class1) == ("per-rater", "mcmc", False, ("1",))
    assert (pooled.model, pooled.method, pooled.pooled) == ("per-rater", "mcmc", True)
    assert (own.chains, own.draws, own.warmup) == (4, 2000, 1000)       # the app's defaults
    assert {m for _, m, _ in bench.MODELS} >= set(bench.BAYES)


def test_chosen_models_take_turns_and_stop_at_the_count(bench, monkeypatch, capsys):
    order = []

    def fake_study(label, model, k, n, seed, progress):
        order.append(model)
        state = progress.setdefault(label, {"now": [], "old": [], "seconds": 0.0})
        state["now"].append(len(state["now"]) == 0)
        state["old"].append(False)
        return state
    monkeypatch.setattr(bench, "study", fake_study)
    monkeypatch.setattr(bench, "write_section", lambda *a: pytest.fail("no section"),
                        raising=False)
    bench.some(list(bench.BAYES), 2, None)
    assert order == ["per-rater-mcmc", "per-rater-pooled"] * 2
    assert capsys.readouterr().out.count("1 of 2: 50.0%") == 2


def test_no_panel_is_started_after_the_deadline(bench, monkeypatch):
    monkeypatch.setattr(bench, "study", lambda *a: pytest.fail("a panel after the deadline"))
    bench.some(list(bench.BAYES), 5, time.time() - 1)
    assert not bench.PROGRESS.exists() or json.loads(bench.PROGRESS.read_text()) == {}
