"""A wrapped label that shows at most a number of lines, ending in "…", its whole text in its
tooltip.

The Analysis pane shows every control without scrolling (issue 53), and on a two-class fit the
data pane keeps its Class 1 box in view above it. In a language longer than German (the
pseudo-language, 40% longer than English) the per-rater analysis' description ran to six lines
at 1280 x 720, and the pane showed 265 px of the 304 its controls need, Options below the fold
(issue 54). The description is what gives way: it is also the analysis chooser's tooltip and
the F1 help's, so a shortened one loses nothing a user cannot reach.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel

ELLIPSIS = "…"
ROUNDING = 4
"""Pixels the clamped last line keeps free, so that the label's own wrapping (sub-pixel
advances) never moves its last word onto another line."""


class ClampedLabel(QLabel):
    """A word-wrapped plain-text label whose :meth:`set_max_lines` clamps it; ``full_text``
    holds the whole text (the self-test's untranslated check reads it)."""

    def __init__(self) -> None:
        super().__init__()
        self.full_text = ""
        self._tip = ""
        self._max_lines: int | None = None
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def set_full_text(self, text: str, tip: str = "") -> None:
        """The whole text and the tooltip's own words (the tooltip starts with the whole text
        while the label is clamped)."""
        self.full_text, self._tip = text, tip
        self._show()

    def set_max_lines(self, lines: int | None) -> None:
        """At most ``lines`` lines (None: every line)."""
        if lines != self._max_lines:
            self._max_lines = lines
            self._show()

    def max_lines(self) -> int | None:
        return self._max_lines

    def line_count(self, width: int) -> int:
        """The lines the whole text takes at ``width`` pixels."""
        return len(_line_starts(self.full_text, self.font(), width))

    def clamped(self) -> bool:
        return self.text() != self.full_text

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._show()

    def _show(self) -> None:
        width = self.contentsRect().width() - 2 * self.margin()
        text = self.full_text
        if self._max_lines is not None and width > 0:
            text = _clamp(text, self.font(), width, self._max_lines, self.fontMetrics())
        if text != self.text():
            self.setText(text)
        tip = self._tip if text == self.full_text else "\n\n".join(
            part for part in (self.full_text, self._tip) if part)
        if tip != self.toolTip():
            self.setToolTip(tip)


def _line_starts(text: str, font, width: int) -> list[int]:
    """Where each line of ``text`` starts when wrapped at word boundaries to ``width`` pixels
    (Qt's own line breaking, as the label draws it)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    starts = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        starts.append(line.textStart())
    layout.endLayout()
    return starts or [0]


def _clamp(text: str, font, width: int, lines: int, metrics) -> str:
    """``text`` as its first ``lines`` lines at ``width``, the last ending in "…" where words
    were left out."""
    starts = _line_starts(text, font, width)
    if len(starts) <= lines:
        return text
    head = text[:starts[lines - 1]]
    rest = text[starts[lines - 1]:starts[lines]].rstrip() + " " + ELLIPSIS
    last = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width - ROUNDING)
    return head + last
