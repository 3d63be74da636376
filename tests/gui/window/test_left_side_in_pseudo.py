"""Issue 54: in the pseudo-language (texts 40% longer) the results' least width (their tabs'
names whole beside the fits list) took the window's left side down to 207 px at 1366 and kept
it there at 1920, while the analysis pane's contents needed 668 px and the data pane's 534 (the
panes do not scroll sideways: their controls were cut off). The left side keeps its contents'
least width; the results make way (their tabs scroll) when both do not fit."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.checks import SIZES
from tapdesk.gui.selftest.layout_check import settle

pytestmark = pytest.mark.gui


def test_the_left_side_keeps_its_contents_least_width(pseudo, window, qtbot):
    settle(QApplication.instance())
    first = window.main_splitter.sizes()[0]
    for width, height in SIZES:                  # as the self-test walks them
        window.resize(width, height)
        QApplication.processEvents()
        window.results_pane.show_tab("Summary")
        settle(QApplication.instance())
        for scroll in (window.dataset_scroll, window.model_scroll):
            contents = scroll.widget()
            least = contents.minimumSizeHint().width()
            assert contents.width() >= least, (width, scroll.accessibleName(), contents.width(),
                                               least, window.main_splitter.sizes())
            assert contents.width() <= scroll.viewport().width(), (width, contents.width())
        if width == 1920:
            assert window.main_splitter.sizes()[0] >= first, "the left side has its width back"


def test_the_fits_list_keeps_its_least_width_before_the_tabs_names(pseudo, window, qtbot):
    """At 1366 the tabs' names do not all fit in the pseudo-language: they scroll, and the fits
    list keeps its buttons' words whole ("Plan next study..." was cut, 180 of 223 px)."""
    window.resize(1366, 768)
    pane = window.results_pane
    pane.show_tab("Summary")
    settle(QApplication.instance())
    side = pane.splitter.widget(1)
    assert side.width() >= side.minimumSizeHint().width(), (pane.splitter.sizes(),
                                                            window.main_splitter.sizes())
