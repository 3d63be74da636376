"""The self-test walks the window at the sizes issue 54 names: 1280 x 800, 1366 x 768 and
1920 x 1080 at 150% (the first window on a screen of 1280 x 720 in Qt's pixels)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize

from tapdesk.gui.screen_fit import first_geometry
from tapdesk.gui.selftest.checks import SIZES
from tapdesk.gui.window.main_window import FIRST_SIZE


def test_the_walk_meets_a_full_hd_screen_at_150_percent():
    first = first_geometry(QSize(*FIRST_SIZE), QRect(0, 0, 1280, 720))
    assert (first.width(), first.height()) in SIZES
    assert {(1280, 800), (1366, 768)} <= set(SIZES)
