"""Principle: a reference is not a rater.

A column filled only for the subjects on which the other raters disagree, and empty where
they agree, is an adjudicator's or tie-break reader's answer, whatever its name: it is read as
the reference answer (kept beside the ratings for a validity check), not as an independent
rater. So is a column beside two raters that repeats them wherever they agree and sides with
one of them wherever they do not (a final, agreed or official rating after reconciliation), on so
many subjects that an independent rater would do so by chance less than once in a hundred
panels. Names (consensus, gold standard, final diagnosis ...) are read earlier, by the rule
'reference-answer' (:mod:`~tapdesk.data.importer.refcols`).
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Count, Name, Wording
from tapdesk.i18n import N_

RULE = "reference-answer"
MIN_AGREED = 8          # subjects the others agree on, for a reconciled column, at least
MIN_SIDED = 3           # subjects they disagree on, where it sides with one, at least
CHANCE = 0.01           # an independent rater repeating every agreed answer: this rare
MIN_CASES = 3           # subjects the others agree on, and ones the column answers, at least
ONLY = 0.9              # the column's answers where the others disagree, at least


def adjudicator_is_no_rater(reading: Reading) -> list[Finding]:
    """A reference is not a rater: a column that answers only where the other raters
    disagree is read as the reference answer."""
    panel = Panel.of_raters(reading, 3)
    if panel is None:
        return []
    names = reading.ratings.rater_ids
    for judge in (_adjudicator, _reconciled):
        # a reconciled column is written last: the one it sides with looks reconciled too
        order = range(len(names)) if judge is _adjudicator else reversed(range(len(names)))
        for j in order:
            if reading.user_named(names[j]):
                continue
            finding = judge(panel, j, names[j])
            if finding is not None:
                return [finding]          # one at a time: the others are judged without it
    return []


def _adjudicator(panel: Panel, j: int, column: str) -> Finding | None:
    others = [i for i in range(panel.codes.shape[1]) if i != j]
    counts = panel.counts(others)
    rated = counts.sum(1) >= 2
    agree = rated & (counts.max(1) == counts.sum(1))
    disagree = rated & ~agree
    answered = panel.codes[:, j] >= 0
    n = int((answered & rated).sum())
    if n < MIN_CASES or agree.sum() < MIN_CASES:
        return None
    if (answered & disagree).sum() < ONLY * n or (answered & agree).sum() > (1 - ONLY) * agree.sum():
        return None
    if _by_chance(int(rated.sum()), int(disagree.sum()), n, int((answered & disagree).sum())):
        return None           # a few blanks can fall on the agreed subjects by accident
    # Translators: an import note; {column} a column's name; {n} and {m} counts of subjects.
    wording = Wording.of(N_("column {column} is read as the reference answer, not as a rater: it "
                            "answers only for the {n} subjects on which the other raters disagree "
                            "and is empty for the {m} on which they agree, as an adjudicator or a "
                            "tie-break reader does"),
                         column=Name(column), n=Count(n), m=Count(int(agree.sum())))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "reference"),),
                   action="guessed")


def _by_chance(rated: int, disagreed: int, answered: int, there: int) -> bool:
    """A rater answering ``answered`` of ``rated`` subjects at random would put ``there`` of
    them among the ``disagreed`` ones at least this often (the hypergeometric chance of
    exactly that split): not rarer than :data:`CHANCE`."""
    from math import comb

    return comb(disagreed, there) * comb(rated - disagreed, answered - there) / \
        comb(rated, answered) >= CHANCE


def _reconciled(panel: Panel, j: int, column: str) -> Finding | None:
    """Beside two raters on a scale of three categories or more: their answer wherever they
    agree, and one of their answers wherever they do not (nine in ten such subjects, at
    least: a final may combine two): a reconciled (final, agreed, official) rating. An
    independent rater matches one agreed answer about as often as the square root of how
    often the two agree (each matching the truth alike); matching all of them must be rarer
    than :data:`CHANCE`."""
    others = [i for i in range(panel.codes.shape[1]) if i != j]
    if len(others) != 2 or panel.categories < 3:
        return None               # many raters agreeing make it easy; two classes, trivial
    own = panel.codes[:, j]
    sub = panel.codes[:, others]
    rows = (sub >= 0).all(1) & (own >= 0)
    agree = rows & (sub == sub[:, :1]).all(1)
    sided = rows & ~agree
    if agree.sum() < MIN_AGREED or sided.sum() < MIN_SIDED:
        return None
    if not (own[agree] == sub[agree, 0]).all() or \
            (sub[sided] == own[sided, None]).any(1).mean() < ONLY:
        return None
    pairs = [float((sub[rows, a] == sub[rows, b]).mean())
             for a in range(len(others)) for b in range(a + 1, len(others))]
    if (float(np.mean(pairs)) ** 0.5) ** int(agree.sum()) >= CHANCE:
        return None
    # Translators: an import note; {column} a column's name; {n} and {m} counts of subjects.
    wording = Wording.of(N_("column {column} is read as the reference answer, not as a rater: it "
                            "gives the other raters' answer on all {n} subjects on which they "
                            "agree and mostly one of their answers on the {m} on which they do "
                            "not, as a final or reconciled rating does"),
                         column=Name(column), n=Count(int(agree.sum())), m=Count(int(sided.sum())))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "reference"),),
                   action="guessed")
