"""``tapdesk ordinal DATA``: t-a-p and Fleiss kappa at every cut point, pairwise sqrt(kappa)."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import add_data_arguments, add_level_argument, print_outcome
from tapdesk.engine import FitRequest
from tapdesk.i18n import _
from tapdesk.library.ordinal import outcome
from tapdesk.library.settings import OrdinalSettings


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "ordinal", help=_("ordinal scale: t-a-p and kappa at every cut point"),
        description=_("For every cut point of an ordered scale (Class 1 = ratings at or below the "
                      "cut), fit the t-a-p model and compute Fleiss kappa; then, for every pair of "
                      "categories, the conditional accuracy sqrt(kappa) using only the ratings in "
                      "that pair."))
    add_data_arguments(parser)
    parser.add_argument("--bootstrap", type=int, default=0, metavar="N",
                        help=_("nonparametric bootstrap resamples for intervals (default 0: none)"))
    parser.add_argument("--seed", type=int, default=FitRequest.seed, help=_("random seed"))
    parser.add_argument("--starts", type=int, default=FitRequest.n_starts,
                        help=_("optimisation starts per cut point (the best is kept)"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(OrdinalSettings.of(args)))
