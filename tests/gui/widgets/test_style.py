"""The app's look without an application style sheet (issue 41: with one, every widget went
through Qt's style-sheet engine, 20-25 ms of the first window)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QStyle, QVBoxLayout

from tapdesk.gui import style

pytestmark = pytest.mark.gui


def test_no_application_style_sheet_and_the_tapdesk_style(app):
    assert app.styleSheet() == ""
    assert isinstance(app.style(), style.TapDeskStyle)
    assert app.style().baseStyle().name().lower() == "fusion"


def test_a_group_box_title_is_bold_and_whole(app, qtbot):
    title = "Class 1 (for the two-class models)"
    box = QGroupBox(title)
    QVBoxLayout(box).addWidget(QLabel("inside"))
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    bold = QFont(box.font())
    bold.setBold(True)
    need = QFontMetrics(bold).horizontalAdvance(title)
    assert need > QFontMetrics(box.font()).horizontalAdvance(title)
    box.resize(box.minimumSizeHint())
    from PySide6.QtWidgets import QStyleOptionGroupBox
    option = QStyleOptionGroupBox()
    box.initStyleOption(option)
    label = box.style().subControlRect(QStyle.ComplexControl.CC_GroupBox, option,
                                       QStyle.SubControl.SC_GroupBoxLabel, box)
    assert label.width() >= need                       # room for the bold title
    assert label.right() <= box.rect().right()         # inside the box at its least width
    assert not box.font().bold()                       # its controls keep the plain font
    assert not box.findChild(QLabel).font().bold()


def test_named_widgets_keep_their_look(app):
    title = style.pane_title(QLabel("Data"))
    assert title.font().bold() and title.font().pointSizeF() == 13
    button = style.main_button(QPushButton("Fit"))
    assert button.objectName() == "fitButton" and "bold" in button.styleSheet()
