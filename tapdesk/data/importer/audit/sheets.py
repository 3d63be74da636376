"""Principle: a workbook is read from the sheet that holds ratings.

A workbook often opens on something else: instructions, a legend of the codes, a chart's
data, a numbered list of notes. When the sheet read first does not read as ratings (one rater,
cells that are sentences, values nearly all different as counts are, or a layout only guessed
at low confidence) and another sheet
does, that sheet is read, and a note names both and says why. A sheet the user chose stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from tapdesk.data.importer.model import Dataset, ImportNote
from tapdesk.data.importer.audit.said import with_notes
from tapdesk.data.wording import Count, Name, Quoted, Share, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

RULE = "ratings-sheet"
CONFIDENT = 0.7         # a layout found with less confidence is a guess to confirm
MAX_SHEETS = 12         # the sheets tried at the most
SENTENCE_WORDS = 4
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
        return first
    for name in list(others)[:MAX_SHEETS]:
        if name == sheet:
            continue
        try:
            other = read(name)
        except DataError:
            continue
        if why_not_ratings(other) is None:
            return _said(other, name, sheet, why)
    return first


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
