"""Rules on the rows below the header: repeated header rows (exports pasted together), the
extra header rows of survey exports (Qualtrics), and footer rows (totals, means, notes).

A row is only ever left out with an ImportNote naming it; a row that looks like a footer
but holds ordinary ratings is kept, and the note says so.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from tapdesk.data.importer.notes import NoteBook, row_list
from tapdesk.data.importer.table import Table, shape
from tapdesk.data.importer.values import cell_text
from tapdesk.data.importer.words import fold, is_footer_label, is_note_text
from tapdesk.data.scale import numeric_value
from tapdesk.errors import DataError

_FOOTER_SCAN = 15
QUALTRICS_NAMES = {"startdate", "enddate", "status", "ipaddress", "progress", "durationinseconds",
                   "finished", "recordeddate", "responseid", "recipientlastname",
                   "recipientfirstname", "recipientemail", "externalreference",
                   "locationlatitude", "locationlongitude", "distributionchannel", "userlanguage",
                   "externaldatareference"}


def _lowered(table: Table) -> np.ndarray:
    """Body cells as stripped lower-case text (cleaned once per distinct value)."""
    values = table.body.to_numpy(dtype=object)
    codes, uniques = pd.factorize(values.ravel(), use_na_sentinel=True)
    clean = np.array([cell_text(u).strip().lower() for u in uniques] + [""], dtype=object)
    return clean[codes].reshape(values.shape)


def apply_row_rules(table: Table, book: NoteBook) -> Table:
    if table.grid.names is not None or table.header_row is None:
        return table
    if book.enabled("repeated-header"):
        table = _repeated_headers(table, book)
    if book.enabled("extra-header-rows"):
        table = _extra_header_rows(table, book)
    if book.enabled("footer-rows"):
        table = _footer_rows(table, book)
    if len(table.body) == 0:
        raise DataError("no data rows are left once the header, title and footer rows are set "
                        "aside", file=table.file)
    return table


def leave_out_rows(table: Table, book: NoteBook, rule: str, drop: np.ndarray, what: str) -> Table:
    """Drop the body rows marked in ``drop`` with one note: '<rows> <what>, and were left out'
    ({s} in ``what`` becomes 's' for a single row)."""
    if not drop.any():
        return table
    rows = [table.row_of(i) for i in np.flatnonzero(drop)]
    one = len(rows) == 1
    book.add(rule, f"{row_list(rows)} {what.format(s='s' if one else '')}, and "
             f"{'was' if one else 'were'} left out", rows=rows)
    return table.keep_rows(~drop)


# --------------------------------------------------------- repeated header
def _repeated_headers(table: Table, book: NoteBook) -> Table:
    names = np.array([c.strip().lower() for c in table.columns], dtype=object)
    named = np.array([not c.startswith("column ") and numeric_value(c) is None
                      for c in table.columns])
    if named.sum() < 2:
        return table
    low = _lowered(table)
    same = ((low == names) & named).sum(axis=1)
    anywhere = np.isin(low, names[named]).sum(axis=1)
    need = max(2, int(np.ceil(0.6 * named.sum())))
    header_names = set(names[named])
    moved = [i for i in np.flatnonzero((anywhere >= need) & (same < anywhere))
             if len(set(low[i]) & header_names) >= need]
    if len(moved):
        i = int(moved[0])
        raise DataError("this row repeats the column names in another order: the file seems to "
                        "hold two tables pasted together with different columns. Put each table "
                        "in its own file (or make the columns match)", file=table.file,
                        row=table.row_of(i))
    repeats = np.flatnonzero(same >= need)
    if not len(repeats):
        return table
    drop = np.zeros(len(low), dtype=bool)
    drop[repeats] = True
    filled = (low != "").sum(axis=1)
    for i in repeats:                     # the title line of the second export, if any
        k = i - 1
        while k >= 0 and filled[k] <= 1 and not drop[k]:
            drop[k] = True
            k -= 1
    return leave_out_rows(table, book, "repeated-header", drop, "repeat{s} the header row (or its "
                          "title), as when two exports are pasted together")


# ------------------------------------------------------ extra header rows
def _extra_header_rows(table: Table, book: NoteBook) -> Table:
    """Rows right below the header holding question texts or {"ImportId": ...} (Qualtrics)."""
    folded = [fold(c) for c in table.columns]
    meta = [j for j, f in enumerate(folded) if f in QUALTRICS_NAMES]
    if len(meta) < 3:
        return table
    low = _lowered(table)
    drop = np.zeros(len(low), dtype=bool)
    for i in range(min(len(low), 3)):
        row = low[i]
        import_id = sum(str(v).startswith('{"importid"') for v in row)
        labels = sum(fold(row[j]) == folded[j] or fold(row[j]) in ("responsetype", "responseid")
                     for j in meta)
        if import_id >= 2 or labels >= 3:
            drop[i] = True
        else:
            break
    return leave_out_rows(table, book, "extra-header-rows", drop, "below the header hold{s} the "
                          "survey's question texts and import ids (a Qualtrics export), not "
                          "responses")


# ------------------------------------------------------------ footer rows
def _footer_rows(table: Table, book: NoteBook) -> Table:
    """The block of totals, means and notes at the bottom of the data."""
    n = len(table.body)
    if n < 3:
        return table
    low = _lowered(table)
    raw = low != ""
    formulas = table.formulas
    kinds: dict[int, str] = {}
    for i in range(n - 1, max(n - 1 - _FOOTER_SCAN, 0), -1):
        kind = _footer_kind(table, low, raw, formulas, i)
        if kind is None:
            break
        kinds[i] = kind
    if not kinds or len(kinds) >= n - 1:
        return table
    top = min(kinds)
    decisive = [i for i, k in kinds.items() if k == "formula" or
                (k == "word" and _unusual_values(low, raw, i, top))]
    notes = [i for i, k in kinds.items() if k == "note"]
    words = [i for i, k in kinds.items() if k in ("word", "formula")]
    drop = set(notes) | (set(words) if decisive else set())
    kept = sorted(set(words) - drop)
    if kept:
        rows = [table.row_of(i) for i in kept]
        book.add("footer-rows", f"{row_list(rows)} at the bottom start{'s' if len(rows) == 1 else ''} "
                 f"with '{cell_text(table.body.iat[kept[0], _label_col(raw, kept[0])]).strip()}' like "
                 "a totals row, but hold ordinary ratings, so "
                 f"{'it was' if len(rows) == 1 else 'they were'} kept as data", rows=rows,
                 action="kept")
    mask = np.zeros(n, dtype=bool)
    mask[list(drop)] = True
    shown = ", ".join(sorted({f"'{cell_text(table.body.iat[i, _label_col(raw, i)]).strip()[:30]}'"
                              for i in drop}))
    return leave_out_rows(table, book, "footer-rows", mask, "below the data hold{s} totals, "
                          f"summaries or notes ({shown}), not ratings")


def _label_col(raw: np.ndarray, i: int) -> int:
    filled = np.flatnonzero(raw[i])
    return int(filled[0]) if len(filled) else 0


def _label(low: np.ndarray, raw: np.ndarray, i: int) -> str | None:
    """The label of a row: its first filled cell, when that is in the first two columns."""
    j = _label_col(raw, i)
    return str(low[i, j]) if raw[i, j] and j <= 1 else None


def _footer_kind(table: Table, low, raw, formulas, i: int) -> str | None:
    filled = np.flatnonzero(raw[i])
    if not len(filled):
        return None
    text = cell_text(table.body.iat[i, int(filled[0])]).strip()
    if len(filled) == 1 and is_note_text(text):
        return "note"
    if formulas is not None and len(filled) >= 2 and formulas[i, filled].sum() >= 0.5 * (len(filled) - 1) \
            and formulas[i, filled].any():
        return "formula"
    label = _label(low, raw, i)
    if label is not None and is_footer_label(text):
        if formulas is not None and formulas[i].any():
            return "formula"
        return "word"
    if len(filled) == 1 and len(text.split()) >= 4 and \
            shape(text) not in {shape(cell_text(v).strip()) for v in table.body.iloc[:i, filled[0]]}:
        return "note"                     # a free-text sentence in one cell
    return None


def _unusual_values(low: np.ndarray, raw: np.ndarray, i: int, top: int) -> bool:
    """True when a value of row ``i`` (besides its label) occurs nowhere in the data above
    (outside the label's column): a total, a mean or a count, not a rating."""
    cells = np.flatnonzero(raw[i])
    if len(cells) < 2:
        return False
    label = int(cells[0])
    others = np.delete(low[:top], label, axis=1)
    ordinary = set(pd.unique(others.ravel()))
    return any(low[i, j] not in ordinary for j in cells[1:])
