"""Errors that reach the user as a plain message, never as a traceback.

Every module raises a subclass of :class:`TapDeskError` for problems the user
can fix (bad input, impossible settings). The command line prints
``str(error)`` and exits with status 2; the GUI shows the same text.
"""

from __future__ import annotations

from typing import Any

from tapdesk.i18n import _, formats


class TapDeskError(Exception):
    """A problem the user can act on; ``str()`` is the whole message, in plain words.

    ``settings`` names, as data, the settings that can fix it (import option or fit
    setting names such as ``"delimiter"``, ``"sheet"``, ``"item"``): the message itself
    never writes command-line syntax; each client adds its own way to change them
    (the CLI its flags, the app its controls).
    """

    settings: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The message in the current language: a sentence kept as data (a
        :class:`~tapdesk.i18n.deferred.Text`, made inside a fit, which runs in English) is
        written again when it is read; a plain text as it is."""
        message = self.args[0] if self.args else ""
        shown = getattr(message, "shown", None)
        return str(shown()) if callable(shown) else str(message)


class DataError(TapDeskError):
    """The data cannot be read or cannot be analysed as asked.

    Parameters
    ----------
    message
        What is wrong and what to do about it: a text, or a sentence kept as data (a
        :class:`~tapdesk.data.wording.Wording`), written in the language of the moment the
        message is read (``str(error)``, :attr:`detail`).
    file, row, column
        Where the problem is, when known. Rows are 1-based as a spreadsheet
        shows them (the header is row 1).
    """

    def __init__(self, message: Any, *, file: str | None = None,
                 row: int | None = None, column: str | None = None,
                 settings: tuple[str, ...] = ()) -> None:
        self.settings = tuple(settings)
        self.file = file
        self.row = row
        self.column = column
        self.wording = message
        super().__init__(self._compose())

    @property
    def detail(self) -> str:
        """What is wrong, without where, in the current language."""
        words = getattr(self.wording, "text", None)          # a Wording: made when read
        if callable(words):
            return words()
        shown = getattr(self.wording, "shown", None)         # a text written when shown
        return str(shown()) if callable(shown) else str(self.wording)

    def __str__(self) -> str:
        return self._compose()

    def _compose(self) -> str:
        where = []
        if self.file:
            where.append(str(self.file))
        if self.row is not None:
            # Translators: where an error is: a row of the file as a spreadsheet numbers it.
            where.append(_("row {row}").format(row=self.row))
        if self.column is not None:
            # Translators: where an error is: a column of the file; {column} is its name.
            where.append(_("column {column}").format(column=formats.quoted(self.column)))
        if not where:
            return self.detail
        # Translators: an error's place ("ratings.csv, row 4") then what is wrong.
        return _("{where}: {detail}").format(where=", ".join(where), detail=self.detail)


class SettingError(TapDeskError):
    """A fit or command setting is invalid (names the setting). ``message`` is a text, or a
    sentence kept as data (a :class:`~tapdesk.data.wording.Wording`) written in the language of
    the moment it is read (``str(error)``)."""

    def __init__(self, message: Any, *, settings: tuple[str, ...] = ()) -> None:
        self.settings = tuple(settings)
        super().__init__(message)


class FitCancelled(TapDeskError):
    """Raised by models that have nothing useful to return after a cancel."""
