"""A list whose items wrap onto new rows and that grows to show them all (up to a few rows)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QListView, QListWidget


class WrapList(QListWidget):
    """Items left to right, wrapping onto new rows; as tall as its rows (up to ``max_rows``).

    A single-row strip squeezed every category into a sliver once a scale had
    more than a few; this list always shows each item whole.
    """

    def __init__(self, max_rows: int = 4) -> None:
        super().__init__()
        self.max_rows = max_rows
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSpacing(2)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        plain_frame(self)
        self._fit()

    def _row_height(self) -> int:
        return self.fontMetrics().height() + 12

    def _fit(self) -> None:
        rows = 1
        if self.count():
            bottom = max(self.visualItemRect(self.item(i)).bottom()
                         for i in range(self.count())) + self.verticalScrollBar().value()
            rows = max(1, -(-(bottom + 4) // self._row_height()))
        rows = min(rows, self.max_rows)
        self.setFixedHeight(rows * self._row_height() + 2 * self.frameWidth() + 4)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.doItemsLayout()
        self._fit()

    def refit(self) -> None:
        self.doItemsLayout()
        self._fit()


def plain_frame(frame: QFrame) -> None:
    """A one-pixel box in the style's outline grey, drawn as filled rectangles: the style's own
    panel frame lost its top and bottom lines at 150% (a line drawn at half a device pixel where
    the widget's logical top is odd; the Class 1 categories' frame, issue 53)."""
    frame.setFrameShape(QFrame.Shape.Box)
    frame.setFrameShadow(QFrame.Shadow.Plain)
    frame.setLineWidth(1)
    palette = frame.palette()
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.WindowText,
                         palette.color(group, QPalette.ColorRole.Mid))
    frame.setPalette(palette)
