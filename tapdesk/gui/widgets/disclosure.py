"""A group the user folds away: a header (arrow, title, a one-line summary) over its controls.

The left panes hold more controls than a 1280 x 800 screen shows at once (issue 53: the
Analysis pane was 170 px tall with "Explain by..." and Options below the fold). Groups set
once or seldom (the scale's order and labels, the explanatory columns, the fit's options) sit
behind a disclosure whose header says what is set in them, so a folded group still tells its
settings; whether it is open is remembered across sessions.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from tapdesk.gui import settings
from tapdesk.i18n import _

KEY = "panes/{}/open"
NBSP = "\u00a0"


class Summary(QLabel):
    """A folded group's summary: its settings, comma-separated, wrapped onto as many lines as
    the pane's width needs, never between a setting's name and its value ("draws" / "2,000");
    the whole text in its tooltip. It used to be shortened with "..." to one line, and at 150%
    the Options' summary read "draws 2,0..." (issue 53)."""

    def __init__(self) -> None:
        super().__init__()
        self.full_text = ""
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self.setToolTip(text)
        self.setText(", ".join(part.replace(" ", NBSP, 1) for part in text.split(", ")))


class Disclosure(QWidget):
    """``body`` under a header button that shows or hides it; ``name`` keys the remembered state.

    While folded, the summary (:meth:`set_summary`) stands beside the header, so what a folded
    group holds is read without opening it.
    """

    toggled = Signal(bool)

    def __init__(self, title: str, body: QWidget, name: str, open_by_default: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title, self.body, self.name = title, body, name
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        row = QHBoxLayout()
        row.setSpacing(6)
        self.header = QToolButton()
        self.header.setObjectName(f"{name} header")
        self.header.setAutoRaise(True)        # flat: a heading, not a pressed button when open
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bold = QFont(self.header.font())
        bold.setBold(True)
        self.header.setFont(bold)
        self.summary = Summary()
        self.summary.setObjectName("hint")
        row.addWidget(self.header, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        row.addWidget(self.summary, 1)
        layout.addLayout(row)
        layout.addWidget(body)
        remembered = settings.value(KEY.format(name))
        self._open = open_by_default if remembered is None else str(remembered).lower() == "true"
        self.retranslate_texts()
        self._show(self._open)
        self.header.clicked.connect(lambda: self.set_open(not self._open))

    def retranslate_texts(self) -> None:
        """The title (a text marked for the catalog) in the current language."""
        title = _(self.title)
        self.header.setText(title.replace("&", "&&"))
        self.header.setAccessibleName(title)
        # Translators: the accessible name of a folded group's summary; {title} is the group's
        # title ("Options").
        self.summary.setAccessibleName(_("{title} settings").format(title=title))
        self._update_header()

    def is_open(self) -> bool:
        return self._open

    def set_open(self, on: bool) -> None:
        """Open or fold the group (as a click on its header does; remembered)."""
        if on != self._open:
            self._open = on
            self._toggled(on)

    def set_summary(self, text: str) -> None:
        """What the group's controls are set to, in a few words (beside the header while folded)."""
        self.summary.set_full_text(text)
        self._update_header()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        """A click on the summary opens or folds the group too, as on the header."""
        if event.button() == Qt.MouseButton.LeftButton and \
                self.summary.geometry().contains(event.position().toPoint()):
            self.set_open(not self._open)
            return
        super().mousePressEvent(event)

    def _toggled(self, on: bool) -> None:
        settings.set_value(KEY.format(self.name), on)
        self._show(on)
        self.toggled.emit(on)

    def _show(self, on: bool) -> None:
        self.body.setVisible(on)
        self.header.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self._update_header()

    def _update_header(self) -> None:
        folded = not self.is_open()
        self.summary.setVisible(folded and bool(self.summary.full_text))
        # Translators: a folded group's tooltip; {title} is its title ("Options"), {summary}
        # what its controls are set to (may be empty).
        tip = _("{title} (open; press to fold it away). {summary}") if not folded else (
            # Translators: as above, for a folded group.
            _("{title} (folded; press to open it). {summary}"))
        self.header.setToolTip(tip.format(title=_(self.title), summary=self.summary.full_text).strip())
