"""``tapdesk posterior DATA --model ...``: Bayesian posterior (exact grid or MCMC)."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_paragraph_argument,
    load_dataset,
    models_epilog,
    result_json,
    result_text,
)
from tapdesk.cli.explain_args import add_explain_arguments, explain_settings
from tapdesk.cli.outcome import Outcome, paragraph_outcome, print_outcome
from tapdesk.engine import FitRequest, fit, model_names
from tapdesk.engine.request import Prior
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats


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


def parse_prior(text: str) -> Prior:
    try:
        name, values = text.split("=", 1)
        parts = [float(v) for v in values.split(",")]
        alpha, beta = (parts[0], parts[1]) if len(parts) == 2 else (parts[0], 1.0)
        if len(parts) not in (1, 2):
            raise ValueError
    except ValueError:
        # Translators: {text} is what the user typed after --prior.
        raise SettingError(_("--prior {text}: write NAME=ALPHA,BETA, e.g. a=2,2").format(
            text=formats.quoted(text))) from None
    return Prior(name.strip(), alpha, beta)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The posterior, its JSON and its text (or the paragraph); the draws written with
    ``--draws-out``."""
    from tapdesk.engine.registry import get_model
    method = args.method or ("exact" if "exact" in get_model(args.model).methods and
                             not args.pooled else "mcmc")
    if args.rater_attributes and not args.pooled:
        raise SettingError(_("--rater-attribute needs --pooled here: a Bayesian per-rater fit "
                             "takes rater attributes through the panel's pooled accuracy (or use "
                             "tapdesk fit for maximum likelihood)"))
    dataset = load_dataset(args)
    request = FitRequest(model=args.model, class1=tuple(args.class1) if args.class1 else None,
                         cut=args.cut, method=method, chains=args.chains, draws=args.draws,
                         warmup=args.warmup, seed=args.seed,
                         priors=tuple(parse_prior(p) for p in args.prior), level=args.level,
                         pooled=args.pooled, rater_attributes=tuple(args.rater_attributes),
                         effect_at=explain_settings(args)["effect_at"])
    result = fit(request, dataset.table)
    if args.draws_out:
        result.posterior.write_draws_csv(args.draws_out)
    if args.paragraph:
        return paragraph_outcome(args, result, fit_paragraph(result, dataset.table),
                                 result_json(result, dataset.table), dataset)
    lines = [result_text(result, dataset.table)]      # its posterior table's note holds the verdict
    if args.draws_out:
        # Translators: after the posterior's table; {path} is the CSV file the draws went to.
        lines.append(_("Draws written to {path}").format(path=args.draws_out))
    return Outcome(result, result_json(result, dataset.table), "\n".join(lines) + "\n", dataset)
