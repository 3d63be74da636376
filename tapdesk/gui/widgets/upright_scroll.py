"""A scroll area that scrolls up and down only, and so is never narrower than what it holds.

With its horizontal scroll bar off, whatever its contents need beyond its width is simply cut
(German at 1280: the import preview's column roles needed 242 px in a box the splitter gave
204). Qt takes a scroll area's least width from its frame, not its contents; this one takes its
contents' least width, the vertical scroll bar's beside it, and asks its layout again whenever
the contents change."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class UprightScroll(QScrollArea):
    """A frameless, widget-resizable scroll area without a horizontal scroll bar whose least
    width is its contents' least width (see the module)."""

    def __init__(self, page: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(page)
        page.installEventFilter(self)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        page = self.widget()
        if page is None:
            return hint
        need = page.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width() \
            + 2 * self.frameWidth()
        return QSize(max(hint.width(), need), hint.height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()            # the contents' least width may have changed
        return super().eventFilter(watched, event)
