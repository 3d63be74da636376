"""``tapdesk fit DATA --model ...``: maximum-likelihood fit of one model."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_paragraph_argument,
    decimal_text,
    load_dataset,
    load_item_tables,
    models_epilog,
    result_json,
    result_text,
)
from tapdesk.cli.explain_args import add_explain_arguments, explain_settings
from tapdesk.cli.outcome import Outcome, paragraph_outcome, print_outcome
from tapdesk.cli.validity import checks_for, validity_json, validity_text
from tapdesk.engine import FitRequest, fit, model_names
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.engine.subjects.estimate import REVIEW_BELOW
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats, ngettext


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
    return print_outcome(args, outcome(args))


def fit_request(args: argparse.Namespace) -> FitRequest:
    """The FitRequest the arguments ask for."""
    return FitRequest(model=args.model, class1=tuple(args.class1) if args.class1 else None,
                      cut=args.cut, bootstrap=args.bootstrap, seed=args.seed,
                      n_starts=args.starts, level=args.level, **explain_settings(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The fit (each item's with ``--item all``), its JSON and its text."""
    request = fit_request(args)
    if args.item is not None and args.item.lower() == "all":
        if args.subjects_out:
            raise SettingError(_("--subjects-out writes the labels of one item: choose the item "
                                 "to label"), settings=("item",))
        return each_item_outcome(args, request)
    if args.subjects_out:
        from tapdesk.report.labels import check_labels_path, check_review_below
        check_labels_path(args.subjects_out)          # before the fit, not after it
        check_review_below(args.review_below)
    dataset = load_dataset(args)
    table = dataset.table
    result = fit(request, table)
    labels_line = write_subject_labels(args, result, table) if args.subjects_out else ""
    if args.paragraph:
        return paragraph_outcome(args, result, fit_paragraph(result, table),
                                 result_json(result, table), dataset)
    checks = checks_for(dataset, result)
    files = {"subjects_out": str(args.subjects_out)} if args.subjects_out else {}
    return Outcome(result, result_json(result, table) | validity_json(checks) | files,
                   lambda: result_text(result, table) + validity_text(checks) + "\n" + labels_line,
                   dataset)


def write_subject_labels(args: argparse.Namespace, result, table) -> str:
    """``--subjects-out``: the labels file written (:mod:`tapdesk.report.labels`); the line
    that says so."""
    from tapdesk.report.labels import subject_labels, write_labels
    labels = subject_labels(result, table, args.review_below)
    if labels is None:
        # Translators: {model} is a model's name as --model takes it; the names in brackets too.
        raise SettingError(_("the model {model} gives no probability of each subject's class, "
                             "so there are no labels to write: fit a latent-class model (tap, "
                             "per-rater, categorical, dawid-skene or mace)").format(
                                 model=formats.quoted(result.model)), settings=("subjects_out",))
    path = write_labels(labels, args.subjects_out)
    # Translators: {n} is a number of subjects, {path} a file, {review} how many need review.
    # (English says "subjects" for one too, as it always has: translate each form.)
    return "\n" + ngettext("Wrote the labels of {n} subjects to {path} ({review} need review).",
                           "Wrote the labels of {n} subjects to {path} ({review} need review).",
                           len(labels.rows)).format(n=len(labels.rows), path=path,
                                                    review=labels.n_review) + "\n"


def each_item_outcome(args: argparse.Namespace, request: FitRequest) -> Outcome:
    """``--item all``: the same fit for every item/question, one after another."""
    results = [(item, fit(request, table), table) for item, table in load_item_tables(args)]
    payload = {"level": request.level, "items": {
        str(item): result_json(result, table) | (
            {"paragraph": fit_paragraph(result, table)} if args.paragraph else {})
        for item, result, table in results}}
    text = "".join(
        "##### " + _("Item {item}").format(item=item) + "\n\n"
        f"{fit_paragraph(result, table) if args.paragraph else result_text(result, table)}\n\n"
        for item, result, table in results)
    return Outcome({str(item): result for item, result, _ in results}, payload, text)
