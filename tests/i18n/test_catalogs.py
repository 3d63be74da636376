"""The catalogs are whole: the template is what the code asks for, every language translates
every text with the same placeholders, mnemonics and plural forms by CLDR's rule, and each
compiled catalog is its ``.po`` (tapdesk.i18n.tooling; docs/translating.md)."""

from __future__ import annotations

import gettext

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tapdesk.i18n import tooling

LANGUAGES = tooling.translated_languages()


def test_the_template_is_current_with_the_code():
    assert tooling.template_differences() == [], "run: .venv/bin/python scripts/catalogs.py all"


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_translates_every_text_whole(code):
    template = tooling.read(tooling.TEMPLATE)
    assert len([m for m in template if m.id]) > 50
    assert tooling.problems(template, tooling.read(tooling.catalog_path(code), locale=code)) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_compiled_catalog_is_its_po(code):
    assert tooling.catalog_path(code, ".mo").read_bytes() == tooling.mo_bytes(code), \
        "run: .venv/bin/python scripts/catalogs.py compile"


def made(code: str, entries) -> Catalog:
    catalog = Catalog(locale=code)
    for msgid, string in entries:
        catalog.add(msgid, string)
    return catalog


def test_the_check_finds_each_kind_of_fault():
    template = made("en", [("{rater} was less accurate", None), ("&Save", None), ("Kept", None),
                           (("{n} rater", "{n} raters"), None)])
    faulty = made("fr", [("{rater} was less accurate", "{évaluateur} était moins exact"),
                         ("&Save", "Enregistrer"), (("{n} rater", "{n} raters"), ("{n} évaluateur",))])
    found = " | ".join(tooling.problems(template, faulty))
    assert "placeholders ['évaluateur']" in found and "the template has ['rater']" in found
    assert "'Enregistrer' must have as many mnemonics" in found
    assert "'Kept' is not translated" in found
    assert "has 1 plural forms, fr needs 2" in found


def test_plural_forms_follow_the_languages_rule(tmp_path):
    """French takes the singular for 0 and 1, German only for 1: the catalog's Plural-Forms
    (CLDR's, which the check holds each catalog to) decides, not English's rule."""
    shown = {}
    for code in ("fr", "de"):
        catalog = made(code, [(("{n} rater", "{n} raters"), ("{n} one", "{n} many"))])
        path = tmp_path / f"{code}.mo"
        with path.open("wb") as handle:
            write_mo(handle, catalog)
        with path.open("rb") as handle:
            translations = gettext.GNUTranslations(handle)
        shown[code] = [translations.ngettext("{n} rater", "{n} raters", n) for n in (0, 1, 2)]
    assert shown["fr"] == ["{n} one", "{n} one", "{n} many"]
    assert shown["de"] == ["{n} many", "{n} one", "{n} many"]


@pytest.mark.parametrize("code", ["fr", "de"])
def test_an_apostrophe_inside_a_word_is_the_typographic_one(code):
    """One apostrophe, not two: French wrote "l'accord" beside "l’exactitude" on one page (1,366
    straight, 662 typographic). Every msgstr writes U+2019 inside a word (l’accord, geht’s)."""
    import re
    inside = re.compile(r"(?<=\w)'(?=\w)")
    catalog = tooling.read(tooling.catalog_path(code), locale=code)
    straight = [m.id for m in catalog if m.id and any(
        inside.search(s or "") for s in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert straight == []
