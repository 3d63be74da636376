"""Run fits off the GUI thread and out of the app's process.

A :class:`FitWorker` lives in a QThread that supervises a worker *process*
(:mod:`tapdesk.engine.process`): the process runs the engine and streams its
frozen progress events back, so the fit never competes with painting for
Python's GIL, a crash or an exhausted memory in the computation leaves the
app running with a plain message, and Cancel can stop even a fit stuck in
one long C call (soft cancel first, the process is killed when it does not
stop within a second). One warm process is kept ready (:func:`worker_pool`),
so a fit does not pay the engine's import time.

The worker follows superqt's GeneratorWorker pattern. It emits, in this
order: ``started(request_id)``, zero or more ``progress(events)``, then
exactly one of ``finished(result)``, ``failed(message, details)`` or
``cancelled(request_id)``. Progress events are batched in the worker process
and sent at most ``PROGRESS_HZ`` times a second (a tuple of typed events per
signal), so a fast EM cannot flood the GUI event queue.

:class:`FitController` owns the threads: it starts one per fit, drops
results whose request was replaced (stale), cancels on demand and waits for
every thread when the window closes.

A worker runs a *job*: ``job(request, table, cancel, on_event) -> FitResult``,
a module-level function (or a ``functools.partial`` of one) so that it
pickles by name. The default job fits a registered model
(:func:`~tapdesk.gui.tasks.fit_task.run_model`); the analyses beside the models
(:mod:`tapdesk.engine.analyses`) are jobs too. After the job the worker
process computes what the results views show beside the fit
(:mod:`tapdesk.gui.tasks.fit_task`): the classical coefficients and, after an MCMC
fit of a model with an exact method, the exact posterior to overlay on the
densities.
"""

from __future__ import annotations

import threading
import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.request import FitRequest
from tapdesk.errors import FitCancelled
from tapdesk.gui.hint_words import window_hint
from tapdesk.i18n import N_, _

if TYPE_CHECKING:
    from tapdesk.engine.process import SharedPool, TaskHandle, WorkerPool
    from tapdesk.gui.tasks.fit_task import Job

__all__ = ["FitController", "FitWorker", "worker_pool"]

# Translators: the last sentence of a message saying a fit failed.
UNCHANGED = N_("Your data and earlier results are unchanged.")
# Translators: advice in a message saying a fit ran out of memory.
SMALLER = N_("Try fewer draws or resamples, or a smaller data set.")

_FITS: SharedPool | None = None
"""The app's fit processes, made at the first use: the process machinery (multiprocessing)
and the fit's own module load then, not with the first window, which only makes a controller."""
_FITS_LOCK = threading.Lock()


def _fits() -> SharedPool:
    global _FITS
    with _FITS_LOCK:
        if _FITS is None:
            from tapdesk.engine.process import SharedPool
            from tapdesk.gui.tasks.fit_task import WORKER_PRELOAD
            _FITS = SharedPool(WORKER_PRELOAD)
        return _FITS


def worker_pool() -> WorkerPool:
    """The app's pool of warm worker processes (created on first use)."""
    return _fits().get()


def shutdown_worker_pool() -> None:
    """Stop the worker processes (the app is quitting)."""
    if _FITS is not None:
        _FITS.shutdown()


def failure_message(exc: Exception) -> str:
    """Plain words for a fit that ended with an error in the worker process."""
    from tapdesk.engine.process import TaskFailed, WorkerDied
    if isinstance(exc, WorkerDied):
        from tapdesk.engine.process.parent import killed_by_system
        # Translators: {cause} says how the calculation ended ("the calculation crashed (SIGSEGV)").
        said = [_("The fit stopped: {cause}. TapDesk is still running.").format(cause=str(exc))]
        return " ".join(said + ([_(SMALLER)] if killed_by_system(exc.exitcode) else [])
                        + [_(UNCHANGED)])
    if isinstance(exc, TaskFailed) and exc.kind == "user":
        return exc.message + window_hint(exc.settings)      # the app's controls, never flags
    if isinstance(exc, TaskFailed) and exc.kind == "memory":
        return " ".join([_("The fit ran out of memory."), _(SMALLER), _(UNCHANGED)])
    name = exc.type_name if isinstance(exc, TaskFailed) else type(exc).__name__
    text = exc.message if isinstance(exc, TaskFailed) else str(exc)
    # Translators: {name} is a Python error's name, {text} its own (English) message.
    return " ".join([_("The fit stopped because of an internal error ({name}: {text}).").format(
        name=name, text=text), _(UNCHANGED)])


class FitWorker(QObject):
    """Runs one fit request in a worker process; lives in its own QThread."""

    started = Signal(int)
    progress = Signal(object)          # tuple of ProgressEvent
    finished = Signal(object)          # FitResult
    failed = Signal(str, str)          # plain message, details (traceback)
    cancelled = Signal(int)
    done = Signal()                    # always last: the thread may quit

    def __init__(self, request: FitRequest, table: RatingsTable, job: Job | None = None,
                 pool: WorkerPool | None = None) -> None:
        super().__init__()
        self.request = request
        self.table = table
        self.job = job
        self.pool = pool or worker_pool()
        self.token = CancelToken()
        self._handle: TaskHandle | None = None

    def cancel(self) -> None:
        """Thread-safe: the engine sees it at its next iteration; a process that does not
        stop within a second is killed."""
        self.token.cancel()
        handle = self._handle
        if handle is not None:
            handle.cancel()

    @Slot()
    def run(self) -> None:
        from tapdesk.engine.process import TaskFailed, WorkerDied
        self.started.emit(self.request.request_id)
        try:
            result = self._drive()
        except FitCancelled:
            self.cancelled.emit(self.request.request_id)
        except TaskFailed as exc:
            if exc.kind == "cancelled":
                self.cancelled.emit(self.request.request_id)
            else:
                self.failed.emit(failure_message(exc), exc.details)
        except WorkerDied as exc:
            self.failed.emit(failure_message(exc), f"worker process exit status {exc.exitcode}")
        except Exception as exc:   # noqa: BLE001 - e.g. a job that cannot be sent to the process
            self.failed.emit(failure_message(exc), traceback.format_exc())
        else:
            if self.token.requested or result is None:
                self.cancelled.emit(self.request.request_id)
            else:
                self.finished.emit(result)
        self.done.emit()

    def _drive(self):
        from tapdesk.gui.tasks.fit_task import adopt, run_fit
        if self.token.requested:
            raise FitCancelled("cancelled before it started")
        self._handle = self.pool.submit(run_fit, self.job, self.request, self.table)
        outcome = self._handle.result(self.progress.emit, self.token)
        return adopt(outcome, self.table) if outcome.result is not None else None


class FitController(QObject):
    """Starts fits in threads and forwards only the current fit's signals.

    Signals carry the request id so listeners can tell fits apart; results
    from a replaced (stale) request are dropped here and never reach them.
    """

    started = Signal(int)
    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str, str)
    cancelled = Signal(int)
    idle = Signal()

    def __init__(self, parent: QObject | None = None, *, warm: bool = True) -> None:
        super().__init__(parent)
        self._jobs: list[tuple[QThread, FitWorker]] = []
        self._relays: dict[int, QObject] = {}
        self.current_id: int | None = None
        if warm:                           # else the owner calls warm_up when it is ready
            self.warm_up()
        from tapdesk.gui.collector import hold_full_collections
        hold_full_collections(self)        # no 100 ms full collection in the middle of a fit

    def warm_up(self) -> None:
        """Start a worker process now: the engine loads in it while the user reads."""
        worker_pool().warm_up()

    @property
    def running(self) -> bool:
        return self.current_id is not None

    def start(self, request: FitRequest, table: RatingsTable, job: Job | None = None) -> int:
        """Run ``request`` (with ``job``, default: fit the model) in a new thread.

        Any fit still running becomes stale and is cancelled.
        """
        self.cancel()
        thread = QThread()
        thread.setObjectName(f"tapdesk-fit-{request.request_id}")
        worker = FitWorker(request, table, job)
        worker.moveToThread(thread)
        rid = request.request_id
        relay = _Relay(self, rid)          # lives in the GUI thread: queued delivery
        worker.started.connect(relay.on_started)
        worker.progress.connect(relay.on_progress)
        worker.finished.connect(relay.on_finished)
        worker.failed.connect(relay.on_failed)
        worker.cancelled.connect(relay.on_cancelled)
        # direct: quit() is thread-safe, and shutdown() may be blocking the GUI thread in wait()
        worker.done.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.started.connect(worker.run)
        relay.thread = thread
        thread.finished.connect(relay.on_thread_finished)
        self._jobs.append((thread, worker))
        self._relays[rid] = relay
        self.current_id = rid
        thread.start()
        return rid

    def cancel(self) -> None:
        """Ask the current fit to stop; the interface is free at once."""
        rid = self.current_id
        for _thread, worker in self._jobs:
            worker.cancel()
        if rid is not None:
            self.current_id = None
            self.cancelled.emit(rid)
            self.idle.emit()

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything and wait for every thread; True when all stopped."""
        self.current_id = None
        for _thread, worker in self._jobs:
            worker.cancel()
        ok = True
        for thread, _worker in list(self._jobs):
            ok &= thread.wait(timeout_ms)
        self._jobs = [(t, w) for t, w in self._jobs if t.isRunning()]
        return ok

    def thread_count(self) -> int:
        return sum(1 for t, _ in self._jobs if t.isRunning())

    # ---------------------------------------------------------------- private
    def _forward(self, rid: int, signal, *args) -> None:
        if rid == self.current_id:
            signal.emit(*args)

    def _end(self, rid: int, signal, *args) -> None:
        if rid != self.current_id:
            return                      # stale or already cancelled by the user
        self.current_id = None
        signal.emit(*args)
        self.idle.emit()

    def _reap(self, thread: QThread) -> None:
        for job in list(self._jobs):
            if job[0] is thread:
                self._jobs.remove(job)
                relay = self._relays.pop(job[1].request.request_id, None)
                if relay is not None:
                    relay.deleteLater()
                job[1].deleteLater()
        thread.deleteLater()


class _Relay(QObject):
    """Receives one worker's signals in the GUI thread and hands them to the controller."""

    def __init__(self, controller: FitController, rid: int) -> None:
        super().__init__(controller)
        self.controller, self.rid = controller, rid
        self.thread: QThread | None = None

    @Slot()
    def on_thread_finished(self) -> None:
        if self.thread is not None:
            self.controller._reap(self.thread)

    @Slot(int)
    def on_started(self, rid: int) -> None:
        self.controller._forward(self.rid, self.controller.started, rid)

    @Slot(object)
    def on_progress(self, events) -> None:
        self.controller._forward(self.rid, self.controller.progress, events)

    @Slot(object)
    def on_finished(self, result) -> None:
        self.controller._end(self.rid, self.controller.finished, result)

    @Slot(str, str)
    def on_failed(self, message: str, details: str) -> None:
        self.controller._end(self.rid, self.controller.failed, message, details)

    @Slot(int)
    def on_cancelled(self, rid: int) -> None:
        self.controller._end(self.rid, self.controller.cancelled, rid)
