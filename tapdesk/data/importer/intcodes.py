"""Codes of small non-negative integers (codes already given to distinct values) recoded in
linear time: what ``pd.factorize`` gives for them, without its hash table, whose millions of
entries cost seconds and hundreds of megabytes at ten million ratings."""

from __future__ import annotations

import numpy as np

_CHUNK = 1 << 20


def first_use_codes(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(codes, uniques) of ``values`` (integers in 0..size-1), the uniques in order of first
    appearance: ``pd.factorize(values)`` for such values (codes of 32 bits when they fit:
    half the memory of ten million codes)."""
    n = len(values)
    if in_first_use_order(values):         # codes of a column coded as it was read
        return values, np.arange(int(values.max()) + 1 if n else 0)
    first = np.full(size, n, dtype=np.int64)
    for lo in range(0, n, _CHUNK):         # a chunk at a time: no row numbers of every value
        np.minimum.at(first, values[lo:lo + _CHUNK], np.arange(lo, min(n, lo + _CHUNK)))
    uniques = np.flatnonzero(first < n)
    uniques = uniques[np.argsort(first[uniques], kind="stable")]
    rank = np.empty(size, dtype=_small(size))
    rank[uniques] = np.arange(len(uniques))
    return rank[values], uniques


def in_first_use_order(values: np.ndarray) -> bool:
    """Each value at most one more than every value before it, from 0: the values are their
    own codes in order of first appearance (checked a chunk at a time)."""
    top = -1                                # the largest value before the chunk
    for lo in range(0, len(values), _CHUNK):
        chunk = values[lo:lo + _CHUNK]
        running = np.maximum(np.maximum.accumulate(chunk), top)
        if chunk[0] > top + 1 or (chunk[1:] > running[:-1] + 1).any():
            return False
        top = int(running[-1])
    return True


def sorted_codes(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(codes, uniques) of ``values`` (integers in 0..size-1), the uniques sorted:
    ``pd.factorize(values, sort=True)`` for such values."""
    present = np.bincount(values, minlength=size) > 0
    rank = np.cumsum(present, dtype=np.int64) - 1
    return rank[values], np.flatnonzero(present)


def distinct_count(values: np.ndarray, in_place: bool = False) -> int:
    """How many different values an integer array holds (by sorting: fast for millions;
    ``in_place`` sorts ``values`` itself)."""
    if len(values) == 0:
        return 0
    ordered = values if in_place else np.sort(values)
    if in_place:
        ordered.sort()
    return int(np.count_nonzero(ordered[1:] != ordered[:-1])) + 1


def _small(size: int) -> type[np.signedinteger]:
    """The integer type for codes below ``size``: 32 bits when they fit."""
    return np.int32 if size < 2**31 else np.int64
