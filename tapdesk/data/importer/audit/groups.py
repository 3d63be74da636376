"""Items in groups linked pairwise: the columns that share a scale, one group each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def linked_groups(items: Sequence[T], linked: Callable[[T, T], bool]) -> list[list[T]]:
    """``items`` in groups, each holding every item linked to another of it (directly or
    through others), in the order the items come; ``linked`` is asked of each pair once."""
    parent = list(range(len(items)))

    def root(k: int) -> int:
        while parent[k] != k:
            k = parent[k]
        return k

    for a in range(len(items)):
        for b in range(a + 1, len(items)):
            if root(a) != root(b) and linked(items[a], items[b]):
                parent[root(b)] = root(a)
    out: dict[int, list[T]] = {}
    for k, item in enumerate(items):
        out.setdefault(root(k), []).append(item)
    return list(out.values())
