"""The PDF report's figures drawn in a second process, beside the fits and the page layout.

``tapdesk report`` spends most of its time in two chains that need each
other only at the end: the fits, the document and the page layout on one
side, and on the other the plots (importing Qt's widgets and pyqtgraph,
building every plot and drawing it at print size). On a machine with two
cores the command starts a child process (a fork) as soon as it knows the
command is ``report`` (:func:`start_early`, once the engine is imported, before
the command imports pandas and reads the data): the child imports Qt and the
plot builders while the command reads the data and fits. After each fit but
the last the command hands the child the document of the analyses so far
(:meth:`FigureProcess.send_partial`), whose figures the child records while
the next fit runs; the finished document follows (:meth:`FigureProcess.send`),
and the child takes the figures it has recorded where they are the final
document's (:class:`~tapdesk.render.figures.PicturesAhead`) and draws
the rest. It sends back each figure as soon as it is recorded (with the size it
was drawn at), then word that it has drawn all, while the command imports Qt's
GUI classes (not pyqtgraph), lays its pages out (with the figures' sizes
computed as the child computes them) and plays each figure into the PDF when
its page comes. (The child writing the
whole PDF, so that the command never loads Qt, measured no quicker, and the
command idles meanwhile.)

Only where this is safe and useful: Linux (``os.fork``), Qt not yet loaded
in the command (a process that has started Qt must not fork), more than one
core, and one of them free (on a machine already busy, the second process
only adds its own start-up). Wherever the child cannot deliver (it failed or
was stopped, before or after saying which figures there are), the figures
are drawn in the command's own process as before: the report is the same
either way.

Usage (the command line; nothing else forks)::

    start_early()                   # tapdesk.cli.main, for the report command
    job = FigureProcess.start()     # takes that child, or forks one; None where unavailable
    job.send_partial(doc_so_far, page_size)   # after each fit but the last (optional)
    job.send(doc, page_size)        # the document to draw
    write_report(doc, ...)          # figure_images() takes the figures from the job
"""

from __future__ import annotations

import atexit
import functools
import gc
import os
import pickle
import queue
import signal
import sys
import threading
from typing import Any

from tapdesk.i18n import current_language, set_language

_PENDING: dict[int, FigureProcess] = {}
"""The job drawing each document's figures, by the document's id."""
_EARLY: list[FigureProcess] = []
"""The child :func:`start_early` forked, until :meth:`FigureProcess.start` takes it."""


def start_early() -> None:
    """Fork the figure process as soon as the command is known to be ``tapdesk report`` (see
    :class:`tapdesk.cli.main.Command`), once the engine and the report's model are imported
    (both processes need them: imported before the fork, they are imported once) and before
    the command imports what only it needs (pandas, the importer) and reads the data: the
    child imports Qt and the plot builders meanwhile. :meth:`FigureProcess.start` takes it;
    :func:`drop_early` ends it where the command needs none."""
    if not _EARLY:
        import tapdesk.engine.analyses  # noqa: F401 - imported here to be shared with the child
        import tapdesk.report  # noqa: F401
        job = FigureProcess.start()
        if job is not None:
            _EARLY.append(job)


def drop_early() -> None:
    """End the child :func:`start_early` forked, if nothing has taken it."""
    while _EARLY:
        _EARLY.pop().stop()


def can_fork() -> bool:
    """Whether a figure process can be started here (see the module's notes)."""
    return (sys.platform.startswith("linux") and hasattr(os, "fork")
            and (os.cpu_count() or 1) > 1 and "PySide6.QtCore" not in sys.modules
            and threading.active_count() == 1)


def core_free() -> bool:
    """Whether another core is likely free: fewer processes wanted a core over the last
    minute than there are cores, less half a core. On a busy machine the two processes
    share the same cores with the rest, and the child only adds its own start-up (a Qt
    application, the fonts) and the images' trip between the processes."""
    cores = os.cpu_count() or 1
    try:
        return cores > 1 and os.getloadavg()[0] < cores - 0.5
    except OSError:
        return False


class FigureProcess:
    """A forked child that draws one report's figures (see the module's notes)."""

    def __init__(self, pid: int, to_child: int, from_child: int) -> None:
        self.pid, self.to_child, self.from_child = pid, to_child, from_child
        self.doc: Any = None
        self.page_size = "A4"
        self.doc_id: int | None = None
        self.arrived: dict[str, tuple] = {}
        self.done = threading.Condition()
        self.finished = False
        self.own: dict[str, Any] | None = None
        self.outbox: queue.SimpleQueue | None = None
        self.plan: dict[str, Any] | None = None
        """{key: PrintSize} of the figures the child drew, once it has drawn all it could."""
        self.assumed: dict[str, Any] = {}
        """{key: PrintSize} the pages were laid out for (:meth:`figures`)."""
        atexit.register(self.stop)

    @classmethod
    def start(cls, only_if_idle: bool = True) -> FigureProcess | None:
        """Fork the child (it starts importing Qt at once), or take the one :func:`start_early`
        forked; None where that cannot be done, or (``only_if_idle``) where no other core is
        free (:func:`core_free`)."""
        if _EARLY:
            return _EARLY.pop()
        if not can_fork() or (only_if_idle and not core_free()):
            return None
        doc_read, doc_write = os.pipe()
        out_read, out_write = os.pipe()
        # Python's advice for a fork: freeze what exists, so the child's collections never
        # walk (nor copy, page by page) the objects it inherits. This process keeps them
        # frozen too: its objects of start-up live until it exits, and its own collections,
        # the last one at exit above all (a tenth of a second), then skip them.
        gc.freeze()
        try:
            pid = os.fork()
        except OSError:
            gc.unfreeze()
            for fd in (doc_read, doc_write, out_read, out_write):
                os.close(fd)
            return None
        if pid == 0:                                   # the child: never returns
            os.close(doc_write)
            os.close(out_read)
            _child(doc_read, out_write)
        os.close(doc_read)
        os.close(out_write)
        return cls(pid, doc_write, out_read)

    def send_partial(self, doc: Any, page_size: str) -> None:
        """Hand the child the document of the analyses fitted so far: it records their
        figures while the next fit runs, and takes them for the final document where they are
        the same (:class:`~tapdesk.render.figures.PicturesAhead`)."""
        self._queue(("partial", doc, page_size, current_language()))

    def send(self, doc: Any, page_size: str) -> None:
        """Hand the child the document whose figures it draws, for pages of ``page_size``.

        The child reads it once it has imported Qt, so a thread writes it (a pipe holds
        64 KB) and this returns at once.
        """
        self._queue(("final", doc, page_size, current_language()))
        self._queue(None)
        self.doc, self.page_size, self.doc_id = doc, page_size, id(doc)
        _PENDING[self.doc_id] = self

    def _queue(self, record: tuple | None) -> None:
        """Have the writer thread send ``record`` to the child (None: no more)."""
        if self.outbox is None:
            if self.to_child < 0:
                return
            fd, self.to_child = self.to_child, -1
            self.outbox = queue.SimpleQueue()
            threading.Thread(target=_write_all, args=(fd, self.outbox), daemon=True).start()
        self.outbox.put(record)

    def figures(self, width_mm: float, body_mm: float) -> PendingFigures:
        """{figure key: (picture, PrintSize)} for every figure of the document, at once (the
        sizes are computed here, as the child computes them), so the pages can be laid out
        while the child still draws: each picture is a callable that waits for the child's
        recording and gives the PlotPicture, or None where the child has nothing to draw
        for that figure, or draws it at another size (the pages are then laid out again,
        from :meth:`PendingFigures.present`)."""
        from tapdesk.render.figures import figure_size
        from tapdesk.report.context import ReportInputs
        _PENDING.pop(self.doc_id, None)
        keyed = PendingFigures(self)
        if isinstance(self.doc.inputs, ReportInputs):
            for figure in self.doc.figures():
                key = figure.key or figure.kind
                keyed[key] = (functools.partial(self.image, key),
                              figure_size(figure, self.doc.inputs, width_mm, body_mm))
        self.assumed = {key: size for key, (_, size) in keyed.items()}
        source = os.fdopen(self.from_child, "rb")
        self.from_child = -1
        threading.Thread(target=self._receive, args=(source,), daemon=True).start()
        return keyed

    def _receive(self, source) -> None:
        """(A thread) keep every image as it arrives, so the child never waits to send one;
        once the child says it has drawn all, what it drew is the plan."""
        with source:
            try:
                while (record := pickle.load(source)) is not None:
                    with self.done:
                        self.arrived[record[0]] = record
                        self.done.notify_all()
                with self.done:
                    self.plan = {key: record[1] for key, record in self.arrived.items()}
            except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
                pass                     # the child stopped early: image() draws the rest
        with self.done:
            self.finished = True
            self.done.notify_all()

    def image(self, key: str):
        """The PlotPicture of figure ``key`` at the size :meth:`figures` assumed: the child's,
        or, if the child did not deliver it, the one this process draws itself; None where
        there is nothing to draw for it, or it is drawn at another size."""
        picture, size = self.drawn(key)
        return picture if size == self.assumed.get(key) else None

    def drawn(self, key: str) -> tuple[Any, Any]:
        """(PlotPicture, PrintSize) of figure ``key`` as drawn; (None, None) where there is
        nothing to draw for it."""
        with self.done:
            self.done.wait_for(lambda: key in self.arrived or self.finished)
            record = self.arrived.get(key)
        if record is None:
            if self.plan is not None:           # the child drew all it could: not this one
                return None, None
            return self._own_images().get(key, (None, None))
        from tapdesk.render.layout import PlotPicture
        _, size, width, height, data = record
        return PlotPicture.from_bytes(data, width, height), size

    def _own_images(self) -> dict[str, Any]:
        """Every figure drawn in this process, once (the child stopped before sending all)."""
        if self.own is None:
            self.stop()
            from tapdesk.render import page
            from tapdesk.render.figures import print_pictures
            self.own = print_pictures(self.doc, *page.figure_area(self.page_size))
        return self.own

    def stop(self) -> None:
        """End the child if it is still running (the command no longer needs it)."""
        _PENDING.pop(self.doc_id, None)
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGTERM)
            except OSError:
                pass
            self._reap()
        for fd in (self.to_child, self.from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        self.to_child = self.from_child = -1

    def _reap(self) -> int | None:
        """Wait for the child to end; its exit status (None if it was not ours to wait for)."""
        if not self.pid:
            return None
        pid, self.pid = self.pid, 0
        try:
            return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        except ChildProcessError:
            return None


class PendingFigures(dict):
    """{figure key: (picture, PrintSize)} as :meth:`FigureProcess.figures` gives them."""

    def __init__(self, job: FigureProcess) -> None:
        super().__init__()
        self.job = job

    def present(self) -> dict[str, Any]:
        """The figures as drawn, each at the size it was drawn at, those with nothing to
        draw left out (waiting for every one)."""
        found = {key: self.job.drawn(key) for key in self}
        return {key: drawn for key, drawn in found.items() if drawn[0] is not None}


def pending_figures(doc: Any, width_mm: float, body_mm: float) -> PendingFigures | None:
    """The figures a child process draws for ``doc`` (see :meth:`FigureProcess.figures`),
    or None when no child draws them."""
    job = _PENDING.get(id(doc))
    return job.figures(width_mm, body_mm) if job is not None else None


def _write_all(fd: int, outbox: queue.SimpleQueue) -> None:
    """(A thread) pickle each record of ``outbox`` into the pipe to the child, until None.
    Where one cannot be pickled the pipe closes: the child stops, and the command draws
    the figures itself."""
    try:
        with os.fdopen(fd, "wb") as out:
            while (record := outbox.get()) is not None:
                pickle.dump(record, out, protocol=pickle.HIGHEST_PROTOCOL)
                out.flush()
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass                    # the child has gone: figures() finds out and falls back


def _send(out, record: Any) -> None:
    pickle.dump(record, out, protocol=pickle.HIGHEST_PROTOCOL)
    out.flush()


def _child(doc_read: int, out_write: int) -> None:
    """The child's whole life: warm up Qt and the plot builders, receive the document, draw
    its figures, send them, and leave without running the parent's exit handlers."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        from tapdesk.render import figures as report_pdf_figures
        from tapdesk.render import page
        page.ensure_app()
        page.load_fonts()
        if report_pdf_figures.plots_module() is not None:
            ahead = report_pdf_figures.PicturesAhead()
            with os.fdopen(doc_read, "rb") as source:
                while True:
                    kind, doc, page_size, code_of_language = pickle.load(source)
                    set_language(code_of_language)     # forked before the command chose it
                    if kind == "final":
                        break
                    ahead.record(doc, *page.figure_area(page_size))
            with os.fdopen(out_write, "wb") as out:     # each figure as soon as it is drawn
                for key, widget, size in report_pdf_figures.built_figures(
                        doc, *page.figure_area(page_size), ahead=ahead):
                    if isinstance(widget, report_pdf_figures.Recorded):
                        picture = widget.picture
                        if picture is None:
                            continue
                    else:
                        picture = report_pdf_figures.record_for_print(widget, size)
                        report_pdf_figures.dispose(widget)
                    _send(out, (key, size, picture.width_px, picture.height_px,
                                picture.to_bytes()))
                _send(out, None)
            code = 0
    except BaseException:         # noqa: BLE001 - the command draws the figures itself instead
        code = 1
    finally:
        os._exit(code)
