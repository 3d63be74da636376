"""Write rater feedback (one PDF per rater plus a summary CSV), from the CLI or the app.

:func:`write_feedback_files` is shared by ``tapdesk feedback`` and the
Raters tab's "Feedback for each rater..." button (:func:`export_feedback`),
so both write the same files with the same PDF writer as the report.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tapdesk.engine.feedback import FeedbackReport
from tapdesk.engine.words import count
from tapdesk.errors import SettingError
from tapdesk.report.feedback import feedback_document, pdf_names, write_summary_csv


def write_feedback_files(report: FeedbackReport, folder: str | Path, command: str = "",
                         on_progress: Callable[[int, int], bool] | None = None) -> list[Path]:
    """Write every rater's PDF and the summary CSV into ``folder``; returns the paths.

    ``on_progress(done, total)`` is called after each PDF; returning False
    stops early (the CSV is then still written for the PDFs already done).
    """
    from tapdesk.render.pdf import write_report_pdf  # Qt only from here on
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SettingError(f"cannot create the output folder {folder}: "
                           f"{exc.strerror or exc}") from None
    names = pdf_names(report)
    written: list[Path] = []
    for i, fb in enumerate(report.raters, start=1):
        written.append(write_report_pdf(feedback_document(report, fb, command),
                                        folder / names[fb.rater_id]))
        if on_progress is not None and on_progress(i, len(report.raters)) is False:
            names = {rid: name for rid, name in names.items()
                     if (folder / name) in written}
            break
    written.append(write_summary_csv(report, folder, names))
    return written


def export_feedback(parent, result, table) -> list[Path] | None:
    """The Raters tab's action: ask for a folder, write the files with a progress dialog."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QProgressDialog

    from tapdesk.engine.feedback import rater_feedback
    from tapdesk.errors import TapDeskError
    from tapdesk.gui import settings
    from tapdesk.gui.errors import show_error
    try:
        report = rater_feedback(result, table)
    except TapDeskError as exc:
        show_error(parent, "Feedback cannot be written for this result.", str(exc))
        return None
    folder = QFileDialog.getExistingDirectory(parent, "Folder for the feedback files",
                                              settings.last_folder())
    if not folder:
        return None
    progress = QProgressDialog("Writing feedback for each rater...", "Stop", 0,
                               len(report.raters), parent)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)

    def step(done: int, total: int) -> bool:
        progress.setValue(done)
        QApplication.processEvents()
        return not progress.wasCanceled()

    try:
        written = write_feedback_files(report, folder, on_progress=step)
    except TapDeskError as exc:
        show_error(parent, "The feedback files could not be written.", str(exc))
        return None
    finally:
        progress.close()
        progress.deleteLater()
    QMessageBox.information(parent, "Feedback written",
                            f"Wrote {count(len(written) - 1, 'feedback PDF')} and the summary table "
                            f"{written[-1].name} to {folder}.")
    return written
