"""Issue 53, point 7: the Plan figure in the report was squeezed into a strip (its legend kept a
column beside the data), its subject labels ran together ("100 183 200") and it had no need
line; the plan dialog's plot had "183" and "200" overlapping too."""

from __future__ import annotations

import pytest

from tapdesk.render.plots.plan import spaced_ticks
from tests.engine.planning.test_planning import fake_plan

pytestmark = pytest.mark.gui

GRID = {(r, n): {"width_a": 0.8 / r ** 0.5 * (100 / n) ** 0.3}
        for r in (2, 3, 5, 8) for n in (50, 100, 183, 200, 400)}


def test_close_subject_numbers_are_not_both_labelled_the_rounder_stays():
    ticks = [label for _, label in spaced_ticks([50, 100, 183, 200, 400])]
    assert ticks == ["50", "100", "200", "400"]
    assert [label for _, label in spaced_ticks([50, 100, 200, 400])] == ["50", "100", "200", "400"]
    assert [label for _, label in spaced_ticks([100, 1000, 1100])] == ["100", "1000"]


def test_the_printed_plan_figure_has_the_page_s_width_for_its_data_and_the_need_line(qapp):
    import pyqtgraph as pg

    from tapdesk.render.figures import render_widget, style_for_print
    from tapdesk.render.plots.plan import plan_width_plot
    widget = plan_width_plot(fake_plan(GRID))
    style_for_print(widget)
    render_widget(widget, 600, 330, scale=1.0)
    plot = widget.getPlotItem()
    assert plot.vb.width() > 0.8 * 600           # was under half: the legend's column beside
    lines = [i for i in plot.vb.addedItems if isinstance(i, pg.InfiniteLine)]
    assert [round(line.value(), 3) for line in lines] == [0.2]   # the plan's need on width_a
    assert [t for _, t in widget.getAxis("bottom")._tickLevels[0]] == ["50", "100", "200", "400"]
    widget.deleteLater()
