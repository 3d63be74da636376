"""Issue 54: the caterpillar plot of a crowd (999 raters) on the Plots tab drew its legend at the
top left, inside the data area, over the lowest raters' light interval bars. It stands under
the axis now, outside the data, and whole in the tab."""

from __future__ import annotations

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.gui.results.views import precompute
from tapdesk.gui.selftest.layout_check import settle
from tests.gui.results.crowd_data import crowd_table

pytestmark = pytest.mark.gui


def test_the_caterpillar_legend_covers_no_rater(window, app):
    table = crowd_table(n_raters=999, n_items=1500)
    result = fit(FitRequest(model="per-rater", class1=("1",)), table)
    precompute(result, table)
    rp = window.results_pane
    rp.add_result(result, table)
    window.resize(1280, 800)
    rp.show_tab("Plots")
    index = next(i for i, (title, _) in enumerate(rp.plots.widgets) if title == "Per-rater accuracy")
    rp.plots.show_plot(index)
    settle(app)
    widget = rp.plots.stack.currentWidget()
    plot = widget.getPlotItem()
    legend, view = plot.legend, plot.getViewBox()
    shown = legend.mapRectToScene(legend.boundingRect())
    data = view.mapRectToScene(view.boundingRect())
    assert legend.isVisible() and len(legend.items) >= 3
    assert not shown.intersects(data), (shown, data)
    seen = widget.mapToScene(widget.viewport().rect()).boundingRect()
    assert seen.contains(shown), (shown, seen)          # whole in the tab, not cut at its edge
