"""Choices the importer makes that change what is analysed, said as notes (issue 27, rule 5-6).

None of these rules leaves anything out on its own; each says a choice the user could not
see otherwise: the order given to a scale whose codes are only partly labelled, a table
with a single subject or a single rater, hidden rows and columns that were read, and the
categories listed per item.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.data.wording import Columns, Joined, Labelled, Name, Rows, Wording
from tapdesk.i18n import N_, formats


@dataclass(frozen=True)
class _Listed:
    """Values in a sentence, joined as the language of the moment joins them ('1', '1 and 2',
    '1, 2 and 3'; more than ``limit`` as '1, 2, 3 ... (12)')."""

    values: tuple[str | Labelled, ...]
    limit: int = 8

    def __format__(self, spec: str) -> str:
        values = [format(value) for value in self.values]
        if len(values) > self.limit:
            return ", ".join(values[:self.limit]) + f" ... ({len(values)})"
        return formats.joined(values)


def note_scale_order(scale: Scale, ordinal_asked: bool | None, book: NoteBook) -> None:
    """Say the order of a scale whose value labels name only some of its codes.

    Unlabelled codes are categories like the labelled ones, and every code takes its
    place in code order (1, 2, 3, 4, 5 for a scale labelled only at 1 and 5): the labels
    name codes, they do not order them.
    """
    if not scale.has_labels or all(scale.labels):
        return
    named = tuple(Labelled(c, lab) for c, lab in zip(scale.categories, scale.labels) if lab)
    bare = tuple(c for c, lab in zip(scale.categories, scale.labels) if not lab)
    # Translators: how a partly labelled scale was read, after its order (keep the leading
    # comma and space).
    if ordinal_asked is not None:
        how = Wording.of(N_(", read as ordinal as asked") if scale.ordinal else
                         N_(", read as nominal as asked"))
    elif scale.ordinal:
        how = Wording.of(N_(", read as ordinal (the file marks the scale ordinal)"))
    else:
        how = Wording.of(N_(", read as nominal (the file does not mark the scale ordinal); "
                            "declare the scale ordinal if that order holds"))
    # Translators: an import note; {named} lists the labelled codes ("1 ('poor') and 5
    # ('good')"), {bare} the others, {order} all codes joined by ", ", {how} how the scale was
    # read (starting with a comma).
    book.add("scale-order", Wording.of(N_("the value labels name only {named}, not {bare}: every "
                                          "code is a category, in code order ({order}){how}"),
                                       named=_Listed(named), bare=_Listed(bare),
                                       order=", ".join(scale.categories), how=how),
             action="kept",
             settings=() if scale.ordinal or ordinal_asked is not None else ("ordinal",))


def _two_names(names, codes: np.ndarray) -> set[str]:
    """Up to two of the names ``codes`` use: enough to tell one from several (by counting, not
    a sort or a set of a crowd file's millions of ids)."""
    used = np.flatnonzero(np.bincount(codes)) if len(codes) else np.zeros(0, np.int64)
    return {names[c] for c in used[:2].tolist()}


def note_too_few(tables: Mapping[str | None, RatingsTable], layout: str, book: NoteBook) -> None:
    """Warn when the whole file holds a single subject or a single rater.

    Agreement is measured over subjects rated by several raters; a file with one of either
    is read (it may be one part of a larger study), but the reading is most often a layout
    taken the wrong way round, so it is said, with the layout as the setting to check.
    """
    subjects: set[str] = set()
    raters: set[str] = set()
    named = False
    for t in tables.values():
        subjects |= _two_names(t.subject_ids, t.subject)
        if t.has_rater_ids:
            named = True
            raters |= _two_names(t.rater_ids, t.rater[t.rater >= 0])
    if len(subjects) == 1:
        (only,) = subjects
        # Translators: an import warning; {subject} is the subject's id as the file gives it.
        book.add("too-few", Wording.of(N_("the ratings are of one subject only ({subject}): "
                                          "agreement is measured over subjects, so most "
                                          "coefficients need two or more. Check the layout (are "
                                          "subjects and raters the right way round?)"),
                                       subject=Name(only)), action="warning", settings=("layout",))
    if named and len(raters) == 1 and layout != "contingency":
        (only,) = raters
        # Translators: an import warning; {rater} is the rater's name as the file gives it.
        book.add("too-few", Wording.of(N_("every rating is by one rater ({rater}): agreement "
                                          "needs two raters or more. Check the layout and the "
                                          "rater column"), rater=Name(only)),
                 action="warning", settings=("layout", "rater_col"))


def note_item_scales(tables: Mapping[str | None, RatingsTable], shared: Scale,
                     wanted: str | None, book: NoteBook) -> None:
    """Say that each item lists only its own categories, and that the shared scale remains.

    The chosen item (``wanted``) is named first when it is one of those narrowed.
    """
    narrowed = [(k, t.scale.categories) for k, t in tables.items()
                if k is not None and t.scale.categories != shared.categories]
    if not narrowed:
        return
    first = [n for n in narrowed if wanted is not None and str(n[0]).lower() == wanted.lower()]
    shown = (first + [n for n in narrowed if n not in first])[:3]
    # Translators: one item and the categories it uses; {item} is its name, {categories} the
    # categories listed ("1, 2 and 3").
    each = Joined(tuple(Wording.of(N_("item {item} uses {categories}"), item=Name(k),
                                   categories=_Listed(tuple(cats))) for k, cats in shown), "; ")
    # Translators: {items} is what each item uses ("item 'Q1' uses 1 and 2; item 'Q2' uses 2
    # and 3"); {scale} the shared scale's categories joined by ", ".
    said = Wording.of(N_("each item lists only the categories its ratings use: {items}, of the "
                         "scale the items share ({scale}). The items keep the shared scale's "
                         "order for the ordinal analyses; declare the categories to analyse an "
                         "item on the whole shared scale"),
                      items=each, scale=", ".join(shared.categories))
    if len(narrowed) > 3:
        # Translators: {items} and {scale} as above; {n} how many more items use fewer
        # categories.
        said = Wording.ngettext(
            "each item lists only the categories its ratings use: {items} (and {n} more item), of "
            "the scale the items share ({scale}). The items keep the shared scale's order for the "
            "ordinal analyses; declare the categories to analyse an item on the whole shared "
            "scale",
            "each item lists only the categories its ratings use: {items} (and {n} more items), "
            "of the scale the items share ({scale}). The items keep the shared scale's order for "
            "the ordinal analyses; declare the categories to analyse an item on the whole shared "
            "scale", len(narrowed) - 3, items=each, n=len(narrowed) - 3,
            scale=", ".join(shared.categories))
    book.add("items", said, action="kept", settings=("categories",))


def note_hidden(table, book: NoteBook) -> None:
    """Say which hidden rows and columns of a sheet were read as data.

    Hiding a row or a column (or filtering it out of view) changes what the sheet shows,
    not what it holds: the cells are the file's data, so they are read like the others
    (rows and columns that other rules leave out stay out). The user who hid them to set
    them aside is told which they are, as a warning, so that no rating is counted unseen.
    """
    grid = table.grid
    rows = [int(r) for r in table.rows if int(r) in grid.hidden_rows]
    hidden_cols = grid.hidden_columns
    cols = [] if hidden_cols is None else \
        [c for c, h in zip(table.columns, hidden_cols[:len(table.columns)]) if h]
    if not rows and not cols:
        return
    # Translators: what is hidden in a sheet: "rows 3-5 and column 'x'".
    what = Wording.of(N_("{rows} and {columns}"), rows=Rows(tuple(rows)),
                      columns=Columns(tuple(cols))) if rows and cols else \
        Rows(tuple(rows)) if rows else Columns(tuple(cols))
    # Translators: an import warning; {what} names the rows and columns ("rows 3-5"), {sheet}
    # the sheet's name.
    book.add("hidden", Wording.ngettext(
        "{what} of sheet {sheet} is hidden and was read like the others: hiding changes what a "
        "sheet shows, not what it holds. Delete it in the file if it must not count",
        "{what} of sheet {sheet} are hidden and were read like the others: hiding changes what "
        "a sheet shows, not what it holds. Delete them in the file if they must not count",
        len(rows) + len(cols), what=what, sheet=Name(grid.sheet)),
        rows=rows, columns=cols, action="warning")
