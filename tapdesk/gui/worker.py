"""Run fits off the GUI thread: a QObject worker in a QThread drives ``fit_events``.

The worker follows superqt's GeneratorWorker pattern. It emits, in this
order: ``started(request_id)``, zero or more ``progress(events)``, then
exactly one of ``finished(result)``, ``failed(message, details)`` or
``cancelled(request_id)``. Progress events are batched in the worker and
sent at most ``PROGRESS_HZ`` times a second (a tuple of typed events per
signal), so a fast EM cannot flood the GUI event queue.

:class:`FitController` owns the threads: it starts one per fit, drops
results whose request was replaced (stale), cancels on demand and waits for
every thread when the window closes.

A worker runs a *job*: ``job(request, table, cancel, on_event) -> FitResult``.
The default job fits a registered model (:func:`run_model`); the analyses
beside the models (:mod:`tapdesk.engine.analyses`) are jobs too. After the
job the worker computes, still off the GUI thread, what the results views
show beside the fit (:mod:`tapdesk.gui.result_extras`): the classical
coefficients and, after an MCMC fit of a model with an exact method, the
exact posterior to overlay on the densities.
"""

from __future__ import annotations

import time
import traceback

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from typing import Callable

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult
from tapdesk.engine.run import fit
from tapdesk.errors import FitCancelled, TapDeskError

PROGRESS_HZ = 20.0

Job = Callable[..., FitResult]          # job(request, table, cancel, on_event) -> FitResult


def run_model(request: FitRequest, table: RatingsTable, cancel: CancelToken,
              on_event) -> FitResult:
    """The default job: fit the registered model named by the request."""
    return fit(request, table, on_event=on_event, cancel=cancel)


class FitWorker(QObject):
    """Runs one fit request; lives in its own QThread."""

    started = Signal(int)
    progress = Signal(object)          # tuple of ProgressEvent
    finished = Signal(object)          # FitResult
    failed = Signal(str, str)          # plain message, details (traceback)
    cancelled = Signal(int)
    done = Signal()                    # always last: the thread may quit

    def __init__(self, request: FitRequest, table: RatingsTable, job: Job | None = None) -> None:
        super().__init__()
        self.request = request
        self.table = table
        self.job = job or run_model
        self.token = CancelToken()
        self._batch: list = []
        self._last = 0.0

    def cancel(self) -> None:
        """Thread-safe: the engine sees it at its next iteration."""
        self.token.cancel()

    @Slot()
    def run(self) -> None:
        self.started.emit(self.request.request_id)
        try:
            result = self._drive()
        except FitCancelled:
            self.cancelled.emit(self.request.request_id)
        except TapDeskError as exc:
            self.failed.emit(str(exc), traceback.format_exc())
        except Exception as exc:   # noqa: BLE001 - any engine bug must reach the user as a message
            self.failed.emit(f"The fit stopped because of an internal error ({type(exc).__name__}: "
                             f"{exc}). Your data and earlier results are unchanged.",
                             traceback.format_exc())
        else:
            if self.token.requested:
                self.cancelled.emit(self.request.request_id)
            else:
                self.finished.emit(result)
        self.done.emit()

    def _precompute(self, result) -> None:
        """Heavy, Qt-free extras for the results view, here rather than on the GUI thread."""
        if result is None or self.token.requested:
            return
        from tapdesk.gui import result_extras
        try:
            result_extras.precompute(result, self.table)
        except Exception:   # noqa: BLE001 - the view recomputes (and reports) if this fails
            pass
        if result_extras.has_exact_companion(result):
            self.progress.emit((StageProgress(self.request.request_id, "exact posterior", 0, 1),))
            try:
                result_extras.compute_exact(result, self.table, self.token)
            except Exception:   # noqa: BLE001 - the densities are then shown without the overlay
                pass

    def _on_event(self, event) -> None:
        """Collect progress events; send them as one batch at most PROGRESS_HZ times a second."""
        self._batch.append(event)
        now = time.monotonic()
        if now - self._last >= 1.0 / PROGRESS_HZ:
            self.progress.emit(tuple(self._batch))
            self._batch, self._last = [], now

    def _drive(self):
        self._batch, self._last = [], time.monotonic()
        result = self.job(self.request, self.table, self.token, self._on_event)
        if self._batch:
            self.progress.emit(tuple(self._batch))
            self._batch = []
        self._precompute(result)
        return result


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

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: list[tuple[QThread, FitWorker]] = []
        self._relays: dict[int, QObject] = {}
        self.current_id: int | None = None

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
        for _, worker in self._jobs:
            worker.cancel()
        if rid is not None:
            self.current_id = None
            self.cancelled.emit(rid)
            self.idle.emit()

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything and wait for every thread; True when all stopped."""
        self.current_id = None
        for _, worker in self._jobs:
            worker.cancel()
        ok = True
        for thread, _ in list(self._jobs):
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
