"""Issue 79: the Compare tab hid the third of three compared fits off to the right at 1280 x 800,
1366 x 768 and 1920 x 1080 at 150% (1280 x 720): each fit's column was as wide as its interval
on one line and its heading of 26-character lines. The fits' columns now share the table's
width: every one is seen whole, its heading whole (and in its tooltip), its cells wrapped."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from tapdesk.gui.results.compare_panel import heading_parts, shares
from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.widgets.table_models import HEADING_MARGIN
from tapdesk.gui.window.menus import load_example
from tests.gui.results.test_state_and_compare import _fit

pytestmark = pytest.mark.gui


def _letters(text: str) -> str:
    """``text`` without its line breaks, spaces and hyphens (a long word's break adds one)."""
    return re.sub(r"[\s\-\u00a0]", "", text)


def _all_in_view(window, compare) -> None:
    view, model = compare.view, compare.model
    header = view.horizontalHeader()
    metrics = header.fontMetrics()
    entries, numbers = compare._shown
    assert model.columnCount() == 4 and len(entries) == 3
    assert view.horizontalScrollBar().maximum() == 0
    for column, entry, number in zip((1, 2, 3), entries, numbers):
        left, width = header.sectionViewportPosition(column), header.sectionSize(column)
        assert left >= 0 and left + width <= view.viewport().width(), (column, left, width)
        whole = " ".join(heading_parts(entry, number))
        shown = str(model.headerData(column, Qt.Orientation.Horizontal))
        assert _letters(shown) == _letters(whole), shown                  # every word shown
        assert all(metrics.horizontalAdvance(line) + HEADING_MARGIN <= width
                   for line in shown.split("\n")), (shown, width)         # no line cut
        tip = str(model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole))
        assert tip == "\n".join(heading_parts(entry, number))             # whole in its tooltip
        cells = view.fontMetrics()
        for row in range(model.rowCount()):                                 # each piece fits
            text = str(model.index(row, column).data() or "")
            assert all(cells.horizontalAdvance(piece) <= width for piece in text.split(" ")), text
    assert [p for p in layout_problems(window) if "Comparison" in p] == []


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1280, 720), (1920, 1080)])
def test_three_compared_fits_are_seen_whole(window, qtbot, app, size):
    _three_fits_compared(window, qtbot, app, size)
    names = [str(window.results_pane.compare.model.headerData(r, Qt.Orientation.Vertical))
             for r in range(window.results_pane.compare.model.rowCount())]
    assert "Accuracy" in names


def test_three_compared_fits_are_seen_whole_in_german(window, qtbot, app):
    """German intervals ("0,153 bis 0,406") and row names ("Ratewahrscheinlichkeit") are wider."""
    window.action_language_de.trigger()
    try:
        _three_fits_compared(window, qtbot, app, (1280, 800))
    finally:
        window.action_language_en.trigger()


def _three_fits_compared(window, qtbot, app, size) -> None:
    """Two fits compared at 1920 x 1080, the window made ``size``, then a third ticked: all
    three seen whole; and again at 1920 x 1080."""
    load_example(window, "wine")
    for model in ("tap", "per-rater", "coefficients"):
        _fit(window, qtbot, model)
    rp = window.results_pane
    window.resize(1920, 1080)
    for row in (0, 1):
        rp.history_list.set_checked(row, True)
    settle(app)                            # the end of a fit may still move the tabs to its Summary
    compare = rp.show_tab("Compare")
    settle(app)
    window.resize(*size)                   # the columns shared again as the window shrinks
    settle(app)
    rp.history_list.set_checked(2, True)   # and when a fit is ticked
    settle(app)
    assert compare.isVisible() and window.width() == size[0]
    _all_in_view(window, compare)
    names = [str(compare.model.headerData(r, Qt.Orientation.Vertical))
             for r in range(compare.model.rowCount())]
    assert all(len(line) <= 26 for n in names for line in n.split("\n"))
    if size == (1920, 1080):               # room enough: headings as before, on long lines
        assert compare.model.broken == {}
    window.resize(1920, 1080)
    settle(app)
    assert compare.model.broken == {}      # and back to them when the room comes back
    _all_in_view(window, compare)


def test_shares_narrow_the_widest_columns_first():
    assert shares([100, 150, 200], [50, 50, 50], 500) == [100, 150, 200]      # room enough
    assert shares([100, 150, 200], [50, 50, 50], 360) == [100, 130, 130]
    assert shares([100, 150, 200], [90, 140, 120], 360) == [100, 140, 120]    # none below least
    assert shares([100, 150, 200], [90, 140, 150], 300) == [90, 140, 150]    # too narrow: scrolls
