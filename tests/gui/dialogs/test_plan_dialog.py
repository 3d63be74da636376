"""The Plan dialog's headline and plot follow "Show" and "Need" (issue 25), on a plan built by
hand (no simulation): each quantity's words, axis title and plotted values."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.planning.test_planning import WIDTHS, fake_plan

pytestmark = pytest.mark.gui

PHRASES = {"width_a": "interval for accuracy a", "width_t": "interval for t (share truly",
           "width_p": "interval for p (guess rate)", "power": "excludes 0.5",
           "accuracy_model": "the model's posterior gets right",
           "accuracy_majority": "majority vote gets right"}
"""Words naming each quantity in the headline (and in no other quantity's headline)."""


def dialog_showing_a_plan(qtbot, parent=None):
    """A Plan dialog showing a finished plan of made-up widths (no plan is computed)."""
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    values = {key: dict(d, width_t=d["width_a"] + 0.1, width_p=d["width_a"] + 0.2,
                        accuracy_model=0.8 + d["width_a"] / 2, accuracy_majority=0.85)
              for key, d in WIDTHS.items()}
    result = fake_plan(values, versus=0.5, level=0.9)
    shown = PlanDialog(parent)
    qtbot.addWidget(shown)
    shown._request = result.request
    shown._fill_quantities(result.request)
    shown._on_finished(result)
    return shown


@pytest.fixture
def dialog(qtbot):
    return dialog_showing_a_plan(qtbot)


def _show(dialog, key):
    index = dialog.quantity.findData(key)
    assert index >= 0, key
    dialog.quantity.setCurrentIndex(index)


@pytest.mark.parametrize("key", list(PHRASES))
def test_headline_and_plot_follow_show(dialog, key):
    from tapdesk.report.plan import quantity
    _show(dialog, key)
    if key != "width_a":                     # the dialog opens on width_a: Show really changed
        _show(dialog, "width_a")
        _show(dialog, key)
    result = dialog.result
    text = dialog.headline.text()
    assert text.startswith("<b>") and "<br>Need: " in text and PHRASES[key] in text
    assert not any(words in text for other, words in PHRASES.items() if other != key)
    shown = quantity(result.request, key)
    assert dialog.plot.getAxis("left").labelText == shown.axis
    assert shown.title.split(" [")[0] in dialog.plot.getPlotItem().titleLabel.text
    scale = 100 if shown.percent else 1
    for item in dialog.plot.getPlotItem().listDataItems():
        raters = int(item.name().split()[0])
        expected = [scale * getattr(result.design(raters, n), key) for n in (100, 400)]
        np.testing.assert_allclose(item.yData, expected)


def test_headline_names_the_cheapest_design_meeting_the_need_and_follows_the_need(dialog):
    _show(dialog, "width_a")
    assert dialog.need.value() == pytest.approx(0.2)
    assert "90% interval" in dialog.headline.text()
    assert "The cheapest design that meets it: 5 raters per subject \u00d7 100 subjects" in \
        dialog.headline.text()                       # not 8 x 400, the narrowest
    dialog.need.setValue(0.05)
    assert "None of the 6 designs tried meets it" in dialog.headline.text()
    assert "8 raters per subject \u00d7 400 subjects" in dialog.headline.text()
    _show(dialog, "power")
    assert dialog.need.prefix() == "at least " and dialog.need.value() == pytest.approx(80)
    assert "5 raters per subject \u00d7 100 subjects" in dialog.headline.text()
    _show(dialog, "width_a")
    assert dialog.need.value() == pytest.approx(0.05)    # each quantity keeps its own need


def test_the_dialog_passes_its_interval_level_to_the_plan(qtbot):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    shown = PlanDialog(None)
    qtbot.addWidget(shown)
    assert shown.request().level == pytest.approx(0.95)
    shown.level.setValue(90)
    assert shown.request().level == pytest.approx(0.9)


@pytest.mark.parametrize("question, parts", [("width", ("width", 0.3, "a")),
                                             ("power", ("power", 0.8, "a"))])
def test_the_dialog_answers_a_target_question_off_the_gui_thread(qtbot, question, parts):
    from tapdesk.engine.planning.target import find_subjects
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    from tapdesk.report.plan import classical_answer_words, target_answer_words
    shown = PlanDialog(None)
    qtbot.addWidget(shown)
    shown.workers = 1
    shown.question.setCurrentIndex(shown.question.findData(question))
    assert shown.versus_on.isChecked() == (question == "power")
    if question == "width":
        shown.target.setValue(0.3)
    shown.raters.setText("2,3")
    shown.subjects.setText("40")
    shown.sims.setValue(20)
    target = shown.chosen_target()
    assert (target.kind, target.value, target.parameter) == parts
    assert shown.start()
    qtbot.waitUntil(lambda: not shown.running, timeout=120_000)
    expected = find_subjects(shown.request(), target)
    answers = [shown.grid.item(i, 0).text() for i in range(shown.grid.rowCount())]
    assert answers == [target_answer_words(question, d) for d in expected.designs]
    assert "not reachable" in answers[0] and expected.designs[1].reachable
    assert shown.headline.text().startswith("Subjects needed for")
    classical = [shown.grid.item(i, 1) for i in range(shown.grid.rowCount())]
    assert shown.grid.columnCount() == 2           # kappaSize-style for widths of a and power
    assert [c.text() for c in classical] == [classical_answer_words(c) for c in expected.classical]
    assert expected.classical_note() in shown.headline.text()


def test_a_power_question_without_a_comparison_is_refused_in_words(qtbot):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    shown = PlanDialog(None)
    qtbot.addWidget(shown)
    shown.question.setCurrentIndex(shown.question.findData("power"))
    shown.versus_on.setChecked(False)
    assert not shown.start()
    assert "Compare accuracy with" in shown.status.text()


def test_a_search_after_a_grid_leaves_no_word_of_the_grids_need(qtbot):
    """Issue 53 walk: after the grid, a "Subjects needed..." search kept the grid's line under
    its answers, "✓ meets the need (at most 0.2); ✗ does not", beside answers with neither mark
    and a target of 0.3."""
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    shown = PlanDialog(None)
    qtbot.addWidget(shown)
    shown.workers = 1
    shown.raters.setText("3")
    shown.subjects.setText("40")
    shown.sims.setValue(10)
    assert shown.start()
    qtbot.waitUntil(lambda: not shown.running, timeout=120_000)
    assert "meets the need" in shown.grid_note.text()
    shown.question.setCurrentIndex(shown.question.findData("width"))
    shown.target.setValue(0.3)
    assert shown.start()
    qtbot.waitUntil(lambda: not shown.running, timeout=120_000)
    assert shown.target_result is not None and shown.grid_note.text() == ""
    shown.question.setCurrentIndex(shown.question.findData("grid"))
    assert shown.start()                               # the grid again: its line again
    qtbot.waitUntil(lambda: not shown.running, timeout=120_000)
    assert "meets the need" in shown.grid_note.text()
