"""Issue 43, items 3 and 5: the Raters tab with 1,000 raters sorts numbers as numbers, finds a
worker, shows only the raters named as different, and never holds the GUI thread long."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.engine import FitRequest, fit
from tapdesk.gui.results.views import named_raters, precompute
from tapdesk.gui.selftest.walkthrough import StallMonitor, wait_until
from tests.gui.results.crowd_data import crowd_table

pytestmark = pytest.mark.gui

TARGET_MS = 10 * 120
"""The most GUI-thread work between two ticks of a 10 ms timer (its CPU time), guarded at 10x
its typical 120 ms: a shared test machine is no place for the product's 250 ms bound, which
scripts/realwindow.sh holds in a real window (the self-test's crowd step)."""
STALL_BOUND_MS = 10_000
"""The longest gap itself (wall time), only against a window frozen for the whole job: other
processes on a loaded 2-core test machine lengthen it (3.1 s seen at a load of 8, where the same
test alone measures well under 1 s); the GUI thread's own work is what TARGET_MS guards."""


@pytest.fixture(scope="module")
def crowd():
    table = crowd_table()
    result = fit(FitRequest(model="per-rater", class1=("1",)), table)
    precompute(result, table)                 # as the fit's worker does, off the GUI thread
    return result, table


def _shown(view) -> list[tuple]:
    model = view.model()
    return [tuple(model.index(r, c).data() for c in range(model.columnCount()))
            for r in range(model.rowCount())]


def test_search_filter_and_numeric_sort(window, crowd):
    result, table = crowd
    rp = window.results_pane
    rp.add_result(result, table)
    raters = rp.show_tab("Raters")
    view = raters.view
    assert view.model().rowCount() == 1000 and view.isColumnHidden(0)
    raters.search.setText("WORKER99")                      # any letter case
    names = [row[0] for row in _shown(view)]
    assert names and all("worker99" in n for n in names) and len(names) == 11
    assert raters.shown.text() == "11 of 1000 shown"
    assert [view.model().headerData(r, Qt.Orientation.Vertical)
            for r in range(len(names))] == names             # the names in view are the rows'
    raters.search.clear()
    raters.only_named.setChecked(True)
    named = {result.raters[i].rater_id for i in named_raters(result)}
    assert named and {row[0] for row in _shown(view)} == named
    raters.only_named.setChecked(False)
    ratings = raters.model.columns.index("Ratings")
    view.sortByColumn(ratings, Qt.SortOrder.DescendingOrder)
    counts = [int(row[ratings]) for row in _shown(view)]
    assert counts == sorted(counts, reverse=True) and counts[0] >= 10 > counts[-1]


def test_a_thousand_raters_never_stall_the_window(window, qtbot, crowd, shared_data):
    from tapdesk.data.readers import read_ratings
    rp = window.results_pane
    small = read_ratings(shared_data / "wine.csv").table          # warm: first paint of each tab
    first = fit(FitRequest(model="per-rater", class1=("4",)), small)
    precompute(first, small)
    rp.add_result(first, small)
    for tab in ("Raters", "Subjects", "Plots", "Summary"):
        rp.show_tab(tab)
        qtbot.wait(50)
    result, table = crowd
    monitor = StallMonitor()
    gaps, busy = {}, {}

    def step(name, action):
        monitor.max_gap_ms = monitor.max_busy_ms = 0.0
        monitor.start()
        action()
        wait_until(_app(), lambda: False, 0.15)         # what the action left to paint
        monitor.stop()
        gaps[name], busy[name] = monitor.max_gap_ms, monitor.max_busy_ms

    view = rp.raters.view
    step("show the fit", lambda: rp.add_result(result, table))
    step("Raters tab", lambda: rp.show_tab("Raters"))
    step("sort by accuracy", lambda: view.sortByColumn(2, Qt.SortOrder.AscendingOrder))
    step("sort by name", lambda: view.sortByColumn(0, Qt.SortOrder.DescendingOrder))
    step("find a worker", lambda: rp.raters.search.setText("worker5"))
    step("every worker", lambda: rp.raters.search.setText(""))
    step("only named", lambda: rp.raters.only_named.setChecked(True))
    step("Plots tab", lambda: rp.show_tab("Plots"))
    caterpillar = next(i for i, (title, _) in enumerate(rp.plots.widgets)
                       if title == "Per-rater accuracy")
    step("caterpillar plot", lambda: rp.plots.show_plot(caterpillar))
    assert "1,000 raters" in rp.plots.caption.text()
    step("Subjects tab", lambda: rp.show_tab("Subjects"))
    assert max(busy.values()) < TARGET_MS and max(gaps.values()) < STALL_BOUND_MS, (busy, gaps)


def _app():
    from PySide6.QtWidgets import QApplication
    return QApplication.instance()


def test_feedback_for_a_thousand_raters_shows_progress_and_stops(window, qtbot, crowd, tmp_path,
                                                                 monkeypatch):
    """One PDF for 1,000 raters is written in the worker while the window stays free; Cancel
    on a zip stops it and leaves no file."""
    from PySide6.QtWidgets import QMessageBox, QPushButton

    from tapdesk.engine.story.feedback import rater_feedback
    from tapdesk.gui.results.feedback_action import start_feedback
    result, table = crowd
    report = rater_feedback(result, table)
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: told.append(a[2]))
    monitor = StallMonitor()
    monitor.start()
    job = start_feedback(window, report, tmp_path / "all.pdf", "book")
    seen = []
    job.progress.connect(seen.append)
    qtbot.waitUntil(lambda: bool(told), timeout=240000)
    monitor.stop()
    assert seen[-1].done == seen[-1].total >= 1000 and "1,000 raters" in told[0]
    assert (tmp_path / "all.pdf").stat().st_size > 0
    assert monitor.max_busy_ms < TARGET_MS and monitor.max_gap_ms < STALL_BOUND_MS, \
        (monitor.max_busy_ms, monitor.max_gap_ms)
    job = start_feedback(window, report, tmp_path / "all.zip", "zip")
    with qtbot.waitSignal(job.cancelled, timeout=120000):
        qtbot.waitUntil(lambda: job.dialog.value() >= 2, timeout=120000)
        job.dialog.findChild(QPushButton).click()           # its Cancel button
    assert sorted(p.name for p in tmp_path.iterdir()) == ["all.pdf"]
