"""The mouse wheel changes a setting only in the control the user has clicked or tabbed into.

Scrolling the options pane, a spin box that slid under the pointer took the
wheel and changed the seed (20261121 -> 20261116) without a word. With
:func:`install_wheel_guard` (once per application, from
:func:`tapdesk.gui.app.make_app`) spin boxes, combo boxes and sliders take
focus by click or Tab only (``Qt.StrongFocus``, not by the wheel) and take the
wheel only when they have the focus; otherwise the wheel scrolls the pane
around them.

The guard is an event filter on each such control, put there whenever a
window becomes the active one (every window and dialog the user works in)
or by :func:`guard_wheel`. An event filter on the whole application would
see every event of every widget in Python: resizing and painting the main
window took half as long again (measured), too dear for a GUI that must not
stall during fits.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent, QWindow
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDial,
    QSlider,
    QWidget,
)

GUARDED = (QAbstractSpinBox, QComboBox, QSlider, QDial)
"""The controls whose value the wheel changes (scroll bars take the wheel always: their job)."""
GUARD_NAME = "tapdesk-wheel-guard"


def _scroll_view(widget: QWidget) -> QWidget | None:
    """The viewport of the nearest scroll area around ``widget`` (the pane the wheel should move)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent.viewport()
        parent = parent.parentWidget()
    return None


class WheelGuard(QObject):
    """Event filter of the guarded controls: unfocused, they pass the wheel to their pane."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Wheel and isinstance(obj, GUARDED) and not obj.hasFocus():
            return self._pass_on(obj, event)
        return False

    @staticmethod
    def _pass_on(control: QWidget, event: QWheelEvent) -> bool:
        """Scroll the pane around ``control`` instead of changing its value."""
        view = _scroll_view(control)
        if view is None:                       # nothing to scroll: Qt passes it to the parents
            event.ignore()
            return True
        pos = QPointF(control.mapTo(view, event.position().toPoint()))
        forwarded = QWheelEvent(pos, event.globalPosition(), event.pixelDelta(), event.angleDelta(),
                                event.buttons(), event.modifiers(), event.phase(), event.inverted(),
                                event.source(), event.pointingDevice())
        QApplication.sendEvent(view, forwarded)
        event.accept()                         # handled here: no second scroll by propagation
        return True

    def guard(self, root: QWidget) -> None:
        """Guard every value control in ``root`` (again is harmless)."""
        for kind in GUARDED:
            for control in root.findChildren(kind) + ([root] if isinstance(root, kind) else []):
                if control.property("tapdeskWheelGuard"):
                    continue
                control.setProperty("tapdeskWheelGuard", True)
                if control.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                    control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # no focus by the wheel
                control.installEventFilter(self)

    def window_activated(self, window: QWindow | None) -> None:
        for top in QApplication.topLevelWidgets():
            if window is not None and top.windowHandle() is window:
                self.guard(top)


def install_wheel_guard(app: QApplication) -> WheelGuard:
    """Guard the controls of every window as it becomes active (once per application)."""
    guard = app.findChild(WheelGuard, GUARD_NAME)
    if guard is None:
        guard = WheelGuard(app)
        guard.setObjectName(GUARD_NAME)
        app.focusWindowChanged.connect(guard.window_activated)
    return guard


def guard_wheel(root: QWidget) -> None:
    """Guard ``root``'s controls now (for controls made after their window became active)."""
    app = QApplication.instance()
    if app is not None:
        install_wheel_guard(app).guard(root)
