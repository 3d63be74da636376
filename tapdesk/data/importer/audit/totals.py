"""Principle: a row that adds up to its own total is one thing scored on parts, not a rater.

Read with one row per rater (the subjects across the top), each row is a rater's ratings of
separate subjects: nobody adds them up, as a rater's grades of different patients make no
total. A scorecard does add them up: a golfer's strokes per hole with 'Out', 'In' and 'Gross',
a pupil's marks per question with their sum. Where a column beside the subjects holds, row
after row, the sum of the row's values over a run of three or more subject columns, each row
is one thing scored once on each part, not a panel rating the same subjects: the reading is
refused into the preview, naming the total and the columns it adds up (rule 'row-totals').
A total of the raters' scores in a sheet with one row per subject (a contest's 'Total' after
its judges) is the computed columns' business (``computed``), not this one's.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import canonical_number
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_

RULE = "row-totals"
MIN_PARTS = 3
"""A total adds up at least this many subject columns."""
MIN_ROWS = 5
"""Rows where the total and every part it adds are numbers, at least."""
MOSTLY = 0.9
"""Of those rows, the share whose total is the parts' sum (a cell mistyped leaves the rest)."""
MAX_PARTS = 60
"""The widest sheet judged (a run over more columns is a crowd's or a survey's export)."""


def totals_are_no_ratings(reading: Reading) -> list[Finding]:
    """With one row per rater, a column that is the sum of a run of the row's subject columns
    has the reading refused: the rows are scorecards."""
    det = reading.det
    if det.layout != "wide-rows":
        return []
    table = _rows_read(reading)
    parts = [c for c in table.columns if c in set(det.value_columns)]
    if not MIN_PARTS <= len(parts) <= MAX_PARTS:
        return []
    numbers = _numbers(table, parts)
    for column in table.columns:
        if column in parts or column == det.rater or reading.user_named(column):
            continue
        run = _summed_run(numbers, _numbers(table, [column])[:, 0])
        if run is not None:
            return [_finding(column, parts[run[0]], parts[run[1] - 1])]
    return []


def _rows_read(reading: Reading) -> Table:
    """The rows read, with every column the file holds (the columns left out too: a total
    is left out as off the raters' scale before it is judged here)."""
    whole = reading.whole
    if whole is None:
        return reading.table
    return whole.keep_rows(np.isin(whole.rows, reading.table.rows))


def _numbers(table: Table, columns: list[str]) -> np.ndarray:
    """The columns' cells as numbers (NaN where a cell is not one), each distinct cell read
    once, with the file's decimal mark ('37,5' in a file written with decimal commas)."""
    fmt = table.grid.text_format
    decimal = fmt.decimal if fmt else "."
    coded = table.codes()
    values = np.array([np.nan if (v := numeric_value(canonical_number(str(t), decimal))) is None
                       else v for t in coded.text], dtype=float)
    return values[coded.codes[:, [table.index(c) for c in columns]]]


def _summed_run(parts: np.ndarray, total: np.ndarray) -> tuple[int, int] | None:
    """The first run of columns [start, stop) of ``parts`` whose row sums are ``total`` in
    nearly every row where all are numbers; None where no run is."""
    if np.count_nonzero(~np.isnan(total)) < MIN_ROWS:
        return None
    width = parts.shape[1]
    for start in range(width - MIN_PARTS + 1):
        running = np.zeros(len(total))
        known = ~np.isnan(total)
        for stop in range(start + 1, width + 1):
            running = running + parts[:, stop - 1]
            known &= ~np.isnan(parts[:, stop - 1])
            if stop - start < MIN_PARTS:
                continue
            if known.sum() < MIN_ROWS:
                break
            if np.mean(np.isclose(running[known], total[known])) >= MOSTLY:
                return start, stop
    return None


def _finding(total: str, first: str, last: str) -> Finding:
    # Translators: a refusal; {total} a column's name, {first} and {last} the first and last
    # of the columns it adds up ('1' .. '9'): a golfer's 'Out' after holes 1 to 9.
    wording = Wording.of(N_("each row adds up: column {total} is the sum of the row's values in "
                            "columns {first} to {last}. A row with its own total is one thing "
                            "scored once on each part (a scorecard), not a rater's ratings of "
                            "subjects the other rows rate too: check the layout"),
                         total=Name(total), first=Name(first), last=Name(last))
    return Finding(RULE, wording, REFUSE, columns=(total,))
