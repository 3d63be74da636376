"""The command line's refusals quote what was typed with the one quoting function,
``formats.quoted``: no template writes quotation marks around a placeholder, so each language's
own quotes stand around it ('ratr', „ratr“, « ratr », «ratr») (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.cli.common import column_roles
from tapdesk.errors import SettingError
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
