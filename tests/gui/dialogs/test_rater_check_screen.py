"""Check this rater as a committee reads it (issue 41): plain words on the working screen, the
statistics folded away, settings that keep their size, a dialog that stays inside the screen."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.raters.check import simulated_panel

pytestmark = pytest.mark.gui

JARGON = ("profile likelihood", "profile-likelihood", "bootstrap", "one-sided", "Wald",
          "delta method", "verdict:")


@pytest.fixture(scope="module")
def panel():
    table = simulated_panel(np.random.default_rng(3), [0.2, 0.75, 0.75, 0.75], 200)
    return table, fit(FitRequest(model="per-rater", class1=("1",), n_starts=4, level=0.9), table)


@pytest.fixture
def checked(qtbot, qapp, panel):
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R1")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qapp.processEvents()
    return dialog


def test_the_working_screen_speaks_plain_words_and_the_details_hold_the_method(checked, qapp):
    before = checked.details_button.isVisible()
    found = checked.run_check()
    qapp.processEvents()
    answer = checked.answer.text()
    assert not before and checked.details_button.isVisible()
    assert not [w for w in JARGON if w.lower() in answer.lower()], answer
    assert "points of accuracy below the rest of the panel" in answer
    assert found.plain_margin_sentence() in answer
    assert not checked.details.isVisible()
    checked.details_button.click()
    qapp.processEvents()
    assert checked.details.isVisible()
    details = checked.details.text()
    assert "one-sided" in details and found.method in details
    assert "one-sided" in checked.answer.toolTip()


def test_the_settings_keep_their_height_while_the_check_runs(checked, qapp, monkeypatch):
    import tapdesk.gui.dialogs.rater_check_dialog as module
    heights = {}
    real = module.call_off_gui_thread

    def watched(func, name):
        qapp.processEvents()
        heights["running"] = [w.height() for w in (checked.rater, checked.margin, checked.level)]
        return real(func, name)

    monkeypatch.setattr(module, "call_off_gui_thread", watched)
    wanted = [w.sizeHint().height() for w in (checked.rater, checked.margin, checked.level)]
    checked.run_check()
    qapp.processEvents()
    after = [w.height() for w in (checked.rater, checked.margin, checked.level)]
    assert heights["running"] == after
    assert all(h >= w for h, w in zip(after, wanted)), (after, wanted)


def test_the_dialog_never_grows_past_most_of_the_screen(checked, qapp):
    from tapdesk.gui.dialogs.rater_check_dialog import MOST_OF_SCREEN
    from tapdesk.gui.selftest.layout_check import layout_problems
    checked.run_check()
    checked.details_button.click()
    qapp.processEvents()
    free = checked.screen().availableGeometry()
    assert checked.frameGeometry().height() <= MOST_OF_SCREEN * free.height() + 1
    room = (1 - MOST_OF_SCREEN) / 2 * free.height()
    assert checked.frameGeometry().bottom() <= free.bottom() - room + 1   # never the last pixel
    assert layout_problems(checked) == []
