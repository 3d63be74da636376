"""Principle: a workbook is read from the sheet that holds ratings.

A workbook often opens on something else: instructions, a legend of the codes, a chart's
data, a numbered list of notes. When the sheet read first does not read as ratings (one rater,
cells that are sentences, values nearly all different as counts are, or a layout only guessed
at low confidence) and another sheet
does, that sheet is read, and a note names both and says why. A sheet the user chose stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from tapdesk.data.importer.audit.said import with_notes
from tapdesk.data.importer.model import Dataset, ImportNote
from tapdesk.data.importer.words import name_tokens
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.wording import Count, Name, Quoted, Sentences, Share, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

RULE = "ratings-sheet"
CONFIDENT = 0.7         # a layout found with less confidence is a guess to confirm
MAX_SHEETS = 12         # the sheets tried at the most
SENTENCE_WORDS = 4
STALE = ("sheet", "too-few", "rater-file")
"""The rules whose warnings on one sheet's reading no longer hold when the sheets are read as
one panel (which sheet was read, one rater only, the raters' details from a sheet)."""
MANY_VALUES = 5         # categories that, each given about once, are no rating scale


def why_not_ratings(dataset: Dataset) -> Wording | None:
    """Why a reading is not a table of ratings by two raters or more (None when it is)."""
    table = dataset.table
    if len(table.rater_ids) < 2:
        # Translators: why a sheet holds no ratings (a clause); {n} a count of ratings.
        return Wording.of(N_("it reads as {n} ratings by one rater"), n=Count(table.n_ratings))
    said = tuple(c for c in table.scale.categories if len(c.split()) >= SENTENCE_WORDS)
    if said:
        # Translators: why a sheet holds no ratings (a clause); {values} cells, quoted.
        return Wording.of(N_("its cells are sentences such as {values}"), values=Quoted(said[:2]))
    categories = len(table.scale.categories)
    if categories >= MANY_VALUES and table.n_ratings < 2 * categories:
        # Translators: why a sheet holds no ratings (a clause); {n} and {k} counts.
        return Wording.of(N_("its {n} values are nearly all different ({k} of them), as counts "
                             "or results are, not categories"),
                          n=Count(table.n_ratings), k=Count(categories))
    if dataset.confidence < CONFIDENT:
        # Translators: why a sheet holds no ratings (a clause); {confidence} a percent.
        return Wording.of(N_("its layout is only a guess ({confidence:.0%})"),
                          confidence=Share(dataset.confidence))
    return None


def sheet_of_ratings(first: Dataset, sheet: str, others: Iterable[str],
                     read: Callable[[str], Dataset]) -> Dataset:
    """``first`` (read from ``sheet``) or, when it is not ratings, the first of the ``others``
    that is, with a note saying which sheet was read and why."""
    why = why_not_ratings(first)
    if why is None:
        return _past_an_example(first, sheet, others, read)
    lone: dict[str, Dataset] = {sheet: first} if len(first.table.rater_ids) == 1 else {}
    for name in list(others)[:MAX_SHEETS]:
        if name == sheet:
            continue
        try:
            other = read(name)
        except DataError:
            continue
        if why_not_ratings(other) is None:
            return _said(other, name, sheet, why)
        if len(other.table.rater_ids) == 1:
            lone[name] = other
    return sheets_as_raters(first, lone)


EXAMPLE_WORDS = frozenset({"example", "examples", "sample", "demo", "template", "beispiel",
                           "muster", "exemple", "ejemplo", "esempio", "exemplo", "voorbeeld"})
"""A sheet so named shows how to fill the form in (made-up subjects), in the languages TapDesk
speaks and in Italian, Portuguese and Dutch."""


def _past_an_example(first: Dataset, sheet: str, others: Iterable[str],
                     read: Callable[[str], Dataset]) -> Dataset:
    """``first``, or where its sheet is named as an example ('Example': a few made-up
    subjects filled in to show how) the first later sheet whose ratings are by the same raters
    of more subjects: the form's real data."""
    if not EXAMPLE_WORDS & set(name_tokens(sheet)):
        return first
    raters = set(first.table.rater_ids)
    for name in list(others)[:MAX_SHEETS]:
        if name == sheet:
            continue
        try:
            other = read(name)
        except DataError:
            continue
        if why_not_ratings(other) is None and set(other.table.rater_ids) == raters and \
                len(other.table.subject_ids) > len(first.table.subject_ids):
            n = len(first.table.subject_ids)
            # Translators: why a sheet holds no ratings (a clause); {n} a count of subjects.
            return _said(other, name, sheet, Wording.ngettext(
                "its name says it is an example, filled in for {n} subject to show how",
                "its name says it is an example, filled in for {n} subjects to show how", n,
                n=Count(n)))
    return first


def sheets_as_raters(first: Dataset, lone: dict[str, Dataset]) -> Dataset:
    """Sheets that each hold one rater's ratings of the same subjects on one scale (a sheet
    per rater) read together, each sheet one rater named by the sheet; ``first`` when fewer
    than two sheets are such."""
    tables = {name: d.table for name, d in lone.items() if d.table.n_ratings >= 2}
    if len(tables) < 2 or not _one_panel(list(tables.values())):
        return first
    triples = [(t.subject_ids[s], name, t.scale.categories[r])
               for name, t in tables.items() for s, r in zip(t.subject, t.rating)]
    subjects, raters, ratings = zip(*triples)
    base = first.table
    table = RatingsTable.from_labels(list(subjects), list(raters), list(ratings),
                                     ordinal=base.scale.ordinal,
                                     provenance=replace(first.provenance, layout="long",
                                                        sheet=None))
    # Translators: an import note; {sheets} sheets' names, listed; {n} a count of subjects.
    wording = Wording.of(N_("the sheets {sheets} each hold one rater's ratings of the same "
                            "subjects on one scale: they were read together, each sheet one rater "
                            "({n} subjects)"), sheets=Quoted(tuple(tables)),
                         n=Count(len(table.subject_ids)))
    note = ImportNote(RULE, wording, (), (), "guessed", None, False, ("sheet",))
    stale = [n for n in first.import_notes if n.rule in STALE and n.action == "warning"]
    combined = replace(first, table=table, layout="long", item_tables={}, items=(),
                       mapping=(("rater", "(sheet names)"),), rater_attributes={},
                       import_notes=tuple(n for n in first.import_notes if n not in stale),
                       warnings=Sentences(w for w in first.warnings.data()
                                          if w not in [n.wording for n in stale])
                       if isinstance(first.warnings, Sentences) else first.warnings)
    return with_notes(combined, (note,))


def _one_panel(tables: list) -> bool:
    """One scale and one set of subjects: every sheet shares a category and most subjects
    with the first."""
    first = tables[0]
    for t in tables[1:]:
        shared = set(t.subject_ids) & set(first.subject_ids)
        if not set(t.scale.categories) & set(first.scale.categories) or \
                len(shared) < 0.5 * min(len(t.subject_ids), len(first.subject_ids)):
            return False
    return True


def _said(dataset: Dataset, name: str, first: str, why: Wording) -> Dataset:
    t = dataset.table
    # Translators: an import note; {sheet} and {first} sheets' names, {raters} and
    # {subjects} counts; {why} why the first sheet holds no ratings (a clause).
    wording = Wording.of(N_("sheet {sheet} was read: it holds {subjects} subjects rated by "
                            "{raters} raters, while sheet {first}, the first, holds no ratings "
                            "({why}). Choose the sheet if that is not the one"),
                         sheet=Name(name), first=Name(first), why=why,
                         subjects=Count(len(t.subject_ids)), raters=Count(len(t.rater_ids)))
    return with_notes(dataset, (ImportNote(RULE, wording, (), (), "guessed", None, False,
                                           ("sheet",)),))
