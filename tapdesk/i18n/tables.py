"""A result table's words in the language of the surface that shows it (issue 54).

A result table (:class:`~tapdesk.engine.results.ResultTable`) keeps English: its title is the
key a client looks it up by (``result.table(title)``), its columns name the exported table's
columns. A fixed title, column or note is marked for the catalog with ``N_`` where it is
written and translated when shown; one made from a template (a title that names the reference
answer) is given as a :class:`~tapdesk.i18n.text.Text`, which :func:`kept` keeps beside its
English. A surface calls :func:`displayed` just before it writes the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from tapdesk.i18n.messages import _
from tapdesk.i18n.text import Number, Text, english, shown


class Table(Protocol):
    """A result table's fields (:class:`~tapdesk.engine.results.ResultTable`, a dataclass)."""

    @property
    def title(self) -> str: ...
    @property
    def columns(self) -> tuple[str, ...]: ...
    @property
    def rows(self) -> tuple[tuple[Any, ...], ...]: ...
    @property
    def note(self) -> str: ...
    @property
    def texts(self) -> tuple[tuple[str, Any], ...]: ...


T = TypeVar("T", bound=Table)


def kept(title: str | Text, columns: Iterable[Any], rows: Iterable[Iterable[Any]],
         note: str | Text = "") -> dict[str, Any]:
    """A table's fields (``ResultTable(**kept(...))``) whose title, columns, note or cells may be
    texts made from a template (or a number kind of :mod:`tapdesk.i18n.text`): the table keeps
    their English, and each one beside it (``texts``) for :func:`displayed`."""
    texts: dict[str, Any] = {}

    def keep(value: Any) -> Any:
        if hasattr(value, "shown") and not isinstance(value, str):
            texts[english(value)] = value
            return english(value)
        return value

    return {"title": keep(title), "columns": tuple(keep(c) for c in columns),
            "rows": tuple(tuple(keep(v) for v in row) for row in rows), "note": keep(note),
            "texts": tuple(texts.items())}


def displayed(table: T) -> T:
    """``table`` (a result table) with its title, columns, note and worded cells in the
    current language (the same table in English)."""
    made = dict(table.texts)

    def words(value: str) -> str:
        if value in made:
            return shown(made[value])
        return _(value) if value else value

    def cell(value: Any) -> Any:
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, str) and value in made:
            return shown(made[value])
        return shown(value) if isinstance(value, str) and hasattr(value, "shown") else value

    return dataclasses.replace(  # type: ignore[type-var]
        table, title=words(table.title),
        columns=tuple(words(c) for c in table.columns),
        rows=tuple(tuple(cell(v) for v in row) for row in table.rows),
        note=words(table.note), texts=())


def numbers_kept(table: Table, cells: Iterable[Any], shown_cells: Iterable[Any]) -> tuple[Any, ...]:
    """A row's cells as a window shows them: a number the table keeps as a number
    (:class:`~tapdesk.i18n.text.Number`, a pairwise kappa) stays one, to be written in the
    language shown and aligned as a number; every other cell as :func:`displayed` wrote it
    (``shown_cells``). ``cells`` are the table's own (English) cells of the same row."""
    kinds = dict(table.texts)
    return tuple(kinds[cell] if isinstance(cell, str) and isinstance(kinds.get(cell), Number)
                 else text for cell, text in zip(cells, shown_cells, strict=True))
