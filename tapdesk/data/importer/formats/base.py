"""What every platform reader shares: the reading a recognised export gets, and the few table
edits they make (keep some columns, fold one-hot answers into one, put new cells in a column).

A platform reader never converts ratings itself: it names the columns that hold the subjects,
raters and ratings, leaves out the platform's bookkeeping, and the usual layouts do the rest.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.wording import Columns, Joined, Name, Quoted, Rows, Wording
from tapdesk.i18n import N_

TRUE_WORDS = {"true", "1", "yes", "checked", "on", "x", "selected", "wahr", "vrai", "ja", "oui"}
FALSE_WORDS = {"false", "0", "no", "unchecked", "off", "", "falsch", "faux", "nein", "non"}


@dataclass(frozen=True)
class Reading:
    """How a recognised export is read: its name in words, the layout it has (None: a survey
    with one row per respondent, read by the survey rule) and its columns' roles."""

    name: Wording
    layout: str | None = None
    subject: str | None = None
    rater: str | None = None
    rating: str | None = None
    item: str | None = None
    survey: str | None = None

    def columns(self) -> set[str]:
        return {c for c in (self.subject, self.rater, self.rating, self.item) if c}


def say(book: NoteBook, reading: Reading, how: Wording, columns=()) -> None:
    """The one note that names the export and how it is read."""
    # Translators: a recognised export and how it is read: {export} is the kind of export ("a
    # REDCap export"), {how} a clause saying how its columns are read.
    book.add("format", Wording.of(N_("{export}: {how}"), export=reading.name, how=how),
             columns=columns or sorted(reading.columns()), action="guessed")


def folded_names(table: Table) -> dict[str, str]:
    """Each column by its name in lower case without spaces, dots or underscores."""
    return {"".join(ch for ch in c.lower() if ch.isalnum()): c for c in table.columns}


def keep_columns(table: Table, book: NoteBook, keep: list[str], what: tuple[str, str],
                 **values: Any) -> Table:
    """Only the ``keep`` columns, in that order; the others left out in one note of the
    'format' rule: the reader that knows the export leaves them out, so the format's box
    governs them (with it off, the general rules read every column). ``what`` is the note's
    two forms (``Nn_``, by the number of columns left out), its ``{columns}`` filled here and
    its other fields by ``values``."""
    out = [c for c in table.columns if c not in keep]
    if out:
        book.add("format", Wording.ngettext(*what, len(out), columns=Columns(tuple(out)),
                                            **values), columns=out)
    return rebuild(table, {c: table.body[c].to_numpy(dtype=object) for c in keep})


def rebuild(table: Table, columns: dict[str, np.ndarray]) -> Table:
    """The table with these columns (name -> cells, one per body row)."""
    body = pd.DataFrame({c: pd.Series(v, dtype=object) for c, v in columns.items()})
    return Table(list(columns), body, table.rows, table.grid, table.header_row)


def drop_rows(table: Table, book: NoteBook, drop: np.ndarray, what: str, **values: Any) -> Table:
    """Leave out the marked rows with a 'format' note: the sentence ``what`` (marked ``N_``)
    with its ``{rows}`` filled here and its other fields by ``values``."""
    if not drop.any():
        return table
    rows = [table.row_of(int(i)) for i in np.flatnonzero(drop)]
    book.add("format", Wording.of(what, rows=Rows(tuple(rows)), **values), rows=rows)
    return table.keep_rows(~drop)


def truth_value(text: str) -> bool | None:
    """True for a ticked cell ('true', '1', 'Checked' ...), False for an unticked or empty one,
    None for anything else."""
    low = text.strip().lower()
    return True if low in TRUE_WORDS else False if low in FALSE_WORDS else None


def one_hot(table: Table, columns: list[str]) -> bool:
    """Every cell of these columns is ticked or unticked, and some are ticked."""
    cells = [truth_value(t) for c in columns for t in table.texts(c)]
    return len(columns) >= 2 and None not in cells and any(cells)


def fold_one_hot(table: Table, book: NoteBook, groups: dict[str, list[tuple[str, str]]],
                 where: str) -> Table:
    """Each group of one-hot columns (new name -> [(column, option)]) as one column holding the
    option ticked in each row; a row with none ticked has no rating, one with several is said
    and left without a rating (a single-choice question has one answer). ``where`` is the
    note's sentence (marked ``N_``), its ``{columns}`` and ``{group}`` filled here."""
    columns: dict[str, np.ndarray] = {}
    done: dict[str, Quoted | Joined] = {}
    for c in table.columns:
        group = next((g for g, members in groups.items() if c in dict(members)), None)
        if group is None:
            columns[c] = table.body[c].to_numpy(dtype=object)
        elif group not in columns:
            columns[group], many = _fold(table, groups[group])
            named = Quoted(tuple(c for c, _ in groups[group][:4]))
            done[group] = Joined((named, "..."), " ") if len(groups[group]) > 4 else named
            if many:
                rows = [table.row_of(i) for i in many]
                # Translators: {rows} is "row 5" or "rows 5 and 9"; {group} a question's name.
                book.add("format", Wording.ngettext(
                    "{rows} ticks more than one option of {group}, a question with one answer: "
                    "that cell was read as no rating",
                    "{rows} tick more than one option of {group}, a question with one answer: "
                    "those cells were read as no rating", len(rows), rows=Rows(tuple(rows)),
                    group=Name(group)), rows=rows, columns=[group], action="warning")
    for group, members in done.items():
        book.add("format", Wording.of(where, columns=members, group=Name(group)),
                 columns=[group] + [c for c, _ in groups[group]], action="kept")
    return rebuild(table, columns)


def _fold(table: Table, members: list[tuple[str, str]]) -> tuple[np.ndarray, list[int]]:
    ticked = np.array([[truth_value(t) is True for t in table.texts(c)] for c, _ in members]).T
    options = np.array([o for _, o in members] + [None], dtype=object)
    count = ticked.sum(axis=1)
    chosen = np.where(count == 1, ticked.argmax(axis=1), len(members))
    return options[chosen], [int(i) for i in np.flatnonzero(count > 1)]


def unwrap(text: str) -> tuple[str | None, int]:
    """A cell as some annotation tools write it: '{"choices": ["Positive"]}' or '["A"]' ->
    ('Positive', 1); several answers -> (None, n); plain text -> (text, 1); empty -> (None, 0)."""
    text = text.strip()
    if not text:
        return None, 0
    if text[0] not in "[{":
        return text, 1
    try:
        value = json.loads(text)
    except ValueError:
        return text, 1
    while isinstance(value, dict) and len(value) == 1:
        value = next(iter(value.values()))
    if isinstance(value, list):
        if len(value) != 1:
            return None, len(value)
        value = value[0]
    return (None, 0) if isinstance(value, (dict, list)) or value is None else (str(value), 1)


def varies_within(table: Table, group: str, col: str) -> bool:
    """Some value of ``group`` has two different values of ``col`` (answers differ between the
    people who rated one subject; what was shown to them does not)."""
    pairs = pd.DataFrame({"g": table.texts(group), "v": table.texts(col)})
    return bool((pairs.groupby("g")["v"].nunique() > 1).any())


def free_text(values: list[str]) -> bool:
    """Answers written rather than chosen: a line break, or mostly different sentences."""
    filled = [v for v in values if v]
    if any("\n" in v for v in filled):
        return True
    return len(filled) >= 2 and sum(" " in v for v in filled) >= 0.5 * len(filled) and \
        len(set(filled)) >= 0.6 * len(filled) and len(set(filled)) > 3


def melt(table: Table, ids: list[str], values: dict[str, str], item: str,
         rating: str) -> Table:
    """One row per id row and value column (column -> item name): long data with items."""
    n = len(table.body)
    cols = {c: np.tile(table.body[c].to_numpy(dtype=object), len(values)) for c in ids}
    cols[item] = np.repeat(np.array(list(values.values()), dtype=object), n)
    cols[rating] = np.concatenate([table.body[c].to_numpy(dtype=object) for c in values])
    body = pd.DataFrame({c: pd.Series(v, dtype=object) for c, v in cols.items()})
    return Table(list(cols), body, np.tile(table.rows, len(values)), table.grid, table.header_row)
