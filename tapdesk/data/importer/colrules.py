"""Rules on the columns before the layout is detected: metadata columns of REDCap and
Qualtrics exports, row-name columns (R's ``write.csv``), and calculated columns (means,
totals, formulas). None of these is ever a rater.

The rules return :class:`Hints` for the layout detection: a row-name column that must
serve as the subject id, or a survey export whose rows are raters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from tapdesk.data.importer.notes import NoteBook, column_list
from tapdesk.data.importer.rowrules import QUALTRICS_NAMES
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.words import (ITEM_WORDS, MEAN_NAMES, NUMBER_WORDS, RATER_WORDS,
                                         SUBJECT_WORDS, SUM_NAMES, fold)
from tapdesk.data.scale import numeric_value

_REDCAP = re.compile(r"^(redcap_(event_name|repeat_instrument|repeat_instance|data_access_group|"
                     r"survey_identifier)|.+_complete|.+_timestamp)$", re.IGNORECASE)
_REDCAP_LABELS = {"eventname", "repeatinstrument", "repeatinstance", "dataaccessgroup",
                  "surveyidentifier", "surveytimestamp", "complete"}
_FORMS = {"timestamp", "zeitstempel", "horodateur", "marcatemporal", "informazionicronologiche"}
_QUALTRICS_EXTRA = re.compile(r"^Q_[A-Za-z]")


@dataclass
class Hints:
    """What the column rules learned for the layout detection."""

    subject: str | None = None            # a row-name column to use as the subject id
    rater: str | None = None              # e.g. REDCap events that name the raters
    rows_are_raters: str | None = None    # a survey export: one row per respondent (rater id column)


def apply_column_rules(table: Table, book: NoteBook, named: set[str]) -> tuple[Table, Hints]:
    """Leave out metadata, row-name and calculated columns (never a column the user named)."""
    hints = Hints()
    if book.enabled("metadata-columns"):
        table = _metadata(table, book, named, hints)
    if book.enabled("row-names"):
        table = _row_names(table, book, named, hints)
    if book.enabled("calculated-columns"):
        table = _calculated(table, book, named | {hints.subject, hints.rater} - {None})
    return table, hints


# ---------------------------------------------------------------- metadata
def is_metadata(name: str) -> bool:
    f = fold(name)
    return bool(_REDCAP.match(name.strip())) or f in QUALTRICS_NAMES or f in _REDCAP_LABELS \
        or f in _FORMS or bool(_QUALTRICS_EXTRA.match(name.strip())) or f.startswith("recipient") \
        or f.startswith("location")


def _metadata(table: Table, book: NoteBook, named: set[str], hints: Hints) -> Table:
    meta = [c for c in table.columns if c not in named and is_metadata(c)]
    if not meta:
        return table
    folded = {fold(c): c for c in table.columns}
    survey = "responseid" in folded and sum(fold(c) in QUALTRICS_NAMES for c in meta) >= 3
    event = next((c for c in meta if c.strip().lower() == "redcap_event_name"), None)
    if event and _events_name_raters(table, event, meta):
        meta.remove(event)
        hints.rater = event
        book.add("metadata-columns", f"each record has one row per event in '{event}' and no "
                 "rater column, so the events were read as the raters (e.g. "
                 f"{', '.join(sorted(set(table.texts(event)))[:3])}); if the events are time "
                 "points, these are not ratings of the same thing by different raters",
                 columns=[event], action="guessed")
    if survey:
        rid = folded["responseid"]
        meta.remove(rid)
        hints.rows_are_raters = rid
    table = table.drop_columns(meta)
    book.add("metadata-columns", f"{column_list(meta)} hold{'s' if len(meta) == 1 else ''} "
             f"export metadata ({'Qualtrics' if survey else 'REDCap or survey'} bookkeeping such "
             "as dates, status and progress), not ratings, and "
             f"{'was' if len(meta) == 1 else 'were'} left out", columns=meta)
    return table


def _events_name_raters(table: Table, event: str, meta: list[str]) -> bool:
    """REDCap events name the raters when each record repeats once per event and nothing else
    names a rater."""
    if any(fold(c) in RATER_WORDS for c in table.columns if c not in meta):
        return False
    record = table.columns[0]
    pairs = list(zip(table.texts(record), table.texts(event)))
    return len(set(e for _, e in pairs)) >= 2 and len(set(pairs)) == len(pairs) and \
        len(set(r for r, _ in pairs)) < len(pairs)


# --------------------------------------------------------------- row names
def _row_names(table: Table, book: NoteBook, named: set[str], hints: Hints) -> Table:
    """An unnamed (or number-headed) first column of unique values: R's row names."""
    first = table.columns[0]
    if first in named or len(table.columns) < 3:
        return table
    unnamed = first == "column 1"
    if not (unnamed or fold(first) in NUMBER_WORDS):
        return table
    values = table.texts(first)
    if not all(values) or len(set(values)) != len(values):
        return table
    if set(values) & {fold(c) for c in table.columns[1:]} | set(table.columns[1:]) & set(values):
        return table                      # labels matching the header: a contingency table
    sequence = values == [str(i) for i in range(1, len(values) + 1)]
    if not unnamed and not sequence:
        return table
    other = next((c for c in table.columns[1:] if c in named or fold(c) in SUBJECT_WORDS
                  or fold(c) in ITEM_WORDS), None)
    what = f"numbers the rows 1 to {len(values)}" if sequence else "holds a different value in every row"
    where = "has no name" if unnamed else f"is headed '{first}'"
    if other is not None:
        book.add("row-names", f"the first column {where} and {what} (row names, as R's write.csv "
                 f"writes them); '{other}' holds the subject ids, so it was left out",
                 columns=[first])
        return table.drop_columns([first])
    hints.subject = first
    book.add("row-names", f"the first column {where} and {what} (row names, as R's write.csv "
             "writes them); no other column holds subject ids, so these are the subject ids",
             columns=[first], action="kept")
    return table


# -------------------------------------------------------- calculated columns
def _numeric(table: Table, col: str, limit: int = 5000) -> np.ndarray | None:
    """Float values of a column (NaN where empty); None when a filled cell is not a number."""
    texts = table.texts(col, limit=limit)
    out = np.full(len(texts), np.nan)
    for i, t in enumerate(texts):
        if t:
            v = numeric_value(t.replace(",", ".") if t.count(",") == 1 and "." not in t else t)
            if v is None:
                return None
            out[i] = v
    return out


def _decimals(table: Table, col: str, limit: int = 5000) -> int:
    """The most decimals any cell of a numeric column shows."""
    return max((len(t.replace(",", ".").split(".")[1]) for t in table.texts(col, limit=limit)
                if "." in t.replace(",", ".")), default=0)


def _calculated(table: Table, book: NoteBook, protected: set[str]) -> Table:
    found: dict[str, str] = {}
    candidates = [c for c in table.columns if c not in protected]
    if table.formulas is not None and len(table.body):
        for j, c in enumerate(table.columns):
            cells = np.array([bool(t) for t in table.texts(c)])
            f = table.formulas[:, j]
            if c in candidates and f.sum() >= 2 and f.sum() >= 0.8 * (cells | f).sum():
                found[c] = "its cells are formulas"
    numbers = {c: _numeric(table, c) for c in table.columns}
    ids = {c for c in table.columns if fold(c) in SUBJECT_WORDS | NUMBER_WORDS | ITEM_WORDS
           or c == "column 1" or c in protected}
    for c in candidates:
        if c not in found and c not in ids and numbers[c] is not None and \
                fold(c) in MEAN_NAMES and len(table.columns) - len(ids) >= 3:
            found[c] = "its name says it summarises the others"
    for _ in range(3):                    # a total beside a mean: find one, then the other
        before = len(found)
        for c in sorted(candidates, key=lambda c: fold(c) not in SUM_NAMES):
            if c not in found and c not in ids and numbers[c] is not None:
                why = _derived_from(table, c, numbers, ids | set(found))
                if why:
                    found[c] = why
        if len(found) == before:
            break
    if not found:
        return table
    if len(found) >= len(table.columns) - len(ids & set(table.columns)) - 1:
        return table                      # everything looks calculated: no rule can tell
    for c, why in found.items():
        book.add("calculated-columns", f"column '{c}' is calculated from the ratings ({why}), so "
                 "it is not a rater and was left out", columns=[c])
    return table.drop_columns(found)


def _derived_from(table: Table, col: str, numbers: dict, skip: set[str]) -> str | None:
    """Why ``col`` is calculated from the other numeric columns, or None."""
    others = [r for r in table.columns if numbers[r] is not None and r not in skip and r != col]
    if len(others) < 2:
        return None
    if fold(col) in SUM_NAMES and _at_least_each(numbers[col], [numbers[r] for r in others]):
        return "its name says it totals the others"
    how = _derived(numbers[col], np.column_stack([numbers[r] for r in others]),
                   _decimals(table, col))
    return f"its values are the {how} of {column_list(others)} in every row" if how else None


def _at_least_each(total: np.ndarray, others: list[np.ndarray]) -> bool:
    grid = np.column_stack(others)
    rows = ~np.isnan(total)
    with np.errstate(invalid="ignore"):
        return bool(rows.sum() >= 2 and (total[rows] >= np.nanmax(grid[rows], axis=1) - 1e-9).all())


def _derived(values: np.ndarray, others: np.ndarray, decimals: int) -> str | None:
    """'mean' or 'sum' when ``values`` are that of ``others`` in every row (to their rounding).

    A mean must show decimals: whole numbers within 0.5 of the others' mean are what a real
    rater who agrees with the panel gives. A sum must differ from every other value in
    some row, or a rater who agrees with everyone would look like one.
    """
    rows = ~np.isnan(values) & (~np.isnan(others)).any(axis=1)
    if rows.sum() < 3:
        return None
    v, o = values[rows], others[rows]
    tol = 0.5 * 10.0 ** -decimals + 1e-9 * (1 + np.abs(v))
    with np.errstate(invalid="ignore"):
        distinct = (np.abs(o - v[:, None]) > 1e-9).all(axis=1)
        mean_ok = decimals >= 1 and (np.abs(np.nanmean(o, axis=1) - v) <= tol).all()
        sum_ok = (np.abs(np.nansum(o, axis=1) - v) <= tol).all()
    if mean_ok and distinct.any():
        return "mean"
    if sum_ok and distinct.any():
        return "sum"
    return None
