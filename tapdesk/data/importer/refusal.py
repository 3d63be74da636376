"""A refused reading that found a table: what a client needs to let the user fix it.

Once a file's header is found, a refusal ("the ratings look like continuous measurements",
"a long layout needs a rating column") is about how the columns were read, which the user
can change: the import preview opens on it with every column's role box. The refusal
carries the columns, the role each had when the reading stopped, the layout tried and the
notes made so far. A file in which no table was found (one column, a Word document, an empty
sheet) is refused with a plain :class:`~tapdesk.errors.DataError`: there is nothing to give
a role to.
"""

from __future__ import annotations

from dataclasses import dataclass

from tapdesk.data.importer.model import ImportNote
from tapdesk.errors import DataError


@dataclass(frozen=True)
class Found:
    """What a refused reading had found.

    ``column_roles`` pairs every column of the file with its role as far as the reading got
    ("not used" for a column no rule or choice had given one); ``mapping`` holds the
    ("subject", column) ... pairs of the layout tried (``layout``, None when none was).
    """

    columns: tuple[str, ...]
    column_roles: tuple[tuple[str, str], ...]
    layout: str | None = None
    mapping: tuple[tuple[str, str], ...] = ()
    import_notes: tuple[ImportNote, ...] = ()
    sheet: str | None = None


class RefusedReading(DataError):
    """A DataError whose file holds a table (``found``): the same message, and what was found."""

    def __init__(self, error: DataError, found: Found) -> None:
        super().__init__(error.wording, file=error.file, row=error.row, column=error.column,
                         settings=error.settings)
        self.found = found
        self._error = error

    @property
    def error(self) -> DataError:
        """The refusal as it was raised (its kind: :class:`~.values.Measurements` ...)."""
        return self._error

    def __reduce__(self):                 # a worker process can send it back whole
        return (RefusedReading, (self._error, self.found))


def refused(error: DataError, found: Found) -> DataError:
    """``error`` as a RefusedReading carrying ``found`` (a limit of size or time stays as it
    is: no role makes a file smaller or quicker to read)."""
    if isinstance(error, RefusedReading) or {"time_limit", "max_megabytes"} & set(error.settings):
        return error
    return RefusedReading(error, found)


def roles_found(columns: tuple[str, ...], known: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Every column with its ``known`` role, "not used" for the others."""
    return tuple((c, known.get(c, "not used")) for c in columns)
