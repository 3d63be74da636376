"""Start the desktop app, or the self-test when asked for.

With no display (a server, SSH) the plain ``tapdesk`` starts nothing and writes nothing: it
says how to start the app and how to run the self-test, exit status 2. Only
``tapdesk --selftest`` runs the self-test (with or without a display).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tapdesk.render.display import has_display, no_display_reason

NO_DISPLAY_STATUS = 2


def launch_app(*, selftest: bool = False, out: str | None = None,
               files: Sequence[Path] = ()) -> int:
    """Open the main window (with ``files`` opened in it), or run the self-test; with no
    display and no ``selftest``, say how to start either (status 2)."""
    if selftest:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")     # unless a platform is chosen
        from tapdesk.gui.selftest.walkthrough import run_selftest
        return run_selftest(out)
    if not has_display():
        sys.stderr.write(no_display_text(files))
        return NO_DISPLAY_STATUS
    from tapdesk.gui.app import run_app
    return run_app(files=[str(path) for path in files])


def no_display_text(files: Sequence[Path] = ()) -> str:
    """What to do when there is no display: one line when files were to be opened, else how
    to start the app and how to run the self-test."""
    reason = no_display_reason()
    if files:
        names = ", ".join(path.name for path in files)
        return (f"tapdesk: error: opening {names} needs a display, and none was found "
                f"({reason}); the command line works without one: see tapdesk --help\n")
    return (f"tapdesk: error: the app needs a display, and none was found ({reason}).\n"
            "  To start the app: run tapdesk on the computer's desktop (or from its menu).\n"
            "  To check that TapDesk works here: tapdesk --selftest [--out FOLDER]\n"
            "  The commands work without a display: see tapdesk --help\n")
