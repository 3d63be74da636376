"""Issue 53: at 150% on a full-HD screen (1280 x 720 in the app's pixels) with the per-rater
analysis chosen, the Analysis pane stood about 120 screen pixels (80 here) taller than its
contents, blank, while the data pane above it scrolled: the pane asked for its size hint, which
wraps its texts at a width of Qt's guess, not at its own. Where the data pane scrolls, the
Analysis pane now holds its contents and no more than a line of blank (the data pane's fold
may end a short row higher, between rows)."""

from __future__ import annotations

import pytest

from tapdesk.gui.window.main_window import contents_height
from tests.gui.window.examples_window import examples_window, show_example

pytestmark = pytest.mark.gui

ANALYSES = ("per-rater", "tap", "tap-p0p1", "mace")


def _blank_below_the_analysis(window) -> int:
    scroll = window.model_scroll
    return scroll.viewport().height() - contents_height(scroll)


def _fold_stops(window, blank: int) -> bool:
    """The blank is what the data pane's fold left: the data pane taller by it would cut a row
    (an analysis that does not read Class 1 takes the room the data pane gives up, issue 54)."""
    from tapdesk.gui.window.fold import fold_between_rows
    taller = window.dataset_scroll.height() + blank
    return fold_between_rows(window.dataset_scroll, taller) < taller


def _data_scrolls(window) -> bool:
    scroll = window.dataset_scroll
    return scroll.viewport().height() < contents_height(scroll)


@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768), (1280, 800)])
def test_no_blank_analysis_pane_while_the_data_pane_scrolls(app, qtbot, screen):
    window = examples_window(qtbot, screen)
    line = window.model_pane.fontMetrics().lineSpacing()
    found = []
    for example in ("wine", "writing", "ptsd"):
        for analysis in ANALYSES:
            show_example(app, window, example, analysis)
            blank = _blank_below_the_analysis(window)
            if _data_scrolls(window) and blank > line and not _fold_stops(window, blank):
                found.append(f"{example}, {analysis}: {blank} px blank below the Analysis pane "
                             f"while the data pane scrolls")
    assert found == []
    window.close()
