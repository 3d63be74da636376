"""Principle: measurements are judged on the raters' scale (rule 'rater-scale').

A wide file of scores often carries columns beside the raters' that are numbers too: an age,
an average with two decimals, a rank sum, a final place. Counted together they look like a
continuous measurement; the raters' own scores may still be a few categories (a 1-25 jury
scale, ranks 1-18). Before such a file is refused as measurements, the columns are grouped
by the scale they share (whole or half steps whose ranges overlap); where one group is the
largest and its scores are few enough to be categories, the file is read again with the
other number columns left out, each said. A file whose every group is continuous stays
refused.
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.groups import linked_groups
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import MAX_TEXT_CATEGORIES, ValueRules
from tapdesk.data.scale import fixed_width_codes, numeric_value
from tapdesk.data.wording import Decimal, Name, Quoted, Wording, Written
from tapdesk.i18n import N_

RULE = "rater-scale"
OVERLAP = 0.8           # of one column's scores inside the other's range, at least
MAX_COLUMNS = 60


def narrower_scale(table: Table, det: Detection, rules: ValueRules,
                   max_categories: int) -> tuple[Finding, ...]:
    """The findings that leave out the number columns off the raters' scale, when the rest
    are categories; () when there is no such reading."""
    columns = list(det.value_columns)[:MAX_COLUMNS + 1]
    if det.layout != "wide" or not 3 <= len(columns) <= MAX_COLUMNS:
        return ()
    values = {c: _numbers(table, c, rules) for c in columns}
    steps = [c for c, v in values.items() if len(v) >= 3 and bool(np.all(v * 2 == np.round(v * 2)))]
    group = _largest_group(steps, values)
    if len(group) < 2:
        return ()
    distinct = np.unique(np.concatenate([values[c] for c in group]))
    codes = fixed_width_codes({rules.label(t) or "" for c in group for t in table.texts(c, 2000)} - {""})
    if len(distinct) > (max(max_categories, MAX_TEXT_CATEGORIES) if codes else max_categories):
        return ()
    low, high = distinct.min(), distinct.max()
    return tuple(_left_out(c, values[c], low, high) for c in columns if c not in group)


def _numbers(table: Table, column: str, rules: ValueRules) -> np.ndarray:
    """The column's filled cells as numbers (empty when any filled cell is a word)."""
    out = []
    for text in table.texts(column, 2000):
        label = rules.label(text)
        if label is None:
            continue
        v = numeric_value(label)
        if v is None:
            return np.array([])
        out.append(v)
    return np.array(out, dtype=float)


def _inside(a: np.ndarray, b: np.ndarray) -> float:
    return float(((a >= b.min()) & (a <= b.max())).mean())


def _largest_group(columns: list[str], values: dict[str, np.ndarray]) -> list[str]:
    """The one largest group of columns whose scores lie in each other's range; [] on a tie."""
    ranked = sorted(linked_groups(columns, lambda a, b: min(_inside(values[a], values[b]),
                                                            _inside(values[b], values[a]))
                                  >= OVERLAP), key=len, reverse=True)
    if not ranked or (len(ranked) > 1 and len(ranked[1]) == len(ranked[0])):
        return []
    return ranked[0]


def _left_out(column: str, values: np.ndarray, low: float, high: float) -> Finding:
    shown = tuple(Written(f"{v:g}") for v in np.unique(values)[:4]) if len(values) else ()
    # Translators: an import note; {column} a column's name, {values} some of its values
    # (quoted, may be empty), {low} and {high} the raters' smallest and largest score.
    wording = Wording.of(N_("column {column} was left out: its values {values} are not on the "
                            "scale of the raters' scores ({low:g} to {high:g}), as an age, an "
                            "average or a sum is not"),
                         column=Name(column), values=Quoted(shown), low=Decimal(low),
                         high=Decimal(high))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "leave out"),))
