"""The results of the shown fit in one paragraph, with a button that copies it.

The text is :func:`tapdesk.engine.story.paragraph.fit_paragraph`, the same the
report prints under "Results in one paragraph" and ``tapdesk ... --paragraph``
prints, so what a user pastes is what the report says.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tapdesk.engine.results import FitResult
from tapdesk.engine.story.paragraph import PARAGRAPH_TITLE, fit_paragraph


class ParagraphBox(QWidget):
    """A titled paragraph with "Copy paragraph"; hidden while there is no fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        top = QHBoxLayout()
        top.addWidget(QLabel(f"<b>{PARAGRAPH_TITLE}</b>"))
        top.addStretch()
        self.copy_button = QPushButton("Copy paragraph")
        self.copy_button.setToolTip("Put this paragraph on the clipboard, to paste into a paper "
                                    "or the minutes.")
        self.copy_button.clicked.connect(self.copy)
        top.addWidget(self.copy_button)
        layout.addLayout(top)
        self.label = QLabel()
        self.label.setObjectName("resultsParagraph")
        self.label.setAccessibleName(PARAGRAPH_TITLE)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label)
        self.set_fit(None)

    @property
    def text(self) -> str:
        return self.label.text()

    def set_fit(self, result: FitResult | None, table=None) -> None:
        """Show the paragraph of ``result`` fitted on ``table`` (None: hide the box)."""
        self.label.setText(fit_paragraph(result, table) if result is not None else "")
        self.setVisible(result is not None)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.text)
