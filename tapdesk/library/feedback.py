"""``feedback``: a short feedback page for every rater, into a folder, a zip or one PDF.

Fits the per-rater model t-a_j-p_j and writes, for each rater, one page of feedback plus
``feedback_summary.csv`` with one row per rater (see :mod:`tapdesk.render.feedback`). On a
terminal it says how far it is; Ctrl+C stops it and leaves no half-written PDF or zip."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from tapdesk.i18n import _, ngettext
from tapdesk.i18n.deferred import shown
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import FeedbackSettings


def command_text(settings: FeedbackSettings) -> str:
    """The command that writes these files again (shown in every PDF's footer)."""
    return shlex.join(["tapdesk", "feedback", settings.data, *class_words(settings), "--out", settings.out])


def class_words(settings: FeedbackSettings) -> list[str]:
    """The Class-1 choice as the command line gave it (``--cut`` or ``--class1``)."""
    words = [] if settings.cut is None else ["--cut", settings.cut]
    for label in settings.class1 or ():
        words += ["--class1", label]
    return words


def outcome(settings: FeedbackSettings) -> Outcome:
    """The per-rater fit and the feedback written: the files and every rater's numbers as JSON,
    each rater's sentence and what was written as text."""
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.library.report import check_folder
    from tapdesk.render.feedback import feedback_form, write_feedback
    out = Path(settings.out)
    form = feedback_form(out)
    check_folder(out if form == "folder" else out.parent)  # fail before the fit, not after it
    dataset = load_dataset(settings)
    request = FitRequest(model="per-rater", class1=tuple(settings.class1) if settings.class1 else None,
                         cut=settings.cut, seed=settings.seed, level=settings.level)
    result = fit(request, dataset.table)
    report = rater_feedback(result, dataset.table)
    written = write_feedback(report, out, command_text(settings), ProgressLine(form))
    payload = {"level": report.level, "files": [str(p) for p in written],
               "raters": feedback_json(report)}
    text = "".join(f"{shown(fb.sentence)}\n" for fb in report.raters)   # the language's
    if form == "folder":
        # Translators: {n} is a number of PDFs; {summary} a file's name; {folder} a folder.
        # (English says "PDFs" for one too, as it always has: translate each form.)
        text += "\n" + ngettext("Wrote {n} feedback PDFs and {summary} to {folder}",
                                "Wrote {n} feedback PDFs and {summary} to {folder}",
                                len(written) - 1).format(n=len(written) - 1,
                                                         summary=written[-1].name,
                                                         folder=out.resolve()) + "\n"
    else:
        # Translators: {n} is a number of raters (English says "raters" for one too); {path}
        # the file written.
        done = ngettext("Wrote one PDF with a page for each of the {n} raters to {path}",
                        "Wrote one PDF with a page for each of the {n} raters to {path}",
                        len(report.raters)) if form == "book" else (
            # Translators: as above, for a zip of one PDF per rater.
            ngettext("Wrote a zip of one PDF for each, with the summary table, of the {n} "
                     "raters to {path}",
                     "Wrote a zip of one PDF for each, with the summary table, of the {n} "
                     "raters to {path}", len(report.raters)))
        text += "\n" + done.format(n=len(report.raters), path=out.resolve()) + "\n"
    return Outcome(result, payload, text, dataset, {"feedback": report})


class ProgressLine:
    """"feedback: 120 of 1000 raters" on stderr, rewritten in place (terminals only)."""

    def __init__(self, form: str) -> None:
        self.shown = sys.stderr.isatty()
        self.book = form == "book"

    def __call__(self, done: int, total: int) -> bool:
        if self.shown:
            # Translators: progress on the terminal; {done} and {total} are numbers.
            line = _("feedback: {done} of {total} pages") if self.book else (
                # Translators: progress on the terminal; {done} and {total} are numbers.
                _("feedback: {done} of {total} raters"))
            sys.stderr.write("\r" + line.format(done=done, total=total))
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()
        return True


def feedback_json(report) -> list[dict]:
    from tapdesk.report.feedback import SUMMARY_COLUMNS, pdf_names, summary_rows
    out = []
    for fb, row in zip(report.raters, summary_rows(report, pdf_names(report))):
        entry = {key: (None if value == "" else value) for key, value in zip(SUMMARY_COLUMNS, row)}
        entry["clearest_disagreements"] = [
            {"subject": d.subject_id, "rating": d.rating, "panel_class": d.panel_class,
             "panel_probability": d.panel_probability} for d in fb.disagreements]
        out.append(entry)
    return out
