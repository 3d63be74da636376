"""Errors as plain messages with the details folded away (never a crash)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from tapdesk.i18n import _


def show_error(parent: QWidget, message: str, details: str = "") -> QMessageBox:
    """Open (not exec) a warning box, so the app and tests keep running."""
    old = getattr(parent, "error_box", None)
    if old is not None:
        try:
            old.close()
        except RuntimeError:
            pass
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("TapDesk")
    box.setText(message)
    box.setInformativeText(_("Your data and earlier results are unchanged."))
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setAccessibleName("Error message")
    parent.error_box = box
    box.open()
    return box


def cause_words(exc: BaseException) -> str:
    """The cause of ``exc`` for a message: an OSError's own words ("Permission denied"),
    without its error number and quoted file name (whose backslashes Python doubles in a
    Windows path: 'C:\\\\Users\\\\ann'); any other error as it reads."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)
