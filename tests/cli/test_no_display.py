"""Issue 44, item 4: a plain ``tapdesk`` with no display (e.g. over SSH) starts nothing and writes
nothing: it says how to start the app or run the self-test, exit status 2. The explicit
``tapdesk --selftest`` still runs headless."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tapdesk.cli.main import main
from tests import ROOT


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the display is DISPLAY or WAYLAND_DISPLAY on Linux only")
def test_plain_tapdesk_without_a_display_says_what_to_do_and_writes_nothing(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, "-m", "tapdesk"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env={**env, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("tapdesk: error: the app needs a display, and none was found "
                                  "(neither DISPLAY nor WAYLAND_DISPLAY is set)")
    assert "tapdesk --selftest" in done.stderr and "on the computer's desktop" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_selftest_still_runs_without_a_display(monkeypatch):
    from tapdesk.gui.selftest import walkthrough
    runs: list[str | None] = []
    monkeypatch.setattr(walkthrough, "run_selftest", lambda out: runs.append(out) or 0)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert main(["--selftest", "--out", "shots"]) == 0
    assert runs == ["shots"]
