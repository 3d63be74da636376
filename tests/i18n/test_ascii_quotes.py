"""A translation quotes a word with its language's quotation marks („…“, « … », «…»), never
ASCII quotes the English does not have there: a text in ASCII quotes in a translation is one its
English quotes the same way (a command, an option's value, a value in the data: 'all',
"1,2,3,4", 'tapdesk FILE'), read from the compiled catalogs the app loads (issue 54)."""

from __future__ import annotations

import re

import pytest
from babel.messages.mofile import read_mo

from tapdesk.i18n import tooling

ASCII_QUOTED = re.compile(r"""(?<!\w)(['"])([^'"\n]{1,80}?)\1(?!\w)""")
"""A text between two ASCII quotes of one kind, not an apostrophe inside a word (l'échelle)."""


def ascii_quoted(text: str) -> set[str]:
    """The texts ``text`` puts between ASCII quotes, spaces of any width written as one."""
    return {re.sub(r"[\s\u00a0\u202f]+", " ", inner) for _q, inner in ASCII_QUOTED.findall(text)}


def strays(code: str) -> list[tuple[str, str]]:
    with tooling.catalog_path(code, ".mo").open("rb") as handle:
        catalog = read_mo(handle)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = (tuple(message.string) if isinstance(message.string, (tuple, list))
                   else (message.string,))
        english = set().union(*(ascii_quoted(text) for text in ids))
        found += [(ids[0], word) for text in strings for word in ascii_quoted(text or "")
                  if word not in english]
    return found


@pytest.mark.parametrize("code", tooling.translated_languages())
def test_no_translation_quotes_a_word_in_ascii_quotes_its_english_does_not(code):
    assert strays(code) == []


def test_the_check_sees_a_stray_and_passes_a_command():
    assert ascii_quoted("Volver a leer con {code} como 'sin calificación'.") == {"sin calificación"}
    assert ascii_quoted("l'échelle d'un évaluateur «\u00a0a\u00a0»") == set()
    assert ascii_quoted("'80\u00a0%'") == {"80 %"}
