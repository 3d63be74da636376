"""Properties of subjects and raters carried beside the ratings (issue 42).

A *subject attribute* holds one value per subject (year of study, site, group); a *rater
attribute* one value per rater (age, years of experience, human or AI). Both are kept as text,
{column: {id: value}}, exactly as the file writes them: whether a column is a number or a
category is decided by one rule (:func:`reads_as_number`), here, for the models that read it
(:mod:`tapdesk.engine.explain.design`), the app's "Explain by..." box and the command line alike.

A subject attribute read as categories groups the subjects by its values (a year of study 1-4,
a ward A/B/C). One read as a number (a patient's age, 59 different values) is never split into
a group per value: it groups the subjects only in bands the user asks for (issue 79,
:func:`value_bands`), "18-35", "36-53", ... with about as many subjects in each.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

MIN_NUMERIC_LEVELS = 5
"""A column of numbers with fewer different values is read as categories (codes, levels): a
ward coded 1/2/3 or a year of study 1-4 groups the subjects by value, as words would."""

BAND_CHOICES = (2, 3, 4, 5)
"""The numbers of bands the app offers for a subject attribute read as a number (the command
line takes any number from 2 up)."""

BAND_DASH = "\u2013"
"""Between a band's lowest and highest value: "18\u201335" (an en dash, no minus sign)."""

AttributeColumns = Mapping[str, Mapping[str, str]]
"""{column: {subject or rater id: value}}."""


def _plain(columns: AttributeColumns) -> dict[str, dict[str, str]]:
    return {str(col): {str(k): str(v) for k, v in values.items() if str(v).strip() != ""}
            for col, values in columns.items()}


@dataclass(frozen=True)
class Attributes:
    """Subject and rater attribute columns of one table (both empty by default).

    ``subjects`` and ``raters`` map a column name to {id: value}; an id without a value for a
    column is simply absent from that column's mapping (a missing value).
    """

    subjects: AttributeColumns = field(default_factory=dict)
    raters: AttributeColumns = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "subjects", _plain(self.subjects))
        object.__setattr__(self, "raters", _plain(self.raters))

    def __hash__(self) -> int:
        return hash((tuple(self.subjects), tuple(self.raters)))

    @property
    def is_empty(self) -> bool:
        return not self.subjects and not self.raters

    @property
    def subject_columns(self) -> tuple[str, ...]:
        return tuple(self.subjects)

    @property
    def rater_columns(self) -> tuple[str, ...]:
        return tuple(self.raters)

    def with_raters(self, columns: AttributeColumns) -> Attributes:
        """These attributes with more rater columns (a column named again is replaced)."""
        return Attributes(self.subjects, {**self.raters, **columns})

    def with_subjects(self, columns: AttributeColumns) -> Attributes:
        """These attributes with more subject columns (a column named again is replaced)."""
        return Attributes({**self.subjects, **columns}, self.raters)


def describe_columns(attributes: Attributes) -> str:
    """"subject attributes: year; rater attributes: age, site" (or "none")."""
    parts = [f"{whose} attributes: {', '.join(cols)}"
             for whose, cols in (("subject", attributes.subject_columns),
                                 ("rater", attributes.rater_columns)) if cols]
    return "; ".join(parts) or "none"


def attribute_number(value: str) -> float | None:
    """The number an attribute's value writes ("35", "2.5", "2,5"), or None."""
    text = str(value).strip()
    try:
        number = float(text.replace(",", ".") if text.count(",") == 1 and "." not in text else text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def reads_as_number(values: Iterable[str]) -> bool:
    """The one rule (issue 42, issue 79): a column whose values are all numbers, with at least
    :data:`MIN_NUMERIC_LEVELS` different ones, is read as a number; any other as categories.

    A rater attribute read as a number gets one coefficient; a subject attribute read as a number
    groups the subjects only in bands (:func:`value_bands`), never one group per value."""
    present = [v for v in values if str(v).strip()]
    return (bool(present) and all(attribute_number(v) is not None for v in present)
            and len(set(present)) >= MIN_NUMERIC_LEVELS)


@dataclass(frozen=True)
class Band:
    """Subjects whose value lies from ``low`` to ``high`` (both as the file writes them)."""

    low: str
    high: str
    count: int

    @property
    def label(self) -> str:
        """"18\u201335", or "18" for a band of one value."""
        return self.low if self.low == self.high else f"{self.low}{BAND_DASH}{self.high}"


def value_bands(values: Iterable[str], n_bands: int) -> tuple[Band, ...]:
    """``n_bands`` bands of consecutive values of a numeric column (one value per subject),
    with about as many subjects in each: a value goes to the band its subjects' middle rank
    falls in, so equal values share a band. Fewer bands come out where values repeat so often
    that no cut can fall between them, one band per value where there are no more values than
    bands. Values that are no number are left out (a column read as a number has none)."""
    numbers = [(x, str(v).strip()) for v in values if (x := attribute_number(v)) is not None]
    counts = Counter(x for x, _text in numbers)
    written: dict[float, str] = {}
    for x, shown in numbers:                  # the shortest writing of a value: "18", not "18.0"
        if x not in written or len(shown) < len(written[x]):
            written[x] = shown
    distinct = sorted(counts)
    total = len(numbers)
    chosen: list[list[float]] = []
    before, last = 0, -1
    for x in distinct:
        band = (len(chosen) if len(distinct) <= n_bands
                else min(n_bands - 1, int((before + counts[x] / 2) * n_bands / total)))
        if band != last:
            chosen.append([])
            last = band
        chosen[-1].append(x)
        before += counts[x]
    return tuple(Band(written[xs[0]], written[xs[-1]], sum(counts[x] for x in xs))
                 for xs in chosen)


@dataclass(frozen=True)
class GroupChoice:
    """One way to group the subjects by a subject attribute: by its values (``bands`` 0) or in
    ``bands`` bands of a number."""

    column: str
    bands: int = 0


def group_choices(attributes: Attributes) -> tuple[GroupChoice, ...]:
    """The groupings of the subjects the data offer: each column read as categories by its
    values, each column read as a number only in bands (:data:`BAND_CHOICES`)."""
    out: list[GroupChoice] = []
    for column, values in attributes.subjects.items():
        if reads_as_number(values.values()):
            out += [GroupChoice(column, n) for n in BAND_CHOICES]
        else:
            out.append(GroupChoice(column))
    return tuple(out)
