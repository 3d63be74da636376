"""Which cells of a spreadsheet are formulas (python-calamine reads only their values).

A column of formulas (an average, a check sum, a rounded consensus) is computed from
the raters, so it is not a rater; a bottom row of formulas is a totals row. The
cells are found in the sheet's XML with the standard library: ``<f>`` elements in
.xlsx/.xlsm, ``table:formula`` attributes in .ods. Any problem reading them means
"no formulas known", never a failed import.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from xml.etree import ElementTree as ET

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_ANY_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")
_FORMULA_CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*)>\s*<(?:\w+:)?f[\s>/]")
_REF_ATTR = re.compile(rb'\br="([A-Z]+)(\d+)"')
_MAX_CELLS = 5_000_000


def formula_cells(data: bytes, sheet: str) -> set[tuple[int, int]]:
    """0-based (row, column) of every formula cell of ``sheet`` (empty when unknown)."""
    return sheet_xml(data, sheet, _xlsx, _ods, set)


def sheet_xml(data: bytes, sheet: str, xlsx, ods, unknown):
    """``xlsx(zip, sheet)`` or ``ods(zip, sheet)`` by the workbook's format; ``unknown()`` when
    the file is neither or its XML cannot be read (what is read there is a hint, never a
    reason for an import to fail)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            if "xl/workbook.xml" in names:
                return xlsx(z, sheet)
            if "content.xml" in names:
                return ods(z, sheet)
    except (zipfile.BadZipFile, ET.ParseError, KeyError, ValueError, OSError, RuntimeError):
        pass
    return unknown()


def _col_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _xlsx_sheet_part(z: zipfile.ZipFile, sheet: str) -> str | None:
    book = ET.fromstring(z.read("xl/workbook.xml"))
    rid = None
    for el in book.iter(f"{_MAIN}sheet"):
        if el.get("name") == sheet:
            rid = el.get(f"{_REL}id")
    if rid is None:
        return None
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    for el in rels.iter(f"{_PKG}Relationship"):
        if el.get("Id") == rid:
            target = el.get("Target", "")
            return target.lstrip("/") if target.startswith("/") else \
                posixpath.normpath(posixpath.join("xl", target))
    return None


def _xlsx(z: zipfile.ZipFile, sheet: str) -> set[tuple[int, int]]:
    """Formula cells of an .xlsx sheet: a ``<c>`` whose first child is ``<f>`` (the order the
    file format prescribes). A regular expression over the bytes, because parsing the XML
    of a large sheet cell by cell takes seconds and most sheets hold no formula at all."""
    part = _xlsx_sheet_part(z, sheet)
    if part is None:
        return set()
    xml = z.read(part)
    if not _ANY_FORMULA.search(xml):
        return set()
    out: set[tuple[int, int]] = set()
    for match in _FORMULA_CELL.finditer(xml):
        ref = _REF_ATTR.search(match.group(1))
        if ref:
            out.add((int(ref.group(2)) - 1, _col_index(ref.group(1).decode())))
        if len(out) > _MAX_CELLS:
            break
    return out


def ods_elements(z: zipfile.ZipFile, sheet: str, marker: bytes):
    """The elements of an .ods sheet as they start (none when ``marker`` is nowhere in the
    content, the quick way out); rows are cleared once read, so memory stays small."""
    with z.open("content.xml") as handle:
        if marker not in handle.read():
            return
    in_sheet = False
    with z.open("content.xml") as handle:
        for event, el in ET.iterparse(handle, events=("start", "end")):
            tag = el.tag
            if tag == f"{_TABLE}table":
                in_sheet = event == "start" and el.get(f"{_TABLE}name") == sheet
            elif event == "end":
                if tag == f"{_TABLE}table-row":
                    el.clear()
            elif in_sheet:
                yield el


def _ods(z: zipfile.ZipFile, sheet: str) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    row, next_row, col = 0, 0, 0
    for el in ods_elements(z, sheet, b"table:formula"):
        tag = el.tag
        if tag == f"{_TABLE}table-row":
            row, col = next_row, 0
            next_row += int(el.get(f"{_TABLE}number-rows-repeated", "1"))
            if next_row > _MAX_CELLS:
                break
        elif tag in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
            span = int(el.get(f"{_TABLE}number-columns-repeated", "1"))
            if el.get(f"{_TABLE}formula"):
                out.update((row, col + k) for k in range(min(span, 1000)))
            col += span
    return out


_CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"
_ERROR_CELL = re.compile(rb'<(?:\w+:)?c\b([^>]*\bt="e"[^>]*)>(.*?)</(?:\w+:)?c>', re.DOTALL)
_VALUE = re.compile(rb"<(?:\w+:)?v>([^<]*)</(?:\w+:)?v>")


def error_cells(data: bytes, sheet: str) -> dict[tuple[int, int], str]:
    """0-based (row, column) -> shown text of every error cell of ``sheet`` (#DIV/0!, #N/A).

    python-calamine reads error cells as empty; their text is in the sheet's XML (``t="e"``
    cells in .xlsx, ``calcext:value-type="error"`` in .ods). Empty when unknown."""
    return sheet_xml(data, sheet, _xlsx_errors, _ods_errors, dict)


def _xlsx_errors(z: zipfile.ZipFile, sheet: str) -> dict[tuple[int, int], str]:
    part = _xlsx_sheet_part(z, sheet)
    if part is None:
        return {}
    xml = z.read(part)
    if b't="e"' not in xml:
        return {}
    out: dict[tuple[int, int], str] = {}
    for match in _ERROR_CELL.finditer(xml):
        ref, value = _REF_ATTR.search(match.group(1)), _VALUE.search(match.group(2))
        if ref and value:
            out[(int(ref.group(2)) - 1, _col_index(ref.group(1).decode()))] = \
                value.group(1).decode("utf-8", errors="replace").strip() or "#ERROR!"
        if len(out) > _MAX_CELLS:
            break
    return out


def _ods_errors(z: zipfile.ZipFile, sheet: str) -> dict[tuple[int, int], str]:
    out: dict[tuple[int, int], str] = {}
    with z.open("content.xml") as handle:
        if b'value-type="error"' not in handle.read():
            return out
    row, next_row, col = 0, 0, 0
    in_sheet = False
    cells = (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell")
    with z.open("content.xml") as handle:
        for event, el in ET.iterparse(handle, events=("start", "end")):
            tag = el.tag
            if tag == f"{_TABLE}table":
                in_sheet = event == "start" and el.get(f"{_TABLE}name") == sheet
            elif not in_sheet:
                if event == "end" and tag == f"{_TABLE}table-row":
                    el.clear()
            elif tag == f"{_TABLE}table-row":
                if event == "start":
                    row, col = next_row, 0
                    next_row += int(el.get(f"{_TABLE}number-rows-repeated", "1"))
                    if next_row > _MAX_CELLS:
                        break
                else:
                    el.clear()
            elif tag in cells and event == "end":
                span = int(el.get(f"{_TABLE}number-columns-repeated", "1"))
                if el.get(f"{_CALCEXT}value-type") == "error":
                    shown = "".join(el.itertext()).strip() or "#ERROR!"
                    out.update(((row, col + k), shown) for k in range(min(span, 1000)))
                col += span
    return out
