"""Start the desktop app, or the headless self-test when there is no display."""

from __future__ import annotations

import os
import sys


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("QT_QPA_PLATFORM", "") == "offscreen":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def launch_app(*, selftest: bool = False, out: str | None = None) -> int:
    """Open the main window; with no display, fall back to the self-test."""
    if selftest or not has_display():
        if not selftest:
            print("tapdesk: no display found; running the headless self-test instead "
                  f"(screenshots in {out or 'out/selftest'})", file=sys.stderr)
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from tapdesk.gui.selftest import run_selftest
        return run_selftest(out)
    from tapdesk.gui.app import run_app
    return run_app()
