"""``tapdesk agreement DATA``: every classical agreement coefficient with SE, CI and method."""

from __future__ import annotations

import argparse

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_paragraph_argument,
    print_outcome,
)
from tapdesk.engine.coefficients.api import DEFAULT_SEED
from tapdesk.engine.request import COEFFICIENT_BOOTSTRAP
from tapdesk.i18n import _
from tapdesk.library.agreement import outcome
from tapdesk.library.settings import AgreementSettings


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


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(AgreementSettings.of(args)))
