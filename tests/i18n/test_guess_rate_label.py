"""The guess rate's row label (Compare tab, parameter tables) says the German glossary's fixed
word, „Ratewahrscheinlichkeit“, not a verb ("Rät Klasse 1") (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk.engine.words import parameter_words
from tapdesk.i18n.current import language


@pytest.mark.parametrize("key", ["p", "p0", "p1", "p[J1]"])
def test_guess_rate_label_says_the_glossary_word(key):
    with language("de"):
        label = parameter_words(key)
    assert label.startswith("Ratewahrscheinlichkeit für Klasse 1")
    assert "Rät" not in label
