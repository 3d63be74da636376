"""A share "of the time" is a share of ratings (issue 79): accuracy and guessing are per rating,
so no language may write it as a share of the cases (German "der Fälle": "Fall" is the word
for a subject) or of time (French "du temps", Spanish "de las veces")."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tapdesk.i18n.languages import LOCALE_DIR

SHARE_OF_THE_TIME = re.compile(r"\{\w+\}(?: \([^)]*\))? of the time")
"""A number followed by "of the time" ("{x} of the time", "{high} ({best}) of the time")."""
NOT_PER_RATING = {"de": ("der Fälle",), "fr": ("du temps",), "es": ("de las veces",)}


@pytest.mark.parametrize("language", sorted(NOT_PER_RATING))
def test_a_share_of_the_time_is_written_per_rating(language):
    with open(LOCALE_DIR / language / "LC_MESSAGES" / "tapdesk.po", "rb") as po:
        catalog = read_po(po)
    shares = [m for m in catalog if isinstance(m.id, str) and SHARE_OF_THE_TIME.search(m.id)]
    assert len(shares) >= 20                         # the sentences this test is about
    wrong = [(m.id, m.string) for m in shares
             if any(words in m.string for words in NOT_PER_RATING[language])]
    assert wrong == []
