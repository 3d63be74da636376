"""A rater's estimates are headed in the reader's language, Dawid-Skene's and MACE's too: the
French and Spanish wine reports headed Dawid-Skene's rows "correct (1)" (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.engine.words import QUANTITY_WORDS
from tapdesk.i18n.formats import labelled
from tests.report.test_content import run, wine_table


@pytest.mark.parametrize(("code", "word"), [("en", "correct"), ("de", "richtig"),
                                            ("fr", "juste"), ("es", "correcto")])
def test_dawid_skenes_rows_are_headed_in_the_language(code, word):
    result = run("dawid-skene", wine_table())
    est = next(e for r in result.raters for e in r.estimates if e.name == "correct")
    with i18n.language(code):
        assert result.estimate_name(est).startswith(labelled(word, ""))


def test_every_quantity_word_is_in_each_catalog():
    for code in ("de", "fr", "es"):
        with i18n.language(code):
            untranslated = [w for w in QUANTITY_WORDS.values() if i18n._(w) == w]
        assert untranslated == [], code
