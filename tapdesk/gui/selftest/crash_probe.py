"""A TapDesk window that is killed on purpose, to prove that recovery works.

The self-test and the tests start a second TapDesk process (the same
program, headless) with ``TAPDESK_CRASH_PROBE=<mode>:<folder>``. It opens an
example, makes two fits (each written to its recovery copy as it finishes),
prints ``READY <fits>``, and then, by ``mode``:

* ``idle`` - waits (killed right after its fits);
* ``fitting`` - starts a long fit, prints ``FITTING`` (killed mid-fit);
* ``saving`` - opens a million ratings beside the example and saves the
  project to ``<folder>/saving.tapdesk`` over and over, printing ``SAVED``
  after each (killed in the middle of a save).

The parent kills it with SIGKILL (``kill -9``; TerminateProcess on Windows),
so nothing of TapDesk's own shutdown runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

PROBE_ENV = "TAPDESK_CRASH_PROBE"
MODES = ("idle", "fitting", "saving")


def probe_command() -> list[str]:
    """The command that starts this same TapDesk headless (the frozen bundle included)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--selftest"]
    return [sys.executable, "-m", "tapdesk", "--selftest"]


def start_probe(mode: str, folder: Path, autosave_dir: Path) -> subprocess.Popen:
    env = dict(os.environ, **{PROBE_ENV: f"{mode}:{folder}", "TAPDESK_AUTOSAVE_DIR": str(autosave_dir),
                              "QT_QPA_PLATFORM": "offscreen"})
    return subprocess.Popen(probe_command(), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)


def wait_for(proc: subprocess.Popen, word: str, timeout: float = 180.0) -> str | None:
    """The probe's first output line starting with ``word`` (None if it ended or took too long)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            return None
        if line.startswith(word):
            return line.strip()
    return None


def kill(proc: subprocess.Popen) -> None:
    """``kill -9``: the process gets no chance to clean up."""
    proc.kill()
    proc.wait(30)
    if proc.stdout is not None:
        proc.stdout.close()


# ----------------------------------------------------------------- the probe
def _wait_idle(app, window, timeout: float = 300.0) -> None:
    deadline = time.monotonic() + timeout
    while window.controller.running and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)
    app.processEvents()


def run_probe(spec: str) -> int:
    """Runs in the killed process (started through ``tapdesk --selftest`` with PROBE_ENV set)."""
    mode, _, folder = spec.partition(":")
    from PySide6.QtCore import QSettings
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)      # never the user's own settings
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(Path(folder) / "settings"))
    from tapdesk.gui.app import make_app
    from tapdesk.gui.window.main_window import MainWindow
    from tapdesk.gui.window.menus import load_example
    app = make_app(["tapdesk-crash-probe"])
    window = MainWindow()
    load_example(window, "medals")
    for model in ("tap", "tap-a0a1"):
        window.model_pane.select(model, "mle")
        window.start_fit()
        _wait_idle(app, window)
    print(f"READY {len(window.results_pane.entries)}", flush=True)
    if mode == "fitting":
        window.model_pane.select("tap", "mle")
        window.model_pane.bootstrap.setValue(5000)
        window.start_fit()
        app.processEvents()              # the recovery copy naming the running fit is written
        window.autosaver.wait()
        print("FITTING", flush=True)
    elif mode == "saving":
        from tapdesk.gui.project import file as project
        load_example(window, "large")
        target = Path(folder) / "saving.tapdesk"
        while True:
            project.save(window, target)
            print("SAVED", flush=True)
    while True:                                   # wait for the kill
        app.processEvents()
        time.sleep(0.01)
