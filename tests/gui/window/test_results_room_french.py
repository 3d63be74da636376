"""Issue 54: French at 1280 x 800 and 1366 x 768. The fits list and its buttons were squeezed
to 180 of their 188 px ("Planifier l'étude suivante..." cut) while the tabs beside them had
more than their names need: the list gets its least width back from the tabs, and the window's
left side makes way for the results' least width."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.checks import SIZES
from tapdesk.gui.selftest.layout_check import layout_problems, settle

pytestmark = pytest.mark.gui


@pytest.fixture
def language(request):
    """The app's language before the window is made (as the self-test starts), English after."""
    from tapdesk.gui.language import choose_language
    choose_language(request.param)
    yield request.param
    choose_language("en")


@pytest.mark.parametrize("language", ["fr", "es", "de"], indirect=True)
def test_the_fits_list_keeps_its_least_width(language, window, qtbot):
    code = language
    pane = window.results_pane
    side = pane.splitter.widget(1)
    for width, height in SIZES:                  # as the self-test walks them
        window.resize(width, height)
        QApplication.processEvents()
        for tab in ("Data", "Summary"):
            pane.show_tab(tab)
            settle(QApplication.instance())
            least = max(side.minimumWidth(), side.minimumSizeHint().width())
            assert side.width() >= least, (code, width, side.width(), least, pane.splitter.sizes())
            assert layout_problems(window) == [], (code, width)
