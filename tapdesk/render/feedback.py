"""Rater feedback on paper, for the command line and the app: a PDF per rater plus a summary CSV
in a folder, the same in one zip, or one PDF with a page per rater.

:func:`write_feedback` is shared by ``tapdesk feedback`` and the Raters tab's "Feedback for
each rater..." button (which runs it in the report worker,
:func:`tapdesk.gui.tasks.report_task.write_feedback_task`), so both write the same files with
the same PDF writer as the report. Where it goes decides the form: a path ending in ``.pdf``
is one PDF (:func:`write_feedback_book`), ``.zip`` a zip (:func:`write_feedback_zip`), any
other a folder (:func:`write_feedback_files`).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from tapdesk.engine.story.feedback import FeedbackReport
from tapdesk.errors import FitCancelled, SettingError
from tapdesk.i18n.deferred import said
from tapdesk.report.feedback import (
    SUMMARY_FILE,
    feedback_book,
    feedback_document,
    pdf_names,
    write_summary_csv,
)
from tapdesk.report.refusals import cannot_write

Progress = Callable[[int, int], bool]
"""``on_progress(done, total)``: called as the work goes; returning False stops it."""
BOOK_SUFFIX, ZIP_SUFFIX = ".pdf", ".zip"


def feedback_form(out: str | Path) -> str:
    """"book" (one PDF, a page per rater), "zip" or "folder", from where the feedback goes."""
    suffix = Path(out).suffix.lower()
    return {BOOK_SUFFIX: "book", ZIP_SUFFIX: "zip"}.get(suffix, "folder")


def write_feedback(report: FeedbackReport, out: str | Path, command: str = "",
                   on_progress: Progress | None = None, title: str = "",
                   form: str | None = None) -> list[Path]:
    """The feedback in ``form``, by default the one ``out`` names (see :func:`feedback_form`);
    the paths written."""
    form = form or feedback_form(out)
    if form == "book":
        return [write_feedback_book(report, out, command, on_progress, title)]
    if form == "zip":
        return [write_feedback_zip(report, out, command, on_progress, title)]
    return write_feedback_files(report, out, command, on_progress, title)


def write_feedback_files(report: FeedbackReport, folder: str | Path, command: str = "",
                         on_progress: Progress | None = None,
                         title: str = "") -> list[Path]:
    """Write every rater's PDF and the summary CSV into ``folder``; returns the paths.

    ``on_progress(done, total)`` is called after each PDF; returning False
    stops early (the CSV is then still written for the PDFs already done).
    """
    from tapdesk.render.display import draw_offscreen_without_display
    draw_offscreen_without_display()
    from tapdesk.render.pdf import write_report_pdf  # Qt only from here on
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # Translators: {folder} is the folder asked for; {reason} the system's reason
        # ("Permission denied").
        raise SettingError(said("cannot create the output folder {folder}: {reason}",
                                folder=str(folder), reason=exc.strerror or str(exc))) from None
    names = pdf_names(report)
    written: list[Path] = []
    for i, fb in enumerate(report.raters, start=1):
        written.append(write_report_pdf(feedback_document(report, fb, command, pack=title),
                                        folder / names[fb.rater_id]))
        if on_progress is not None and on_progress(i, len(report.raters)) is False:
            names = {rid: name for rid, name in names.items()
                     if (folder / name) in written}
            break
    written.append(write_summary_csv(report, folder, names))
    return written


def write_feedback_book(report: FeedbackReport, path: str | Path, command: str = "",
                        on_progress: Progress | None = None, title: str = "") -> Path:
    """One PDF with a page (or more) per rater; ``on_progress`` hears each page written.
    Stopped, or failed, it leaves no file behind."""
    from tapdesk.render.display import draw_offscreen_without_display
    draw_offscreen_without_display()
    from tapdesk.render.pdf import write_report_pdf  # Qt only from here on

    def page(done: int, total: int) -> None:
        if on_progress is not None and on_progress(done, total) is False:
            raise FitCancelled(_stopped())

    return _in_place(Path(path), lambda temp: write_report_pdf(
        feedback_book(report, command, pack=title), temp, on_page=page))


def write_feedback_zip(report: FeedbackReport, path: str | Path, command: str = "",
                       on_progress: Progress | None = None, title: str = "") -> Path:
    """A zip of every rater's PDF and the summary CSV; ``on_progress`` hears each rater.
    Stopped, or failed, it leaves no file behind."""
    def write(temp: Path) -> Path:
        with tempfile.TemporaryDirectory(prefix="tapdesk-feedback-") as folder, \
                zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as archive:
            def added(done: int, total: int) -> bool:
                for pdf in sorted(Path(folder).glob("*.pdf")):     # one PDF on disk at a time
                    archive.write(pdf, pdf.name)
                    pdf.unlink()
                if on_progress is not None and on_progress(done, total) is False:
                    raise FitCancelled(_stopped())
                return True
            write_feedback_files(report, folder, command, added, title)
            archive.write(Path(folder) / SUMMARY_FILE, SUMMARY_FILE)
        return temp
    return _in_place(Path(path), write)


def _stopped() -> str:
    # Translators: the feedback sheets' writing was cancelled.
    return said("the feedback was stopped before it was complete")


def _in_place(path: Path, write: Callable[[Path], Path]) -> Path:
    """Write through ``write`` to a hidden name beside ``path``, then rename it to ``path``:
    a stopped or failed writing leaves neither a half file nor the hidden one."""
    if not path.parent.is_dir():
        # Translators: {path} is the file asked for.
        raise SettingError(said("the folder of {path} does not exist", path=str(path)))
    temp = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        write(temp)
        os.replace(temp, path)
    except OSError as exc:
        raise SettingError(cannot_write(path, exc)) from None
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()
    return path
