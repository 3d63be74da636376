"""Start the desktop app, or the headless self-test when there is no display."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tapdesk.render.display import has_display, no_display_reason


def launch_app(*, selftest: bool = False, out: str | None = None,
               files: Sequence[Path] = ()) -> int:
    """Open the main window (with ``files`` opened in it); with no display, fall back to the
    self-test, or, when files were given, say in one line that opening them needs a display."""
    if files and not has_display():
        names = ", ".join(path.name for path in files)
        print(f"tapdesk: error: opening {names} needs a display, and none was found "
              f"({no_display_reason()}); the command line works without one: see tapdesk --help",
              file=sys.stderr)
        return 2
    if selftest or not has_display():
        if not selftest:
            print("tapdesk: no display found; running the headless self-test instead "
                  f"(screenshots in {out or 'out/selftest'})", file=sys.stderr)
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from tapdesk.gui.selftest.walkthrough import run_selftest
        return run_selftest(out)
    from tapdesk.gui.app import run_app
    return run_app(files=[str(path) for path in files])
