"""The app's tooltips quote a column's name with the one quoting function, ``formats.quoted``,
as each language quotes ('age', „age“, « age », «age»), never with quotes in the template
(issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.gui.window.explain_box import EffectAt
from tests.languages import english_after  # noqa: F401 - fixture

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "The two values of 'age' whose"), ("de", "Die zwei Werte von „age“"),
    ("fr", "Les deux valeurs de «\u00a0age\u00a0»"), ("es", "Los dos valores de «age»")])
def test_an_attribute_s_effect_tooltip_quotes_its_column(qtbot, code, wanted):
    with i18n.language(code):
        row = EffectAt("age")
        qtbot.addWidget(row)
    assert row.low.toolTip().startswith(wanted), row.low.toolTip()
