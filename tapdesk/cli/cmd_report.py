"""``tapdesk report DATA [model options] --out report.pdf``: the committee report.

Fits the model, builds the report (Qt-free) and writes it as PDF with Qt's
own writer, offscreen when there is no display. Optionally writes every
plot as PNG at a chosen size and every table as CSV and XLSX.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from tapdesk.cli.common import add_class_arguments, add_data_arguments, load_dataset, print_json
from tapdesk.engine import FitRequest, fit, model_names
from tapdesk.engine.analyses import ANALYSES, get_analysis
from tapdesk.engine.request import METHODS
from tapdesk.errors import SettingError

def add_parser(sub) -> None:
    parser = sub.add_parser("report", help="write a PDF report (plus PNG plots, CSV/XLSX tables)",
                            description="Fit a model and write a report a committee can read: "
                                        "verdict, key numbers, provenance, settings, tables, "
                                        "plots, warnings, method note and appendices.")
    add_data_arguments(parser)
    parser.add_argument("--model", default="tap", choices=model_names() + analysis_names(),
                        help="model to fit, or an analysis: 'ordinal-cuts' (t-a-p at every cut "
                             "point) or 'coefficients' (classical coefficients only)")
    add_class_arguments(parser)
    parser.add_argument("--method", default="mle", choices=METHODS,
                        help="mle (maximum likelihood), exact or mcmc (Bayesian)")
    parser.add_argument("--bootstrap", type=int, default=0, metavar="N",
                        help="bootstrap resamples for intervals (default 0: none)")
    parser.add_argument("--seed", type=int, default=FitRequest.seed, help="random seed")
    parser.add_argument("--starts", type=int, default=FitRequest.n_starts,
                        help="optimisation starts (the best is kept)")
    parser.add_argument("--chains", type=int, default=FitRequest.chains, help="MCMC chains")
    parser.add_argument("--draws", type=int, default=FitRequest.draws, help="MCMC draws per chain")
    parser.add_argument("--warmup", type=int, default=FitRequest.warmup, help="MCMC warm-up draws")
    out = parser.add_argument_group("output")
    out.add_argument("--out", default="report.pdf", help="PDF file to write (default report.pdf)")
    out.add_argument("--page-size", default="A4", choices=("A4", "Letter"), help="paper size")
    out.add_argument("--png-dir", metavar="DIR", help="also write every plot as PNG here")
    out.add_argument("--png-size", default="1200x800", metavar="WxH",
                     help="PNG size in pixels (default 1200x800)")
    out.add_argument("--tables-dir", metavar="DIR",
                     help="also write every table as CSV, and all of them in tables.xlsx, here")
    out.add_argument("--no-coefficients", action="store_true",
                     help="leave the classical coefficients out")
    out.add_argument("--json", action="store_true", help="print the written files as JSON")
    add_plan_arguments(parser)
    parser.set_defaults(run=run, report_parser=parser)


def add_plan_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("study plan (a 'Plan' section, from the fit's estimates)")
    group.add_argument("--plan", action="store_true",
                       help="add a plan for the next study (see tapdesk plan)")
    group.add_argument("--plan-raters", default="2,3,5,8", metavar="LIST",
                       help="raters per subject to try (default 2,3,5,8)")
    group.add_argument("--plan-subjects", default="50,100,200,400", metavar="LIST",
                       help="numbers of subjects to try (default 50,100,200,400)")
    group.add_argument("--plan-sims", type=int, default=200, metavar="N",
                       help="simulated studies per design (default 200)")


def study_plan(args: argparse.Namespace, result):
    """The plan for the report's "Plan" section, from the fit's t, a, p (None without --plan)."""
    if not args.plan:
        return None
    from tapdesk.engine.planning import PlanRequest, parse_counts, plan
    from tapdesk.engine.planning.request import estimates_from_fit
    truth = estimates_from_fit(result)
    if truth is None:
        raise SettingError(f"--plan needs a fit with t, a and p; '{result.model}' has none")
    return plan(PlanRequest(*truth, parse_counts(args.plan_raters, "--plan-raters"),
                            parse_counts(args.plan_subjects, "--plan-subjects"),
                            sims=args.plan_sims, seed=args.seed,
                            source=f"the estimates of this report's {result.title} fit"))


def png_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SettingError(f"--png-size must look like 1200x800, not '{text}'") from None
    if not (100 <= width <= 10000 and 100 <= height <= 10000):
        raise SettingError("--png-size: width and height must be between 100 and 10000 pixels")
    return width, height


def check_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SettingError(f"cannot create the output folder {folder}: "
                           f"{exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK):
        raise SettingError(f"the output folder {folder} is not writable")


def command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this report: every option that differs from its default."""
    words = ["tapdesk", "report", args.data]
    done = {"help", "json", "report_parser", "run", "out"}
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
    return shlex.join(words + ["--out", args.out])


def analysis_names() -> tuple[str, ...]:
    return tuple(a.name for a in ANALYSES)


def run(args: argparse.Namespace) -> int:
    size = png_size(args.png_size)
    for folder in (Path(args.out).parent, args.png_dir, args.tables_dir):
        if folder is not None:
            check_folder(Path(folder))      # fail before a long fit, not after it
    dataset = load_dataset(args)
    request = FitRequest(model=args.model, class1=tuple(args.class1) if args.class1 else None,
                         cut=args.cut, method=args.method, bootstrap=args.bootstrap,
                         seed=args.seed, n_starts=args.starts, chains=args.chains,
                         draws=args.draws, warmup=args.warmup)
    analysis = get_analysis(args.model)
    if analysis is None:
        result = fit(request, dataset.table)
    else:
        why_not = analysis.unavailable(dataset.table)
        if why_not:
            raise SettingError(f"--model {args.model}: {why_not}")
        result = analysis.run(request, dataset.table)
    from tapdesk.report import ReportInputs, build_report
    from tapdesk.report.tables_export import export_tables
    inputs = ReportInputs(result, dataset.table, None if args.no_coefficients else "auto",
                          command=command_line(args), plan=study_plan(args, result))
    doc = build_report(inputs)
    from tapdesk.cli.launch import has_display
    if not has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tapdesk.gui.report_pdf import render_figures, write_report_pdf   # Qt only from here on
    written = {"pdf": str(write_report_pdf(doc, args.out, args.page_size))}
    if args.png_dir:
        written["png"] = [str(p) for p in render_figures(doc, args.png_dir, *size)]
    if args.tables_dir:
        written["tables"] = [str(p) for p in export_tables(doc, args.tables_dir)]
    if args.json:
        print_json(written)
    else:
        sys.stdout.write(f"Report written to {Path(written['pdf']).resolve()}\n")
        for kind in ("png", "tables"):
            if kind in written:
                sys.stdout.write(f"{len(written[kind])} {kind} files in "
                                 f"{args.png_dir if kind == 'png' else args.tables_dir}\n")
    return 0
