"""Principle: a row that is the mean of the rows beside it is no subject.

A scoring sheet often keeps, over or under each block of items, the block's summary: a
subscale's mean per observer ('Subscale: Space and Furnishings' with 3.57 where the seven
items below score 2, 5, 3, 1, 4, 4, 6), a section's total. Read as a subject, it would be
one the raters agree on by construction whenever they agree on the block. A row that holds a
number finer than the others' whole ratings, and whose every rating column is the mean (or the
sum) of the same run of adjacent rows (the rows down to the next such row, or up to the last
one), to the decimals it is written with, is left out, named (rule 'not-a-subject').
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.import_words import MELTED_RATER
from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.table import Table
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Rows, Wording

RULE = "not-a-subject"
MIN_RUN = 2             # rows a summary sums up, at least
MIN_COLUMNS = 2         # rating columns it matches in, at least (every filled one)
MAX_ROWS = 2000         # a longer table is a crowd's: its rows are judged by the readers
WHOLE = 0.8             # of the other numbers, whole, at least


def means_are_no_subjects(reading: Reading) -> list[Finding]:
    """Rows that are the means (or sums) of a run of adjacent rows are left out, named."""
    return list(summary_rows_left_out(reading.table, reading.det))


def summary_rows_left_out(table: Table, det: Detection) -> tuple[Finding, ...]:
    """The finding that leaves out the rows summing up their neighbours (() where none do);
    asked too before the ratings are refused as measurements (the means are what made
    them look measured)."""
    rows, texts = _grid(table, det)
    if len(texts) < MIN_COLUMNS or not MIN_RUN + 1 < len(rows) <= MAX_ROWS or \
            not any("." in t or "," in t for col in texts for t in set(col)):
        return ()         # no number written with decimals: no mean to find (cheap first)
    values = np.array([[_number(t) for t in col] for col in texts], dtype=float).T
    decimals = np.array([[_decimals(t) for t in col] for col in texts]).T
    fine = (decimals > 0).any(axis=1) & ~np.isnan(values).all(axis=1)
    whole = values[~fine][~np.isnan(values[~fine])]
    if not fine.any() or not len(whole) or np.mean(whole == np.round(whole)) < WHOLE:
        return ()
    summaries = [i for i in np.flatnonzero(fine) if _summarises(values, decimals, fine, int(i))]
    if not summaries:
        return ()
    return (_finding(tuple(int(rows[i]) for i in summaries)),)


def _grid(table: Table, det: Detection) -> tuple[np.ndarray, list[list[str]]]:
    """The file rows and, for each rating column, its cells in those rows: the rater
    columns of a wide table, or the columns a sheet crossing raters with items was melted
    from (each file row's cells gathered back); none for a file of one row per rating."""
    if det.layout != "long":
        columns = [c for c in det.value_columns if c in table.columns]
        return table.rows[:MAX_ROWS + 1], [table.texts(c, MAX_ROWS + 1) for c in columns]
    if det.rater != MELTED_RATER or not det.rating or len(table.rows) > MAX_ROWS * 50:
        return np.array([], dtype=int), []
    keys = list(zip(table.texts(det.rater), table.texts(det.item) if det.item else
                    [""] * len(table.rows)))
    rows = np.unique(table.rows)
    at = {int(r): i for i, r in enumerate(rows)}
    cells = {k: [""] * len(rows) for k in dict.fromkeys(keys)}
    for key, row, text in zip(keys, table.rows, table.texts(det.rating)):
        cells[key][at[int(row)]] = text
    return rows, list(cells.values())


def _number(text: str) -> float:
    value = numeric_value(text) if text else None
    return np.nan if value is None else float(value)


def _decimals(text: str) -> int:
    """The decimals a number is written with ('3.57': 2; '3': 0; a word: 0)."""
    text = text.strip().replace(",", ".")
    if numeric_value(text) is None or "." not in text:
        return 0
    return len(text.rsplit(".", 1)[1])


def _summarises(values: np.ndarray, decimals: np.ndarray, fine: np.ndarray, i: int) -> bool:
    """Row ``i`` is the mean or the sum of the rows below it (to the next fine row) or above
    it (from the last), in every rating column it fills."""
    below = i + 1 + int(np.argmax(np.append(fine[i + 1:], True)))
    above = i - int(np.argmax(np.append(fine[:i][::-1], True)))
    return any(stop - start >= MIN_RUN and _matches(values, decimals, i, start, stop)
               for start, stop in ((i + 1, below), (above, i)))


def _matches(values: np.ndarray, decimals: np.ndarray, i: int, start: int, stop: int) -> bool:
    run = values[start:stop]
    own, places = values[i], decimals[i]
    compared = ~np.isnan(own) & (~np.isnan(run)).any(axis=0)
    if compared.sum() < MIN_COLUMNS:
        return False
    with np.errstate(invalid="ignore"):
        mean, total = np.nanmean(run[:, compared], axis=0), np.nansum(run[:, compared], axis=0)
    close = 0.5 * 10.0 ** -places[compared] + 1e-9
    target = own[compared]
    return bool(np.all(np.abs(mean - target) <= close) or np.all(np.abs(total - target) <= close))


def _finding(rows: tuple[int, ...]) -> Finding:
    # Translators: an import note; {rows} file rows (with their count where there are many).
    wording = Wording.ngettext("{rows} was left out: in every rating column it holds the mean (or "
                               "the sum) of the rows next to it, as a subscale's or a section's "
                               "summary does, not a subject's ratings",
                               "{rows} were left out: in every rating column each holds the mean "
                               "(or the sum) of the rows next to it, as a subscale's or a "
                               "section's summary does, not a subject's ratings", len(rows),
                               rows=Rows(rows))
    return Finding(RULE, wording, ACT, rows=rows)
