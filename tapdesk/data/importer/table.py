"""From a raw grid to a named table: header-row detection and column names."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from tapdesk.data.importer.sources import RawGrid
from tapdesk.data.importer.values import cell_text
from tapdesk.data.scale import numeric_value
from tapdesk.errors import DataError

_SAMPLE = 200


@dataclass
class Table:
    """Named columns of strings/scalars, with the source row of every body row."""

    columns: list[str]
    body: pd.DataFrame
    rows: np.ndarray
    grid: RawGrid
    header_row: int | None

    @property
    def file(self) -> str:
        return self.grid.file

    def row_of(self, index: int) -> int:
        """Source row number (1-based, as a spreadsheet shows it) of body row ``index``."""
        return int(self.rows[index]) if 0 <= index < len(self.rows) else index + 2

    def column(self, name: str) -> pd.Series:
        return self.body[name]


def _texts(values) -> list[str]:
    return [cell_text(v).strip() for v in values]


def _shape(text: str) -> str:
    """"s12" -> "a9", "Rater 3" -> "a 9": the pattern of letters and digits."""
    return re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "9", text))


def first_row_is_header(first: list[str], sample: pd.DataFrame) -> bool:
    """Decide by column votes whether the first row names the columns.

    A text cell over a column that does not contain it (and is not shaped
    like its values, as "s1" over "s2", "s3") votes header; a cell repeated in
    its column votes data. A number over numbers says nothing by itself, but
    when every filled cell is such a number the row is data. An empty corner
    cell above filled labels (a contingency table) votes header.
    """
    yes = no = numeric = 0
    for j, head in enumerate(first):
        rest = [t for t in _texts(sample.iloc[:, j]) if t]
        if not head:
            if j == 0 and rest and all(first[1:]) and len(first) > 1:
                yes += 1
            continue
        if not rest:
            yes += 1
            continue
        head_num = numeric_value(head) is not None
        rest_num = sum(numeric_value(t) is not None for t in rest) / len(rest)
        if head_num and rest_num >= 0.8:
            numeric += 1
        elif not head_num and rest_num >= 0.8:
            yes += 1
        elif head in set(rest):
            no += 1
        elif any(ch.isdigit() for ch in head) and _shape(head) in {_shape(t) for t in rest}:
            no += 1
        else:
            yes += 1
    if yes == no == 0:
        return numeric == 0
    return yes > no


def _skip_title_rows(cells: pd.DataFrame) -> int:
    """Leading rows with a single filled cell above a wider table (titles, notes)."""
    filled = cells.head(20).map(lambda v: bool(cell_text(v).strip())).to_numpy().sum(axis=1)
    width = int(filled.max()) if len(filled) else 0
    skip = 0
    while skip < len(filled) - 1 and width >= 3 and filled[skip] <= 1 < filled[skip + 1]:
        skip += 1
    return skip


def name_columns(grid: RawGrid, header: bool | None = None) -> Table:
    """Decide whether the first row names the columns and build the Table."""
    cells = grid.cells
    if grid.names is not None:
        body = cells.copy()
        body.columns = _unique_names(grid.names)
        return Table(list(body.columns), body, grid.row_numbers, grid, 1)
    if cells.shape[0] == 0 or cells.shape[1] == 0:
        raise DataError("the table has no cells", file=grid.file)
    skip = _skip_title_rows(cells) if grid.kind == "sheet" else 0
    if skip:
        grid.notes.append(f"skipped {skip} title row(s) above the table")
        cells = cells.iloc[skip:].reset_index(drop=True)
    rows = grid.row_numbers[skip:]
    first = _texts(cells.iloc[0])
    if header is None:
        header = first_row_is_header(first, cells.iloc[1:_SAMPLE + 1]) if len(cells) > 1 else True
        if not header:
            grid.notes.append("the first row holds data, not column names; columns are numbered")
    if header:
        names = [h or f"column {j + 1}" for j, h in enumerate(first)]
        body = cells.iloc[1:].reset_index(drop=True)
        body_rows, header_row = rows[1:], int(rows[0])
    else:
        names = [f"column {j + 1}" for j in range(cells.shape[1])]
        body, body_rows, header_row = cells.reset_index(drop=True), rows, None
    body = body.copy()
    body.columns = _unique_names(names)
    body, body_rows = _drop_empty(body, body_rows, grid)
    if body.shape[0] == 0:
        raise DataError("the table has a header row but no data rows", file=grid.file)
    return Table(list(body.columns), body, np.asarray(body_rows), grid, header_row)


def _unique_names(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in (str(n).strip() for n in names):
        if name in seen:
            seen[name] += 1
            out.append(f"{name} ({seen[name]})")
        else:
            seen[name] = 1
            out.append(name)
    return out


def _drop_empty(body: pd.DataFrame, rows: np.ndarray, grid: RawGrid):
    """Drop unnamed columns that hold nothing (stray separators at line ends)."""
    drop = []
    for name in body.columns:
        if name.startswith("column ") and len(body) <= 200_000:
            col = body[name]
            if not any(cell_text(v).strip() for v in col.unique()):
                drop.append(name)
    if drop and len(drop) < body.shape[1]:
        grid.notes.append(f"ignored {len(drop)} empty unnamed column(s)")
        body = body.drop(columns=drop)
    return body, rows
