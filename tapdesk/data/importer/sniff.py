"""Sniff a text table: its encoding, field delimiter and decimal mark.

Standard-library ``csv.Sniffer`` guesses from one sample and is easily fooled
by European files (``1,5;2,5``); the rules here are small and explicit so the
import summary can say what was chosen and why.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass

from tapdesk.data.importer.encodings import decoded, legacy_encoding
from tapdesk.data.wording import Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_, NC_

DELIMITERS = ("\t", ";", ",", "|")
csv.field_size_limit(max(csv.field_size_limit(), 4_000_000))   # long cells are refused by line length
DELIMITER_NAMES = {"\t": "tab", ";": "semicolon", ",": "comma", "|": "pipe", "": "none"}
"""Each delimiter's name as ``--delimiter`` takes it (never translated)."""

DELIMITER_WORDS = {"\t": NC_("delimiter", "tab"), ";": NC_("delimiter", "semicolon"),
                   ",": NC_("delimiter", "comma"), "|": NC_("delimiter", "pipe"),
                   "": NC_("delimiter", "none")}
"""Each delimiter's name as a note says it (translated where it is read)."""


def delimiter_words(delim: str) -> Wording | str:
    """A delimiter as a note names it: its word, or the character quoted."""
    word = DELIMITER_WORDS.get(delim)
    return Wording.pgettext("delimiter", word) if word is not None else repr(delim)
_SAMPLE_LINES = 200
NAMES = {"cp1252": "windows-1252", "cp1250": "windows-1250", "cp1251": "windows-1251",
         "mac_roman": "mac-roman", "cp932": "shift_jis", "gb18030": "gb18030",
         "big5": "big5", "cp1258": "windows-1258"}
"""Each legacy encoding by the name the notes give it."""
_DECIMAL_COMMA = re.compile(r"^\s*[-+]?\d+,\d+\s*$")


@dataclass(frozen=True)
class TextFormat:
    """How a text table is written."""

    encoding: str
    delimiter: str
    decimal: str
    notes: tuple[str, ...] = ()


def decode(data: bytes, file: str,
           encoding: str | None = None) -> tuple[bytes, str, tuple[str | Wording, ...]]:
    """Return the data as UTF-8 bytes, the encoding found, and notes for the summary.

    Order: a forced ``encoding``; a byte-order mark (UTF-8, UTF-16); UTF-16
    without a mark (every other byte zero); strict UTF-8; then Windows-1252,
    falling back to Latin-1 for the few bytes Windows-1252 leaves undefined.
    The fallback is reported because accented labels may then be wrong.
    """
    if encoding:
        try:
            return data.decode(encoding).encode("utf-8"), encoding, ()
        except (LookupError, UnicodeDecodeError) as exc:
            # Translators: {encoding} is the text encoding asked for ("utf-8"); {error} Python's
            # own message (English, technical).
            raise DataError(Wording.of(N_("cannot be decoded as {encoding} ({error}); try another "
                                          "text encoding"), encoding=encoding, error=str(exc)),
                            file=file, settings=("encoding",)) from None
    if data.startswith(b"\xef\xbb\xbf"):
        return _recode(data[3:], "utf-8", file), "utf-8-sig", ()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _recode(data, "utf-16", file), "utf-16", ()
    head = data[:4000]
    if len(head) >= 4 and head.count(0) >= len(head) // 3:
        enc = "utf-16-le" if head[1::2].count(0) > head[0::2].count(0) else "utf-16-be"
        return _recode(data, enc, file), enc, ()
    if b"\x00" in head:
        raise DataError(Wording.of(N_("this looks like a binary file, not a text table; save the "
                                      "data as CSV, Excel (.xlsx), OpenDocument (.ods), SPSS "
                                      "(.sav) or Stata (.dta)")), file=file)
    try:
        data.decode("utf-8")
        return data, "utf-8", ()
    except UnicodeDecodeError:
        pass
    legacy = legacy_encoding(data)
    try:
        text, enc = decoded(data, legacy or "cp1252"), NAMES.get(legacy or "cp1252", legacy or "")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        enc = "latin-1"
    # Translators: {encoding} is the name of a text encoding ("windows-1252").
    note = Wording.of(N_("the file is not valid UTF-8; it was read as {encoding}. Check accented "
                         "labels, or save the file as UTF-8"), encoding=enc)
    return text.encode("utf-8"), enc, (note,)


def _recode(data: bytes, encoding: str, file: str) -> bytes:
    try:
        return data.decode(encoding).encode("utf-8")
    except UnicodeDecodeError as exc:
        # Translators: {encoding} is a text encoding ("utf-16"); {byte} the position of a byte
        # in the file (a number).
        raise DataError(Wording.of(N_("looks like {encoding} text but byte {byte} cannot be "
                                      "decoded; save the file again as UTF-8"),
                                   encoding=encoding, byte=exc.start), file=file) from None


def _sample_lines(text: str) -> list[str]:
    lines = [ln for ln in text.splitlines()[:_SAMPLE_LINES] if ln.strip()]
    return lines


def _field_counts(lines: list[str], delimiter: str) -> list[int]:
    try:
        reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter, quotechar='"')
        return [len(row) for row in reader]
    except csv.Error:
        return []


def _consistent(counts: list[int]) -> int:
    """The usual field count when at least 90% of lines agree and it exceeds one, else 0."""
    if not counts:
        return 0
    value, hits = Counter(counts).most_common(1)[0]
    return value if value > 1 and hits >= 0.9 * len(counts) else 0


def sniff_delimiter(text: str, forced: str | None = None) -> str:
    """Choose the delimiter: tab when it splits consistently, else of semicolon, comma and
    pipe the one that splits consistently, every line (the header too) into as many fields
    first, then into the most fields, semicolon first on a tie.

    Semicolon wins a tie because files written with a decimal comma use semicolons between
    fields, and then every line also holds a consistent number of commas; a comma file whose
    cells hold a semicolon ('5;6', an age in years and months) splits into more fields at its
    commas.
    """
    if forced:
        return {"tab": "\t", "\\t": "\t", "semicolon": ";", "comma": ",", "pipe": "|"}.get(forced, forced)
    lines = _sample_lines(text)
    counts = {delim: _field_counts(lines, delim) for delim in DELIMITERS}
    fields = {delim: _consistent(counts[delim]) for delim in DELIMITERS}
    if fields["\t"]:
        return "\t"
    split = [d for d in DELIMITERS if fields[d]]
    if split:        # every line alike first, then the most fields: a ';' inside a comma
        return max(split, key=lambda d: (len(set(counts[d])) == 1, fields[d],    # file's cells
                                         -DELIMITERS.index(d)))                  # is text
    # no consistent split: take the delimiter that splits the most lines at all
    best, best_lines = "", 0
    for delim in DELIMITERS:
        n = sum(1 for c in _field_counts(lines, delim) if c > 1)
        if n > best_lines:
            best, best_lines = delim, n
    return best


def sniff_decimal(text: str, delimiter: str, forced: str | None = None) -> str:
    """"," when fields such as ``2,5`` appear and the delimiter is not a comma, else "."."""
    if forced:
        return forced
    if delimiter == ",":
        return "."
    lines = _sample_lines(text)
    try:
        for row in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter or "\x1f"):
            if any(_DECIMAL_COMMA.match(cell) for cell in row):
                return ","
    except csv.Error:
        pass
    return "."
