"""Issue 53: scripts/realwindow.sh's screenshots of the layout walk said "-1280x800" at every
size it ran (the size the walk tries first); on a real display they are now taken at the first
window's place and named by its screen ("1920x1080@1.5" at 150%)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QRect

from tapdesk.gui.selftest import checks

pytestmark = pytest.mark.gui


class _Screen:
    def __init__(self, width: int, height: int, ratio: float) -> None:
        self._geometry, self._ratio = QRect(0, 0, width, height), ratio

    def geometry(self) -> QRect:
        return self._geometry

    def devicePixelRatio(self) -> float:
        return self._ratio


@pytest.mark.parametrize("logical, ratio, name", [((1280, 800), 1.0, "1280x800"),
                                                  ((1366, 768), 1.0, "1366x768"),
                                                  ((1280, 720), 1.5, "1920x1080@1.5")])
def test_a_screen_is_named_as_realwindow_names_it(logical, ratio, name):
    window = SimpleNamespace(screen=lambda: _Screen(*logical, ratio))
    assert checks.screen_name(window) == name


def _walk(window, app, first):
    shots = []
    walk = SimpleNamespace(window=window, app=app, first_geometry=first, layout_problems=[],
                           accessibility_problems=[], shot=lambda name, widget=None: shots.append(name))
    checks.walk_layout(walk, "empty", ("Data",))
    return shots


def test_on_a_real_display_the_screenshot_carries_the_screen_s_size(window, app, monkeypatch):
    monkeypatch.setattr(checks, "screen_name", lambda w: "1920x1080@1.5")
    assert _walk(window, app, QRect(0, 0, 1270, 690)) == ["empty-1920x1080@1.5"]


def test_offscreen_the_screenshot_is_the_first_size_s(window, app):
    assert _walk(window, app, None) == ["empty-1280x800"]
