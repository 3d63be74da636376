"""Delimited text split into coded columns at the level of bytes (issue 43).

For text without quotes inside its values (what :mod:`~tapdesk.data.importer.longread`
reads; quotes around a whole value are taken off, :func:`unquoted`), a field is the bytes
between two delimiters or line ends: numpy finds them, packs each field's bytes into 64-bit
words and codes equal fields alike, so a column of ten million cells becomes ten million
integers without a Python string a cell; only the distinct values of a block of lines are
made texts. The codes are in order of first appearance, as ``pd.factorize`` gives.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from dataclasses import dataclass

import numpy as np
import pandas as pd

BLOCK_BYTES = 1 << 22
"""Bytes split at a time (cut at a line end): the block's positions are the only arrays
in proportion to it."""
_WORD = 8
_TEXT_SLICE = 1 << 18


@dataclass
class Column:
    """One column of the whole file: a code a row and the distinct cells (texts)."""

    codes: np.ndarray
    values: np.ndarray


@dataclass
class _Part:
    """A block's codes of one column (a view of the column's codes) and its distinct values
    as bytes packed in 64-bit words (a row a value; bytes past a value's end are 0, so equal
    values have equal rows)."""

    codes: np.ndarray
    words: np.ndarray


def split_columns(data: bytes, start: int, delimiter: str,
                  n_columns: int) -> list[Column] | None:
    """The columns of the lines from byte ``start`` on; None when a line has more or fewer
    fields than ``n_columns``, or the text holds a NUL or a delimiter of more than one byte."""
    sep = delimiter.encode("utf-8")
    if len(sep) != 1 or n_columns < 1 or b"\x00" in data:
        return None
    body = np.frombuffer(data, dtype=np.uint8)
    n_rows = data.count(b"\n", start) + (not data.endswith(b"\n") and len(data) > start)
    codes = [np.empty(n_rows, dtype=np.int32) for _ in range(n_columns)]
    parts: list[list[_Part]] = [[] for _ in range(n_columns)]
    row = 0
    for lo, hi in _blocks(data, start):
        fields = _fields(body[lo:hi], sep[0], n_columns)
        if fields is None:
            return None
        words = _sliding_words(body[lo:hi])
        rows = slice(row, row + len(fields[0][0]))
        for j, (begin, end) in enumerate(fields):
            parts[j].append(_code_part(words, begin, end, codes[j][rows]))
        row = rows.stop
    joined = [_joined(c, p, data.isascii()) for c, p in zip(codes, parts)]
    release_freed_memory()
    columns = [unquoted(column) for column in joined]
    return None if any(c is None for c in columns) else columns  # type: ignore[return-value]


def unquoted(column: Column) -> Column | None:
    """The column with each value written in quotes (``"w3"``, as R's ``write.csv`` and many
    exports write every text) read as a CSV reader reads it (``w3``), values that become
    equal coded alike; None when a value holds a quote anywhere else (an escaped quote, a
    quote inside the text): what splitting at the bytes cannot read as the CSV reader does.
    A quoted value holding a delimiter or a line end never gets here: it changes its line's
    number of fields, and the split refuses the file."""
    texts = column.values.tolist()
    if not any('"' in text for text in texts):
        return column
    out = []
    for text in texts:
        if '"' in text:
            if len(text) < 2 or text[0] != '"' or text[-1] != '"' or '"' in text[1:-1]:
                return None
            text = text[1:-1]
        out.append(text)
    codes, uniques = pd.factorize(np.array(out, dtype=object))
    if len(uniques) == len(out):
        return Column(column.codes, np.array(out, dtype=object))
    return Column(codes.astype(np.int32)[column.codes], np.asarray(uniques, dtype=object))


def release_freed_memory() -> None:
    """Give the C heap's freed blocks back to the system where the C library keeps them
    (glibc's ``malloc_trim``: the arrays of each block of a split leave about 200 MB in holes
    at ten million ratings, which the system would otherwise count until the process ends);
    nothing where the library has no such call."""
    try:
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _blocks(data: bytes, start: int) -> list[tuple[int, int]]:
    """(start, end) of blocks of whole lines."""
    out = []
    while start < len(data):
        end = min(start + BLOCK_BYTES, len(data))
        if end < len(data):
            cut = data.rfind(b"\n", start, end)
            if cut < start:                  # a line longer than a block
                cut = data.find(b"\n", end)
            end = cut + 1 if cut >= 0 else len(data)
        out.append((start, end))
        start = end
    return out


def _fields(block: np.ndarray, sep: int,
            n_columns: int) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """Each column's (begin, end) offsets in the block; None when a line has more or fewer
    delimiters than the columns need."""
    ends = np.flatnonzero(block == 10)
    if len(block) and block[-1] != 10:
        ends = np.append(ends, len(block))
    begins = np.concatenate([[0], ends[:-1] + 1])
    stops = ends - (block[np.maximum(ends - 1, 0)] == 13) * (ends > begins)
    delims = np.flatnonzero(block == sep)
    per_line = np.diff(np.searchsorted(delims, np.concatenate([[-1], ends])))
    if (per_line != n_columns - 1).any():
        return None
    cuts = delims.reshape(len(ends), n_columns - 1)
    starts = [begins] + [cuts[:, j] + 1 for j in range(n_columns - 1)]
    finish = [cuts[:, j] for j in range(n_columns - 1)] + [stops]
    return list(zip(starts, finish))


def _sliding_words(block: np.ndarray) -> np.ndarray:
    """The 64-bit word starting at each byte of the block (little-endian: the first byte
    lowest), read in place from a copy of the block padded with zeros."""
    padded = np.zeros(len(block) + _WORD, dtype=np.uint8)
    padded[:len(block)] = block
    return np.ndarray(shape=(len(block),), dtype="<u8", buffer=padded, strides=(1,))


_KEEP = np.array([(1 << (8 * n)) - 1 for n in range(_WORD)] + [(1 << 64) - 1], dtype=np.uint64)
"""The mask keeping a word's first n bytes (n = 0 ... 8)."""


def _code_part(words: np.ndarray, begin: np.ndarray, end: np.ndarray, out: np.ndarray) -> _Part:
    """The block's fields of one column coded into ``out`` (equal bytes, equal code)."""
    lengths = end - begin
    width = max(int(lengths.max(initial=0)), 1)
    packed = [words[np.minimum(begin + k, len(words) - 1)]
              & _KEEP[np.clip(lengths - k, 0, _WORD)] for k in range(0, width, _WORD)]
    codes, n_codes = _row_codes(packed)
    out[:] = codes
    rows = _first_rows(codes, n_codes)
    return _Part(out, np.column_stack([w[rows] for w in packed]))


def _row_codes(words: list[np.ndarray]) -> tuple[np.ndarray, int]:
    """A code per distinct row of the words (columns), in order of first appearance."""
    codes, uniques = pd.factorize(words[0])
    for word in words[1:]:
        word_codes, word_uniques = pd.factorize(word)
        codes, uniques = pd.factorize(codes * (len(word_uniques) + 1) + word_codes)
    return codes, len(uniques)


def _first_rows(codes: np.ndarray, n_codes: int) -> np.ndarray:
    """The row where each code first appears."""
    first = np.full(n_codes, len(codes), dtype=np.int64)
    np.minimum.at(first, codes, np.arange(len(codes), dtype=np.int64))
    return first


def _joined(codes: np.ndarray, parts: list[_Part], ascii_text: bool) -> Column:
    """The blocks' codes made one coding of the whole column (in place), in order of first
    appearance, with the texts of its distinct values."""
    width = max(p.words.shape[1] for p in parts)
    words = np.concatenate([np.pad(p.words, ((0, 0), (0, width - p.words.shape[1])))
                            for p in parts])
    joined, n_codes = _row_codes([words[:, k] for k in range(width)])
    offset = 0
    for part in parts:
        part.codes[:] = joined[offset + part.codes]
        offset += len(part.words)
    rows = _first_rows(joined, n_codes)
    return Column(codes, _texts(np.ascontiguousarray(words[rows]), ascii_text))


def _texts(words: np.ndarray, ascii_text: bool) -> np.ndarray:
    """The texts of values packed in words (a row a value), a slice at a time."""
    raw = words.view(np.uint8).reshape(len(words), -1)
    fixed = raw.view(f"S{raw.shape[1]}").ravel()        # trailing zero bytes are not kept
    out = np.empty(len(fixed), dtype=object)
    for lo in range(0, len(fixed), _TEXT_SLICE):
        part = fixed[lo:lo + _TEXT_SLICE]
        out[lo:lo + len(part)] = part.astype(f"U{raw.shape[1]}").tolist() if ascii_text else \
            [b.decode("utf-8") for b in part.tolist()]
    return out
