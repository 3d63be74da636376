"""Issue 44, item 4: the self-test has a profile of its own and leaves no trace in the user's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tapdesk.gui import settings
from tapdesk.gui.project.autosave import autosave_folder
from tapdesk.gui.selftest.own_profile import FOLDERS, own_profile

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[3]


def test_own_profile_holds_qt_and_tapdesk_settings_and_is_removed_after(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    with own_profile() as profile:
        qt_own = QSettings(QSettings.Scope.UserScope, "QtProject")     # where the file dialog writes
        qt_own.setValue("FileDialog/history", ["file:///somewhere"])
        qt_own.sync()
        settings.add_recent_file(tmp_path / "ratings.csv")
        assert Path(qt_own.fileName()).parent == profile / "config"
        assert Path(settings.store().fileName()).is_relative_to(profile / "config")
        assert autosave_folder() == profile / "autosave"
        assert all(os.environ[name] == str(profile / folder) for name, folder in FOLDERS.items())
        assert (profile / "config" / "QtProject.conf").is_file()
    assert not profile.exists()
    assert os.environ["XDG_CONFIG_HOME"] == str(tmp_path / "user-config")
    assert "XDG_STATE_HOME" not in os.environ
    assert os.environ["TAPDESK_AUTOSAVE_DIR"] == str(tmp_path / "autosave")   # tests/gui/conftest.py
    assert not (tmp_path / "user-config").exists()


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.slow
def test_selftest_leaves_nothing_in_the_home_or_the_temporary_folder(tmp_path):
    """The whole self-test (about 15 s), as a user starts it, in an empty home of its own."""
    home, temp, out = tmp_path / "home", tmp_path / "tmp", tmp_path / "out"
    home.mkdir()
    temp.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("XDG_") and k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                       "TAPDESK_AUTOSAVE_DIR")}
    env.update(HOME=str(home), TMPDIR=str(temp), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "tapdesk", "--selftest", "--out", str(out)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=480)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert "File > Open dialog opens and closes" in line["steps"]      # Qt's file dialog ran
    assert "recovery after a killed process names the data and brings back every fit" in line["steps"]
    assert _files(home) == []
    assert _files(temp) == []                                          # its profile is gone too
    assert (out / "report.pdf").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "out", "tmp"]
