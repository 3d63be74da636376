"""The frozen names' column has its heading (issue 53): the Raters tab's rater names stay in
view as row headings while the other columns scroll; the corner above them says "Rater", as the
column's own heading would, and is wide enough for it."""

from __future__ import annotations

import pytest

from tests.gui.dialogs.test_plan_feedback import _fit, _load_panel

pytestmark = pytest.mark.gui


def _dark_pixels(widget) -> int:
    """Pixels darker than a heading's background inside ``widget`` (its text), borders left out."""
    image = widget.grab().toImage()
    return sum(1 for x in range(3, image.width() - 3) for y in range(3, image.height() - 3)
               if image.pixelColor(x, y).lightness() < 110)


def test_the_raters_names_column_is_headed_in_the_corner(window, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractButton
    _load_panel(window)
    _fit(window, qtbot, "tap")
    raters = window.results_pane.show_tab("Raters")
    view = raters.view
    qtbot.waitUntil(lambda: view.model().rowCount() > 0)
    assert view.isColumnHidden(0)                          # the names are the row headings
    corner = view.findChild(QAbstractButton)
    assert corner.isVisible() and corner.width() > 0
    assert _dark_pixels(corner) > 20                       # the heading is drawn, not blank
    assert view.corner_heading.text() == view.model().headerData(0, Qt.Orientation.Horizontal) == "Rater"
    heading = view.horizontalHeader().fontMetrics().horizontalAdvance("Rater")
    assert view.verticalHeader().width() >= heading + 10   # room for it beside the names
