"""``tapdesk report DATA --model tap --model per-rater --coefficients --out report.pdf``.

Fits every chosen model and analysis on the data, builds one report (Qt-free)
and writes it as PDF with Qt's own writer, or as an editable OpenDocument
text (ODT), Word (DOCX) or HTML file, offscreen when there is no display.
Optionally writes every plot as PNG at a chosen size and every table as CSV and XLSX.
"""

from __future__ import annotations

import argparse
import shlex

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_sign_argument,
    models_epilog,
    print_outcome,
)
from tapdesk.cli.explain_args import add_explain_arguments
from tapdesk.engine import FitRequest, model_names
from tapdesk.engine.analyses import ANALYSES
from tapdesk.engine.request import METHODS
from tapdesk.i18n import _
from tapdesk.library.report import FORMATS, analysis_names, outcome, output_format
from tapdesk.library.settings import ReportSettings

SIDE_OUTPUTS = ("png_dir", "png_size", "tables_dir")
"""Options that write files beside the report but do not change it (left out of its command)."""


def add_parser(sub) -> None:
    parser = sub.add_parser("report", help=_("write a report (PDF, ODT, DOCX or HTML; plus PNG plots, "
                                             "CSV/XLSX tables)"),
                            description=_("Fit one or several models and analyses and write one "
                                          "report a committee can read: conclusion, key numbers, "
                                          "provenance, each analysis with its tables and plots, "
                                          "warnings, limitations, method notes, glossary and "
                                          "appendices. --model also accepts the two analyses "
                                          "listed below."),
                            epilog=models_epilog(tuple((a.name, a.title) for a in ANALYSES)))
    add_data_arguments(parser)
    for action in parser._actions:          # in a report, --ordinal also adds the analysis
        if action.dest == "ordinal" and "--ordinal" in action.option_strings:
            action.help = _("treat the categories as ordered and add the ordinal analysis "
                            "(t-a-p at every cut point) to the report")
    parser.add_argument("--model", action="append", metavar="MODEL",
                        choices=model_names() + analysis_names(),
                        help=_("model to fit, or an analysis; repeat for several analyses in one "
                               "report (default: tap; all are listed below)"))
    parser.add_argument("--coefficients", action="store_true",
                        help=_("add the classical agreement coefficients on all categories"))
    add_class_arguments(parser)
    add_explain_arguments(parser)
    parser.add_argument("--pooled", action="store_true",
                        help=_("with --model per-rater --method mcmc: pool each rater toward the "
                               "panel (partial pooling; with --rater-attribute, toward raters like "
                               "them) (default: each rater on their own)"))
    parser.add_argument("--method", default="mle", choices=METHODS,
                        help=_("for every model: mle = maximum likelihood; exact = Bayesian "
                               "(exact); mcmc = Bayesian (simulation) (default: mle)"))
    parser.add_argument("--bootstrap", type=int, default=0, metavar="N",
                        help=_("bootstrap resamples for intervals (default 0: none)"))
    parser.add_argument("--seed", type=int, default=FitRequest.seed, help=_("random seed"))
    parser.add_argument("--starts", type=int, default=FitRequest.n_starts,
                        help=_("optimisation starts (the best is kept)"))
    parser.add_argument("--chains", type=int, default=FitRequest.chains, help=_("MCMC chains"))
    parser.add_argument("--draws", type=int, default=FitRequest.draws, help=_("MCMC draws per chain"))
    parser.add_argument("--warmup", type=int, default=FitRequest.warmup, help=_("MCMC warm-up draws"))
    add_level_argument(parser)
    text = parser.add_argument_group(_("report text"))
    text.add_argument("--title", default="", help=_("report title (default: Rater agreement report)"))
    text.add_argument("--author", default="", help=_("who prepared it: a person or a committee "
                                                     "(default: nobody named)"))
    text.add_argument("--note", default="", help=_("free text printed on page one (default: none)"))
    add_sign_argument(text)
    out = parser.add_argument_group(_("output"))
    out.add_argument("--out", help=_("file to write (default report.pdf, or report.odt / "
                                     "report.docx / report.html with --format)"))
    out.add_argument("--format", choices=FORMATS,
                     help=_("pdf, odt (editable OpenDocument text), docx (Word) or html "
                            "(default: from the --out file name, else pdf)"))
    out.add_argument("--page-size", default="A4", choices=("A4", "Letter"),
                     help=_("paper size (PDF and DOCX)"))
    out.add_argument(
        "--png-dir", metavar="DIR", help=_("also write every plot as PNG here (default: no PNG files)")
    )
    out.add_argument("--png-size", default="1200x800", metavar="WxH",
                     help=_("PNG size in pixels (default 1200x800)"))
    out.add_argument("--tables-dir", metavar="DIR",
                     help=_("also write every table as CSV, and all of them in tables.xlsx, here "
                            "(default: no table files)"))
    out.add_argument("--no-coefficients", action="store_true",
                     help=_("leave the classical coefficients beside the models out"))
    out.add_argument("--json", action="store_true", help=_("print the written files as JSON"))
    add_plan_arguments(parser)
    parser.set_defaults(run=run, report_parser=parser)


def add_plan_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(_("study plan (a 'Plan' section, from the fit's estimates)"))
    group.add_argument("--plan", action="store_true",
                       help=_("add a plan for the next study (see tapdesk plan)"))
    group.add_argument("--plan-raters", default="2,3,5,8", metavar="LIST",
                       help=_("raters per subject to try (default 2,3,5,8)"))
    group.add_argument("--plan-subjects", default="50,100,200,400", metavar="LIST",
                       help=_("numbers of subjects to try (default 50,100,200,400; a target "
                              "search starts from their middle)"))
    group.add_argument("--plan-sims", type=int, default=200, metavar="N",
                       help=_("simulated studies per design (default 200)"))
    group.add_argument("--plan-versus", type=float, metavar="A",
                       help=_("the accuracy to tell a apart from: the plan adds the chance that "
                              "the interval for a excludes A (default: none)"))
    group.add_argument("--plan-target-width", type=float, metavar="W",
                       help=_("instead of the grid, the subjects each number of raters needs for "
                              "the median interval to be at most W wide (implies --plan; default: "
                              "none)"))
    group.add_argument("--plan-for", choices=("a", "t", "p"),
                       help=_("the parameter whose interval --plan-target-width is about "
                              "(default a)"))
    group.add_argument("--plan-target-power", type=float, metavar="P",
                       help=_("instead of the grid, the subjects each number of raters needs for a "
                              "chance of at least P that the interval for a excludes --plan-versus "
                              "(implies --plan; default: none)"))


def command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this report: every option that differs from its default
    (except those that only write files beside it)."""
    words = ["tapdesk", "report", args.data, *language_words()]
    done = {"help", "json", "report_parser", "run", "out", *SIDE_OUTPUTS}
    for action in args.report_parser._actions:
        if not action.option_strings or action.dest in done:
            continue
        value = getattr(args, action.dest, None)
        if value == action.default and action.dest != "seed":   # the seed is always written
            continue
        done.add(action.dest)
        flag = action.option_strings[0]
        if isinstance(action, argparse.BooleanOptionalAction):
            words.append(flag if value else f"--no-{flag[2:]}")
        elif action.nargs == 0:              # store_true / store_false / store_const
            if getattr(action, "const", None) == value:
                words.append(flag)
        elif isinstance(value, list):
            for item in value:
                words += [flag, str(item)]
        else:
            words += [flag, str(value)]
    return shlex.join(words + ["--out", output_format(args)[1]])


def language_words() -> list[str]:
    """``--language CODE`` when the report is written in another language than English (the
    command then writes the same report whatever the reader's LANG), else nothing."""
    from tapdesk.cli.language import OPTION
    from tapdesk.i18n import SOURCE, current_language
    code = current_language()
    return [] if code == SOURCE else [OPTION, code]


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(ReportSettings.of(args, command=command_line(args))))
