"""The suite's check of every fit's p-values against their intervals (tests/conftest.py, issue
55) reaches the fits made in a worker process, as every fit a window makes is: before, it
watched only the per-rater functions of the test's own process, which a spawned worker never
imports from it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.process import WorkerPool
from tapdesk.engine.results import RaterComparison
from tapdesk.gui.tasks.fit_task import FitOutcome
from tests.engine.process import worker_jobs


@pytest.fixture(scope="module")
def pool():
    pool = WorkerPool(preload=())
    yield pool
    pool.shutdown()


def test_a_worker_fit_whose_p_value_contradicts_its_interval_fails_the_test(
        pool, p_values_agree_with_intervals):
    seen = p_values_agree_with_intervals
    result = fit(FitRequest(), simulate_table(TapParameters(0.3, 0.7, 0.4), 60, 3, seed=3))
    agrees = RaterComparison("R1", "a", 0.3, (0.1, 0.5), "higher", "profile", p_value=0.004)
    holds = RaterComparison("R2", "a", -0.3, (-0.62, 0.57), "not shown to differ", "profile",
                            p_value=0.017)
    pool.run(worker_jobs.echo, FitOutcome(replace(result, comparisons=(agrees,))))
    assert seen == []
    pool.run(worker_jobs.echo, FitOutcome(replace(result, comparisons=(agrees, holds))))
    pool.run(worker_jobs.echo, replace(result, comparisons=(holds,)))      # a bare result too
    assert len(seen) == 2 and all("R2's a has p = 0.017" in s for s in seen)
    seen.clear()            # caught; the test itself must not fail at its end for them
