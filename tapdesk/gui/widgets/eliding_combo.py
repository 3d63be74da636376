"""A combo box that ends a choice too long for it in "…", its tooltip holding the choice whole.

A model's title in German ("t-a-p je Beurteiler (jeder mit eigener Genauigkeit und
Ratewahrscheinlichkeit)", 506 px) is wider than the Analysis pane's combo box (426 px at
1280): Qt's combo box cuts it mid-word. This one draws it elided, as a table's cell is, and
its tooltip starts with the whole choice; the popup shows every entry whole as before.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QToolTip

TEXT_MARGIN = 2
"""The style draws a combo box's text a pixel in from each side."""


class ElidingComboBox(QComboBox):
    """A :class:`QComboBox` whose shown choice is elided to its field ("…"), never cut."""

    def _option(self) -> QStyleOptionComboBox:
        opt = QStyleOptionComboBox()
        self.initStyleOption(opt)
        return opt

    def text_room(self) -> int:
        """The pixels the shown choice has (the edit field less the style's margins)."""
        opt = self._option()
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        room = field.width() - TEXT_MARGIN
        if not self.itemIcon(self.currentIndex()).isNull():
            room -= self.iconSize().width() + 4
        return room

    def shown_text(self) -> str:
        """The choice as drawn: whole, or elided to :meth:`text_room`."""
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideRight,
                                             self.text_room())

    def elided(self) -> bool:
        return self.shown_text() != self.currentText()

    def full_tip(self) -> str:
        """The tooltip shown: the whole choice first when it is elided, then the box's own."""
        own = self.toolTip()
        if not self.elided():
            return own
        return f"{self.currentText()}\n\n{own}" if own else self.currentText()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.isEditable():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        opt = self._option()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, opt)
        opt.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, opt)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.elided():
            QToolTip.showText(event.globalPos(), self.full_tip(), self)
            return True
        return super().event(event)
