"""Issue 54: the posterior densities in German at 1280 x 800. The legend's three entries side by
side ("MCMC-Ziehungen (geglättet)", "exakte Posteriori, gleiche Priors", "Schätzwert") were wider
than the Plots pane and held both columns of panels past its right edge (axes and the legend
cut, 703 of 563 px). A legend takes as many columns as the width holds."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.layout_check import settle
from tapdesk.gui.selftest.screen_checks import plot_clip_problems
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def test_the_posterior_densities_fit_the_pane_in_german(window, qtbot, tmp_path):
    window.action_language_de.trigger()
    load_example(window, "wine")
    assert window.model_pane.select("tap", "mcmc")
    window.model_pane.draws.setValue(200)
    window.model_pane.warmup.setValue(100)
    window.model_pane.chains.setValue(2)
    with qtbot.waitSignal(window.controller.finished, timeout=300000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    settle(QApplication.instance())
    assert plot_clip_problems(window, (1280, 775)) == []
    panel = window.results_pane.plots
    titles = [title for title, _ in panel.widgets]
    widget = panel.widgets[titles.index("Posterior densities")][1]
    legend = next(i for i in widget.scene().items() if isinstance(i, pg.LegendItem))
    assert legend.columnCount < 3            # the three entries no longer side by side
    assert legend.mapRectToScene(legend.boundingRect()).right() <= widget.width()
