"""The Plan dialog as a committee reads it (issue 41): cells coloured by the user's need, the
answer first, what a subject costs, a legend beside the lines, nothing cut at the three sizes."""

from __future__ import annotations

import pyqtgraph as pg
import pytest

from tests.engine.planning.test_planning import fake_plan

pytestmark = pytest.mark.gui

NEAR = {(3, 100): {"width_a": 0.195}, (3, 200): {"width_a": 0.205},
        (5, 100): {"width_a": 0.214}, (5, 200): {"width_a": 0.15},
        (2, 100): {"width_a": 1.0}, (2, 200): {"width_a": 0.99}}
"""Widths just either side of a need of 0.20 (0.205 and 0.214 fail it), and 2 raters at the top."""


def finished(qtbot, values=NEAR):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    result = fake_plan(values)
    dialog = PlanDialog(None)
    qtbot.addWidget(dialog)
    dialog._request = result.request
    dialog._fill_quantities(result.request)
    dialog._on_finished(result)
    return dialog, result


def on_screen(dialog, qtbot):
    """``dialog`` shown at 1200 x 720 and drawn (its plot's legend and lines laid out)."""
    dialog.resize(1200, 720)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(50)
    return dialog


def cell(dialog, result, raters, subjects):
    req = result.request
    return dialog.grid.item(req.raters.index(raters), req.subjects.index(subjects))


def test_cells_pass_or_fail_the_need_not_a_gradient(qtbot):
    from tapdesk.gui.dialogs.plan_dialog import BAD, GOOD
    dialog, result = finished(qtbot)
    assert dialog.need.value() == pytest.approx(0.2)
    colour = {key: cell(dialog, result, *key).background().color() for key in NEAR}
    assert colour[(3, 100)] == colour[(5, 200)] == GOOD          # 0.195 and 0.15 meet it
    assert colour[(3, 200)] == colour[(5, 100)] == BAD           # 0.205 and 0.214 fail it
    assert "Does not meet the need" in cell(dialog, result, 3, 200).toolTip()
    dialog.need.setValue(0.21)                                   # the colours follow the need
    assert cell(dialog, result, 3, 200).background().color() == GOOD
    assert cell(dialog, result, 5, 100).background().color() == BAD


def test_cells_write_plus_minus_and_never_a_zero_error(qtbot):
    dialog, result = finished(qtbot)
    texts = [dialog.grid.item(i, j).text() for i in range(dialog.grid.rowCount())
             for j in range(dialog.grid.columnCount())]
    assert all("\u00b1" in t and "+-" not in t and "0.000" not in t.split("\u00b1")[1]
               for t in texts), texts


def test_the_answer_comes_first_then_the_advice(qtbot):
    dialog, _ = finished(qtbot)
    text = dialog.headline.text()
    assert text.startswith("<b>3 raters \u00d7 100 subjects: accuracy a known to within "
                           "\u00b10.098")
    assert text.index("</b>") < text.index("Need: ")


def test_what_a_subject_costs_changes_the_cheapest_design(qtbot):
    values = {(8, 100): {"width_a": 0.19}, (4, 200): {"width_a": 0.17},
              (2, 400): {"width_a": 0.6}}
    dialog, _ = finished(qtbot, values)
    assert dialog.costs().subject == 0
    text = dialog.headline.text()
    assert "<b>4 raters \u00d7 200 subjects" in text
    assert "8 raters \u00d7 100 subjects costs as much" in text and "narrower interval" in text
    dialog.subject_cost.setValue(1.0)                 # 8 x 100: 900; 4 x 200: 1,000
    text = dialog.headline.text()
    assert "<b>8 raters \u00d7 100 subjects" in text
    assert "cost 900 in ratings (800 ratings + 100 subjects \u00d7 1)" in text


def test_the_legend_never_covers_a_line(qtbot):
    dialog = on_screen(finished(qtbot)[0], qtbot)
    plot = dialog.plot.getPlotItem()
    legend = plot.legend.sceneBoundingRect()
    # one entry per number of raters, then the need's dashed line
    assert [label.text for _, label in plot.legend.items] == [
        "2 raters", "3 raters", "5 raters", "need"]
    view = plot.getViewBox().sceneBoundingRect()
    assert legend.height() > 0 and legend.left() >= view.right() - 1      # beside, not over
    need = next(i for i in plot.getViewBox().addedItems if isinstance(i, pg.InfiniteLine))
    assert view.contains(need.mapRectToScene(need.boundingRect()).center())  # the need too


def test_the_need_is_named_in_the_legend_not_on_a_design_s_line(qtbot):
    """Issue 53: the need's label on its line sat on whichever design's line crossed it."""
    from tests.render.need_line import need_problems
    dialog = on_screen(finished(qtbot)[0], qtbot)
    assert need_problems(dialog.plot) == []
    dialog.need.setValue(0.3)                         # redrawn: named once, still in the legend
    qtbot.wait(50)
    assert need_problems(dialog.plot) == []
    assert [label.text for _, label in dialog.plot.getPlotItem().legend.items].count("need") == 1


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1280, 720)])
def test_nothing_is_cut_at_each_screen_size(qtbot, qapp, size):
    """The dialog at the size each screen gives it (1920 x 1080 at 150% is 1280 x 720):
    the Question box, the starting values and every other text whole."""
    from tapdesk.gui.dialogs.plan_dialog import WANTED_SIZE
    from tapdesk.gui.screen_fit import FRAME_GUESS
    from tapdesk.gui.selftest.layout_check import layout_problems, settle
    dialog, _ = finished(qtbot)
    width = min(WANTED_SIZE.width(), size[0] - 8)
    height = min(WANTED_SIZE.height(), size[1] - FRAME_GUESS.top() - FRAME_GUESS.bottom() - 30)
    dialog.resize(width, height)
    dialog.show()
    qtbot.waitExposed(dialog)
    settle(qapp)
    assert (dialog.width(), dialog.height()) == (width, height)
    assert layout_problems(dialog) == []
    question = dialog.question
    assert question.width() >= question.sizeHint().width()
    assert dialog.source_label.isVisible()


def test_a_long_plan_says_about_how_long_is_left(qtbot, monkeypatch):
    import tapdesk.gui.tasks.time_left as module
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    now = [50.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: now[0])
    dialog = PlanDialog(None)
    qtbot.addWidget(dialog)
    dialog._on_progress(0, 8000)
    assert dialog.status.text() == "Simulated 0 of 8,000 studies..."
    now[0] += 30.0                                    # 800 studies in 30 s: 7,200 take 270 s
    dialog._on_progress(800, 8000)
    assert dialog.status.text() == "Simulated 800 of 8,000 studies, about 4 min left."


def test_the_dialog_fits_a_1280_screen_with_the_app_s_own_style(qtbot, qapp):
    """With the app's style and font (a window opened before), the longest "Show" choice once
    made the dialog 1,358 pixels wide at least: wider than a 1280 screen."""
    from tapdesk.gui import style
    style.apply(qapp)
    dialog, _ = finished(qtbot)
    assert dialog.minimumSizeHint().width() <= 1200
    titles = [dialog.quantity.itemText(i) for i in range(dialog.quantity.count())]
    assert not any("[" in t for t in titles)
