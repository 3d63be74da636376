"""The app survives what happens in its worker process: a crash, an exhausted memory, a fit
that does not listen to Cancel. Each time the user reads a plain message, the data and
earlier results stay, and the next fit runs."""

from __future__ import annotations

import time

import pytest

from tapdesk.gui.window.menus import load_example
from tests.engine.process import worker_jobs

pytestmark = pytest.mark.gui


def _fit(window, qtbot, timeout=60000):
    with qtbot.waitSignal(window.controller.finished, timeout=timeout) as blocker:
        assert window.start_fit() is not None
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def test_the_window_keeps_one_warm_worker_for_all_its_fits(window, qtbot):
    from tapdesk.gui.tasks.worker import worker_pool
    pool = worker_pool()
    # started by the window once it is shown and its modules are in, before any fit
    qtbot.waitUntil(lambda: pool.idle_count() >= 1, timeout=60000)
    assert pool.wait_warm(120)
    started = pool.started
    load_example(window, "medals")
    first, second = _fit(window, qtbot), _fit(window, qtbot)
    assert first.to_dict()["params"] == second.to_dict()["params"]
    assert pool.started == started                      # both fits ran in the same warm worker


@pytest.mark.parametrize("job, words", [
    pytest.param("segfault", "crashed (SIGSEGV)", id="segfault"),
    pytest.param("exhaust_memory", "ran out of memory", id="memory-exhausted",
                 marks=pytest.mark.skipif(not __import__("sys").platform.startswith("linux"),
                                          reason="address-space limit via /proc")),
])
def test_a_fit_that_crashes_leaves_the_app_running(window, qtbot, monkeypatch, job, words):
    load_example(window, "medals")
    first = _fit(window, qtbot)
    monkeypatch.setattr(window.model_pane, "job", lambda: getattr(worker_jobs, job))
    with qtbot.waitSignal(window.controller.failed, timeout=60000):
        assert window.start_fit() is not None
    assert words in window.last_error and "unchanged" in window.last_error
    assert "Traceback" not in window.last_error
    assert window.error_box is not None and words in window.error_box.text()
    window.error_box.close()
    assert window.results_pane.history == [first] and window.dataset_pane.table is not None
    monkeypatch.undo()
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    again = _fit(window, qtbot)                        # a fresh worker took over
    assert again.to_dict()["params"] == first.to_dict()["params"]


def test_cancel_stops_a_fit_stuck_in_one_long_call(window, qtbot, monkeypatch):
    load_example(window, "medals")
    monkeypatch.setattr(window.model_pane, "job", lambda: worker_jobs.deaf_fit)
    with qtbot.waitSignal(window.controller.started, timeout=10000):
        window.start_fit()
    qtbot.wait(200)
    started = time.monotonic()
    with qtbot.waitSignal(window.controller.cancelled, timeout=1000):
        window.cancel_fit()                            # the interface is free at once
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=30000)
    assert time.monotonic() - started < 30             # the worker was killed, not waited for
    monkeypatch.undo()
    assert _fit(window, qtbot).complete
