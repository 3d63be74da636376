"""The window's status line, which keeps its last message: said again in the language View >
Language chooses, and again after a menu's tips.

Hovering a menu entry shows the entry's tip in the status line and leaving it clears the line
(an entry without a tip, such as a language's name, clears it at once): Qt's tips take the
message's place. The window's last word was then gone for good, and choosing a language, which
is done in a menu, always lost it (issue 79). Now the message is kept with the words it is
made of: a tip is shown over it, and when the tip ends the message is shown again; after a
change of language it is said again in the new one (:func:`tapdesk.gui.words.retranslate` calls
:meth:`StatusLine.retranslate_texts`). A message given with a time to stay is shown again only
for the time it has left.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtWidgets import QStatusBar, QWidget


class StatusLine(QStatusBar):
    """A status bar that keeps its last message (see the module's words)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words: Callable[[], str] | None = None
        self._until: float | None = None

    def tell(self, words: Callable[[], str], timeout: int = 0) -> None:
        """Show ``words()`` (for ``timeout`` ms; 0: until the next message) and keep ``words``:
        called again, it says the message in the language then chosen."""
        self._words = words
        self._until = time.monotonic() + timeout / 1000 if timeout > 0 else None
        super().showMessage(words(), timeout)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802 - Qt's name
        """A message given as text (made of data, or by a room that has no words to keep): kept
        and shown again as it is."""
        self.tell(lambda: text, timeout)

    def clearMessage(self) -> None:  # noqa: N802 - Qt's name
        self._words = self._until = None
        super().clearMessage()

    def say_again(self) -> None:
        """The kept message again, in the current language, for the time it has left (nothing
        once that is over)."""
        if self._words is None:
            return
        left = 0
        if self._until is not None:
            left = int(1000 * (self._until - time.monotonic()))
            if left <= 0:
                self._words = self._until = None
                super().clearMessage()
                return
        super().showMessage(self._words(), left)

    def show_tip(self, tip: str) -> None:
        """A menu's or a button's tip over the message; an empty one (the tip ended) shows the
        message again."""
        if tip:
            super().showMessage(tip)
        else:
            self.say_again()

    def retranslate_texts(self) -> None:
        """The kept message in the language just chosen (View > Language)."""
        self.say_again()
