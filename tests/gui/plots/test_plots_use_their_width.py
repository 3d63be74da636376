"""Issue 79 (a committee's first look): the live plots of the Progress tab drew over only part of
their width, and the Traces plot stacked its value labels on top of each other.

* The draw axis of a live trace grew in doublings: at 5,100 of 41,000 draws it ran to 8,192
  and the right two fifths of every trace plot stayed empty; it now ends at the next of 1, 1.25,
  1.5, 2, 2.5, 3, 4, 5, 6, 8 (times a power of ten), so the traces fill three quarters at least;
  the log-likelihood's iteration axis too (it kept up to four times the iterations shown).
* The trace plots had the narrower column (161 px of a 540 px tab against the densities' 277),
  their draw axis wrote no number (the two it kept sat on the plot's edges) and of the values
  only "0.5" (the grid's lines bounded "0" and "1" away).
* The Traces plot of the Plots tab stacks nine panels about 40 px high: pyqtgraph wrote "0.4"
  over "0.3"; each panel's values now stand a line apart (one value where two do not fit).
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage, QPainter

from tapdesk.engine.events import Draws, Iteration, StageProgress
from tapdesk.gui.selftest.layout_check import settle
from tests.gui.test_workflow import _fit

pytestmark = pytest.mark.gui


def _texts(axis) -> list:
    """The tick labels ``axis`` draws: (rect, text) each."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(rect, text) for rect, _flags, text in specs[2]]


def _sampled(live, n: int, total: int) -> None:
    """``n`` draws of each of 4 chains of a run of ``total``, as the worker sends them."""
    rng = np.random.default_rng(3)
    live.begin("t-a-p, Bayesian (simulation), on wine.csv")
    for start in range(0, n, 100):
        events = [Draws(1, c, start, start < 1000, ("t", "a", "p"),
                        tuple(map(tuple, rng.beta(3, 5, (100, 3)).tolist())), (0.0,) * 100)
                  for c in range(4)]
        live.add_events([*events, StageProgress(1, "sampling", start + 100, total)])
        live.redraw()
    live.end("Finished.")


def test_the_live_traces_fill_their_plots_and_write_their_numbers(window, app):
    window.resize(1280, 800)
    window.results_pane.show_tab("Progress")
    live = window.results_pane.live
    settle(app)
    for n in (1300, 3100, 5100, 8100):
        _sampled(live, n, 41000)
        settle(app)
        for j in range(3):
            trace, density = live._trace_plots[j], live._density_plots[j]
            x, _y = live._trace_curves[(0, j)].getData()
            low, high = trace.getViewBox().viewRange()[0]
            assert x[-1] + 1 >= 0.7 * (high - low), (n, j, x[-1], high)   # 3/4, less the padding
            assert trace.getViewBox().width() >= density.getViewBox().width(), j
            values = [text for _rect, text in _texts(trace.getAxis("left"))]
            assert values == ["0", "0.5", "1"], (n, j, values)
        numbers = [text for _rect, text in _texts(live._trace_plots[2].getAxis("bottom"))]
        assert len(numbers) >= 2, (n, numbers)                  # the draw axis has numbers


def test_the_live_log_likelihood_fills_its_plot(window, app):
    window.resize(1280, 800)
    window.results_pane.show_tab("Progress")
    live = window.results_pane.live
    for iterations in (300, 40):                         # a shorter fit after a longer one too
        live.begin("EM")
        live.add_events([Iteration(2, 0, i, -100.0 + 50 / i, (), ()) for i in range(1, iterations + 1)])
        live.redraw()
        live.end("Finished.")
        low, high = live.loglik.getPlotItem().getViewBox().viewRange()[0]
        assert iterations >= 0.75 * (high - low), (iterations, high)


def test_the_traces_plot_never_writes_a_value_over_another(window, qtbot, app):
    assert window.open_path(__import__("tests").WINE)
    window.model_pane.chains.setValue(2)
    window.model_pane.draws.setValue(400)
    window.model_pane.warmup.setValue(200)
    _fit(window, qtbot, "categorical", "mcmc")
    window.resize(1280, 800)
    plots = window.results_pane.plots
    window.results_pane.show_tab("Plots")
    settle(app)
    index = plots.chooser.findText("Traces")
    assert index >= 0
    plots.chooser.setCurrentIndex(index)
    settle(app)
    layout = plots.stack.currentWidget()
    panels = [layout.getItem(i, 0) for i in range(9)]
    assert all(panel is not None for panel in panels)
    shown = 0
    for panel in panels:
        labels = _texts(panel.getAxis("left"))
        shown += len(labels)
        for (a, text_a), (b, text_b) in zip(labels, labels[1:]):
            assert not a.intersects(b), (text_a, text_b, a, b)
    assert shown >= 9                                        # every panel keeps a value at least
