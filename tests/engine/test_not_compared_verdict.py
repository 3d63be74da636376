"""A rater who is not compared with the rest of the panel (too few ratings, the same rating
every time, no other rater) has the reason in their verdict cell, in the language shown, not
"unknown" (issue 54). The window's Raters tab and the report's raters table write the cell
with the one function, ``verdict_words``."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.engine.binary.rater_standing import MIN_RATINGS, why_not_compared
from tapdesk.engine.rater_words import NOT_COMPARED, verdict_words
from tapdesk.engine.results import RaterComparison

REASONS = [why_not_compared(MIN_RATINGS - 1, 1), why_not_compared(40, 40),
           why_not_compared(40, 20, others=False)]


def _comparison(reason) -> RaterComparison:
    return RaterComparison("R4", "a", float("nan"), None, "unknown", reason, 0.95)


def test_the_reasons_are_the_ones_the_verdict_cell_knows():
    assert {str(r) for r in REASONS} == NOT_COMPARED


@pytest.mark.parametrize(("code", "cell"), [
    ("en", "not compared: the same rating every time"),
    ("de", "nicht verglichen: jedes Mal dieselbe Bewertung"),
    ("fr", "non comparé\u00a0: la même évaluation à chaque fois"),
    ("es", "no comparado: la misma calificación cada vez"),
])
def test_the_verdict_cell_of_a_rater_not_compared_says_why(code, cell):
    with i18n.language(code):
        assert verdict_words(_comparison(REASONS[1])) == cell


def test_a_verdict_that_is_unknown_for_another_reason_still_says_so():
    with i18n.language("de"):
        assert verdict_words(_comparison("too few draws")) == "unbekannt"
