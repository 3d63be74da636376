"""The report as a document model: sections of paragraphs, key numbers, tables, figures.

This is pure data (no Qt). :mod:`tapdesk.report.build` fills it from a
FitResult; :mod:`tapdesk.render.pdf` lays it out on pages;
:mod:`tapdesk.report.tables_export` writes its tables as CSV and XLSX;
:meth:`ReportDocument.as_text` gives a plain-text rendering (used by tests
and handy for diffing two reports).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tapdesk.engine.results import number_text
from tapdesk.engine.words import with_minus
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source
from tapdesk.report.local_words import column_title, local_date, shown_cell


@dataclass(frozen=True)
class Paragraph:
    """Running text. ``style``: "body", "lead" (larger), "small", "mono", "verdict" or
    "signature" (a line to sign on, with room above it, kept with the name below it)."""

    text: str
    style: str = "body"


@dataclass(frozen=True)
class BulletList:
    """Items as bullets; ``style`` "verdict" sets them in the shaded conclusion box."""

    items: tuple[str, ...]
    style: str = "body"


@dataclass(frozen=True)
class KeyNumber:
    """One headline number: label, value text, interval text and a short gloss."""

    label: str
    value: str
    interval: str = ""
    note: str = ""


@dataclass(frozen=True)
class KeyNumbers:
    items: tuple[KeyNumber, ...]


@dataclass(frozen=True)
class PrintedTable:
    """A table as printed on a page (:meth:`Table.fitted`): its column headers, cell texts,
    which columns are right-aligned, the lines under it, and whether its :attr:`Table.named`
    columns are headed by numbers (``keyed``)."""

    columns: list[str]
    rows: list[list[str]]
    numeric: list[bool]
    under: list[str]
    keyed: bool


@dataclass(frozen=True)
class Table:
    """A table with raw cell values and per-column number formats.

    ``rows`` keep raw values (str, int, float or None) so exports stay
    numeric; :meth:`display_rows` formats them with ``formats`` (a format
    spec per column such as ".3f", or "" for ``str()``). ``key`` names the
    exported files. For print, :meth:`printed` joins a pair of columns
    named "X low" and "X high" into one column "X" whose cells read
    "0.346 to 0.526" (never wrapped), and leaves out columns with nothing
    in them.
    """

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    formats: tuple[str, ...] = ()
    note: str = ""
    print_limit: int | None = None
    """Print at most this many rows (exports always hold every row)."""
    footnoted: tuple[int, ...] = ()
    """Columns whose repeated or long texts print as marks ([1], [2] ...) explained under the
    table."""
    named: tuple[int, ...] = ()
    """Columns headed by names from the data (the raters of a rater-by-rater table): where the
    names do not fit whole across the page, they print headed by numbers, the names in a key
    under the table (:meth:`fitted`)."""
    column_words: tuple[tuple[str, str], ...] = ()
    """Printed names of columns whose English is made from data ("Share truly in Class 1
    (gold)"), each (English column, its name in the language the table was made in); every
    other column is printed by :func:`column_title`."""

    @cached_property
    def numeric(self) -> tuple[bool, ...]:
        return tuple(_numeric([row[j] for row in self.rows]) for j in range(len(self.columns)))

    def cell_text(self, value: Any, column: int) -> str:
        return format_cell(value, self.formats[column] if column < len(self.formats) else "")

    def display_rows(self, limit: int | None = None) -> list[list[str]]:
        texts = self._texts if limit is None else self._texts[:limit]
        return [list(row) for row in texts]

    @cached_property
    def _texts(self) -> tuple[tuple[str, ...], ...]:
        """Every cell's text, formatted once (a table is frozen; the layout asks often)."""
        return tuple(tuple(self.cell_text(v, j) for j, v in enumerate(row)) for row in self.rows)

    def printed(self, limit: int | None = None, keyed: bool = False
                ) -> tuple[list[str], list[list[str]], list[bool]]:
        """(columns, cell texts, right-aligned) as printed: intervals joined, empty columns
        out, repeated texts of :attr:`footnoted` columns as marks (see :meth:`footnotes`);
        ``keyed``: the :attr:`named` columns headed by their numbers (see :meth:`column_key`)."""
        cells = self._marked(self.display_rows(limit))
        keep = self._kept_groups()
        numeric = self.numeric
        words = dict(self.column_words)

        def title(name: str) -> str:
            return words.get(name) or column_title(name)
        columns = [self._header(g[0], keyed, title) if len(g) == 1
                   else title(self.columns[g[0]][:-len(" low")]) for g in keep]
        rows = [[_joined(row, g) for g in keep] for row in cells]
        return columns, rows, [numeric[g[0]] for g in keep]

    def fitted(self, fits: Callable[[list[str], list[list[str]]], bool]) -> PrintedTable:
        """The table as printed on a page where ``fits(columns, cells)`` tells whether the
        columns fit its width with every word whole: the :attr:`named` columns headed by
        numbers, with their key under the table, where the names do not fit (a rater-by-rater
        table of twelve "Instructor10"s on A4, issue 53)."""
        columns, rows, numeric = self.printed(self.print_limit)
        keyed = bool(self.named) and not fits(columns, rows)
        if keyed:
            columns, rows, numeric = self.printed(self.print_limit, keyed=True)
        return PrintedTable(columns, rows, numeric, self.under(keyed), keyed)

    def under(self, keyed: bool = False) -> list[str]:
        """The lines printed under the table: its footnotes, the key to its numbered columns
        (``keyed``) and its note."""
        key = [self.column_key()] if keyed else []
        return self.footnotes() + key + ([self.note] if self.note else [])

    def column_key(self) -> str:
        """"Columns: 1 = Anna, 2 = Ben ...": the names the numbers heading the :attr:`named`
        columns stand for (the printed ones)."""
        shown = {g[0] for g in self._kept_groups()}
        pairs = [f"{number}{NBSP}={NBSP}{self.columns[j]}"
                 for number, j in enumerate(self.named, start=1) if j in shown]
        # Translators: under a table whose columns are headed by numbers, the names the numbers
        # stand for; {names} is a list such as "1 = Anna, 2 = Ben, 3 = Carla" (the raters).
        return _("Columns: {names}").format(names=", ".join(pairs))

    def _header(self, column: int, keyed: bool,
                title: Callable[[str], str] = column_title) -> str:
        if column not in self.named:
            return title(self.columns[column])
        return str(self.named.index(column) + 1) if keyed else self.columns[column]

    def _kept_groups(self) -> list[tuple[int, ...]]:
        """The printed columns' groups (an interval's two columns as one), empty ones left out."""
        every = self.display_rows()
        return [g for g in self._print_groups() if any(_filled(row, g) for row in every)]

    def footnotes(self) -> list[str]:
        """"[1] text" for every text a footnoted column prints as a mark: a text it repeats
        (longer than :data:`SHORT_CELL` characters), or one longer than :data:`LONG_CELL`."""
        return [f"[{i}] {text}" for i, text in enumerate(self._repeated(), start=1)]

    def _repeated(self) -> list[str]:
        return list(self._repeated_texts)

    @cached_property
    def _repeated_texts(self) -> tuple[str, ...]:
        """The texts printed as marks: in a footnoted column, every repeated text where one of
        them is longer than :data:`SHORT_CELL` (a column reads alike down its rows), and any
        text longer than :data:`LONG_CELL`; only the rows printed count (no note unreferenced)."""
        marked: dict[str, None] = {}
        rows = self._texts[:self.print_limit]
        for j in self.footnoted:
            counts = Counter(row[j] for row in rows if row[j] not in EMPTY_CELLS)
            repeated = [text for text, n in counts.items() if n > 1]
            long_repeated = any(len(text) > SHORT_CELL for text in repeated)
            marked |= dict.fromkeys(text for text, n in counts.items()
                                    if len(text) > LONG_CELL or long_repeated and n > 1)
        return tuple(marked)

    def _marked(self, rows: list[list[str]]) -> list[list[str]]:
        marks = {text: f"[{i}]" for i, text in enumerate(self._repeated(), start=1)}
        if not marks:
            return rows
        return [[marks.get(v, v) if j in self.footnoted else v for j, v in enumerate(row)]
                for row in rows]

    def _print_groups(self) -> list[tuple[int, ...]]:
        groups: list[tuple[int, ...]] = []
        j = 0
        while j < len(self.columns):
            name = self.columns[j]
            if (name.endswith(" low") and j + 1 < len(self.columns)
                    and self.columns[j + 1] == name[:-len(" low")] + " high"):
                groups.append((j, j + 1))
                j += 2
            else:
                groups.append((j,))
                j += 1
        return groups


EMPTY_CELLS = ("", "-")
LONG_CELL = 200
"""A footnoted column's text longer than this prints as a mark too, its words under the table
across the page: in a narrow column a German reason ran to 25 lines, one row the height of half
a page (issue 54). About four lines of the words column at full width."""
SHORT_CELL = 60
"""A column whose repeated texts are all this short keeps them in its cells: a mark would send
the reader under the table for a few words ("this rater's guess rate for Class 1"). Where one is
longer, all its repeated texts print as marks (the German per-rater table's short meaning, 57
characters, wrapped to five lines in its narrow column a row)."""
NBSP = "\u00a0"


PLACEHOLDERS = ("-", N_("not identified"), N_("undefined"), N_("none"))


def _numeric(values: list[Any]) -> bool:
    """True when the column holds numbers (placeholder words such as "not identified" allowed)."""
    given = [v for v in values if v is not None and v != ""]
    numbers = [v for v in given if isinstance(v, (int, float)) and not isinstance(v, bool)]
    others = [v for v in given if not isinstance(v, (int, float)) or isinstance(v, bool)]
    return bool(numbers) and all(str(v) in PLACEHOLDERS for v in others)


def _filled(row: list[str], group: tuple[int, ...]) -> bool:
    return any(row[j] not in EMPTY_CELLS for j in group)


def _joined(row: list[str], group: tuple[int, ...]) -> str:
    if len(group) == 1:
        return row[group[0]]
    low, high = (row[j] for j in group)
    if low in EMPTY_CELLS and high in EMPTY_CELLS:
        return "-"
    return formats.ends(with_minus(low), with_minus(high), NBSP)    # one unbreakable cell


@dataclass(frozen=True)
class Figure:
    """A slot for a plot. The renderer draws ``kind`` from an analysis, or leaves it out.

    Kinds: "fit-distribution", "posterior", "traces", "convergence",
    "rater-accuracy", "cut-points", "pairwise-heatmap", "category-pairs".
    ``source`` is the index of the analysis (in
    :meth:`~tapdesk.report.build.ReportInputs.analyses`) the plot is drawn
    from; ``number`` the figure's number in the document (0: unnumbered).
    """

    kind: str
    caption: str
    key: str = ""
    source: int = 0
    number: int = 0

    @property
    def label(self) -> str:
        """"Figure 3. caption" (or the caption alone when unnumbered)."""
        if not self.number:
            return self.caption
        # Translators: a figure's label under the plot; {number} is its number in the report,
        # {caption} what it shows (already translated).
        return _("Figure {number}. {caption}").format(number=self.number, caption=self.caption)


@dataclass(frozen=True)
class Reference:
    key: str
    text: str


@dataclass(frozen=True)
class References:
    entries: tuple[Reference, ...]


@dataclass(frozen=True)
class Contents:
    """Where the list of contents goes; the renderer fills in the pages (reports over 3 pages)."""

    min_pages: int = 4


@dataclass(frozen=True)
class ExportedTables:
    """Tables written out with the report's others but not printed (a crowd's thousands of
    tables of one kind, :func:`~tapdesk.report.tables.printed_tables`): every writer passes
    over this block, and :meth:`ReportDocument.tables` holds its tables."""

    tables: tuple[Table, ...]


Block = (Paragraph | BulletList | KeyNumbers | Table | Figure | References | Contents
         | ExportedTables)


@dataclass(frozen=True)
class Section:
    """A titled section; ``new_page`` starts it on a fresh page (analyses, appendices).

    ``level`` 1 is a main section, 2 a subsection (listed indented in the contents).
    ``page_one_foot``: set at the foot of page one where a format has pages it lays out (the
    PDF); elsewhere where it stands (an approval block a committee signs on page one).
    """

    key: str
    title: str
    blocks: tuple[Block, ...]
    new_page: bool = False
    level: int = 1
    page_one_foot: bool = False


@dataclass(frozen=True)
class ReportDocument:
    """Everything a report says, in order, plus the command that reproduces it."""

    title: str
    subtitle: str
    sections: tuple[Section, ...]
    footer_command: str
    version: str
    created: str
    inputs: Any = field(default=None, compare=False, repr=False)
    """The :class:`~tapdesk.report.build.ReportInputs` (lets the renderer draw plots)."""
    author: str = ""
    """Who prepared the report (a person or a committee); "" when not given."""
    commands: tuple[str, ...] = ()
    """Every command needed to reproduce the report (one, unless analyses differ in settings)."""

    def section(self, key: str) -> Section:
        return next(s for s in self.sections if s.key == key)

    def blocks(self) -> Iterator[Block]:
        for section in self.sections:
            yield from section.blocks

    def tables(self) -> tuple[Table, ...]:
        """Every table, printed or only written out (:class:`ExportedTables`)."""
        out: list[Table] = []
        for block in self.blocks():
            if isinstance(block, Table):
                out.append(block)
            elif isinstance(block, ExportedTables):
                out.extend(block.tables)
        return tuple(out)

    def figures(self) -> tuple[Figure, ...]:
        return tuple(b for b in self.blocks() if isinstance(b, Figure))

    def contents_wanted(self) -> bool:
        """True when the document has a place for a list of contents."""
        return any(isinstance(b, Contents) for b in self.blocks())

    def byline(self) -> str:
        """"Prepared by X. 2026-11-22. TapDesk 1.0.0." (author only when given)."""
        # Translators: under the report's title; {author} is a person or a committee.
        parts = [_("Prepared by {author}").format(author=self.author) if self.author else "",
                 local_date(self.created), f"TapDesk {self.version}"]
        return ". ".join(p for p in parts if p) + "."

    def as_text(self) -> str:
        """Plain-text rendering of the whole report (figures by caption)."""
        lines = [self.title, self.subtitle, self.byline(), ""]
        for section in self.sections:
            lines += [section.title, "-" * len(section.title)]
            for block in section.blocks:
                lines += _block_text(block) + [""]
        if self.footer_command:
            # Translators: the plain-text report's last line; {command} is a command line.
            lines.append(_("Reproduce with: {command}").format(command=self.footer_command))
        return "\n".join(lines)


def format_cell(value: Any, spec: str = "") -> str:
    """Print form of one cell: a dash for None/NaN, ``spec`` for numbers."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    if not is_source():
        return shown_cell(value, spec)
    if spec and isinstance(value, (int, float)) and not isinstance(value, bool):
        return number_text(value, spec)
    if isinstance(value, float):
        return number_text(value, ".4g")
    return str(value)


def section_text(section: Section) -> str:
    """A section's title and blocks as plain text, as :meth:`ReportDocument.as_text` writes them
    (a table's cells joined by " | ")."""
    lines = [section.title]
    for block in section.blocks:
        lines += _block_text(block)
    return "\n".join(lines)


def _block_text(block: Block) -> list[str]:
    if isinstance(block, Paragraph):
        return [block.text]
    if isinstance(block, BulletList):
        return [f"  - {item}" for item in block.items]
    if isinstance(block, KeyNumbers):
        return [f"{k.label}: {k.value} {k.interval} {k.note}".rstrip() for k in block.items]
    if isinstance(block, Table):
        columns, rows, _right = block.printed()
        out = [block.title, " | ".join(columns)]
        out += [" | ".join(row) for row in rows]
        return out + block.under()
    if isinstance(block, Figure):
        return [f"[{block.label}]"]
    if isinstance(block, (Contents, ExportedTables)):
        return []
    if isinstance(block, References):
        return [f"{r.text}" for r in block.entries]
    return [str(block)]
