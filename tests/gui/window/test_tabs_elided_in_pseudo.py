"""Issue 54: the results' nine tabs in the pseudo-language at 1280 x 800 and 1366 x 768, where
their names need about 925 px. The tab bar scrolled: most tabs were reached only by its arrows,
and the self-test counted each one scrolled out in each state (most of its 191 layout problems).
Now every tab stays in the bar, a name without room ends in "…" and its tooltip holds it whole;
in English and German, where the names fit, nothing is elided."""

from __future__ import annotations

import pytest

from tapdesk.gui.selftest.checks import SIZES
from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tests.gui.window.test_window_in_languages import pseudo_window  # noqa: F401 - the fixture

pytestmark = pytest.mark.gui


def _tab_problems(window) -> list[str]:
    return [p for p in layout_problems(window) if p.startswith("tab '")]


def test_every_tab_in_view_in_the_pseudo_language(pseudo_window, app):  # noqa: F811
    window = pseudo_window
    window.action_language_qps.trigger()
    pane = window.results_pane
    bar = pane.tabs.tabBar()
    assert not pane.tabs.usesScrollButtons()
    elided = 0
    for width, height in SIZES:
        window.resize(width, height)
        for i in range(pane.tabs.count()):
            pane.tabs.setCurrentIndex(i)
            settle(app)
            assert _tab_problems(window) == [], (width, i)
            for j in range(bar.count()):
                rect = bar.tabRect(j)
                assert rect.left() >= 0 and rect.right() <= bar.width(), (width, bar.tabText(j))
                assert bar.tabToolTip(j) == bar.tabText(j) and bar.tabText(j).startswith("[")
                need = bar.fontMetrics().horizontalAdvance(bar.tabText(j)) + 8
                elided += need > rect.width() + 2
    assert elided, "the pseudo-language's names fit at 1280: nothing tested"


@pytest.mark.parametrize("code", ["en", "de"])
def test_tabs_whole_where_they_fit(code, window, app):
    from tapdesk.gui.language import apply_language
    apply_language(code)
    try:
        window.resize(1280, 800)
        settle(app)
        bar = window.results_pane.tabs.tabBar()
        fm = bar.fontMetrics()
        for j in range(bar.count()):
            assert fm.horizontalAdvance(bar.tabText(j)) + 8 <= bar.tabRect(j).width() + 2, \
                bar.tabText(j)
    finally:
        apply_language("en")
