"""``tapdesk agreement DATA``: every classical agreement coefficient with SE, CI and method."""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_paragraph_argument,
    load_dataset,
)
from tapdesk.cli.outcome import Outcome, paragraph_outcome, print_outcome
from tapdesk.data.binary import ClassChoice, choose_class1, ratings_per_category
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.coefficients.api import DEFAULT_SEED
from tapdesk.engine.request import COEFFICIENT_BOOTSTRAP
from tapdesk.engine.story.paragraph import coefficients_paragraph
from tapdesk.errors import DataError, SettingError
from tapdesk.i18n import _


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "agreement", help=_("classical agreement coefficients (kappas, alpha, AC1 ...)"),
        description=_("Percent agreement, Fleiss', Conger's and Cohen's kappa, Scott's pi, "
                      "Krippendorff's alpha, Gwet's AC1/AC2, Brennan-Prediger and PABAK with the "
                      "prevalence and bias indices (two classes: choose Class 1 with --class1 or "
                      "--cut), each with a standard error, an interval (95% unless --level says "
                      "otherwise) and the method used. The bias index says whether raters differ "
                      "in how often they say Class 1: for two raters it is the first rater's "
                      "Class-1 rate minus the second's, with an interval; for more raters it is "
                      "the average gap between two raters' Class-1 rates, shown without an "
                      "interval (a gap is never below 0, so an interval would leave out 0 too "
                      "often), and a test of equal rates (Cochran's Q, p from reshuffling each "
                      "subject's ratings) says whether they differ."))
    add_data_arguments(parser)
    add_class_arguments(parser)
    parser.add_argument("--weights", choices=("linear", "quadratic"),
                        help=_("also report weighted coefficients (ordered scales) (default: "
                               "unweighted only)"))
    parser.add_argument("--weight-matrix", metavar="CSV",
                        help=_("also report weighted coefficients with this K x K agreement matrix "
                               "(numbers only, rows and columns in scale order) (default: none)"))
    parser.add_argument("--keep-unused", action=argparse.BooleanOptionalAction, default=None,
                        help=_("keep categories nobody used (default: yes when --categories is given)"))
    parser.add_argument("--bootstrap", type=int, default=COEFFICIENT_BOOTSTRAP, metavar="N",
                        help=_("bootstrap resamples over subjects where no analytic SE exists "
                               "(Krippendorff's alpha); default 1000, 0 = off"))
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=_("random seed"))
    add_level_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_paragraph_argument(parser)
    parser.set_defaults(run=run)


def _read_matrix(path: str) -> np.ndarray:
    try:
        frame = pd.read_csv(path, header=None, sep=None, engine="python")
        return frame.to_numpy(dtype=float)
    except (OSError, ValueError, pd.errors.ParserError) as exc:
        # Translators: {problem} is what went wrong reading the file (in English, from Python).
        raise DataError(_("cannot read the weight matrix ({problem}); it must hold K rows of K "
                          "numbers, no header").format(problem=exc), file=path) from None


def _split(args: argparse.Namespace, table) -> ClassChoice | None:
    """The Class 1 / Class 0 split asked for with --class1 or --cut (None: the whole scale)."""
    if not args.class1 and args.cut is None:
        return None
    return choose_class1(table.scale, tuple(args.class1) if args.class1 else None, args.cut,
                         counts=ratings_per_category(table))


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """The coefficients, their JSON and their text (or the paragraph)."""
    if args.weights and args.weight_matrix:
        raise SettingError(_("give either --weights or --weight-matrix, not both"))
    if args.bootstrap < 0:
        raise SettingError(_("--bootstrap must be 0 or more"))
    dataset = load_dataset(args)
    table = dataset.table     # --categories (shared import flag) declares the scale
    weights = _read_matrix(args.weight_matrix) if args.weight_matrix else args.weights
    result = agreement_coefficients(table, weights=weights, keep_unused=args.keep_unused,
                                    bootstrap=args.bootstrap, seed=args.seed, level=args.level,
                                    split=_split(args, table))
    if args.paragraph:
        return paragraph_outcome(args, result,
                                 coefficients_paragraph(result, table, args.level, args.seed),
                                 result.to_dict(), dataset)
    return Outcome(result, result.to_dict(), result.as_text() + "\n", dataset)
