"""``tapdesk plan``: how many raters and subjects the next study needs.

From t, a, p typed in (``--t --a --p``) or estimated from data (``--from
DATA`` with the class options), simulate studies of every design (raters
per subject x subjects), fit each with the t-a-p engine, and report the
expected width of the intervals (``--level``, 95% by default), the power
against ``--versus`` and how often the panel gets a subject's class right,
with the cheapest design that meets each need (``--need-width``,
``--need-power``, ``--need-right``), or that none does.
"""

from __future__ import annotations

import argparse

from tapdesk.cli.common import add_class_arguments, add_import_overrides, print_outcome
from tapdesk.i18n import _
from tapdesk.library.plan import outcome
from tapdesk.library.settings import PlanSettings


def add_parser(sub) -> None:
    parser = sub.add_parser(
        "plan", help=_("plan the next study: interval widths and power for candidate designs"),
        description=_("Simulate studies of every design (raters per subject x subjects) from "
                      "t, a, p, fit each with the t-a-p model and report the typical width of the "
                      "intervals, the chance of showing that accuracy differs from --versus, "
                      "and how often the panel gets a subject's true class right; then advise the "
                      "cheapest design (fewest ratings) that meets each need."))
    truth = parser.add_argument_group(_("the assumed truth (type it in, or estimate it --from data)"))
    truth.add_argument("--t", type=float,
                       help=_("share of subjects truly in Class 1 (no default: give it, or --from)"))
    truth.add_argument("--a", type=float, help=_("rater accuracy (no default: give it, or --from)"))
    truth.add_argument("--p", type=float,
                       help=_("guess rate for Class 1 (no default: give it, or --from)"))
    truth.add_argument("--from", dest="data", metavar="DATA",
                       help=_("estimate t, a, p by fitting the t-a-p model to this ratings file "
                              "(- reads it from standard input) (default: none, t, a and p are "
                              "typed in)"))
    add_class_arguments(parser)
    designs = parser.add_argument_group(_("designs and simulation"))
    designs.add_argument("--raters", default="2,3,5,8", metavar="LIST",
                         help=_("numbers of raters per subject to try (default 2,3,5,8)"))
    designs.add_argument("--subjects", default="50,100,200,400", metavar="LIST",
                         help=_("numbers of subjects to try (default 50,100,200,400)"))
    designs.add_argument("--sims", type=int, default=200,
                         help=_("simulated studies per design (default 200)"))
    designs.add_argument("--seed", type=int, default=1, help=_("random seed (default 1)"))
    designs.add_argument("--versus", type=float, metavar="A",
                         help=_("report the chance that the interval for a excludes A "
                                "(e.g. 0.5: can we show raters are better than half accurate?) "
                                "(default: none, no comparison)"))
    # defaults resolved in run(): importing the engine here would slow every command's start-up
    designs.add_argument("--level", metavar="L",
                         help=_("level of the intervals whose widths and power are reported: "
                                "0.9 or 90%% for 90%% intervals (default 0.95)"))
    designs.add_argument("--workers", type=int, metavar="N",
                         help=_("processes to use (default: one per core)"))
    needs = parser.add_argument_group(_("what the study needs (the advice names the cheapest "
                                        "design that meets it)"))
    needs.add_argument("--need-width", type=float, metavar="W",
                       help=_("largest typical interval width wanted, for t, a and p alike "
                              "(default 0.2)"))
    needs.add_argument("--need-power", type=float, metavar="P",
                       help=_("smallest chance wanted that the interval for a excludes --versus "
                              "(default 0.8)"))
    needs.add_argument("--need-right", type=float, metavar="R",
                       help=_("smallest share of subjects whose true class the panel should get "
                              "right (default 0.9)"))
    needs.add_argument("--need", action="append", default=[], metavar="QUANTITY=VALUE",
                       help=_("the need on one quantity, overriding the three above: width_a, "
                              "width_t, width_p (at most), power, accuracy_model, "
                              "accuracy_majority (at least), e.g. --need width_a=0.1; the answer "
                              "sentence is about the first one given (default: width_a)"))
    needs.add_argument("--subject-cost", type=float, metavar="C", default=0.0,
                       help=_("what one subject costs against one rating: a design of R raters "
                              "x N subjects costs N x (R + C) (default 0: ratings only)"))
    targets = parser.add_argument_group(_("or: how many subjects a target needs (searched for each "
                                          "number of --raters, starting from --subjects)"))
    targets.add_argument("--target-width", type=float, metavar="W",
                         help=_("find the subjects needed for the median interval (at --level) to "
                                "be at most W wide (default: none, report the grid)"))
    targets.add_argument("--for", dest="target_for", choices=("a", "t", "p"),
                         help=_("the parameter whose interval --target-width is about (default a)"))
    targets.add_argument("--target-power", type=float, metavar="P",
                         help=_("find the subjects needed for a chance of at least P that the "
                                "interval for a excludes --versus (default: none)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_import_overrides(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(PlanSettings.of(args)))
