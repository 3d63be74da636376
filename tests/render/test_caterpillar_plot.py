"""The caterpillar plot drawn (issue 43, item 3): readable with 10 raters (named on the axis)
and with 1,000 (ranks on the axis; hovering names the rater), with its caption."""

from __future__ import annotations

import pytest

from tapdesk.engine.results import Estimate
from tests.report.test_caterpillar import panel


@pytest.fixture(scope="module")
def qapp():
    from tapdesk.render.page import ensure_app
    return ensure_app()


def _scatter(plot):
    import pyqtgraph as pg
    return [i for i in plot.getPlotItem().items if isinstance(i, pg.ScatterPlotItem)]


def test_ten_raters_named_on_the_axis_with_the_mean_line(qapp):
    import pyqtgraph as pg

    from tapdesk.render.plots import rater_accuracy_plot
    result = panel([0.05 * i + 0.3 for i in range(10)], flagged=(0,))
    plot = rater_accuracy_plot(result)
    ticks = plot.getAxis("bottom")._tickLevels[0]
    assert [label for _, label in ticks] == [f"R{i}" for i in range(10)]
    lines = [i for i in plot.getPlotItem().items if isinstance(i, pg.InfiniteLine)]
    assert len(lines) == 1 and lines[0].value() == pytest.approx(plot.caterpillar.panel_mean)
    assert sum(len(s.data) for s in _scatter(plot)) == 10 and plot.caption


def test_a_thousand_raters_hover_to_name(qapp):
    from tapdesk.render.plots import rater_accuracy_plot
    result = panel([(i * 7919 % 1000) / 1000 for i in range(1000)], differ=(3,))
    pooled = {f"R{i}": Estimate("a", 0.5) for i in range(0, 1000, 2)}
    plot = rater_accuracy_plot(result, pooled)
    assert plot.getAxis("bottom")._tickLevels is None            # ranks, not 1,000 names
    series = _scatter(plot)
    assert sum(len(s.data) for s in series) == 1000 + 500
    first = series[0]
    spot = first.points()[0]
    tip = first.opts["tip"](x=spot.pos().x(), y=spot.pos().y(), data=spot.data())
    assert tip.split(":")[0].startswith("R") and "accuracy" in tip
    assert "hover over a point" in plot.caption and "Hollow diamonds" in plot.caption


def test_raters_below_chance_are_triangles_at_0_on_an_axis_from_0(qapp):
    from tapdesk.render.plots import rater_accuracy_plot
    plot = rater_accuracy_plot(panel([-0.2, 0.05, 0.5, 0.9], differ=(0,)))
    assert -0.03 < plot.getViewBox().viewRange()[1][0] <= 0.0      # 0 and a little padding
    series = {s.name(): s for s in _scatter(plot)}
    triangle = series["flagged or named as different, below chance (at 0)"]
    assert triangle.opts["symbol"] == "t" and list(triangle.data["y"]) == [0.0]
    assert min(y for s in series.values() for y in s.data["y"]) == 0.0
    assert "drawn as a downward triangle" in plot.caption
