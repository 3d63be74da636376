"""Category scales: labels, their order, and whether the scale is ordinal."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from tapdesk.errors import DataError


def numeric_value(label: str) -> float | None:
    """Return the number a label spells ("10", "2.5", "-1"), or None."""
    try:
        value = float(label)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def label_sort_key(label: str) -> tuple[int, float, str]:
    """Sort key that puts numeric-looking labels first, in numeric order.

    "10" sorts after "9"; text labels follow in plain string order.
    """
    value = numeric_value(label)
    if value is None:
        return (1, 0.0, label)
    return (0, value, label)


def order_labels(labels: Iterable[str]) -> tuple[str, ...]:
    """Distinct labels in scale order (numeric labels numerically)."""
    return tuple(sorted(set(labels), key=label_sort_key))


def canonical_label(value: object) -> str:
    """The text form of a raw cell value: 2.0 -> "2", " a " stays " a "."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Scale:
    """The categories a rating can take.

    Parameters
    ----------
    categories
        Category labels in scale order. For ordinal scales this order is the
        ordering of the scale; for nominal scales it is only for display.
    ordinal
        True when the order is meaningful (grades, medals, Likert items).
    declared
        True when the user declared the scale; declared categories are kept
        even when nobody used them.
    """

    categories: tuple[str, ...]
    ordinal: bool = False
    declared: bool = False

    def __post_init__(self) -> None:
        if len(set(self.categories)) != len(self.categories):
            raise DataError(f"the scale lists a category twice: {list(self.categories)}")
        if not self.categories:
            raise DataError("the scale has no categories: there are no ratings to analyse")

    @property
    def size(self) -> int:
        return len(self.categories)

    def index(self, label: str) -> int:
        """Position of ``label`` in the scale; DataError naming the choices if absent."""
        try:
            return self.categories.index(label)
        except ValueError:
            raise DataError(f"'{label}' is not a category of this scale; the categories are "
                            f"{', '.join(repr(c) for c in self.categories)}") from None

    @classmethod
    def infer(cls, labels: Iterable[str], *, ordinal: bool | None = None) -> "Scale":
        """Scale from the labels seen; numeric-looking scales count as ordinal by default."""
        cats = order_labels(labels)
        if ordinal is None:
            ordinal = all(numeric_value(c) is not None for c in cats)
        return cls(cats, ordinal=ordinal, declared=False)

    def all_numeric(self) -> bool:
        return all(numeric_value(c) is not None for c in self.categories)
