"""The Raters tab's "Feedback for each rater..." action: a folder asked for, the files written
with progress (by :func:`tapdesk.render.feedback.write_feedback_files`, as ``tapdesk feedback``)."""

from __future__ import annotations

from pathlib import Path

from tapdesk.engine.words import count


def export_feedback(parent, result, table) -> list[Path] | None:
    """The Raters tab's action: ask for a folder, write the files with a progress dialog."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QProgressDialog

    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.errors import TapDeskError
    from tapdesk.gui import settings
    from tapdesk.gui.errors import show_error
    from tapdesk.render.feedback import write_feedback_files
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
