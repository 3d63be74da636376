"""``tapdesk rater-check DATA --rater NAME --margin 0.10``: is this rater good enough?"""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    print_outcome,
)
from tapdesk.engine.raters.check import RaterCheckRequest
from tapdesk.i18n import _
from tapdesk.library.rater_check import outcome
from tapdesk.library.settings import RaterCheckSettings
from tapdesk.library.values import margin_value

HELP = "is a rater's accuracy at least the rest of the panel's minus a margin?"


def add_parser(sub) -> None:
    parser = sub.add_parser("rater-check", help=HELP,
                            description=_("Fit the per-rater t-a-p model to the whole panel and "
                                          "compare one rater's accuracy with the rest of the "
                                          "panel's (the other raters' accuracies weighted by "
                                          "their number of ratings, as the per-rater fit's "
                                          "comparisons weigh them). The verdict is "
                                          "'superior' (the whole interval for the difference is "
                                          "above 0), 'non-inferior' (its lower end is above "
                                          "-margin), 'inferior' (its upper end is below -margin) "
                                          "or 'undecided'. The interval is two-sided at --level, "
                                          "so the test is one-sided at (1 + level) / 2; where the "
                                          "interval comes near a verdict, that test is "
                                          "calibrated by simulating studies like this one."))
    add_data_arguments(parser)
    parser.add_argument("--rater", required=True, metavar="NAME",
                        help=_("the rater to check, as named in the data"))
    parser.add_argument("--margin", type=margin_value, default=RaterCheckRequest.margin, metavar="M",
                        help=_("allowed shortfall in accuracy: 0.10 (or 10%%) lets the rater be up "
                               "to 10 points less accurate than the panel"))
    add_class_arguments(parser)
    add_level_argument(parser)
    parser.add_argument("--seed", type=int, default=RaterCheckRequest.seed,
                        help=_("random seed of the per-rater fit's starts"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(RaterCheckSettings.of(args)))
