"""``tapdesk feedback DATA [class options] --out DIR``: a short PDF for every rater.

Fits the per-rater model t-a_j-p_j and writes, for each rater, one page of
feedback (accuracy with its interval, how their guesses lean, sensitivity,
false-positive rate, agreement with the panel, the subjects to look at
again, and a plain sentence), plus ``feedback_summary.csv`` with one row
per rater.
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
    print_json,
)


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "feedback", help="write a short feedback PDF for every rater, plus a summary CSV",
        description="Fit the per-rater model and write one page of feedback per rater (what "
                    "their numbers say, in plain and kind words) and feedback_summary.csv.")
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="folder for the PDFs and feedback_summary.csv (created if needed)")
    parser.add_argument("--seed", type=int, default=20261121, help="random seed of the fit")
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help="print the files written and every rater's numbers as JSON")
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
    from tapdesk.cli.cmd_report import check_folder
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.story.feedback import rater_feedback
    check_folder(Path(args.out))               # fail before the fit, not after it
    dataset = load_dataset(args)
    request = FitRequest(model="per-rater", class1=tuple(args.class1) if args.class1 else None,
                         cut=args.cut, seed=args.seed, level=args.level)
    result = fit(request, dataset.table)
    report = rater_feedback(result, dataset.table)
    from tapdesk.render.feedback import write_feedback_files
    written = write_feedback_files(report, args.out, command_text(args))
    if args.json:
        print_json({"level": report.level, "files": [str(p) for p in written],
                    "raters": feedback_json(report)})
        return 0
    for fb in report.raters:
        sys.stdout.write(f"{fb.sentence}\n")
    sys.stdout.write(f"\nWrote {len(written) - 1} feedback PDFs and {written[-1].name} to "
                     f"{Path(args.out).resolve()}\n")
    return 0


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
