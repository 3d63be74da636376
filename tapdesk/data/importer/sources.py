"""Read a file into a raw grid of cells, before any layout is chosen.

Text tables go through pandas' C parser (``textgrid``, fast enough for a million
ratings); spreadsheets through python-calamine (xlsx, xlsm, xls, ods: one well-kept
reader, much faster than openpyxl on large sheets), with the formula cells found in
the sheet's XML (``formulas``); SPSS and Stata files through pyreadstat: the codes
stay the categories and their value labels become the categories' labels (so
``--class1 4`` and ``--class1 gold`` both work); user-missing codes are missing ratings.
"""

from __future__ import annotations

import hashlib
import io
import re
import time
from collections import Counter
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from tapdesk.data.importer.budget import Budget, check_cells, read_regular_file
from tapdesk.data.importer.filekind import content_kind, refuse_other
from tapdesk.data.importer.grid import RawGrid
from tapdesk.data.importer.hidden import hidden_parts
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.raterfile import names_raters, rater_sheet
from tapdesk.data.importer.values import ZERO_WORDS, canonical_number, cell_text, fold_label, missing_word
from tapdesk.data.wording import Count, Joined, Labelled, Listed, Name, Rows, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

TEXT_SUFFIXES = (".csv", ".tsv", ".txt", ".tab", ".dat", "")   # any other suffix is tried as text
SHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods")
STAT_SUFFIXES = (".sav", ".zsav", ".dta")
_MISSING_LABEL = re.compile(r"^(?:system |user )?missing\b")


@dataclass(frozen=True)
class FileFacts:
    """What provenance records about the input bytes."""

    name: str
    size: int
    sha256: str

    @classmethod
    def of(cls, name: str, data: bytes) -> FileFacts:
        return cls(name, len(data), hashlib.sha256(data).hexdigest())


# ------------------------------------------------------------ spreadsheets
def read_sheet_bytes(data: bytes, file: str, sheet: str | None, book: NoteBook) -> RawGrid:
    """Read one worksheet (chosen by name or 1-based number, else the one holding a table)."""
    import python_calamine

    try:
        workbook = python_calamine.load_workbook(io.BytesIO(data))
        names = list(workbook.sheet_names)
    except Exception as exc:            # calamine raises its own and zip/xml errors
        # Translators: {error} is the reading library's own message (English, technical).
        raise DataError(Wording.of(N_("cannot be opened as a spreadsheet ({error}); check that "
                                      "the file is not damaged or password-protected, or save it "
                                      "as CSV"), error=_short(exc)), file=file) from None
    if not names:
        raise DataError(Wording.of(N_("the workbook has no sheets")), file=file)
    if sheet is not None:
        chosen = _pick_sheet(names, sheet, file)
        rows, start = _sheet_rows(workbook, chosen, file)
        if chosen in hidden_sheets(workbook):
            # Translators: {sheet} is a sheet's name.
            book.add("sheet", Wording.of(N_("sheet {sheet} is hidden in the workbook; it was "
                                            "read as asked"), sheet=Name(chosen)), action="kept")
    else:
        chosen, rows, start = _table_sheet(workbook, names, file, book)
    if not rows:
        # Translators: {sheet} is a sheet's name.
        raise DataError(Wording.of(N_("sheet {sheet} is empty"), sheet=Name(chosen)), file=file)
    width = max(len(r) for r in rows)
    check_cells(len(rows) * width, width, file=file)
    grid = np.full((len(rows), width), "", dtype=object)
    for i, r in enumerate(rows):
        grid[i, :len(r)] = ["" if v is None else v for v in r]
    _fill_errors(grid, data, chosen, start)
    cells = pd.DataFrame(grid, dtype=object)
    formulas = np.zeros(cells.shape, dtype=bool)
    for row, col in _formula_cells(data, chosen):
        i, j = row - start[0], col - start[1]
        if 0 <= i < cells.shape[0] and 0 <= j < cells.shape[1]:
            formulas[i, j] = True
    merged = _merged(workbook, chosen, start)
    row_numbers = np.arange(cells.shape[0]) + start[0] + 1
    if book.enabled("merged-cells"):
        _fill_merged_down(cells, merged, row_numbers, book)
    # Translators: {sheet} is a sheet's name.
    book.add("sheet", Wording.of(N_("read sheet {sheet}"), sheet=Name(chosen)), action="kept")
    hidden = hidden_parts(data, chosen)
    raw = RawGrid(cells, "sheet", file, row_numbers, sheet=chosen, formulas=formulas, merged=merged,
                  hidden_rows=hidden.row_set(row_numbers),
                  hidden_columns=hidden.column_mask(start[1], width))
    keep = np.any(raw.codes().filled(), axis=1)
    return raw.with_rows(keep) if not keep.all() else raw


def sheet_names(path: str | Path) -> tuple[str, ...]:
    """The sheets of a workbook, in order; () for a file that is not a spreadsheet or cannot be
    opened (reading it says why). The same names ``ImportOptions.sheet`` accepts."""
    path = Path(path)
    if path.suffix.lower() not in SHEET_SUFFIXES:
        return ()
    import python_calamine

    try:
        return tuple(python_calamine.load_workbook(str(path)).sheet_names)
    except Exception:                   # noqa: BLE001 - the import itself reports the problem
        return ()


def _fill_errors(grid: np.ndarray, data: bytes, sheet: str, start: tuple[int, int]) -> None:
    """Put the shown text of error cells (#DIV/0!, #N/A), which calamine reads as empty, into
    the grid: the value rules then read them as missing ratings and say so, as for CSV."""
    from tapdesk.data.importer.formulas import error_cells
    for (r, c), shown in error_cells(data, sheet).items():
        i, j = r - start[0], c - start[1]
        if 0 <= i < grid.shape[0] and 0 <= j < grid.shape[1] and grid[i, j] == "":
            grid[i, j] = shown


def _formula_cells(data: bytes, sheet: str) -> set[tuple[int, int]]:
    from tapdesk.data.importer.formulas import formula_cells
    return formula_cells(data, sheet)


def _fill_merged_down(cells: pd.DataFrame, merged: list, row_numbers: np.ndarray,
                      book: NoteBook) -> None:
    """Cells merged down a column (each patient's id over its readers' rows) hold their value
    on every row they span: the rows below each first get the value, said in one note. A
    column with one such merge has it in its header (a name over two header rows): left."""
    down = [((r0, c0), (r1, c1)) for (r0, c0), (r1, c1) in merged
            if c0 == c1 and r1 > r0 >= 0 and r1 < cells.shape[0] and c0 < cells.shape[1]]
    runs = Counter(c0 for (_, c0), _ in down)
    filled: list[int] = []
    for (r0, c0), (r1, _) in down:
        if runs[c0] < 2:
            continue            # one merge in a column is a header's (a name over two rows)
        value = cells.iat[r0, c0]
        if value == "" or value is None:
            continue
        for r in range(r0 + 1, r1 + 1):
            if cells.iat[r, c0] in ("", None):
                cells.iat[r, c0] = value
                filled.append(int(row_numbers[r]))
    if filled:
        rows = tuple(sorted(set(filled)))
        # Translators: an import note; {n} a count of cells, {rows} names rows.
        book.add("merged-cells", Wording.ngettext(
            "{n} cell under a cell merged down its column was read as holding the merged "
            "cell's value ({rows})",
            "{n} cells under cells merged down their column were read as holding the merged "
            "cell's value ({rows})", len(filled), n=Count(len(filled)), rows=Rows(rows)),
            rows=rows, action="guessed")


def _merged(workbook, name: str, start: tuple[int, int]) -> list:
    try:
        ranges = workbook.get_sheet_by_name(name).merged_cell_ranges or []
    except Exception:                   # merged ranges are a hint, never a reason to fail
        return []
    return [((a[0] - start[0], a[1] - start[1]), (b[0] - start[0], b[1] - start[1]))
            for a, b in ranges]


def _table_sheet(workbook, names: list[str], file: str, book: NoteBook):
    """The sheet to read: the first visible sheet holding a table (two or more filled columns);
    notes sheets are passed by, and so are hidden sheets (an old version, a lookup list) unless
    no visible sheet holds a table. The other sheets with data are named in a warning."""
    hidden = hidden_sheets(workbook)
    filled_sheets = []
    for name in names:
        rows, start = _sheet_rows(workbook, name, file)
        widths = [sum(filled(v) for v in r) for r in rows]
        if any(widths):
            filled_sheets.append((name, rows, start, sum(w >= 2 for w in widths)))
    if not filled_sheets:
        raise DataError(Wording.of(N_("every sheet of the workbook is empty")), file=file)
    def rank(s) -> tuple[int, int, int]:         # a sheet named for raters holds their attributes
        return (0 if s[3] >= 2 else 1, 1 if names_raters(s[0]) else 0, 1 if s[0] in hidden else 0)

    chosen = min(filled_sheets, key=rank)          # min keeps the first of equals
    raters = rater_sheet([n for n in names if n != chosen[0]])   # read for the raters' details
    unread = [s for s in filled_sheets if s is not chosen and s[0] != raters]
    if unread or chosen[0] in hidden:
        book.add("sheet", _sheet_choice(filled_sheets, chosen, hidden, raters),
                 action="warning", settings=("sheet",))
    elif len(filled_sheets) > 1:
        # Translators: {sheet} and {raters} are sheets' names.
        book.add("sheet", Wording.of(N_("read sheet {sheet} for the ratings and sheet "
                                        "{raters} for the raters' details"),
                                     sheet=Name(chosen[0]), raters=Name(raters)),
                 action="kept", settings=("sheet",))
    return chosen[0], chosen[1], chosen[2]


def hidden_sheets(workbook) -> frozenset[str]:
    """Names of the sheets the workbook hides (none when python-calamine cannot say)."""
    try:
        return frozenset(m.name for m in workbook.sheets_metadata
                         if str(m.visible).rsplit(".", 1)[-1].lower() != "visible")
    except Exception:                   # noqa: BLE001 - visibility is a hint, never a failure
        return frozenset()


def _sheet_choice(filled_sheets: list, chosen: tuple, hidden: frozenset[str],
                  raters: str | None = None) -> Wording:
    """Which sheet was read, why, and which other sheets hold data (hidden ones said, and the
    one read for the raters' details, ``raters``)."""
    listed = Joined(tuple(_sheet_words(s[0], hidden, raters) for s in filled_sheets))
    first = filled_sheets[0]
    why: str | Wording = ""
    if chosen[0] in hidden:
        # Translators: the {why} of the sentences below, after the sheet's name.
        why = Wording.of(N_(", a hidden sheet: no visible sheet holds a table"))
    elif any(s[0] in hidden for s in filled_sheets):
        why = Wording.of(N_(", the first visible sheet that holds a table; hidden sheets were "
                            "not read"))
    elif chosen is not first:
        # Translators: {sheet} is the name of the first sheet.
        why = Wording.of(N_(", the first that holds a table ({sheet} does not)"), sheet=Name(first[0]))
    if len(filled_sheets) > 1:
        # Translators: {n} is the number of sheets with data (2 or more); {listed} their names in
        # quotes; {sheet} the one read; {why} "" or why it was chosen (", the first that ...").
        return Wording.of(N_("the workbook has {n} sheets with data ({listed}); read "
                             "{sheet}{why}. Choose another sheet if that is not the one"),
                          n=len(filled_sheets), listed=listed, sheet=Name(chosen[0]), why=why)
    # Translators: {sheet} is the sheet read; {why} as above.
    return Wording.of(N_("read {sheet}{why}. Choose another sheet if that is not the one"),
                      sheet=Name(chosen[0]), why=why)


def _sheet_words(name: str, hidden: frozenset[str], raters: str | None) -> Wording:
    """A sheet in the list of sheets with data: its name, and whether it is hidden or read for
    the raters' details."""
    if name in hidden and name == raters:
        # Translators: a sheet in a list of sheets; {sheet} is its name.
        return Wording.of(N_("{sheet} (hidden) (read for the raters' details)"), sheet=Name(name))
    if name in hidden:
        # Translators: a sheet in a list of sheets; {sheet} is its name.
        return Wording.of(N_("{sheet} (hidden)"), sheet=Name(name))
    if name == raters:
        # Translators: a sheet in a list of sheets; {sheet} is its name.
        return Wording.of(N_("{sheet} (read for the raters' details)"), sheet=Name(name))
    return Wording.of("{sheet}", sheet=Name(name))


def _pick_sheet(names: list[str], sheet: str, file: str) -> str:
    for name in names:
        if name == sheet or name.strip().lower() == str(sheet).strip().lower():
            return name
    if str(sheet).strip().isdigit() and 1 <= int(sheet) <= len(names):
        return names[int(sheet) - 1]
    # Translators: {sheet} is the sheet asked for; {sheets} the workbook's sheet names joined by
    # ", " (in English) or the language's "and"; {n} how many sheets there are.
    raise DataError(Wording.of(N_("there is no sheet {sheet}; the sheets are {sheets} (give a "
                                  "name or a number from 1 to {n})"),
                               sheet=Name(sheet), sheets=Listed(tuple(names)), n=len(names)), file=file)


def _sheet_rows(workbook, name: str, file: str) -> tuple[list[list], tuple[int, int]]:
    """Rows of the used area of a sheet, and the (row, column) where that area starts."""
    try:
        sh = workbook.get_sheet_by_name(name)
        return sh.to_python(skip_empty_area=True), tuple(sh.start or (0, 0))
    except Exception as exc:
        # Translators: {sheet} is a sheet's name; {error} the reading library's own message.
        raise DataError(Wording.of(N_("sheet {sheet} cannot be read ({error})"), sheet=Name(name),
                                   error=_short(exc)), file=file) from None


def filled(value) -> bool:
    """A cell holding something (not None, NaN or blanks)."""
    if value is None:
        return False
    if isinstance(value, float) and np.isnan(value):
        return False
    return not (isinstance(value, str) and not value.strip())


# -------------------------------------------------------- SPSS and Stata
@dataclass(frozen=True)
class StatFile:
    """What pyreadstat reads from an SPSS or Stata file (plain data: it crosses processes)."""

    frame: pd.DataFrame
    missing_ranges: dict
    value_labels: dict
    measures: dict


def _pyreadstat(data: bytes, stata: bool) -> StatFile:
    import pyreadstat

    reader = pyreadstat.read_dta if stata else pyreadstat.read_sav
    frame, meta = reader(io.BytesIO(data), apply_value_formats=False, user_missing=not stata)
    return StatFile(frame, dict(meta.missing_ranges or {}), dict(meta.variable_value_labels or {}),
                    dict(getattr(meta, "variable_measure", None) or {}))


def read_stat_file(data: bytes, path: Path, file: str, book: NoteBook,
                   budget: Budget | None = None, stata: bool | None = None) -> RawGrid:
    """Read an SPSS or Stata file; value labels become the labels of the codes, in code order.

    SPSS user-missing codes (e.g. 9 = "not assessed") are read as missing ratings,
    and their labels do not become categories. The C reader runs isolated (see
    ``isolate``): a damaged file that crashes it is refused, not fatal.
    """
    from tapdesk.data.importer.isolate import run_isolated

    stata = path.suffix.lower() == ".dta" if stata is None else stata
    what = "Stata" if stata else "SPSS"
    seconds = max(1.0, budget.seconds - (time.monotonic() - budget.started)) if budget else 120.0
    try:                                  # the bytes already checked, never the path again
        stat = run_isolated(partial(_pyreadstat, data, stata), seconds=seconds, file=file,
                            what=what)
    except DataError:
        raise
    except Exception as exc:              # pyreadstat raises ReadstatError and others
        # Translators: {what} is "SPSS" or "Stata"; {error} the reading library's own message.
        raise DataError(Wording.of(N_("cannot be read as {what} data ({error}); check that the "
                                      "file is not damaged"), what=what, error=_short(exc)),
                        file=file) from None
    frame = stat.frame
    check_cells(frame.size, frame.shape[1], file=file)
    names = [str(c) for c in frame.columns]
    labels: dict[str, tuple[tuple[str, str], ...]] = {}
    missing: list[tuple[str, int, tuple[str | Labelled, ...]]] = []
    cells = pd.DataFrame(index=frame.index)
    for j, col in enumerate(frame.columns):
        ranges = stat.missing_ranges.get(col, [])
        values, n_lost, shown = _user_missing(frame[col], ranges, stat.value_labels.get(col, {}))
        if n_lost:
            missing.append((names[j], n_lost, shown))
        cells[j] = values.astype(object).where(values.notna(), "")
        pairs = _code_labels(stat.value_labels.get(col), ranges)
        if pairs:
            labels[names[j]] = pairs
    if missing:
        codes = Joined(tuple(dict.fromkeys(code for _, _, shown in missing for code in shown)))
        n_cells = sum(n for _, n, _ in missing)
        listed = Listed(tuple(Name(c) for c, _, _ in missing))
        # Translators: {n} is a number of cells; {columns} the columns' names in quotes, listed;
        # {codes} the codes (with their labels: "9 ('not assessed')"); {what} "SPSS" or
        # "Stata".
        book.add(
            "value-labels",
            Wording.ngettext("{n} cell of {columns} holds {codes}, declared or labelled missing "
                             "in the {what} file: they are missing ratings, not a category",
                             "{n} cells of {columns} hold {codes}, declared or labelled missing "
                             "in the {what} file: they are missing ratings, not a category",
                             n_cells, n=Count(n_cells), what=what, codes=codes,
                             columns=listed),
            columns=[c for c, _, _ in missing],
            action="left out",
        )
    if labels:
        # Translators: {what} is "SPSS" or "Stata"; {columns} the columns' names, joined by ", ".
        book.add("value-labels", Wording.of(N_("the {what} value labels of {columns} name the "
                                               "codes (the codes stay the categories, in code "
                                               "order)"), what=what, columns=", ".join(labels)),
                 action="kept")
    ordinal = frozenset(str(k) for k, v in stat.measures.items() if v == "ordinal")
    return RawGrid(cells, "stat", file, np.arange(2, len(cells) + 2), names=names,
                   value_labels=labels, ordinal_columns=ordinal)


def labelled_missing(label: object) -> bool:
    """A value label that names a missing value ('missing', 'Missing: not asked', 'n/a'), not
    the lowest point of a scale ('none')."""
    text = fold_label(str(label)).casefold()
    if text in ZERO_WORDS:
        return False
    return missing_word(text) or bool(_MISSING_LABEL.match(text))


def _user_missing(series: pd.Series, ranges,
                  value_labels) -> tuple[pd.Series, int, tuple[str | Labelled, ...]]:
    """Cells holding a user-missing value (numeric ranges or SPSS's discrete string values) or
    a code labelled as missing, made missing; how many, and the codes in words."""
    lost = pd.Series(False, index=series.index)
    numeric = pd.api.types.is_numeric_dtype(series)
    for r in ranges or ():
        if numeric and not isinstance(r.get("lo"), str):
            lost |= (series >= float(r["lo"])) & (series <= float(r["hi"]))
        elif not numeric and r.get("lo") == r.get("hi"):
            lost |= series.astype(str).str.strip() == str(r["lo"]).strip()
    named = [code for code, lab in (value_labels or {}).items() if labelled_missing(lab)]
    if named:
        lost |= series.isin(named)
    if not lost.any():
        return series, 0, ()
    codes = sorted(set(series[lost].tolist()), key=str)
    shown = tuple(Labelled(f"{_number_key(c)}", str(value_labels[c])) if c in value_labels
                  else f"{_number_key(c)}" for c in codes[:5])
    return series.where(~lost), int(lost.sum()), shown


def _code_labels(value_labels: dict | None, missing: list | None) -> tuple[tuple[str, str], ...]:
    """(code, label) pairs in code order (numbers first), leaving out user-missing codes and
    codes labelled as missing."""
    if not value_labels:
        return ()
    def is_missing(code) -> bool:
        return any(_in_range(code, r) for r in missing or ()) or \
            labelled_missing(value_labels[code])

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


_RENAMED = {
    # Translators: {suffix} is the file name's extension as it is (".csv"), or "(no extension)".
    "sheet": N_("the file is named {suffix} but holds a spreadsheet, so it was read as a "
                "spreadsheet"),
    # Translators: as above.
    "spss": N_("the file is named {suffix} but holds SPSS data, so it was read as SPSS data"),
    # Translators: as above.
    "stata": N_("the file is named {suffix} but holds Stata data, so it was read as Stata data"),
    # Translators: as above.
    "text": N_("the file is named {suffix} but holds text, so it was read as text"),
}
"""The sentence when a file's bytes are another kind than its name says, by the kind read."""


def _say_renamed(suffix: str, kind: str, book: NoteBook) -> None:
    """A note when the bytes are another format than the file's name says (a .sav saved as
    .csv): the bytes decide."""
    named = "sheet" if suffix in SHEET_SUFFIXES else "stata" if suffix == ".dta" else \
        "spss" if suffix in (".sav", ".zsav") else "text"
    if named != kind:
        # Translators: said as the extension of a file name that has none.
        shown = suffix or Wording.of(N_("(no extension)"))
        book.add("text-format", Wording.of(_RENAMED[kind], suffix=Name(shown)), action="guessed")


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__


# -------------------------------------------------------------- dispatch
def read_path(path: Path, file: str, book: NoteBook, budget: Budget, *, sheet: str | None = None,
              encoding: str | None = None, delimiter: str | None = None,
              decimal: str | None = None) -> tuple[RawGrid, FileFacts]:
    """Read a file from disk into a RawGrid, with the facts provenance needs.

    ``file`` is the path as the user gave it: every message names it.
    """
    data = read_regular_file(path, budget)
    return read_bytes(data, FileFacts.of(path.name, data), file, book, budget,
                      suffix=path.suffix.lower(), sheet=sheet, encoding=encoding,
                      delimiter=delimiter, decimal=decimal)


def read_bytes(data: bytes, facts: FileFacts, file: str, book: NoteBook, budget: Budget, *,
               suffix: str | None = None, sheet: str | None = None, encoding: str | None = None,
               delimiter: str | None = None,
               decimal: str | None = None) -> tuple[RawGrid, FileFacts]:
    """Read a file's bytes into a RawGrid: the bytes say what format it is, never the name.

    ``suffix`` is the extension of the name the bytes came under (None for a stream such as
    standard input, which has none): a note says when the bytes are another format.
    """
    from tapdesk.data.importer.textgrid import read_text_bytes

    budget.check(N_("reading the file"))
    kind = content_kind(data)
    refuse_other(kind, file)
    if suffix is not None:
        _say_renamed(suffix, kind, book)
    if kind == "sheet":
        grid = read_sheet_bytes(data, file, sheet, book)
    elif kind in ("spss", "stata"):
        grid = read_stat_file(data, Path(facts.name), file, book, budget, stata=kind == "stata")
    else:                                  # .csv, .tsv, .txt and anything else: try text
        if sheet is not None:
            raise DataError(Wording.of(N_("a sheet can only be chosen in a spreadsheet (.xlsx, "
                                          ".xlsm, .ods)")), file=file, settings=("sheet",))
        grid = read_text_bytes(data, file, book, budget, encoding=encoding, delimiter=delimiter,
                               decimal=decimal)
    budget.check(N_("reading the cells"))
    return grid, facts
