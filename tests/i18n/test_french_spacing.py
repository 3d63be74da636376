"""French sets a no-break space before « : », « ; », « ! » and « ? » (docs/glossary.fr.md,
issue 79): a plain space there lets a line break before the sign, as 137 texts of the French
catalog allowed ('la classe fréquente : l’accord ...')."""

from __future__ import annotations

import re

from tapdesk.i18n import tooling

PLAIN_BEFORE_SIGN = re.compile(r"(?:^| )[:;!?](?:\s|$)")


def test_every_french_text_holds_its_signs_with_a_no_break_space():
    catalog = tooling.read(tooling.catalog_path("fr"), locale="fr")
    plain = [(m.id, text) for m in catalog if m.id and m.string
             for text in (m.string if isinstance(m.string, tuple) else (m.string,))
             if PLAIN_BEFORE_SIGN.search(MACHINE.sub("", text))]
    assert plain == [], plain[:5]


MACHINE = re.compile(r"--[\w-]+|https?://\S+")
"""Options and addresses, written as they are."""


def test_the_check_finds_a_plain_space_and_passes_a_no_break_one():
    assert PLAIN_BEFORE_SIGN.search("la classe fréquente : l’accord")
    assert not PLAIN_BEFORE_SIGN.search("la classe fréquente\u00a0: l’accord")
    assert not PLAIN_BEFORE_SIGN.search("12:30, a:b")
