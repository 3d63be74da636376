"""``tapdesk fit DATA --model ...``: maximum-likelihood fit of one model."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_paragraph_argument,
    decimal_text,
    models_epilog,
    print_outcome,
)
from tapdesk.cli.explain_args import add_explain_arguments
from tapdesk.engine import FitRequest, model_names
from tapdesk.engine.subjects.estimate import REVIEW_BELOW
from tapdesk.i18n import _
from tapdesk.library.fit import outcome
from tapdesk.library.settings import FitSettings


def add_parser(sub) -> None:
    parser = sub.add_parser("fit", help=_("fit a rater model by maximum likelihood"),
                            description=_("Fit a t-a-p family model (or a comparison model) by "
                                          "maximum likelihood and print the result: plain sentences "
                                          "first, then the estimates with their intervals (95% "
                                          "unless --level says otherwise), then the "
                                          "details (--json for everything)."),
                            epilog=models_epilog())
    add_data_arguments(parser)
    parser.add_argument("--model", default="tap", choices=model_names(), metavar="MODEL",
                        help=_("model to fit (listed below)"))
    add_class_arguments(parser)
    add_explain_arguments(parser)
    parser.add_argument("--bootstrap", type=int, default=0, metavar="N",
                        help=_("nonparametric bootstrap resamples for intervals (default 0: none)"))
    parser.add_argument("--seed", type=int, default=FitRequest.seed,
                        help=_("random seed (bootstrap and random starts)"))
    parser.add_argument("--starts", type=int, default=FitRequest.n_starts,
                        help=_("optimisation starts (the best is kept)"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_paragraph_argument(parser)
    labels = parser.add_argument_group(_("labels out (latent-class models)"))
    labels.add_argument("--subjects-out", metavar="FILE",
                        help=_("write each subject's probability of each class, its most likely "
                               "class, the majority vote and a review flag to FILE (.csv, or "
                               ".parquet when the optional pyarrow is installed) (default: none "
                               "written)"))
    labels.add_argument("--review-below", type=float, default=REVIEW_BELOW, metavar="P",
                        # Translators: {default} is a probability ("0.8", "0,8").
                        help=_("a subject needs review when its most likely class is less "
                               "probable than P (default {default}) or the majority vote "
                               "differs").format(default=decimal_text(REVIEW_BELOW)))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(FitSettings.of(args)))
