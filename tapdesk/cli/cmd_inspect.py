"""``tapdesk inspect DATA``: show how a file is read (layout, mapping, summary, and which
importer rule left out or kept each row and column), optionally export the cleaned ratings
as a long CSV that imports back to the same table."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import add_data_arguments, print_outcome
from tapdesk.i18n import _
from tapdesk.library.inspect import outcome
from tapdesk.library.settings import InspectSettings


def add_parser(sub) -> None:
    parser = sub.add_parser("inspect", help=_("show how a data file is read, before analysing it"),
                            description=_("Detect the layout of a ratings file, show the column "
                                          "mapping and an import summary (subjects, raters, "
                                          "categories, missing cells, exclusions). Every choice "
                                          "can be overridden with the import flags below."))
    add_data_arguments(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--export", metavar="FILE.csv",
                        help=_("write the cleaned ratings as a long CSV (subject, rater, [item,] "
                               "rating); never over the input file (default: no export)"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(InspectSettings.of(args)))
