"""Read a file (or pasted text) into a raw grid of cells, before any layout is chosen.

Text tables go through pandas' C parser (fast enough for a million ratings);
spreadsheets through python-calamine (xlsx, xlsm, xls, ods: one well-kept
reader, much faster than openpyxl on large sheets); SPSS and Stata files
through pyreadstat: the codes stay the categories and their value labels
become the categories' labels (so ``--class1 4`` and ``--class1 gold`` both work).
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from tapdesk.data.importer.sniff import DELIMITER_NAMES, TextFormat, sniff
from tapdesk.data.importer.values import canonical_number, cell_text
from tapdesk.errors import DataError

TEXT_SUFFIXES = (".csv", ".tsv", ".txt", ".tab", ".dat", "")
SHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods")
STAT_SUFFIXES = (".sav", ".zsav", ".dta")
SUPPORTED = "CSV/TSV/TXT, Excel (.xlsx, .xlsm), OpenDocument (.ods), SPSS (.sav) or Stata (.dta)"


@dataclass(frozen=True)
class FileFacts:
    """What provenance records about the input bytes."""

    name: str
    size: int
    sha256: str

    @classmethod
    def of(cls, name: str, data: bytes) -> "FileFacts":
        return cls(name, len(data), hashlib.sha256(data).hexdigest())


@dataclass
class RawGrid:
    """Cells of one table as read: header not yet decided, values not yet cleaned.

    ``cells`` has positional columns; values are str (text files) or Python
    scalars (spreadsheets), with "" or None for empty cells. ``names`` is set
    when the format itself names the columns (SPSS, Stata). ``row_numbers``
    maps each row of ``cells`` to its 1-based row in the source.
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
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ text
def read_text_bytes(data: bytes, file: str, *, encoding: str | None = None,
                    delimiter: str | None = None, decimal: str | None = None) -> RawGrid:
    """Parse delimited text (any supported encoding) into a grid of strings."""
    if not data.strip():
        raise DataError("the file is empty; it needs a header row and at least one row of ratings",
                        file=file)
    utf8, fmt = sniff(data, file, encoding=encoding, delimiter=delimiter, decimal=decimal)
    sep = fmt.delimiter or "\x1f"        # no delimiter: one column (a unit separator never occurs)
    try:
        cells = pd.read_csv(io.BytesIO(utf8), sep=sep, header=None, dtype=object, engine="c",
                            encoding="utf-8", keep_default_na=False, na_filter=False,
                            skip_blank_lines=True, quotechar='"', on_bad_lines="error")
    except pd.errors.ParserError as exc:
        raise DataError(_parser_message(exc), file=file, row=_parser_row(exc)) from None
    except (ValueError, UnicodeDecodeError, MemoryError, OverflowError) as exc:
        raise DataError(f"cannot be read as a text table ({exc})", file=file) from None
    except pd.errors.EmptyDataError:
        raise DataError("the file has no data", file=file) from None
    rows = _line_numbers(utf8, len(cells))
    notes = []
    notes.append(f"read as text: encoding {fmt.encoding}, delimiter "
                 f"{DELIMITER_NAMES.get(fmt.delimiter, repr(fmt.delimiter))}, decimal mark "
                 f"'{fmt.decimal}'")
    return RawGrid(cells, "text", file, rows, text_format=fmt, notes=notes,
                   warnings=list(fmt.notes))


def _parser_message(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
    return (f"the rows do not split into the same number of fields ({text}); check the "
            "delimiter and quotes on that line, or choose the delimiter with --delimiter")


def _parser_row(exc: Exception) -> int | None:
    import re
    match = re.search(r"line (\d+)", str(exc))
    return int(match.group(1)) if match else None


def _line_numbers(utf8: bytes, n_rows: int) -> np.ndarray:
    """1-based source line of each parsed row (blank lines are skipped by the parser).

    Quoted fields spanning lines make this approximate; it is only used to
    point the user at a row, so being off by the odd line is acceptable.
    """
    if b"\n\n" not in utf8 and b"\r\n\r\n" not in utf8 and not utf8.startswith((b"\n", b"\r\n")):
        return np.arange(1, n_rows + 1)
    lines = utf8.splitlines()
    nonblank = np.flatnonzero(np.fromiter((bool(ln.strip()) for ln in lines), bool, len(lines))) + 1
    if len(nonblank) >= n_rows:
        return nonblank[:n_rows]
    return np.arange(1, n_rows + 1)


# ------------------------------------------------------------ spreadsheets
def read_sheet_bytes(data: bytes, file: str, sheet: str | None) -> RawGrid:
    """Read one worksheet (chosen by name or 1-based number, else the first non-empty)."""
    import python_calamine

    try:
        book = python_calamine.load_workbook(io.BytesIO(data))
        names = list(book.sheet_names)
    except Exception as exc:            # calamine raises its own and zip/xml errors
        raise DataError(f"cannot be opened as a spreadsheet ({_short(exc)}); check that the file "
                        f"is not damaged or password-protected, or save it as CSV", file=file) from None
    if not names:
        raise DataError("the workbook has no sheets", file=file)
    notes: list[str] = []
    warns: list[str] = []
    if sheet is not None:
        chosen = _pick_sheet(names, sheet, file)
        rows = _sheet_rows(book, chosen, file)
    else:
        filled = []
        for name in names:
            rows_n = _sheet_rows(book, name, file)
            if any(any(_filled(v) for v in r) for r in rows_n):
                filled.append((name, rows_n))
        if not filled:
            raise DataError("every sheet of the workbook is empty", file=file)
        chosen, rows = filled[0]
        if len(filled) > 1:
            warns.append(f"the workbook has {len(filled)} sheets with data "
                         f"({', '.join(n for n, _ in filled)}); read '{chosen}'. Choose another "
                         "with --sheet")
    if not rows:
        raise DataError(f"sheet '{chosen}' is empty", file=file)
    width = max(len(r) for r in rows)
    cells = pd.DataFrame([list(r) + [""] * (width - len(r)) for r in rows], dtype=object)
    cells = cells.map(lambda v: "" if v is None else v)
    keep = cells.map(_filled).to_numpy().any(axis=1)
    row_numbers = np.flatnonzero(keep) + 1
    cells = cells[keep].reset_index(drop=True)
    notes.append(f"read sheet '{chosen}'")
    return RawGrid(cells, "sheet", file, row_numbers, sheet=chosen, notes=notes, warnings=warns)


def _pick_sheet(names: list[str], sheet: str, file: str) -> str:
    for name in names:
        if name == sheet or name.strip().lower() == str(sheet).strip().lower():
            return name
    if str(sheet).strip().isdigit() and 1 <= int(sheet) <= len(names):
        return names[int(sheet) - 1]
    raise DataError(f"there is no sheet '{sheet}'; the sheets are {', '.join(names)} "
                    f"(give a name or a number from 1 to {len(names)})", file=file)


def _sheet_rows(book, name: str, file: str) -> list[list]:
    try:
        return book.get_sheet_by_name(name).to_python(skip_empty_area=True)
    except Exception as exc:
        raise DataError(f"sheet '{name}' cannot be read ({_short(exc)})", file=file) from None


def _filled(value) -> bool:
    if value is None:
        return False
    if isinstance(value, float) and np.isnan(value):
        return False
    return not (isinstance(value, str) and not value.strip())


# -------------------------------------------------------- SPSS and Stata
def read_stat_file(path: Path, file: str) -> RawGrid:
    """Read an SPSS or Stata file; value labels become the labels of the codes, in code order."""
    import pyreadstat

    reader = pyreadstat.read_dta if path.suffix.lower() == ".dta" else pyreadstat.read_sav
    try:
        frame, meta = reader(str(path), apply_value_formats=False, user_missing=False)
    except Exception as exc:              # pyreadstat raises ReadstatError and others
        raise DataError(f"cannot be read as {'Stata' if path.suffix.lower() == '.dta' else 'SPSS'} "
                        f"data ({_short(exc)}); check that the file is not damaged", file=file) from None
    names = [str(c) for c in frame.columns]
    labels: dict[str, tuple[tuple[str, str], ...]] = {}
    cells = pd.DataFrame(index=frame.index)
    for j, col in enumerate(frame.columns):
        cells[j] = frame[col].astype(object).where(frame[col].notna(), "")
        pairs = _code_labels((meta.variable_value_labels or {}).get(col),
                             (getattr(meta, "missing_ranges", None) or {}).get(col))
        if pairs:
            labels[names[j]] = pairs
    notes = [f"read {'Stata' if path.suffix.lower() == '.dta' else 'SPSS'} file"
             + (f"; value labels of {', '.join(labels)} name the codes" if labels else "")]
    measures = getattr(meta, "variable_measure", None) or {}
    ordinal = frozenset(str(k) for k, v in measures.items() if v == "ordinal")
    return RawGrid(cells, "stat", file, np.arange(2, len(cells) + 2), names=names,
                   value_labels=labels, ordinal_columns=ordinal, notes=notes)


def _code_labels(value_labels: dict | None, missing: list | None) -> tuple[tuple[str, str], ...]:
    """(code, label) pairs in code order (numbers first), leaving out user-missing codes."""
    if not value_labels:
        return ()
    def is_missing(code) -> bool:
        return any(_in_range(code, r) for r in missing or ())

    ordered = sorted(value_labels, key=lambda k: (isinstance(k, str), 0 if isinstance(k, str) else k,
                                                  str(k)))
    pairs = {canonical_number(cell_text(_number_key(k)).strip()): str(value_labels[k]).strip()
             for k in ordered if not is_missing(k)}
    named = [lab for lab in pairs.values() if lab]
    return tuple((code, lab if named.count(lab) == 1 else f"{lab} ({code})")
                 for code, lab in pairs.items() if lab)


def _in_range(code, rng: dict) -> bool:
    try:
        return rng.get("lo") <= code <= rng.get("hi")
    except TypeError:
        return False


def _number_key(value):
    if isinstance(value, (int, float, np.integer, np.floating)) and float(value).is_integer():
        return int(value)
    return value


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__


# -------------------------------------------------------------- dispatch
def read_path(path: Path, *, sheet: str | None = None, encoding: str | None = None,
              delimiter: str | None = None, decimal: str | None = None) -> tuple[RawGrid, FileFacts]:
    """Read a file from disk into a RawGrid, with the facts provenance needs."""
    file = path.name
    if not path.exists():
        raise DataError("the file does not exist; check the name and folder", file=str(path))
    if path.is_dir():
        raise DataError("this is a folder, not a data file", file=str(path))
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot be read ({exc.strerror or exc})", file=str(path)) from None
    facts = FileFacts.of(file, data)
    suffix = path.suffix.lower()
    if suffix in SHEET_SUFFIXES or data[:4] == b"PK\x03\x04" and suffix not in STAT_SUFFIXES:
        grid = read_sheet_bytes(data, file, sheet)
    elif suffix in STAT_SUFFIXES:
        grid = read_stat_file(path, file)
    else:                                  # .csv, .tsv, .txt and anything else: try text
        if sheet is not None:
            raise DataError("--sheet only applies to spreadsheets (.xlsx, .xlsm, .ods)", file=file)
        grid = read_text_bytes(data, file, encoding=encoding, delimiter=delimiter, decimal=decimal)
    return grid, facts
