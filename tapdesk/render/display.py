"""Is there a screen to draw on? Decided here, by the renderer itself, for the app and the command line.

With none (a server, SSH, CI), Qt draws offscreen: the pages and pictures are the same.
"""

from __future__ import annotations

import os
import sys


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("QT_QPA_PLATFORM", "") == "offscreen":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def no_display_reason() -> str:
    """Why :func:`has_display` found none, in words."""
    if os.environ.get("QT_QPA_PLATFORM", "") == "offscreen":
        return "QT_QPA_PLATFORM is 'offscreen'"
    return "neither DISPLAY nor WAYLAND_DISPLAY is set"


def draw_offscreen_without_display() -> None:
    """Before Qt starts: have it draw offscreen when there is no display to open."""
    if not has_display():
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
