"""Principle: a panel's columns stand together, and a rater follows the subjects.

A results sheet writes its judges side by side. A column of numbers that stands before them,
among what the sheet says of each subject (a candidate's age beside the name and the country,
with a column that is no rater between it and the judges), and that does not follow the
subjects as every judge does (its numbers go with nothing the judges give), is a property of
the subject that happens to fall in the judges' range (ages 17-29 beside scores 12-24), not
an eighth judge. It is read as a subject attribute, said, with the rule to switch off. Both
must hold: standing apart alone is a layout ('Rater 1', 'Notes', 'Rater 2'), and following
nothing alone is what a careless judge does -- exactly what TapDesk is there to find. A
column named as a rater is ('Dr Adams', 'Rater 1') stays one.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.words import looks_like_rater, naming_stem
from tapdesk.data.wording import Decimal, Name, Wording
from tapdesk.i18n import N_

RULE = "rater-scale"
MIN_RUN = 3             # judges side by side, at least
MIN_SUBJECTS = 8        # subjects rated by the column and the judges both, at least
FOLLOWS = 0.6           # the judges' rank correlation with the rest of them, at least (median)
FOLLOWS_NOT = 0.3       # the column's with the judges' mean, at most
GAP = 3.0               # standard errors (Fisher's z) between it and the judge who follows least


def apart_column_is_no_rater(reading: Reading) -> list[Finding]:
    """A column of numbers standing apart from the judges' run, before it and cut off from it
    by a column that is no rater, that follows the subjects as none of the judges fails to,
    is a subject attribute."""
    panel = Panel.of_raters(reading, MIN_RUN + 1)
    if panel is None or reading.is_turned or np.isnan(reading.numbers).any():
        return []
    names = list(reading.ratings.rater_ids)
    order = list((reading.whole or reading.table).columns)
    if any(name not in order for name in names):
        return []
    lone = _before_the_run(names, order)
    if lone is None or reading.user_named(names[lone]) or _named_as_a_rater(names, lone):
        return []
    scores = np.where(panel.codes >= 0, reading.numbers[panel.codes], np.nan)
    run = [j for j in range(len(names)) if j != lone]
    own = _follows(scores[:, lone], scores[:, run])
    found = [_follows(scores[:, j], scores[:, [i for i in run if i != j]]) for j in run]
    judges = [r for r in found if r is not None]
    if own is None or len(judges) < len(found) or not _far_below(own, judges, scores, lone, run):
        return []
    column = names[lone]
    # Translators: an import note; {column} a column's name; {own} and {judges} rank
    # correlations (-1 to 1).
    wording = Wording.of(N_("column {column} is read as an attribute of each subject, not as a "
                            "rater: it stands before the raters' columns, apart from them, and "
                            "its numbers do not follow the subjects as the raters' do (rank "
                            "correlation with their mean {own:.2f}; each rater's with the others' "
                            "{judges:.2f} at the least)"),
                         column=Name(column), own=Decimal(own),
                         judges=Decimal(min(judges)))
    return [Finding(RULE, wording, ACT, (column,), roles=((column, "subject attribute"),),
                    action="guessed")]


def _named_as_a_rater(names: list[str], lone: int) -> bool:
    """The column's name names a rater ('Dr Adams', 'Expert') or is named as the judges are
    ('Rater 1' before 'Notes', 'Rater 2', ...): a judge standing apart, however careless."""
    own = naming_stem(names[lone])
    return looks_like_rater(names[lone]) or \
        bool(own) and any(naming_stem(n) == own for j, n in enumerate(names) if j != lone)


def _before_the_run(names: list[str], order: list[str]) -> int | None:
    """The one rater column standing before all the others, where they are side by side in
    the file and a column that is no rater stands between it and them; None otherwise."""
    at = [order.index(name) for name in names]
    first = min(range(len(names)), key=lambda j: at[j])
    rest = sorted(at[j] for j in range(len(names)) if j != first)
    if rest[-1] - rest[0] != len(rest) - 1 or rest[0] - at[first] < 2:
        return None
    return first


def _far_below(own: float, judges: list[float], scores: np.ndarray, lone: int,
               run: list[int]) -> bool:
    """The column follows the subjects (``own``) far less than the judge who follows them
    least: at most :data:`FOLLOWS_NOT`, :data:`GAP` standard errors of Fisher's z below that
    judge, where the judges follow one another (:data:`FOLLOWS` at the median)."""
    if own > FOLLOWS_NOT or float(np.median(judges)) < FOLLOWS:
        return False
    n = int((~np.isnan(scores[:, lone]) & ~np.isnan(scores[:, run]).all(1)).sum())
    lowest = min(min(judges), 0.999)
    return n > 3 and (np.arctanh(lowest) - np.arctanh(max(own, -0.999))) * np.sqrt(n - 3) >= GAP


def _follows(own: np.ndarray, others: np.ndarray) -> float | None:
    """Spearman's rank correlation (mean ranks for ties) of a column with the others' mean,
    over the subjects both rated (None where too few, or either is constant)."""
    given = (~np.isnan(others)).sum(1)
    mean = np.where(given > 0, np.nansum(others, axis=1) / np.maximum(given, 1), np.nan)
    both = ~np.isnan(own) & ~np.isnan(mean)
    if both.sum() < MIN_SUBJECTS or np.ptp(own[both]) == 0 or np.ptp(mean[both]) == 0:
        return None
    # ranks by pandas (loaded by every import), not scipy.stats (a third of a command's start)
    ranked = [pd.Series(v).rank().to_numpy() for v in (own[both], mean[both])]
    return float(np.corrcoef(*ranked)[0, 1])
