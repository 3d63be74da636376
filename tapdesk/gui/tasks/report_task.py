"""Write a report in a worker process, so the window never freezes while it is drawn.

Drawing a report's plots with pyqtgraph and writing its pages take seconds;
on the GUI thread that is seconds of a dead window. Here the report is
written by :func:`write_report_task` in a worker *process* of its own
(:func:`report_pool`, apart from the fits' pool: a report never holds up a fit
and a fit never holds up a report), with an offscreen Qt application and
exactly the code ``tapdesk report`` uses (:func:`~tapdesk.report.build_report`
and :func:`~tapdesk.render.writer.write_report`). It sends a
:class:`ReportProgress` before each figure and before the pages are written.

:class:`ReportExport` is the GUI's side: ``start(inputs, path, fmt,
page_size)`` returns at once; a background thread supervises the task and the
GUI thread hears ``progress(ReportProgress)`` and then exactly one of
``finished(Path)``, ``failed(message, details)`` or ``cancelled()``. Cancel is
soft first (the task stops before its next figure) and hard after a second
(the process is killed; a fresh one takes its place). The report is written
to a hidden temporary name beside the chosen file and renamed to it only when
complete, so a cancelled or failed export leaves no half-written file.
"""

from __future__ import annotations

import contextlib
import os
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from tapdesk.data.wording import Wording
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.process import SharedPool, TaskFailed, WorkerDied, WorkerPool
from tapdesk.errors import FitCancelled, SettingError
from tapdesk.i18n import N_, _
from tapdesk.i18n.deferred import said

REPORT_PRELOAD = ("PySide6.QtWidgets", "pyqtgraph", "tapdesk.report", "tapdesk.render.plots",
                  "tapdesk.render.writer", "tapdesk.render.editable")
"""Imported by a report worker before its first task (Qt, the plots, the report writers)."""
SCREEN_ENV = ("QT_SCALE_FACTOR", "QT_SCREEN_SCALE_FACTORS", "QT_AUTO_SCREEN_SCALE_FACTOR",
              "QT_ENABLE_HIGHDPI_SCALING", "QT_FONT_DPI")
"""The display's scaling settings, left out in the worker: a report is the same on any screen."""

WRITING_STEP = ("pdf", "docx")
"""Formats whose writer reports one more step, after the figures, before it writes the file."""

_REPORTS = SharedPool(REPORT_PRELOAD)


@dataclass(frozen=True)
class ReportProgress:
    """``done`` of ``total`` steps finished and what is being done now (``total`` 0: unknown)."""

    done: int
    total: int
    what: str
    """The step as the writer named it: a key for tests and logs (TapDesk's own steps in English)."""
    wording: Wording | None = None
    """TapDesk's own steps as words read in the window's language when shown (issue 54)."""

    def shown(self) -> str:
        """The step in the language in force (``what`` when it has no wording)."""
        return self.wording.text() if self.wording is not None else self.what


def own_step(done: int, total: int, wording: Wording) -> ReportProgress:
    """One of TapDesk's own steps: its English as the key, its words read where shown."""
    from tapdesk.i18n import SOURCE, language
    with language(SOURCE):
        key = wording.text()
    return ReportProgress(done, total, key, wording)


def report_pool() -> WorkerPool:
    """The pool of the report worker process (created on first use, separate from the fits')."""
    return _REPORTS.get()


def shutdown_report_pool() -> None:
    """Stop the report worker (the app is quitting)."""
    _REPORTS.shutdown()


# ------------------------------------------------------------- in the worker
def offscreen_app() -> Any:
    """The worker's Qt application: offscreen, unscaled (a new one on first use)."""
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance()
    if app is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        for name in SCREEN_ENV:
            os.environ.pop(name, None)
        app = QApplication(["tapdesk-report"])
    return app


def write_report_task(inputs: Any, path: str, fmt: str, page_size: str, *,
                      cancel: CancelToken, on_event) -> str:
    """Build the report from ``inputs`` and write it to ``path``; runs in the worker process.

    Sends a :class:`ReportProgress` before each step; stops (``FitCancelled``) at the next
    step once ``cancel`` is set.
    """
    offscreen_app()
    from tapdesk.i18n import language
    with language(getattr(inputs, "language", "en")):     # the report's own language
        return _write_report(inputs, path, fmt, page_size, cancel=cancel, on_event=on_event)


def _write_report(inputs: Any, path: str, fmt: str, page_size: str, *, cancel: CancelToken,
                  on_event) -> str:
    from tapdesk.render.writer import write_report
    from tapdesk.report import build_report
    # Translators: a step of writing a report, shown in its progress box.
    on_event(own_step(0, 0, Wording.of(N_("Putting the report together"))))
    doc = build_report(inputs)
    total = 1 + len(doc.figures()) + (fmt in WRITING_STEP)
    done = 1

    def step(what: str) -> None:
        nonlocal done
        if cancel.requested:
            raise FitCancelled("the export was cancelled")
        on_event(ReportProgress(done, total, what))
        done += 1

    try:
        return str(write_report(doc, path, fmt, page_size, step))
    except OSError as exc:         # a full disk, a file gone read-only ...: the user's to fix
        # Translators: {path} is the report's file, {cause} why it cannot be written (the
        # system's words).
        raise SettingError(said("cannot write {path}: {cause}", path=str(path),
                                cause=str(exc.strerror or exc))) from None


def write_feedback_task(report: Any, path: str, form: str, command: str, language: str = "en", *,
                        cancel: CancelToken, on_event) -> str:
    """Write every rater's feedback (``form`` "book": one PDF, "zip": a zip of PDFs) to ``path``
    in ``language`` with :func:`tapdesk.render.feedback.write_feedback`, as ``tapdesk feedback``
    does; runs in the worker process. Sends a :class:`ReportProgress` after each page or rater;
    stops (``FitCancelled``) at the next one once ``cancel`` is set."""
    offscreen_app()
    from tapdesk.i18n import language as in_language
    with in_language(language):                 # the report's language, as the report's own
        return _write_feedback(report, path, form, command, cancel, on_event)


def _write_feedback(report: Any, path: str, form: str, command: str, cancel: CancelToken,
                    on_event) -> str:
    from tapdesk.render.feedback import write_feedback

    def progress(done: int, total: int) -> bool:
        if cancel.requested:
            raise FitCancelled("the feedback was cancelled")
        if form == "book":
            # Translators: a step of writing the feedback; {done} of {total} pages written.
            words = Wording.ngettext("Writing the feedback: {done} of {total} page",
                                     "Writing the feedback: {done} of {total} pages", total,
                                     done=done, total=total)
        else:
            # Translators: a step of writing the feedback; {done} of {total} raters written.
            words = Wording.ngettext("Writing the feedback: {done} of {total} rater",
                                     "Writing the feedback: {done} of {total} raters", total,
                                     done=done, total=total)
        on_event(own_step(done, total, words))
        return True

    # Translators: a step of writing the feedback, shown in its progress box.
    on_event(own_step(0, 0, Wording.of(N_("Laying out the feedback pages"))))
    return str(write_feedback(report, path, command, progress, form=form)[0])


# ------------------------------------------------------------ in the app
def temporary_name(path: Path) -> Path:
    """The hidden name beside ``path`` the report is written to before it is complete."""
    return path.with_name(f".{path.name}.{os.getpid()}.part")


class ReportExport(QObject):
    """Writes one report at a time in the report worker; the GUI thread only hears signals."""

    progress = Signal(object)          # ReportProgress
    finished = Signal(object)          # Path of the written report
    failed = Signal(str, str)          # plain message, details
    cancelled = Signal()
    _ended = Signal(object)            # from the supervising thread to the GUI thread
    thing = "report"                   # what is written, in the failure messages

    def __init__(self, parent: QObject | None = None, pool: WorkerPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool
        self._thread: threading.Thread | None = None
        self._token = CancelToken()
        self._ended.connect(self._end)
        from tapdesk.gui.collector import hold_full_collections
        hold_full_collections(self)        # no 100 ms full collection in the middle of an export

    @property
    def pool(self) -> WorkerPool:
        return self._pool or report_pool()

    @property
    def running(self) -> bool:
        return self._thread is not None

    def warm_up(self) -> None:
        """Start the report worker now (its imports take a moment) unless one is ready."""
        self.pool.warm_up()

    def start(self, inputs: Any, path: Path, fmt: str, page_size: str) -> None:
        """Write the report to ``path`` in the worker; returns at once."""
        self.run(write_report_task, inputs, path, fmt, page_size)

    def run(self, task: Any, payload: Any, path: Path, *args: Any) -> None:
        """Run ``task(payload, temporary path, *args, cancel=, on_event=)`` in the worker to
        write ``path`` (a report, :func:`write_report_task`, or the raters' feedback,
        :func:`write_feedback_task`); returns at once."""
        if self.running:
            raise RuntimeError("a report is being written already")
        self.launch(self._drive, task, payload, path, temporary_name(path), args)

    def launch(self, drive: Any, *args: Any) -> None:
        """Start ``drive(*args)`` in the supervising thread, with a fresh cancel token."""
        self._token = CancelToken()
        name = "tapdesk-" + self.thing.replace(" ", "-")
        self._thread = threading.Thread(target=drive, name=name, daemon=True, args=args)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the export: before the next figure, or by ending the worker after a second."""
        self._token.cancel()

    def wait(self, timeout_s: float = 5.0) -> bool:
        """Block until the supervising thread ended (closing); True when it did."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout_s)
            return not thread.is_alive()
        return True

    def _drive(self, task: Any, payload: Any, path: Path, temp: Path, args: tuple) -> None:
        """The supervising thread: send the task, relay its progress, put the file in place
        (or remove the half-written one) and hand the end to the GUI thread."""
        outcome = self.run_in_worker(task, payload, str(temp), *args)
        if outcome[0] == "failed":
            outcome = ("failed", outcome[1].replace(str(temp), str(path)), outcome[2])
        if outcome[0] == "done":
            try:
                os.replace(temp, path)
                outcome = ("done", path)
            except OSError as exc:
                # Translators: {path} is a file; {cause} the system's own words for why.
                outcome = ("failed", _("The report could not be written to {path}: {cause}").format(
                    path=path, cause=exc.strerror or exc), "")
        if outcome[0] != "done":
            discard(temp)
        self._ended.emit(outcome)

    def run_in_worker(self, func: Any, *args: Any) -> tuple:
        """``func(*args)`` in the worker process, its progress relayed; the outcome as
        ("done", value), ("cancelled",) or ("failed", message, details)."""
        try:
            handle = self.pool.submit(func, *args)
            value = handle.result(self._relay, self._token)
        except FitCancelled:
            return ("cancelled",)
        except TaskFailed as exc:
            return (("cancelled",) if exc.kind == "cancelled" else
                    ("failed", failure_words(exc, self.thing), exc.details))
        except WorkerDied as exc:
            return ("failed", not_written(self.thing, f"{exc}."),
                    f"worker process exit status {exc.exitcode}")
        except Exception as exc:   # noqa: BLE001 - e.g. inputs that cannot be sent to the worker
            return ("failed", not_written(self.thing, str(exc)), traceback.format_exc())
        return ("cancelled",) if self._token.requested else ("done", value)

    def _relay(self, events: tuple) -> None:
        shown = [e for e in events if isinstance(e, ReportProgress)]
        if shown:
            self.progress.emit(shown[-1])

    @Slot(object)
    def _end(self, outcome: tuple) -> None:
        if self._thread is not None:
            self._thread.join()
        self._thread = None
        if outcome[0] == "done":
            self.finished.emit(Path(outcome[1]))
        elif outcome[0] == "failed":
            self.failed.emit(outcome[1], outcome[2])
        else:
            self.cancelled.emit()


NOT_WRITTEN = {
    # Translators: a report could not be written; {cause} says why (a sentence's end).
    "report": N_("The report could not be written: {cause}"),
    # Translators: a committee pack could not be written; {cause} says why (a sentence's end).
    "committee pack": N_("The committee pack could not be written: {cause}"),
    # Translators: the raters' feedback could not be written; {cause} says why (a sentence's end).
    "feedback": N_("The feedback could not be written: {cause}"),
}
"""What a job could not write, a whole sentence for each ``thing`` (issue 54)."""

INTERNAL_ERROR = {
    # Translators: {name} is a Python error's name, {text} its own (English) message.
    "report": N_("The report could not be written because of an internal error ({name}: {text})."),
    # Translators: {name} is a Python error's name, {text} its own (English) message.
    "committee pack": N_("The committee pack could not be written because of an internal error "
                         "({name}: {text})."),
    # Translators: {name} is a Python error's name, {text} its own (English) message.
    "feedback": N_("The feedback could not be written because of an internal error "
                   "({name}: {text})."),
}


def not_written(thing: str, cause: str) -> str:
    """The ``thing`` could not be written, and why, in the language in force."""
    return _(NOT_WRITTEN[thing]).format(cause=cause)


def failure_words(exc: TaskFailed, thing: str = "report") -> str:
    """Plain words for a report (or another ``thing``) the worker could not write."""
    if exc.kind == "user":
        return not_written(thing, exc.message)
    if exc.kind == "memory":
        # Translators: why a report, pack or feedback could not be written (a sentence's end).
        return not_written(thing, _("the computer ran out of memory."))
    return _(INTERNAL_ERROR[thing]).format(name=exc.type_name, text=exc.message)


def discard(temp: Path) -> None:
    """Remove a half-written report, if any."""
    with contextlib.suppress(OSError):
        os.remove(temp)
