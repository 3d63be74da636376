"""``tapdesk posterior DATA --model ...``: Bayesian posterior (exact grid or MCMC)."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_paragraph_argument,
    models_epilog,
    print_outcome,
)
from tapdesk.cli.explain_args import add_explain_arguments
from tapdesk.engine import FitRequest, model_names
from tapdesk.i18n import _
from tapdesk.library.posterior import outcome
from tapdesk.library.settings import PosteriorSettings


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "posterior",
        help=_("Bayesian posterior of a rater model (exact or MCMC)"),
        description=_("Posterior distributions of a t-a-p family model: means, quantiles, 95% "
          "credible intervals (highest-density; --level for another level), modes and "
          "convergence diagnostics. "
          "Priors are uniform unless set with --prior."),
        epilog=models_epilog(),
    )
    add_data_arguments(parser)
    parser.add_argument("--model", default="tap", choices=model_names(), metavar="MODEL",
                        help=_("model to fit (listed below)"))
    add_class_arguments(parser)
    parser.add_argument("--method", choices=("exact", "mcmc"), default=None,
                        help=_("exact (numerical integration; t-a-p, expert and ridge models) or MCMC "
                               "sampling "
                               "(default: exact where available, else mcmc)"))
    parser.add_argument("--chains", type=int, default=FitRequest.chains, help=_("sampler chains"))
    parser.add_argument("--draws", type=int, default=FitRequest.draws,
                        help=_("kept draws per chain"))
    parser.add_argument("--warmup", type=int, default=FitRequest.warmup,
                        help=_("warm-up (adaptation) iterations per chain"))
    parser.add_argument("--seed", type=int, default=FitRequest.seed, help=_("random seed"))
    parser.add_argument(
        "--prior",
        action="append",
        default=[],
        metavar="NAME=ALPHA,BETA",
        help=_("Beta prior for a parameter, e.g. a=2,2 (repeatable; Dirichlet "
          "concentration ALPHA for vector parameters) (default: uniform, "
          "Beta(1, 1))"),
    )
    parser.add_argument("--pooled", action="store_true",
                        help=_("partial pooling (per-rater model, mcmc): every rater's accuracy and "
                               "guess rate drawn toward the panel's, the more the fewer ratings "
                               "the rater gave; shown beside each rater's own-ratings-only estimate "
                               "(default: no pooling)"))
    parser.add_argument("--draws-out", metavar="FILE.csv",
                        help=_("write the draws to a CSV file (default: not written)"))
    add_explain_arguments(parser, groups=False)       # --rater-attribute: with --pooled
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_paragraph_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(PosteriorSettings.of(args)))
