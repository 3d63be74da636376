"""Why an explanatory fit leaves subjects out is said in the reader's language, the column's
name quoted as the language quotes it; the English and the JSON as before (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.attributes import Attributes
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.explain.data import prepare
from tapdesk.engine.request import FitRequest
from tapdesk.i18n.deferred import shown
from tests.languages import english_after  # noqa: F401 - fixture

NO_VALUE = {"en": "no value of 'year'", "de": "kein Wert in „year“",
            "fr": "aucune valeur de «\u00a0year\u00a0»", "es": "sin valor de «year»"}
FEWER = {"en": "fewer than two ratings from raters with a value of 'age'",
         "de": "weniger als zwei Bewertungen von Beurteilern mit einem Wert in „age“",
         "fr": "moins de deux évaluations par des évaluateurs ayant une valeur de «\u00a0age\u00a0»",
         "es": "menos de dos calificaciones de evaluadores con un valor de «age»"}


def _table(subjects: dict[str, dict[str, str]], raters: dict[str, dict[str, str]],
           pairs: list[tuple[int, int]] | None = None) -> RatingsTable:
    """Six subjects, each rated 0 or 1 by raters r0..r5 (all of them unless ``pairs`` say)."""
    pairs = pairs or [(i, j) for i in range(6) for j in range(6)]
    table = RatingsTable.from_labels([f"s{i}" for i, _ in pairs], [f"r{j}" for _, j in pairs],
                                     [str((i + j) % 2) for i, j in pairs])
    return table.with_attributes(Attributes(subjects, raters))


def _reasons(request: FitRequest, table: RatingsTable, code: str) -> list[str]:
    exclusions = prepare(request, table).exclusions
    with i18n.language(code):
        return [shown(e.reason) for e in exclusions]


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_subjects_without_a_group_are_left_out_in_the_language(code):
    table = _table({"year": {f"s{i}": str(i % 2) for i in range(5)}}, {})
    reasons = _reasons(FitRequest(subject_group="year"), table, code)
    assert NO_VALUE[code] in reasons, reasons


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_subjects_short_of_raters_with_attributes_are_left_out_in_the_language(code):
    pairs = [(i, j) for i in range(5) for j in range(5)] + [(5, 0), (5, 5)]
    ages = {f"r{j}": str(30 + 7 * j) for j in range(5)}       # r5 has none
    table = _table({}, {"age": ages}, pairs)
    reasons = _reasons(FitRequest(rater_attributes=("age",)), table, code)
    assert FEWER[code] in reasons, reasons


def test_the_reason_s_english_is_kept_for_json():
    table = _table({"year": {f"s{i}": str(i % 2) for i in range(5)}}, {})
    exclusion, = prepare(FitRequest(subject_group="year"), table).exclusions
    assert str(exclusion.reason) == "no value of 'year'"
