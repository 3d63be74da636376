"""The app's side: worker processes, the tasks they run, and a pool that keeps one warm.

* :class:`WorkerProcess` -- one child process (``multiprocessing``, "spawn"
  start method: safe beside Qt's threads and the same on every platform,
  including a PyInstaller bundle that calls ``multiprocessing.freeze_support``).
* :class:`TaskHandle` -- one submitted task: stream its events, cancel it
  softly (the engine's cancel token, seen at its next check) or hard (kill the
  process when it does not stop within :data:`HARD_CANCEL_S`), and get its value
  or a typed failure (:class:`TaskFailed`, :class:`WorkerDied`).
* :class:`WorkerPool` -- keeps one warm process ready, hands it out, takes it
  back, and replaces a process that crashed or had to be killed.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_for
from typing import Any

from tapdesk.data.importer.isolate import exit_name
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.wording import Wording
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.models import METHODS, MODELS
from tapdesk.engine.process.child import serve
from tapdesk.engine.process.messages import Events, Failure, Ready, Returned, SameTable, Task
from tapdesk.errors import FitCancelled
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import said

HARD_CANCEL_S = 1.0
"""After a cancel, a task that has not stopped within this time is stopped by killing its process."""
SPARE_AFTER_S = 0.25
"""After a cancel, a task still running this long gets a spare worker started for the next fit."""
MODEL_MODULES = tuple(dict.fromkeys([*(entry.module for entry in MODELS),
                                     *(entry.module for entry in METHODS)]))
"""Every model's and method's module (the registry imports each only when it is asked for)."""
ENGINE_MODULES = (*MODEL_MODULES, "tapdesk.engine.analyses", "scipy.stats", "scipy.fft")
"""Imported by a new worker before its first task: every model and method, and what the engine
imports only where it is used (so the command line starts quickly)."""


class TaskFailed(Exception):
    """The task raised an exception in the worker; ``kind`` says which sort."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.kind, self.type_name = failure.kind, failure.type_name
        self.message, self.details = failure.message, failure.details
        self.settings = failure.settings


class WorkerDied(Exception):
    """The worker process ended while running a task (crash, out of memory, killed)."""

    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode
        self.wording = describe_exit(exitcode)
        super().__init__(exitcode)

    def __str__(self) -> str:                 # in the language in force when it is read
        return self.wording.text()


WINDOWS_CRASH_STATUS = 0xC0000000
"""Windows ends a crashed process with an NTSTATUS error code at or above this
(0xC0000005: access violation), where POSIX reports the signal."""


def describe_exit(exitcode: int | None) -> Wording:
    """Plain words for how a worker process ended, in the language in force when read."""
    if exitcode is None:
        # Translators: why a calculation failed, read inside "The fit stopped: ...".
        return Wording.of(N_("the calculation stopped answering"))
    how = exit_name(exitcode)
    if killed_by_system(exitcode):
        # Translators: why a calculation failed, read inside "The fit stopped: ..."; {how} is a
        # signal's name ("SIGKILL").
        return Wording.of(N_("the calculation was stopped by the system ({how}), most often "
                             "because the computer ran out of memory"), how=how)
    if exitcode < 0 or exitcode >= WINDOWS_CRASH_STATUS:
        # Translators: why a calculation failed, read inside "The fit stopped: ..."; {how} is a
        # signal's name ("SIGSEGV") or an exit status ("exit status 0xC0000005").
        return Wording.of(N_("the calculation crashed ({how})"), how=how)
    # Translators: why a calculation failed, read inside "The fit stopped: ..."; {how} is an
    # exit status ("exit status 1").
    return Wording.of(N_("the calculation ended unexpectedly ({how})"), how=how)


def killed_by_system(exitcode: int | None) -> bool:
    """Whether the system killed the process (SIGKILL: most often out of memory)."""
    return exitcode is not None and exitcode == -getattr(signal, "SIGKILL", 9)


class WorkerProcess:
    """One worker process and the parent's end of its pipe.

    Parameters
    ----------
    preload
        Modules the worker imports before its first task.
    context
        A multiprocessing context; default "spawn".
    """

    def __init__(self, preload: Iterable[str] = ENGINE_MODULES, context=None) -> None:
        ctx = context or multiprocessing.get_context("spawn")
        self.conn: Connection
        self.conn, child = ctx.Pipe(duplex=True)
        self._cancel = ctx.RawValue("q", 0)
        self.process = ctx.Process(target=serve, args=(child, self._cancel, tuple(preload)),
                                   name="tapdesk-worker", daemon=True)
        self.process.start()
        child.close()
        self.task_id: int | None = None        # the task running now
        self.ready: Ready | None = None
        self.retiring = False                   # ends after its task (it ran out of memory)
        self._sent_table: RatingsTable | None = None
        self._ids = 0

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    @property
    def busy(self) -> bool:
        return self.task_id is not None

    @property
    def reusable(self) -> bool:
        return self.alive and not self.busy and not self.retiring

    def submit(self, func: Callable[..., Any], *args: Any) -> int:
        """Send a task; its ratings table only when it differs from the last one sent."""
        sent = tuple(SameTable() if isinstance(arg, RatingsTable) and arg is self._sent_table
                     else arg for arg in args)
        self._ids += 1
        self.task_id = self._ids
        try:
            self.conn.send(Task(self._ids, func, sent))   # pickles first: a bad task sends nothing
        except BaseException:
            self.task_id = None
            raise
        for arg in args:
            if isinstance(arg, RatingsTable):
                self._sent_table = arg
        return self._ids

    def cancel(self, task_id: int) -> None:
        """Ask the task to stop at its next check (thread-safe, immediate)."""
        self._cancel.value = task_id

    def receive(self, timeout: float):
        """The next message, or None after ``timeout`` seconds; raises WorkerDied if the process ended."""
        ready = wait_for([self.conn, self.process.sentinel], timeout)
        if not ready:
            return None
        if self.conn in ready or self.conn.poll():
            try:
                message = self.conn.recv()
            except (EOFError, OSError):
                message = None
            if message is not None:
                self._note(message)
                return message
        self.process.join(1.0)
        raise WorkerDied(self.process.exitcode)

    def _note(self, message) -> None:
        if isinstance(message, Ready):
            self.ready = message
        elif isinstance(message, (Returned, Failure)) and message.task_id == self.task_id:
            self.task_id = None
            self.retiring = isinstance(message, Failure) and message.kind == "memory"

    def wait_ready(self, timeout: float) -> bool:
        """Wait until the worker has done its imports (when idle); True when it is warm."""
        deadline = time.monotonic() + timeout
        while self.ready is None and time.monotonic() < deadline and not self.busy:
            try:
                self.receive(max(0.0, deadline - time.monotonic()))
            except WorkerDied:
                return False
        return self.ready is not None

    def stop(self, timeout: float = 2.0) -> None:
        """Ask an idle worker to end; kill it if it does not."""
        if self.alive and not self.busy:
            try:
                self.conn.send(None)
            except OSError:
                pass
            self.process.join(timeout)
        self.kill()

    def kill(self) -> None:
        """End the process now (hard cancel)."""
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5.0)
        self.task_id = None
        self.conn.close()


class TaskHandle:
    """One task running in a pooled worker: its events, its end, its cancellation."""

    def __init__(self, pool: WorkerPool, worker: WorkerProcess, task_id: int) -> None:
        self.pool, self.worker, self.task_id = pool, worker, task_id
        self._kill = threading.Event()

    def cancel(self) -> None:
        """Soft cancel: the engine stops at its next check (thread-safe)."""
        self.worker.cancel(self.task_id)

    def kill(self) -> None:
        """Hard cancel: the process is killed by :meth:`result`'s loop at its next tick (thread-safe)."""
        self._kill.set()

    def result(self, on_events: Callable[[tuple], None] | None = None,
               cancel: CancelToken | None = None, hard_cancel_s: float = HARD_CANCEL_S,
               tick_s: float = 0.05) -> Any:
        """Stream events to ``on_events`` until the task ends; return its value.

        Raises
        ------
        TaskFailed
            The task raised (``kind`` "cancelled", "user", "memory" or "internal").
        WorkerDied
            The process ended (crashed, killed by the system, or killed here after a cancel
            the task did not honour within ``hard_cancel_s``: then ``FitCancelled``).
        """
        cancelled_at, spare = None, False
        try:
            while True:
                if cancel is not None and cancel.requested and cancelled_at is None:
                    self.cancel()
                    cancelled_at = time.monotonic()
                waited = time.monotonic() - cancelled_at if cancelled_at is not None else 0.0
                if waited > SPARE_AFTER_S and not spare:
                    self.pool.warm_up()             # the next fit need not wait for this one
                    spare = True
                if self._kill.is_set() or waited > hard_cancel_s:
                    self.worker.kill()
                    raise FitCancelled(said("the computation was stopped"))
                message = self.worker.receive(tick_s)
                if isinstance(message, Events) and message.task_id == self.task_id:
                    if on_events is not None:
                        on_events(message.events)
                elif isinstance(message, Returned) and message.task_id == self.task_id:
                    return message.value
                elif isinstance(message, Failure) and message.task_id == self.task_id:
                    raise TaskFailed(message)
        finally:
            self.pool.release(self.worker)


class WorkerPool:
    """Warm worker processes, handed out one task at a time.

    Keeps up to ``keep`` idle processes. :meth:`warm_up` starts one ahead of
    need; a process that crashed or was killed is replaced at once, so the
    next fit finds a warm worker again.
    """

    def __init__(self, preload: Iterable[str] = ENGINE_MODULES, keep: int = 1,
                 context=None) -> None:
        self.preload = tuple(preload)
        self.keep = keep
        self.context = context
        self._idle: list[WorkerProcess] = []
        self._busy: list[WorkerProcess] = []
        self._lock = threading.Lock()
        self._freed = threading.Condition(self._lock)
        self.started = 0                         # processes started so far (for tests, benchmarks)

    def _new(self) -> WorkerProcess:
        self.started += 1
        return WorkerProcess(self.preload, self.context)

    def _prune(self) -> None:
        """Drop idle workers that died meanwhile (the caller holds the lock)."""
        for worker in [w for w in self._idle if not w.reusable]:
            self._idle.remove(worker)
            worker.kill()

    def warm_up(self) -> None:
        """Start a worker now unless one is idle already (the caller does not wait for it)."""
        with self._lock:
            self._prune()
            if not self._idle:
                self._idle.append(self._new())
                self._freed.notify_all()

    def acquire(self, wait_s: float = HARD_CANCEL_S + 0.5) -> WorkerProcess:
        """An idle worker; waits up to ``wait_s`` for a busy one (a cancelled fit winding down)."""
        deadline = time.monotonic() + wait_s
        with self._lock:
            while True:
                self._prune()
                if self._idle:
                    worker = self._idle.pop(0)
                    break
                remaining = deadline - time.monotonic()
                if not self._busy or remaining <= 0:
                    worker = self._new()
                    break
                self._freed.wait(remaining)
            self._busy.append(worker)
            return worker

    def release(self, worker: WorkerProcess) -> None:
        """Take a worker back: idle again when healthy, else replaced."""
        replace = False
        with self._lock:
            if worker in self._busy:
                self._busy.remove(worker)
            if worker.reusable and len(self._idle) < self.keep:
                self._idle.append(worker)
            else:
                replace = not worker.reusable
                self._retire(worker)
            self._freed.notify_all()
        if replace:
            self.warm_up()

    @staticmethod
    def _retire(worker: WorkerProcess) -> None:
        if worker.reusable:
            worker.stop(timeout=0.5)
        else:
            worker.kill()

    def submit(self, func: Callable[..., Any], *args: Any) -> TaskHandle:
        """Run ``func(*args, cancel=..., on_event=...)`` in a worker; see :class:`TaskHandle`."""
        worker = self.acquire()
        try:
            task_id = worker.submit(func, *args)
        except BaseException:
            self.release(worker)
            raise
        return TaskHandle(self, worker, task_id)

    def run(self, func: Callable[..., Any], *args: Any, on_events=None,
            cancel: CancelToken | None = None) -> Any:
        """Submit and wait: the value, or the exceptions of :meth:`TaskHandle.result`."""
        return self.submit(func, *args).result(on_events, cancel)

    def idle_count(self) -> int:
        with self._lock:
            return sum(1 for w in self._idle if w.reusable)

    def wait_warm(self, timeout: float = 60.0) -> bool:
        """Wait until an idle worker has finished its imports (tests, benchmarks)."""
        self.warm_up()
        with self._lock:
            worker = self._idle[0] if self._idle else None
        return worker is not None and worker.wait_ready(timeout)

    def shutdown(self) -> None:
        """Stop every worker (idle ones politely, busy ones at once)."""
        with self._lock:
            workers, self._idle, self._busy = self._idle + self._busy, [], []
        for worker in workers:
            self._retire(worker)


class SharedPool:
    """One app-wide :class:`WorkerPool`, made on first use and stopped when the app quits
    (one for the fits, one for the reports)."""

    def __init__(self, preload: Iterable[str] = ENGINE_MODULES) -> None:
        self.preload = tuple(preload)
        self._pool: WorkerPool | None = None
        self._lock = threading.Lock()

    def get(self) -> WorkerPool:
        with self._lock:
            if self._pool is None:
                self._pool = WorkerPool(preload=self.preload)
            return self._pool

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown()
