"""``tapdesk examples [--copy DIR]``: list the real example data shipped with TapDesk, or copy
them into a folder so the README's commands work right after installing."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import print_outcome
from tapdesk.i18n import _
from tapdesk.library.examples import outcome
from tapdesk.library.settings import ExamplesSettings


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "examples", help=_("list the example data sets shipped with TapDesk, or copy them out"),
        description=_("TapDesk ships two real data sets from the tapModel R package (GPL-3): the "
                      "wine-judging data and a PTSD questionnaire; and a simulated writing "
                      "assessment with students' years and instructors' ages, to try the "
                      "explanatory models. Without options this lists "
                      "them with the command that analyses each; --copy DIR writes the files (and "
                      "their provenance) into DIR."))
    parser.add_argument("--copy", metavar="DIR",
                        help=_("write the example files and PROVENANCE.md into DIR (default: only "
                               "list them)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(ExamplesSettings.of(args)))
