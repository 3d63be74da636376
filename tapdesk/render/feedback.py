"""Rater feedback on paper: one PDF per rater plus a summary CSV, for the command line and the app.

:func:`write_feedback_files` is shared by ``tapdesk feedback`` and the Raters tab's "Feedback for
each rater..." button (:func:`tapdesk.gui.results.feedback_action.export_feedback`), so both write the
same files with the same PDF writer as the report.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tapdesk.engine.story.feedback import FeedbackReport
from tapdesk.errors import SettingError
from tapdesk.report.feedback import feedback_document, pdf_names, write_summary_csv


def write_feedback_files(report: FeedbackReport, folder: str | Path, command: str = "",
                         on_progress: Callable[[int, int], bool] | None = None,
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
        raise SettingError(f"cannot create the output folder {folder}: "
                           f"{exc.strerror or exc}") from None
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
