"""One analysis as a report section: findings, tables, coefficients, plots, settings.

Every analysis the user chose gets its own section (on a new page) with
what it found in the result's own words, its estimates, the classical
coefficients beside it (saying whether they are on the Class 1 / Class 0
split, and where the all-category ones are), its extra tables, its plots
and how it was run. Warnings are not repeated here: the section names them
and the Warnings section explains each once.
"""

from __future__ import annotations

import re
from numbers import Real
from typing import Any

from tapdesk.engine.analyses import PAIRS_TABLE
from tapdesk.engine.bayes.thinning import thinning_words
from tapdesk.engine.iterations import best_start_sentence, iteration_counts, iteration_rows
from tapdesk.engine.results import FitResult, fmt
from tapdesk.report.caterpillar import caterpillar
from tapdesk.report.context import Part, ReportContext, is_coefficients, is_ordinal
from tapdesk.report.document import Figure, Paragraph, Section, Table
from tapdesk.report.explained import figures as explained_figures
from tapdesk.report.explained import report_blocks as explained_blocks
from tapdesk.report.explained import shown_by_section
from tapdesk.report.tables import (
    coefficient_table,
    parameter_table,
    printed_tables,
    rater_summary_table,
    result_tables,
)
from tapdesk.report.words import class_words, cut_words, method_words, model_words, plain, quoted_labels

TECHNICAL_TABLES = ("Posterior summary",)
"""Model tables that belong in the method notes (precise terms), not in the body."""


def analysis_section(ctx: ReportContext, part: Part) -> Section:
    blocks: list[Any] = [Paragraph("What it found", "label")]
    blocks += [Paragraph(plain(quoted_labels(part.result, line))) for line in findings(part)]
    warned = ctx.notices_of(part)
    if warned:
        numbers = ", ".join(f"W{ctx.notices.index(n) + 1}" for n in warned)
        blocks.append(Paragraph(f"Warnings for this analysis: {numbers} (explained under "
                                "'Warnings').", "small"))
    blocks += _tables(part)
    blocks += explained_blocks(part.result, part.table, part.table_key(""))
    blocks += figures_for(ctx, part)
    blocks.append(settings_table(part))
    return Section(part.key, part.title, tuple(blocks), new_page=True)


def findings(part: Part) -> list[str]:
    """The result's own sentences (its verdicts, in its words); the ordinal analysis in the
    scale's labels, each number named by its cut point."""
    res = part.result
    if is_ordinal(res):
        return ordinal_findings(res)
    return list(res.headline) or [f"{e.meaning or e.name}: {fmt(e.value)}."
                                  for e in res.params if e.identified]


def ordinal_findings(res: FitResult) -> list[str]:
    scale = ", ".join(res.label(c) for c in res.categories)
    cuts = sorted({e.category for e in res.params if e.category}, key=list(
        dict.fromkeys(e.category for e in res.params)).index)
    lines = [f"The t-a-p model was fitted at each of the {len(cuts)} cut points of the scale "
             f"{scale} (Class 1 = ratings at or below the cut)."]
    accuracy = [e for e in res.params if e.name == "a" and e.identified and e.value == e.value]
    if accuracy:
        best = max(accuracy, key=lambda e: e.value)
        worst = min(accuracy, key=lambda e: e.value)
        # every estimate of an ordinal result names its cut (engine.analyses._cut_estimates)
        assert best.category is not None and worst.category is not None
        lines.append(f"Raters separate the scale best between {cut_words(res, best.category)} "
                     f"(accuracy there {fmt(best.value)}) and least well between "
                     f"{cut_words(res, worst.category)} (accuracy there {fmt(worst.value)}).")
    pairs = next((t.rows for t in res.tables if t.title == PAIRS_TABLE), ())
    rooted = [row for row in pairs if isinstance(row[4], Real) and row[4] == row[4]]
    if rooted:
        low = min(rooted, key=lambda row: row[4])
        lines.append(f"The two categories raters confuse most are {res.label(low[0])} and "
                     f"{res.label(low[1])} (their \u221akappa is {fmt(low[4])}).")
    return lines


def _tables(part: Part) -> list[Any]:
    res = part.result
    blocks: list[Any] = []
    if is_coefficients(res):
        blocks.append(coefficient_table(res, key=part.table_key("coefficients"),
                                        title="Classical agreement coefficients on all "
                                              "categories"))
        blocks.append(Paragraph(_same_as_cli(part), "small"))
    elif not is_ordinal(res):
        blocks.append(parameter_table(res, key=part.table_key("parameters"),
                                      title=f"Estimates: {model_words(res)}"))
    raters = rater_summary_table(res, key=part.table_key("rater-summary"))
    if raters is not None:
        blocks.append(raters)
    blocks += coefficient_blocks(part)
    blocks += printed_tables(result_tables(res, prefix=part.table_key(""),
                                           skip=TECHNICAL_TABLES + shown_by_section(res)))
    return blocks


def _same_as_cli(part: Part) -> str:
    n = len(part.result.categories)
    return (f"These are computed on all {n} categories of the scale, as shown by "
            "the Classical agreement coefficients analysis.")


def coefficient_blocks(part: Part) -> list[Any]:
    """The coefficient table beside a model, or a pointer to where it is, and what it is on."""
    if is_coefficients(part.result) or part.coef_scope == "":
        return [Paragraph(part.coef_note, "small")] if part.coef_note else []
    out: list[Any] = []
    if part.coefficients is not None:
        out.append(part.coefficients)
    where = _scope_sentence(part)
    if part.coef_home is not None:
        where += f" They are listed in {part.coef_home.short} ({part.coef_home.name})."
    if part.coef_scope == "split":
        where += " " + _all_categories_sentence(part)
    out.append(Paragraph(where.strip(), "small"))
    return out


def _scope_sentence(part: Part) -> str:
    res = part.result
    if part.coef_scope == "split":
        return (f"The classical coefficients beside this model are computed on the same two "
                f"classes the model uses: {class_words(res, 1)} and {class_words(res, 0)}.")
    if res.class_choice is not None:
        return ("The data have two categories, so the Class 1 / Class 0 split is the whole "
                "scale: these coefficients are the ones the Classical agreement coefficients "
                "analysis reports.")
    return ("The classical coefficients beside this model are computed on all categories, as "
            "the Classical agreement coefficients analysis reports them.")


def _all_categories_sentence(part: Part) -> str:
    n = len(part.table.used_categories()) if part.table is not None else 0
    pa, fk = part.all_values.get("Percent agreement"), part.all_values.get("Fleiss' kappa")
    if pa is None or fk is None:
        return ""
    text = (f"On all {n} categories (as the Classical agreement coefficients analysis gives "
            f"them) percent agreement is {fmt(pa)} and Fleiss' kappa {fmt(fk)}")
    if part.all_home is not None:
        return text + f"; every coefficient on all categories is in {part.all_home.short}."
    return text + "; add the classical coefficients analysis to the report for all of them."


def settings_table(part: Part) -> Table:
    """How this analysis was run, in plain words (precise terms are in the method notes)."""
    res, req = part.result, part.result.request
    rows: list[tuple[str, Any]] = [("Model", model_words(res)), ("Method", method_words(res.method))]
    if res.class_choice is not None:
        rows += [("Class 1", res.class_choice.names(res.class_choice.class1)),
                 ("Class 0", res.class_choice.names(res.class_choice.class0)),
                 ("How Class 1 was chosen", plain(res.class_choice.reason))]
    rows += [("Subjects analysed", res.n_subjects), ("Ratings analysed", res.n_ratings)]
    post = res.posterior
    if res.method == "mle" and not is_coefficients(res):
        counts = iteration_counts(res)
        rows += [("Optimisation starts", starts_run(req.n_starts, counts.starts, res.complete)),
                 ("Converged", "yes" if res.converged else "no")]
        rows += iteration_rows(counts)
    if res.method in ("exact", "mcmc"):
        rows.append(("Priors", plain(post.priors_shown) if post is not None and post.priors
                     else "flat: every value of every parameter equally likely before the data"))
    if res.method == "mcmc":
        rows += [("Chains", req.chains), ("Draws per chain", req.draws),
                 ("Warm-up draws per chain", req.warmup)]
    if req.bootstrap:
        rows.append(("Bootstrap resamples", req.bootstrap))
    rows.append(("Random seed", req.seed))
    return Table(part.table_key("settings"), "How this analysis was run", ("Setting", "Value"),
                 tuple(rows))


# ------------------------------------------------------------------ figures
def figures_for(ctx: ReportContext, part: Part) -> list[Figure]:
    """The plots of one analysis, numbered in document order; a rater-pair heatmap once per
    table and class split (later analyses on the same split point to it)."""
    res = part.result
    made: list[tuple[str, str]] = []
    index = part.number - 1
    if is_ordinal(res):
        made.append(("cut-points", "Estimates of t, a and p at each cut point of the scale "
                     "(Class 1 = ratings at or below the cut), with their intervals."))
        if any(t.title == PAIRS_TABLE for t in res.tables):
            made.append(("category-pairs", "How well raters tell each pair of categories "
                         "apart: \u221a(Fleiss' kappa) on the ratings in the two categories; "
                         "blank cells: the diagonal, or undefined."))
    if res.class_choice is not None and _has_fitted_counts(res):
        made.append(("fit-distribution", "Observed and fitted numbers of subjects by their "
                     f"number of {class_words(res, 1)} ratings."))
    if res.method in ("exact", "mcmc") and res.posterior is not None:
        made.append(("posterior", "Posterior densities of the parameters (the vertical line "
                     "marks the estimate)."))
    if res.method == "mcmc" and res.posterior is not None:
        made.append(("traces", traces_caption(res)))
    elif res.method == "mle" and res.traces:
        made.append(("convergence", convergence_caption(res)))
    if res.raters:
        drawn = caterpillar(res)
        if drawn is not None:
            made.append(("rater-accuracy", drawn.caption))
    made += explained_figures(res)
    heat = _heatmap(ctx, part)
    if heat is not None:
        made.append(heat)
    out = []
    for kind, caption in made:
        name = re.sub(r"[^\w-]+", "-", kind)      # a file name (explain-accuracy:age)
        key = name if index == 0 else f"{name}-{part.number}"
        out.append(Figure(kind, caption, key, source=index, number=ctx.next_figure()))
    return out


def traces_caption(res: FitResult) -> str:
    """The trace figure's caption; says when the plot shows every k-th draw only."""
    draws = getattr(res.posterior, "draws", None)
    thinned = thinning_words(draws.shape[1]) if draws is not None and draws.ndim == 3 else ""
    return ("Convergence of the simulation: the sampled values of each parameter by draw, one "
            "line per chain" + (f" ({thinned})." if thinned else "."))


SETTLED = 0.01
"""A log-likelihood trace has settled once it stays this close to its final value."""


def convergence_caption(res: FitResult) -> str:
    """The convergence figure's caption; its iteration numbers come from :func:`iteration_counts`,
    as the settings table's do, and each says which start it counts."""
    counts = iteration_counts(res)
    shown = shown_iterations(res.traces)
    tail = (f" Shown up to iteration {shown} of the longest start's {counts.longest}: after it "
            f"every start stays within {SETTLED} of its final value."
            if shown < counts.longest else "")
    return ("Convergence: how well the model fits (log-likelihood) at each iteration, one line "
            "per optimisation start; the dashed line is the best fit. "
            f"{best_start_sentence(counts)}{tail}")


def starts_run(asked: int, run: int, complete: bool = True) -> int | str:
    """The optimisation starts, as run, and why they differ from the number asked for: "4 (12
    asked for; this model runs at most 4)", or "(... the fit was stopped)" for a cancelled one."""
    if not run or run == asked:
        return asked
    if not complete:
        return f"{run} ({asked} asked for; the fit was stopped before the others ran)"
    if run < asked:
        return f"{run} ({asked} asked for; this model runs at most {run})"
    return f"{run} ({asked} asked for; this model adds its own starts to them)"


def shown_iterations(traces, settled: float = SETTLED) -> int:
    """Iterations worth plotting: until every trace has settled, with a margin (at least 10)."""
    longest = max((len(t) for t in traces), default=0)
    last = 0
    for trace in traces:
        values = [float(v) for v in trace]
        if not values:
            continue
        final = values[-1]
        moving = [i for i, v in enumerate(values) if abs(v - final) > settled]
        last = max(last, (moving[-1] + 2) if moving else 1)
    return min(longest, max(10, int(last * 1.3) + 1))


def _has_fitted_counts(res: FitResult) -> bool:
    """True when the fit gives expected counts: stored (per-rater fits) or from t, a and p."""
    from tapdesk.engine.binary.per_rater_counts import expected_from_result
    return expected_from_result(res) is not None or (not res.raters and _has_rates(res))


def _has_rates(res: FitResult) -> bool:
    names = {e.name for e in res.params if e.identified}
    return "t" in names and ({"a", "p"} <= names or {"q1", "q0"} <= names)


def _heatmap(ctx: ReportContext, part: Part) -> tuple[str, str] | None:
    table, res = part.table, part.result
    if table is None or not table.has_rater_ids or table.n_raters < 2 or is_ordinal(res):
        return None
    split = tuple(res.class_choice.class1) if res.class_choice is not None else None
    seen = ctx.extra.setdefault("heatmaps", {})
    key = (id(table), split)
    if key in seen:
        return None
    seen[key] = part.number
    on = (f"on the split {class_words(res, 1)} / {class_words(res, 0)}" if split is not None
          else "on all categories")
    return ("pairwise-heatmap", f"Pairwise rater accuracy {on}: \u221a(Cohen's kappa) for each "
            "pair of raters, on the subjects both rated (for unbiased raters kappa = a\u00b2). "
            "Blank cells: the diagonal, pairs without shared subjects, or a negative kappa.")

