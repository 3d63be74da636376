"""The Summary tab's "Against the reference answer": the shown fit's raters against each
reference answer of its data (``Dataset.references``), in the engine's sentences and table
(:mod:`tapdesk.engine.validity`), the same the report and ``tapdesk fit`` print. Hidden when
the data hold no reference answer."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tapdesk.engine.validity import ValidityResult
from tapdesk.gui.widgets.table_models import FittedTableView, RowsModel
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _

# Translators: the Summary's box of the raters against a reference answer (as the report's
# section and the command line head it).
TITLE = N_("Against the reference answer")


class ValidityBox(QWidget):
    """A title, then for each reference answer its sentences and its table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.checks: tuple[ValidityResult, ...] = ()
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 6, 0, 0)
        self.title = say(QLabel(), "setText", TITLE, markup="<b>{}</b>")
        self._layout.addWidget(self.title)
        self.words: list[QLabel] = []
        self.models: list[RowsModel] = []
        self._parts: list[QWidget] = []
        self.set_checks(())

    def set_checks(self, checks: Sequence[ValidityResult]) -> None:
        """Show ``checks`` (none: hide the box)."""
        for widget in self._parts:
            self._layout.removeWidget(widget)
            widget.hide()                   # gone at once, not when the event loop deletes it
            widget.deleteLater()
        self._parts, self.words, self.models = [], [], []
        self.checks = tuple(checks)
        for check in self.checks:
            self._add(check)
        self.setVisible(bool(self.checks))

    def _add(self, check: ValidityResult) -> None:
        words = QLabel("<ul style='margin-left:-20px'>" + "".join(
            f"<li>{html.escape(s)}</li>" for s in check.sentences()) + "</ul>")
        words.setWordWrap(True)
        words.setTextFormat(Qt.TextFormat.RichText)
        words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Translators: a screen reader's name for the box's sentences: {title} is "Against the
        # reference answer", {reference} the reference answer's name as the data file gives it.
        words.setAccessibleName(_("{title}: {reference}").format(title=_(TITLE),
                                                                 reference=check.reference))
        shown = check.table()
        model = RowsModel(parent=self)
        model.set_rows(shown.columns, shown.rows)
        view = FittedTableView(model, shown.title)
        view.setToolTip(shown.note)
        for widget in (words, view):
            self._layout.addWidget(widget)
            self._parts.append(widget)
        self.words.append(words)
        self.models.append(model)

    def text(self) -> str:
        """The sentences as plain text, one a line (what a copy or a screen reader gives)."""
        return "\n".join(s for check in self.checks for s in check.sentences())
