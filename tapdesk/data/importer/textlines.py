"""Delimited text before it is split into cells: line ends, the line-length limit, Excel's
``sep=`` line, comment lines above the table, quoted line breaks, and the row number of
every record as a spreadsheet shows it.

Everything is computed with numpy over byte positions, so a million lines cost a few
milliseconds. Lines that are not part of the table (``sep=``, comments, lines of blanks)
are blanked rather than removed, which keeps every later row number true to the file.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

import numpy as np

from tapdesk.data.importer.budget import MAX_LINE_BYTES
from tapdesk.data.wording import Decimal, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

_SEP_LINE = re.compile(rb'^\s*"?sep=(.|\\t)"?\s*$', re.IGNORECASE)
_BLANKS = np.zeros(256, dtype=bool)
_BLANKS[[ord(" "), ord("\t"), ord("\r"), 12]] = True


def normalise_line_ends(data: bytes) -> bytes:
    """Windows (CRLF) and old Mac (CR) line ends become LF."""
    if b"\r" not in data:
        return data
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


@dataclass
class Lines:
    """Where each line of LF-ended text starts and ends, and what it holds."""

    data: bytes
    starts: np.ndarray
    ends: np.ndarray
    _filled: np.ndarray | None = None
    _counts: dict = field(default_factory=dict)

    @classmethod
    def of(cls, data: bytes) -> Lines:
        buf = np.frombuffer(data, dtype=np.uint8)
        breaks = np.flatnonzero(buf == 10)
        starts = np.concatenate([[0], breaks + 1])
        ends = np.concatenate([breaks, [len(buf)]])
        if len(starts) > 1 and starts[-1] == len(buf):       # text ending in a line break
            starts, ends = starts[:-1], ends[:-1]
        return cls(data, starts, ends)

    def __len__(self) -> int:
        return len(self.starts)

    def per_line(self, byte: int) -> np.ndarray:
        """How many times ``byte`` occurs on each line (computed once per byte)."""
        if byte not in self._counts:
            buf = np.frombuffer(self.data, dtype=np.uint8)
            where = np.flatnonzero(buf == byte)
            self._counts[byte] = np.bincount(np.searchsorted(self.starts, where, side="right") - 1,
                                             minlength=len(self)).astype(np.int64)
        return self._counts[byte]

    def filled(self) -> np.ndarray:
        """True for lines holding something besides blanks (computed once)."""
        if self._filled is None:
            buf = np.frombuffer(self.data, dtype=np.uint8)
            nonempty = self.ends > self.starts
            out = np.zeros(len(self), dtype=bool)
            first = np.where(nonempty, buf[np.minimum(self.starts, len(buf) - 1)], 32) \
                if len(buf) else np.full(len(self), 32)
            out[nonempty & ~_BLANKS[first]] = True
            for i in np.flatnonzero(nonempty & _BLANKS[first]):    # lines starting with a blank
                out[i] = bool(self.data[self.starts[i]:self.ends[i]].strip(b" \t\r\x0c"))
            self._filled = out
        return self._filled

    def text(self, i: int) -> str:
        return self.data[self.starts[i]:self.ends[i]].decode("utf-8", errors="replace")

    def continuation(self) -> np.ndarray:
        """True for lines that start inside a quoted field (a line break within quotes)."""
        odd = self.per_line(ord('"')) % 2
        inside = np.concatenate([[0], np.cumsum(odd)[:-1]]) % 2
        return inside.astype(bool)

    def rows(self) -> np.ndarray:
        """The row number a spreadsheet gives each line (lines inside quotes share a row)."""
        return np.cumsum(~self.continuation())


def check_line_lengths(lines: Lines, file: str) -> None:
    """DataError naming the first line longer than MAX_LINE_BYTES."""
    lengths = lines.ends - lines.starts
    if len(lengths) and lengths.max() > MAX_LINE_BYTES:
        i = int(np.argmax(lengths > MAX_LINE_BYTES))
        # Translators: {size} and {limit} are sizes in megabytes ("12.5", "10").
        raise DataError(Wording.of(N_("this line is {size:,.1f} MB long, over the limit of "
                                      "{limit:g} MB for one row; the file does not look like a "
                                      "table of ratings (check that it is the right file, and "
                                      "that its lines end with line breaks)"),
                                   size=Decimal(lengths[i] / 1e6),
                                   limit=Decimal(MAX_LINE_BYTES / 1e6)),
                        file=file, row=int(lines.rows()[i]))


@dataclass
class Preamble:
    """Lines above the table that are not part of it."""

    blank: list[int]                  # 0-based lines to blank
    sep_line: int | None = None       # 0-based line of Excel's sep= line
    delimiter: str | None = None      # the delimiter it names
    comments: tuple[int, ...] = ()    # 0-based comment lines


def find_sep_line(lines: Lines, filled: np.ndarray) -> Preamble:
    """Excel's ``sep=;`` first line, if the first non-blank line is one."""
    first = np.flatnonzero(filled)
    if not len(first):
        return Preamble([])
    i = int(first[0])
    match = _SEP_LINE.match(lines.data[lines.starts[i]:lines.ends[i]])
    if not match:
        return Preamble([])
    delim = match.group(1).decode("utf-8", errors="replace")
    return Preamble([i], sep_line=i, delimiter="\t" if delim == "\\t" else delim)


def leading_comments(lines: Lines, filled: np.ndarray, start: int, delimiter: str) -> list[int]:
    """Lines starting with '#' above the table, except a '#' that heads a column.

    A line such as ``#,R1,R2`` that splits into as many fields as the line below
    it is the header row (a column named '#'), not a comment.
    """
    out = []
    for i in range(start, min(len(lines), start + 200)):
        if not filled[i]:
            continue
        text = lines.text(i).lstrip()
        if not text.startswith("#"):
            break
        out.append(i)
    if out and delimiter:
        nxt = next((i for i in range(out[-1] + 1, len(lines)) if filled[i]), None)
        if nxt is not None and _field_count(lines.text(out[-1]), delimiter) == \
                _field_count(lines.text(nxt), delimiter) > 1:
            out.pop()
    return out


def _field_count(text: str, delimiter: str) -> int:
    try:
        return len(next(csv.reader([text], delimiter=delimiter), []))
    except csv.Error:
        return text.count(delimiter) + 1


def blank_lines(data: bytes, lines: Lines, which: np.ndarray) -> bytes:
    """``data`` with the lines marked in ``which`` emptied (their line breaks kept)."""
    if not which.any():
        return data
    keep = np.ones(len(data), dtype=bool)
    for i in np.flatnonzero(which):
        keep[lines.starts[i]:lines.ends[i]] = False
    return np.frombuffer(data, dtype=np.uint8)[keep].tobytes()


def record_rows(lines: Lines, n_records: int) -> np.ndarray | None:
    """Row number of each record the parser returns (non-blank lines outside quotes).

    None when the quote structure is not the simple one assumed here (a quote in
    the middle of a field), so that the caller can fall back to the csv module.
    """
    cont = lines.continuation()
    starts = np.flatnonzero(~cont & lines.filled())
    if len(starts) != n_records:
        return None
    return np.cumsum(~cont)[starts]


def record_rows_by_csv(text: str, delimiter: str) -> np.ndarray:
    """Row numbers of the records, as the csv module splits them (slow, exact)."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter or "\x1f", quotechar='"')
    rows, line = [], 0
    for record in reader:
        if any(f.strip(" \t\r\x0c") for f in record) or len(record) > 1:
            rows.append(line + 1)
        line = reader.line_num
    return np.asarray(rows, dtype=np.int64)


def unclosed_quote_row(text: str, delimiter: str) -> int | None:
    """The row where a quoted field opens and never closes, if any."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter or "\x1f", quotechar='"',
                        strict=True)
    line = 0
    try:
        for _ in reader:
            line = reader.line_num
    except csv.Error:
        return line + 1
    return None
