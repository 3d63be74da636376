"""The report's section "Against the reference answer": the raters against each reference
answer the data hold (``ReportInputs.references``), in the engine's words and table
(:mod:`tapdesk.engine.validity`), beside the first analysis that can set its t beside the
reference's share of Class 1."""

from __future__ import annotations

from typing import Any

from tapdesk.engine.validity import ValidityResult, validity_for_fit
from tapdesk.errors import TapDeskError
from tapdesk.i18n import N_, _, ngettext
from tapdesk.report.context import Part, ReportContext
from tapdesk.report.document import BulletList, Paragraph, Section, Table

# Translators: a section's heading (the data's reference answer against the raters).
TITLE = N_("Against the reference answer")


def validity_part(ctx: ReportContext) -> Part | None:
    """The analysis the check is set beside: the first two-class fit with its ratings, else the
    first analysis with its ratings (None when no analysis has them)."""
    with_table = [p for p in ctx.parts if p.table is not None]
    binary = [p for p in with_table if p.result.class_choice is not None]
    chosen = binary or with_table
    return chosen[0] if chosen else None


def report_checks(ctx: ReportContext) -> tuple[ValidityResult, ...]:
    """The checks the report prints (none without a reference answer or ratings)."""
    part = validity_part(ctx)
    if not ctx.inputs.references or part is None:
        return ()
    assert part.table is not None
    return validity_for_fit(part.result, part.table, ctx.inputs.references)


def validity_section(ctx: ReportContext) -> Section | None:
    if not ctx.inputs.references:
        return None
    part = validity_part(ctx)
    if part is None:
        return Section("validity", _(TITLE), (Paragraph(
            _("The data hold a reference answer, but the report was given no ratings to compare "
              "with it.")),))
    try:
        checks = report_checks(ctx)
    except TapDeskError as exc:
        # Translators: {reason} says why (the engine's words).
        return Section("validity", _(TITLE), (Paragraph(
            # Translators: {reason} says why the validity check could not be made (the engine's
            # words).
            _("The check could not be made: {reason}").format(reason=exc)),))
    # Translators: {n} is the number of reference answers the data hold, {analysis} an
    # analysis's short name ("Analysis 1").
    lead = ngettext("The data hold a reference answer beside the raters (kept out of every "
                    "analysis). Here each rater, every rating and the raters' majority vote are "
                    "set against it, on the ratings of {analysis}.",
                    "The data hold {n} reference answers beside the raters (kept out of every "
                    "analysis). Here each rater, every rating and the raters' majority vote are "
                    "set against it, on the ratings of {analysis}.", len(checks))
    blocks: list[Any] = [Paragraph(lead.format(n=len(checks), analysis=part.short), "lead")]
    for number, check in enumerate(checks, start=1):
        shown = check.table()
        blocks += [BulletList(check.sentences()),
                   Table(f"validity-{number}" if number > 1 else "validity", shown.title,
                         shown.columns, shown.rows, note=shown.note)]
    return Section("validity", _(TITLE), tuple(blocks))
