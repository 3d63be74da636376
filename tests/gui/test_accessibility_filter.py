"""Issue 53, point 1: the app-wide accessibility filter and the dialogs Qt makes itself.

File > Committee pack asks for the pack's title with ``QInputDialog.getText``; the filter,
polishing that dialog's line edit, used a label whose Python wrapper shiboken had already
marked deleted, and the exception, leaving an event filter Qt called from inside the dialog's
``exec``, killed the app (segmentation fault). Each case runs in a process of its own, so a
crash fails the test instead of ending pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.gui

SCRIPT = textwrap.dedent("""
    import os, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit, QMessageBox
    from tapdesk.gui import accessibility
    app = QApplication([])
    accessibility.install(app)
    QTimer.singleShot(30_000, lambda: os._exit(3))      # a dialog left hanging fails too
    if sys.argv[1] == "raising":
        def broken(widget):
            raise ValueError("a naming rule that fails")
        accessibility.name_control = broken

    def answer():
        box = app.activeModalWidget()
        edits = box.findChildren(QLineEdit)
        print("NAME", edits[0].accessibleName() if edits else "-", flush=True)
        box.accept()

    QTimer.singleShot(0, answer)
    print("TEXT", QInputDialog.getText(None, "Committee pack", "Title of the pack:", text="T"))
    QTimer.singleShot(0, answer)
    print("INT", QInputDialog.getInt(None, "Raters", "Raters:", 3))
    QTimer.singleShot(0, answer)
    print("ASK", QMessageBox.question(None, "Question", "Go on?") is not None)
""")


def _run(mode: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-c", SCRIPT, mode], env=env, capture_output=True,
                          text=True, timeout=120)


def test_qt_s_own_input_dialogs_open_and_close_with_the_filter_installed():
    done = _run("real")
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "TEXT ('T', True)" in done.stdout and "INT (3, True)" in done.stdout, done.stdout
    assert "ASK True" in done.stdout
    # and the filter did its work on them: the line edit is named by its label
    assert "NAME Title of the pack" in done.stdout, done.stdout
    assert "Traceback" not in done.stderr, done.stderr[-2000:]


def test_a_failing_naming_rule_is_reported_and_never_reaches_qt():
    done = _run("raising")
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "TEXT ('T', True)" in done.stdout, done.stdout
    assert "ValueError: a naming rule that fails" in done.stderr     # said, as any exception
