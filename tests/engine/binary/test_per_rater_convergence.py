"""A per-rater fit that says it converged is at its maximum, one that stops at its cap says so,
and its iteration counts are the lengths of what they count (issue 57)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater_em import rater_data
from tapdesk.engine.binary.per_rater_fit import fit_per_rater, run_em
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.categorical import ds_em
from tapdesk.engine.categorical.common import prepare
from tapdesk.engine.categorical.rater_data import RaterData as CategoricalData
from tapdesk.engine.run import drive

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from crowd_data import simulate  # noqa: E402  (the benchmarks' crowds)


@pytest.fixture(scope="module")
def crowd() -> RatingsTable:
    """200 workers x 2,000 items, 3 labels an item: a few dozen labels a worker, where plain EM
    crawls (it stopped 2.6e-5 nats below the maximum and said it had converged)."""
    task, worker, label = next(simulate(200, 2000, seed=1))
    return RatingsTable.from_labels(task, worker, label + 1)


def per_rater(table: RatingsTable, **settings):
    request = FitRequest(model="per-rater", class1=("2",), **settings)
    counts = counts_for(request, table)
    data = rater_data(table, counts)
    return data, drive(fit_per_rater(data, counts, table.rater_ids, request, NEVER_CANCELLED))


def test_a_fit_that_says_it_converged_is_at_the_maximum(crowd):
    data, found = per_rater(crowd)
    assert found.converged
    further = drive(run_em(data, found.params, tolerance=1e-16, max_iterations=100_000,
                           cancel=NEVER_CANCELLED))
    assert further.log_likelihood - found.log_likelihood < 1e-6


def test_two_classes_reach_the_maximum_of_two_class_dawid_skene(crowd):
    """The same model in Dawid-Skene's parameters: the per-rater fit reaches its maximum, less
    only what keeping each probability 1e-9 inside (0, 1) costs (about 1e-9 nats a label)."""
    _, found = per_rater(crowd)
    data = CategoricalData.from_prepared(prepare(crowd))
    ds = drive(ds_em.fit_dawid_skene(data, starts=ds_em.start_points(
        data, [], 2, np.random.default_rng(0)), tolerance=1e-12, max_iterations=5000,
        cancel=NEVER_CANCELLED, emit=False))
    assert abs(ds.log_likelihood - found.log_likelihood) < 1e-9 * crowd.n_ratings + 1e-6


def test_a_fit_stopped_at_its_cap_says_so(crowd):
    result = fit(FitRequest(model="per-rater", class1=("2",), max_iterations=3, n_starts=2),
                 crowd)
    assert not result.converged
    assert "not-converged" in {w.code for w in result.warnings}
    assert all(len(trace) <= 3 for trace in result.traces)
    assert result.iterations == sum(len(trace) for trace in result.traces)


def test_iterations_are_the_lengths_of_the_traces(crowd):
    """The best start's polish goes on its own trace: the total is the traces' lengths, and the
    best start's count is its line in the convergence plot."""
    for model in ("per-rater", "dawid-skene"):
        result = fit(FitRequest(model=model, class1=("2",) if model == "per-rater" else None),
                     crowd)
        assert result.converged
        assert result.iterations == sum(len(trace) for trace in result.traces)
