"""The Plots tab: its plots built one at a time (no single build holds the window), and a
right-click menu in plain words instead of the plotting library's own."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.resources.examples import get_example

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def wine_fit():
    table = read_ratings(get_example("wine").path).table
    return fit(FitRequest(model="per-rater", class1=("4",)), table), table


def test_the_first_plot_shows_at_once_and_the_others_follow(window, qtbot, wine_fit):
    rp = window.results_pane
    rp.add_result(*wine_fit)
    rp.show_tab("Plots")
    panel = rp.plots
    assert panel.chooser.count() == 1                 # only the first plot built in that step
    assert panel.stack.currentWidget() is panel._built[0][1]
    qtbot.waitUntil(lambda: not panel._makers, timeout=10000)
    titles = [panel.chooser.itemText(i) for i in range(panel.chooser.count())]
    assert titles[0] == "Observed vs fitted" and "Per-rater accuracy" in titles
    assert titles == [title for title, _ in panel.widgets]
    assert panel.chooser.currentIndex() == 0          # what the user saw stays chosen


def test_asking_for_every_plot_builds_the_rest_at_once(window, wine_fit):
    rp = window.results_pane
    rp.add_result(*wine_fit)
    rp.show_tab("Plots")
    titles = [title for title, _ in rp.plots.widgets]
    assert len(titles) >= 4 and not rp.plots._makers
    rp.plots.show_plot(titles.index("Rater-pair accuracy"))
    assert rp.plots.caption.text() or rp.plots.stack.currentWidget() is rp.plots.widgets[
        titles.index("Rater-pair accuracy")][1]


def test_right_click_offers_plain_words_not_the_plotting_librarys_menu(window, qtbot, wine_fit):
    rp = window.results_pane
    rp.add_result(*wine_fit)
    rp.show_tab("Plots")
    widget = rp.plots.stack.currentWidget()
    assert isinstance(widget, pg.PlotWidget)
    assert widget.getPlotItem().getViewBox().menu is None      # "Plot Options", "X axis" ... gone
    menu = rp.plots.plot_menu()
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "Show the whole plot", "Copy the picture", "Save as PNG...", "Save as SVG..."]
    QApplication.clipboard().clear()
    menu.actions()[1].trigger()
    assert not QApplication.clipboard().pixmap().isNull()


def test_show_the_whole_plot_undoes_zooming(window, qtbot, wine_fit):
    rp = window.results_pane
    rp.add_result(*wine_fit)
    rp.show_tab("Plots")
    view = rp.plots.stack.currentWidget().getPlotItem().getViewBox()
    qtbot.wait(100)                                   # drawn: the plot's range as the user saw it
    built = np.ravel(view.viewRange())
    view.scaleBy((0.25, 0.25))                        # the user zooms in ...
    view.translateBy((0.3, 0.1))                      # ... and pans
    qtbot.wait(100)
    assert not np.allclose(np.ravel(view.viewRange()), built)
    rp.plots._whole_plot()
    qtbot.wait(100)
    assert np.ravel(view.viewRange()) == pytest.approx(built, abs=0.01 * np.ptp(built))
