"""The live progress view keeps its curves and axes from fit to fit (cheaper painting, issue 15)
and shows only the current fit's data."""

from __future__ import annotations

import pytest

from tapdesk.engine.events import Draws, Iteration, StageProgress

pytestmark = pytest.mark.gui


def sampled(live, values):
    live.begin("MCMC")
    live.add_events((Draws(1, 0, 0, False, ("t", "a", "p"), tuple(values), (0.0,) * len(values)),
                     StageProgress(1, "sampling", len(values), len(values))))
    live.end("Finished.")


def test_live_view_reuses_its_curves_and_shows_only_the_new_fit(app, qtbot):
    from tapdesk.gui.plots.live import LiveProgress
    live = LiveProgress()
    qtbot.addWidget(live)
    live.show()
    sampled(live, [(0.1, 0.2, 0.3)] * 10)
    trace, density = live._trace_curves[(0, 0)], live._density_curves[0]
    assert list(trace.getData()[1]) == [0.1] * 10
    sampled(live, [(0.9, 0.8, 0.7)] * 5)
    assert live._trace_curves[(0, 0)] is trace and live._density_curves[0] is density
    assert list(trace.getData()[1]) == [0.9] * 5                 # nothing left of the last fit
    x, y = density.getData()
    assert x[int(y.argmax())] == pytest.approx(0.9, abs=0.03)   # the density's peak moved too
    live.begin("EM")                                             # a fit without draws
    live.add_events((Iteration(2, 0, 1, -10.0, (), ()), Iteration(2, 0, 2, -9.0, (), ())))
    live.end("Finished.")
    assert trace.getData() == (None, None) and density.getData() == (None, None)
    assert not live.sampler.isVisibleTo(live) and live.loglik.isVisibleTo(live)
    assert list(live._curves[0].getData()[1]) == [-10.0, -9.0]


def test_live_traces_and_densities_are_kept_in_arrays_as_numpy_would_count_them():
    """Issue 26: 100,000 draws per chain arrive in batches; counts equal np.histogram's."""
    import numpy as np

    from tapdesk.gui.plots.live import DENSITY_BINS, Series, bin_counts
    rng = np.random.default_rng(4)
    draws = np.concatenate([rng.beta(2, 5, 99_997), [0.0, 1.0, 0.5]])
    series, counts = Series(), np.zeros(DENSITY_BINS, int)
    for batch in np.array_split(draws, 977):
        series.extend(batch)
        counts += bin_counts(batch)
    assert len(series) == len(draws) and np.array_equal(series.values, draws)
    assert np.array_equal(counts, np.histogram(draws, DENSITY_BINS, range=(0, 1))[0])
    assert bin_counts(np.array([-0.1, 1.1])).sum() == 0


def test_the_draw_axis_labels_never_run_together_in_a_narrow_trace_plot(app, qtbot):
    """100,000 draws in a trace plot 170 px wide read "20000400006000080000" (issue 53's
    real-window screenshot at 1280 x 800): the labels shown fit side by side, with a gap."""
    from PySide6.QtGui import QFontMetrics

    from tapdesk.gui.plots.live import LiveProgress
    from tapdesk.gui.plots.ticks import LABEL_GAP
    live = LiveProgress()
    qtbot.addWidget(live)
    live.resize(420, 600)
    live.show()
    sampled(live, [(0.1, 0.2, 0.3)] * 10)
    axis = live._trace_plots[0].getAxis("bottom")
    width = 170
    levels = axis.tickSpacing(0, 100_000, width)
    values = list(range(0, 100_001, int(levels[0][0])))     # the widest level's ticks
    labels = axis.tickStrings(values, 1, levels[0][0])
    metrics = QFontMetrics(axis.style.get("tickFont") or axis.font())
    needed = sum(metrics.horizontalAdvance(text) + LABEL_GAP for text in labels)
    assert len(labels) >= 2 and needed <= width, (labels, needed)
