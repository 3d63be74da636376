"""Properties of subjects and raters carried beside the ratings (issue 42).

A *subject attribute* holds one value per subject (year of study, site, group); a *rater
attribute* one value per rater (age, years of experience, human or AI). Both are kept as text,
{column: {id: value}}, exactly as the file writes them: whether a column is a number or a
category is decided where a model reads it (:mod:`tapdesk.engine.explain.design`), by one rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

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
