"""``tapdesk pack DATA [class options] --title TITLE --out DIR [--zip]``: a committee pack.

One folder (or one zip) holding what a committee meeting needs, all under the same title
(:func:`tapdesk.render.pack.write_pack`, which File > Committee pack uses too). The analysis is
the per-rater t-a-p model, which gives both the feedback and each subject's probabilities.
"""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_sign_argument,
    print_outcome,
)
from tapdesk.i18n import _
from tapdesk.library.pack import outcome
from tapdesk.library.settings import PackSettings
from tapdesk.render.pack import DEFAULT_TITLE


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "pack", help=_("write a committee pack: report, feedback sheets, subjects to review"),
        description=_("Fit the per-rater model and write, under one title, the report (PDF), "
                      "every rater's feedback sheet, the list of subjects to review (CSV) and a "
                      "README.txt listing them, into one folder or one zip."))
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--title", default="",
                        # Translators: {title} is the pack's default title.
                        help=_("title of the pack, on every file (default: {title})").format(
                            title=_(DEFAULT_TITLE)))
    parser.add_argument("--author", default="", help=_("who prepared the pack"))
    add_sign_argument(parser)
    parser.add_argument("--out", required=True, metavar="DIR",
                        help=_("folder for the pack (created if needed)"))
    parser.add_argument("--zip", action="store_true",
                        help=_("also put the pack into DIR.zip (one file to send)"))
    parser.add_argument("--seed", type=int, default=20261121, help=_("random seed of the fit"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print the files written as JSON"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(PackSettings.of(args)))
