"""The report's closing sections: warnings explained, limitations, method notes.

Limitations say what the models assume, in words, for the analyses in the
report and the data they ran on: notably that numbered judge columns in a
wide sheet are seats, not always the same person. The method notes keep the
precise terms the body avoids (log-likelihood in nats, the exact interval
method, the sampler's diagnostics) and the references.
"""

from __future__ import annotations

import re
from typing import Any

from tapdesk.counting import count
from tapdesk.data.ratings import RatingsTable
from tapdesk.i18n import _, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.i18n.formats import integer, labelled
from tapdesk.report.context import Part, ReportContext, is_coefficients, is_ordinal
from tapdesk.report.document import BulletList, Paragraph, References, Section, Table
from tapdesk.report.explain import METHOD_NOTE, REFERENCES, explanation
from tapdesk.report.local_words import fixed as fmt
from tapdesk.report.tables import result_tables
from tapdesk.report.words import class_words, fact_heading, method_words, model_words

SEAT = re.compile(r"^\s*([^\W\d_][\w .-]*?)[\s._-]*(\d+)\s*$")
"""A column named like a numbered position: J1, Judge 2, rater_3, R10."""


# ---------------------------------------------------------------- warnings
def warnings_section(ctx: ReportContext) -> Section:
    # Translators: a section's heading (the conclusion refers to it as 'Warnings').
    title = _("Warnings")
    if not ctx.notices:
        return Section("warnings", title, (Paragraph(
            _("None of the analyses raised a warning: nothing failed to settle, no estimate is on "
              "the edge of its range and every reported quantity is pinned down by the data.")),))
    blocks: list[Any] = []
    explained: set[str] = set()
    for number, notice in enumerate(ctx.notices, start=1):
        heading, idea = explanation(notice.code)
        sources = ", ".join(ctx.parts[i - 1].short for i in notice.sources)
        # Translators: a warning's heading in the report's section "Warnings"; {number} is its
        # number (an analysis refers to it by that number), {heading} what it is about,
        # {analyses} the analyses that raised it ("Analysis 1, Analysis 2").
        blocks.append(Paragraph(_("Warning {number}. {heading} ({analyses})").format(
            number=number, heading=heading, analyses=sources), "label"))
        blocks.append(Paragraph(notice.message))
        if idea and heading not in explained:
            blocks.append(Paragraph(idea, "small"))
            explained.add(heading)
    return Section("warnings", title, tuple(blocks))


# -------------------------------------------------------------- limitations
def seat_columns(table: RatingsTable | None) -> tuple[str, ...]:
    """The rater columns when they look like numbered seats (J1, J2 ...) of a wide sheet.

    In a sheet with one column per rater the file cannot say that a column
    is the same person for every subject; numbered column names are the
    usual sign that a column is a position at the table (judge 1, judge 2),
    filled by whoever sat there.
    """
    if table is None or table.provenance.layout != "wide" or table.n_raters < 2:
        return ()
    found = [m for m in (SEAT.match(r) for r in table.rater_ids) if m is not None]
    if len(found) != len(table.rater_ids):
        return ()
    if len({m.group(1).strip().casefold() for m in found}) != 1:
        return ()
    return table.rater_ids


def _seat_sentence(table: RatingsTable) -> str:
    columns = seat_columns(table)
    shown = ", ".join(columns[:6]) + (" ..." if len(columns) > 6 else "")
    # Translators: {file} is the data file's name (or "the data"), {columns} its rater columns
    # ("J1, J2, J3").
    return _("The rater columns of {file} ({columns}) are numbered positions. Nothing in the file "
             "says that a column is the same person for every subject: judge columns are seats, not "
             "always the same person (in judging events a seat is often filled by different judges "
             "for different entries). The models treat each column as one rater, so per-rater "
             "results describe the seats; if the seats changed hands, read the average-rater "
             "results instead.").format(file=table.provenance.file_name or _("the data"),
                                        columns=shown)


def limitations(ctx: ReportContext) -> list[str]:
    out = []
    parts = ctx.parts
    models = [p for p in parts if not is_coefficients(p.result) and not is_ordinal(p.result)]
    if models or any(is_ordinal(p.result) for p in parts):
        out.append(_("The t-a-p models take each rating to be either accurate or a guess, and "
                     "ratings of the same subject to be independent once its true class is known "
                     "(raters do not confer, and no subject is harder than another beyond its "
                     "class)."))
    if any(p.result.model in ("tap", "expert", "categorical", "tap-a0a1", "tap-p0p1",
                              "tap-a0a1-p0p1") for p in models):
        out.append(_("The average-rater models give every rater the same accuracy and guess "
                     "rate; the per-rater models relax this, at the price of wider intervals."))
    for part in models:
        if part.result.class_choice is not None and part.table is not None \
                and len(part.table.used_categories()) > 2:
            # Translators: {analysis} is an analysis's short name, {n} the number of categories,
            # {class1} and {class0} name the two classes.
            out.append(_("{analysis} reduces the {n}-category scale to two classes ({class1} "
                         "against {class0}); its results depend on where the split is made, which "
                         "the ordinal analysis shows at every cut point.").format(
                analysis=part.short, n=len(part.table.used_categories()),
                class1=class_words(part.result, 1), class0=class_words(part.result, 0)))
            break
    if any(p.coef_values for p in parts):
        out.append(_("Kappa-type coefficients depend on how common each category is, not only on "
                     "how well raters rate, so they can be low when raters rarely disagree (the "
                     "kappa paradox)."))
    for table in ctx.tables:
        if seat_columns(table):
            out.append(_seat_sentence(table))
    excluded = max((p.result.n_excluded for p in parts), default=0)
    if excluded:
        if is_source():
            out.append(f"{count(excluded, 'subject')} with fewer than two ratings could not show "
                       "agreement and were left out (see 'Data').")
        else:
            # Translators: {n} is a number of subjects; 'Data' is the report's section.
            out.append(ngettext("{n} subject with fewer than two ratings could not show agreement "
                                "and was left out (see 'Data').",
                                "{n} subjects with fewer than two ratings could not show agreement "
                                "and were left out (see 'Data').", excluded).format(n=integer(excluded)))
    if any(p.result.method in ("exact", "mcmc") for p in parts):
        out.append(_("Bayesian results depend on the priors, which are listed with each analysis."))
    out.append(_("Intervals describe the uncertainty from sampling these subjects only; they do "
                 "not cover errors in the data or a wrong choice of model."))
    return out


def limitations_section(ctx: ReportContext) -> Section:
    # Translators: a section's heading.
    return Section("limitations", _("Limitations: what the analyses assume"),
                   (BulletList(tuple(limitations(ctx))),))


# ------------------------------------------------------------- method notes
def technical_table(part: Part) -> Table:
    res = part.result
    # Translators: the rows of an analysis's technical details (the method notes).
    rows: list[tuple[str, Any]] = [(_("Model (technical name)"), f"{shown(res.title)} [{res.model}]"),
                                   (_("Intervals"), shown(res.interval_method))]
    ll = res.log_likelihood
    if ll is not None:
        rows += [(_("Log-likelihood (nats)"), fmt(ll.nats, 4)),
                 (_("Bits per rating") if ll.n_categories == 2 else _("Krits per rating"),
                  fmt(ll.bits_per_rating if ll.n_categories == 2 else ll.krits_per_rating, 4))]
    if res.n_parameters:
        rows.append((_("Free parameters"), res.n_parameters))
    if res.posterior is not None:
        method = res.posterior.method           # its code as the command line takes it
        rows.append((_("Posterior method"), f"{method_words(method)} [{method}]"))
    rows.append((_("TapDesk version"), res.version))
    key = "technical" if part.number == 1 else f"technical-{part.number}"
    return Table(key, labelled(part.short, model_words(res)), ("Item", "Value"), tuple(rows),
                 column_words=fact_heading())


def method_section(ctx: ReportContext, commands: tuple[str, ...]) -> Section:
    blocks: list[Any] = [Paragraph(_(METHOD_NOTE))]
    # Translators: labels inside the method notes.
    blocks.append(Paragraph(_("Technical details of each analysis"), "label"))
    for part in ctx.parts:
        blocks.append(technical_table(part))
        prefix = "technical-" if part.number == 1 else f"technical-{part.number}-"
        blocks += [t for t in result_tables(part.result, prefix=prefix)
                   if t.title == "Posterior summary"]
    # Translators: the footer refers to this label as 'Reproducing this report'.
    blocks.append(Paragraph(_("Reproducing this report"), "label"))
    if len(commands) > 1:
        blocks.append(Paragraph(_("The analyses were run with different settings; each command "
                                  "below reproduces some of them:")))
    blocks += [Paragraph(command, "mono") for command in commands]
    if ctx.extra.get("plan_command"):
        blocks += [Paragraph(_("The study plan comes from this command:")),
                   Paragraph(ctx.extra["plan_command"], "mono")]
    blocks += [Paragraph(_("References"), "label"), References(REFERENCES)]
    # Translators: a section's heading (the footer refers to it as the Method notes).
    return Section("method", _("Method notes and references"), tuple(blocks))
