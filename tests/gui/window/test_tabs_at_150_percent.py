"""Issue 79 (a committee's first look): on a 1280 x 800 screen at 150% (QT_SCALE_FACTOR=1.5, 853 x
533 in Qt's pixels) the results' tabs were narrowed to "Su…", "Ra…", "S…", "C…": Summary and
Subjects, Compare and Progress could not be told apart. Where the bar has no room for names a
reader can tell apart, the tabs keep their whole names and the bar scrolls; View's entries reach
every tab and bring it into view. At 1280 x 800 the bar does not scroll (every name fits)."""

from __future__ import annotations

import pytest

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.window.menus import RESULT_TABS

pytestmark = pytest.mark.gui

AT_150 = (853, 533)
"""A 1280 x 800 screen at 150%, in Qt's pixels (the window at the size of the screen)."""


def _whole(bar, i: int) -> bool:
    return bar.fontMetrics().horizontalAdvance(bar.tabText(i)) + 8 <= bar.tabRect(i).width() + 2


def test_at_150_percent_every_tab_keeps_its_name_and_is_reached(window, app):
    pane = window.results_pane
    window.setMinimumSize(600, 400)          # as a small screen lowers it (screen_fit.py)
    window.resize(*AT_150)
    settle(app)
    bar = pane.tabs.tabBar()
    assert pane.tabs.width() < bar.sizeHint().width()          # the names cannot all fit
    assert all(_whole(bar, i) for i in range(bar.count())), [bar.tabText(i) for i in range(bar.count())]
    assert pane.tabs.usesScrollButtons()                       # the bar's arrows reach them
    for i, name in enumerate(RESULT_TABS):
        getattr(window, f"action_view_{i}").trigger()          # View > Summary, ... (Ctrl+1...9)
        settle(app)
        current = pane.tabs.currentIndex()
        assert bar.tabText(current) == name
        rect = bar.tabRect(current)
        assert rect.left() >= 0 and rect.right() <= bar.width(), (name, rect, bar.width())
        assert [p for p in layout_problems(window) if p.startswith("tab '")] == [], name
    window.resize(1280, 800)                 # room again: every tab in view, none scrolled
    settle(app)
    assert not pane.tabs.usesScrollButtons()
    assert all(_whole(bar, i) for i in range(bar.count()))
