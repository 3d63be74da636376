"""The command line's refusals quote what was typed with the one quoting function,
``formats.quoted``: no template writes quotation marks around a placeholder, so each language's
own quotes stand around it ('ratr', „ratr“, « ratr », «ratr») (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.errors import SettingError
from tapdesk.library.reading import column_roles
from tests.languages import english_after  # noqa: F401 - fixture

WANTED = {"en": ("'ratr'", "'rater'"), "de": ("„ratr“", "„rater“"),
          "fr": ("«\u00a0ratr\u00a0»", "«\u00a0rater\u00a0»"), "es": ("«ratr»", "«rater»")}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_bad_role_and_the_closest_one_are_quoted_as_the_language_does(code):
    with i18n.language(code), pytest.raises(SettingError) as refused:
        column_roles(["Dr A=ratr"])
    said = str(refused.value)
    assert all(quoted in said for quoted in WANTED[code]), said
    assert "'" not in said or code == "en", said


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "ratings.csv, column 'age': x"), ("de", "ratings.csv, Spalte „age“"),
    ("fr", "ratings.csv, colonne «\u00a0age\u00a0»"), ("es", "ratings.csv, columna «age»")])
def test_an_error_s_place_quotes_the_column_as_the_language_does(code, wanted):
    from tapdesk.errors import DataError
    error = DataError("x", file="ratings.csv", column="age")
    with i18n.language(code):
        assert str(error).startswith(wanted), str(error)


LEVEL_WORDS = {"en": "is not an interval level", "de": "ist kein Intervallniveau",
               "fr": "n’est pas un niveau d’intervalle", "es": "no es un nivel de intervalo"}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_level_out_of_range_is_refused_in_the_language_with_its_quotes(code):
    import argparse

    from tapdesk.library.values import level_value
    with i18n.language(code), pytest.raises(argparse.ArgumentTypeError) as refused:
        level_value("2")
    said = str(refused.value)
    quoted = {"en": "'2'", "de": "„2“", "fr": "«\u00a02\u00a0»", "es": "«2»"}[code]
    assert said.startswith(quoted) and LEVEL_WORDS[code] in said, said
