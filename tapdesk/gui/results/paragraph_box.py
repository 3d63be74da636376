"""The results of the shown fit in one paragraph, with a button that copies it.

The text is :func:`tapdesk.engine.story.paragraph.fit_paragraph`, the same the
report prints under "Results in one paragraph" and ``tapdesk ... --paragraph``
prints, so what a user pastes is what the report says.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tapdesk.engine.results import FitResult
from tapdesk.engine.story.paragraph import PARAGRAPH_TITLE, fit_paragraph
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _

# Translators: a button above the results' paragraph.
COPY = N_("Copy paragraph")
# Translators: the "Copy paragraph" button's text for a moment after it copied (keep it short).
COPIED = N_("Copied \u2713")
COPIED_MESSAGE = N_("The paragraph is on the clipboard: paste it into a paper or the minutes.")
COPIED_MS = 2500
"""How long the button says it copied (the status bar says it too)."""


class ParagraphBox(QWidget):
    """A titled paragraph with "Copy paragraph"; hidden while there is no fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        top = QHBoxLayout()
        self.title = say(QLabel(), "setText", PARAGRAPH_TITLE, markup="<b>{}</b>")
        top.addWidget(self.title)
        top.addStretch()
        self.copy_button = say(QPushButton(), "setText", COPY)
        self.copy_button.setMinimumWidth(self.copy_button.sizeHint().width())
        say(self.copy_button, "setToolTip", N_("Put this paragraph on the clipboard, to paste "
                                               "into a paper or the minutes."))
        self.copy_button.clicked.connect(self.copy)
        top.addWidget(self.copy_button)
        layout.addLayout(top)
        self.label = QLabel()
        self.label.setObjectName("resultsParagraph")
        say(self.label, "setAccessibleName", PARAGRAPH_TITLE)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label)
        self._restore = QTimer(self)
        self._restore.setSingleShot(True)
        self._restore.setInterval(COPIED_MS)
        self._restore.timeout.connect(self.retranslate_texts)
        self.set_fit(None)

    @property
    def text(self) -> str:
        return self.label.text()

    def set_fit(self, result: FitResult | None, table=None, text: str | None = None) -> None:
        """Show the paragraph of ``result`` fitted on ``table`` (None: hide the box); ``text``:
        that paragraph, when it is written already."""
        if result is not None and text is None:
            text = fit_paragraph(result, table)
        self.label.setText(text or "")
        self.setVisible(result is not None)

    def copy(self) -> None:
        """Copy, and say so: the button reads "Copied" for a moment, the status bar longer."""
        QApplication.clipboard().setText(self.text)
        self.copy_button.setText(_(COPIED))
        self._restore.start()
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(_(COPIED_MESSAGE), 2 * COPIED_MS)

    def retranslate_texts(self) -> None:
        """The button's own word again (after "Copied", or in the language just chosen)."""
        self.copy_button.setText(_(COPY))

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().hideEvent(event)
        self._restore.stop()
        self.retranslate_texts()
