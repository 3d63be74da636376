"""The reading audit: every principle over every reading, and the file read again when a
principle acts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tapdesk.data.importer.audit.alike import odd_name_is_no_rater
from tapdesk.data.importer.audit.apart import apart_column_is_no_rater
from tapdesk.data.importer.audit.computed import computed_is_no_rater
from tapdesk.data.importer.audit.counts import counts_are_no_ratings
from tapdesk.data.importer.audit.dated import dates_are_no_raters
from tapdesk.data.importer.audit.derived import agreement_is_no_rater
from tapdesk.data.importer.audit.finding import ACT, REFUSE, AuditRefusal, Finding, Reread
from tapdesk.data.importer.audit.means import means_are_no_subjects
from tapdesk.data.importer.audit.previews import test_responses_are_no_ratings
from tapdesk.data.importer.audit.questions import questions_are_no_raters
from tapdesk.data.importer.audit.raters import raters_share_the_scale
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.audit.reference import adjudicator_is_no_rater
from tapdesk.data.importer.audit.rows import rows_hold_ratings
from tapdesk.data.importer.audit.said import with_flags, with_notes
from tapdesk.data.importer.audit.scale import (
    categories_repeat,
    ranges_are_said,
    ratings_without_extras,
)
from tapdesk.data.importer.audit.selfrated import raters_do_not_rate_themselves
from tapdesk.data.importer.audit.sessions import ratings_once_per_session
from tapdesk.data.importer.audit.summaries import summary_rows_are_no_ratings
from tapdesk.data.importer.audit.ticks import blanks_of_a_tick_list_are_answers
from tapdesk.data.importer.audit.totals import totals_are_no_ratings
from tapdesk.data.importer.audit.twins import codes_and_labels_are_one_rater
from tapdesk.data.importer.budget import checkpoint
from tapdesk.data.importer.flags import option_flags
from tapdesk.data.importer.model import Dataset, ImportOptions
from tapdesk.data.importer.notes import RULE_WORDS, SWITCHABLE, NoteBook
from tapdesk.data.importer.values import ManyLabels, Measurements
from tapdesk.data.wording import Worded, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

PRINCIPLES: tuple[Callable[[Reading], list[Finding]], ...] = (
    test_responses_are_no_ratings, summary_rows_are_no_ratings, means_are_no_subjects,
    ratings_without_extras,
    questions_are_no_raters, totals_are_no_ratings,
    categories_repeat, counts_are_no_ratings,
    codes_and_labels_are_one_rater, agreement_is_no_rater, computed_is_no_rater,
    blanks_of_a_tick_list_are_answers,
    raters_share_the_scale,
    adjudicator_is_no_rater, odd_name_is_no_rater, apart_column_is_no_rater, rows_hold_ratings,
    ratings_once_per_session,
    ranges_are_said,
    dates_are_no_raters, raters_do_not_rate_themselves)
"""Each principle a reading must meet, in the order they are asked."""
RULES = ("counts", "code-label", "rater-scale", "tick-list", "spellings", "reference-answer",
         "not-a-subject", "sessions", "structured-cells", "test-responses", "self-ratings")
"""The rules of the principles that act (each can be switched off)."""
MAX_PASSES = 5
"""How often one import is read again at the most (each pass acts on what the last found)."""


def audit_reading(reading: Reading, book: NoteBook) -> None:
    """Ask every principle of ``reading``: its flags go into ``book`` as warnings; when any
    finding acts (and its rule is on), :class:`Reread` is raised to read the file again."""
    found: list[Finding] = []
    for principle in PRINCIPLES:
        checkpoint(N_("checking the reading"))
        said = principle(reading)
        for f in said:
            if f.kind == REFUSE and book.enabled(f.rule):
                _offer_switch(f.rule, book)
                raise AuditRefusal(f.wording, file=reading.table.file,
                                   settings=("column_roles", "layout"))
        acts = tuple(f for f in said if f.kind == ACT and book.enabled(f.rule))
        if acts:         # read again with these first: the later principles judge that reading
            raise Reread(acts)
        found += said
    for f in found:
        if f.kind != ACT and (f.kind != REFUSE or not book.enabled(f.rule)):
            book.add(f.rule, f.wording, columns=f.columns, rows=f.rows, action="warning",
                     suggested_same=f.same, settings=("same_as",) if f.same else ())


def _offer_switch(rule: str, book: NoteBook) -> None:
    """A note naming the rule that refuses the reading, so the preview offers its box (the
    refusal itself is said at the top): switched off, the file is read as detected."""
    if rule not in SWITCHABLE:
        return
    # Translators: an import note under a refused reading; {rule} what an importer rule does
    # ("refuse a sheet with one row per rater whose rows add up ...").
    book.add(rule, Wording.of(N_("this reading was refused by a rule (why is said at the top); "
                                 "switch it off to read the file as detected anyway. The rule: "
                                 "{rule}"), rule=Wording.of(RULE_WORDS[rule])), action="guessed")


def audited(read: Callable[[ImportOptions], Dataset], options: ImportOptions) -> Dataset:
    """The Dataset ``read`` makes with ``options``, read again with what the audit found until
    no principle acts (at most :data:`MAX_PASSES` times); each act is said in an import note
    the user can switch off, and a change that would have the file refused is not made."""
    flags = option_flags(options)         # what the user told the importer, before any act
    acted: list[Finding] = []
    before: tuple[ImportOptions, int] | None = None
    principle_refused: DataError | None = None
    for _ in range(2 * MAX_PASSES):
        try:
            return with_flags(_with_acts(read(options), acted), flags)
        except Reread as again:
            if len(acted) >= MAX_PASSES * 8:
                break
            before = (options, len(acted))
            for f in again.findings:
                options = f.applied(options)
            acted += again.findings
        except DataError as refused:
            if isinstance(getattr(refused, "error", refused), AuditRefusal):
                principle_refused = refused
            narrower = _narrower(refused, options)
            if narrower:      # the raters' own scores are categories: read them without the rest
                before = (options, len(acted))
                for f in narrower:
                    options = f.applied(options)
                acted += narrower
                continue
            if before is None or _measurements(refused):
                # what is left are measurements: no column taken out made them so; a principle
                # that refused the reading without them says better what the file is
                if principle_refused is not None and _measurements(refused):
                    raise principle_refused from None
                raise
            options, kept = before       # the change left nothing to read: not made
            undone, acted, before = acted[kept:], acted[:kept], None
            _refuse_instead(undone, refused)
            options = replace(options, rules_off=options.rules_off +
                              tuple(sorted({f.rule for f in undone})))
    return with_flags(_with_acts(read(replace(options, rules_off=options.rules_off + RULES)), acted),
                      flags)


def _narrower(refused: DataError, options: ImportOptions) -> tuple[Finding, ...]:
    """The findings that read a file refused as measurements on its raters' own scale (none
    when the rule is off or the user named the columns)."""
    error = getattr(refused, "error", refused)
    if not isinstance(error, (Measurements, ManyLabels)) or "rater-scale" in options.rules_off or \
            options.column_roles:
        return ()
    return tuple(f for f in error.narrower if isinstance(f, Finding))


def _measurements(refused: DataError) -> bool:
    """The refusal says the ratings are measurements, not categories."""
    return isinstance(getattr(refused, "error", refused), Measurements)


def _refuse_instead(undone: list[Finding], refused: DataError) -> None:
    """The refusal of a finding that may not fall back to the reading it found wrong."""
    for f in undone:
        if f.refusal is not None:
            # Translators: a refusal; {refusal} what the file is, {why} why it cannot be read
            # as such (both clauses).
            raise DataError(Wording.of(N_("{refusal} ({why})"), refusal=f.refusal,
                                       why=refused.wording), file=refused.file,
                            settings=refused.settings) from refused


def _with_acts(dataset: Dataset, acted: list[Finding]) -> Dataset:
    """``dataset`` with the notes of what the audit did, and the roles it gave columns."""
    if not acted:
        return dataset
    left = {c: f"left out ({f.rule})" for f in acted if f.action == "left out" for c in f.columns}
    roles = tuple((c, left.get(c, r)) for c, r in dataset.column_roles)
    laid = [f for f in acted if f.layout is not None]
    reason = Worded(laid[-1].reason or laid[-1].wording) if laid else dataset.reason
    return with_notes(dataset, tuple(f.said_as(dict(roles)).note() for f in acted),
                      column_roles=roles, reason=reason)
