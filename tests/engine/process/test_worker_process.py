"""The worker process that runs the engine for the app (tapdesk.engine.process).

Fits run in it with the same numbers as in the app's process; events stream
back in order; cancel is soft first and hard when a task does not listen; a
crash, the system killing the worker or an exhausted memory come back as
plain words and a fresh worker takes over; the worker never loads Qt.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from tapdesk.engine import CancelToken, FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.events import FitStarted
from tapdesk.engine.process import TaskFailed, WorkerDied, WorkerPool
from tapdesk.errors import FitCancelled
from tapdesk.gui.tasks.fit_task import FitOutcome, run_fit
from tests.engine.process import worker_jobs

POSIX = sys.platform != "win32"


@pytest.fixture(scope="module")
def pool():
    pool = WorkerPool(preload=())
    yield pool
    pool.shutdown()


@pytest.fixture(scope="module")
def table():
    return simulate_table(TapParameters(0.3, 0.7, 0.4), 200, 5, seed=3)


def test_a_fit_in_the_worker_equals_the_fit_here(pool, table):
    batches = []
    request = FitRequest(bootstrap=20)
    outcome = pool.run(run_fit, None, request, table, on_events=batches.append,
                       cancel=CancelToken())
    assert isinstance(outcome, FitOutcome)
    assert outcome.result.to_dict() == fit(request, table).to_dict()
    assert isinstance(batches[0][0], FitStarted)          # typed events, not dicts
    assert outcome.extras is not None and outcome.extras.coefficients is not None


def test_the_warm_worker_serves_one_task_after_another(pool):
    assert pool.wait_warm(120)
    started = pool.started
    pids = {pool.run(worker_jobs.worker_pid) for _ in range(3)}
    assert len(pids) == 1 and pool.started == started          # no new process per task


def test_events_arrive_in_order_and_in_batches(pool):
    batches = []
    assert pool.run(worker_jobs.steps, 1000, 0.0, on_events=batches.append) == 1000
    done = [event.done for batch in batches for event in batch]
    assert done == list(range(1, 1001))                    # nothing lost, nothing reordered
    assert len(batches) < 100                              # sent together, not one by one


def test_events_before_a_long_silent_step_are_not_held_back(pool):
    """The last events before a long computation arrive at once, not with the result."""
    arrived = {}

    def note(batch):
        for event in batch:
            arrived[event.stage] = time.monotonic()

    assert pool.run(worker_jobs.stage_then_quiet, 3.0, on_events=note) == "done"
    ended = time.monotonic()
    assert ended - arrived["exact posterior"] > 1.5      # sent ~50 ms after, not 3 s later


def test_the_table_is_sent_once_while_it_stays_the_same(pool, table):
    first = pool.run(worker_jobs.table_seen, table)
    again = pool.run(worker_jobs.table_seen, table)
    assert again == first                                  # the worker kept the object it got
    other = simulate_table(TapParameters(0.3, 0.7, 0.4), 50, 3, seed=4)
    assert pool.run(worker_jobs.table_seen, other)[1] == other.n_ratings == 150


def test_soft_cancel_reaches_the_engine_loop(pool):
    token = CancelToken()
    threading.Timer(0.3, token.cancel).start()
    with pytest.raises(TaskFailed) as info:
        pool.run(worker_jobs.until_cancelled, 120.0, cancel=token)
    assert info.value.kind == "cancelled"
    assert pool.run(worker_jobs.echo, 5) == 5


def test_a_task_deaf_to_cancel_is_stopped_by_killing_its_worker(pool):
    token = CancelToken()
    threading.Timer(0.2, token.cancel).start()
    started = time.monotonic()
    with pytest.raises(FitCancelled):
        pool.run(worker_jobs.deaf, 120.0, cancel=token)
    assert time.monotonic() - started < 60                 # killed after ~1 s, not after 120 s
    assert pool.run(worker_jobs.echo, "again") == "again"  # a new worker took over


def test_kill_stops_a_task_at_once(pool):
    handle = pool.submit(worker_jobs.deaf, 120.0)
    handle.kill()
    with pytest.raises(FitCancelled):
        handle.result()
    assert pool.run(worker_jobs.echo, 6) == 6


def test_errors_come_back_as_words(pool):
    with pytest.raises(TaskFailed) as info:
        pool.run(worker_jobs.refuse)
    assert info.value.kind == "user" and info.value.message == "--draws must be at least 100"
    with pytest.raises(TaskFailed) as info:
        pool.run(worker_jobs.internal_bug)
    assert info.value.kind == "internal" and info.value.type_name == "KeyError"
    assert "Traceback" in info.value.details and "internal_bug" in info.value.details


@pytest.mark.skipif(not POSIX, reason="POSIX signals")
@pytest.mark.parametrize("job, words", [
    (worker_jobs.segfault, "crashed (SIGSEGV)"),
    (worker_jobs.killed_by_the_system, "ran out of memory"),
])
def test_a_worker_that_dies_is_reported_and_replaced(pool, job, words):
    with pytest.raises(WorkerDied) as info:
        pool.run(job)
    assert words in str(info.value)
    assert pool.run(worker_jobs.echo, 7) == 7


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="address-space limit via /proc")
def test_running_out_of_memory_is_reported_and_the_worker_replaced(pool):
    limit = pool.run(worker_jobs.address_space_limit)
    with pytest.raises(TaskFailed) as info:
        pool.run(worker_jobs.exhaust_memory)
    assert info.value.kind == "memory"
    assert pool.run(worker_jobs.address_space_limit) == limit   # a fresh worker, not the starved one


def test_a_task_that_cannot_be_sent_fails_at_once_and_the_worker_stays(pool):
    with pytest.raises(Exception, match="(?i)pickle|local object"):
        pool.run(lambda *, cancel, on_event: 1)
    assert pool.run(worker_jobs.echo, 8) == 8


def test_every_job_the_app_runs_pickles_by_name():
    """The analyses beside the models (and the weighted coefficients' partial) reach the worker
    as references to module-level functions, so they run there like any fit."""
    import pickle
    from functools import partial

    from tapdesk.engine.analyses import ANALYSES, COEFFICIENTS_MODEL, get_analysis
    from tapdesk.gui.tasks.fit_task import run_model
    for job in [run_model, run_fit] + [analysis.run for analysis in ANALYSES]:
        assert pickle.loads(pickle.dumps(job)) is job
    weighted = partial(get_analysis(COEFFICIENTS_MODEL).run, weights="quadratic")
    again = pickle.loads(pickle.dumps(weighted))
    assert again.func is weighted.func and again.keywords == {"weights": "quadratic"}


def test_the_worker_never_loads_qt(pool, table):
    complete, qt_modules = pool.run(worker_jobs.qt_modules_after_a_fit, FitRequest(), table)
    assert complete and qt_modules == []


@pytest.mark.skipif(not POSIX, reason="uses os.kill to check the worker is gone")
def test_a_worker_ends_when_the_app_dies():
    """The app's process vanishing (a crash: no clean-up at all) leaves no worker behind."""
    code = textwrap.dedent("""
        import os
        from tapdesk.engine.process import WorkerPool
        if __name__ == "__main__":
            pool = WorkerPool(preload=())
            assert pool.wait_warm(120)
            print(pool._idle[0].process.pid, flush=True)
            os._exit(0)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    pid = int(done.stdout.split()[0])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.1)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:     # a zombie is gone for good
        return stat.read().split()[2] != "Z"
