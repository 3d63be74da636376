"""Files the operating system asks TapDesk to open while it runs (macOS "open document").

On macOS a double-clicked ``.tapdesk`` file, a file dropped on the Dock icon or
"Open With > TapDesk" does not arrive as a command-line argument: the system
sends an open-document event, which Qt turns into a :class:`QFileOpenEvent`
sent to the application object, both when the click starts TapDesk and when
TapDesk is already running. (The bundle is built without PyInstaller's
``argv_emulation``, so the event reaches Qt.) On Windows and Linux the file
comes as an argument (``tapdeskw.exe "%1"``, ``tapdesk %f``) and no such event
is sent, so the filter is harmless there.

:func:`install_file_open_handler` installs an event filter on the application
that hands each such file to ``open_path`` (the main window's
:meth:`open_path`: a project or a ratings file).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent


class FileOpenFilter(QObject):
    """Calls ``open_path`` with the file of every :class:`QFileOpenEvent` the application gets."""

    def __init__(self, parent: QObject, open_path: Callable[[str], object]) -> None:
        super().__init__(parent)
        self.open_path = open_path

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:   # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            path = event.file()
            if path:
                self.open_path(path)
                return True
        return False


def install_file_open_handler(app: QObject, open_path: Callable[[str], object]) -> FileOpenFilter:
    """Open the files the system sends to ``app`` with ``open_path``; returns the filter."""
    handler = FileOpenFilter(app, open_path)
    app.installEventFilter(handler)
    return handler
