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
from tapdesk.engine.bayes.draw_counts import kept_draws_words
from tapdesk.engine.bayes.thinning import thinning_words
from tapdesk.engine.iterations import best_start_sentence, iteration_counts, iteration_rows
from tapdesk.engine.results import FitResult
from tapdesk.i18n import N_, _, formats, pgettext
from tapdesk.i18n.deferred import shown
from tapdesk.report.caterpillar import caterpillar
from tapdesk.report.context import Part, ReportContext, is_coefficients, is_ordinal
from tapdesk.report.document import Figure, Paragraph, Section, Table
from tapdesk.report.explained import figures as explained_figures
from tapdesk.report.explained import report_blocks as explained_blocks
from tapdesk.report.explained import shown_by_section
from tapdesk.report.local_words import fixed as fmt
from tapdesk.report.local_words import local_number
from tapdesk.report.tables import (
    coefficient_table,
    parameter_table,
    printed_tables,
    rater_summary_table,
    result_tables,
)
from tapdesk.report.words import (
    class_names,
    class_words,
    cut_words,
    method_words,
    model_words,
    plain,
    quoted_labels,
)

TECHNICAL_TABLES = ("Posterior summary",)
"""Model tables that belong in the method notes (precise terms), not in the body."""


def analysis_section(ctx: ReportContext, part: Part) -> Section:
    # Translators: a label at the head of each analysis's section, above its findings.
    blocks: list[Any] = [Paragraph(_("What it found"), "label")]
    blocks += [Paragraph(plain(quoted_labels(part.result, line))) for line in findings(part)]
    warned = ctx.notices_of(part)
    if warned:
        numbers = formats.joined([formats.integer(ctx.notices.index(n) + 1) for n in warned])
        # Translators: {numbers} lists the numbers of the warnings ("1 and 3") the section
        # "Warnings" heads as "Warning 1. ...", "Warning 3. ..."; 'Warnings' is that section.
        blocks.append(Paragraph(_("Warnings for this analysis: {numbers} (explained under "
                                  "'Warnings').").format(numbers=numbers), "small"))
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
    return [shown(h) for h in res.headline] or [f"{shown(e.meaning) or e.name}: {fmt(e.value)}."
                                  for e in res.params if e.identified]


def ordinal_findings(res: FitResult) -> list[str]:
    scale = ", ".join(res.label(c) for c in res.categories)
    cuts = sorted({e.category for e in res.params if e.category}, key=list(
        dict.fromkeys(e.category for e in res.params)).index)
    # Translators: {n} is a number of cut points (2 or more), {scale} the scale's categories in
    # order ("no medal, bronze, silver, gold").
    lines = [_("The t-a-p model was fitted at each of the {n} cut points of the scale {scale} "
               "(Class 1 = ratings at or below the cut).").format(n=len(cuts), scale=scale)]
    accuracy = [e for e in res.params if e.name == "a" and e.identified and e.value == e.value]
    if accuracy:
        best = max(accuracy, key=lambda e: e.value)
        worst = min(accuracy, key=lambda e: e.value)
        # every estimate of an ordinal result names its cut (engine.analyses._cut_estimates)
        assert best.category is not None and worst.category is not None
        # Translators: {best} and {worst} name two neighbouring categories each ("bronze and
        # silver"), {best_value} and {worst_value} are numbers.
        lines.append(_("Raters separate the scale best between {best} (accuracy there {best_value}) "
                       "and least well between {worst} (accuracy there {worst_value}).").format(
            best=cut_words(res, best.category), best_value=fmt(best.value),
            worst=cut_words(res, worst.category), worst_value=fmt(worst.value)))
    pairs = next((t.rows for t in res.tables if t.title == PAIRS_TABLE), ())
    rooted = [row for row in pairs if isinstance(row[4], Real) and row[4] == row[4]]
    if rooted:
        low = min(rooted, key=lambda row: row[4])
        # Translators: {first} and {second} are two categories of the scale, {value} a number.
        lines.append(_("The two categories raters confuse most are {first} and {second} (their "
                       "\u221akappa is {value}).").format(first=res.label(low[0]),
                                                        second=res.label(low[1]), value=fmt(low[4])))
    return lines


def _tables(part: Part) -> list[Any]:
    res = part.result
    blocks: list[Any] = []
    if is_coefficients(res):
        blocks.append(coefficient_table(res, key=part.table_key("coefficients"),
                                        title=_("Classical agreement coefficients on all "
                                                "categories")))
        blocks.append(Paragraph(_same_as_cli(part), "small"))
    elif not is_ordinal(res):
        blocks.append(parameter_table(res, key=part.table_key("parameters"),
                                      # Translators: a table's title; {model} names the model.
                                      title=_("Estimates: {model}").format(model=model_words(res))))
    raters = rater_summary_table(res, key=part.table_key("rater-summary"))
    if raters is not None:
        blocks.append(raters)
    blocks += coefficient_blocks(part)
    blocks += printed_tables(result_tables(res, prefix=part.table_key(""),
                                           skip=TECHNICAL_TABLES + shown_by_section(res)))
    return blocks


def _same_as_cli(part: Part) -> str:
    n = len(part.result.categories)
    # Translators: {n} is the number of categories of the scale.
    return _("These are computed on all {n} categories of the scale, as shown by the Classical "
             "agreement coefficients analysis.").format(n=n)


def coefficient_blocks(part: Part) -> list[Any]:
    """The coefficient table beside a model, or a pointer to where it is, and what it is on."""
    if is_coefficients(part.result) or part.coef_scope == "":
        return [Paragraph(part.coef_note, "small")] if part.coef_note else []
    out: list[Any] = []
    if part.coefficients is not None:
        out.append(part.coefficients)
    where = _scope_sentence(part)
    if part.coef_home is not None:
        # Translators: {analysis} is an analysis's short name ("Analysis 3"), {name} its name,
        # which may hold brackets of its own ("t-a-p (average rater) – ..."): none around it.
        where += " " + _("They are listed in {analysis}, {name}.").format(
            analysis=part.coef_home.short, name=part.coef_home.name)
    if part.coef_scope == "split":
        where += " " + _all_categories_sentence(part)
    out.append(Paragraph(where.strip(), "small"))
    return out


def _scope_sentence(part: Part) -> str:
    res = part.result
    if part.coef_scope == "split":
        # Translators: {class1} and {class0} name the two classes ("Class 1 (gold)").
        return _("The classical coefficients beside this model are computed on the same two "
                 "classes the model uses: {class1} and {class0}.").format(
            class1=class_words(res, 1), class0=class_words(res, 0))
    if res.class_choice is not None:
        return _("The data have two categories, so the Class 1 / Class 0 split is the whole "
                 "scale: these coefficients are the ones the Classical agreement coefficients "
                 "analysis reports.")
    return _("The classical coefficients beside this model are computed on all categories, as "
             "the Classical agreement coefficients analysis reports them.")


def _all_categories_sentence(part: Part) -> str:
    n = len(part.table.used_categories()) if part.table is not None else 0
    pa, fk = part.all_values.get("Percent agreement"), part.all_values.get("Fleiss' kappa")
    if pa is None or fk is None:
        return ""
    # Translators: {n} is the number of categories, {agreement} and {kappa} numbers; a
    # sentence of its own or followed by "; every coefficient ... is in Analysis 3".
    text = _("On all {n} categories (as the Classical agreement coefficients analysis gives them) "
             "percent agreement is {agreement} and Fleiss' kappa {kappa}").format(
        n=n, agreement=fmt(pa), kappa=fmt(fk))
    if part.all_home is not None:
        # Translators: {text} is the sentence above, {analysis} an analysis's short name.
        return _("{text}; every coefficient on all categories is in {analysis}.").format(
            text=text, analysis=part.all_home.short)
    # Translators: {text} is the sentence above; the classical coefficients analysis is an
    # analysis the user can add to the report.
    return _("{text}; add the classical coefficients analysis to the report for all of "
             "them.").format(text=text)


def settings_table(part: Part) -> Table:
    """How this analysis was run, in plain words (precise terms are in the method notes)."""
    res, req = part.result, part.result.request
    # Translators: the rows of the table "How this analysis was run".
    rows: list[tuple[str, Any]] = [(_("Model"), model_words(res)), (_("Method"), method_words(res.method))]
    if res.class_choice is not None:
        rows += [(_("Class {number}").format(number=1), _class_names(res, res.class_choice.class1)),
                 (_("Class {number}").format(number=0), _class_names(res, res.class_choice.class0)),
                 (_("How Class 1 was chosen"), plain(res.class_choice.reason))]
    rows += [(_("Subjects analysed"), res.n_subjects), (_("Ratings analysed"), res.n_ratings)]
    post = res.posterior
    if res.method == "mle" and not is_coefficients(res):
        counts = iteration_counts(res)
        rows += [(_("Optimisation starts"), starts_run(req.n_starts, counts.starts, res.complete)),
                 (_("Converged"), pgettext("answer", "yes") if res.converged else pgettext("answer", "no"))]
        rows += [(shown(label), value) for label, value in iteration_rows(counts)]
    if res.method in ("exact", "mcmc"):
        rows.append((_("Priors"), plain(post.priors_shown) if post is not None and post.priors
                     else _("flat: every value of every parameter equally likely before the data")))
    if res.method == "mcmc":
        rows += [(_("Chains"), req.chains), (_("Draws per chain"), kept_draws_words(res)),
                 (_("Warm-up draws per chain"), req.warmup)]
    if req.bootstrap:
        rows.append((_("Bootstrap resamples"), req.bootstrap))
    rows.append((_("Random seed"), req.seed))
    # Translators: a table's title; its columns are "Setting" and "Value".
    return Table(part.table_key("settings"), _("How this analysis was run"),
                 (N_("Setting"), N_("Value")), tuple(rows))


def _class_names(res: FitResult, codes: Any) -> str:
    """"no medal or bronze": a class's categories (the data layer's words in English)."""
    choice = res.class_choice
    assert choice is not None                   # called for a two-class fit only
    return class_names(choice, codes)


# ------------------------------------------------------------------ figures
def figures_for(ctx: ReportContext, part: Part) -> list[Figure]:
    """The plots of one analysis, numbered in document order; a rater-pair heatmap once per
    table and class split (later analyses on the same split point to it)."""
    res = part.result
    made: list[tuple[str, str]] = []
    index = part.number - 1
    if is_ordinal(res):
        # Translators: figure captions.
        made.append(("cut-points", _("Estimates of t, a and p at each cut point of the scale "
                                     "(Class 1 = ratings at or below the cut), with their intervals.")))
        if any(t.title == PAIRS_TABLE for t in res.tables):
            made.append(("category-pairs", _("How well raters tell each pair of categories apart: "
                                             "\u221a(Fleiss' kappa) on the ratings in the two "
                                             "categories; blank cells: the diagonal, or undefined.")))
    if res.class_choice is not None and _has_fitted_counts(res):
        # Translators: a figure's caption; {class1} names Class 1 ("Class 1 (gold)").
        made.append(("fit-distribution", _("Observed and fitted numbers of subjects by their "
                                           "number of {class1} ratings.").format(
            class1=class_words(res, 1))))
    if res.method in ("exact", "mcmc") and res.posterior is not None:
        made.append(("posterior", _("Posterior densities of the parameters (the vertical line "
                                    "marks the estimate).")))
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
    if thinned:
        # Translators: a figure's caption; {thinned} says which draws are shown (the engine's words).
        return _("Convergence of the simulation: the sampled values of each parameter by draw, one "
                 "line per chain ({thinned}).").format(thinned=thinned)
    return _("Convergence of the simulation: the sampled values of each parameter by draw, one "
             "line per chain.")


SETTLED = 0.01
"""A log-likelihood trace has settled once it stays this close to its final value."""


def convergence_caption(res: FitResult) -> str:
    """The convergence figure's caption; its iteration numbers come from :func:`iteration_counts`,
    as the settings table's do, and each says which start it counts."""
    counts = iteration_counts(res)
    up_to = shown_iterations(res.traces)
    # Translators: ends a figure's caption; {shown} and {longest} are iteration numbers,
    # {settled} a small number ("0,01").
    tail = (" " + _("Shown up to iteration {shown} of the longest start's {longest}: after it every "
                    "start stays within {settled} of its final value.").format(
        shown=up_to, longest=counts.longest, settled=local_number(SETTLED, "g"))
            if up_to < counts.longest else "")
    # Translators: a figure's caption; {starts} is a sentence on the optimisation starts (the
    # engine's words), {tail} the sentence above or nothing.
    return _("Convergence: how well the model fits (log-likelihood) at each iteration, one line per "
             "optimisation start; the dashed line is the best fit. {starts}{tail}").format(
        starts=shown(best_start_sentence(counts)), tail=tail)


def starts_run(asked: int, run: int, complete: bool = True) -> int | str:
    """The optimisation starts, as run, and why they differ from the number asked for: "4 (12
    asked for; this model runs at most 4)", or "(... the fit was stopped)" for a cancelled one."""
    if not run or run == asked:
        return asked
    if not complete:
        # Translators: a settings table's cell; {run} and {asked} are numbers of optimisation
        # starts.
        return _("{run} ({asked} asked for; the fit was stopped before the others ran)").format(
            run=run, asked=asked)
    if run < asked:
        # Translators: a settings table's cell; {run} and {asked} are numbers of optimisation
        # starts.
        return _("{run} ({asked} asked for; this model runs at most {run})").format(run=run, asked=asked)
    # Translators: a settings table's cell; {run} and {asked} are numbers of optimisation starts.
    return _("{run} ({asked} asked for; this model adds its own starts to them)").format(
        run=run, asked=asked)


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
    if split is None:
        # Translators: a figure's caption.
        return ("pairwise-heatmap", _("Pairwise rater accuracy on all categories: \u221a(Cohen's "
                                      "kappa) for each pair of raters, on the subjects both rated (for "
                                      "unbiased raters kappa = a\u00b2). Blank cells: the diagonal, "
                                      "pairs without shared subjects, or a negative kappa."))
    # Translators: a figure's caption; {class1} and {class0} name the two classes.
    return ("pairwise-heatmap", _("Pairwise rater accuracy on the split {class1} / {class0}: "
                                  "\u221a(Cohen's kappa) for each pair of raters, on the subjects "
                                  "both rated (for unbiased raters kappa = a\u00b2). Blank cells: the "
                                  "diagonal, pairs without shared subjects, or a negative kappa.").format(
        class1=class_words(res, 1), class0=class_words(res, 0)))

