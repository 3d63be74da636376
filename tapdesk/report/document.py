"""The report as a document model: sections of paragraphs, key numbers, tables, figures.

This is pure data (no Qt). :mod:`tapdesk.report.build` fills it from a
FitResult; :mod:`tapdesk.gui.report_pdf` lays it out on pages;
:mod:`tapdesk.report.tables_export` writes its tables as CSV and XLSX;
:meth:`ReportDocument.as_text` gives a plain-text rendering (used by tests
and handy for diffing two reports).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Union


@dataclass(frozen=True)
class Paragraph:
    """Running text. ``style``: "body", "lead" (larger), "small", "mono" or "verdict"."""

    text: str
    style: str = "body"


@dataclass(frozen=True)
class BulletList:
    items: tuple[str, ...]


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
class Table:
    """A table with raw cell values and per-column number formats.

    ``rows`` keep raw values (str, int, float or None) so exports stay
    numeric; :meth:`display_rows` formats them for print with ``formats``
    (a format spec per column such as ".3f", or "" for ``str()``).
    ``key`` names the exported files. ``numeric`` marks right-aligned columns.
    """

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    formats: tuple[str, ...] = ()
    note: str = ""
    print_limit: int | None = None
    """Print at most this many rows (exports always hold every row)."""

    @property
    def numeric(self) -> tuple[bool, ...]:
        out = []
        for j in range(len(self.columns)):
            values = [row[j] for row in self.rows if row[j] is not None and row[j] != ""]
            out.append(bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                            for v in values))
        return tuple(out)

    def cell_text(self, value: Any, column: int) -> str:
        return format_cell(value, self.formats[column] if column < len(self.formats) else "")

    def display_rows(self, limit: int | None = None) -> list[list[str]]:
        rows = self.rows if limit is None else self.rows[:limit]
        return [[self.cell_text(v, j) for j, v in enumerate(row)] for row in rows]


@dataclass(frozen=True)
class Figure:
    """A slot for a plot. The renderer draws ``kind`` from the result, or leaves it out.

    Kinds: "fit-distribution", "posterior", "convergence", "rater-accuracy",
    "cut-points", "pairwise-heatmap".
    """

    kind: str
    caption: str
    key: str = ""


@dataclass(frozen=True)
class Reference:
    key: str
    text: str


@dataclass(frozen=True)
class References:
    entries: tuple[Reference, ...]


Block = Union[Paragraph, BulletList, KeyNumbers, Table, Figure, References]


@dataclass(frozen=True)
class Section:
    """A titled section; ``new_page`` starts it on a fresh page (appendices)."""

    key: str
    title: str
    blocks: tuple[Block, ...]
    new_page: bool = False


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

    def section(self, key: str) -> Section:
        return next(s for s in self.sections if s.key == key)

    def blocks(self) -> Iterator[Block]:
        for section in self.sections:
            yield from section.blocks

    def tables(self) -> tuple[Table, ...]:
        return tuple(b for b in self.blocks() if isinstance(b, Table))

    def figures(self) -> tuple[Figure, ...]:
        return tuple(b for b in self.blocks() if isinstance(b, Figure))

    def as_text(self) -> str:
        """Plain-text rendering of the whole report (figures by caption)."""
        lines = [self.title, self.subtitle, ""]
        for section in self.sections:
            lines += [section.title, "-" * len(section.title)]
            for block in section.blocks:
                lines += _block_text(block) + [""]
        lines.append(f"Reproduce with: {self.footer_command}")
        return "\n".join(lines)


def format_cell(value: Any, spec: str = "") -> str:
    """Print form of one cell: a dash for None/NaN, ``spec`` for numbers."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    if spec and isinstance(value, (int, float)) and not isinstance(value, bool):
        return format(value, spec)
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _block_text(block: Block) -> list[str]:
    if isinstance(block, Paragraph):
        return [block.text]
    if isinstance(block, BulletList):
        return [f"  - {item}" for item in block.items]
    if isinstance(block, KeyNumbers):
        return [f"{k.label}: {k.value} {k.interval} {k.note}".rstrip() for k in block.items]
    if isinstance(block, Table):
        out = [block.title, " | ".join(block.columns)]
        out += [" | ".join(row) for row in block.display_rows()]
        return out + ([block.note] if block.note else [])
    if isinstance(block, Figure):
        return [f"[Figure: {block.caption}]"]
    if isinstance(block, References):
        return [f"{r.text}" for r in block.entries]
    return [str(block)]
