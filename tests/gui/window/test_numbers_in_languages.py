"""Numbers in the window as the reader of its language writes them (issue 54, item 4): the folded
Options line's counts and the spin boxes' decimal mark follow View > Language."""

from __future__ import annotations

import pytest

from tapdesk.gui import language as gui_language
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def english_after():
    yield
    gui_language.apply_language("en")


def _options_line(window) -> str:
    load_example(window, "wine")
    assert window.model_pane.select("tap", "mcmc")
    return window.model_pane.options_group.summary.full_text


def test_options_line_groups_counts_as_german_and_french_do(window):
    """View > Language > Deutsch: the folded Options line's draws and warm-up read "2.000" and
    "1.000" (they read "2,000", English grouping); French groups with a narrow no-break space;
    the seed keeps its digits ungrouped."""
    window.action_language_de.trigger()
    line = _options_line(window)
    assert "Ziehungen 2.000" in line and "1.000" in line, line
    assert "2,000" not in line and "1,000" not in line
    assert "20261121" in line
    window.action_language_fr.trigger()
    line = window.model_pane.options_group.summary.full_text
    assert "2\u202f000" in line and "1\u202f000" in line, line
    window.action_language_en.trigger()
    assert "draws 2,000, warm-up 1,000" in window.model_pane.options_group.summary.full_text


def _simulate_boxes(window, monkeypatch, look):
    """Analysis > Simulate data... through its action; ``look(dialog)`` before it is cancelled."""
    from tests.gui.window.test_window_in_languages import _inspect_simulate
    return _inspect_simulate(window, look, monkeypatch)


def _typed(box, qtbot, text: str) -> float:
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), text)
    box.interpretText()
    return box.value()


def test_spin_boxes_write_the_languages_decimal_mark_and_read_either(window, qtbot, monkeypatch):
    """View > Language > Deutsch: the Simulate dialog's probabilities read "0,300" (they read
    "0.300"), and "0.25" typed is read as "0,25" is; the Subjects tab's review threshold, open
    before the switch, follows it; English writes the point again and reads "0,25" too."""
    window.action_language_de.trigger()

    def look(dialog):
        box = dialog.boxes["t"]
        return box.text(), _typed(box, qtbot, "0.25"), box.text(), _typed(box, qtbot, "0,125")
    assert _simulate_boxes(window, monkeypatch, look) == ("0,300", 0.25, "0,250", 0.125)
    window.action_language_en.trigger()
    load_example(window, "wine")
    from tests.gui.window.test_window_in_languages import _fit
    _fit(window, qtbot)
    threshold = window.results_pane.show_tab("Subjects").threshold
    assert threshold.text() == "0.90"
    window.action_language_de.trigger()
    assert threshold.text() == "0,90"
    window.action_language_en.trigger()
    assert threshold.text() == "0.90"
    assert _typed(threshold, qtbot, "0,75") == 0.75 and threshold.text() == "0.75"


def test_the_language_chosen_before_is_the_spin_boxes_at_start(app, qtbot):
    """Started with German chosen before (View > Language remembers it), a window's spin boxes
    write the decimal comma from the first (the start applies the language before any window)."""
    from tapdesk.gui import settings
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    settings.set_value(gui_language.SETTING, "de")
    gui_language.apply_language(gui_language.start_language())     # as make_app does
    dialog = SimulateDialog()
    qtbot.addWidget(dialog)
    assert dialog.boxes["a"].text() == "0,600"
