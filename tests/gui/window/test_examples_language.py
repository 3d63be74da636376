"""Help > Examples in the window's language (issue 54): the examples' names and descriptions
are translated, their numbers written as the language writes them, in the menu, in File > Open
recent and in the data pane; the examples' stable keys ("example:medals") do not move."""

from __future__ import annotations

import pytest

from tapdesk.gui import language as gui_language
from tapdesk.gui import settings


@pytest.fixture(autouse=True)
def english_after():
    yield
    gui_language.apply_language("en")


def _examples(window) -> dict[str, tuple[str, str]]:
    window.examples_menu.aboutToShow.emit()          # filled as when it opens
    return {a.objectName(): (a.text().replace("&", ""), a.toolTip())
            for a in window.examples_menu.actions() if not a.isSeparator()}


def test_help_examples_speak_german_with_german_numbers(window):
    english = _examples(window)
    assert english["action_example_medals"][0] == "Simulated medals (t = 0.27, a = 0.54, p = 0.22)"
    window.action_language_de.trigger()
    german = _examples(window)
    medals, tip = german["action_example_medals"]
    assert medals == "Simulierte Medaillen (t = 0,27, a = 0,54, p = 0,22)", medals
    assert tip.startswith("Simuliert, nicht echt: 183 Fälle"), tip
    large = german["action_example_large"][0]
    assert "100.000 Fälle" in large and "1.000.000 Bewertungen" in large, large
    assert german["action_example_wine"][0] == "Weinprämierung (echte Daten: 183 Weine, 4 Beurteiler)"
    assert not any("Simulated" in text or "real data" in text for text, _ in german.values())
    window.action_language_en.trigger()                # and back, in the same menu
    assert _examples(window) == english


def test_an_opened_example_is_named_in_german_in_open_recent_and_the_data_pane(window):
    window.action_language_de.trigger()
    window.examples_menu.aboutToShow.emit()
    window.action_example_medals.trigger()
    assert settings.recent_files()[0] == "example:medals"        # the stable key, as before
    recent = [a.text() for a in window.recent_menu.actions() if not a.isSeparator()]
    assert any("Simulierte Medaillen (t = 0,27" in text for text in recent), recent
    from tapdesk.gui.window.dataset_pane import describe_dataset
    ds = next(iter(window.sessions.values())).dataset
    assert "Simulierte Medaillen" in describe_dataset(ds, ds.table)


def test_an_example_opened_in_german_is_named_in_german_in_the_data_list(window):
    """The data sets' list and the results' header named a built-in example in English
    ("Simulated 4-point grades (200 x 5)") in a German window."""
    window.action_language_de.trigger()
    window.examples_menu.aboutToShow.emit()
    window.action_example_ordinal.trigger()
    name = next(iter(window.sessions.values())).name
    assert name == "Simulierte Noten auf 4 Stufen", name
    shown = window.dataset_pane.session_combo.currentText()
    assert shown.startswith("Simulierte Noten auf 4 Stufen (200"), shown
