"""Every report table as CSV and as XLSX, with formula-like text escaped.

A spreadsheet treats a cell starting with ``=``, ``+``, ``-``, ``@`` (or a
tab / carriage return) as a formula, so a rater or subject named
``=HYPERLINK(...)`` could run in the reader's spreadsheet (CSV injection).
Such text is written with a leading apostrophe in CSV (the usual escape,
shown as-is by spreadsheets) and as a quote-prefixed text cell in XLSX.
Numbers stay numbers; text that is a plain number (``-1``) is left alone.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import said
from tapdesk.report.document import ReportDocument, Table

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def looks_like_formula(text: str) -> bool:
    if not text or not text.startswith(FORMULA_START):
        return False
    try:
        float(text)
        return False
    except ValueError:
        return True


def escape_text(value: Any) -> Any:
    """The value, with formula-like text prefixed by an apostrophe."""
    if isinstance(value, str) and looks_like_formula(value):
        return "'" + value
    return value


def _csv_value(value: Any) -> Any:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return escape_text(value)


def write_csv(table: Table, path: str | Path) -> Path:
    """One table as UTF-8 CSV (with BOM, so Excel reads accents right)."""
    return write_csv_rows(table.columns, [table.rows], path)


def write_csv_rows(columns: Iterable[str], chunks: Iterable[Iterable[Iterable[Any]]],
                   path: str | Path) -> Path:
    """A table given as chunks of rows (made a chunk at a time) as :func:`write_csv` writes it."""
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.writer(handle)
        writer.writerow([escape_text(c) for c in columns])
        for rows in chunks:
            writer.writerows([_csv_value(v) for v in row] for row in rows)
    return path


def _sheet_title(key: str, used: set[str]) -> str:
    base = "".join(ch for ch in key if ch not in "[]:*?/\\")[:31] or "table"
    title, n = base, 2
    while title.lower() in used:
        suffix = f"-{n}"
        title, n = base[:31 - len(suffix)] + suffix, n + 1
    used.add(title.lower())
    return title


def write_xlsx(tables: Iterable[Table], path: str | Path) -> Path:
    """All tables in one workbook, one sheet each (title, header, rows, note)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    path = Path(path)
    book = Workbook()
    book.remove(book.active)
    used: set[str] = set()
    for table in tables:
        sheet = book.create_sheet(_sheet_title(table.key, used))
        _put(sheet, 1, [table.title or table.key])
        sheet.cell(1, 1).font = Font(bold=True)
        _put(sheet, 2, list(table.columns))
        for cell in sheet[2]:
            cell.font = Font(bold=True)
        for i, row in enumerate(table.rows, start=3):
            _put(sheet, i, list(row))
        if table.note:
            _put(sheet, len(table.rows) + 4, [table.note])
        for j, name in enumerate(table.columns, start=1):
            width = max([len(str(name))] + [len(str(r[j - 1])) for r in table.rows[:200]])
            sheet.column_dimensions[sheet.cell(2, j).column_letter].width = min(width + 2, 60)
    book.save(path)
    return path


def _put(sheet, row: int, values: list[Any]) -> None:
    for col, value in enumerate(values, start=1):
        if isinstance(value, float) and value != value:
            value = None
        cell = sheet.cell(row, col)
        if isinstance(value, str):
            cell.value = value
            cell.data_type = "s"              # never a formula, whatever it starts with
            if looks_like_formula(value):
                cell.quotePrefix = True       # Excel's own "this is text" marker
        else:
            cell.value = value


def export_tables(doc: ReportDocument, folder: str | Path,
                  formats: tuple[str, ...] = ("csv", "xlsx")) -> list[Path]:
    """Write every table of ``doc``: ``<key>.csv`` each, and ``tables.xlsx`` with all."""
    folder = Path(folder)
    tables = unique_keys(doc.tables())
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if "csv" in formats:
            written += [write_csv(t, folder / f"{t.key}.csv") for t in tables]
        if "xlsx" in formats and tables:
            written.append(write_xlsx(tables, folder / "tables.xlsx"))
    except OSError as exc:
        # Translators: {folder} is the folder asked for; {reason} the system's reason
        # ("Permission denied").
        raise SettingError(said("cannot write the tables to {folder}: {reason}",
                                folder=str(folder), reason=exc.strerror or str(exc))) from None
    return written


def unique_keys(tables: Iterable[Table]) -> list[Table]:
    """The tables with repeated keys made unique (``key``, ``key-2`` ...)."""
    seen: dict[str, int] = {}
    out = []
    for table in tables:
        n = seen.get(table.key, 0) + 1
        seen[table.key] = n
        out.append(table if n == 1 else replace(table, key=f"{table.key}-{n}"))
    return out
