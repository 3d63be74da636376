"""The data pane's summary tooltip says why the layout was chosen in the window's language (issue
54): the importer keeps the reason as its wording, the pane writes it when it is shown."""

from __future__ import annotations

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.gui.window.dataset_pane import import_details
from tests import IMPORT_FIXTURES
from tests.languages import english_after  # noqa: F401 - fixture


def test_the_layout_reason_of_the_summary_follows_the_language():
    with i18n.language("en"):
        dataset = read_ratings(IMPORT_FIXTURES / "headerless.csv")
        english = import_details(dataset)
    with i18n.language("de"):
        german = import_details(dataset)
    assert "because one row per subject, raters in columns" in english
    assert "eine Zeile je Fall" in german and "one row per subject" not in german, german
