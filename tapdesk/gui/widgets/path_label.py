"""A saved file's or folder's path on one line (issue 79): never wrapped after a "/" (a long
path read "/home/dr-mueller/" on one line and the rest on the next), elided in the middle when
it is wider than the room it has, the whole path in its tooltip and selectable text."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class PathLabel(QLabel):
    """``path`` whole when it fits the label's width, else elided in the middle."""

    def __init__(self, path: str | Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = str(path)
        self.setWordWrap(False)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setToolTip(self.path)
        self.setAccessibleName(self.path)
        # its width follows the box, not the path: a long path is elided, never widens it
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(1)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        room = self.contentsRect().width()
        self.setText(self.fontMetrics().elidedText(self.path, Qt.TextElideMode.ElideMiddle, room))
