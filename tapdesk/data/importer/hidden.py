"""Which rows and columns of a spreadsheet are hidden (python-calamine reads only the cells).

A hidden row or column (hidden by hand, folded into an outline or filtered out of view)
still holds the file's data; the importer reads it and says so (``choices.note_hidden``).
The marks are found in the sheet's XML with the standard library: ``hidden`` attributes of
``<row>`` and ``<col>`` in .xlsx/.xlsm, ``table:visibility`` of rows and columns in .ods.
Hidden sheets are known from python-calamine itself (``sheets_metadata``). Any problem
reading the marks means "nothing known to be hidden", never a failed import.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass

import numpy as np

from tapdesk.data.importer.formulas import _xlsx_sheet_part, ods_elements, sheet_xml

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_ROW_TAG = re.compile(rb"<(?:\w+:)?row\b([^>]*)>")
_COL_TAG = re.compile(rb"<(?:\w+:)?col\b([^>]*)/?>")
_ATTR = re.compile(rb'\b(r|min|max|hidden)="([^"]*)"')
_LIMIT = 2_000_000


@dataclass(frozen=True)
class HiddenParts:
    """Hidden rows (1-based, inclusive ranges) and columns (0-based, inclusive ranges)."""

    rows: tuple[tuple[int, int], ...] = ()
    columns: tuple[tuple[int, int], ...] = ()

    def row_set(self, numbers: np.ndarray) -> frozenset[int]:
        """The source row ``numbers`` that are hidden."""
        if not self.rows:
            return frozenset()
        hit = np.zeros(len(numbers), dtype=bool)
        for lo, hi in self.rows:
            hit |= (numbers >= lo) & (numbers <= hi)
        return frozenset(int(r) for r in numbers[hit])

    def column_mask(self, first: int, width: int) -> np.ndarray | None:
        """Per column of a used area starting at 0-based column ``first``: hidden (None if none)."""
        if not self.columns:
            return None
        index = np.arange(first, first + width)
        mask = np.zeros(width, dtype=bool)
        for lo, hi in self.columns:
            mask |= (index >= lo) & (index <= hi)
        return mask if mask.any() else None


def hidden_parts(data: bytes, sheet: str) -> HiddenParts:
    """The hidden rows and columns of ``sheet`` (nothing when unknown)."""
    return sheet_xml(data, sheet, _xlsx, _ods, HiddenParts)


def _is_true(value: bytes | None) -> bool:
    return value in (b"1", b"true")


def _xlsx(z: zipfile.ZipFile, sheet: str) -> HiddenParts:
    """A regular expression over the tags (as ``formulas`` does: parsing a large sheet's XML
    cell by cell takes seconds, and most sheets hide nothing)."""
    part = _xlsx_sheet_part(z, sheet)
    if part is None:
        return HiddenParts()
    xml = z.read(part)
    if b"hidden=" not in xml:
        return HiddenParts()
    rows: list[tuple[int, int]] = []
    last = 0
    for match in _ROW_TAG.finditer(xml):
        attrs = dict(_ATTR.findall(match.group(1)))
        last = int(attrs[b"r"]) if attrs.get(b"r", b"").isdigit() else last + 1
        if _is_true(attrs.get(b"hidden")):
            rows.append((last, last))
            if len(rows) > _LIMIT:
                break
    cols = []
    for match in _COL_TAG.finditer(xml):
        attrs = dict(_ATTR.findall(match.group(1)))
        if _is_true(attrs.get(b"hidden")) and attrs.get(b"min", b"").isdigit():
            lo = int(attrs[b"min"])
            hi = int(attrs[b"max"]) if attrs.get(b"max", b"").isdigit() else lo
            cols.append((lo - 1, hi - 1))
    return HiddenParts(tuple(rows), tuple(cols))


def _ods(z: zipfile.ZipFile, sheet: str) -> HiddenParts:
    rows: list[tuple[int, int]] = []
    cols: list[tuple[int, int]] = []
    next_row, next_col = 1, 0
    for el in ods_elements(z, sheet, b"table:visibility"):
        hidden = el.get(f"{_TABLE}visibility", "visible") != "visible"
        if el.tag == f"{_TABLE}table-row":
            span = int(el.get(f"{_TABLE}number-rows-repeated", "1"))
            if hidden:
                rows.append((next_row, next_row + span - 1))
            next_row += span
            if next_row > _LIMIT:
                break
        elif el.tag == f"{_TABLE}table-column":
            span = int(el.get(f"{_TABLE}number-columns-repeated", "1"))
            if hidden:
                cols.append((next_col, next_col + span - 1))
            next_col += span
    return HiddenParts(tuple(rows), tuple(cols))
