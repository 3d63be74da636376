"""Principle: a column computed from the ratings is no rater.

Intercoder tools and hand-made sheets put a column beside the coders that says whether they
agree ('Agreement', 'Übereinstimmung': 1 where they do, 0 where they do not). Read as a rater
it would be a coder who answers 1 whenever the others agree, whatever they agree on. A column
that holds one value in every row where the others agree and another in every row where they
disagree, while the others agree on different categories, is their agreement, not a rating:
it is left out, said. Where the columns are two coders' yes/no answers and their agreement,
each of the three can be the agreement of the other two: the one whose name says agreement
is the agreement, and on a two-category scale only a column so named is (on a scale of more,
the rightmost such column, where every tool writes it). (A column equal to the others'
majority is read by the rule 'reference-answer'.)
"""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.words import name_tokens
from tapdesk.data.wording import Name, Wording
from tapdesk.i18n import N_

RULE = "rater-scale"
AGREEMENT_WORDS = {"agreement", "agree", "agreed", "match", "matches", "ubereinstimmung",
                   "ubereinstimmend", "accord", "concordance", "acuerdo", "concordancia",
                   "overeenstemming", "concordanza", "accordo", "concordam"}
"""Words of a name that say 'the coders agree' (folded)."""
MIN_AGREE = 3           # rows where the others agree, at least
MIN_DISAGREE = 2        # rows where they disagree, at least
MIN_ROWS = 8            # rows rated, at least


def agreement_is_no_rater(reading: Reading) -> list[Finding]:
    """A column computed from the ratings is no rater: one that says in every row whether
    the others agree is left out."""
    panel = Panel.of_raters(reading, 3)
    if panel is None:
        return []
    names = reading.ratings.rater_ids
    found = [j for j, column in enumerate(names)
             if not reading.user_named(column) and _says_agreement(panel, j)]
    if not found:
        return []
    named = [j for j in found if set(name_tokens(names[j])) & AGREEMENT_WORDS]
    if not named and panel.categories <= 2:
        return []           # yes/no coders: any one can look like the others' agreement
    j = (named or found)[-1]
    return [_finding(reading, panel, j, names[j])]


def _says_agreement(panel: Panel, j: int) -> bool:
    own = panel.codes[:, j]
    others = [i for i in range(panel.codes.shape[1]) if i != j]
    counts = panel.counts(others)
    rated = (counts.sum(1) >= 2) & (own >= 0)
    agree = rated & (counts.max(1) == counts.sum(1))
    disagree = rated & ~agree
    if agree.sum() < MIN_AGREE or disagree.sum() < MIN_DISAGREE or rated.sum() < MIN_ROWS:
        return False
    on_agree, on_disagree = np.unique(own[agree]), np.unique(own[disagree])
    agreed_on = np.unique(counts[agree].argmax(1))
    return len(on_agree) == 1 and len(on_disagree) == 1 and on_agree[0] != on_disagree[0] \
        and len(agreed_on) >= 2


def _finding(reading: Reading, panel: Panel, j: int, column: str) -> Finding:
    own = panel.codes[:, j]
    others = [i for i in range(panel.codes.shape[1]) if i != j]
    counts = panel.counts(others)
    agree = (counts.sum(1) >= 2) & (own >= 0) & (counts.max(1) == counts.sum(1))
    yes = reading.labels([own[agree][0]])[0]
    no = reading.labels([own[(own >= 0) & ~agree & (counts.sum(1) >= 2)][0]])[0]
    # Translators: an import note; {column} a column's name; {yes} and {no} its two values.
    wording = Wording.of(N_("column {column} was left out: it is {yes} in every row where the "
                            "other raters agree and {no} in every row where they do not, "
                            "whatever they agree on: their agreement, computed from the "
                            "ratings, not a rater"),
                         column=Name(column), yes=Name(yes), no=Name(no))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "leave out"),))
