"""``tapdesk ordinal DATA``: t-a-p and Fleiss kappa at every cut point, pairwise sqrt(kappa)."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import add_data_arguments, add_level_argument, load_dataset
from tapdesk.cli.outcome import Outcome, print_outcome
from tapdesk.engine import FitRequest
from tapdesk.engine.binary.ordinal import ordinal_analysis
from tapdesk.engine.categorical.ordinal import ordinal_side_by_side
from tapdesk.engine.results import table_text
from tapdesk.i18n import _


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
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The analysis at every cut point beside the K-category fit, their JSON and text."""
    dataset = load_dataset(args)
    template = FitRequest(model="tap", bootstrap=args.bootstrap, seed=args.seed,
                          n_starts=args.starts, level=args.level)
    result = ordinal_analysis(dataset.table, template)
    side_by_side = ordinal_side_by_side(dataset.table, template)    # issue 3: K-category beside cuts
    payload = result.to_dict()
    payload["k_category_side_by_side"] = {
        "columns": list(side_by_side.columns), "rows": [list(r) for r in side_by_side.rows],
        "note": side_by_side.note}
    return Outcome(result, payload,
                   result.as_text() + "\n\n" + "\n".join(table_text(side_by_side)) + "\n",
                   dataset, {"side_by_side": side_by_side})
