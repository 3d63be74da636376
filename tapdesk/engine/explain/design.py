"""Design matrices of the explanatory models, from a table's attribute columns (issue 42).

Whether a column is a number or categories is one rule (:func:`tapdesk.data.attributes.
reads_as_number`: all numbers, at least :data:`MIN_NUMERIC_LEVELS` different ones). A *subject
group* column read as categories splits the subjects into a group per value, each with its own
class share; the groups are listed in a natural order (numbers numerically: year 2 before year
10). A subject column read as a number groups them only in the bands the request asks for
(``subject_bands``, issue 79), never one group per value. *Rater attribute* columns explain
accuracy: one read as a number gets one coefficient (per unit and per a round "reading unit" of
its range), one read as categories a coefficient per level against the most common level, the
reference. The rule and what it decided are said in a note. Subjects or raters without a value
are listed, never guessed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from tapdesk.data.attributes import (
    MIN_NUMERIC_LEVELS,
    attribute_number,
    reads_as_number,
    value_bands,
)
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.request import FitRequest
from tapdesk.errors import SettingError
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.formats import quoted, quoted_list
from tapdesk.i18n.text import Count, Listed, Nn_, Number, Text, plural, text


@dataclass(frozen=True)
class SubjectGroups:
    """Each subject's group (index into ``labels``; -1: no value), and the groups in order."""

    column: str
    labels: tuple[str, ...]
    index: np.ndarray
    missing: tuple[str, ...]
    note: Text

    @property
    def n_groups(self) -> int:
        return len(self.labels)

    def sizes(self) -> np.ndarray:
        """Subjects per group."""
        return np.bincount(self.index[self.index >= 0], minlength=self.n_groups)


@dataclass(frozen=True)
class Coefficient:
    """One column of a rater design: a numeric attribute, or one level against the reference.

    ``kind`` "numeric" or "level"; for a numeric attribute ``centre`` is the raters' mean (the
    matrix is centred on it), ``unit`` the reading unit (10 for ages), ``low``/``high`` the two
    values its effect is told at; for a level ``level`` and ``reference`` name the categories.
    """

    attribute: str
    kind: str
    level: str = ""
    reference: str = ""
    centre: float = 0.0
    unit: float = 1.0
    low: float = 0.0
    high: float = 0.0

    @property
    def name(self) -> str:
        return self.attribute if self.kind == "numeric" else f"{self.attribute}: {self.level}"


@dataclass(frozen=True)
class RaterDesign:
    """Raters x coefficients matrix without intercept (rows of raters with a missing value are
    0 and listed in ``missing``); ``raw`` holds the numeric columns uncentred."""

    columns: tuple[str, ...]
    coefficients: tuple[Coefficient, ...]
    matrix: np.ndarray
    raw: np.ndarray
    missing: tuple[str, ...]
    notes: tuple[Text, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.coefficients)

    @property
    def n_coefficients(self) -> int:
        return len(self.coefficients)

    def has_value(self, rater_ids: Sequence[str]) -> np.ndarray:
        """Boolean per rater: every attribute has a value."""
        gone = set(self.missing)
        return np.array([r not in gone for r in rater_ids], dtype=bool)


def check_columns(request: FitRequest, table: RatingsTable) -> None:
    """SettingError when the request names a column the table's attributes do not hold."""
    attrs = table.attributes
    if request.subject_group is not None and request.subject_group not in attrs.subjects:
        raise SettingError(_unknown(request.subject_group, "subject", attrs.subject_columns,
                                    attrs.rater_columns), settings=("subject_group",))
    if request.subject_group is not None:
        check_grouping(table, request.subject_group, request.subject_bands)
    for col in request.rater_attributes:
        if col not in attrs.raters:
            raise SettingError(_unknown(col, "rater", attrs.rater_columns, attrs.subject_columns),
                               settings=("rater_attributes",))


def _unknown(column: str, whose: str, have: tuple[str, ...], other: tuple[str, ...]) -> str:
    """Why ``column`` is not a ``whose`` ("subject" or "rater") attribute: a whole sentence for
    each case, kept as data (the fit that checks it runs in English) and written in the language
    the error is read in."""
    args = {"column": made(quoted, column), "columns": made(quoted_list, have)}
    if column in other and whose == "subject":
        if have:
            # Translators: {column} is a column of the data file; {columns} the subject
            # attributes' columns ("'year', 'school'").
            return said("{column} is a rater attribute (one value per rater), not a subject "
                        "attribute; the subject attributes are {columns}", **args)
        # Translators: {column} is a column of the data file.
        return said("{column} is a rater attribute (one value per rater), not a subject "
                    "attribute; the data have no subject attributes", **args)
    if column in other:
        if have:
            # Translators: {column} is a column of the data file; {columns} the rater attributes'
            # columns ("'age', 'years'").
            return said("{column} is a subject attribute (one value per subject), not a rater "
                        "attribute; the rater attributes are {columns}", **args)
        # Translators: {column} is a column of the data file.
        return said("{column} is a subject attribute (one value per subject), not a rater "
                    "attribute; the data have no rater attributes", **args)
    if whose == "subject":
        if have:
            # Translators: {column} is the column asked for; {columns} the subject attributes'
            # columns ("'year', 'school'").
            return said("there is no subject attribute {column}; the subject attributes are "
                        "{columns}", **args)
        # Translators: {column} is the column asked for.
        return said("there is no subject attribute {column}; the data have no subject "
                    "attributes (a column holding one value per subject)", **args)
    if have:
        # Translators: {column} is the column asked for; {columns} the rater attributes' columns.
        return said("there is no rater attribute {column}; the rater attributes are {columns}",
                    **args)
    # Translators: {column} is the column asked for.
    return said("there is no rater attribute {column}; the data have no rater attributes (a "
                "column holding one value per rater)", **args)


_number = attribute_number


def natural_order(values: Sequence[str]) -> tuple[str, ...]:
    """Distinct values, numbers numerically first (2 before 10), then text alphabetically."""
    distinct = set(values)
    numbers = sorted((v for v in distinct if _number(v) is not None),
                     key=lambda v: _number(v) or 0.0)
    words = sorted((v for v in distinct if _number(v) is None), key=str.lower)
    return tuple(numbers + words)


def check_grouping(table: RatingsTable, column: str, bands: int) -> None:
    """SettingError when ``column`` (a subject attribute) cannot group the subjects as asked:
    a column read as a number without bands (it would make a group of every value, issue 79),
    or bands of a column read as categories."""
    values = table.attributes.subjects.get(column, {})
    number = reads_as_number(values.values())
    distinct = len(set(values.values()))
    if number and not bands:
        # Translators: {column} is a subject attribute's column as the data file names it; {n}
        # how many different values it has (5 or more). "bands": ranges of its values ("18-35").
        raise SettingError(said_n("{column} is a number with {n} different value, so it is not made "
                                  "one group of subjects per value; to compare the subjects by "
                                  "it, ask for bands of its values (such as 4 bands, with about "
                                  "as many subjects in each)",
                                  "{column} is a number with {n} different values, so it is not "
                                  "made one group of subjects per value; to compare the subjects "
                                  "by it, ask for bands of its values (such as 4 bands, with "
                                  "about as many subjects in each)", distinct,
                                  column=made(quoted, column), n=distinct),
                           settings=("subject_bands",))
    if bands and not number:
        if all(attribute_number(v) is not None for v in values.values()):
            # Translators: {column} is a subject attribute's column as the data file names it;
            # {n} how many different values it has, {least} the fewest different numbers a
            # column needs to be read as a number (5).
            message = said_n("{column} has only {n} different number, fewer than {least}, so it "
                             "is read as categories and each value is a group of subjects; "
                             "bands are made only of a number: leave the bands out",
                             "{column} has only {n} different numbers, fewer than {least}, so it "
                             "is read as categories and each value is a group of subjects; "
                             "bands are made only of a number: leave the bands out", distinct,
                             column=made(quoted, column), n=distinct, least=MIN_NUMERIC_LEVELS)
        else:
            # Translators: {column} is a subject attribute's column as the data file names it.
            message = said("{column} holds values that are not numbers, so it is read as "
                           "categories and each value is a group of subjects; bands are made "
                           "only of a number: leave the bands out", column=made(quoted, column))
        raise SettingError(message, settings=("subject_bands",))


def subject_groups(table: RatingsTable, column: str, bands: int = 0) -> SubjectGroups:
    """The subjects' groups by a subject attribute column: one per value, or ``bands`` bands of
    a column read as a number (:func:`tapdesk.data.attributes.value_bands`)."""
    values = table.attributes.subjects.get(column)
    if values is None:
        raise SettingError(_unknown(column, "subject", table.attributes.subject_columns,
                                    table.attributes.rater_columns), settings=("subject_group",))
    per_subject = [values.get(s, "") for s in table.subject_ids]
    if bands:
        return _banded(table, column, per_subject, bands)
    labels = natural_order([v for v in per_subject if v])
    lookup = {lab: i for i, lab in enumerate(labels)}
    index = np.array([lookup.get(v, -1) for v in per_subject], dtype=np.int64)
    missing = tuple(s for s, v in zip(table.subject_ids, per_subject) if not v)
    shown_labels = (text("{labels} ...", labels=Listed.of(labels[:8])) if len(labels) > 8
                    else Listed.of(labels))
    # Translators: {column} is a subject column's name in the data file; {n} the number of
    # groups (two or more); {labels} lists the groups' values ("1, 2, 3, 4").
    note = text(N_("subject groups by {column}: {n} groups ({labels})"), column=made(quoted, column),
                n=Count(len(labels)), labels=shown_labels)
    return SubjectGroups(column, labels, index, missing, _with_missing(note, missing))


def _with_missing(note: Text, missing: tuple[str, ...]) -> Text:
    if not missing:
        return note
    # Translators: {groups} is "subject groups by 'year': 4 groups (1, 2, 3, 4)"; {n} a count.
    return plural(Nn_("{groups}; {n} subject without a value left out",
                      "{groups}; {n} subjects without a value left out"), len(missing),
                  groups=note)


def _banded(table: RatingsTable, column: str, per_subject: list[str], bands: int) -> SubjectGroups:
    """Groups of subjects in bands of a numeric column, in the order of their values."""
    made_bands = value_bands([v for v in per_subject if v], bands)
    labels = tuple(b.label for b in made_bands)
    index = np.full(len(per_subject), -1, dtype=np.int64)
    for i, value in enumerate(per_subject):
        x = attribute_number(value) if value else None
        if x is None:
            continue
        for g, band in enumerate(made_bands):
            if x <= (attribute_number(band.high) or 0.0):
                index[i] = g
                break
    missing = tuple(s for s, v in zip(table.subject_ids, per_subject) if not v)
    # Translators: {column} is a subject column's name in the data file; {n} the number of bands
    # (two or more); {labels} lists the bands ("18-35, 36-53, 54-71, 72-90").
    note = plural(Nn_("subject groups by {column} in {n} band of about as many subjects each "
                      "({labels})",
                      "subject groups by {column} in {n} bands of about as many subjects each "
                      "({labels})"), len(labels), column=made(quoted, column),
                  labels=Listed.of(labels))
    if len(labels) < bands:
        # Translators: {groups} is "subject groups by 'age' in 3 bands (...)"; {asked} how many
        # bands were asked for (more than came out).
        note = text(N_("{groups}; {asked} were asked for, but the values repeat too often to cut "
                       "them finer"), groups=note, asked=Count(bands))
    return SubjectGroups(column, labels, index, missing, _with_missing(note, missing))


def reading_unit(values: np.ndarray) -> float:
    """A round unit of the values' range a reader thinks in: 10 for ages, 1 for a few years."""
    spread = float(np.max(values) - np.min(values)) if len(values) else 0.0
    if spread <= 0:
        return 1.0
    return float(10.0 ** math.floor(math.log10(spread)))


def _told_at(values: np.ndarray, unit: float) -> tuple[float, float]:
    """Two values the effect is told at: the 20th and 80th percentiles, rounded to the reading
    unit (to half of it from 10 up: ages 35 and 55)."""
    step = unit / 2 if unit >= 10 else unit
    low, high = (round(round(float(np.quantile(values, q)) / step) * step, 10) for q in (0.2, 0.8))
    if high <= low:
        low, high = float(np.min(values)), float(np.max(values))
    return float(low), float(high)


def rater_design(table: RatingsTable, columns: Sequence[str],
                 effect_at: Sequence[tuple[str, float, float]] = ()) -> RaterDesign:
    """The rater design of ``columns`` (rater attributes), in the order given; ``effect_at``
    ((column, low, high)) replaces the values a numeric column's effect is told at."""
    attrs = table.attributes
    coefficients: list[Coefficient] = []
    blocks: list[np.ndarray] = []
    raw_blocks: list[np.ndarray] = []
    notes: list[Text] = []
    missing: set[str] = set()
    for col in columns:
        values = attrs.raters.get(col)
        if values is None:
            raise SettingError(_unknown(col, "rater", attrs.rater_columns, attrs.subject_columns),
                               settings=("rater_attributes",))
        per_rater = [values.get(r, "") for r in table.rater_ids]
        missing |= {r for r, v in zip(table.rater_ids, per_rater) if not v}
        coefs, block, raw, note = _column_design(col, per_rater)
        coefs = _told_at_chosen(coefs, col, effect_at)
        if coefs and coefs[0].kind == "numeric":
            note = text("{read}{told}", read=note, told=told_words(coefs[0]))
        coefficients += coefs
        blocks.append(block)
        raw_blocks.append(raw)
        notes.append(note)
    n = table.n_raters
    matrix = np.hstack(blocks) if blocks else np.zeros((n, 0))
    raw_matrix = np.hstack(raw_blocks) if raw_blocks else np.zeros((n, 0))
    if missing:
        gone = sorted(missing, key=list(table.rater_ids).index)
        # Translators: {n} is a count; {raters} lists raters' names ("R1, R2" or "R1, ... R6 ...").
        notes.append(plural(Nn_("{n} rater without a value ({raters}) left out of the attribute model",
                                "{n} raters without a value ({raters}) left out of the attribute "
                                "model"), len(gone),
                            raters=text("{names} ...", names=Listed.of(gone[:6])) if len(gone) > 6
                            else Listed.of(gone)))
    return RaterDesign(tuple(columns), tuple(coefficients), matrix, raw_matrix,
                       tuple(r for r in table.rater_ids if r in missing), tuple(notes))


def told_at(table: RatingsTable, column: str) -> tuple[float, float] | None:
    """The two values a numeric rater attribute's effect is told at by default (the 20th and
    80th percentiles, rounded), or None for a column read as categories (or unknown)."""
    values = table.attributes.raters.get(column)
    if values is None:
        return None
    coef = _column_design(column, [values.get(r, "") for r in table.rater_ids])[0]
    return (coef[0].low, coef[0].high) if coef and coef[0].kind == "numeric" else None


def _told_at_chosen(coefs: list, col: str, effect_at: Sequence[tuple[str, float, float]]) -> list:
    """The column's coefficients with the user's two values (a SettingError for a column read
    as categories: its levels are each told against the reference)."""
    chosen = [(low, high) for c, low, high in effect_at if c == col]
    if not chosen:
        return coefs
    if coefs and coefs[0].kind != "numeric":
        # Translators: {column} is a rater attribute's column as the data file names it.
        raise SettingError(said("{column} is read as categories, so its effect is told for each "
                                "level against the most common one; values to tell it at apply "
                                "only to a number", column=made(quoted, col)), settings=("effect_at",))
    low, high = chosen[-1]
    return [replace(c, low=low, high=high) for c in coefs]


def _column_design(col: str, per_rater: list[str]):
    present = [v for v in per_rater if v]
    numbers = [_number(v) for v in present]
    distinct = len(set(present))
    if reads_as_number(present):
        return _numeric(col, per_rater, distinct)
    return _categorical(col, per_rater, distinct, present, all(x is not None for x in numbers))


def _numeric(col: str, per_rater: list[str], distinct: int):
    raw = np.array([_number(v) if v else np.nan for v in per_rater], dtype=float)
    seen = raw[np.isfinite(raw)]
    centre = float(seen.mean())
    unit = reading_unit(seen)
    low, high = _told_at(seen, unit)
    block = np.where(np.isfinite(raw), raw - centre, 0.0)[:, None]
    # Translators: {column} is a rater column's name in the data file; {n} how many different
    # values it has; {least} the fewest that make a number (5).
    note = text(N_("rater attribute {column} read as a number: every value is a number and "
                   "{n} differ (at least {least} make a number, fewer are read as categories)"),
                column=made(quoted, col), n=Count(distinct), least=Count(MIN_NUMERIC_LEVELS))
    coef = Coefficient(col, "numeric", centre=centre, unit=unit, low=low, high=high)
    return [coef], block, np.where(np.isfinite(raw), raw, 0.0)[:, None], note


def _unit_words(unit: float) -> Number | Text:
    return Number.general(unit, "g") if unit != 1 else text(N_("1 (one unit)"))


def told_words(coef: Coefficient) -> Text:
    """How a number's effect is told, with the values it is told at (the user's, where chosen):
    "; its effect is told as the accuracy at 55 minus that at 35 (its logit change per 10)"."""
    # Translators: follows "rater attribute 'age' read as a number: ...": {high}, {low} and
    # {unit} are numbers of the attribute ("55", "35", "10"; "1 (one unit)").
    return text(N_("; its effect is told as the accuracy at {high} minus that at {low} "
                   "(its logit change per {unit})"), high=Number.general(coef.high, "g"),
                low=Number.general(coef.low, "g"), unit=_unit_words(coef.unit))


def _categorical(col: str, per_rater: list[str], distinct: int, present: list[str],
                 all_numbers: bool):
    counts = Counter(present)
    order = natural_order(present)
    reference = max(order, key=lambda v: (counts[v], -order.index(v))) if order else ""
    levels = [v for v in order if v != reference]
    block = np.array([[1.0 if v == lev else 0.0 for lev in levels] for v in per_rater],
                     dtype=float).reshape(len(per_rater), len(levels))
    # Translators: why a rater column is read as categories: {n} and {least} are counts.
    why = (text(N_("its values are numbers but only {n} differ (fewer than {least})"),
                n=Count(distinct), least=Count(MIN_NUMERIC_LEVELS))
           if all_numbers else text(N_("not every value is a number")))
    # Translators: {column} is a rater column's name; {why} says why ("not every value is a
    # number"); {reference} the value the others are compared with.
    note = text(N_("rater attribute {column} read as categories ({why}); each level is "
                   "compared with {reference}, the most common"), column=made(quoted, col),
                why=why, reference=made(quoted, reference))
    coefs = [Coefficient(col, "level", level=lev, reference=reference) for lev in levels]
    return coefs, block, block.copy(), note
