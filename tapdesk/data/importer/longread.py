"""A long text file read column by column: memory in proportion to its ratings (issue 43).

The general pipeline holds a file as a grid of cells (one Python object a cell) with several
grid-sized companions for its rules; ten million ratings in long form take gigabytes there.
Here the rules decide on a sample instead, and the whole file is then read straight to codes:

1. The sample is the header, the first :data:`HEAD_ROWS` lines (as many as any rule reads
   of a column) and the last :data:`TAIL_ROWS` (where totals and notes sit). The general
   pipeline's rules decide on the head: a long layout, every column read (subject, rater,
   rating, item), no row left out, no note naming a row. They run again on the head's first
   :data:`CHECK_ROWS` lines alone and with the tail, and must decide the same (layout,
   columns, value rules, the same notes).
2. The whole file is split at its delimiters and line ends as bytes
   (:mod:`~tapdesk.data.importer.bytecolumns`), each column coded to integers with its
   distinct values: no Python string a cell.
3. The full pass re-checks what the sample decided: every row has the sample's columns, each
   rating cell is a value the sample held, each id (subject, rater, item) is shaped as the
   sample's ids of its column (letters and digits as in
   :func:`~tapdesk.data.importer.table.shape`): a total, a note, a repeated header or an
   empty cell the sample did not hold sends the file to the general pipeline.

When any step fails, :func:`read_long` answers None and the caller runs the general pipeline,
whose reading or message then stands: this reader never reads a file differently, it only
reads the files whose reading it can vouch for with less memory. Files of fewer than
:data:`MIN_FACTOR` times the head's rows are left to the general pipeline (about as quick
for them, and small in memory).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import repeat

import numpy as np
import pandas as pd

from tapdesk.data.importer.budget import Budget
from tapdesk.data.importer.bytecolumns import Column, split_columns
from tapdesk.data.importer.convert import ids_of_codes
from tapdesk.data.importer.decided import Decided
from tapdesk.data.importer.filekind import content_kind
from tapdesk.data.importer.grid import RawGrid
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.sources import FileFacts, read_bytes
from tapdesk.data.importer.table import RULE_ROWS, Table, shape
from tapdesk.data.importer.values import cell_text
from tapdesk.errors import DataError
from tapdesk.i18n import N_

HEAD_ROWS = RULE_ROWS
"""Rows below the header the sample holds: the most any rule reads of a column, so the rules
decide on the sample what they would decide on the whole file."""
TAIL_ROWS = 200
"""Rows at the end of the file the sample holds."""
CHECK_ROWS = 2000
"""Rows of the head the tail is checked with (the rules run on them with and without it)."""
MIN_FACTOR = 4
"""A file takes this reader when it holds this many times the head's rows or more: the
sample's rules cost about what the grid of a file of its size costs, so a smaller file is
read as quickly by the grid (and in little memory)."""
_UTF8_BLOCK = 1 << 24
_FEW = 16


@dataclass(frozen=True)
class Sample:
    """The file's lines cut for the sample: the head (the first line and the head rows),
    the first of them (:data:`CHECK_ROWS`) alone and with the tail rows."""

    head: bytes
    check: bytes
    check_tail: bytes


@dataclass
class LongRead:
    """A long file read column by column: the rules' decisions on the sample (with their
    notes in ``book``), the sample's grid and the whole file's columns, checked against the
    sample; :func:`whole_table` makes them the Table for
    :func:`~tapdesk.data.importer.pipeline.conclude` (``pipeline.long_dataset``), once the
    file's bytes are let go."""

    decided: Decided
    columns: list[Column]
    grid: RawGrid
    book: NoteBook


@dataclass(frozen=True)
class Seen:
    """What the sample held: its rating cells, and the shapes of its ids by column."""

    ratings: frozenset[str]
    id_shapes: dict[str, set[str]]

    @classmethod
    def of(cls, decided: Decided) -> Seen:
        det, sample = decided.det, decided.table
        cells = {name: sample.body[name].to_numpy(dtype=object) for name in sample.columns}
        return cls(frozenset(cells[det.rating] if det.rating else ()),
                   {name: id_shapes(v) for name, v in cells.items() if name != det.rating})

    def holds(self, columns: list[Column], names: list[str], rating: str | None) -> bool:
        """Every rating cell a value the sample held, every id (subject, rater, item)
        shaped as the sample's ids of its column."""
        for name, column in zip(names, columns):
            if name == rating:
                if not set(column.values) <= self.ratings:
                    return False
            elif not id_shapes(column.values) <= self.id_shapes[name]:
                return False
        return True


Decide = Callable[[RawGrid, ImportOptions, NoteBook, Budget], Decided]
"""The general pipeline's rules on a grid (``pipeline.decide``)."""


def read_long(data: bytes, facts: FileFacts, file: str, options: ImportOptions, budget: Budget,
              decide: Decide, suffix: str | None = None, head_rows: int = HEAD_ROWS,
              tail_rows: int = TAIL_ROWS, min_rows: int = MIN_FACTOR * HEAD_ROWS
              ) -> LongRead | None:
    """A long text file read column by column, ``decide`` run on its sample; None when this
    reader cannot vouch that it reads the file as the general pipeline does (the caller
    runs that)."""
    sample = cut_sample(data, options, head_rows, tail_rows, min_rows)
    if sample is None:
        return None
    decided = _decided(sample, facts, file, options, budget, decide, suffix)
    if decided is None:
        return None
    first, grid, book = decided
    seen = Seen.of(first)
    first, grid = _without_cells(first, grid)     # the sample's cells are not needed now
    columns = read_columns(data, first, grid, seen, budget)
    return None if columns is None else LongRead(first, columns, grid, book)


def _without_cells(decided: Decided, grid: RawGrid) -> tuple[Decided, RawGrid]:
    """The decisions and the sample's grid without the sample's cells (its columns, header
    row and format kept)."""
    empty = grid.with_rows(np.zeros(len(grid.row_numbers), dtype=bool))
    table = decided.table
    return replace(decided, table=Table(table.columns, table.body.iloc[:0], table.rows[:0],
                                        empty, table.header_row)), empty


# ------------------------------------------------------------------ the sample
def cut_sample(data: bytes, options: ImportOptions, head_rows: int, tail_rows: int,
               min_rows: int = 0) -> Sample | None:
    """The sample of a plain text file longer than it (and than ``min_rows``); None for
    anything else (a spreadsheet, blank lines, another encoding: what the full pass
    would not parse alike)."""
    if options.sheet is not None or options.encoding is not None or not _plain(data):
        return None
    n_lines = data.count(b"\n") + (not data.endswith(b"\n"))
    if n_lines <= 1 + max(head_rows + tail_rows, min_rows):
        return None
    head = data[:_nth(data, head_rows + 1)]
    check = head[:_nth(head, min(head_rows, CHECK_ROWS) + 1)]
    return Sample(head, check, check + data[_nth_from_end(data, tail_rows):])


def _plain(data: bytes) -> bool:
    """Text split at its bytes as the general reader splits it: UTF-8 without a byte-order
    mark or NUL, no blank or lone-CR lines, no '#' comment or 'sep=' line at the top (quotes
    only around whole values, which :func:`~tapdesk.data.importer.bytecolumns.unquoted`
    checks)."""
    if content_kind(data[:4096]) != "text" or data.startswith((b"\xef\xbb\xbf", b"#", b"sep=")):
        return False
    if any(part in data for part in (b"\x00", b"\n\n", b"\n\r\n")) or \
            data.startswith((b"\n", b"\r")):
        return False
    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return False
    return data.isascii() or _utf8(data)


def _utf8(data: bytes) -> bool:
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for start in range(0, len(data), _UTF8_BLOCK):
            decoder.decode(data[start:start + _UTF8_BLOCK])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _nth(data: bytes, n: int) -> int:
    """The offset just past the ``n``-th line end."""
    at = 0
    for _ in range(n):
        at = data.index(b"\n", at) + 1
    return at


def _nth_from_end(data: bytes, n: int) -> int:
    """The offset of the first of the last ``n`` lines."""
    at = len(data) - 1 if data.endswith(b"\n") else len(data)
    for _ in range(n):
        at = data.rindex(b"\n", 0, at)
    return at + 1


def _decided(sample: Sample, facts: FileFacts, file: str, options: ImportOptions,
             budget: Budget, decide: Decide,
             suffix: str | None) -> tuple[Decided, RawGrid, NoteBook] | None:
    """The rules' decisions on the head; None unless the head is a plain long table
    (:func:`_plain_long`) and the tail changes nothing the rules decide on the head's first
    rows."""
    def run(part: bytes) -> tuple[Decided, RawGrid, NoteBook] | None:
        book = NoteBook(options.rules_off)
        try:
            grid, _ = read_bytes(part, facts, file, book, budget, suffix=suffix,
                                 delimiter=options.delimiter, decimal=options.decimal)
            return decide(grid, options, book, budget), grid, book
        except DataError:
            return None           # the general pipeline names the row in the whole file

    head = run(sample.head)
    if head is None or not _plain_long(*head):
        return None
    check, check_tail = run(sample.check), run(sample.check_tail)
    if check is None or check_tail is None or \
            _verdict(check[0], check[2]) != _verdict(check_tail[0], check_tail[2]):
        return None
    return head


def _verdict(decided: Decided, book: NoteBook) -> tuple[object, ...]:
    """Everything the rules decided that the Dataset carries."""
    return (decided.det, decided.rules, decided.scale, decided.file_columns,
            tuple(decided.table.columns), decided.table.header_row, tuple(book.items),
            tuple(book.plain), book.references, decided.choice.chosen)


def _plain_long(decided: Decided, grid: RawGrid, book: NoteBook) -> bool:
    """A long layout whose every column is read, under a header on the first line (or none),
    no row left out and no note naming a row."""
    det, table = decided.det, decided.table
    roles = {det.subject, det.rater, det.rating, det.item} - {None}
    first_row = 1 if table.header_row is None else table.header_row + 1
    return (det.layout == "long" and grid.kind == "text" and grid.text_format is not None
            and table.header_row in (None, 1)
            and decided.choice.aside is None and not book.references
            and tuple(table.columns) == decided.file_columns and set(table.columns) == roles
            and len(table.columns) == grid.cells.shape[1]
            and all(not note.rows for note in book.items)
            and np.array_equal(table.rows, np.arange(first_row, first_row + len(table.rows))))


# ------------------------------------------------------------ the whole file
def read_columns(data: bytes, decided: Decided, grid: RawGrid, seen: Seen,
                 budget: Budget) -> list[Column] | None:
    """The whole file's columns, coded; None when a row or cell is unlike the sample's (see
    the module's rule 3)."""
    sample = decided.table
    fmt = grid.text_format
    assert fmt is not None                           # _plain_long: a text grid
    start = data.index(b"\n") + 1 if sample.header_row is not None else 0
    columns = split_columns(data, start, fmt.delimiter, len(sample.columns))
    budget.check(N_("reading the text"))
    if columns is None or not seen.holds(columns, sample.columns, decided.det.rating):
        return None
    return columns


def whole_table(read: LongRead) -> Table:
    """The whole file as the Table the sample's rules decided; the columns move into it
    (``read.columns`` is emptied: their codes are not kept twice)."""
    columns, read.columns = read.columns, []
    sample, det = read.decided.table, read.decided.det
    first_row = 1 if sample.header_row is None else sample.header_row + 1
    n_rows = len(columns[0].codes)
    table = Table(list(sample.columns), _body(columns, sample.columns),
                  np.arange(first_row, first_row + n_rows, dtype=np.int32), sample.grid,
                  sample.header_row)
    for name, column in zip(sample.columns, columns):
        if name in (det.subject, det.rater, det.item):      # read once, as column_ids would
            texts, stripped = _stripped(column.values)
            table.id_cache[name] = ids_of_codes(column.codes, texts,
                                                dict(read.grid.value_labels.get(name, ())),
                                                distinct=not stripped)
    return table


_DIGIT, _LETTER = re.compile(r"\d"), re.compile(r"[^\W\d_]")


def id_shapes(values: np.ndarray) -> set[str]:
    """The shapes (:func:`~tapdesk.data.importer.table.shape`) of ids, each distinct pattern
    shaped once: digits and letters are first mapped to '9' and 'a' by a table of the
    characters the ids hold, so millions of ids take one C-level pass."""
    texts = [v if isinstance(v, str) else cell_text(v) for v in values.tolist()]
    table = str.maketrans({c: "9" if _DIGIT.match(c) else "a" for c in set("".join(texts))
                           if _DIGIT.match(c) or _LETTER.match(c)})
    return {shape(p) for p in set(map(str.translate, texts, repeat(table)))}


def _body(columns: list[Column], names: list[str]) -> pd.DataFrame:
    """The cells: a column of few distinct values (ratings, items) as a categorical, a code a
    cell; one of many (ids) as its texts, where a categorical's index of millions of ids
    would cost more than the texts."""
    return pd.DataFrame({name: _cells(c) for name, c in zip(names, columns)})


def _cells(column: Column) -> pd.Categorical | np.ndarray:
    if len(column.values) * _FEW <= len(column.codes):
        return pd.Categorical.from_codes(column.codes, categories=pd.Index(column.values))
    return column.values[column.codes]


def _stripped(values: np.ndarray) -> tuple[np.ndarray, bool]:
    """Each text without the spaces around it, and "" last, as
    :class:`~tapdesk.data.importer.grid.Coded` keeps a column's texts; whether any text had
    spaces around it (else the texts are ``values``, all different)."""
    stripped = any(c.isspace() for c in set("".join(values.tolist())))
    if stripped:
        values = np.array([cell_text(v).strip() for v in values.tolist()], dtype=object)
    out = np.empty(len(values) + 1, dtype=object)
    out[:-1], out[-1] = values, ""
    return out, stripped
