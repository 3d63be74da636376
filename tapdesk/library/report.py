"""``report``: fit every chosen model and analysis on the data, build one report (Qt-free) and
write it as PDF with Qt's own writer, or as an editable OpenDocument text (ODT), Word (DOCX) or
HTML file, offscreen when there is no display; every plot as PNG and every table as CSV and
XLSX on request."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import ANALYSES, COEFFICIENTS_MODEL, ORDINAL_MODEL, get_analysis
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats, ngettext
from tapdesk.i18n.deferred import shown
from tapdesk.library.explain import explain_settings
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import ReportSettings

FORMATS = ("pdf", "odt", "docx", "html")
"""The formats a report is written in."""


def plan_target(settings: ReportSettings):  # -> Target | None
    """The target of --plan-target-width/--plan-target-power, checked before any fit runs."""
    from tapdesk.library.plan import make_target
    target = make_target(settings.plan_target_width, settings.plan_target_power, settings.plan_for,
                         "--plan-")
    if target is not None and target.kind == "power" and settings.plan_versus is None:
        raise SettingError(_("--plan-target-power needs --plan-versus (the accuracy to tell a "
                             "apart from)"))
    return target


def study_plan(settings: ReportSettings, results: list, target=None):
    """The plan for the report's "Plan" section, from the t, a, p of the first analysis that
    has them: a PlanResult, or for a ``target`` (:func:`plan_target`) a TargetResult (None
    without --plan or a target)."""
    if not (settings.plan or target is not None):
        return None
    from tapdesk.engine.planning import PlanRequest, find_subjects, parse_counts, plan
    from tapdesk.engine.planning.request import estimates_from_fit
    found = [(r, estimates_from_fit(r)) for r in results]
    result, truth = next(((r, t) for r, t in found if t is not None), (results[0], None))
    if truth is None:
        raise SettingError(_("--plan needs a two-class model with t, a and p (such as --model tap)"))
    request = PlanRequest(*truth, parse_counts(settings.plan_raters, "--plan-raters"),
                          parse_counts(settings.plan_subjects, "--plan-subjects"),
                          sims=settings.plan_sims, seed=settings.seed, level=settings.level,
                          versus=settings.plan_versus,
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


def output_format(settings: ReportSettings) -> tuple[str, str]:
    """(format, output path): the format named, else the one the file name says, else pdf."""
    suffix = Path(settings.out).suffix.lower().lstrip(".") if settings.out else ""
    if suffix == "htm":
        suffix = "html"
    fmt = settings.format or (suffix if suffix in FORMATS else "pdf")
    if settings.format and settings.out and suffix in FORMATS and suffix != settings.format:
        # Translators: {format} is a format ("odt"); {file} the file name given.
        raise SettingError(_("--format {format} does not match the file name {file}; name the "
                             "file .{format} or leave --format out").format(format=settings.format,
                                                                            file=settings.out))
    return fmt, settings.out or f"report.{fmt}"


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


def analysis_names() -> tuple[str, ...]:
    return tuple(a.name for a in ANALYSES)


def chosen(settings: ReportSettings) -> list[str]:
    """The analyses in report order: the models as given, then the ordinal analysis, then the
    classical coefficients (each once)."""
    names = list(settings.model or ())
    if settings.ordinal:
        names.append(ORDINAL_MODEL)
    if settings.coefficients:
        names.append(COEFFICIENTS_MODEL)
    names = list(dict.fromkeys(names))
    return names or ["tap"]


def run_analyses(settings: ReportSettings, table,
                 fitted: Callable[[list], None] | None = None) -> list:
    """Every chosen analysis fitted, in report order; ``fitted`` (optional) is called with the
    results so far after each but the last."""
    results: list = []
    names = chosen(settings)
    for name in names:
        if fitted is not None and results:
            fitted(results)
        request = FitRequest(model=name, class1=tuple(settings.class1) if settings.class1 else None,
                             cut=settings.cut, method=settings.method, bootstrap=settings.bootstrap,
                             seed=settings.seed, n_starts=settings.starts, chains=settings.chains,
                             draws=settings.draws, warmup=settings.warmup, level=settings.level,
                             **({} if get_analysis(name) else explain_settings(settings)))
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


def outcome(settings: ReportSettings) -> Outcome:
    """Every analysis fitted and the report written: the files as JSON, where as text (the
    results, in report order, are the outcome's result)."""
    size = png_size(settings.png_size)
    fmt, out = output_format(settings)
    target = plan_target(settings)
    for folder in (Path(out).parent, settings.png_dir, settings.tables_dir):
        if folder is not None:
            check_folder(Path(folder))      # fail before a long fit, not after it
    dataset = load_dataset(settings)
    from tapdesk.render.figure_process import FigureProcess, drop_early
    figures = FigureProcess.start() if fmt == "pdf" else None   # draws the plots beside the fits
    drop_early()
    from tapdesk.i18n import current_language  # --language or LANG (tapdesk.cli.language)
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    from tapdesk.report.tables_export import export_tables

    def document(results: list, final: bool = True):
        return build_report(ReportInputs.of(
            [ReportAnalysis(r, dataset.table) for r in results],
            coefficients=None if settings.no_coefficients or not final else "auto",
            command=settings.command, title=settings.title, author=settings.author, note=settings.note,
            signers=tuple(settings.sign or ()), sign_on_page_one=settings.sign_on_page_one,
            plan=study_plan(settings, results, target) if final else None,
            references=dataset.references, language=current_language()))

    def fitted(results: list) -> None:        # the child draws their figures meanwhile
        figures.send_partial(document(results, final=False), settings.page_size)

    results = run_analyses(settings, dataset.table, fitted if figures is not None else None)
    doc = document(results)
    if figures is not None:
        figures.send(doc, settings.page_size)       # the child draws the figures, this the pages
    from tapdesk.render.display import draw_offscreen_without_display
    draw_offscreen_without_display()
    from tapdesk.render.figures import render_figures  # Qt only from here on
    from tapdesk.render.writer import write_report
    written = {fmt: str(write_report(doc, out, fmt, settings.page_size))}
    if settings.png_dir:
        written["png"] = [str(p) for p in render_figures(doc, settings.png_dir, *size)]
    if settings.tables_dir:
        written["tables"] = [str(p) for p in export_tables(doc, settings.tables_dir)]
    # Translators: {path} is the report's file.
    text = _("Report written to {path}").format(path=Path(written[fmt]).resolve()) + "\n"
    if "png" in written:
        n = len(written["png"])
        # Translators: {n} is a number of plots written as PNG image files, {folder} where.
        # (English says "files" for one too, as it always has: translate each form.)
        text += ngettext("{n} png files in {folder}", "{n} png files in {folder}", n).format(
            n=n, folder=settings.png_dir) + "\n"
    if "tables" in written:
        n = len(written["tables"])
        # Translators: {n} is a number of table files written (CSV, and one XLSX workbook),
        # {folder} where. (English says "files" for one too, as it always has.)
        text += ngettext("{n} tables files in {folder}", "{n} tables files in {folder}",
                         n).format(n=n, folder=settings.tables_dir) + "\n"
    return Outcome(tuple(results), {"level": settings.level, **written}, text, dataset)
