"""Codes of small non-negative integers (codes already given to distinct values) recoded in
linear time: what ``pd.factorize`` gives for them, without its hash table, whose millions of
entries cost seconds and hundreds of megabytes at ten million ratings."""

from __future__ import annotations

import numpy as np


def first_use_codes(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(codes, uniques) of ``values`` (integers in 0..size-1), the uniques in order of first
    appearance: ``pd.factorize(values)`` for such values."""
    n = len(values)
    first = np.full(size, n, dtype=np.int64)
    np.minimum.at(first, values, np.arange(n, dtype=np.int64))
    uniques = np.flatnonzero(first < n)
    uniques = uniques[np.argsort(first[uniques], kind="stable")]
    rank = np.empty(size, dtype=np.int64)
    rank[uniques] = np.arange(len(uniques), dtype=np.int64)
    return rank[values], uniques


def sorted_codes(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(codes, uniques) of ``values`` (integers in 0..size-1), the uniques sorted:
    ``pd.factorize(values, sort=True)`` for such values."""
    present = np.bincount(values, minlength=size) > 0
    rank = np.cumsum(present, dtype=np.int64) - 1
    return rank[values], np.flatnonzero(present)


def distinct_count(values: np.ndarray) -> int:
    """How many different values an integer array holds (by sorting: fast for millions)."""
    if len(values) == 0:
        return 0
    ordered = np.sort(values)
    return int(np.count_nonzero(ordered[1:] != ordered[:-1])) + 1
