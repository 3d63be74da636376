"""The row of controls that wraps onto a new line where its width ends (issue 54)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from tapdesk.gui.widgets.flow_row import FlowRow

pytestmark = pytest.mark.gui


def _row(qtbot, right: bool = False):
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    row = FlowRow(right=right)
    buttons = [QPushButton(text) for text in ("Feedback for each rater...", "Check this rater...")]
    for button in buttons:
        row.addWidget(button)
    layout.addLayout(row)
    layout.addStretch(1)
    page.show()
    return page, row, buttons


def test_side_by_side_where_they_fit_one_under_the_other_where_not(qtbot, app):
    page, row, (first, second) = _row(qtbot, right=True)
    both = first.sizeHint().width() + second.sizeHint().width()
    assert page.minimumSizeHint().width() < both        # no wider than its widest control
    page.resize(both + 100, 300)
    app.processEvents()
    assert first.geometry().top() == second.geometry().top()
    assert second.geometry().right() > page.width() - 30           # at the right end
    page.resize(max(first.sizeHint().width(), second.sizeHint().width()) + 30, 300)
    app.processEvents()
    assert second.geometry().top() >= first.geometry().bottom()
    for button in (first, second):
        assert button.width() >= button.sizeHint().width()
        assert button.geometry().right() <= page.width()


def test_a_chooser_takes_the_room_its_line_has_left(qtbot, app):
    page = QWidget()
    qtbot.addWidget(page)
    row = FlowRow(page)
    combo = QComboBox()
    combo.setMinimumWidth(120)
    combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    button = QPushButton("Save PNG...")
    row.addWidget(combo)
    row.addWidget(button)
    page.show()
    page.resize(600, 100)
    app.processEvents()
    assert combo.width() > 300 and button.geometry().left() > combo.geometry().right()
