"""The Raters tab's "Check this rater..." button and dialog (issue 30, part 4)."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.raters.check import RaterCheckRequest, check_rater, simulated_panel

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def panel():
    """R1 much worse than R2-R4, 200 subjects, and its per-rater fit."""
    table = simulated_panel(np.random.default_rng(3), [0.2, 0.75, 0.75, 0.75], 200)
    return table, fit(FitRequest(model="per-rater", class1=("1",), n_starts=4, level=0.9), table)


def test_the_dialog_shows_the_engines_words_and_verdict(qapp, panel):
    from tapdesk.gui.dialogs.rater_check_dialog import VERDICT_HEADINGS, RaterCheckDialog
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R1")
    assert dialog.rater.currentText() == "R1"
    assert dialog.level.value() == pytest.approx(90.0)        # the fit's level
    dialog.margin.setValue(5)
    found = dialog.run_check()
    expected = check_rater(RaterCheckRequest("R1", 0.05, class1=("1",), level=0.9), table)
    assert found.verdict == expected.verdict == "inferior"
    assert found.interval == pytest.approx(expected.interval)
    text = dialog.answer.text()
    assert VERDICT_HEADINGS["inferior"] in text
    assert "Rater R1's accuracy is estimated at" in text
    # issue 53 (Ugly): "5.0 points" in the box beside "the allowed shortfall of 0.05 (-0.05)"
    assert "\u22120.05 (the allowed shortfall of 5 points)" in text
    assert "shortfall of 0.05" not in text
    assert dialog.check_button.isEnabled()
    dialog.deleteLater()


def test_the_whole_answer_shows_after_a_check(qapp, panel):
    """The dialog grows with its answer: the wrapped text is never cut at the bottom."""
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    table, result = panel
    dialog = RaterCheckDialog(result, table, "R2")
    dialog.show()
    qapp.processEvents()
    dialog.run_check()
    qapp.processEvents()
    label = dialog.answer
    assert label.height() >= label.heightForWidth(label.width())
    dialog.close()
    dialog.deleteLater()


def test_a_check_that_cannot_be_made_says_why(qapp, panel):
    from tapdesk.gui.dialogs.rater_check_dialog import RaterCheckDialog
    table, result = panel
    dialog = RaterCheckDialog(result, table.select(table.rater != 0), "R2")   # R1's ratings gone
    dialog.rater.setCurrentText("R1")
    assert dialog.run_check() is None
    assert "could not be made" in dialog.answer.text() and "no rater 'R1'" in dialog.answer.text()
    dialog.deleteLater()


def test_the_button_on_the_raters_tab_opens_the_check_for_the_selected_rater(window, qtbot):
    from tapdesk.engine.binary.simulate import TapParameters
    from tapdesk.gui.examples import simulated_dataset
    window.load_dataset(simulated_dataset(TapParameters(0.3, 0.6, 0.4), 120, 4, seed=3),
                        "simulated panel")
    button = window.results_pane.raters.check_button
    assert not button.isEnabled()
    assert window.model_pane.select("per-rater", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    window.results_pane.show_tab("Raters")
    raters = window.results_pane.raters
    assert button.isEnabled()
    raters.view.selectRow(2)
    chosen = raters.view.currentIndex().siblingAtColumn(0).data()
    dialog = raters.open_rater_check()
    assert dialog.isVisible() and dialog.rater.currentText() == chosen
    assert dialog.run_check() is not None
    from tapdesk.gui.dialogs.rater_check_dialog import VERDICT_HEADINGS
    assert VERDICT_HEADINGS[dialog.result.verdict] in dialog.answer.text()
    dialog.close()
