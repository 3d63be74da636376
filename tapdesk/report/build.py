"""Build a :class:`ReportDocument` from a fit result and what it was fitted on.

Entry point: :func:`build_report`. Page one says what was analysed, the
verdict in plain words and the key numbers with intervals; then data
provenance, model and settings, the parameter and coefficient tables, the
plots that apply, warnings explained, the method note with references and
the per-rater / per-subject appendices. Never imports Qt.
"""

from __future__ import annotations

import datetime as _dt
import shlex
from dataclasses import dataclass
from typing import Any

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult, fmt
from tapdesk.errors import TapDeskError
from tapdesk.report.coefficients import auto_coefficients
from tapdesk.report.document import (BulletList, Figure, KeyNumber, KeyNumbers, Paragraph,
                                     References, ReportDocument, Section, Table)
from tapdesk.report.explain import METHOD_NOTE, REFERENCES, explanation
from tapdesk.report.tables import (coefficient_table, est_label, interval_level,
                                   parameter_table, rater_table, result_tables, subject_table)

METHOD_WORDS = {"mle": "maximum likelihood",
                "exact": "Bayesian: exact posterior computed on a grid",
                "mcmc": "Bayesian: Markov chain Monte Carlo sampling"}
AUTO = "auto"


@dataclass(frozen=True)
class ReportInputs:
    """What a report is built from (kept on the document so the renderer can draw plots).

    Parameters
    ----------
    result
        The main fit.
    table
        The ratings it was fitted on (for counts, coefficients and the heatmap).
    coefficients
        Classical coefficients: "auto" computes them when the engine offers
        ``agreement_coefficients``; None leaves them out; or pass a
        ResultTable / records (see :func:`tapdesk.report.tables.coefficient_table`).
    extras
        Further fits to report (ordinal, model comparison ...).
    command
        The command that reproduces the report; derived from the request if None.
    plan
        A study plan (:class:`~tapdesk.engine.planning.result.PlanResult`) to
        report in a "Plan" section, or None.
    """

    result: FitResult
    table: RatingsTable | None = None
    coefficients: Any = AUTO
    extras: tuple[FitResult, ...] = ()
    command: str | None = None
    plan: Any = None


def build_report(result: FitResult | ReportInputs, *, table: RatingsTable | None = None,
                 coefficients: Any = AUTO, extras: tuple[FitResult, ...] = (),
                 command: str | None = None, created: str | None = None) -> ReportDocument:
    """The whole report for ``result`` as a document model."""
    inputs = result if isinstance(result, ReportInputs) else \
        ReportInputs(result, table, coefficients, tuple(extras), command)
    res = inputs.result
    coef_table, coef_note = _coefficients(inputs)
    sections = [_front(inputs, coef_table), _provenance(inputs), _settings(res, created)]
    sections.append(_results(res, coef_table, coef_note))
    figures = _figures(inputs)
    if figures:
        sections.append(Section("plots", "Plots", tuple(figures)))
    for i, extra in enumerate(inputs.extras, start=1):
        sections.append(_extra(extra, i))
    if inputs.plan is not None:
        from tapdesk.report.plan import plan_section
        sections.append(plan_section(inputs.plan))
    sections.append(_warnings(inputs, coef_table))
    sections.append(Section("method", "Method note and references",
                            (Paragraph(METHOD_NOTE), References(REFERENCES))))
    sections += _appendices(res)
    subtitle = f"{res.provenance.file_name or 'ratings'}: {res.title}"
    return ReportDocument("Rater agreement report", subtitle, tuple(sections),
                          inputs.command or reproduce_command(res), res.version,
                          created or _dt.date.today().isoformat(), inputs)


def reproduce_command(result: FitResult, out: str = "report.pdf") -> str:
    """The ``tapdesk report`` command line that refits ``result`` the same way."""
    req = result.request
    words = ["tapdesk", "report", result.provenance.file_name or "DATA", "--model", req.model]
    if req.cut is not None:
        words += ["--cut", req.cut]
    for label in req.class1 or ():
        words += ["--class1", label]
    if req.method != "mle":
        words += ["--method", req.method, "--chains", str(req.chains), "--draws", str(req.draws),
                  "--warmup", str(req.warmup)]
    if req.bootstrap:
        words += ["--bootstrap", str(req.bootstrap)]
    words += ["--seed", str(req.seed), "--starts", str(req.n_starts), "--out", out]
    return shlex.join(words)


# ----------------------------------------------------------------- sections
def _n_raters(inputs: ReportInputs) -> int | None:
    if inputs.table is not None and inputs.table.n_raters:
        return inputs.table.n_raters
    return len(inputs.result.raters) or None


def _analysed(inputs: ReportInputs) -> str:
    res = inputs.result
    raters = _n_raters(inputs)
    by = f" by {raters} raters" if raters else ""
    text = (f"{res.n_ratings} ratings of {res.n_subjects} subjects{by}, from "
            f"'{res.provenance.file_name or 'data in memory'}'")
    if res.categories:
        text += f", on the scale {', '.join(res.categories)}"
    text += "."
    if res.class_choice is not None:
        text += (f" Class 1 = {', '.join(res.class_choice.class1)}; Class 0 = "
                 f"{', '.join(res.class_choice.class0)}.")
    if res.n_excluded:
        text += f" {res.n_excluded} subjects were left out (see Data provenance)."
    return text + f" Model: {res.title}, fitted by {METHOD_WORDS.get(res.method, res.method)}."


def _key_numbers(res: FitResult, coef_table: Table | None) -> KeyNumbers:
    level = f"{interval_level(res.interval_method)}interval"
    items = []
    for est in sorted(res.params, key=lambda e: e.category is not None):
        if len(items) == 6:
            break
        if not est.identified:
            items.append(KeyNumber(est_label(est), "not identified", "", est.meaning))
            continue
        interval = f"{level} {fmt(est.ci[0])} to {fmt(est.ci[1])}" if est.ci else ""
        items.append(KeyNumber(est_label(est), fmt(est.value), interval, est.meaning))
    if coef_table is not None and len(items) < 8:
        for row in coef_table.rows[: 8 - len(items)][:2]:
            interval = (f"95% interval {fmt(row[3])} to {fmt(row[4])}"
                        if row[3] is not None and row[4] is not None else "")
            items.append(KeyNumber(row[0], fmt(row[1]), interval, "classical coefficient"))
    return KeyNumbers(tuple(items))


def _verdict(res: FitResult, paradox: bool = False) -> list[Paragraph]:
    lines = list(res.headline) or [f"{e.meaning or est_label(e)}: {fmt(e.value)}."
                                   for e in res.params if e.identified]
    out = [Paragraph(" ".join(lines), "verdict")]
    status = []
    if not res.complete:
        status.append("The fit was cancelled before the end: these numbers are incomplete.")
    if not res.converged and res.method == "mle":
        status.append("The fit did not converge: treat the numbers with caution.")
    if res.warnings or paradox:
        n = len(res.warnings) + int(paradox)
        status.append(f"{n} warning{'s' if n > 1 else ''} apply to this analysis; they are "
                      "explained in the section 'Warnings explained'.")
    else:
        status.append("No warnings apply to this analysis.")
    out.append(Paragraph(" ".join(status)))
    return out


def _front(inputs: ReportInputs, coef_table: Table | None) -> Section:
    res = inputs.result
    blocks = [Paragraph("What was analysed", "label"), Paragraph(_analysed(inputs), "lead"),
              Paragraph("Verdict", "label"),
              *_verdict(res, kappa_paradox(coef_table) is not None),
              Paragraph("Key numbers", "label"), _key_numbers(res, coef_table),
              Paragraph(f"Intervals: {res.interval_method}.", "small")]
    return Section("summary", "Summary", tuple(blocks))


def _provenance(inputs: ReportInputs) -> Section:
    res, table, prov = inputs.result, inputs.table, inputs.result.provenance
    rows: list[tuple[str, Any]] = [("File", prov.file_name or "(not from a file)")]
    if prov.size_bytes is not None:
        rows.append(("Size (bytes)", prov.size_bytes))
    rows.append(("SHA-256", prov.sha256 or "-"))
    if prov.sheet:
        rows.append(("Sheet", prov.sheet))
    rows.append(("Layout", prov.layout or "-"))
    rows += [(f"Column: {role}", column) for role, column in prov.mapping]
    if table is not None:
        rows += [("Subjects in the file", table.n_subjects), ("Raters", table.n_raters or "unknown"),
                 ("Ratings in the file", table.n_ratings), ("Missing cells", table.n_missing)]
    rows += [("Subjects analysed", res.n_subjects), ("Ratings analysed", res.n_ratings)]
    if res.categories:
        rows.append(("Categories", ", ".join(res.categories)))
    if res.class_choice is not None:
        rows += [("Class 1", ", ".join(res.class_choice.class1)),
                 ("Class 0", ", ".join(res.class_choice.class0)),
                 ("How Class 1 was chosen", res.class_choice.reason)]
    rows += [("Note", note) for note in prov.notes]
    blocks: list[Any] = [Table("provenance", "Data", ("Item", "Value"), tuple(rows))]
    if res.exclusions:
        exc_rows = tuple((e.n_subjects, e.reason, ", ".join(e.subject_ids[:20])
                          + (" ..." if len(e.subject_ids) > 20 else ""))
                         for e in res.exclusions)
        blocks.append(Table("exclusions", "Subjects left out, and why",
                            ("Subjects", "Reason", "Subject ids (first 20)"), exc_rows, ("d", "", "")))
    else:
        blocks.append(Paragraph("No subject was left out."))
    return Section("provenance", "Data provenance", tuple(blocks))


def _settings(res: FitResult, created: str | None) -> Section:
    req = res.request
    rows: list[tuple[str, Any]] = [("Model", f"{res.title} ({res.model})")]
    description = _model_description(res.model)
    if description:
        rows.append(("Model in words", description))
    rows += [("Method", METHOD_WORDS.get(res.method, res.method)),
             ("Intervals", res.interval_method)]
    if res.method != "mle":
        names = [e.name for e in res.params if e.category is None] or [p.name for p in req.priors]
        for name in dict.fromkeys(names):
            prior = req.prior_for(name)
            rows.append((f"Prior for {name}", f"Beta({prior.alpha:g}, {prior.beta:g})"))
        rows += [("Chains", req.chains), ("Draws per chain", req.draws), ("Warm-up", req.warmup)]
    else:
        rows += [("Optimisation starts", req.n_starts), ("Tolerance", f"{req.tolerance:g}"),
                 ("Iteration limit", req.max_iterations),
                 ("Converged", "yes" if res.converged else "no"), ("Iterations", res.iterations)]
    rows += [("Bootstrap resamples", req.bootstrap or "none"), ("Random seed", req.seed)]
    if res.log_likelihood is not None:
        rows += [("Log-likelihood (nats)", f"{res.log_likelihood.nats:.4f}"),
                 ("Bits per rating", f"{res.log_likelihood.bits_per_rating:.4f}")]
    if res.n_parameters:
        rows.append(("Free parameters", res.n_parameters))
    rows += [("TapDesk version", res.version),
             ("Report created", created or _dt.date.today().isoformat())]
    return Section("settings", "Model and settings",
                   (Table("settings", "Model and settings", ("Setting", "Value"), tuple(rows)),))


def _model_description(name: str) -> str:
    try:
        from tapdesk.engine.registry import get_model
        return get_model(name).description
    except TapDeskError:
        return ""


def _coefficients(inputs: ReportInputs) -> tuple[Table | None, str]:
    if isinstance(inputs.coefficients, str) and inputs.coefficients == AUTO:
        coefs, note = auto_coefficients(inputs.result, inputs.table)
        return coefficient_table(coefs), note
    return coefficient_table(inputs.coefficients), ""


def _results(res: FitResult, coef_table: Table | None, coef_note: str) -> Section:
    blocks: list[Any] = [parameter_table(res)]
    if coef_table is not None:
        blocks.append(coef_table)
    elif coef_note:
        blocks.append(Paragraph(coef_note, "small"))
    blocks += result_tables(res)
    return Section("results", "Parameters and coefficients", tuple(blocks))


def _figures(inputs: ReportInputs) -> list[Figure]:
    res, table = inputs.result, inputs.table
    figs = []
    if res.class_choice is not None and not res.raters:
        figs.append(Figure("fit-distribution", "Observed and fitted distribution of the number "
                           "of Class-1 ratings per subject.", "fit-distribution"))
    if res.method in ("exact", "mcmc"):
        figs.append(Figure("posterior", "Posterior densities of the parameters.", "posterior"))
    if res.method == "mcmc":
        figs.append(Figure("traces", "Convergence: the sampled values of each parameter by "
                           "draw, one line per chain.", "traces"))
    elif res.traces:
        figs.append(Figure("convergence", "Convergence: log-likelihood by iteration for each "
                           "optimisation start.", "convergence"))
    if res.raters:
        figs.append(Figure("rater-accuracy", "Accuracy of each rater with its interval.",
                           "rater-accuracy"))
    if any("cut point" in t.title.lower() for t in res.tables):
        figs.append(Figure("cut-points", "Cut points on the ordered scale.", "cut-points"))
    if table is not None and table.has_rater_ids and table.n_raters >= 2:
        figs.append(Figure("pairwise-heatmap", "Pairwise rater accuracy: sqrt(Cohen's kappa) for "
                           "each pair of raters (for unbiased raters kappa = a^2).",
                           "pairwise-heatmap"))
    return figs


def _extra(extra: FitResult, index: int) -> Section:
    blocks: list[Any] = []
    if extra.headline:
        blocks.append(Paragraph(" ".join(extra.headline)))
    blocks.append(parameter_table(extra, key=f"extra{index}-parameters"))
    blocks += result_tables(extra, prefix=f"extra{index}-")
    if extra.warnings:
        blocks.append(BulletList(tuple(n.message for n in extra.warnings)))
    method = METHOD_WORDS.get(extra.method, extra.method).split(": ")[-1]
    return Section(f"extra{index}", f"Further analysis: {extra.title}, {method}", tuple(blocks))


PARADOX_AGREEMENT = 0.8      # raw agreement this high ...
PARADOX_KAPPA = 0.5          # ... with kappa this low is the classic kappa paradox pattern


def kappa_paradox(coef_table: Table | None) -> Paragraph | None:
    """A plain-words note when raw agreement is high but Fleiss' kappa is low."""
    if coef_table is None:
        return None
    values = {row[0]: row[1] for row in coef_table.rows}
    agreement, kappa = values.get("Percent agreement"), values.get("Fleiss' kappa")
    if agreement is None or kappa is None:
        return None
    if agreement >= PARADOX_AGREEMENT and kappa < PARADOX_KAPPA:
        return Paragraph(f"Raters agree on {100 * agreement:.0f}% of pairs of ratings, yet "
                         f"Fleiss' kappa is only {fmt(kappa)}. This is the kappa paradox: one "
                         "category is so common that agreement expected by chance is high, so "
                         "kappa looks poor even though raters rarely disagree. Read the "
                         "model's accuracy and class share rather than kappa alone.")
    return None


def _warnings(inputs: ReportInputs, coef_table: Table | None = None) -> Section:
    notices = list(inputs.result.warnings)
    paradox = kappa_paradox(coef_table)
    if paradox is not None:
        heading, idea = explanation("kappa-paradox")
        notices_blocks: list[Any] = [Paragraph(heading, "label"), paradox, Paragraph(idea, "small")]
    else:
        notices_blocks = []
    if not notices and notices_blocks:
        return Section("warnings", "Warnings explained", tuple(notices_blocks))
    if not notices:
        return Section("warnings", "Warnings explained",
                       (Paragraph("No warnings apply: the fit converged, no estimate is on the "
                                  "edge of its range and every parameter is identified."),))
    blocks: list[Any] = list(notices_blocks)
    seen: set[str] = set()
    for notice in notices:
        heading, idea = explanation(notice.code)
        blocks.append(Paragraph(heading, "label"))
        blocks.append(Paragraph(notice.message))
        if idea and heading not in seen:
            blocks.append(Paragraph(idea, "small"))
        seen.add(heading)
    return Section("warnings", "Warnings explained", tuple(blocks))


def _appendices(res: FitResult) -> list[Section]:
    out = []
    raters = rater_table(res)
    if raters is not None:
        out.append(Section("appendix-raters", "Appendix A: per-rater estimates", (raters,),
                           new_page=True))
    subjects = subject_table(res)
    if subjects is not None:
        letter = "B" if raters is not None else "A"
        out.append(Section("appendix-subjects", f"Appendix {letter}: per-subject estimates",
                           (subjects,), new_page=True))
    return out
