"""Names along a plot's horizontal axis: whole when they fit, else without the beginning they
all share ("instructor1" ... "instructor12" -> "1" ... "12"), else none (the plot counts ranks).

No Qt: the rule counts characters. A printed plot (and the app's plot at its usual size) holds
about :data:`AXIS_CHARACTERS` characters of tick labels across; twelve names of eleven
characters (132) ran into each other.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

AXIS_CHARACTERS = 72
"""Characters of tick labels (each name plus a space) a plot's horizontal axis holds."""


@dataclass(frozen=True)
class AxisNames:
    """The labels drawn (empty: none fit) and the beginning left out of each ("" when whole)."""

    labels: tuple[str, ...]
    prefix: str = ""

    @property
    def shown(self) -> bool:
        return bool(self.labels)

    def title(self, noun: str) -> str:
        """The axis title: ``noun``, with the shared beginning said when it was left out."""
        return f"{noun} ({self.prefix}...)" if self.prefix else noun


def _fits(names: Sequence[str], characters: int) -> bool:
    return sum(len(n) + 1 for n in names) <= characters


def axis_names(names: Sequence[str], characters: int = AXIS_CHARACTERS) -> AxisNames:
    """The labels for ``names`` along an axis of ``characters`` (see the module's rule)."""
    names = [str(n) for n in names]
    if _fits(names, characters):
        return AxisNames(tuple(names))
    prefix = os.path.commonprefix(names) if len(names) > 1 else ""
    while prefix and prefix[-1].isdigit():      # "rater1", "rater12": keep the whole number
        prefix = prefix[:-1]
    short = [n[len(prefix):] for n in names]
    if prefix and all(short) and _fits(short, characters):
        return AxisNames(tuple(short), prefix)
    return AxisNames(())
