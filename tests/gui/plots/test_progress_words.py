"""The Progress tab tells the truth about the work (issue 41): the starting points that really
run, the stretch after the last one, the time left on long work; the end of a fit keeps the tab
the user chose, and the Plots tab says where the running fit's live plots are."""

from __future__ import annotations

import pytest

from tapdesk.engine.events import FitStarted, Iteration, StageProgress, StartFinished
from tapdesk.engine.words import time_left_words

pytestmark = pytest.mark.gui


@pytest.fixture
def live(qtbot):
    from tapdesk.gui.plots.live import LiveProgress
    shown = LiveProgress()
    qtbot.addWidget(shown)
    shown.begin("t-a-p, maximum likelihood")
    yield shown
    shown.end("Finished.")


def shown_now(live):
    live._dirty = True
    live.redraw()
    return live.status.text(), live.bar.value(), live.bar.maximum()


def test_the_count_follows_the_starts_that_really_run(live):
    events = [FitStarted(1, "tap", 4)]
    events += [Iteration(1, j, 1, -10.0 - j, (), ()) for j in range(12)]   # 12 starts run
    events += [StartFinished(1, j, -9.0, 5, True) for j in range(4)]
    live.add_events(events)
    text, done, total = shown_now(live)
    assert text == "Running: 4 of 12 starting points done" and (done, total) == (4, 12)
    live.add_events([StartFinished(1, j, -9.0, 5, True) for j in range(4, 12)])
    text, done, total = shown_now(live)
    assert text.startswith("Running: all 12 starting points done; finishing the fit")
    assert total == 0                                  # work going on, never "100%" meanwhile


def test_a_long_stage_says_about_how_long_is_left(live, monkeypatch):
    import tapdesk.gui.tasks.time_left as module
    now = [1000.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: now[0])
    live.add_events([StageProgress(1, "sampling", 0, 4000)])
    assert shown_now(live)[0] == "Running: sampling (0 of 4000)"
    now[0] += 1.0
    live.add_events([StageProgress(1, "sampling", 100, 4000)])
    assert "left" not in shown_now(live)[0]            # too early to tell
    now[0] += 5.0                                      # 400 draws in 6 s: 3,600 more take 54 s
    live.add_events([StageProgress(1, "sampling", 400, 4000)])
    assert shown_now(live)[0] == "Running: sampling (400 of 4000), about 50 s left"
    live.add_events([StageProgress(1, "bootstrap", 1, 200)])     # a new stage starts its clock
    assert "left" not in shown_now(live)[0]


def test_a_long_stage_is_read_whole_at_1280_by_800(live, qtbot):
    """Issue 53 walk, 1280 x 800: "... has 1000 effective draws 5000 of 500" (cut at the count,
    which ran into the stage's own number)."""
    from PySide6.QtCore import QRect, Qt
    live.resize(540, 600)                     # the Progress tab's width at 1280 x 800
    live.show()
    stage = "more draws, until every parameter has 1000 effective draws"
    live.add_events([StageProgress(1, stage, 5000, 5000)])
    text = shown_now(live)[0]
    assert text == f"Running: {stage} (5000 of 5000)"
    status = live.status
    room = status.contentsRect()
    flags = Qt.TextFlag.TextWordWrap if status.wordWrap() else Qt.TextFlag(0)
    needed = status.fontMetrics().boundingRect(QRect(0, 0, room.width(), 10_000), flags,
                                               f"{text}, about 2 min left")
    assert needed.width() <= room.width() and needed.height() <= room.height()


@pytest.mark.parametrize("seconds, words", [(4, "a few seconds left"), (44, "about 40 s left"),
                                            (150, "about 2 min left"),
                                            (4800, "about 1 h 20 min left"),
                                            (float("nan"), "")])
def test_time_left_in_words(seconds, words):
    assert time_left_words(seconds) == words


def _fit_on(window, qtbot, tab):
    from tapdesk.engine.binary.simulate import TapParameters
    from tapdesk.gui.examples import simulated_dataset
    if window.session is None:
        window.load_dataset(simulated_dataset(TapParameters(0.3, 0.6, 0.4), 150, 5, seed=4),
                            "simulated panel")
    assert window.model_pane.select("tap", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120_000):
        assert window.start_fit() is not None, window.last_error
        plots = window.results_pane.plots
        assert plots.running_note.isVisibleTo(plots)
        assert "Progress tab" in plots.running_note.text()
        if tab is not None:
            window.results_pane.show_tab(tab)
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10_000)
    qtbot.wait(50)
    assert not window.results_pane.plots.running_note.isVisibleTo(window.results_pane.plots)
    tabs = window.results_pane.tabs
    return tabs.tabText(tabs.currentIndex())


def test_the_end_of_a_fit_keeps_the_tab_the_user_chose(window, qtbot):
    assert _fit_on(window, qtbot, None) == "Summary"          # left on Progress: the result
    assert _fit_on(window, qtbot, "Plots") == "Plots"         # chosen while it ran: kept


def test_the_plots_tab_link_leads_to_the_live_plots(window, qtbot):
    window.results_pane.show_tab("Plots")
    window.results_pane.plots.show_running("a fit")
    window.results_pane.plots.running_note.linkActivated.emit("progress")
    tabs = window.results_pane.tabs
    assert tabs.tabText(tabs.currentIndex()) == "Progress"
    window.results_pane.plots.show_running(None)

