"""``tapdesk feedback DATA [class options] --out DIR|FILE.pdf|FILE.zip``: a short PDF for every
rater.

Fits the per-rater model t-a_j-p_j and writes, for each rater, one page of
feedback (accuracy with its interval, how their guesses lean, sensitivity,
false-positive rate, agreement with the panel, the subjects to look at
again, and a plain sentence), plus ``feedback_summary.csv`` with one row
per rater: into a folder, into one zip (``--out FILE.zip``), or as one PDF
with a page per rater (``--out FILE.pdf``, without the CSV). On a terminal
it says how far it is; Ctrl+C stops it and leaves no half-written PDF or zip.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    load_dataset,
)
from tapdesk.cli.outcome import Outcome, print_outcome
from tapdesk.i18n import _, ngettext
from tapdesk.i18n.deferred import shown


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "feedback", help=_("write a short feedback PDF for every rater, plus a summary CSV"),
        description=_("Fit the per-rater model and write one page of feedback per rater (what "
                      "their numbers say, in plain and kind words) and feedback_summary.csv."))
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--out", required=True, metavar="DIR|FILE.pdf|FILE.zip",
                        help=_("folder for the PDFs and feedback_summary.csv (created if needed); "
                               "a name ending in .zip: the same in one zip; in .pdf: one PDF with "
                               "a page for each rater"))
    parser.add_argument("--seed", type=int, default=20261121, help=_("random seed of the fit"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help=_("print the files written and every rater's numbers as JSON"))
    parser.set_defaults(run=run)


def command_text(args: argparse.Namespace) -> str:
    """The command that writes these files again (shown in every PDF's footer)."""
    return shlex.join(["tapdesk", "feedback", args.data, *class_words(args), "--out", args.out])


def class_words(args: argparse.Namespace) -> list[str]:
    """The Class-1 choice as the command line gave it (``--cut`` or ``--class1``)."""
    words = [] if args.cut is None else ["--cut", args.cut]
    for label in args.class1 or ():
        words += ["--class1", label]
    return words


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The per-rater fit and the feedback written: the files and every rater's numbers as JSON,
    each rater's sentence and what was written as text."""
    from tapdesk.cli.cmd_report import check_folder
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.render.feedback import feedback_form, write_feedback
    out = Path(args.out)
    form = feedback_form(out)
    check_folder(out if form == "folder" else out.parent)  # fail before the fit, not after it
    dataset = load_dataset(args)
    request = FitRequest(model="per-rater", class1=tuple(args.class1) if args.class1 else None,
                         cut=args.cut, seed=args.seed, level=args.level)
    result = fit(request, dataset.table)
    report = rater_feedback(result, dataset.table)
    written = write_feedback(report, out, command_text(args), ProgressLine(form))
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
