"""A row of controls that wraps onto a second line where the width ends, as words do.

A row of buttons (or a label, a chooser and buttons) in a box layout is never narrower than
all of them side by side: in the pseudo-language at 1280 the Plots tab's row held the results'
tabs at 587 px, the Raters tab's buttons at 567, and the fits list beside them was squeezed
below its "Plan next study..." button (issue 54). This row is as narrow as its widest control;
narrower than the whole row, the controls that do not fit go to the next line.

An item whose horizontal size policy expands (a chooser) takes its least width when the lines
are made, and the room left on its line after; without one, a line's items stand at its right
end (``right=True``, buttons under a note) or at its left end.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QWidget


class FlowRow(QLayout):
    """Controls left to right, wrapping onto new lines (see the module)."""

    def __init__(self, parent: QWidget | None = None, right: bool = False) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.right = right
        self.setContentsMargins(0, 0, 0, 0)

    # ---------------------------------------------------------------- QLayout
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """All on one line."""
        shown = self._shown()
        width = sum(self._width(i) for i in shown) + self._spacing() * max(len(shown) - 1, 0)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width, height) + self._margins()

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        """As wide as its widest item, as tall as one line: its height for a width is
        :meth:`heightForWidth`'s."""
        shown = self._shown()
        width = max((self._width(i) for i in shown), default=0)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width, height) + self._margins()

    # ---------------------------------------------------------------- lines
    def lines(self, width: int) -> list[list[QLayoutItem]]:
        """The items, line by line, for ``width`` pixels (margins included)."""
        left, _, right, _ = self.getContentsMargins()
        room = width - left - right
        lines: list[list[QLayoutItem]] = []
        used = 0
        for item in self._shown():
            need = self._width(item)
            if lines and used + self._spacing() + need <= room:
                lines[-1].append(item)
                used += self._spacing() + need
            else:
                lines.append([item])
                used = need
        return lines

    def _arrange(self, rect: QRect, place: bool) -> int:
        left, top, right, bottom = self.getContentsMargins()
        room = rect.width() - left - right
        y = rect.y() + top
        for line in self.lines(rect.width()):
            height = max(i.sizeHint().height() for i in line)
            widths = [self._width(i) for i in line]
            spare = max(room - sum(widths) - self._spacing() * (len(line) - 1), 0)
            growing = [k for k, i in enumerate(line) if self._expands(i)]
            for k in growing:
                widths[k] += spare // len(growing)
            x = rect.x() + left + (spare if self.right and not growing else 0)
            for item, w in zip(line, widths, strict=True):
                if place:
                    item.setGeometry(QRect(QPoint(x, y + (height - item.sizeHint().height()) // 2),
                                           QSize(w, item.sizeHint().height())))
                x += w + self._spacing()
            y += height + self._spacing()
        return y - self._spacing() - rect.y() + bottom if self._shown() else top + bottom

    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _width(self, item: QLayoutItem) -> int:
        """What an item takes on its line: its least width when it expands, else its hint."""
        if self._expands(item):
            return max(item.minimumSize().width(), 1)
        return max(item.sizeHint().width(), item.minimumSize().width())

    @staticmethod
    def _expands(item: QLayoutItem) -> bool:
        return bool(item.expandingDirections() & Qt.Orientation.Horizontal)

    def _spacing(self) -> int:
        gap = self.spacing()
        if gap >= 0:
            return gap
        parent = self.parentWidget()
        return parent.style().layoutSpacing(QSizePolicy.ControlType.PushButton,
                                            QSizePolicy.ControlType.PushButton,
                                            Qt.Orientation.Horizontal) if parent else 6

    def _margins(self) -> QSize:
        left, top, right, bottom = self.getContentsMargins()
        return QSize(left + right, top + bottom)
