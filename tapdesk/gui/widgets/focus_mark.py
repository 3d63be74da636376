"""A clearly visible focus mark: a 2-pixel ring in the accent colour round the focused control.

Fusion's own focus mark is a faint 1-pixel line. A style sheet ``:focus``
border would switch buttons, combo and spin boxes to style-sheet drawing
(flat, other arrows, another size) the moment they take focus; instead one
transparent overlay follows the focus and paints the ring along the inner
edge of the focused control, over its own border, without moving anything.
Being a child of that control it is never clipped by a neighbour or a
scroll area, and it ignores the mouse and never takes focus itself.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QMenu, QMenuBar, QWidget

WIDTH = 2


class FocusRing(QWidget):
    """The ring: a transparent child laid over the whole focused control."""

    def __init__(self, colour: str) -> None:
        super().__init__()
        self.colour = QColor(colour)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.target: QWidget | None = None
        self._fitting = False

    def put_on(self, target: QWidget | None) -> None:
        """Lay the ring over ``target`` (None: hide it)."""
        old = self.target
        if old is not None and shiboken6.isValid(old):
            old.removeEventFilter(self)
        self.target = target
        if target is None:
            self.hide()
            return
        self.setParent(target)
        target.installEventFilter(self)
        self._fit()
        self.show()

    def _fit(self) -> None:
        if self._fitting:       # raising the ring can tell its target of a child again
            return
        self._fitting = True
        try:
            self.setGeometry(self.target.rect())
            self.raise_()
        finally:
            self._fitting = False

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self.target and event.type() in (QEvent.Type.Resize, QEvent.Type.ChildAdded):
            self._fit()
        return False

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.colour, WIDTH))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = WIDTH / 2
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(half, half, -half, -half), 3, 3)


def marked(widget: QWidget | None) -> QWidget | None:
    """The control the ring goes round: a spin or combo box rather than its inner line edit."""
    if widget is None or isinstance(widget, (QMenu, QMenuBar)) or widget.isWindow():
        return None
    parent = widget.parentWidget()
    if isinstance(parent, (QAbstractSpinBox, QComboBox)):
        return parent
    return widget


class FocusMark(QObject):
    """Moves one ring to each newly focused control (a new ring if its window was closed)."""

    def __init__(self, app: QApplication, colour: str) -> None:
        super().__init__(app)
        self.setObjectName("tapdesk-focus-mark")
        self.colour = colour
        self.ring: FocusRing | None = None
        app.focusChanged.connect(self.follow)

    def follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        target = marked(new)
        if self.ring is not None and not shiboken6.isValid(self.ring):
            self.ring = None                 # deleted with the dialog it was in
        if target is None:
            if self.ring is not None:
                self.ring.put_on(None)
            return
        if self.ring is None:
            self.ring = FocusRing(self.colour)
        self.ring.put_on(target)

    def widget(self) -> QWidget | None:
        """The control that carries the ring now (None: no ring shown)."""
        ring = self.ring
        return ring.target if ring is not None and shiboken6.isValid(ring) and ring.isVisible() \
            else None


_MARK: FocusMark | None = None


def install(app: QApplication, colour: str) -> FocusMark:
    """The application's focus mark (made once)."""
    global _MARK
    if _MARK is None or not shiboken6.isValid(_MARK):
        _MARK = FocusMark(app, colour)
    return _MARK


def current() -> FocusMark | None:
    return _MARK if _MARK is not None and shiboken6.isValid(_MARK) else None
