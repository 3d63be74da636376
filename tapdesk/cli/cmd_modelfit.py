"""``tapdesk modelfit DATA``: observed versus expected counts, G^2 and likelihood-ratio tests."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    print_outcome,
)
from tapdesk.engine import FitRequest
from tapdesk.i18n import _
from tapdesk.library.modelfit import outcome
from tapdesk.library.settings import ModelfitSettings


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "modelfit", help=_("check how well t-a-p, the expert model and a = 0 fit the counts"),
        description=_("For each number of raters, compare the observed number of subjects with k "
                      "Class-1 ratings with what the fitted t-a-p, expert (t = p) and a = 0 (no "
                      "agreement) models expect; G^2 goodness of fit with parametric-bootstrap "
                      "p-values; likelihood-ratio tests between the nested models."))
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--bootstrap", type=int, default=200, metavar="N",
                        help=_("parametric bootstrap resamples for the G^2 p-values (default 200; "
                               "0 = no p-values)"))
    parser.add_argument("--seed", type=int, default=FitRequest.seed, help=_("random seed"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(ModelfitSettings.of(args)))
