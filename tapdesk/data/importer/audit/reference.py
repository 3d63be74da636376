"""Principle: a reference is not a rater.

A column filled only for the subjects on which the other raters disagree, and empty where
they agree, is an adjudicator's or tie-break reader's answer, whatever its name: it is read as
the reference answer (kept beside the ratings for a validity check), not as an independent
rater. Names (consensus, gold standard, final diagnosis ...) are read earlier, by the rule
'reference-answer' (:mod:`~tapdesk.data.importer.refcols`).
"""

from __future__ import annotations

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Count, Name, Wording
from tapdesk.i18n import N_

RULE = "reference-answer"
MIN_CASES = 3           # subjects the others agree on, and ones the column answers, at least
ONLY = 0.9              # the column's answers where the others disagree, at least


def adjudicator_is_no_rater(reading: Reading) -> list[Finding]:
    """A reference is not a rater: a column that answers only where the other raters
    disagree is read as the reference answer."""
    panel = Panel.of_raters(reading, 3)
    if panel is None:
        return []
    for j, column in enumerate(reading.ratings.rater_ids):
        if reading.user_named(column):
            continue
        finding = _adjudicator(panel, j, column)
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
    # Translators: an import note; {column} a column's name; {n} and {m} counts of subjects.
    wording = Wording.of(N_("column {column} is read as the reference answer, not as a rater: it "
                            "answers only for the {n} subjects on which the other raters disagree "
                            "and is empty for the {m} on which they agree, as an adjudicator or a "
                            "tie-break reader does"),
                         column=Name(column), n=Count(n), m=Count(int(agree.sum())))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "reference"),),
                   action="guessed")
