"""The cells of one table as read, before any header, layout or cleaning is decided.

Every reader (:mod:`~tapdesk.data.importer.textgrid` for text, :mod:`~tapdesk.data.importer.sources`
for spreadsheets and SPSS/Stata) makes a :class:`RawGrid`; every rule after them reads one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from tapdesk.data.importer.sniff import TextFormat
from tapdesk.data.importer.values import cell_text


@dataclass(frozen=True)
class Coded:
    """Cells as integer codes into their distinct stripped texts ("" for empty cells), so
    every rule cleans each distinct value once, however many cells hold it."""

    codes: np.ndarray           # rows x columns
    text: np.ndarray            # distinct stripped texts; the last one is ""

    @classmethod
    def of(cls, cells: pd.DataFrame) -> Coded:
        codes, uniques = pd.factorize(cells.to_numpy(dtype=object).ravel(), use_na_sentinel=True)
        text = np.array([cell_text(u).strip() for u in uniques] + [""], dtype=object)
        codes[codes < 0] = len(uniques)
        return cls(codes.reshape(cells.shape), text)

    def rows(self, keep) -> Coded:
        return Coded(self.codes[keep], self.text)

    def columns(self, keep) -> Coded:
        return Coded(self.codes[:, keep], self.text)

    def texts(self) -> np.ndarray:
        return self.text[self.codes]

    def lower(self) -> np.ndarray:
        return np.array([t.lower() for t in self.text], dtype=object)[self.codes]

    def filled(self) -> np.ndarray:
        return (self.text != "")[self.codes]


@dataclass
class RawGrid:
    """Cells of one table as read: header not yet decided, values not yet cleaned.

    ``cells`` has positional columns; values are str (text files) or Python
    scalars (spreadsheets), with "" or None for empty cells. ``names`` is set
    when the format itself names the columns (SPSS, Stata). ``row_numbers``
    maps each row of ``cells`` to its 1-based row in the source. ``formulas``
    marks formula cells (spreadsheets; None when unknown) and ``merged`` lists
    merged ranges as ((row, col), (row, col)) in ``cells`` positions.
    ``value_labels`` maps a column to its (code, label) pairs in code order.
    """

    cells: pd.DataFrame
    kind: str
    file: str
    row_numbers: np.ndarray
    names: list[str] | None = None
    sheet: str | None = None
    value_labels: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    ordinal_columns: frozenset[str] = frozenset()
    text_format: TextFormat | None = None
    formulas: np.ndarray | None = None
    merged: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)
    coded: Coded | None = field(default=None, repr=False)
    hidden_rows: frozenset[int] = frozenset()         # source row numbers hidden in the sheet
    hidden_columns: np.ndarray | None = None          # per column of ``cells``: hidden

    def codes(self) -> Coded:
        """The cells coded once per distinct value (computed on first use, then kept)."""
        if self.coded is None:
            self.coded = Coded.of(self.cells)
        return self.coded

    def with_rows(self, keep: np.ndarray) -> RawGrid:
        """The grid restricted to the rows where ``keep`` is true."""
        return replace(self, cells=self.cells[keep].reset_index(drop=True),
                       row_numbers=self.row_numbers[keep],
                       formulas=None if self.formulas is None else self.formulas[keep],
                       coded=None if self.coded is None else self.coded.rows(keep))

    def with_columns(self, keep: np.ndarray) -> RawGrid:
        cells = self.cells.loc[:, keep]
        cells.columns = range(cells.shape[1])
        return replace(self, cells=cells,
                       formulas=None if self.formulas is None else self.formulas[:, keep],
                       hidden_columns=None if self.hidden_columns is None
                       else self.hidden_columns[keep],
                       coded=None if self.coded is None else self.coded.columns(keep))
