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


def test_ten_thousand_raters_every_interval_drawn_and_tips_written_on_hover(qapp, monkeypatch):
    """Issue 57: the plot of ten thousand raters holds every rater's point and interval as
    arrays, and writes a rater's words only when the pointer is over the point (writing all
    of them ahead held the GUI thread)."""
    import numpy as np
    import pyqtgraph as pg

    from tapdesk.render.plots import rater_accuracy_plot
    from tapdesk.report.caterpillar import RaterPoint
    result = panel([(i * 7919 % 10_000) / 10_000 - 0.05 for i in range(10_000)], differ=(3, 9))
    written = []
    real_tip = RaterPoint.tip
    monkeypatch.setattr(RaterPoint, "tip", lambda self, words: written.append(self) or
                        real_tip(self, words))
    plot = rater_accuracy_plot(result)
    assert written == []                                  # no tip written ahead
    points = plot.caterpillar.points
    series = _scatter(plot)
    assert sum(len(s.data) for s in series) == len(points) == 10_000
    drawn = sorted((x, y) for s in series for x, y in zip(s.data["x"], s.data["y"]))
    assert drawn == [(float(i), max(p.value, 0.0)) for i, p in enumerate(points)]
    bars = [i for i in plot.getPlotItem().items if isinstance(i, pg.ErrorBarItem)]
    assert len(bars) == 1
    opts = bars[0].opts
    with_interval = [p for p in points if p.interval is not None]
    assert len(opts["x"]) == len(with_interval)
    np.testing.assert_allclose(opts["y"] + opts["top"], [p.shown_interval[1] for p in with_interval])
    np.testing.assert_allclose(opts["y"] - opts["bottom"], [p.shown_interval[0] for p in with_interval])
    spot = series[0].points()[5]
    tip = series[0].opts["tip"](x=spot.pos().x(), y=spot.pos().y(), data=spot.data())
    assert written == [spot.data()] and tip == real_tip(spot.data(), plot.caterpillar.words)


def _legend_and_data(plot):
    """The legend's and the data area's rectangles in the scene, once laid out."""
    item = plot.getPlotItem()
    legend, view = item.legend, item.getViewBox()
    return legend.mapRectToScene(legend.boundingRect()), view.mapRectToScene(view.boundingRect())


@pytest.mark.parametrize("printed", [False, True])
def test_the_legend_covers_none_of_the_data(qapp, tmp_path, printed):
    """Issue 54: the legend stood at the top left, inside the data area, over the light interval
    bars of the lowest raters (a crowd of 999). On screen it is under the axis, in print (the
    report's PNG, the same plot) above the data: outside the data area either way."""
    from tapdesk.render.figures import style_for_print
    from tapdesk.render.plots import export_png, rater_accuracy_plot
    result = panel([(i * 7919 % 999) / 999 for i in range(999)], differ=(3,))
    plot = rater_accuracy_plot(result)
    if printed:
        style_for_print(plot)
    export_png(plot, tmp_path / "raters.png", 900, 600)
    plot.resize(900, 600)
    qapp.processEvents()
    legend, data = _legend_and_data(plot)
    assert len(plot.getPlotItem().legend.items) == 3
    assert legend.height() > 0 and not legend.intersects(data), (legend, data)
    assert plot.sceneRect().contains(legend), (legend, plot.sceneRect())
