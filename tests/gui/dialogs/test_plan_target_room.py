"""The Plan dialog's answer to "Subjects needed..." (issue 53): opened from the results pane's
"Plan next study..." button at the size a 1280 x 800 screen gives it, the answers in words are
whole (wrapped, never ending in "...") and no blank plot area takes half the room. In the
pseudo-language too (issue 54: the "Classical (Fleiss' kappa)" heading was cut, 286 px in a
column of 268: its aside goes on a line of its own)."""

from __future__ import annotations

import pytest

from tests.gui.dialogs.test_plan_feedback import _dialog, _fit, _load_panel

pytestmark = pytest.mark.gui


@pytest.fixture(params=["en", "qps"])
def language(request, monkeypatch):
    """The app's language before the window is made, English after."""
    from tapdesk import i18n
    from tapdesk.gui.language import choose_language
    monkeypatch.setenv(i18n.languages.PSEUDO_SWITCH, "1")
    choose_language(request.param)
    yield request.param
    choose_language("en")


def test_target_answers_wrap_whole_and_no_blank_plot_area(language, window, qtbot, qapp):
    from PySide6.QtWidgets import QSplitter

    from tapdesk.gui.dialogs.plan_dialog import WANTED_SIZE
    from tapdesk.gui.screen_fit import FRAME_GUESS
    from tapdesk.gui.selftest.layout_check import layout_problems, settle
    _load_panel(window)
    _fit(window, qtbot, "tap")
    window.results_pane.plan_button.click()
    dialog = _dialog(window)
    dialog.resize(min(WANTED_SIZE.width(), 1280 - 8),
                  min(WANTED_SIZE.height(), 800 - FRAME_GUESS.top() - FRAME_GUESS.bottom() - 30))
    split = dialog.findChild(QSplitter)
    settle(qapp)
    assert [split.widget(i).isVisible() for i in range(split.count())] == [True, False], \
        "before a plan the plot's half is not shown blank"
    dialog.workers = 1
    dialog.question.setCurrentIndex(dialog.question.findData("width"))
    dialog.target.setValue(0.3)
    dialog.raters.setText("2,3")
    dialog.subjects.setText("40")
    dialog.sims.setValue(20)
    assert dialog.start()
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)
    assert dialog.target_result is not None and dialog.grid.columnCount() == 2
    settle(qapp)
    answers = [dialog.grid.item(i, j).text() for i in range(dialog.grid.rowCount())
               for j in range(dialog.grid.columnCount())]
    assert all(len(a) > 60 for a in answers), answers       # sentences, longer than a cell's line
    assert layout_problems(dialog) == []                    # no cell elided or cut
    assert not split.widget(1).isVisible()                  # no blank plot area under the table
    grid = dialog.grid
    assert grid.verticalHeader().length() <= grid.viewport().height()   # every answer in view
