"""Which language the environment and the user ask for (tapdesk.i18n.languages, .current)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.i18n import languages


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "es_MX"}, "es"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),                       # not shipped: the source language
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8"}, "es"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "pt_BR:de:fr"}, "de"),   # the first shipped preference
    ({"LANG": "C", "LANGUAGE": "de"}, "en"),               # gettext ignores LANGUAGE under C
    ({}, "en"),
])
def test_the_environment_names_the_language_by_gettexts_order(environ, expected):
    assert i18n.from_environment(environ) == expected


def test_every_shipped_language_has_its_catalog_and_own_name():
    codes = [language.code for language in i18n.LANGUAGES]
    assert codes[0] == "en" and set(codes) == {"en", "de", "fr", "es"}
    names = {language.code: language.name for language in i18n.LANGUAGES}
    assert names == {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
    for code in codes[1:]:
        assert (languages.LOCALE_DIR / code / "LC_MESSAGES" / "tapdesk.mo").is_file()


def test_the_pseudo_language_is_offered_only_when_a_developer_asks():
    assert i18n.PSEUDO not in [lang.code for lang in i18n.offered({})]
    assert i18n.PSEUDO not in [lang.code for lang in i18n.offered({"TAPDESK_PSEUDO_LANGUAGE": "0"})]
    assert [lang.code for lang in i18n.offered({"TAPDESK_PSEUDO_LANGUAGE": "1"})][-1] == i18n.PSEUDO


def test_a_block_in_another_language_ends_in_the_language_before():
    assert i18n.current_language() == "en"
    with i18n.language("de_AT.UTF-8") as code:
        assert code == "de" and i18n._("&File") == "&Datei"
        with i18n.language("fr"):
            assert i18n._("&File") == "&Fichier"
        assert i18n.current_language() == "de"
    assert i18n.current_language() == "en" and i18n._("&File") == "&File"
    assert i18n.set_language("xx") == "en"                 # an unknown language is English
