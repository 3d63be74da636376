"""Cross-tables whose margins name the raters in every label (rule 'header-words'):
'Untersucher 1: ja' down the rows and 'Untersucher 2: ja' across, 'Rater A = no' ...

A K x K table of counts is two raters' joint ratings in any language; what a word list cannot
know is how the labels are written. Here the structure says it: every row label shares one
prefix (the first rater) and every column label another (the second rater), and what is left
of them is the same K categories on both sides. The prefixes are taken off, the corner names
the two raters, and a last row and column of sums (a margin, 'Gesamt', 'Total') are left out
because their counts are the sums of the others -- not because of their name.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_

_CUT = re.compile(r"^(.*[^\w\s])\s*|^(.*\s)")      # up to the last separator (':', '=', ' ')


def _prefix(labels: list[str]) -> str | None:
    """The prefix every label shares, ending at a separator, with two or more different
    non-empty remainders."""
    if len(labels) < 2:
        return None
    common = labels[0]
    for lab in labels[1:]:
        k = 0
        while k < min(len(common), len(lab)) and common[k] == lab[k]:
            k += 1
        common = common[:k]
    m = _CUT.match(common)
    if not m:
        return None
    prefix = m.group(0)
    rest = [lab[len(prefix):].strip() for lab in labels]
    return prefix if all(rest) and len(set(rest)) == len(rest) and prefix.strip() else None


def _counts(table: Table, rows: slice, cols: list[int]) -> np.ndarray | None:
    text = table.text[rows][:, cols]
    values = [[numeric_value(t) if t else 0.0 for t in row] for row in text]
    if any(v is None or v < 0 or not float(v).is_integer() for row in values for v in row):
        return None
    return np.array(values, dtype=float)


def labelled_margins(table: Table, book: NoteBook) -> Table:
    """The cross-table with its labels' rater prefixes taken off and its sums left out (the
    table unchanged when it is not such a cross-table)."""
    if len(table.columns) < 3 or len(table.body) > 60 or len(table.body) < 2:
        return table
    heads = [str(c) for c in table.columns[1:]]
    labels = [str(t) for t in table.texts(table.columns[0])]
    counts = _counts(table, slice(0, len(labels)), list(range(1, len(table.columns))))
    if counts is None:
        return table
    found = None
    for row_k in (len(labels), len(labels) - 1):
        for col_k in (len(heads), len(heads) - 1):
            found = found or _block(labels, heads, counts, row_k, col_k)
    if found is None:
        return table
    row_k, col_k, p_rows, p_cols, cats_r, cats_c = found
    rater_a, rater_b = (re.sub(r"[\W_]+$", "", p) for p in (p_rows, p_cols))
    body = table.body.iloc[:row_k, :col_k + 1].copy()
    body.iloc[:, 0] = pd.Series(cats_r, dtype=object).to_numpy()
    names = [f"{rater_a} \\ {rater_b}"] + cats_c
    body.columns = names
    left = (len(labels) > row_k) + (len(heads) > col_k)
    # Translators: {rows} and {columns} are the raters as the table's labels name them;
    # {categories} the categories joined by ", ".
    said = N_("a cross-table of two raters' counts whose labels name the raters: {rows} down "
              "the rows and {columns} across the columns, each over the categories "
              "{categories}")
    if left:
        # Translators: as above.
        said = N_("a cross-table of two raters' counts whose labels name the raters: {rows} "
                  "down the rows and {columns} across the columns, each over the categories "
                  "{categories} (the row and column of sums were left out)")
    book.add("header-words", Wording.of(said, rows=Name(rater_a), columns=Name(rater_b),
                                        categories=", ".join(cats_c)),
             columns=list(table.columns), action="guessed")
    return Table(names, body.reset_index(drop=True), table.rows[:row_k], table.grid,
                 table.header_row)


def _block(labels: list[str], heads: list[str], counts: np.ndarray, row_k: int, col_k: int):
    """The K x K block of the first ``row_k`` rows and ``col_k`` columns when its labels carry
    two raters' prefixes over the same categories and what is past it holds only sums."""
    if row_k != col_k or row_k < 2:
        return None
    p_rows, p_cols = _prefix(labels[:row_k]), _prefix(heads[:col_k])
    if p_rows is None or p_cols is None or p_rows == p_cols:
        return None
    cats_r = [lab[len(p_rows):].strip() for lab in labels[:row_k]]
    cats_c = [h[len(p_cols):].strip() for h in heads[:col_k]]
    if set(cats_r) != set(cats_c) or not _sums_only(counts, row_k, col_k):
        return None
    return row_k, col_k, p_rows, p_cols, cats_r, cats_c


def _sums_only(counts: np.ndarray, row_k: int, col_k: int) -> bool:
    """A row and column past the K x K block hold the sums of the others (a margin)."""
    if counts.shape[0] > row_k and not np.allclose(counts[row_k, :col_k],
                                                   counts[:row_k, :col_k].sum(axis=0)):
        return False
    return counts.shape[1] <= col_k or np.allclose(counts[:row_k, col_k],
                                                   counts[:row_k, :col_k].sum(axis=1))


COLUMNS_RATER = "rater 2 (columns)"
"""The column rater's name where nothing beside the counts names it."""


def merged_margin(table: Table, book: NoteBook) -> Table:
    """A cross-table whose row rater is named once, in a column before the categories (a cell
    merged down the rows: 'Pathologist 1' beside 'Normal', 'Benign' ...): that column taken off
    and its name kept as the rows' rater (the table unchanged when it is not such)."""
    if len(table.columns) < 4 or not 2 <= len(table.body) <= 60:
        return table
    names, labels = table.texts(table.columns[0]), table.texts(table.columns[1])
    heads = [str(c) for c in table.columns[2:]]
    if not names[0] or any(names[1:]) or numeric_value(names[0]) is not None:
        return table
    from tapdesk.data.importer.layouts import TOTAL_NAMES
    from tapdesk.data.importer.words import fold

    rows = [t for t in labels if t and fold(t) not in TOTAL_NAMES]
    cols = [h for h in heads if fold(h) not in TOTAL_NAMES]
    if len(rows) < 2 or len(set(rows)) != len(rows) or set(rows) != set(cols) or \
            _counts(table, slice(0, len(labels)), list(range(2, len(table.columns)))) is None:
        return table
    corner = f"{names[0]} \\ {COLUMNS_RATER}"
    body = table.body.drop(columns=[table.columns[0]])
    body.columns = [corner, *heads]
    # Translators: an import note; {rater} the rows' rater as the table names it;
    # {categories} the categories joined by ", ".
    book.add("header-words", Wording.of(N_(
        "a cross-table of two raters' counts: {rater} is named once beside the row labels (a "
        "cell merged down the rows), and the rows and columns are the same categories "
        "{categories}"), rater=Name(names[0]), categories=", ".join(cols)),
        columns=list(table.columns[:2]), action="guessed")
    return Table([corner, *heads], body.reset_index(drop=True), table.rows, table.grid,
                 table.header_row)
