"""Why a rater is not compared with the panel, in the language it is shown in (issue 54): the
reason stays English in JSON and saved results, and is written again in German, French and
Spanish where a person reads it."""

from __future__ import annotations

import pickle

import pytest

from tapdesk import i18n
from tapdesk.engine.binary.rater_standing import MIN_RATINGS, why_not_compared
from tapdesk.i18n.deferred import shown
from tests.languages import english_after  # noqa: F401 - fixture

REASONS = {
    "too few ratings": (MIN_RATINGS - 1, 1, True),
    "the same rating every time": (MIN_RATINGS + 5, 0, True),
    "no other rater to compare": (MIN_RATINGS + 5, 3, False),
}


@pytest.mark.parametrize("english", REASONS)
def test_each_reason_is_english_kept_and_translated_when_shown(english):
    why = why_not_compared(*REASONS[english])
    assert why == english                                   # JSON, files: the English as before
    again = pickle.loads(pickle.dumps(why))                 # a result from a worker process
    for code in ("de", "fr", "es"):
        with i18n.language(code):
            translated = shown(again)
        assert translated and translated != english, (code, translated)


def test_a_compared_rater_has_no_reason():
    assert why_not_compared(MIN_RATINGS + 5, 3) is None
