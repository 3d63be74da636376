"""Rule 'rater-scale': a rater column holds ratings on the scale the other rater columns share.

In a wide table (raters in columns) or its transpose (subjects in columns), every value
column holds ratings of one scale. A column whose values share nothing with that scale and
show what else they are (dates, times of day, a different value in every row as names and
identifiers have, words beside numbers or numbers beside words) is not a rater: it is left
out with a note naming it and why. When no column is left holding ratings, the file is
refused naming the column.

"Shares the scale": two columns of numbers share it when their ranges meet (a 0-100 rater
rarely repeats another's exact values), other columns when they have a value in common. The
columns linked this way form groups; the largest (two columns or more, and larger than any
other) is the raters' scale. A rater who uses only one or two of the categories is linked
to it by them, and a column that shares nothing but shows no sign of being something else
(a rater whose few ratings nobody else gave) stays a rater.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from tapdesk.data.importer.budget import checkpoint
from tapdesk.data.importer.dates import date_kind
from tapdesk.data.importer.gridrules import GROUP_JOIN
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.shortforms import code_written, column_keys, number_written, written_key
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import ValueRules
from tapdesk.data.importer.words import naming_stem
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import (
    Columns,
    Count,
    Decimal,
    Joined,
    Listed,
    Name,
    Quoted,
    Worded,
    Wording,
)
from tapdesk.errors import DataError
from tapdesk.i18n import N_

RULE = "rater-scale"
_SAMPLE_ROWS = 5000
_KIND_SAMPLE = 200         # distinct values parsed to tell dates (all must be dates)
_MAX_COLUMNS = 500         # beyond this many value columns only dates are looked for
_FEW_VALUES_ROWS = 20      # rows a computed column of two values needs to show it
_COUNTER_ROWS = 8          # rows a running count needs to show it counts
_RANK_ROWS = 8             # subjects a ranking needs to show it ranks
_ID_ROWS = 5               # numbers in range need more rows to show they run past the scale
_UNIQUE_ROWS = 3           # a different value in every row, shared with no other column

@dataclass(frozen=True)
class _Column:
    """What one value column holds: its distinct labels and how many cells are filled."""

    name: str
    labels: frozenset[str]
    filled: int
    numbers: tuple[float, ...]            # the labels that are numbers
    kind: str | None                      # 'dates' or 'times' when every value is one
    folded: frozenset[str] = frozenset()  # the labels case-folded
    coded: frozenset[tuple[str, str]] = frozenset()   # the file's value labels (SPSS, Stata)

    @property
    def numeric(self) -> bool:
        return bool(self.numbers) and len(self.numbers) == len(self.labels)

    @property
    def unique(self) -> bool:
        return self.filled >= _UNIQUE_ROWS and len(self.labels) == self.filled

    @property
    def fine(self) -> bool:
        """Numbers measured finer than a scale's steps: a value off the half-point grid
        (13.8, 1.23); judges' scores in halves (6.5) and whole grades are on it."""
        return any(abs(v * 2 - round(v * 2)) > 1e-9 for v in self.numbers)

    def meets(self, other: _Column) -> bool:
        """Shares the scale with ``other``: ranges that meet (numbers measured as finely), or
        a common value."""
        if self.coded and other.coded and self.coded != other.coded:
            return False      # value labels of their own: 1 = 'male' is no 1 = 'yes'
        if self.numeric and other.numeric:
            return min(self.numbers) <= max(other.numbers) and \
                min(other.numbers) <= max(self.numbers) and self.fine == other.fine
        if self.numbers and other.numbers and self.fine != other.fine and \
                (self.measured and other.worded or other.measured and self.worded):
            return False      # a measurement that met a grade ('2' beside 'X', '1'-'5')
        return not self.folded.isdisjoint(other.folded)

    @cached_property
    def keys(self) -> frozenset[str]:
        """What each label's forms share ('Class II' and 'II': '2'), asked only where no two
        columns meet as written."""
        return frozenset(written_key(v) for v in self.labels)

    @cached_property
    def worded_keys(self) -> frozenset[str]:
        """The keys of its labels that are no numbers."""
        return frozenset(written_key(v) for v in self.labels if numeric_value(v) is None)

    def meets_written(self, other: _Column) -> bool:
        """Shares a category with ``other`` in one of its forms ('Class II' and 'II'; a
        number's own forms, '01' and '+1', meet by range)."""
        return not self.worded_keys.isdisjoint(other.keys) or \
            not other.worded_keys.isdisjoint(self.keys)

    @property
    def worded(self) -> bool:
        """A label besides the numbers is a word ('X' beside grades 1-5) or a grade written
        with numbers ('3-4', '4/5' beside grades 1-5 and halves), not a mark ('—')."""
        return any(any(ch.isalnum() for ch in lab) for lab in self.labels
                   if numeric_value(lab) is None)

    @property
    def measured(self) -> bool:
        """Numbers only, measured finer than a scale's steps (SUVmax 1.3, 2.8)."""
        return self.numeric and self.fine


def _column(table: Table, name: str, rules: ValueRules, labels: dict[int, str | None]) -> _Column:
    """One column's sample as distinct labels; ``labels`` caches the label of each text code
    (the cleaning runs once per distinct text of the table, not once per cell)."""
    coded = table.codes()
    codes, counts = np.unique(coded.codes[:_SAMPLE_ROWS, table.index(name)], return_counts=True)
    kept: dict[str, int] = {}
    for code, n in zip(codes.tolist(), counts.tolist()):
        if code not in labels:
            text = coded.text[code]
            labels[code] = rules.label(text) if text else None
        label = labels[code]
        if label is not None:
            kept[label] = kept.get(label, 0) + n
    distinct = frozenset(kept)
    numbers = tuple(v for v in (numeric_value(lab) for lab in distinct) if v is not None)
    kind = _kind(distinct)
    if kind is None and _clock_times(distinct, sum(kept.values())):
        kind, numbers = "times", ()       # '0600' is no number 600 on a scale
    return _Column(name, distinct, sum(kept.values()), numbers, kind,
                   frozenset(v.casefold() for v in distinct),
                   frozenset(table.grid.value_labels.get(name, ())))


_HHMM = re.compile(r"^(?:[01]\d|2[0-3])[0-5]\d$")
"""A time of day as a ship's log or a flight plan writes it: four digits, hours then minutes."""


def _clock_times(labels: frozenset[str], filled: int) -> bool:
    """Every label a time written 'HHMM' ('0600', '1200', '1800'), one of them with a leading
    zero (no rating is written with one), each coming back (the hours of a watch or a synoptic
    schedule; an id such as '0029' comes once)."""
    return len(labels) >= 2 and all(_HHMM.match(v) for v in labels) and \
        any(v.startswith("0") for v in labels) and filled >= 2 * len(labels)


def _kind(labels: frozenset[str]) -> str | None:
    """'dates' or 'times' when every label is one (dates with times of day are dates)."""
    kinds = set()
    for lab in sorted(labels)[:_KIND_SAMPLE]:
        kind = date_kind(lab)
        if kind is None:
            return None
        kinds.add(kind)
    return None if not kinds else "times" if kinds == {"times"} else "dates"


def _why(c: _Column, scale: list[_Column]) -> Wording | None:
    """Why ``c``, which meets none of the ``scale`` columns, is not a rating on their scale
    (None when nothing shows it: a rater may use categories nobody else used)."""
    example = min(c.labels, key=lambda v: (len(v), v))
    theirs = {o.coded for o in scale}
    if c.coded and len(theirs) == 1 and c.coded not in theirs and all(theirs):
        mine, other = (tuple(f"{k} = {v}" for k, v in sorted(x)[:3]) for x in (c.coded, *theirs))
        # Translators: why a column holds no ratings (a clause); {mine} and {theirs} value
        # labels ("1 = male"), quoted.
        return Wording.of(N_("its value labels ({mine}) are not those of the other columns "
                             "({theirs})"), mine=Quoted(mine), theirs=Quoted(other))
    if c.numeric and c.fine and any(o.numbers for o in scale) and not any(o.fine for o in scale):
        example = min((lab for lab in c.labels if (numeric_value(lab) or 0) % 0.5), key=len)
        # Translators: why a column holds no ratings (a clause); {example} is a cell of it.
        return Wording.of(N_("its numbers are measured finer than the scale's steps (e.g. "
                             "{example}) while the other columns hold whole numbers or "
                             "halves, as a measurement or a computed score does"),
                          example=Name(example))
    if c.numeric and all(o.numeric for o in scale):
        return _far_numbers(c, scale)
    if c.unique:
        if np.mean([len(v.split()) for v in c.labels]) >= 3:
            # Translators: why a column holds no ratings (a clause); {example} is a cell of it.
            return Wording.of(N_("it holds a different value in every row (free text, e.g. "
                                 "{example})"), example=Name(example))
        # Translators: as above.
        return Wording.of(N_("it holds a different value in every row (names or identifiers, "
                             "e.g. {example})"), example=Name(example))
    if not c.numeric and all(o.numeric for o in scale):
        # Translators: as above.
        return Wording.of(N_("its values are words (e.g. {example}) while the other columns "
                             "hold numbers"), example=Name(example))
    if c.numeric and not any(o.numbers for o in scale):
        # Translators: as above.
        return Wording.of(N_("its values are numbers (e.g. {example}) while the other columns "
                             "hold words"), example=example)
    return None


def _writes_numbers(table: Table, c: _Column, scale: list[_Column],
                    numbers: dict[str, np.ndarray]) -> bool:
    """Every value of ``c`` writes a whole number of the scale's range with words around it,
    as a word or as a code before its label ('Class II', 'G3', 'two', '3 Inflation' beside
    raters' 1-4), and so read the column agrees
    with a column of the scale beyond chance, row by row: a rater writing the scale
    otherwise, whom the reading audit reads on it, said ('Audiologist 1', 'Audiologist 2'
    beside thresholds in dB writes numbers too, and agrees with none)."""
    values = [v for o in scale for v in o.numbers]
    if c.numeric or not values or not all(o.numeric for o in scale):
        return False
    written = {v: number_written(v) if (n := code_written(v)) is None else n for v in c.labels}
    if any(n is None or not min(values) <= n <= max(values) for n in written.values()):
        return False
    texts = table.texts(c.name, limit=_SAMPLE_ROWS)
    own = np.array([np.nan if (n := written.get(t)) is None else n for t in texts], dtype=float)
    return any(agrees(own, _numbers_of(table, o.name, numbers)) for o in scale)


def _numbers_of_words(table: Table, c: _Column, scale: list[_Column]) -> bool:
    """Every value of ``c`` is a whole number that the ``scale`` columns write with words, each
    after the scale's name or before its label ('3' beside 'Level 3 - Targeted', 'L3'), and so
    read the column agrees with a column of the scale beyond chance, row by row: a rater
    writing the scale's numbers alone, whom the reading audit reads on it, said."""
    if not c.numeric or c.fine or not scale or any(o.numbers for o in scale):
        return False
    keyed = [column_keys(o.labels) for o in scale]
    numbers = [{v: int(k) for v, k in keys.items() if re.fullmatch(r"\d+", k)} for keys in keyed]
    if not all(numbers) or not set(c.numbers) <= {float(n) for ns in numbers for n in ns.values()}:
        return False
    own = np.array([np.nan if (v := numeric_value(t) if t else None) is None else v
                    for t in table.texts(c.name, limit=_SAMPLE_ROWS)], dtype=float)
    return any(agrees(own, np.array([ns.get(t.strip(), np.nan) if t else np.nan
                                     for t in table.texts(o.name, limit=_SAMPLE_ROWS)], dtype=float))
               for o, ns in zip(scale, numbers))


WRITTEN_AGREES = 0.1
"""Cohen's kappa of a column of written numbers with a column of the scale, at least, for it
to be read as a rater's (raters of a hard scale agree weakly, yet well above nothing)."""


def agrees(own: np.ndarray, other: np.ndarray, least: float = WRITTEN_AGREES) -> bool:
    """Cohen's kappa of the two columns' numbers, where both have one, is ``least`` at least
    over :data:`_COUNTER_ROWS` rows or more."""
    both = ~np.isnan(own) & ~np.isnan(other)
    if both.sum() < _COUNTER_ROWS:
        return False
    a, b = own[both], other[both]
    seen = np.union1d(a, b)
    chance = float(sum(np.mean(a == v) * np.mean(b == v) for v in seen))
    return chance < 1 and (float(np.mean(a == b)) - chance) / (1 - chance) >= least


def _far_numbers(c: _Column, scale: list[_Column]) -> Wording | None:
    """Numbers beside a scale of numbers whose range they miss: ids when they differ in
    every row and either lie orders of magnitude away (record numbers, years beside a
    1-5 scale) or, over five rows or more, outnumber the values of the whole scale; or
    numbers of three values or more further from the scale than it is wide (ages 27-80
    beside grades 1-5). Numbers just past the others' range (4 and 5 beside raters who gave 1
    and 2) are ratings."""
    values = set().union(*(o.numbers for o in scale))
    if not c.unique:
        lo, hi = min(values), max(values)
        gap = max(lo - max(c.numbers), min(c.numbers) - hi)
        if len(c.numbers) < 3 or gap <= max(1.0, hi - lo):
            return None
        # Translators: why a column holds no ratings (a clause); {low} to {high} its numbers'
        # range, {lowest} to {highest} the other columns'.
        return Wording.of(N_("its numbers ({low:g} to {high:g}) lie far from the other columns' "
                             "({lowest:g} to {highest:g}), as an age, a size or a count does"),
                          low=Decimal(min(c.numbers)), high=Decimal(max(c.numbers)),
                          lowest=Decimal(lo), highest=Decimal(hi))
    top = max(abs(v) for v in values)
    far = all(abs(v) > 10 * max(top, 1) for v in c.numbers)
    if far or (c.filled >= _ID_ROWS and len(c.numbers) > len(values)):
        # Translators: why a column holds no ratings (a clause); {low} to {high} its numbers'
        # range, {lowest} to {highest} the other columns'.
        return Wording.of(N_("it holds a different number in every row ({low:g} to {high:g}) "
                             "outside the range of the other columns ({lowest:g} to "
                             "{highest:g}), as identifiers do"),
                          low=Decimal(min(c.numbers)), high=Decimal(max(c.numbers)),
                          lowest=Decimal(min(values)), highest=Decimal(max(values)))
    return None


def _counter(table: Table, c: _Column, ids: list[str]) -> Wording | None:
    """Whole numbers that count up by one from the smallest and start again exactly where
    the id in another column changes (lesion 1, 2, 3 of each patient; 1, 2 of the next):
    the number of a lesion, an element or a round within each subject, not a rating. At
    least three values, two restarts and two steps up."""
    if not c.numeric or len(c.numbers) < 3 or any(not float(v).is_integer() for v in c.numbers):
        return None
    texts = table.texts(c.name, limit=_SAMPLE_ROWS)
    if len(texts) < _COUNTER_ROWS or not all(texts):
        return None
    values = np.array([numeric_value(t) for t in texts], dtype=float)
    low = values.min()
    step, after = values[:-1], values[1:]
    up = after == step + 1
    restart = after == low
    if not np.all(up | restart) or up.sum() < 2 or np.sum(restart & (step > low)) < 2:
        return None
    if not any(_changes(table.texts(i, limit=_SAMPLE_ROWS)) == restart.tolist() for i in ids):
        return None
    shown = ", ".join(f"{v:g}" for v in values[:5])
    # Translators: why a column holds no ratings (a clause); {values} its first values.
    return Wording.of(N_("it counts up by one and starts again ({values} ...), as the number of "
                         "a lesion, an element or a round within each subject does"),
                      values=shown)


def _changes(ids: list[str]) -> list[bool]:
    """Where each row's id differs from the row before's (blank ids never change it)."""
    return [bool(b) and a != b for a, b in zip(ids[:-1], ids[1:])]


def _main_scale(columns: list[_Column]) -> list[_Column]:
    """The largest group of columns linked by sharing a scale (two or more columns, and
    larger than any other group); [] when no such group exists."""
    group = list(range(len(columns)))

    def root(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    for i, a in enumerate(columns):
        for j in range(i + 1, len(columns)):
            if root(i) != root(j) and a.meets(columns[j]):
                group[root(j)] = root(i)
    groups: dict[int, list[_Column]] = {}
    for k, c in enumerate(columns):
        groups.setdefault(root(k), []).append(c)
    alike = [g for g in groups.values() if len(g) >= 2 and _named_alike(g)]
    if len(alike) == 1 and all(_each_its_own_way(g) for g in groups.values() if g is not alike[0]):
        return alike[0]           # raters named alike beside columns each named its own way
    # of two groups as large, one of grades and one of measurements (SUVmax 1.3 beside
    # Deauville scores 1-5), the grades are the raters'
    ranked = sorted(groups.values(), key=lambda g: (len(g), not _measured(g)),
                    reverse=True)[:2]
    if not ranked or len(ranked[0]) < 2 or (len(ranked) == 2 and len(ranked[1]) == len(ranked[0])
                                            and _measured(ranked[1]) == _measured(ranked[0])):
        return []
    return ranked[0]


def _measured(group: list[_Column]) -> bool:
    return all(c.measured for c in group)


def _each_its_own_way(group: list[_Column]) -> bool:
    """No two columns of ``group`` are named alike but for a number ('R1_label', 'R2_label'
    are; 'Bilirubin (umol/L)', 'MELD-Na' are not)."""
    return len({re.sub(r"\d+", "#", c.name.casefold()) for c in group}) == len(group)


def _words_of_a_rater(c: _Column, scale: list[_Column]) -> bool:
    """``c`` is named as the raters of ``scale`` are ('Judge D' beside 'Judge A' .. 'Judge C')
    and writes words of a few kinds where they write numbers: a rater writing the scale in
    words, whom the reading audit reads as a rater and warns of (not an id column: its values
    repeat)."""
    stem = naming_stem(c.name)
    return bool(stem) and not c.numeric and not c.unique and not c.kind and \
        all(o.numeric for o in scale) and any(naming_stem(o.name) == stem for o in scale)


def _named_alike(group: list[_Column]) -> bool:
    """Every column of ``group`` is named as the others are ('Hepatologist 1', 'Hepatologist 2'):
    a panel, where the columns of a group each named its own way ('Bilirubin (umol/L)',
    'MELD-Na') are the measurements a panel's ratings stand beside."""
    stems = {naming_stem(c.name) for c in group}
    return len(stems) == 1 and "" not in stems


def _ranks(c: _Column, table: Table | None = None) -> Wording | None:
    """Whole numbers 1 to n, each once, in a column of n values: the subjects' ranks, or,
    in the order of the rows, a running number."""
    n = c.filled
    if not c.unique or n < _RANK_ROWS or sorted(c.numbers) != list(range(1, n + 1)):
        return None
    texts = table.texts(c.name, limit=_SAMPLE_ROWS) if table is not None else []
    if [numeric_value(t) for t in texts if t] == list(range(1, n + 1)):
        # Translators: why a column holds no ratings (a clause); {n} the number of rows.
        return Wording.of(N_("it numbers the rows 1 to {n}, as a running number does"),
                          n=Count(n))
    # Translators: why a column holds no ratings (a clause); {n} the number of subjects.
    return Wording.of(N_("it ranks the subjects from 1 to {n}, each rank once"), n=Count(n))


def _computed(table: Table, c: _Column, main: list[_Column],
              numbers: dict[str, np.ndarray]) -> Wording | None:
    """Numbers that are, in every row, the difference, sum or mean of two other columns':
    computed from the ratings (a 'Difference' beside two markers), not a rating.
    (``numbers``: each column's numbers, read once for all the columns judged.)"""
    if not c.numeric:
        return None
    own = _numbers_of(table, c.name, numbers)
    if own is None or np.isnan(own).all() or (~np.isnan(own)).sum() < _COUNTER_ROWS:
        return None
    others = [(o.name, _numbers_of(table, o.name, numbers)) for o in main
              if o is not c and o.numeric]
    for i, j in _formula_pairs(own, [x for _, x in others]):
        (a, x), (b, y) = others[i], others[j]
        rows = ~np.isnan(own) & ~np.isnan(x) & ~np.isnan(y)
        if rows.sum() < (_COUNTER_ROWS if len(c.numbers) >= 3 else _FEW_VALUES_ROWS) or \
                np.array_equal(own[rows], x[rows]) or np.array_equal(own[rows], y[rows]):
            continue          # two values (0/1) match a formula by chance in a few rows
        for made in _formulas(x, y):
            if np.allclose(own[rows], made[rows]) and \
                    not _by_chance(own[rows], made[rows], len(others) ** 2 * 5):
                # Translators: why a column holds no ratings (a clause); {a} and {b}
                # columns' names.
                return Wording.of(N_("it is computed from {a} and {b} in every row (their "
                                     "difference, sum or mean)"), a=Name(a), b=Name(b))
    return None


def _formulas(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, ...]:
    """The ways a column can be computed from two others: difference either way round or
    unsigned, sum, mean."""
    return np.abs(x - y), x - y, y - x, x + y, (x + y) / 2


_SCREEN_ROWS = 12
"""Rows of a column tried against every pair of the others at once, before a pair is
checked in every row: a pair that fails one of them is computed from nothing."""


def _formula_pairs(own: np.ndarray, others: list[np.ndarray]) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j``, of ``others`` that some formula of :func:`_formulas`
    matches in the first rows where ``own`` has a number (a row where either of the pair
    has none does not count against it). Every pair at once as arrays, because trying
    each pair in turn grows with the cube of the columns (150 raters: minutes)."""
    if len(others) < 2:
        return []
    rows = np.flatnonzero(~np.isnan(own))[:_SCREEN_ROWS]
    target = own[rows][:, None, None]
    grid = np.stack([x[rows] for x in others], axis=1)          # rows x columns
    x, y = grid[:, :, None], grid[:, None, :]
    unknown = np.isnan(x) | np.isnan(y)
    upper = np.triu(np.ones((len(others), len(others)), dtype=bool), k=1)
    fits = np.zeros_like(upper)
    with np.errstate(invalid="ignore"):
        for made in _formulas(x, y):
            fits |= (np.isclose(target, made) | unknown).all(axis=0)
    return [(int(i), int(j)) for i, j in zip(*np.nonzero(fits & upper))]


_CHANCE = 0.01
"""Of the columns tried, the chance that one matches a formula in every row by accident,
at most (a few rows of a scale of four match the mean of two others now and then)."""


def _by_chance(own: np.ndarray, made: np.ndarray, tries: int) -> bool:
    """A match this many rows long could be an accident among ``tries`` formulas: each row's
    chance is how often its value equals the formula's value of any row (the two shuffled)."""
    each = float(np.isclose(own[:, None], made[None, :]).mean())
    return tries * each ** len(own) >= _CHANCE


def _numbers_of(table: Table, name: str, numbers: dict[str, np.ndarray]) -> np.ndarray:
    if name not in numbers:
        texts = table.texts(name, limit=_SAMPLE_ROWS)
        values = [numeric_value(t) if t else None for t in texts]
        numbers[name] = np.array([np.nan if v is None else v for v in values], dtype=float)
    return numbers[name]


def _beyond_scale(c: _Column, others: list[_Column]) -> Wording | None:
    """Numbers, a different one in every row, more of them than the whole scale of the
    others has and half or more beyond its range: a running number, not ratings. Judged
    only when the others show their scale in at least as many ratings."""
    if not (c.unique and c.numeric and all(o.numeric for o in others)) or \
            c.filled < _ID_ROWS or sum(o.filled for o in others) < c.filled:
        return None
    scale = set().union(*(o.numbers for o in others))
    lo, hi = min(scale), max(scale)
    beyond = sum(not lo <= v <= hi for v in c.numbers)
    if len(c.numbers) > len(scale) and beyond * 2 >= len(c.numbers):
        # Translators: why a column holds no ratings (a clause); {low} to {high} its numbers'
        # range; {n} how many values the other columns use; {beyond} how many of its numbers
        # lie outside the others' range, {lowest} to {highest}.
        return Wording.of(N_("it holds a different number in every row ({low:g} to {high:g}), "
                             "more than the {n} values the other columns use together, and "
                             "{beyond} of them beyond their range ({lowest:g} to {highest:g})"),
                          low=Decimal(min(c.numbers)), high=Decimal(max(c.numbers)),
                          n=len(scale), beyond=beyond, lowest=Decimal(lo), highest=Decimal(hi))
    return None


def _refuse_unscaled(table: Table, ref: list[_Column]) -> None:
    """Refuse value columns no two of which share a scale when some hold words and others
    numbers: an answer beside its confidence, an age beside a sex before any rating was
    entered, a code beside its label -- nothing here is ratings of one scale."""
    if len(ref) < 2 or len(ref) > _MAX_COLUMNS or \
            any(a.meets(b) or a.meets_written(b) for i, a in enumerate(ref) for b in ref[i + 1:]):
        return        # columns that share a category written otherwise: the reading audit asks
    words = [c for c in ref if not c.numeric]
    numbers = [c for c in ref if c.numeric]
    if not words or not numbers:
        return
    w, n = words[0], numbers[0]
    names = Listed(tuple(repr(c.name) for c in ref[:6]))
    # Translators: {columns} is columns' names in quotes, listed; {words} and {numbers} two of
    # them; {example} a cell of {words}; {low} to {high} the range of {numbers}.
    raise DataError(Wording.of(N_("nothing here is ratings on one scale: no two of the columns "
                                  "{columns} share a value or a range ({words} holds words such "
                                  "as {example}, {numbers} numbers from {low:g} to {high:g}), "
                                  "as in a codebook, an aggregated report or a form before any "
                                  "rating was entered; open the file of the ratings, or say "
                                  "which columns hold them"),
                               columns=names, words=Name(w.name), example=Name(min(w.labels, key=len)),
                               numbers=Name(n.name), low=Decimal(min(n.numbers)),
                               high=Decimal(max(n.numbers))),
                    file=table.file, settings=("layout", "column_roles"))


def foreign_columns(table: Table, columns: list[str], rules: ValueRules,
                    protected: set[str]) -> tuple[dict[str, Wording], list[str]]:
    """The value columns that are not on the shared scale, each with its reason; and those
    of them that count within each subject (:func:`_counter`).

    Dates and times say what they are by themselves. The other columns are grouped by the
    scale they share; the largest group is the raters' scale. A column outside it is left
    out when something shows it holds no ratings (a different value in every row, words
    beside numbers or numbers beside words); a column of numbers inside it when it runs
    past the scale like a running number.
    """
    cache: dict[int, str | None] = {}
    numbers: dict[str, np.ndarray] = {}
    cols = [_column(table, c, rules, cache) for c in columns]
    counting = {c.name: why for c in cols if c.name not in protected
                for why in [_counter(table, c, [i for i in table.columns if i != c.name])]
                if why is not None}
    if len(cols) - len(counting) < 2:
        counting = {}          # a count is no rater beside raters, not instead of them
    cols = [c for c in cols if c.name not in counting]
    ref = [c for c in cols if not c.kind and c.labels]
    main = _main_scale(ref) if len(ref) <= _MAX_COLUMNS else []
    if not main:
        _refuse_unscaled(table, ref)
    found: dict[str, Wording] = dict(counting)
    for c in cols:
        checkpoint(N_("choosing the columns"))
        if c.name in protected or not c.labels:
            continue
        if c.kind:
            if not any(c.meets(o) for o in main):
                found[c.name] = _dated(c.kind, min(c.labels))
            continue
        if not main:
            continue
        if c in main:
            # one column of ranks beside raters (judges who each rank are a ranking study)
            why = _ranks(c, table) if len(main) >= 3 and sum(_ranks(o) is not None
                                                             for o in main) == 1 else None
            why = why or (_computed(table, c, main, numbers) if len(main) >= 3 else None)
            why = why or (_beyond_scale(c, [o for o in main if o is not c])
                          if len(main) >= 3 else None)
        else:
            why = None if _writes_numbers(table, c, main, numbers) or \
                _numbers_of_words(table, c, main) or _words_of_a_rater(c, main) else _why(c, main)
        if why:
            found[c.name] = why
    return found, list(counting)


def apply_scale_rule(table: Table, det: Detection, rules: ValueRules, book: NoteBook,
                     protected: set[str]) -> tuple[Table, Detection]:
    """Leave out the value columns of a wide layout that are not on the shared scale."""
    if det.layout not in ("wide", "wide-rows") or not book.enabled(RULE):
        return table, det
    columns = list(det.value_columns)
    found, counters = foreign_columns(table, columns, rules, protected)
    if not found:
        return table, det
    rater = det.layout == "wide"
    left = [c for c in columns if c not in found]
    if not left:
        name, why = next(iter(found.items()))
        # Translators: {column} is a column's name; {why} why it holds no ratings (a clause).
        refusal = N_("no column holds ratings: {column} is not a rater, as {why}; check the "
                     "layout and which columns hold the ratings")
        if not rater:
            # Translators: as above.
            refusal = N_("no column holds ratings: {column} is not a subject, as {why}; check "
                         "the layout and which columns hold the ratings")
        raise DataError(Wording.of(refusal, column=Name(name), why=why),
                        file=table.file, column=name, settings=("layout",))
    # Translators: {column} is a column's name; {why} why it holds no ratings (a clause).
    note = N_("left out column {column}: {why}, not ratings on the scale of the other columns, "
              "so it is not a rater")
    if not rater:
        # Translators: as above.
        note = N_("left out column {column}: {why}, not ratings on the scale of the other "
                  "columns, so it is not a subject")
    for name, why in found.items():
        book.add(RULE, Wording.of(note, column=Name(name), why=why), columns=[name])
    counters = [c for c in counters if c in table.columns]
    if rater and det.subject and det.subject in table.columns and counters:
        table = _numbered_within(table, det.subject, counters, book)
    return drop_value_columns(table, det, found)


def _numbered_within(table: Table, subject: str, columns: list[str], book: NoteBook) -> Table:
    """Where the subject ids repeat and a column that counts (:func:`_counter`) numbers the
    rows of each id once (lesion 1, 2, 3 of each patient), each row is a subject of its own:
    named by both."""
    ids = table.texts(subject)
    if len(set(ids)) == len(ids) or not all(ids):
        return table
    for name in columns:
        pairs = list(zip(ids, table.texts(name)))
        if all(n for _, n in pairs) and len(set(pairs)) == len(pairs):
            named = np.array([f"{s}{GROUP_JOIN}{n}" for s, n in pairs], dtype=object)
            # Translators: an import note; {subject} and {number} are columns' names.
            book.add(RULE, Wording.of(N_("the ids in {subject} repeat, and {number} numbers the "
                                         "rows of each id once: each row is a subject of its "
                                         "own, named by both ({example})"),
                                      subject=Name(subject), number=Name(name),
                                      example=Name(named[0])), columns=[subject, name],
                     action="guessed")
            body = table.body.copy()
            body[subject] = named
            return Table(table.columns, body, table.rows, table.grid, table.header_row)
    return table


def _dated(kind: str, example: str) -> Wording:
    """Why a column of dates or times holds no ratings."""
    if kind == "times":
        # Translators: why a column holds no ratings (a clause); {example} is a cell of it.
        return Wording.of(N_("its values are times (e.g. {example})"), example=Name(example))
    # Translators: as above.
    return Wording.of(N_("its values are dates (e.g. {example})"), example=Name(example))


def drop_value_columns(table: Table, det: Detection, names) -> tuple[Table, Detection]:
    """The table without the value columns ``names``, and the detection (its reason too)
    without them."""
    names = set(names)
    columns = list(det.value_columns)
    left = [c for c in columns if c not in names]
    if isinstance(det.reason, Worded):           # its wording, without them (said in any language)
        reason: str = _without(det.reason, names, len(columns), len(left))
    else:
        reason = re.sub(rf"\b{len(columns)} (subjects|question columns)", rf"{len(left)} \1",
                        det.reason)
        reason = _text_without(reason, names)
    return table.drop_columns(names), replace(det, value_columns=tuple(left), reason=reason)


def _text_without(text: str, names: set[str]) -> str:
    for name in names:
        text = text.replace(f"'{name}', ", "").replace(f", '{name}'", "")
    return text


def _without(value, names: set[str], before: int, after: int):
    """A reason's wording (or one of its values) without the columns ``names``: lists of
    columns without them, a count of the value columns (``before``) as ``after``."""
    if isinstance(value, Worded):
        return Worded(_without(value.wording, names, before, after))
    if isinstance(value, Wording):
        return replace(value, values=tuple((k, _without(v, names, before, after))
                                           for k, v in value.values))
    if isinstance(value, Joined):
        return replace(value, items=tuple(_without(i, names, before, after) for i in value.items))
    if isinstance(value, Columns):
        return replace(value, columns=tuple(c for c in value.columns if c not in names))
    if isinstance(value, Quoted):       # 'R1', 'R2' ...: the rater columns of a wide reason
        return replace(value, names=tuple(c for c in value.names if c not in names))
    if isinstance(value, int) and not isinstance(value, bool) and value == before:
        return after
    if isinstance(value, str):
        return _text_without(value, names)
    return value
