"""Errors that reach the user as a plain message, never as a traceback.

Every module raises a subclass of :class:`TapDeskError` for problems the user
can fix (bad input, impossible settings). The command line prints
``str(error)`` and exits with status 2; the GUI shows the same text.
"""

from __future__ import annotations


class TapDeskError(Exception):
    """A problem the user can act on; ``str()`` is the whole message, in plain words.

    ``settings`` names, as data, the settings that can fix it (import option or fit
    setting names such as ``"delimiter"``, ``"sheet"``, ``"item"``): the message itself
    never writes command-line syntax; each client adds its own way to change them
    (the CLI its flags, the app its controls).
    """

    settings: tuple[str, ...] = ()


class DataError(TapDeskError):
    """The data cannot be read or cannot be analysed as asked.

    Parameters
    ----------
    message
        What is wrong and what to do about it.
    file, row, column
        Where the problem is, when known. Rows are 1-based as a spreadsheet
        shows them (the header is row 1).
    """

    def __init__(self, message: str, *, file: str | None = None,
                 row: int | None = None, column: str | None = None,
                 settings: tuple[str, ...] = ()) -> None:
        self.settings = tuple(settings)
        self.file = file
        self.row = row
        self.column = column
        self.detail = message
        super().__init__(self._compose())

    def _compose(self) -> str:
        where = []
        if self.file:
            where.append(str(self.file))
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column is not None:
            where.append(f"column '{self.column}'")
        return f"{', '.join(where)}: {self.detail}" if where else self.detail


class SettingError(TapDeskError):
    """A fit or command setting is invalid (names the setting)."""

    def __init__(self, message: str, *, settings: tuple[str, ...] = ()) -> None:
        self.settings = tuple(settings)
        super().__init__(message)


class FitCancelled(TapDeskError):
    """Raised by models that have nothing useful to return after a cancel."""
