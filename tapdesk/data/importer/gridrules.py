"""Rules on the raw grid, before the header row is chosen: empty rows and columns, title
lines above the table, two-level (merged) headers, rows split by another delimiter, and
rows with more fields than the header names (ragged rows, R's ``write.table`` header).

Each rule says what it did in an ImportNote, or refuses the file naming the row.
"""

from __future__ import annotations

import csv
import re
from dataclasses import replace

import numpy as np

from tapdesk.data.importer.grid import RawGrid
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.rowrules import legend_missing
from tapdesk.data.importer.sniff import DELIMITERS
from tapdesk.data.importer.table import first_row_is_header, shape
from tapdesk.data.importer.values import cell_text
from tapdesk.data.importer.words import (
    NUMBER_WORDS,
    RATER_WORDS,
    SUBJECT_WORDS,
    fold,
    looks_like_rater,
)
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Rows, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_, NC_

_NOTE_START = ("note", "notes", "source", "quelle", "anmerkung", "hinweis", "remarque", "nota",
               "fuente", "*", "†", "(")


def filled_mask(grid: RawGrid) -> np.ndarray:
    """Rows x columns: True where a cell holds something (cleaned once per distinct value)."""
    return grid.codes().filled()


def tidy(grid: RawGrid, book: NoteBook, header: bool | None) -> RawGrid:
    """Apply the grid rules in order; returns the grid whose first row is the header (if any)."""
    if grid.names is not None:
        return grid
    full = filled_mask(grid)
    grid, full = _drop_empty(grid, full, book)
    if header is not False and book.enabled("title-lines"):
        grid, full = _title_lines(grid, full, book)
    if grid.kind == "text":
        _mixed_delimiters(grid, full)
    grid, full = _extra_fields(grid, full, book)
    if header is not False:
        grid = _two_level_header(grid, full, book)
        grid = _index_name_row(grid, book)
    return grid


def _index_name_row(grid: RawGrid, book: NoteBook) -> RawGrid:
    """pandas' pivot export: the header's first cell names what the columns are ('rater'),
    and the line below it holds only the name of the row index ('subject'): that name goes
    to the first column, and the line is not a subject."""
    full = filled_mask(grid)
    if len(full) < 4 or full.shape[1] < 3 or not full[0].all() or not full[1, 0] or \
            full[1, 1:].any() or not full[2:, 1:].any():
        return grid
    texts = grid.codes().texts()
    corner, index = str(texts[0, 0]), str(texts[1, 0])
    ids = {shape(str(t)) for t in texts[2:202, 0] if t}
    names = {fold(corner), fold(index)} <= SUBJECT_WORDS | RATER_WORDS   # both name a dimension
    if numeric_value(index) is not None or (shape(index) in ids and not names) or \
            not first_row_is_header(
            [str(t) for t in texts[0]], texts[2:202]):
        return grid
    cells = grid.cells.drop(index=1).reset_index(drop=True)
    cells.iloc[0, 0] = index
    rows = grid.row_numbers
    # Translators: {row} is a row number; {index} and {corner} are cell texts of the file.
    book.add("title-lines", Wording.of(N_("row {row} holds only {index}, the name of the rows, "
                                          "and the header's first cell {corner} names the "
                                          "columns (as pandas writes a pivot table): the first "
                                          "column is read as {index}, the columns as "
                                          "{corner}"), row=int(rows[1]), index=Name(index),
                                       corner=Name(corner)),
             rows=[int(rows[1])], action="kept")
    return replace(grid, cells=cells, row_numbers=np.delete(rows, 1), coded=None,
                   formulas=None if grid.formulas is None else np.delete(grid.formulas, 1, axis=0))


def _drop_empty(grid: RawGrid, full: np.ndarray, book: NoteBook):
    rows = np.any(full, axis=1)
    if not rows.any():
        raise DataError(Wording.of(N_("the table has no cells")), file=grid.file)
    if not rows.all():
        grid, full = grid.with_rows(rows), full[rows]
    cols = np.any(full, axis=0)
    if not cols.all():                    # spacer columns and trailing empty fields
        last = int(np.flatnonzero(cols)[-1]) + 1
        if grid.kind == "text" and last < full.shape[1]:
            book.add("ragged-rows", trailing_empty_words(full.shape[1] - last), action="left out")
        grid, full = grid.with_columns(cols), full[:, cols]
    return grid, full


def trailing_empty_words(n: int) -> Wording:
    """The note on empty fields after the table's last filled column (a spreadsheet's blank
    columns, or delimiters at the ends of lines): what was found, not a guess at its cause."""
    if n == 1:
        return Wording.of(N_("lines end with 1 empty field after the table's last column (blank "
                             "columns or delimiters at the ends of the lines); they were ignored"))
    # Translators: {n} is the most empty fields a line ends with (2 or more).
    return Wording.ngettext("lines end with up to {n} empty field after the table's last column "
                            "(blank columns or delimiters at the ends of the lines); they were "
                            "ignored",
                            "lines end with up to {n} empty fields after the table's last column "
                            "(blank columns or delimiters at the ends of the lines); they were "
                            "ignored", n, n=n)


def _title_lines(grid: RawGrid, full: np.ndarray, book: NoteBook):
    """Leading rows with one filled cell of text above a wider table: titles, dates, notes."""
    counts = full.sum(axis=1)
    if len(counts) and counts[0] == 1:
        _refuse_spss_output(grid, cell_text(grid.cells.iat[0, int(np.argmax(full[0]))]).strip())
    width = full.shape[1]
    skip = next((i for i in range(min(len(counts) - 1, 21))
                 if counts[i] >= 2 and not _labelled_value(grid, full, i)), 0)
    for i in range(skip):
        j = int(np.argmax(full[i]))
        text = cell_text(grid.cells.iat[i, j]).strip()
        if counts[i] == 1 and not _title_like(text, grid, i, j, width):
            return grid, full
    if not skip:
        return grid, full
    shown = cell_text(grid.cells.iat[0, int(np.argmax(full[0]))]).strip()
    rows = grid.row_numbers[:skip]
    # Translators: {rows} is "row 1" or "rows 1-3"; {shown} the first title's text.
    book.add("title-lines", Wording.ngettext(
        "{rows} above the table holds a title or note (e.g. {shown}), not data, and was "
        "left out",
        "{rows} above the table hold a title or note (e.g. {shown}), not data, and were "
        "left out", skip, rows=Rows(tuple(int(r) for r in rows)), shown=Name(shown[:60])),
             rows=rows)
    for i in range(skip):                 # a legend's codes that mean "no rating"
        book.legend_missing.update(legend_missing(" ".join(
            cell_text(v) for v in grid.cells.iloc[i].tolist() if cell_text(v).strip())))
    keep = np.arange(len(counts)) >= skip
    return grid.with_rows(keep), full[keep]


_CROSSTABS_TITLE = re.compile(
    r"^\S.* \* .*\S\s+(?:crosstabulation|kreuztabelle|tableau crois[ée]|tabla cruzada|"
    r"tabla de contingencia|tavola di contingenza|tabela cruzada|kruistabel)$", re.IGNORECASE)
"""The title SPSS's Crosstabs writes over its output ('Rater A * Rater B Crosstabulation'), in
the languages SPSS speaks."""
_SPSS_TABLES = frozenset({
    "reliability statistics", "intraclass correlation coefficient", "case processing summary",
    "symmetric measures", "item-total statistics", "reliabilitätsstatistiken",
    "korrelationskoeffizient in klassen", "zusammenfassung der fallverarbeitung",
    "symmetrische maße", "statistiques de fiabilité", "coefficient de corrélation intraclasse",
    "récapitulatif de traitement des observations", "estadísticas de fiabilidad",
    "coeficiente de correlación intraclase", "resumen de procesamiento de casos"})
"""The titles SPSS writes over the output tables of Reliability Analysis and Crosstabs."""


def _refuse_spss_output(grid: RawGrid, title: str) -> None:
    """SPSS's output saved as a table (Crosstabs: counts with rows of percentages between them;
    Reliability Analysis: alpha and the intraclass correlations) is a result, not data:
    refused by its name, with what to save instead."""
    if not (_CROSSTABS_TITLE.match(title) or title.casefold() in _SPSS_TABLES):
        return
    # Translators: why a file is refused; {title} the output's title, quoted.
    raise DataError(Wording.of(N_(
        "this is SPSS's output ({title}): a table of results rather than data. Export the "
        "raters' variables from SPSS's data view instead (one column per rater), or for a "
        "cross-table save the counts alone: the categories down the first column and across "
        "the header row"), title=Name(title[:80])),
        file=grid.file, row=int(grid.row_numbers[0]))


def _labelled_value(grid: RawGrid, full: np.ndarray, i: int) -> bool:
    """'Dataset Name:' beside its value, above a table of four or more columns (the lines an
    OpenClinica extract writes above its table): a note about the file, not data."""
    if full[i].sum() != 2 or full.shape[1] < 4:
        return False
    j = int(np.argmax(full[i]))
    return cell_text(grid.cells.iat[i, j]).strip().endswith(":")


def _title_like(text: str, grid: RawGrid, i: int, j: int, width: int) -> bool:
    """A lone cell above the table that reads as a title, not as a value of its column."""
    if numeric_value(text) is not None:
        return False
    if width < 3 and not (" " in text or ":" in text):
        return False
    below = {shape(cell_text(v).strip()) for v in grid.cells.iloc[i + 1:i + 201, j]}
    if shape(text) in below and len(text) < 40:
        return False
    return not (grid.kind == "text" and _splits_like_table(text, grid, width))


def _splits_like_table(text: str, grid: RawGrid, width: int) -> bool:
    """True when ``text`` splits by another delimiter into as many fields as the table has."""
    used = grid.text_format.delimiter if grid.text_format else ","
    for delim in DELIMITERS:
        if delim == used or delim not in text:
            continue
        try:
            fields = next(csv.reader([text], delimiter=delim))
        except (csv.Error, StopIteration):
            continue
        n = len(fields)
        while n > 1 and not fields[n - 1].strip():
            n -= 1
        if width >= 2 and width in (n, len(fields)) and n >= 2 and \
                not text.lower().startswith(_NOTE_START) and not _legend(fields[:n]):
            return True
    return False


def _legend(fields: list[str]) -> bool:
    """Fields that explain codes ('99 = not assessed') or run to sentences (half of them
    three words or more): a legend or a note, not a row of the table."""
    return any("=" in f for f in fields) or \
        sum(len(f.split()) >= 3 for f in fields) * 2 >= len(fields)


def _mixed_delimiters(grid: RawGrid, full: np.ndarray) -> None:
    """Refuse a row split by another delimiter than the rest (it would be read as one cell)."""
    if full.shape[1] < 2 or not len(full):
        return
    counts = full.sum(axis=1)
    width = max(int(counts[0]), int(np.median(counts)))
    lone = np.flatnonzero((counts == 1) & full[:, 0])
    used = grid.text_format.delimiter if grid.text_format else ","
    for i in lone[:10_000]:
        text = cell_text(grid.cells.iat[int(i), 0])
        if _splits_like_table(text, grid, width):
            other = next(d for d in DELIMITERS if d != used and d in text)
            # Translators: {other} and {used} are delimiters' names in the plural ("commas",
            # "semicolons").
            raise DataError(Wording.of(N_("this row is split by {other} while the other rows use "
                                          "{used}, so it would be read as one cell; use one "
                                          "delimiter throughout the file (or choose the "
                                          "delimiter)"), other=_plural_delimiter(other),
                                       used=_plural_delimiter(used)),
                            file=grid.file, row=int(grid.row_numbers[i]), settings=("delimiter",))


_PLURAL_DELIMITERS = {"\t": NC_("delimiters", "tabs"), ";": NC_("delimiters", "semicolons"),
                      ",": NC_("delimiters", "commas"), "|": NC_("delimiters", "pipes")}
"""Each delimiter's name in the plural, as a note says it ("split by commas")."""


def _plural_delimiter(delim: str) -> Wording | Name:
    """A delimiter's name in the plural ("commas"), or another one as itself in the language's
    quotes (a delimiter chosen in the options: ":", „:“)."""
    word = _PLURAL_DELIMITERS.get(delim)
    return Wording.pgettext("delimiters", word) if word is not None else Name(delim)


_WRITE_TABLE_ROWS = 0.9
"""R's write.table fills the last column in every row (NA where missing): a column filled in
fewer rows beyond a named header is notes, not data shifted by a missing name."""


def _extra_fields(grid: RawGrid, full: np.ndarray, book: NoteBook):
    """Rows with filled cells right of the last header cell.

    R's write.table header (one name short, row names first) is shifted into place;
    unnamed columns filled in most rows are kept ("column N"); a few notes beside the
    table (text only, past an empty column, or in a spreadsheet's unnamed column) are left
    out; anything else is refused with
    its row (a row with one field too many is usually a value with an unquoted comma).
    """
    if len(full) < 2:
        return grid, full
    head = int(np.flatnonzero(full[0])[-1]) + 1
    width = full.shape[1]
    if head >= width:
        return grid, full
    texts = grid.codes().texts()
    if not first_row_is_header(texts[0].tolist(), texts[1:201]):
        return grid, full                 # no header row: the longer rows are data
    if len(full) > 2 and full[1, head:].any() and full[1].all() and \
            first_row_is_header(texts[1].tolist(), texts[2:202]):
        return grid, full                 # group labels over a full row of names: two levels
    body = full[1:]
    beyond = body[:, head:].any(axis=1)
    if not beyond.any():
        return grid, full                 # no row fills a cell right of the header: none extra
    ids = texts[1:, 0].tolist()
    if head == width - 1 and full[0, 0] and body[:, 0].all() and len(set(ids)) == len(ids) \
            and fold(texts[0, 0]) not in SUBJECT_WORDS | NUMBER_WORDS and \
            beyond.mean() >= _WRITE_TABLE_ROWS:
        return _shift_header(grid, book)
    if beyond.mean() >= 0.5:
        return grid, full                 # unnamed columns that hold data: kept as "column N"
    stray = texts[1:, head:][body[:, head:]]
    gap = not body[:, head].any()         # an empty column between the table and the notes
    if (gap or grid.kind == "sheet") and all(numeric_value(t) is None for t in stray):
        rows = grid.row_numbers[1:][beyond]
        # Translators: {rows} is "row 5" or "rows 5 and 9"; {shown} a cell as the file has it.
        book.add("ragged-rows", Wording.ngettext(
            "{rows} holds text beside the table, right of its last named column (e.g. {shown}), "
            "which was left out as a note",
            "{rows} hold text beside the table, right of its last named column (e.g. {shown}), "
            "which was left out as a note", len(rows), rows=Rows(tuple(int(r) for r in rows)),
            shown=Name(stray[0][:40])), rows=rows)
        keep = np.arange(width) < head
        return grid.with_columns(keep), full[:, keep]
    i = int(np.flatnonzero(beyond)[0]) + 1
    n = int(np.flatnonzero(full[i])[-1]) + 1
    # Translators: {n} and {head} are numbers of fields and of columns (several).
    raise DataError(Wording.of(N_("this row has {n} fields but the header row names only {head} "
                                  "columns; check the delimiters and quotes on this row (a stray "
                                  "delimiter, or a value that should be quoted; or choose the "
                                  "delimiter), or give the extra column a name"), n=n, head=head),
                    file=grid.file, row=int(grid.row_numbers[i]), settings=("delimiter",))


def _shift_header(grid: RawGrid, book: NoteBook):
    """R's write.table: the header has no cell above the row names; move it one right."""
    cells = grid.cells.copy()
    cells.iloc[0] = [""] + list(cells.iloc[0, :-1])
    # Translators: {row} is the header's row number.
    book.add("row-names", Wording.of(N_("the header row (row {row}) has one name fewer than the "
                                        "data rows, as R's write.table writes it: the first "
                                        "column holds row names"), row=int(grid.row_numbers[0])),
             rows=[grid.row_numbers[0]], action="kept")
    shifted = replace(grid, cells=cells, coded=None)
    return shifted, filled_mask(shifted)


GROUP_JOIN = " | "
"""Joins a two-level header's group label to a column name when the column names repeat
under the groups (rater names over item or Score/Comment columns): 'Dr. Weber | Frage 1'."""


def grouped_names(top: list[str], low: list[str]) -> list[str]:
    """Each column's name under its group (the last group label on its left, as a merged
    cell spans its columns); columns before the first group keep their own name."""
    names, group = [], ""
    for hi, lo in zip(top, low):
        group = hi or group
        names.append(f"{group}{GROUP_JOIN}{lo}" if group and lo else lo or group)
    return names


ONE_EACH = 3
"""Columns at least, each under a person of its own, that make a report card."""


def _refuse_one_person_a_thing(grid: RawGrid, top: list[str], low: list[str]) -> None:
    """A run of columns each under a person's name of its own ('Mrs Patel' over 'English',
    'Mr Doyle' over 'Maths') and named as different things is a report card: each thing is
    graded by one person, nothing by two, so there is no agreement to measure (refused)."""
    run: list[int] = []
    for j, (hi, lo) in enumerate(zip(top, low)):
        if hi and lo:
            run.append(j)
        elif run and len(run) < ONE_EACH:
            run = []
        elif run:
            break
    people = [top[j] for j in run]
    things = [low[j] for j in run]
    if len(run) < ONE_EACH or sum(map(looks_like_rater, people)) < 0.75 * len(run) or \
            len(set(people)) < len(people) or len(set(things)) < len(things) or \
            any(looks_like_rater(t) for t in things) or _numbered(things):
        return
    # Translators: why a file is refused (after the row's number); {first} and {second}
    # persons' names, {a} and {b} the columns under them.
    raise DataError(Wording.of(N_(
        "one person is named over each column ({first} over {a}, {second} over {b} ...) and the "
        "columns are different things: each thing is graded by one person and none by two, so "
        "there is no agreement between raters to measure. Rater agreement needs the same things "
        "rated by two or more people"),
        first=Name(people[0]), a=Name(things[0]), second=Name(people[1]), b=Name(things[1])),
        file=grid.file, row=int(grid.row_numbers[0]))


def _numbered(names: list[str]) -> bool:
    """Names of one shape with a number ('Q1', 'Q2': a numbered run, codes of one kind)."""
    return len({shape(t) for t in names}) == 1 and any(ch.isdigit() for ch in names[0])


def _two_level_header(grid: RawGrid, full: np.ndarray, book: NoteBook) -> RawGrid:
    """Rows 1-2 forming one header: group labels (merged cells) above the column names."""
    if len(full) < 4 or full.shape[1] < 3:
        return grid
    top = [cell_text(v).strip() for v in grid.cells.iloc[0]]
    low = [cell_text(v).strip() for v in grid.cells.iloc[1]]
    gaps = [j for j in range(1, len(top)) if not top[j] and low[j]]
    if not gaps or any(numeric_value(t) is not None for t in low if t):
        return grid
    if any(not low[j] for j in range(len(top)) if not top[j] and full[2:, j].any()):
        return grid
    if not first_row_is_header(low, grid.cells.iloc[2:202]):
        return grid
    _refuse_one_person_a_thing(grid, top, low)
    named = [lo or hi for hi, lo in zip(top, low)]
    groups = [t for t in top if t and t not in named]
    if len(set(named)) != len(named):
        named = grouped_names(top, low)   # rater names over item columns: 'Anna | Q1'
    if len(set(named)) != len(named):
        # Translators: {top} and {low} are row numbers; {names} the lower row's names joined by
        # ", ".
        raise DataError(Wording.of(N_("rows {top}-{low} form a two-level header whose lower "
                                      "names repeat ({names}): raters and items both run across "
                                      "the columns, which cannot be read as one table. Save one "
                                      "column per rater (one sheet per item), or the ratings in "
                                      "long form"), top=int(grid.row_numbers[0]),
                                   low=int(grid.row_numbers[1]), names=", ".join(low)),
                        file=grid.file, row=int(grid.row_numbers[1]))
    cells = grid.cells.iloc[1:].reset_index(drop=True).copy()
    cells.iloc[0] = named
    rows = grid.row_numbers[:2]
    # Translators: {top} and {low} are row numbers; {groups} the group names in quotes, or the
    # words "merged cells".
    book.add("title-lines", Wording.of(N_("rows {top}-{low} form a two-level header: row {top} "
                                          "groups the columns ({groups}) and the column names "
                                          "come from row {low}"), top=int(rows[0]),
                                       low=int(rows[1]),
                                       groups=", ".join(repr(g) for g in groups) or
                                       Wording.of(N_("merged cells"))),
             rows=rows, action="kept")
    return replace(grid, cells=cells, row_numbers=grid.row_numbers[1:], coded=None,
                   formulas=None if grid.formulas is None else grid.formulas[1:])
