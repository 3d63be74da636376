"""A quantity's or an attribute's name is never put after a French "de", "le", "la" or "que"
by a template, where its first letter would decide the elision ("une estimation de
exactitude"): an accuracy's sentence names it in its own words ("une exactitude estimée"),
any other name stands where no article hangs on it (issue 54)."""

from __future__ import annotations

import re

from tapdesk.i18n import tooling
from tapdesk.i18n.current import language
from tapdesk.report.caterpillar import caterpillar
from tests.report.test_caterpillar import panel

NOUNS = ("quantity", "what", "attribute", "parameter")
"""Placeholders that a noun fills (an accuracy, a rater attribute's name)."""

_NOUN = r"\{(" + "|".join(NOUNS) + r")\}"
HANGING = {"fr": re.compile(r"(?<![\w'’])(de|le|la|que|du) " + _NOUN),
           "es": re.compile(r"(?<![\w'’])(de|a) el " + _NOUN)}


def test_a_rater_below_chance_reads_in_french_with_its_elision():
    with language("fr"):
        caption = caterpillar(panel([-0.2, 0.05, 0.5, 0.9])).caption
    assert "1 évaluateur a une exactitude estimée sous 0 (sous le hasard)" in caption
    assert not re.search(r"\bde [aeiouéèêh]", caption.replace("de hasard", ""))


def test_the_caption_reads_in_english_as_before():
    caption = caterpillar(panel([-0.2, -0.1, 0.5, 0.9])).caption
    assert "2 raters have an estimated accuracy under 0 (below chance)" in caption


def test_no_template_hangs_an_article_on_a_noun_placeholder():
    hanging = []
    for code, pattern in HANGING.items():
        for message in tooling.read(tooling.catalog_path(code), locale=code):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            hanging += [(code, s[:80]) for s in strings if s and pattern.search(s)]
    assert hanging == []
