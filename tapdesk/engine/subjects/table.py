"""Per-subject class probabilities as arrays: one table for every subject of a fit.

A crowd file has millions of items; a frozen record per item costs more memory and time
than the fit itself. :class:`SubjectTable` keeps the ids, the numbers of ratings, the
probability matrix and the groups as arrays, and still reads as the sequence of
:class:`SubjectEstimate` every surface used before (``len``, indexing, iteration, truth,
equality, pickling). Consumers that handle many subjects at once (the JSON, the labels
out, the Subjects tab) read the arrays directly: the same numbers everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from typing import Any, overload

import numpy as np

from tapdesk.engine.subjects.estimate import SubjectEstimate


def _read_only(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` that cannot be written (no copy)."""
    view = array.view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True, eq=False)
class SubjectTable(Sequence[SubjectEstimate]):
    """Every subject's id, number of ratings and class probabilities (a row per subject, the
    columns in the order of ``FitResult.class_labels``), and its group ("" for none; ``groups``
    is empty when the fit has no subject groups). Read-only: the arrays cannot be written."""

    ids: tuple[str, ...] = ()
    n_ratings: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    probabilities: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    groups: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        n = len(self.ids)
        counts = np.asarray(self.n_ratings, dtype=np.int64).reshape(n)
        probs = np.asarray(self.probabilities, dtype=float)
        probs = probs.reshape(n, probs.shape[-1] if probs.ndim == 2 else 0)
        if self.groups and len(self.groups) != n:
            raise ValueError("groups must be empty or one per subject")
        object.__setattr__(self, "ids", tuple(self.ids))
        object.__setattr__(self, "n_ratings", _read_only(counts))
        object.__setattr__(self, "probabilities", _read_only(probs))
        object.__setattr__(self, "groups", tuple(self.groups))

    @classmethod
    def of(cls, subjects: Iterable[SubjectEstimate]) -> SubjectTable:
        """The table of ``subjects`` (itself when it is one already: results saved before the
        table existed hold a tuple of records)."""
        if isinstance(subjects, SubjectTable):
            return subjects
        rows = list(subjects)
        if not rows:
            return cls()
        groups = tuple(s.group for s in rows)
        return cls(tuple(s.subject_id for s in rows), np.array([s.n_ratings for s in rows]),
                   np.array([s.probabilities for s in rows], dtype=float),
                   groups if any(groups) else ())

    @property
    def n_classes(self) -> int:
        return int(self.probabilities.shape[1])

    def group_of(self, index: int) -> str:
        return self.groups[index] if self.groups else ""

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> SubjectEstimate: ...

    @overload
    def __getitem__(self, index: slice) -> SubjectTable: ...

    def __getitem__(self, index: int | slice) -> SubjectEstimate | SubjectTable:
        if isinstance(index, slice):
            return SubjectTable(self.ids[index], self.n_ratings[index], self.probabilities[index],
                                self.groups[index])
        i = range(len(self))[index]
        return SubjectEstimate(self.ids[i], int(self.n_ratings[i]),
                               tuple(self.probabilities[i].tolist()), self.group_of(i))

    def __iter__(self) -> Iterator[SubjectEstimate]:
        groups = self.groups or ("",) * len(self)
        for sid, n, row, group in zip(self.ids, self.n_ratings.tolist(),
                                      self.probabilities.tolist(), groups):
            yield SubjectEstimate(sid, n, tuple(row), group)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SubjectTable):
            return (self.ids == other.ids and self.groups == other.groups
                    and np.array_equal(self.n_ratings, other.n_ratings)
                    and self.probabilities.shape == other.probabilities.shape
                    and np.array_equal(self.probabilities, other.probabilities, equal_nan=True))
        if isinstance(other, (tuple, list)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.ids, self.groups, self.probabilities.tobytes()))

    def __add__(self, other: Sequence[SubjectEstimate]) -> tuple[SubjectEstimate, ...]:
        """The records of both, as the tuple of records this table stands for would give."""
        return tuple(self) + tuple(other)

    def __radd__(self, other: Sequence[SubjectEstimate]) -> tuple[SubjectEstimate, ...]:
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"SubjectTable({len(self)} subjects, {self.n_classes} classes)"

    def json_rows(self, with_class1: bool) -> SubjectRows:
        """The subjects as the ``--json`` output's list (see :class:`SubjectRows`)."""
        return SubjectRows(self, with_class1)


class SubjectRows(Sequence[dict[str, Any]]):
    """The subjects' JSON entries, made a slice at a time: a crowd file's millions of entries
    never stand in memory together (the CLI writes them in chunks; ``list()`` makes them all).

    Each entry: ``id``, ``n_ratings``, ``prob_class1`` (a two-class fit with a Class 1),
    ``probabilities`` and ``group`` (a fit with subject groups); a NaN probability is null."""

    def __init__(self, table: SubjectTable, with_class1: bool) -> None:
        self.table = table
        self.with_class1 = with_class1 and table.n_classes == 2

    def __len__(self) -> int:
        return len(self.table)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return self._entries(self.table[index])
        i = range(len(self))[index]
        return self._entries(self.table[i:i + 1])[0]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for start in range(0, len(self), 10_000):
            yield from self[start:start + 10_000]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SubjectRows, list, tuple)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def json_texts(self, start: int, stop: int) -> list[str]:
        """The compact JSON text of entries ``start:stop``, each exactly what
        ``json.dumps(entry, separators=(",", ":"))`` makes of it, written from the arrays:
        no dictionary per subject and no call of the encoder per entry (at 3.3 million subjects
        that was three times the time; what remains is mostly ``float.__repr__``, which is
        what the json module writes a float with)."""
        part = self.table[start:stop]
        floats = list(map(float.__repr__, part.probabilities.ravel().tolist()))
        if not np.isfinite(part.probabilities).all():      # JSON has no NaN: null
            floats = [f if math.isfinite(float(f)) else "null" for f in floats]
        k = part.n_classes
        probabilities = ["[" + ",".join(floats[i:i + k]) + "]" for i in range(0, len(floats), k)]
        heads = [f'{{"id":{encode_basestring_ascii(sid)},"n_ratings":{n}'
                 for sid, n in zip(part.ids, part.n_ratings.tolist())]
        if self.with_class1:
            heads = [f'{head},"prob_class1":{one}' for head, one in zip(heads, floats[1::k])]
        texts = [f'{head},"probabilities":{row}' for head, row in zip(heads, probabilities)]
        groups = part.groups or ("",) * len(part)
        return [f'{text},"group":{encode_basestring_ascii(group)}}}' if group else text + "}"
                for text, group in zip(texts, groups)]

    def _entries(self, part: SubjectTable) -> list[dict[str, Any]]:
        probs = part.probabilities
        rows = probs.tolist()
        if not np.isfinite(probs).all():      # JSON has no NaN: null, as the cleaning did
            rows = [[p if math.isfinite(p) else None for p in row] for row in rows]
        groups = part.groups or ("",) * len(part)
        out = []
        for sid, n, row, group in zip(part.ids, part.n_ratings.tolist(), rows, groups):
            entry: dict[str, Any] = {"id": sid, "n_ratings": n}
            if self.with_class1:
                entry["prob_class1"] = row[1]
            entry["probabilities"] = row
            if group:
                entry["group"] = group
            out.append(entry)
        return out
