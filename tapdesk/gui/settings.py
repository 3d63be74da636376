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
    _settled()
    return _new_store()


def _new_store() -> QSettings:
    return QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANISATION, APPLICATION)


_writing: threading.Thread | None = None
"""The background write of :func:`set_values`, while it may still run."""


def _settled() -> None:
    """Wait for a background write still running (so every reader sees what was set)."""
    global _writing
    if _writing is not None and _writing is not threading.current_thread():
        _writing.join()
        _writing = None


def recent_files() -> list[str]:
    value = store().value("recent_files", [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in (value or []) if v]


def add_recent_file(path: str | Path) -> list[str]:
    return _add_recent(str(Path(path).resolve()))


EXAMPLE_PREFIX = "example:"
"""A built-in example in the recent list: ``example:<key>`` (Help > Examples' key)."""


def add_recent_example(key: str) -> list[str]:
    """Put the built-in example ``key`` at the top of File > Open recent."""
    return _add_recent(f"{EXAMPLE_PREFIX}{key}")


def _add_recent(entry: str) -> list[str]:
    files = [entry] + [f for f in recent_files() if f != entry]
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
    """Several values at once, written to disk by a background thread with a settings object
    of its own (a settings object is used by one thread only). Every write waits for the disk
    (~20 ms here, more on a busy machine): one write per value, on the GUI thread, held the
    window 130-280 ms after an export (issue 41). Any later read waits for this write first,
    so it sees the values."""
    global _writing
    _settled()
    items = dict(values)

    def write() -> None:
        own = _new_store()
        for key, val in items.items():
            own.setValue(key, val)
        own.sync()

    _writing = threading.Thread(target=write, name="tapdesk-settings", daemon=True)
    _writing.start()


def folder_of(path: str | Path) -> str:
    """The folder to remember for ``path`` (itself when it is a folder)."""
    return str(Path(path).parent if Path(path).is_file() else path)


def last_folder() -> str:
    return str(store().value("last_folder", str(Path.home())))


def set_last_folder(path: str | Path) -> None:
    store().setValue("last_folder", folder_of(path))
