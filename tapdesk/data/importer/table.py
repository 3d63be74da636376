"""From a raw grid to a named table: header-row detection and column names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from tapdesk.data.importer.grid import Coded, RawGrid
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.values import cell_text, written_labels
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Quoted, Series, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_, _
from tapdesk.i18n.current import language
from tapdesk.i18n.languages import SOURCE, codes

_SAMPLE = 200
RULE_ROWS = 100_000
"""The most rows a rule reads of a column (the id structure, the roles, a survey's columns):
the long reader's sample holds as many, so its rules see what they would in the whole file."""


def text_matrix(cells: pd.DataFrame) -> np.ndarray:
    """Rows x columns of stripped cell texts ("" when empty), cleaned once per distinct value."""
    return Coded.of(cells).texts()


@dataclass
class Table:
    """Named columns of strings/scalars, with the source row of every body row.

    ``formulas`` marks formula cells of the body (None when the format has none).
    ``coded`` holds every cell's stripped text, coded once per distinct value
    (computed on first use): ``text``, ``lower`` and ``texts`` read it.
    """

    columns: list[str]
    body: pd.DataFrame
    rows: np.ndarray
    grid: RawGrid
    header_row: int | None
    formulas: np.ndarray | None = None
    coded: Coded | None = field(default=None, repr=False)
    _index: dict[str, int] | None = field(default=None, repr=False)
    _text: np.ndarray | None = field(default=None, repr=False)
    id_cache: dict[str, object] = field(default_factory=dict, repr=False)
    """Each id column's coded ids (``convert.column_ids``), read once, as ``coded``."""

    @property
    def file(self) -> str:
        return self.grid.file

    def row_of(self, index: int) -> int:
        """Source row number (1-based, as a spreadsheet shows it) of body row ``index``."""
        return int(self.rows[index]) if 0 <= index < len(self.rows) else index + 2

    def column(self, name: str) -> pd.Series:
        return self.body[name]

    def codes(self) -> Coded:
        if self.coded is None:
            self.coded = Coded.of(self.body)
        return self.coded

    @property
    def text(self) -> np.ndarray:
        """Rows x columns of stripped cell texts."""
        if self._text is None:
            self._text = self.codes().texts()
        return self._text

    @property
    def lower(self) -> np.ndarray:
        """Rows x columns of stripped lower-case cell texts."""
        return self.codes().lower()

    def index(self, name: str) -> int:
        if self._index is None:
            self._index = {c: j for j, c in enumerate(self.columns)}
        return self._index[name]

    def texts(self, name: str, limit: int | None = None) -> list[str]:
        """Stripped text of a column's cells (the first ``limit``)."""
        return self.text[:limit, self.index(name)].tolist()

    def read_as(self, read_in: tuple[tuple[str, str, str], ...]) -> Table:
        """The table with the cells of each (column, label, label) whose label is the first
        holding the second (the other columns as they were). A cell's label is known before
        the value rules are: it is the cell as written, or as the rules would write it
        (:func:`~tapdesk.data.importer.values.written_labels`)."""
        body = self.body.copy()
        for column in dict.fromkeys(entry[0] for entry in read_in if entry[0] in self.columns):
            k = self.index(column)
            read = {a: b for c, a, b in read_in if c == column}
            cells = self.text[:, k]
            # each distinct cell once: its labels, and what the first of them read so becomes
            becomes = {t: next((read[f] for f in written_labels(t) if f in read), None)
                       for t in set(cells.tolist())}
            hits = np.array([becomes[t] is not None for t in cells], dtype=bool)
            if hits.any():
                body.iloc[hits, k] = [becomes[t] for t in cells[hits]]
        return Table(self.columns, body, self.rows, self.grid, self.header_row, self.formulas)

    def keep_rows(self, keep: np.ndarray) -> Table:
        return Table(self.columns, self.body[keep].reset_index(drop=True), self.rows[keep],
                     self.grid, self.header_row,
                     None if self.formulas is None else self.formulas[keep],
                     None if self.coded is None else self.coded.rows(keep))

    def drop_columns(self, names) -> Table:
        names = set(names)
        keep = np.array([c not in names for c in self.columns])
        return Table([c for c in self.columns if c not in names],
                     self.body.loc[:, keep], self.rows, self.grid, self.header_row,
                     None if self.formulas is None else self.formulas[:, keep],
                     None if self.coded is None else self.coded.columns(keep))


def _texts(values) -> list[str]:
    return [cell_text(v).strip() for v in values]


def shape(text: str) -> str:
    """"s12" -> "a9", "Rater 3" -> "a 9": the pattern of letters and digits."""
    return re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "9", text))


def first_row_is_header(first: list[str], sample: pd.DataFrame | np.ndarray) -> bool:
    """Decide by column votes whether the first row names the columns.

    A text cell over a column that does not contain it (and is not shaped
    like its values, as "s1" over "s2", "s3") votes header; a cell repeated in
    its column votes data. A number over numbers says nothing by itself, but
    when every filled cell is such a number the row is data. An empty corner
    cell above filled labels (a contingency table) votes header.
    ``sample`` is the rows below (cells, or their stripped texts).
    """
    texts = text_matrix(sample) if isinstance(sample, pd.DataFrame) else sample
    codes, uniques = pd.factorize(texts.ravel())
    numbers = np.array([numeric_value(u) is not None for u in uniques] + [False])[codes] \
        .reshape(texts.shape)
    marks = np.array([not any(ch.isalnum() for ch in str(u)) for u in uniques] + [True])
    filled = ~marks[codes].reshape(texts.shape)     # '.', '*', '-' mark missing values: no vote
    yes = no = numeric = 0
    for j, head in enumerate(first):
        if j >= texts.shape[1]:
            break
        n_filled = int(filled[:, j].sum())
        if not head:
            if j == 0 and n_filled and all(first[1:]) and len(first) > 1:
                yes += 1
            continue
        if not n_filled:
            yes += 1
            continue
        rest = texts[filled[:, j], j].tolist()
        head_num = numeric_value(head) is not None
        rest_num = numbers[:, j].sum() / n_filled
        if head_num and rest_num >= 0.8:
            numeric += 1
        elif not head_num and rest_num >= 0.8:
            yes += 1
        elif (
            head in set(rest) or any(ch.isdigit() for ch in head) and
            (shape(head), _letters(head)) in {(shape(t), _letters(t)) for t in rest}
        ):                  # "s1" over "s2", "s3": one of the ids; "Nurse 1" over "Stage 1": no
            no += 1
        else:
            yes += 1
    if yes == no == 0:
        return numeric == 0
    return yes > no


def _letters(text: str) -> str:
    """A cell's letters, in lower case, without its digits ('Pt 12' -> 'pt')."""
    return "".join(ch for ch in text.lower() if ch.isalpha())


def _without_repeats(first: list[str], sample: np.ndarray) -> np.ndarray:
    """The sample (texts) without rows that repeat the first row's names (pasted exports)."""
    names = {h.lower() for h in first if h and numeric_value(h) is None}
    if len(names) < 2 or not sample.size:
        return sample
    codes, uniques = pd.factorize(sample.ravel())
    hit = np.array([u.lower() in names for u in uniques], dtype=bool)
    hits = hit[codes].reshape(sample.shape).sum(axis=1)
    keep = hits < max(2, 0.6 * len(names))
    return sample[keep] if keep.any() else sample


def numbered_column(n: int) -> str:
    """The name of column ``n`` (from 1) of a file without a header row, in the language of the
    reading ("column 3", "Spalte 3"): the user reads it as a rater's or a column's name."""
    # Translators: the name of a column of a file without a header row (a rater's name when the
    # raters are in columns); {n} is its number: 1, 2, ...
    return _("column {n}").format(n=n)


def numbered_position(name: str) -> int | None:
    """``n`` when ``name`` is :func:`numbered_column`'s name in any language shipped ("column
    3", "Spalte 3", "colonne 3": a project or a command saved under another language)."""
    for code in (SOURCE, *codes()):
        with language(code):
            head, _mark, tail = _("column {n}").partition("{n}")
        found = re.fullmatch(re.escape(head) + r"(\d+)" + re.escape(tail), str(name).strip(),
                             re.IGNORECASE)
        if found:
            return int(found.group(1))
    return None


def name_columns(grid: RawGrid, book: NoteBook, header: bool | None = None) -> Table:
    """Decide whether the first row names the columns and build the Table."""
    cells = grid.cells
    if grid.names is not None:
        body = cells.copy()
        body.columns = unique_names(grid.names, book)
        return Table(list(body.columns), body, grid.row_numbers, grid, 1)
    if cells.shape[0] == 0 or cells.shape[1] == 0:
        raise DataError(Wording.of(N_("the table has no cells")), file=grid.file)
    rows = grid.row_numbers
    first = _texts(cells.iloc[0])
    if header is None:
        sample = grid.codes().rows(slice(1, _SAMPLE + 1)).texts()
        header = first_row_is_header(first, _without_repeats(first, sample)) \
            if len(cells) > 1 else True
        if not header:
            book.info(Wording.of(N_("the first row holds data, not column names; columns are "
                                    "numbered")))
    formulas = grid.formulas
    coded = grid.coded
    if header:
        spelled = [cell_text(v) for v in cells.iloc[0]]      # spaces kept: the note says them
        names = [spelled[j] if h else numbered_column(j + 1) for j, h in enumerate(first)]
        body = cells.iloc[1:].reset_index(drop=True)
        body_rows, header_row = rows[1:], int(rows[0])
        formulas = None if formulas is None else formulas[1:]
        coded = None if coded is None else coded.rows(slice(1, None))
    else:
        names = [numbered_column(j + 1) for j in range(cells.shape[1])]
        body, body_rows, header_row = cells.reset_index(drop=True), rows, None
    body = body.copy()
    body.columns = unique_names(names, book, header_row)
    if body.shape[0] == 0:
        raise DataError(Wording.of(N_("the table has a header row but no data rows: an empty "
                                      "data-entry template, nothing to rate yet")), file=grid.file)
    return Table(list(body.columns), body, np.asarray(body_rows), grid, header_row, formulas,
                 coded)


def unique_names(names: list[str], book: NoteBook | None = None,
                 header_row: int | None = None) -> list[str]:
    """Column names made unique: a name seen before (spaces around it aside) gets " (2)", " (3)"
    ... and the renaming is said in a note, since two columns with one name may be one rater
    entered twice or two people with the same name."""
    raw = [str(n) for n in names]
    out: list[str] = []
    taken = {n.strip() for n in raw}
    seen: dict[str, list[int]] = {}
    for j, name in enumerate(n.strip() for n in raw):
        seen.setdefault(name, []).append(j)
        if len(seen[name]) == 1:
            out.append(name)
            continue
        k = len(seen[name])
        while f"{name} ({k})" in taken:
            k += 1
        taken.add(f"{name} ({k})")
        out.append(f"{name} ({k})")
    if book is not None:
        for name, cols in seen.items():
            if len(cols) > 1:
                _note_renamed(book, name, cols, raw, out, header_row)
    return out


def _note_renamed(book: NoteBook, name: str, cols: list[int], raw: list[str], out: list[str],
                  header_row: int | None) -> None:
    """One note for the columns sharing ``name``: which they are and what they are called now."""
    # Translators: where the columns are named (keep the leading space); {row} a row number.
    where = Wording.of(N_(" (header row {row})"), row=header_row) if header_row else ""
    # Translators: said after a column's name in the sentences below (keep the leading space).
    spaced = Wording.of(N_(" (they differ only by spaces around the name)")) \
        if len({raw[j] for j in cols}) > 1 else ""
    renamed = Quoted(tuple(out[j] for j in cols[1:]))
    # Translators: {columns} is column numbers ("2 and 5"); {where} "" or " (header row 1)";
    # {name} the name they share; {spaced} "" or why they count as one name; {renamed} the
    # second's new name in quotes.
    said = N_("columns {columns}{where} are both named {name}{spaced}: they are read as "
              "different columns, the second as {renamed}. If they are one rater entered twice, "
              "join them in the file")
    if len(cols) > 2:
        # Translators: as above, for three columns or more; {renamed} the later ones' new names.
        said = N_("columns {columns}{where} are all named {name}{spaced}: they are read as "
                  "different columns, the later ones as {renamed}. If they are one rater entered "
                  "twice, join them in the file")
    book.add("column-names", Wording.of(said, columns=Series(tuple(str(j + 1) for j in cols)),
                                        where=where, name=Name(name), spaced=spaced, renamed=renamed),
             columns=[out[j] for j in cols], action="kept")
