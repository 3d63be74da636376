"""Delimited text to a raw grid of cells (pandas' C parser, after the checks in ``textlines``).

Rows may have any number of fields: the grid is as wide as the longest row and short
rows are padded with empty cells, so a ragged file never stops the parser; the grid
rules then decide what the extra fields mean. Parser messages never reach the user.
"""

from __future__ import annotations

import csv
import io
import re

import numpy as np
import pandas as pd

from tapdesk.data.importer.budget import Budget, check_cells
from tapdesk.data.importer.grid import RawGrid
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.sniff import (
    TextFormat,
    decode,
    delimiter_words,
    sniff_decimal,
    sniff_delimiter,
)
from tapdesk.data.importer.textlines import (
    Lines,
    Preamble,
    blank_lines,
    check_line_lengths,
    find_sep_line,
    leading_comments,
    normalise_line_ends,
    record_rows,
    record_rows_by_csv,
    unclosed_quote_row,
)
from tapdesk.data.wording import Count, Name, Rows, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

_EXPECTED = re.compile(r"Expected \d+ fields in line \d+, saw (\d+)")
_MAX_RETRIES = 8
_WIDE = 1000


def read_text_bytes(data: bytes, file: str, book: NoteBook, budget: Budget | None = None, *,
                    encoding: str | None = None, delimiter: str | None = None,
                    decimal: str | None = None) -> RawGrid:
    """Parse delimited text (any supported encoding) into a grid of strings."""
    if not data.strip():
        raise DataError(Wording.of(N_("the file is empty; it needs a header row and at least one "
                                      "row of ratings")), file=file)
    utf8, enc, enc_notes = decode(data, file, encoding)
    for note in enc_notes:
        book.add("text-format", note, action="warning")
    utf8 = normalise_line_ends(utf8)
    lines = Lines.of(utf8)
    check_line_lengths(lines, file)
    filled = lines.filled()
    pre = find_sep_line(lines, filled)
    start = 0 if pre.sep_line is None else pre.sep_line + 1
    sample = _sample(lines, filled, start)
    delim = sniff_delimiter(sample, delimiter or pre.delimiter)
    if book.enabled("title-lines"):
        pre.comments = tuple(leading_comments(lines, filled, start, delim))
    if pre.comments:
        sample = _sample(lines, filled, pre.comments[-1] + 1)
        delim = sniff_delimiter(sample, delimiter or pre.delimiter)
    dec = sniff_decimal(sample, delim, decimal)
    drop = ~filled
    drop[pre.sep_line if pre.sep_line is not None else []] = True
    drop[list(pre.comments)] = True
    text = blank_lines(utf8, lines, drop & (lines.ends > lines.starts))
    if budget:
        budget.check(N_("reading the text"))
    parsed = Lines.of(text)
    check_cells(*_cells(parsed, delim), file=file)
    spaced = _spaced_quotes(sample, delim)
    if spaced:
        # Translators: {shown} is the delimiter, a space and a quote as the file has them (', "').
        book.add("text-format", Wording.of(N_("fields are quoted after the delimiter and a space "
                                              "({shown}): the spaces and quotes around the "
                                              "values were removed"), shown=Name(f'{delim} "')),
                 action="guessed")
    cells = _unguarded(_parse(parsed, delim, file, spaced), text, delim, book)
    rows = record_rows(parsed, len(cells))
    if rows is None:
        rows = record_rows_by_csv(text.decode("utf-8"), delim)
        if len(rows) != len(cells):
            rows = np.arange(1, len(cells) + 1)
    _preamble_notes(book, lines, pre, delimiter)
    # Translators: {encoding} is a text encoding ("utf-8"); {delimiter} a delimiter's name
    # ("comma") or the character in quotes; {decimal} the decimal mark ("." or ",").
    book.add("text-format", Wording.of(N_("read as text: encoding {encoding}, delimiter "
                                          "{delimiter}, decimal mark {decimal}"),
                                       encoding=enc, delimiter=delimiter_words(delim), decimal=Name(dec)),
             action="guessed" if not (delimiter or pre.delimiter) else "kept")
    return RawGrid(cells, "text", file, np.asarray(rows, dtype=np.int64),
                   text_format=TextFormat(enc, delim, dec))


def _sample(lines: Lines, filled: np.ndarray, start: int, n: int = 200) -> str:
    idx = [i for i in range(start, min(len(lines), start + 4 * n)) if filled[i]][:n]
    return "\n".join(lines.text(i) for i in idx)


def _spaced_quotes(sample: str, delim: str) -> bool:
    """Most lines quote their fields after the delimiter and a space (``"S04", "Ann", "3"``):
    the quotes are then quoting, not part of the values (read with skipinitialspace)."""
    if len(delim) != 1:
        return False
    lines = [ln for ln in sample.splitlines() if ln.strip()]
    pattern = re.compile(re.escape(delim) + r' +"')
    hits = sum(1 for ln in lines if pattern.search(ln))
    return bool(lines) and hits >= 0.5 * len(lines)


def _cells(lines: Lines, delim: str) -> tuple[int, int]:
    """About how many cells the text holds (delimiters plus one, per line), and the most on a
    line (1 when the delimiter is not one byte)."""
    byte = delim.encode("utf-8") if delim else b""
    per_line = lines.per_line(byte[0]) + 1 if len(byte) == 1 else np.ones(len(lines), np.int64)
    filled = per_line[lines.filled()]
    return int(filled.sum()), int(filled.max(initial=1))


def _width(lines: Lines, delim: str) -> int:
    if not delim:
        return 1
    text = lines.data
    byte = delim.encode("utf-8")
    if len(byte) != 1:
        return max(line.count(delim) for line in text.decode("utf-8").split("\n")) + 1
    return int(lines.per_line(byte[0]).max(initial=0)) + 1


def _parse(lines: Lines, delim: str, file: str, spaced: bool = False) -> pd.DataFrame:
    text = lines.data
    sep = delim or "\x1f"          # no delimiter: one column (a unit separator never occurs)
    width = _width(lines, delim)
    if width > _WIDE:
        return _parse_wide(text, sep, file, spaced)
    for _ in range(_MAX_RETRIES):
        try:
            cells = pd.read_csv(io.BytesIO(text), sep=sep, header=None, names=range(width),
                                dtype=object, engine="c", encoding="utf-8", keep_default_na=False,
                                na_filter=False, skip_blank_lines=True, quotechar='"',
                                on_bad_lines="error", skipinitialspace=spaced)
            cells = pd.DataFrame(cells.to_numpy(dtype=object), dtype=object)  # one block: fast to slice
            return _fields_of_the_file(cells, text, sep, spaced)
        except pd.errors.EmptyDataError:
            raise DataError(Wording.of(N_("the file has no data")), file=file) from None
        except pd.errors.ParserError as exc:
            more = _EXPECTED.search(str(exc))      # a quoted line break joined two lines
            if more and int(more.group(1)) > width:
                width = int(more.group(1))
                continue
            raise _parser_error(exc, text, delim, file) from None
        except (ValueError, UnicodeDecodeError, OverflowError) as exc:
            # Translators: {error} is the name of the reading library's error (technical).
            raise DataError(Wording.of(N_("cannot be read as a text table ({error})"),
                                       error=type(exc).__name__), file=file) from None
    raise DataError(Wording.of(N_("the rows cannot be split into fields consistently (quoted "
                                  "fields run across many lines); check the quotes, or save the "
                                  "file again as CSV")), file=file)


def _fields_of_the_file(cells: pd.DataFrame, text: bytes, sep: str, spaced: bool) -> pd.DataFrame:
    """``cells`` without the columns no row of the file has. The parse is as wide as the most
    delimiters on a line, and a delimiter inside a quoted value ("Weak ending, strong start"
    in a form's comment) counts there too: the columns past the most fields any row holds
    are empty in every row and not the file's, so no rule may call them empty fields at the
    ends of the lines (issue 79). Counted by the csv module, which quotes as the parser does,
    only when such columns are there to trim (the last column empty in every row) and the
    text has a quote."""
    if cells.shape[1] < 2 or len(sep) != 1 or b'"' not in text or (cells.iloc[:, -1] != "").any():
        return cells
    reader = csv.reader(io.StringIO(text.decode("utf-8")), delimiter=sep, quotechar='"',
                        skipinitialspace=spaced)
    try:
        width = max((len(row) for row in reader), default=cells.shape[1])
    except csv.Error:
        return cells
    return cells.iloc[:, :width] if 0 < width < cells.shape[1] else cells


def _parse_wide(text: bytes, sep: str, file: str, spaced: bool = False) -> pd.DataFrame:
    """Thousands of columns: the csv module reads row by row, where pandas' column-by-column
    conversion would take seconds per thousand columns. Same quoting rules."""
    reader = csv.reader(io.StringIO(text.decode("utf-8")), delimiter=sep, quotechar='"',
                        strict=True, skipinitialspace=spaced)
    try:
        rows = [r for r in reader if r]
    except csv.Error:
        raise DataError(Wording.of(N_("a quote (\") is out of place or never closed; check the "
                                      "quotes, or save the file again as CSV")), file=file,
                        row=unclosed_quote_row(text.decode("utf-8"), sep)) from None
    width = max(len(r) for r in rows)
    grid = np.full((len(rows), width), "", dtype=object)
    for i, r in enumerate(rows):
        grid[i, :len(r)] = r
    return pd.DataFrame(grid, dtype=object)


_GUARDED = re.compile(r"^'[-+=@\d]")
"""A cell an export guarded with an apostrophe so that a spreadsheet shows it as text ("'+2",
"'-1", "'=same": a guard against formulas in CSV; "'007": a guard of leading zeros)."""


def _unguarded(cells: pd.DataFrame, text: bytes, delim: str, book: NoteBook) -> pd.DataFrame:
    """``cells`` with the apostrophe of each guarded cell taken off, said; the apostrophe is
    no part of the value. Only files whose bytes show such a cell pay for the look."""
    if not re.search(rb"(?:^|[,;\t|])\"?'[-+=@\d]", text, re.MULTILINE):
        return cells
    values = cells.to_numpy(dtype=object)
    guarded = np.array([isinstance(v, str) and bool(_GUARDED.match(v)) for v in values.ravel()])
    if not guarded.any():
        return cells
    flat = values.ravel()
    example = flat[guarded][0]
    flat[guarded] = [v[1:] for v in flat[guarded]]
    n = int(guarded.sum())
    # Translators: an import note; {n} how many cells, {cell} one as written ("'+2").
    book.add("text-format", Wording.ngettext(
        "{n} cell begins with an apostrophe, as exports write a value to keep spreadsheets from "
        "reading it as a formula or a number ({cell}): it was taken off",
        "{n} cells begin with an apostrophe, as exports write a value to keep spreadsheets from "
        "reading it as a formula or a number ({cell}): it was taken off", n,
        n=Count(n), cell=Name(example)),
             action="guessed")
    return pd.DataFrame(flat.reshape(values.shape), dtype=object)


def _parser_error(exc: Exception, text: bytes, delim: str, file: str) -> DataError:
    if "EOF" in str(exc) or "inside string" in str(exc):
        row = unclosed_quote_row(text.decode("utf-8", errors="replace"), delim)
        return DataError(Wording.of(N_("a quote (\") opens a field here and is never closed, so "
                                       "the rest of the file would be read as one cell; close "
                                       "the quote or remove it")), file=file, row=row)
    return DataError(Wording.of(N_("the rows cannot be split into fields (a quote or delimiter "
                                   "out of place); check the quotes, or choose the delimiter")),
                     file=file,
                     settings=("delimiter",))


def _preamble_notes(book: NoteBook, lines: Lines, pre: Preamble, forced: str | None) -> None:
    rows = lines.rows()
    if pre.sep_line is not None:
        shown = lines.text(pre.sep_line).strip().replace("\t", "\\t")
        # Translators: {row} is "row 1"; {shown} the line as the file has it ("sep=;").
        template = N_("{row} ({shown}) tells Excel the delimiter; it is not data, and its "
                      "delimiter was used")
        if forced:
            # Translators: as above, when the user chose another delimiter.
            template = N_("{row} ({shown}) tells Excel the delimiter; it is not data, but the "
                          "delimiter chosen was used instead")
        book.add("title-lines", Wording.of(template, row=Rows((rows[pre.sep_line],)), shown=Name(shown)),
                 rows=[rows[pre.sep_line]], switchable=False)
    if pre.comments:
        shown = lines.text(pre.comments[0]).strip()
        # Translators: {rows} is "row 1" or "rows 1-3"; {shown} the first such line.
        book.add("title-lines", Wording.of(N_("{rows} above the table are comment lines starting "
                                              "with '#' (e.g. {shown}) and were left out"),
                                           rows=Rows(tuple(rows[list(pre.comments)])),
                                           shown=Name(shown[:60])),
                 rows=rows[list(pre.comments)])
