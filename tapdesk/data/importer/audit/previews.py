"""Principle: a test or preview response is no rating.

Survey platforms keep the responses their authors gave while building the form, marked in a
bookkeeping column ('Survey Preview' and 'Survey Test' in Qualtrics' Status, 'preview' and
'test' in its DistributionChannel; 'Test' in other platforms' status columns). They are no
one's ratings: the rows a column not read as ratings marks so, while most rows are unmarked,
are left out, said. 'Survey Preview' says it anywhere; a bare 'test' or 'preview' only in a
column that says how a response came in (a status, a channel): a column that splits data into
training and test sets, or a moderation queue named 'Test', is no such mark.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.words import fold
from tapdesk.data.wording import Count, Name, Quoted, Rows, Wording

RULE = "test-responses"
MARKS = frozenset({"survey preview", "survey test", "test response", "preview response"})
"""Whole cells that mark a response as a test or preview wherever they stand (lower case)."""
STATUS_MARKS = frozenset({"preview", "test", "testing"})
"""Cells that mark one so only in a column that says how a response came in (a status or a
distribution channel): elsewhere 'test' may be a data split or a queue's name."""
STATUS_WORDS = ("status", "channel", "responsetype", "distribution", "source")
"""Words of such a column's folded name ('Status', 'DistributionChannel', 'Response Type')."""
SPLITS = frozenset({"train", "training", "validation", "valid", "dev", "development", "val"})
"""Values beside 'test' that make a column a data split, not a status."""
MOST = 0.5              # marked rows: fewer than this share
MAX_VALUES = 8          # a status column holds few values
MAX_ROWS = 200_000      # a longer file is a crowd's: its platform's reader knows its tests


def test_responses_are_no_ratings(reading: Reading) -> list[Finding]:
    """A test or preview response is no rating: the rows a status column marks as tests or
    previews are left out."""
    table = reading.table
    grid = table.grid
    if not 3 <= len(table.rows) <= MAX_ROWS or not len(grid.row_numbers):
        return []
    at = np.searchsorted(grid.row_numbers, table.rows)
    if not np.array_equal(grid.row_numbers[np.minimum(
            at, len(grid.row_numbers) - 1)], table.rows):
        return []
    used = _used_names(reading)
    coded = grid.codes()
    lower = np.array([t.lower() for t in coded.text], dtype=object)
    for j in range(coded.codes.shape[1]):
        codes = coded.codes[at, j]
        name = _header(reading, j)
        marks = MARKS | (STATUS_MARKS if any(w in fold(name) for w in STATUS_WORDS) else set())
        found = _marked(lower, codes, marks)
        if found is not None and name not in used:
            shown = coded.text[codes[found]]
            return [_finding(name, table.rows[found], list(dict.fromkeys(shown)))]
    return []


def _used_names(reading: Reading) -> set[str]:
    det = reading.det
    return set(det.value_columns) | {c for c in (det.subject, det.rater, det.rating, det.item)
                                     if c}


def _header(reading: Reading, j: int) -> str:
    grid, row = reading.table.grid, reading.table.header_row
    if grid.names is not None and j < len(grid.names):
        return str(grid.names[j])
    at = np.flatnonzero(grid.row_numbers == row) if row is not None else np.zeros(0, int)
    return str(grid.codes().texts()[at[0], j]) if len(at) else f"#{j + 1}"


def _marked(lower: np.ndarray, codes: np.ndarray, marks: frozenset[str] | set[str]
            ) -> np.ndarray | None:
    """The rows whose cell marks a test or preview, in a column of few values that is no
    data split, where most rows are unmarked (None when the column marks none so)."""
    distinct = np.unique(codes)
    values = set(lower[distinct]) - {""}
    if len(distinct) > MAX_VALUES + 1 or not values & marks or values & SPLITS:
        return None
    column = lower[codes]
    marked = np.isin(column, list(marks))
    if marked.sum() >= MOST * len(column) or (~marked & (column != "")).sum() < 2:
        return None
    return np.flatnonzero(marked)


def _finding(column: str, rows: np.ndarray, marks: list[str]) -> Finding:
    rows_out = tuple(int(r) for r in rows)
    # Translators: an import note; {rows} file rows; {n} their count; {column} a column's
    # name; {marks} its values, quoted.
    wording = Wording.ngettext("{rows} was left out: column {column} marks it as {marks}, a "
                               "response given to test or preview the form, not ratings",
                               "{rows} ({n} responses) were left out: column {column} marks "
                               "them as {marks}, responses given to test or preview the form, "
                               "not ratings", len(rows_out),
                               rows=Rows(rows_out), n=Count(len(rows_out)), column=Name(column),
                               marks=Quoted(tuple(marks)))
    return Finding(RULE, wording, ACT, rows=rows_out)
