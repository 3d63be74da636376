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

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    print_outcome,
)
from tapdesk.i18n import _
from tapdesk.library.feedback import outcome
from tapdesk.library.settings import FeedbackSettings


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


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(FeedbackSettings.of(args)))
