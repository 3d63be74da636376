"""Principle: a summary row is no rater's rating.

In one row per rating, the rater (or the item) of each row is named in a column. A row whose
rater or item is named as a summary ('Aggregate' after each run's judges, a cycle 'Average'
after cycles 1-4, 'Total') holds what was computed from the rows beside it, not anyone's
rating: those rows are left out, said. Only where most rows are named otherwise (a rater
called 'Mean' in every row is a name, however odd).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.values import cell_text
from tapdesk.data.importer.words import is_summary_name
from tapdesk.data.wording import Name, Quoted, Rows, Wording

RULE = "not-a-subject"
MOST = 0.5
"""Summary rows: fewer than this share of the rows."""


def summary_rows_are_no_ratings(reading: Reading) -> list[Finding]:
    """The rows of a long reading whose rater or item column names a summary are left out."""
    det, table = reading.det, reading.table
    if det.layout != "long" or len(table.rows) < 4:
        return []
    for column in (det.rater, det.item):
        if not column or column not in table.columns:
            continue
        values = table.body[column]        # its distinct values first: cheap on a long file
        summary = [v for v in pd.unique(values) if is_summary_name(cell_text(v).strip())]
        if not summary:
            continue
        marked = values.isin(summary).to_numpy()
        if 0 < marked.sum() < MOST * len(values):
            rows_of = np.asarray(table.rows)
            others = set(rows_of[~marked].tolist())
            rows = tuple(int(r) for r in dict.fromkeys(rows_of[marked].tolist()) if r not in others)
            if rows:          # a file row that also holds ratings (a 'total' column melted) stays
                return [_finding(column, rows, sorted(cell_text(v).strip() for v in summary))]
    return []


def _finding(column: str, rows: tuple[int, ...], names: list[str]) -> Finding:
    # Translators: an import note; {rows} file rows (with their count where there are
    # many); {column} a column's name; {names} its values, quoted ('Aggregate', 'Average').
    wording = Wording.ngettext("{rows} was left out: column {column} names it {names}, a summary "
                               "of the rows beside it (a total or a mean), not a rating",
                               "{rows} were left out: column {column} names them "
                               "{names}, summaries of the rows beside them (totals or means), "
                               "not ratings", len(rows), rows=Rows(rows),
                               column=Name(column), names=Quoted(tuple(names)))
    return Finding(RULE, wording, ACT, rows=rows)
