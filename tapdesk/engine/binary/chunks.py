"""Passes over a crowd's label pairs a chunk at a time (issue 57).

At ten million labels a numpy pass over the pairs that makes a new array, or widens 32-bit
indices for a gather (``np.take`` does), takes 40-80 MB fresh from the kernel, and its page
faults cost as much as the arithmetic. Worked through in chunks, the temporaries are small and
reused; each element is computed as before, so the numbers are the same.
"""

from __future__ import annotations

from collections.abc import Iterator

PAIR_CHUNK = 1 << 18
"""Pairs a chunk: a quarter of a million, 2 MB of floats."""


def pair_chunks(n: int) -> Iterator[slice]:
    """The slices of ``n`` pairs, PAIR_CHUNK at a time (read when called, so a test may shrink
    it)."""
    size = PAIR_CHUNK
    for lo in range(0, n, size):
        yield slice(lo, min(lo + size, n))
