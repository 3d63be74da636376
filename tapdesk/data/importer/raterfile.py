"""Rater attributes from a second table: one row per rater (``--raters-file``, a "Raters" sheet).

The table's id column is the one named for raters (rater, judge, annotator, worker ... with or
without "id"/"name"), else its first column; every other column with a value is a rater
attribute. Ids are matched to the raters of the ratings as the ratings table writes them. Rows
whose id is no rater of the ratings, and raters without a row, are said in a warning naming
the file, rows and column; nothing is dropped without a word.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd

from tapdesk.data.attributes import Attributes
from tapdesk.data.importer.model import Dataset, ImportNote
from tapdesk.data.importer.notes import row_list
from tapdesk.data.importer.words import RATER_WORDS, name_tokens
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import canonical_label
from tapdesk.data.wording import sentences
from tapdesk.errors import DataError

RULE = "rater-file"
RATER_NOUNS = frozenset(RATER_WORDS - {"variable"}) | {
    "instructor", "teacher", "marker", "labeler", "labeller", "doctor", "physician",
    "radiologist", "pathologist", "panelist", "panellist", "tutor", "lecturer"}
"""Words that name raters in a sheet name or an id column header."""
_ID_SUFFIXES = ("id", "name", "code", "number", "no")
_HEADER_ROW = 1


def names_raters(text: str) -> bool:
    """A sheet or column name about raters: 'Raters', 'Judge info', 'annotator_id'."""
    for word in name_tokens(text):
        for suffix in ("",) + _ID_SUFFIXES:
            stem = word[: len(word) - len(suffix)] if suffix and word.endswith(suffix) else word
            if stem in RATER_NOUNS or (stem.endswith("s") and stem[:-1] in RATER_NOUNS):
                return True
    return False


def rater_sheet(names: list[str] | tuple[str, ...]) -> str | None:
    """The first sheet named for raters (None when there is none)."""
    return next((n for n in names if names_raters(n)), None)


def read_rater_file(path: str | Path) -> pd.DataFrame:
    """The rater table of a CSV/TSV/text file or a workbook's first sheet, cells as text."""
    path = Path(path)
    if not path.is_file():
        raise DataError("the raters file was not found", file=str(path), settings=("raters_file",))
    try:
        if path.suffix.lower() in (".xlsx", ".xlsm", ".xls", ".ods"):
            return pd.read_excel(path, dtype=object, engine="calamine")
        return _read_text(path)
    except (ValueError, OSError, UnicodeError, pd.errors.ParserError) as exc:
        raise DataError(f"cannot be read as a table of raters ({exc}); give one row per rater: "
                        "the rater id, then the rater's attributes", file=str(path),
                        settings=("raters_file",)) from None


def read_rater_sheet(data: bytes | str | Path, sheet: str) -> pd.DataFrame:
    """One sheet of a workbook (bytes or a path) as a rater table, cells as text."""
    import io
    source = io.BytesIO(data) if isinstance(data, bytes) else data
    return pd.read_excel(source, sheet_name=sheet, dtype=object, engine="calamine")


def _read_text(path: Path) -> pd.DataFrame:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return pd.read_csv(path, sep=None, engine="python", dtype=str, keep_default_na=False,
                               encoding=encoding)
        except UnicodeDecodeError:
            continue
    raise DataError("is neither UTF-8 nor Windows-1252 text", file=str(path))


def _text(value: object) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return canonical_label(value).strip()


def id_column(frame: pd.DataFrame) -> str:
    """The column named for raters, else the first column."""
    return next((str(c) for c in frame.columns if names_raters(str(c))), str(frame.columns[0]))


def attach_rater_table(dataset: Dataset, frame: pd.DataFrame, file: str,
                       where: str = "") -> Dataset:
    """The dataset with the table's columns as rater attributes (on every table), and notes."""
    if frame.shape[1] < 2 or frame.empty:
        raise DataError("a table of raters needs a rater id column and at least one attribute "
                        "column, with one row per rater", file=file, settings=("raters_file",))
    key = id_column(frame)
    frame = frame.rename(columns=str)
    ids = [_text(v) for v in frame[key]]
    columns = _attribute_columns(frame, key, ids, file)
    known = _rater_ids(dataset)
    notes = _match_notes(ids, known, columns, key, file, where)
    if dataset.rater_attributes.keys() & columns.keys():
        same = sorted(dataset.rater_attributes.keys() & columns.keys())
        notes.append(ImportNote(RULE, f"{', '.join(repr(c) for c in same)} in the ratings file "
                                f"and in {file}{where}: the values of {file} were used",
                                columns=tuple(same), action="warning"))
    kept = {col: {r: v for r, v in values.items() if r in known} for col, values in columns.items()}
    notes.insert(0, ImportNote(RULE, f"read {len(columns)} rater attribute"
                               f"{'s' if len(columns) != 1 else ''} ({', '.join(columns)}) from "
                               f"{file}{where}, the raters identified by column '{key}'",
                               columns=tuple(columns), action="kept"))
    return _with_rater_attributes(dataset, kept, tuple(notes))


def _attribute_columns(frame: pd.DataFrame, key: str, ids: list[str],
                       file: str) -> dict[str, dict[str, str]]:
    """{column: {rater id: value}}; a rater listed twice with different values is refused."""
    out: dict[str, dict[str, str]] = {}
    for col in (c for c in frame.columns if c != key):
        values: dict[str, str] = {}
        for i, (rid, raw) in enumerate(zip(ids, frame[col])):
            value = _text(raw)
            if not rid or not value:
                continue
            if values.get(rid, value) != value:
                raise DataError(f"rater '{rid}' has two rows with different values of '{col}' "
                                f"('{values[rid]}' and '{value}'); give each rater one row",
                                file=file, row=i + _HEADER_ROW + 1, column=col,
                                settings=("raters_file",))
            values[rid] = value
        if values:
            out[col] = values
    if not out:
        raise DataError(f"the table of raters has no values beside its id column '{key}'",
                        file=file, settings=("raters_file",))
    return out


def _rater_ids(dataset: Dataset) -> set[str]:
    tables = list(dataset.item_tables.values()) or [dataset.table]
    return {r for t in tables for r in t.rater_ids}


def _match_notes(ids: list[str], known: set[str], columns: dict[str, dict[str, str]], key: str,
                 file: str, where: str) -> list[ImportNote]:
    """Warnings for rows whose rater is not in the ratings and raters without a row."""
    notes = []
    if not known:
        raise DataError("the ratings do not say which rater gave each rating, so a table of "
                        "raters cannot be matched to them", file=file, settings=("raters_file",))
    unknown = [i + _HEADER_ROW + 1 for i, r in enumerate(ids) if r and r not in known]
    if unknown:
        names = sorted({ids[r - _HEADER_ROW - 1] for r in unknown})
        notes.append(ImportNote(
            RULE, f"{file}{where}, {row_list(unknown)}, column '{key}': "
                  f"{_names(names)} rated nothing in the ratings, so "
                  f"{'that row was' if len(unknown) == 1 else 'those rows were'} not used",
            rows=tuple(unknown), columns=(key,), action="warning"))
    listed = set(ids)
    missing = sorted(known - listed)
    if missing:
        notes.append(ImportNote(
            RULE, f"{_names(missing)} gave ratings but {'has' if len(missing) == 1 else 'have'} "
                  f"no row in {file}{where} (column '{key}'), so their attributes are missing",
            columns=(key,), action="warning"))
    for col, values in columns.items():
        lacking = sorted((known & listed) - values.keys())
        if lacking:
            notes.append(ImportNote(
                RULE, f"{_names(lacking)} {'has' if len(lacking) == 1 else 'have'} no value of "
                      f"'{col}' in {file}{where}", columns=(col,), action="warning"))
    return notes


def _names(ids: list[str], limit: int = 6) -> str:
    shown = ", ".join(f"'{i}'" for i in ids[:limit])
    more = f" and {len(ids) - limit} more" if len(ids) > limit else ""
    return f"rater{'s' if len(ids) > 1 else ''} {shown}{more}"


def _with_rater_attributes(dataset: Dataset, columns: dict[str, dict[str, str]],
                           notes: tuple[ImportNote, ...]) -> Dataset:
    raters = {**dataset.rater_attributes, **columns}
    attributes = Attributes(dataset.subject_attributes, raters)

    def carry(t: RatingsTable) -> RatingsTable:
        return t.with_attributes(attributes)

    warnings = tuple(n.wording for n in notes if n.action == "warning")
    plain = tuple(n.wording for n in notes if n.action != "warning")
    return replace(dataset, table=carry(dataset.table),
                   item_tables={k: carry(t) for k, t in dataset.item_tables.items()},
                   rater_attributes=raters, import_notes=dataset.import_notes + notes,
                   warnings=sentences(dataset.warnings, warnings),
                   notes=sentences(dataset.notes, plain))


def with_rater_sheet(dataset: Dataset, source: bytes | str | Path, sheets: tuple[str, ...],
                     file: str) -> Dataset:
    """The dataset with the rater attributes of the workbook's sheet named for raters, when there
    is one beside the sheet read; a sheet that cannot be matched is said, not fatal."""
    name = rater_sheet([s for s in sheets if s != dataset.provenance.sheet])
    if name is None:
        return dataset
    where = f", sheet '{name}'"
    try:
        return attach_rater_table(dataset, read_rater_sheet(source, name), file, where)
    except (DataError, ValueError, OSError) as exc:
        why = exc.detail if isinstance(exc, DataError) else str(exc)
        note = ImportNote(RULE, f"sheet '{name}' is named for raters but could not be read as a "
                                f"table of raters ({why}), so it was not used", action="warning",
                          settings=("sheet",))
        return replace(dataset, import_notes=dataset.import_notes + (note,),
                       warnings=sentences(dataset.warnings, (note.wording,)))


def workbook_sheets(source: bytes | str | Path) -> tuple[str, ...]:
    """The sheet names of a workbook (() when it cannot be opened)."""
    import io

    import python_calamine
    try:
        book = python_calamine.load_workbook(io.BytesIO(source) if isinstance(source, bytes)
                                             else str(source))
        return tuple(book.sheet_names)
    except Exception:                     # calamine raises its own and zip/xml errors
        return ()
