"""The PDF report's figures drawn in a second process, beside the fits and the page layout.

``tapdesk report`` spends most of its time in two chains that need each
other only at the end: the fits, the document and the page layout on one
side, and on the other the plots (importing Qt's widgets and pyqtgraph,
building every plot and drawing it at print size). On a machine with two
cores the command starts, before its fits, a child process (a fork: it has
every module the command has loaded) that imports Qt and the plot builders
while the fits run, then receives the finished document, draws its figures
with :func:`~tapdesk.gui.report_pdf_figures.print_images` exactly as the
command itself would, and sends the images back. The command lays its pages
out meanwhile and draws the received images into the PDF.

Only where this is safe and useful: Linux (``os.fork``), Qt not yet loaded
in the command (a process that has started Qt must not fork), more than one
core. Wherever the child cannot deliver (it failed, it was stopped, the
report has no document for it), the figures are drawn in the command's own
process as before: the report is the same either way.

Usage (the command line; nothing else forks)::

    job = FigureProcess.start()     # before the fits; None where unavailable
    ...
    job.send(doc, page_size)        # the document to draw
    write_report(doc, ...)          # figure_images() takes the images from the job
"""

from __future__ import annotations

import atexit
import os
import pickle
import signal
import sys
import threading
from typing import Any

_PENDING: dict[int, FigureProcess] = {}
"""The job drawing each document's figures, by the document's id."""


def can_fork() -> bool:
    """Whether a figure process can be started here (see the module's notes)."""
    return (sys.platform.startswith("linux") and hasattr(os, "fork")
            and (os.cpu_count() or 1) > 1 and "PySide6.QtCore" not in sys.modules
            and threading.active_count() == 1)


class FigureProcess:
    """A forked child that draws one report's figures (see the module's notes)."""

    def __init__(self, pid: int, to_child: int, from_child: int) -> None:
        self.pid, self.to_child, self.from_child = pid, to_child, from_child
        self.doc_id: int | None = None
        atexit.register(self.stop)

    @classmethod
    def start(cls) -> FigureProcess | None:
        """Fork the child (it starts importing Qt at once); None where that cannot be done."""
        if not can_fork():
            return None
        doc_read, doc_write = os.pipe()
        out_read, out_write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
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

    def send(self, doc: Any, page_size: str) -> None:
        """Hand the child the document whose figures it draws, for pages of ``page_size``.

        The child reads it once it has imported Qt, so a thread writes it (a pipe holds
        64 KB) and this returns at once.
        """
        try:
            data = pickle.dumps((doc, page_size), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            self.stop()
            return
        fd, self.to_child = self.to_child, -1
        threading.Thread(target=_write_all, args=(fd, data), daemon=True).start()
        self.doc_id = id(doc)
        _PENDING[self.doc_id] = self

    def images(self) -> dict[str, Any] | None:
        """{figure key: (QImage, PrintSize)} as the child drew them, or None when it could not."""
        _PENDING.pop(self.doc_id, None)
        try:
            with os.fdopen(self.from_child, "rb") as source:
                found = _read_images(source)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
            found = None
        self.from_child = -1
        status = self._reap()
        return found if status == 0 else None

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


def pending_images(doc: Any) -> dict[str, Any] | None:
    """The figures a child process drew for ``doc``, or None when no child drew them."""
    job = _PENDING.get(id(doc))
    return job.images() if job is not None else None


def _write_all(fd: int, data: bytes) -> None:
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
    except OSError:
        pass                    # the child has gone: images() finds out and falls back


def _read_images(source) -> dict[str, Any] | None:
    from PySide6.QtGui import QImage
    found: dict[str, Any] = {}
    while True:
        record = pickle.load(source)
        if record is None:                            # the child's last word: all sent
            return found
        key, size, width, height, per_line, form, data = record
        found[key] = (QImage(data, width, height, per_line, QImage.Format(form)).copy(), size)


def _child(doc_read: int, out_write: int) -> None:
    """The child's whole life: warm up Qt and the plot builders, receive the document, draw
    its figures, send them, and leave without running the parent's exit handlers."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        from tapdesk.gui import report_pdf, report_pdf_figures
        report_pdf.ensure_app()
        report_pdf.load_fonts()
        if report_pdf_figures.plots_module() is not None:
            with os.fdopen(doc_read, "rb") as source:
                doc, page_size = pickle.load(source)
            images = report_pdf_figures.print_images(doc, *report_pdf.figure_area(page_size))
            with os.fdopen(out_write, "wb") as out:
                for key, (image, size) in images.items():
                    pickle.dump((key, size, image.width(), image.height(), image.bytesPerLine(),
                                 image.format().value, bytes(image.constBits())), out,
                                protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump(None, out)
            code = 0
    except BaseException:         # noqa: BLE001 - the command draws the figures itself instead
        code = 1
    finally:
        os._exit(code)
