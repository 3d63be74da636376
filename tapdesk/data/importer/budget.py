"""Reading that cannot hang: only regular files, a size limit, a time limit.

A FIFO or a device (``/dev/zero``) never ends, so ``read_bytes`` on it would wait
or fill the memory forever; those are refused before they are opened. The size
is checked before reading and the read itself is capped, so a file that grows
while it is read cannot slip past the limit. The time limit is checked between
the stages of an import (and inside the longer loops): every stage works on
data whose size is already bounded, so no stage can run for long on its own.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, ParamSpec, TypeVar

from tapdesk.data.wording import Decimal, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_
from tapdesk.userfiles import check_regular_file, unreadable

P = ParamSpec("P")
T = TypeVar("T")

MAX_LINE_BYTES = 1_000_000
"""A line longer than this is not a row of a ratings table."""

IMPORT_MEMORY = 3_000_000_000
"""Bytes an import may take at its peak."""
BYTES_PER_CELL = 90
"""Peak bytes per cell of text while a table is read, checked and converted (measured: a
10,000,000-row long CSV of task, worker and label, 30 million cells, peaked at 2.7 GB)."""
MAX_CELLS = IMPORT_MEMORY // BYTES_PER_CELL
"""More cells than this do not fit in an import's memory (about 11 million ratings in long
form, three cells a rating): refused before they are parsed."""


def check_cells(n_cells: int, n_columns: int | None = None, *, file: str) -> None:
    """DataError when a table holds more cells than an import can hold in memory.

    The memory follows the cells of the table as saved, whatever its layout: a long table's
    rows times its columns, a wide one's subjects times its columns. The advice says which
    would make the file smaller: the ratings alone in long form when the table has more
    columns than a long one needs, a smaller file when it is already long.
    """
    if n_cells <= MAX_CELLS:
        return
    # Translators: {cells} is a number of millions of cells ("12").
    what = Wording.of(N_("about {cells:,.0f} million cells"), cells=Decimal(n_cells / 1e6))
    if n_columns:
        # Translators: {cells} as above; {rows} a number of millions of rows ("1.5"); {n} a
        # number of columns.
        what = Wording.of(N_("about {cells:,.0f} million cells ({rows:,.1f} million rows x {n} "
                             "columns)"), cells=Decimal(n_cells / 1e6),
                          rows=Decimal(n_cells / n_columns / 1e6), n=n_columns)
    # Translators: advice, after a semicolon.
    advice = Wording.of(N_("save only the ratings (in long form: subject, rater, rating) in a "
                           "smaller file"))
    if n_columns is not None and n_columns <= LONG_COLUMNS:
        # Translators: advice, after a semicolon.
        advice = Wording.of(N_("the table is already in long form, so split it into files of "
                               "fewer subjects (or fewer raters)"))
    # Translators: {what} is how many cells ("about 12 million cells"); {limit} a number of
    # millions; {memory} a number of gigabytes; {advice} what to do (a clause).
    raise DataError(Wording.of(N_("the table holds {what}, over the limit of {limit:,.0f} million "
                                  "an import can hold in memory ({memory:g} GB); {advice}"),
                               what=what, limit=Decimal(MAX_CELLS / 1e6),
                               memory=Decimal(IMPORT_MEMORY / 1e9), advice=advice),
                    file=file)


LONG_COLUMNS = 4
"""A long table needs at most subject, rater, rating and item."""


@dataclass
class Budget:
    """The limits of one import: bytes and seconds."""

    max_bytes: int
    seconds: float
    file: str
    started: float = field(default_factory=time.monotonic)

    def check(self, stage: str) -> None:
        """DataError when the time limit has passed (called between stages; ``stage``, marked
        ``N_``, says what was being done: "reading the file")."""
        elapsed = time.monotonic() - self.started
        if elapsed > self.seconds:
            # Translators: {elapsed} and {limit} are numbers of seconds; {stage} what was being
            # done ("reading the file").
            raise DataError(Wording.of(N_("reading stopped after {elapsed:.0f} s while {stage} "
                                          "(the time limit for an import is {limit:g} s); the "
                                          "file is too large or too irregular to read in time. "
                                          "Raise the time limit, or save the ratings alone in a "
                                          "smaller file"), elapsed=Decimal(elapsed),
                                       stage=Wording.of(stage), limit=Decimal(self.seconds)),
                            file=self.file, settings=("time_limit",))


_CURRENT: ContextVar[Budget | None] = ContextVar("tapdesk_import_budget", default=None)
"""The budget of the import running in this thread (or task), set when it is made and
unset when the import ends (:func:`one_import`)."""


def current(budget: Budget) -> Budget:
    """``budget``, made the one :func:`checkpoint` checks in this thread until the import
    it belongs to ends."""
    _CURRENT.set(budget)
    return budget


def one_import(read: Callable[P, T]) -> Callable[P, T]:
    """``read`` (an import's entry point) with the budgets it makes forgotten when it returns
    or raises: a budget left behind would stop a later stage run in the same thread (a
    window's preview open for minutes) at a time limit that is not its own."""
    @functools.wraps(read)
    def reading(*args: P.args, **kwargs: P.kwargs) -> T:
        token = _CURRENT.set(None)
        try:
            return read(*args, **kwargs)
        finally:
            _CURRENT.reset(token)
    return reading


def checkpoint(stage: str) -> None:
    """:meth:`Budget.check` of the import running here, from inside a stage whose work grows
    with the table (each column a rule judges, each principle the audit asks): a wide table
    stops near its time limit, not minutes after it. Nothing when no import runs."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.check(stage)


def read_regular_file(path: Path, budget: Budget) -> bytes:
    """The bytes of ``path``; DataError (naming the path as given) for anything else.

    Refuses at once, without opening them, folders, pipes, devices and sockets,
    and files larger than the budget.
    """
    file = budget.file
    info = check_regular_file(path, file)
    if info.st_size > budget.max_bytes:
        raise DataError(_too_large(info.st_size, budget.max_bytes), file=file,
                        settings=("max_megabytes",))
    try:
        with open(path, "rb") as handle:
            data = handle.read(budget.max_bytes + 1)
    except OSError as exc:
        raise DataError(unreadable(exc), file=file) from None
    if len(data) > budget.max_bytes:
        raise DataError(_too_large(len(data), budget.max_bytes), file=file,
                        settings=("max_megabytes",))
    return data


def read_stream(stream: BinaryIO, budget: Budget) -> bytes:
    """All the bytes of an open stream (standard input), read no further than the size limit."""
    try:
        data = stream.read(budget.max_bytes + 1)
    except OSError as exc:
        raise DataError(unreadable(exc), file=budget.file) from None
    if len(data) > budget.max_bytes:
        # Translators: {limit} is a number of megabytes.
        raise DataError(Wording.of(N_("over the import limit of {limit:,.0f} MB; raise the limit, "
                                      "or pipe in only the ratings"),
                                   limit=Decimal(budget.max_bytes / 1e6)), file=budget.file,
                        settings=("max_megabytes",))
    return data


def _too_large(size: int, limit: int) -> Wording:
    # Translators: {size} and {limit} are numbers of megabytes.
    return Wording.of(N_("the file is {size:,.0f} MB, over the import limit of {limit:,.0f} MB; "
                         "raise the limit, or save only the ratings in a smaller file"),
                      size=Decimal(size / 1e6), limit=Decimal(limit / 1e6))
