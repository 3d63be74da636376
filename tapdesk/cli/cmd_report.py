"""``tapdesk report DATA --model tap --model per-rater --coefficients --out report.pdf``.

Fits every chosen model and analysis on the data, builds one report (Qt-free)
and writes it as PDF with Qt's own writer, or as an editable OpenDocument
text (ODT), Word (DOCX) or HTML file, offscreen when there is no display.
Optionally writes every plot as PNG at a chosen size and every table as CSV and XLSX.
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tapdesk.cli.common import (
    add_class_arguments,
    add_data_arguments,
    add_level_argument,
    add_sign_argument,
    load_dataset,
    models_epilog,
)
from tapdesk.cli.explain_args import add_explain_arguments, explain_settings
from tapdesk.cli.outcome import Outcome, print_outcome
from tapdesk.engine import FitRequest, fit, model_names
from tapdesk.engine.analyses import ANALYSES, COEFFICIENTS_MODEL, ORDINAL_MODEL, get_analysis
from tapdesk.engine.request import METHODS
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats, ngettext
from tapdesk.i18n.deferred import shown

FORMATS = ("pdf", "odt", "docx", "html")
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


def plan_target(args: argparse.Namespace):  # -> Target | None
    """The target of --plan-target-width/--plan-target-power, checked before any fit runs."""
    from tapdesk.cli.cmd_plan import make_target
    target = make_target(args.plan_target_width, args.plan_target_power, args.plan_for,
                         "--plan-")
    if target is not None and target.kind == "power" and args.plan_versus is None:
        raise SettingError(_("--plan-target-power needs --plan-versus (the accuracy to tell a "
                             "apart from)"))
    return target


def study_plan(args: argparse.Namespace, results: list, target=None):
    """The plan for the report's "Plan" section, from the t, a, p of the first analysis that
    has them: a PlanResult, or for a ``target`` (:func:`plan_target`) a TargetResult (None
    without --plan or a target)."""
    if not (args.plan or target is not None):
        return None
    from tapdesk.engine.planning import PlanRequest, find_subjects, parse_counts, plan
    from tapdesk.engine.planning.request import estimates_from_fit
    found = [(r, estimates_from_fit(r)) for r in results]
    result, truth = next(((r, t) for r, t in found if t is not None), (results[0], None))
    if truth is None:
        raise SettingError(_("--plan needs a two-class model with t, a and p (such as --model tap)"))
    request = PlanRequest(*truth, parse_counts(args.plan_raters, "--plan-raters"),
                          parse_counts(args.plan_subjects, "--plan-subjects"),
                          sims=args.plan_sims, seed=args.seed, level=args.level,
                          versus=args.plan_versus,
                          source=report_source(result))
    return plan(request) if target is None else find_subjects(request, target)


def report_source(result: Any) -> Any:
    """Where the report's plan takes t, a and p from, made in the language it is shown in (a
    :class:`~tapdesk.i18n.text.Text`)."""
    from tapdesk.i18n import N_
    from tapdesk.i18n.text import Text, text
    # A title made from a template (an explained fit's: "..., class share by 'year'") is made
    # again in the language shown; a model's own title is the catalog's.
    title = result.title if hasattr(result.title, "shown") else Text(result.title)
    # Translators: where a plan's assumed t, a and p come from (inside the brackets of the plan's
    # notes in a report); {fit} is the fit's name ("t-a-p (average rater)").
    return text(N_("the estimates of this report's {fit} fit"), fit=title)


def png_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        # Translators: {text} is what the user typed.
        raise SettingError(_("--png-size must look like 1200x800, not {text}").format(
            text=formats.quoted(text))) from None
    if not (100 <= width <= 10000 and 100 <= height <= 10000):
        raise SettingError(_("--png-size: width and height must be between 100 and 10000 pixels"))
    return width, height


def output_format(args: argparse.Namespace) -> tuple[str, str]:
    """(format, output path): the format named, else the one the file name says, else pdf."""
    suffix = Path(args.out).suffix.lower().lstrip(".") if args.out else ""
    if suffix == "htm":
        suffix = "html"
    fmt = args.format or (suffix if suffix in FORMATS else "pdf")
    if args.format and args.out and suffix in FORMATS and suffix != args.format:
        # Translators: {format} is a format ("odt"); {file} the file name given.
        raise SettingError(_("--format {format} does not match the file name {file}; name the "
                             "file .{format} or leave --format out").format(format=args.format,
                                                                            file=args.out))
    return fmt, args.out or f"report.{fmt}"


def check_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # Translators: {folder} is a folder; {problem} the system's reason (in English).
        raise SettingError(_("cannot create the output folder {folder}: {problem}").format(
            folder=folder, problem=exc.strerror or exc)) from None
    if not os.access(folder, os.W_OK):
        # Translators: {folder} is a folder.
        raise SettingError(_("the output folder {folder} is not writable").format(folder=folder))


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


def analysis_names() -> tuple[str, ...]:
    return tuple(a.name for a in ANALYSES)


def chosen(args: argparse.Namespace) -> list[str]:
    """The analyses in report order: the models as given, then the ordinal analysis, then the
    classical coefficients (each once)."""
    names = list(args.model or ())
    if args.ordinal:
        names.append(ORDINAL_MODEL)
    if args.coefficients:
        names.append(COEFFICIENTS_MODEL)
    names = list(dict.fromkeys(names))
    return names or ["tap"]


def run_analyses(args: argparse.Namespace, table,
                 fitted: Callable[[list], None] | None = None) -> list:
    """Every chosen analysis fitted, in report order; ``fitted`` (optional) is called with the
    results so far after each but the last."""
    results: list = []
    names = chosen(args)
    for name in names:
        if fitted is not None and results:
            fitted(results)
        request = FitRequest(model=name, class1=tuple(args.class1) if args.class1 else None,
                             cut=args.cut, method=args.method, bootstrap=args.bootstrap,
                             seed=args.seed, n_starts=args.starts, chains=args.chains,
                             draws=args.draws, warmup=args.warmup, level=args.level,
                             **({} if get_analysis(name) else explain_settings(args)))
        analysis = get_analysis(name)
        if analysis is None:
            results.append(fit(request, table))
            continue
        why_not = analysis.unavailable(table)
        if why_not:
            flag = "--ordinal" if name == ORDINAL_MODEL else f"--model {name}"
            # Translators: {option} is the option typed ("--ordinal"); {analysis} an analysis's
            # name; {why} what it needs that the data lack ("needs an ordered scale ...").
            raise SettingError(_("{option}: {analysis} {why}.").format(
                option=flag, analysis=_(analysis.title), why=shown(why_not)))
        results.append(analysis.run(request, table))
    return results


def run(args: argparse.Namespace) -> int:
    return print_outcome(args, outcome(args))


def outcome(args: argparse.Namespace) -> Outcome:
    """Every analysis fitted and the report written: the files as JSON, where as text (the
    results, in report order, are the outcome's result)."""
    size = png_size(args.png_size)
    fmt, out = output_format(args)
    target = plan_target(args)
    for folder in (Path(out).parent, args.png_dir, args.tables_dir):
        if folder is not None:
            check_folder(Path(folder))      # fail before a long fit, not after it
    dataset = load_dataset(args)
    from tapdesk.render.figure_process import FigureProcess, drop_early
    figures = FigureProcess.start() if fmt == "pdf" else None   # draws the plots beside the fits
    drop_early()
    from tapdesk.i18n import current_language  # --language or LANG (tapdesk.cli.language)
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    from tapdesk.report.tables_export import export_tables

    def document(results: list, final: bool = True):
        return build_report(ReportInputs.of(
            [ReportAnalysis(r, dataset.table) for r in results],
            coefficients=None if args.no_coefficients or not final else "auto",
            command=command_line(args), title=args.title, author=args.author, note=args.note,
            signers=tuple(args.sign or ()), sign_on_page_one=args.sign_on_page_one,
            plan=study_plan(args, results, target) if final else None,
            references=dataset.references, language=current_language()))

    def fitted(results: list) -> None:        # the child draws their figures meanwhile
        figures.send_partial(document(results, final=False), args.page_size)

    results = run_analyses(args, dataset.table, fitted if figures is not None else None)
    doc = document(results)
    if figures is not None:
        figures.send(doc, args.page_size)       # the child draws the figures, this the pages
    from tapdesk.render.display import draw_offscreen_without_display
    draw_offscreen_without_display()
    from tapdesk.render.figures import render_figures  # Qt only from here on
    from tapdesk.render.writer import write_report
    written = {fmt: str(write_report(doc, out, fmt, args.page_size))}
    if args.png_dir:
        written["png"] = [str(p) for p in render_figures(doc, args.png_dir, *size)]
    if args.tables_dir:
        written["tables"] = [str(p) for p in export_tables(doc, args.tables_dir)]
    # Translators: {path} is the report's file.
    text = _("Report written to {path}").format(path=Path(written[fmt]).resolve()) + "\n"
    if "png" in written:
        n = len(written["png"])
        # Translators: {n} is a number of plots written as PNG image files, {folder} where.
        # (English says "files" for one too, as it always has: translate each form.)
        text += ngettext("{n} png files in {folder}", "{n} png files in {folder}", n).format(
            n=n, folder=args.png_dir) + "\n"
    if "tables" in written:
        n = len(written["tables"])
        # Translators: {n} is a number of table files written (CSV, and one XLSX workbook),
        # {folder} where. (English says "files" for one too, as it always has.)
        text += ngettext("{n} tables files in {folder}", "{n} tables files in {folder}",
                         n).format(n=n, folder=args.tables_dir) + "\n"
    return Outcome(tuple(results), {"level": args.level, **written}, text, dataset)
