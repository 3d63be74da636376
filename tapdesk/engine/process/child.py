"""The worker process's side: run tasks one after another, stream their events, report the end.

:func:`serve` is the target of every worker process. It imports the engine
(``preload``), says it is :class:`~.messages.Ready`, then runs each task it
receives with a cancel token the app can set through shared memory and an
``on_event`` callback that batches events. Every outcome goes back as a
message, failures as text (:class:`~.messages.Failure`): a task's exception
never ends the worker, except a MemoryError, after which a fresh worker takes
over. The worker ignores Ctrl+C (the app handles it) and ends when the app's
end of the pipe closes, so it never outlives the app.
"""

from __future__ import annotations

import importlib
import os
import signal
import threading
import time
import traceback

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.process.messages import PROGRESS_HZ, Events, Failure, Ready, Returned, SameTable, Task
from tapdesk.errors import FitCancelled, TapDeskError
from tapdesk.threads import limit_this_process


class _SharedCancel(CancelToken):
    """The engine's cancel token, also set when the parent writes this task's id to shared memory."""

    def __init__(self, shared, task_id: int) -> None:
        super().__init__()
        self._shared, self._task_id = shared, task_id

    @property
    def requested(self) -> bool:
        return self._event.is_set() or self._shared.value == self._task_id


class _EventBatcher:
    """Collects a task's progress events and sends them at most PROGRESS_HZ times a second.

    A small thread also sends what waits longer than that, so the last events
    before a long silent computation (a new stage, say) are not held back
    until the next event or the end of the task.
    """

    def __init__(self, conn, task_id: int) -> None:
        self.conn, self.task_id = conn, task_id
        self.batch: list = []
        self.last = time.monotonic()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._send_late, name="tapdesk-events",
                                        daemon=True)
        self._thread.start()

    def __call__(self, event) -> None:
        with self._lock:
            self.batch.append(event)
            if time.monotonic() - self.last >= 1.0 / PROGRESS_HZ:
                self._flush()

    def _send_late(self) -> None:
        while not self._stop.wait(1.0 / PROGRESS_HZ):
            with self._lock:
                if self.batch and time.monotonic() - self.last >= 1.0 / PROGRESS_HZ:
                    try:
                        self._flush()
                    except OSError:                 # the app has gone; the task ends soon
                        return

    def _flush(self) -> None:
        if self.batch:
            self.conn.send(Events(self.task_id, tuple(self.batch)))
            self.batch = []
        self.last = time.monotonic()

    def finish(self, message) -> None:
        """Send what is left, then the task's outcome (in that order), and stop the thread."""
        self._stop.set()
        self._thread.join()
        with self._lock:
            self._flush()
            self.conn.send(message)


def _failure(task_id: int, exc: BaseException) -> Failure:
    if isinstance(exc, FitCancelled):
        kind = "cancelled"
    elif isinstance(exc, TapDeskError):
        kind = "user"
    elif isinstance(exc, MemoryError):
        kind = "memory"
    else:
        kind = "internal"
    return Failure(task_id, kind, type(exc).__name__, str(exc), traceback.format_exc(),
                   tuple(getattr(exc, "settings", ())))


def _prefer_me_when_memory_runs_out() -> None:
    """Linux: make the system's out-of-memory killer pick this worker before the app."""
    try:
        with open("/proc/self/oom_score_adj", "w", encoding="ascii") as handle:
            handle.write("500")
    except OSError:
        pass


def serve(conn, shared_cancel, preload: tuple[str, ...]) -> None:
    """The worker's main loop: run tasks until told to stop or the parent goes away."""
    started = time.monotonic()
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl+C in a terminal is the app's to handle
    _prefer_me_when_memory_runs_out()
    limit_this_process()                                # one BLAS thread (tapdesk/threads.py)
    for name in preload:
        importlib.import_module(name)
    conn.send(Ready(os.getpid(), time.monotonic() - started))
    table = None
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return                                      # the app has gone
        if task is None:
            return
        args = []
        for arg in task.args:
            if isinstance(arg, SameTable):
                arg = table
            elif isinstance(arg, RatingsTable):
                table = arg
            args.append(arg)
        if not _run_one(conn, task, args, shared_cancel):
            return


def _run_one(conn, task: Task, args: list, shared_cancel) -> bool:
    """Run one task and send its outcome; False when the worker should end afterwards."""
    events = _EventBatcher(conn, task.task_id)
    token = _SharedCancel(shared_cancel, task.task_id)
    try:
        outcome: Returned | Failure = Returned(task.task_id, task.func(*args, cancel=token, on_event=events))
    except BaseException as exc:   # noqa: BLE001 - every failure goes back to the app as a message
        outcome = _failure(task.task_id, exc)
    try:
        events.finish(outcome)
    except (OSError, EOFError):
        return False                                    # the app has gone
    except Exception as exc:   # noqa: BLE001 - e.g. a value that cannot be pickled
        outcome = _failure(task.task_id, exc)
        try:
            conn.send(outcome)
        except (OSError, EOFError):
            return False
    # after running out of memory the process may be in poor shape: a fresh one takes over
    return not (isinstance(outcome, Failure) and outcome.kind == "memory")
