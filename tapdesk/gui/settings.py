"""Remembered preferences (QSettings): recent files, window layout, last folder.

Tests isolate these by pointing QSettings at a temporary folder
(see ``tests/gui/conftest.py``); the app uses the native store.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QSettings

ORGANISATION = "TapDesk"
APPLICATION = "TapDesk"
MAX_RECENT = 10


def store() -> QSettings:
    """The settings store, in the current default format.

    ``QSettings(org, app)`` would always use the native format and ignore
    ``QSettings.setPath``; passing the format explicitly lets tests and the
    self-test redirect settings to a folder of their own.
    """
    return QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANISATION, APPLICATION)


def recent_files() -> list[str]:
    value = store().value("recent_files", [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in (value or []) if v]


def add_recent_file(path: str | Path) -> list[str]:
    path = str(Path(path).resolve())
    files = [path] + [f for f in recent_files() if f != path]
    files = files[:MAX_RECENT]
    store().setValue("recent_files", files)
    return files


def clear_recent_files() -> None:
    store().setValue("recent_files", [])


def value(key: str, default=None):
    return store().value(key, default)


def set_value(key: str, val) -> None:
    store().setValue(key, val)


def set_values(values: Mapping[str, object]) -> None:
    """Several values at once, without holding the window: they are set (and seen by every
    reader in this process) at once, and written to disk by a background thread. Every write to
    disk waits for it (~20 ms here, more on a busy machine): one write per value, on the GUI
    thread, held the window 130-280 ms after an export (issue 41)."""
    held = store()
    for key, val in values.items():
        held.setValue(key, val)
    threading.Thread(target=held.sync, name="tapdesk-settings", daemon=True).start()


def folder_of(path: str | Path) -> str:
    """The folder to remember for ``path`` (itself when it is a folder)."""
    return str(Path(path).parent if Path(path).is_file() else path)


def last_folder() -> str:
    return str(store().value("last_folder", str(Path.home())))


def set_last_folder(path: str | Path) -> None:
    store().setValue("last_folder", folder_of(path))
