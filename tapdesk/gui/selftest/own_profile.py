"""The self-test's own profile: it leaves no trace in the user's (issue 44).

The self-test runs on a user's own account (from ``start.sh``, CI, the installed app), yet
everything it would remember belongs to no one: TapDesk's settings (recent files, last
folder, window layout), its recovery copies, and Qt's own files, among them the file
dialog's history (``QtProject.conf``, which Qt writes whenever a file dialog closes) and
the font and shader caches. :func:`own_profile` moves all of them into one new temporary
folder for the length of the self-test and removes it afterwards:

* ``XDG_CONFIG_HOME``, ``XDG_DATA_HOME``, ``XDG_CACHE_HOME`` and ``XDG_STATE_HOME`` name
  its subfolders (Qt's ``QStandardPaths`` and ``QSettings`` on Linux, fontconfig and Mesa
  read them; the crash probe and the fit workers inherit them);
* ``QSettings``' user paths, native and INI, point at its ``config`` folder, in case a
  ``QSettings`` was already made before the environment changed (Qt reads it only once);
  TapDesk's own settings use the INI format, so they land there on every platform;
* ``TAPDESK_AUTOSAVE_DIR`` is its ``autosave`` folder.

The normal app never calls this: it keeps the user's real settings. What stays outside on
Windows and macOS: Qt's native settings there are the registry and the preferences
database, which ``QSettings.setPath`` cannot move, so the file dialog's history of the
self-test's one File > Open goes there.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QSettings

FOLDERS = {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_CACHE_HOME": "cache",
           "XDG_STATE_HOME": "state", "TAPDESK_AUTOSAVE_DIR": "autosave"}
"""Each environment variable the self-test sets, and its folder inside the profile."""


@contextmanager
def own_profile() -> Iterator[Path]:
    """A new temporary profile for everything Qt and TapDesk remember; yields its folder.

    On leaving, the environment is as it was and the folder is gone (the self-test's
    screenshots, report and project are in its ``--out`` folder, never here).
    """
    profile = Path(tempfile.mkdtemp(prefix="tapdesk-selftest-profile-")).resolve()
    before = {name: os.environ.get(name) for name in FOLDERS}
    try:
        for name, folder in FOLDERS.items():
            (profile / folder).mkdir(mode=0o700)
            os.environ[name] = str(profile / folder)
        config = str(profile / "config")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(settings_format, QSettings.Scope.UserScope, config)
        yield profile
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(profile, ignore_errors=True)
