"""Issue 54: a table heading broken onto two lines never starts a line with a bare number, which
belongs to the word before it. The German Raters tab of a per-rater fit read
"Ratewahrscheinlichkeit für Klasse" over "1 gegenüber dem übrigen Gremium"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.layout_check import settle
from tapdesk.gui.widgets.table_models import broken_lines, two_lines
from tests.gui.window.test_window_words_in_languages import _fitted

pytestmark = pytest.mark.gui


def test_the_german_raters_tab_keeps_class_1_on_one_line(window, german, qtbot):
    pane = _fitted(window, qtbot, "wine", "per-rater")
    pane.tabs.setCurrentWidget(pane.raters)
    settle(QApplication.instance())
    model = pane.raters.view.model()
    headings = [str(model.headerData(c, Qt.Orientation.Horizontal))
                for c in range(model.columnCount())]
    assert "Ratewahrscheinlichkeit für Klasse 1\ngegenüber dem übrigen Gremium" in headings
    assert not [h for h in headings if any(line.split(" ")[0].isdigit()
                                           for line in h.split("\n")[1:])], headings


def test_a_number_that_starts_a_term_may_start_a_line():
    assert two_lines("Genauigkeit: 95\u00a0%-Intervall") == "Genauigkeit:\n95\u00a0%-Intervall"
    assert "\n2" not in two_lines("Analysis 2 of the wine data")


def test_broken_lines_keep_a_number_with_its_word(app):
    from PySide6.QtGui import QFontMetrics
    fm = QFontMetrics(QApplication.font())
    width = fm.horizontalAdvance("Guess rate for Class")
    assert "\n1" not in broken_lines("Guess rate for Class 1 against the panel", fm, width)
