"""Issue 54: the Raters tab in German at 1280 x 800. "Rückmeldung für jeden Beurteiler..." and
"Diesen Beurteiler prüfen..." beside the note held the panel 628 px wide in a 577 px pane: the
panel was squeezed and the first button cut (194 of 245 px). The buttons have a row of their
own under the note."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("model", ["tap", "per-rater"])
def test_the_raters_tab_is_whole_in_german_at_1280(window, qtbot, model):
    window.action_language_de.trigger()
    load_example(window, "wine")
    assert window.model_pane.select(model, "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    page = window.results_pane.show_tab("Raters")
    for width, height in ((1280, 775), (1366, 743)):
        window.resize(width, height)
        settle(QApplication.instance())
        found = layout_problems(window)
        # the Analysis pane's model choice is the engine's name (its own issue): the results here
        assert [p for p in found if not p.startswith("Analyse ")] == [], width
        button = page.feedback_button
        assert button.width() >= button.sizeHint().width(), width
