"""Principle: a column computed from the raters' scores is no rater.

A results sheet keeps beside the judges what was worked out from them: the mode of their
grades (Excel's MODE(), blank or #N/A where no grade is given twice), or each entry's final
place, the rank of the judges' total. Read as a rater it would agree with the panel by
construction. A column that in every row is the others' mode wherever they have one and blank
wherever they have none, one that is their most frequent rating in every row where one is
most frequent, in more rows than the closest rater would match by chance (a 'Modal code'
beside four coders), or one that ranks the subjects exactly as the others' total does, is left out, said.
(A column that says whether the others agree is judged in ``derived``.)
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_

RULE = "rater-scale"
MIN_ROWS = 8            # rows where the others have a mode (or a total), at least
MIN_NO_MODE = 3         # rows where they have none, at least
HEAD_ROWS = 500         # rows a column is first checked on
CHANCE = 0.01           # the best rater matching the rest's plurality every time: this rare
MAX_RATERS = 40         # a results sheet's judges; a crowd's columns are judged elsewhere
_RANKINGS = ("min", "dense", "ordinal", "max")


def computed_is_no_rater(reading: Reading) -> list[Finding]:
    """A column computed from the raters' scores is no rater: the others' mode, or the place
    of their total, is left out."""
    panel = Panel.of_raters(reading, 3)
    names = reading.ratings.rater_ids
    if panel is None or len(names) > MAX_RATERS:
        return []
    head = Panel(panel.codes[:HEAD_ROWS], panel.categories)
    for j in reversed(range(len(names))):           # tools write what they compute last
        if reading.user_named(names[j]):
            continue
        fits = _follows_head(head, j)
        if fits and _is_mode(panel, j):
            return [_finding(names[j], MODE)]
        if fits and _is_plurality(panel, j):
            return [_finding(names[j], PLURALITY)]
        if _is_place(panel, reading.numbers, j):
            return [_finding(names[j], PLACE)]
    return []


def _others(panel: Panel, j: int) -> list[int]:
    return [i for i in range(panel.codes.shape[1]) if i != j]


def _is_mode(panel: Panel, j: int) -> bool:
    """Blank exactly where no category is given twice by the others, and one of their most
    frequent categories everywhere else."""
    own = panel.codes[:, j]
    counts = panel.counts(_others(panel, j))
    has_mode = counts.max(1) >= 2
    if int(has_mode.sum()) < MIN_ROWS or int((~has_mode & (counts.sum(1) >= 2)).sum()) < MIN_NO_MODE:
        return False
    if (own[~has_mode] >= 0).any() or (own[has_mode] < 0).any():
        return False
    rows = np.flatnonzero(has_mode)
    return bool((counts[rows, own[rows]] == counts[rows].max(1)).all())


def _follows_head(head: Panel, j: int) -> bool:
    """In the first rows, the others' one most frequent category wherever they have one: what
    a mode or a majority column must be everywhere (checked first: most columns are not)."""
    rows, plural = _plurality(head, _others(head, j))
    return bool((head.codes[rows, j] == plural).all())


def _plurality(panel: Panel, raters: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The rows where ``raters`` give one category more often than any other, twice at least,
    and that category."""
    counts = panel.counts(raters)
    top = counts.max(1)
    unique = ((counts == top[:, None]).sum(1) == 1) & (top >= 2)
    rows = np.flatnonzero(unique)
    return rows, counts[rows].argmax(1)


def _is_plurality(panel: Panel, j: int) -> bool:
    """The others' most frequent category in every row where they have one (a 'Decision' or
    'Modal code' column, whatever it holds where they tie), so many rows that even the rater
    who matches the rest most often would match them all by chance less than once in a
    hundred panels (``p ** n``)."""
    others = _others(panel, j)
    if len(others) < 3:
        return False
    rows, plural = _plurality(panel, others)
    if len(rows) < MIN_ROWS or not (panel.codes[rows, j] == plural).all():
        return False
    best = 0.0
    for i in others:
        theirs, most = _plurality(panel, [k for k in others if k != i])
        given = panel.codes[theirs, i] >= 0
        if given.sum() < MIN_ROWS:
            return False          # a rater the rest seldom outvote: nothing to compare with
        best = max(best, float((panel.codes[theirs, i][given] == most[given]).mean()))
    return best ** len(rows) < CHANCE


def _is_place(panel: Panel, numbers: np.ndarray, j: int) -> bool:
    """The subjects' places (1, 2, 3 ...) by the others' total, in either direction."""
    others = _others(panel, j)
    codes = panel.codes[:, others]
    own = panel.codes[:, j]
    rows = (codes >= 0).all(1) & (own >= 0)
    if int(rows.sum()) < MIN_ROWS or np.isnan(numbers).any():
        return False
    total = numbers[codes[rows]].sum(1)
    place = numbers[own[rows]]
    if place.min() < 1 or not np.all(place == np.round(place)) or \
            2 * len(np.unique(place)) < len(place):
        return False            # places are mostly distinct: a scale of three is no ranking
    from scipy.stats import rankdata  # here: scipy.stats costs every command's start-up

    return any(np.array_equal(rankdata(sign * total, method=m), place)
               for sign in (1, -1) for m in _RANKINGS)


# Translators: an import note; {column} a column's name.
MODE = N_("column {column} was left out: it is the other raters' most frequent rating wherever "
          "one is given twice and blank wherever none is (their mode, computed from the "
          "ratings), not a rater")
# Translators: an import note; {column} a column's name.
PLURALITY = N_("column {column} was left out: in every row where the other raters give one "
               "rating most often it gives that rating, which no rater does so closely (their "
               "majority or mode, computed from the ratings), not a rater")
# Translators: an import note; {column} a column's name.
PLACE = N_("column {column} was left out: it ranks the subjects exactly as the other raters' "
           "total does (their final place, computed from the ratings), not a rater")


def _finding(column: str, said: str) -> Finding:
    return Finding(RULE, Wording.of(said, column=Name(column)), ACT, (column,),
                   roles=((column, "leave out"),))
