"""Issue 54: in the pseudo-language at 1280 x 800 and 1272 x 684 the results' pages needed
591 px (the Plots tab's chooser and buttons side by side, the Raters and Subjects tabs' buttons),
the window's left side was at its least, and the fits list's column was squeezed below its
"Plan next study..." button (194 of 223 px), its fits cut; the Summary's parameter table,
657 px at its narrowest, scrolled sideways inside its page. Now a row of controls wraps where
the tab is narrow, the side column keeps its least width, and the Summary page scrolls sideways
as one where a table cannot be narrower, its words wrapped within the view."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui

TABS = ("Summary", "Raters", "Subjects", "Plots", "Progress")


def _fit(window, qtbot) -> None:
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def test_the_side_column_and_the_pages_fit_beside_the_left_side(pseudo, window, qtbot):
    app = QApplication.instance()
    load_example(window, "wine")
    _fit(window, qtbot)
    pane = window.results_pane
    side = pane.splitter.widget(1)
    for width, height in ((1280, 800), (1272, 684)):
        window.resize(width, height)
        app.processEvents()
        for tab in TABS:
            pane.show_tab(tab)
            settle(app)
            assert side.width() >= side.minimumSizeHint().width(), (width, tab,
                                                                    pane.splitter.sizes())
            assert layout_problems(window) == [], (width, tab)
        pane.show_tab("Summary")
        settle(app)
        table = pane.param_view
        assert table.width() >= table.least_width() - 1, (width, table.width())
        assert not table.horizontalScrollBar().isVisible()
        view = pane.summary_scroll.viewport()            # the words wrap within the view
        assert pane.summary.mapTo(view, pane.summary.rect().topRight()).x() <= view.width(), \
            (width, pane.summary.width(), view.width())
