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


def test_rows_first_shown_one_per_redraw_and_all_by_the_end(app, qtbot):
    """A row's first paint is slow, so a new sampler view shows one more row per redraw; each
    row, once shown, has every draw so far, and a fit that ends early shows them all."""
    from tapdesk.gui.plots.live import LiveProgress
    live = LiveProgress()
    qtbot.addWidget(live)
    live.show()
    live.begin("MCMC")
    live.timer.stop()                                  # redraw by hand
    draws = [(0.1, 0.2, 0.3), (0.4, 0.5, 0.6)]
    live.add_events((Draws(1, 0, 0, True, ("t", "a", "p"), tuple(draws), (0.0, 0.0)),))
    shown = []
    for _ in range(3):
        live.redraw()
        shown.append([p.isVisible() for p in live._trace_plots[:3]])
    assert shown == [[True, False, False], [True, True, False], [True, True, True]]
    for j in range(3):
        assert list(live._trace_curves[(0, j)].getData()[1]) == [d[j] for d in draws]
    live.end("Finished.")
    other = LiveProgress()                             # a fit over before its second redraw
    qtbot.addWidget(other)
    other.show()
    sampled(other, [(0.1, 0.2, 0.3)] * 10)
    assert all(p.isVisible() for p in other._trace_plots[:3])
    assert all(len(other._trace_curves[(0, j)].getData()[1]) == 10 for j in range(3))
