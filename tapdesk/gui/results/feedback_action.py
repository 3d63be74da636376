"""The Raters tab's "Feedback for each rater..." action: one PDF with a page per rater, or a zip
of one PDF per rater with the summary table, written in the report worker process (as
``tapdesk feedback`` writes them, :func:`tapdesk.render.feedback.write_feedback`) while a
progress dialog shows how far it is and Cancel stops it; the window stays free throughout."""

from __future__ import annotations

from pathlib import Path

from tapdesk.i18n import N_, _, formats, ngettext

# Translators: the feedback's file dialog filters: keep "(*.pdf)" and "(*.zip)" as they are.
FORMS = (("book", N_("One PDF, a page for each rater (*.pdf)"), ".pdf"),
         ("zip", N_("A zip of one PDF per rater, with the summary table (*.zip)"), ".zip"))
"""The forms offered: (form, file-dialog filter (English: translated where shown), suffix)."""


def ask_target(parent, n_raters: int) -> tuple[Path, str] | None:
    """Where the feedback goes and in which form (the filter chosen, or the name's suffix)."""
    from PySide6.QtWidgets import QFileDialog

    from tapdesk.gui import settings
    start = str(Path(settings.last_folder()) / "feedback.pdf")
    # Translators: the feedback's file dialog title; {n} is a count of raters.
    title = ngettext("Save the feedback for {n} rater", "Save the feedback for {n} raters",
                     n_raters).format(n=formats.integer(n_raters))
    path, chosen = QFileDialog.getSaveFileName(parent, title, start,
                                               ";;".join(_(f) for _form, f, _suffix in FORMS))
    if not path:
        return None
    target = Path(path)
    by_suffix = next((form for form, _, suffix in FORMS if target.suffix.lower() == suffix), None)
    form = by_suffix or next((form for form, f, _suffix in FORMS if _(f) == chosen), "book")
    if by_suffix is None:
        target = target.with_name(target.name + {f: s for f, _, s in FORMS}[form])
    return target, form


def export_feedback(parent, result, table):
    """Ask where, then write every rater's feedback in the worker; returns the running job
    (a :class:`~tapdesk.gui.tasks.report_task.ReportExport`) or None when nothing was started."""
    from tapdesk.errors import TapDeskError
    from tapdesk.gui.errors import show_error
    try:
        report = sheets_off_gui_thread(result, table)
    except TapDeskError as exc:
        show_error(parent, _("Feedback cannot be written for this result."), str(exc))
        return None
    target = ask_target(parent, len(report.raters))
    if target is None:
        return None
    from tapdesk.gui.project.report_job import report_language
    return start_feedback(parent, report, *target, language=report_language(parent.window()))


def sheets_off_gui_thread(result, table):
    """Every rater's feedback sheet worked out in a thread while the window paints (ten
    thousand raters take seconds), under a wait cursor."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.gui.tasks.background import call_off_gui_thread
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        return call_off_gui_thread(lambda: rater_feedback(result, table), "tapdesk-feedback")
    finally:
        QApplication.restoreOverrideCursor()


def start_feedback(parent, report, path: Path, form: str, language: str = "en"):
    """Write ``report`` to ``path`` in ``form`` and ``language`` (the report job's,
    :mod:`~tapdesk.gui.project.report_job`) in the worker, with a progress dialog."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox, QProgressDialog

    from tapdesk.gui.errors import show_error
    from tapdesk.gui.tasks.report_task import ReportExport, write_feedback_task
    job = ReportExport(parent)
    job.thing = "feedback"             # its own failure sentences and process name
    progress = QProgressDialog(_("Starting the feedback..."), _("Cancel"), 0, 0, parent)
    progress.setWindowTitle(_("Feedback for each rater"))
    progress.setAccessibleName(_("Feedback progress"))
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.canceled.connect(job.cancel)
    job.dialog = progress

    def step(event) -> None:
        progress.setLabelText(event.shown())
        progress.setMaximum(event.total)
        progress.setValue(event.done)

    def ended() -> None:
        progress.close()
        progress.deleteLater()
        job.deleteLater()

    def finished(written: Path) -> None:
        ended()
        n = len(report.raters)
        # Translators: after the feedback is written; {n} is a count of raters, {path} the file.
        said = ngettext("Wrote one PDF with a page for each of the {n} rater to {path}.",
                        "Wrote one PDF with a page for each of the {n} raters to {path}.", n) \
            if form == "book" else (
                # Translators: as above, for a zip of one PDF per rater.
                ngettext("Wrote a zip of one PDF for each, with the summary table, of the {n} "
                         "rater to {path}.", "Wrote a zip of one PDF for each, with the summary "
                         "table, of the {n} raters to {path}.", n))
        QMessageBox.information(parent, _("Feedback written"),
                                said.format(n=formats.integer(n), path=written))

    def failed(message: str, details: str) -> None:
        ended()
        show_error(parent, message, details)

    job.progress.connect(step)
    job.finished.connect(finished)
    job.failed.connect(failed)
    job.cancelled.connect(ended)
    job.run(write_feedback_task, report, path, form, "", language)
    progress.show()
    return job
