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
from tapdesk.data.importer.words import RATER_WORDS, name_tokens
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import canonical_label
from tapdesk.data.wording import Listed, Name, Quoted, Rows, Wording, sentences
from tapdesk.errors import DataError
from tapdesk.i18n import N_

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
        raise DataError(Wording.of(N_("the raters file was not found")), file=str(path),
                        settings=("raters_file",))
    try:
        if path.suffix.lower() in (".xlsx", ".xlsm", ".xls", ".ods"):
            return pd.read_excel(path, dtype=object, engine="calamine")
        return _read_text(path)
    except (ValueError, OSError, UnicodeError, pd.errors.ParserError) as exc:
        # Translators: {error} is the reading library's own message (English, technical).
        raise DataError(Wording.of(N_("cannot be read as a table of raters ({error}); give one "
                                      "row per rater: the rater id, then the rater's "
                                      "attributes"), error=str(exc)), file=str(path),
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
    raise DataError(Wording.of(N_("is neither UTF-8 nor Windows-1252 text")), file=str(path))


def _text(value: object) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    return canonical_label(value).strip()


def id_column(frame: pd.DataFrame) -> str:
    """The column named for raters, else the first column."""
    return next((str(c) for c in frame.columns if names_raters(str(c))), str(frame.columns[0]))


def attach_rater_table(dataset: Dataset, frame: pd.DataFrame, file: str,
                       where: str | Wording = "") -> Dataset:
    """The dataset with the table's columns as rater attributes (on every table), and notes."""
    if frame.shape[1] < 2 or frame.empty:
        raise DataError(Wording.of(N_("a table of raters needs a rater id column and at least one "
                                      "attribute column, with one row per rater")),
                        file=file, settings=("raters_file",))
    key = id_column(frame)
    frame = frame.rename(columns=str)
    ids = [_text(v) for v in frame[key]]
    columns = _attribute_columns(frame, key, ids, file)
    known = _rater_ids(dataset)
    notes = _match_notes(ids, known, columns, key, file, where)
    if dataset.rater_attributes.keys() & columns.keys():
        same = sorted(dataset.rater_attributes.keys() & columns.keys())
        # Translators: {columns} is column names in quotes, listed; {file} the raters file's
        # name; {where} "" or ", sheet 'Raters'".
        notes.append(ImportNote(RULE, Wording.of(N_("{columns} in the ratings file and in "
                                                    "{file}{where}: the values of {file} were "
                                                    "used"),
                                                 columns=Listed(tuple(repr(c) for c in same)),
                                                 file=file, where=where),
                                columns=tuple(same), action="warning"))
    kept = {col: {r: v for r, v in values.items() if r in known} for col, values in columns.items()}
    # Translators: {n} is the number of attributes; {names} their column names joined by ", ";
    # {file} the raters file's name; {where} "" or ", sheet 'Raters'"; {key} the id column's name.
    notes.insert(0, ImportNote(RULE, Wording.ngettext(
        "read {n} rater attribute ({names}) from {file}{where}, the raters identified by column "
        "{key}", "read {n} rater attributes ({names}) from {file}{where}, the raters "
        "identified by column {key}", len(columns), n=len(columns), names=", ".join(columns),
        file=file, where=where, key=Name(key)), columns=tuple(columns), action="kept"))
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
                # Translators: {rater} is a rater's id; {column} a column's name; {first} and
                # {second} the two values as the file writes them.
                raise DataError(Wording.of(N_("rater {rater} has two rows with different values "
                                              "of {column} ({first} and {second}); give "
                                              "each rater one row"), rater=Name(rid), column=Name(col),
                                           first=Name(values[rid]), second=Name(value)),
                                file=file, row=i + _HEADER_ROW + 1, column=col,
                                settings=("raters_file",))
            values[rid] = value
        if values:
            out[col] = values
    if not out:
        # Translators: {column} is the name of the raters table's id column.
        raise DataError(Wording.of(N_("the table of raters has no values beside its id column "
                                      "{column}"), column=Name(key)),
                        file=file, settings=("raters_file",))
    return out


def _rater_ids(dataset: Dataset) -> set[str]:
    tables = list(dataset.item_tables.values()) or [dataset.table]
    return {r for t in tables for r in t.rater_ids}


def _match_notes(ids: list[str], known: set[str], columns: dict[str, dict[str, str]], key: str,
                 file: str, where: str | Wording) -> list[ImportNote]:
    """Warnings for rows whose rater is not in the ratings and raters without a row."""
    notes = []
    if not known:
        raise DataError(Wording.of(N_("the ratings do not say which rater gave each rating, so a "
                                      "table of raters cannot be matched to them")),
                        file=file, settings=("raters_file",))
    unknown = [i + _HEADER_ROW + 1 for i, r in enumerate(ids) if r and r not in known]
    if unknown:
        names = sorted({ids[r - _HEADER_ROW - 1] for r in unknown})
        # Translators: {file} is the raters file's name; {where} "" or ", sheet 'Raters'";
        # {rows} "row 5" or "rows 5 and 9"; {column} the id column's name; {raters} the raters'
        # ids ("rater 'X'", "raters 'X', 'Y' and 2 more"). The count is of rows.
        notes.append(ImportNote(
            RULE, Wording.ngettext("{file}{where}, {rows}, column {column}: {raters} rated "
                                   "nothing in the ratings, so that row was not used",
                                   "{file}{where}, {rows}, column {column}: {raters} rated "
                                   "nothing in the ratings, so those rows were not used",
                                   len(unknown), file=file, where=where, rows=Rows(tuple(unknown)),
                                   column=Name(key), raters=_names(names)),
            rows=tuple(unknown), columns=(key,), action="warning"))
    listed = set(ids)
    missing = sorted(known - listed)
    if missing:
        # Translators: {raters} is the raters' ids ("rater 'X'", "raters 'X', 'Y' and 2 more");
        # {file} the raters file's name; {where} "" or ", sheet 'Raters'"; {column} its id
        # column. The count is of raters.
        notes.append(ImportNote(
            RULE, Wording.ngettext("{raters} gave ratings but has no row in {file}{where} (column "
                                   "{column}), so their attributes are missing",
                                   "{raters} gave ratings but have no row in {file}{where} "
                                   "(column {column}), so their attributes are missing",
                                   len(missing), raters=_names(missing), file=file, where=where,
                                   column=Name(key)),
            columns=(key,), action="warning"))
    for col, values in columns.items():
        lacking = sorted((known & listed) - values.keys())
        if lacking:
            # Translators: {raters} as above; {column} an attribute's column; {file}{where} as
            # above. The count is of raters.
            notes.append(ImportNote(
                RULE, Wording.ngettext("{raters} has no value of {column} in {file}{where}",
                                       "{raters} have no value of {column} in {file}{where}",
                                       len(lacking), raters=_names(lacking), column=Name(col),
                                       file=file, where=where),
                columns=(col,), action="warning"))
    return notes


def _names(ids: list[str], limit: int = 6) -> Wording:
    """"rater 'X'", "raters 'X', 'Y'", "raters 'A', ... 'F' and 3 more"."""
    shown = Quoted(tuple(ids[:limit]))
    if len(ids) == 1:
        # Translators: one rater by id, in quotes.
        return Wording.of(N_("rater {rater}"), rater=shown)
    if len(ids) <= limit:
        # Translators: raters' ids in quotes joined by ", ".
        return Wording.of(N_("raters {raters}"), raters=shown)
    # Translators: {raters} the first raters' ids in quotes joined by ", "; {n} how many more.
    return Wording.of(N_("raters {raters} and {n} more"), raters=shown, n=len(ids) - limit)


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
    # Translators: where in a workbook a table of raters was read, after the file's name.
    where = Wording.of(N_(", sheet {sheet}"), sheet=Name(name))
    try:
        return attach_rater_table(dataset, read_rater_sheet(source, name), file, where)
    except (DataError, ValueError, OSError) as exc:
        why = exc.wording if isinstance(exc, DataError) else str(exc)
        # Translators: {sheet} is a sheet's name; {why} what was wrong with it (a sentence).
        note = ImportNote(RULE, Wording.of(N_("sheet {sheet} is named for raters but could not "
                                              "be read as a table of raters ({why}), so it was "
                                              "not used"), sheet=Name(name), why=why),
                          action="warning", settings=("sheet",))
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
