"""Issue 53: at 1920 x 1080 at 150% (a 1280 x 720 screen for Qt) the Summary's "Meaning" column
wrapped to four and five lines: the numbers' columns were as wide as their one-line headings.
The headings stack their words and the Meaning column gets the room: at most three lines."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui

TITLE_BAR = 25


def _meaning_lines(view) -> int:
    """The most lines a Meaning cell wraps to in its column (within the view's text margins)."""
    model, fm = view.model(), view.fontMetrics()
    col = model.columnCount() - 1
    width = view.horizontalHeader().sectionSize(col) - view.WRAP_MARGIN
    heights = [fm.boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap),
                               str(model.index(row, col).data())).height()
               for row in range(model.rowCount())]
    return round(max(heights) / fm.lineSpacing())


def _wine_summary(window, qtbot, screen: tuple[int, int]):
    """The window at ``screen`` (less a title bar), the wine example fitted, its Summary shown
    and settled: the parameter table's view."""
    window.resize(screen[0], screen[1] - TITLE_BAR)
    load_example(window, "wine")
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    window.results_pane.show_tab("Summary")
    settle(QApplication.instance())
    return window.results_pane.param_view


@pytest.mark.parametrize("screen", [(1280, 720), (1280, 800)])
def test_the_meaning_column_wraps_to_at_most_three_lines(window, qtbot, screen):
    view = _wine_summary(window, qtbot, screen)
    model = view.model()
    assert model.headerData(model.columnCount() - 1, Qt.Orientation.Horizontal) == "Meaning"
    assert 1 <= _meaning_lines(view) <= 3, [model.index(r, 4).data() for r in range(model.rowCount())]
    assert not view.horizontalScrollBar().isVisible()
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Standard\nerror"  # the heading stacked, whole
    assert layout_problems(window) == []


def test_the_parameter_table_fits_the_summary_in_german(window, qtbot):
    """German at 1280 x 800: "Wahrscheinlichkeit," in the Meaning column made the table wider
    than the Summary, with a scroll bar of its own and the meanings cut at its edge; the names'
    column wraps instead."""
    window.action_language_de.trigger()
    view = _wine_summary(window, qtbot, (1280, 800))
    assert not view.horizontalScrollBar().isVisible()
    assert view.horizontalHeader().length() <= view.viewport().width()
    assert _meaning_lines(view) <= 4
