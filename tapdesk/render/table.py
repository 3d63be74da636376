"""A table flowable for the PDF report: fitted column widths, wrapped cells,
striped rows, and splitting between rows with the header repeated on every page."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPen

from tapdesk.i18n import _
from tapdesk.render.layout import (
    HEADER_BG,
    INK,
    MUTED,
    RULE,
    STRIPE_BG,
    Flowable,
    Styles,
    longest_word,
    natural_width,
)
from tapdesk.report.document import PrintedTable, Table
from tapdesk.report.palette import CELL_PAD_MM
from tapdesk.report.print_text import TOGETHER, WHOLE

BODY_PT = 8.0
KEEP_TOGETHER = 15
"""Tables with at most this many rows split over two pages only with at least half their rows on
the first (moved whole, a table of tall rows left most of a page blank)."""


def column_widths(natural: list[float], minimum: list[float], width: float) -> list[float]:
    """Widths that fill ``width``: natural widths when they fit, else shrink the wide columns.

    Narrow columns keep their natural width; the rest share what is left in
    proportion to their natural width, never below their longest word.
    """
    n = len(natural)
    if sum(natural) <= width:
        spare = width - sum(natural)
        return [w + spare * w / sum(natural) for w in natural] if sum(natural) else [width / n] * n
    fixed = [False] * n
    widths = list(natural)
    while True:
        free = [i for i in range(n) if not fixed[i]]
        budget = width - sum(widths[i] for i in range(n) if fixed[i])
        share = budget / max(len(free), 1)
        newly = [i for i in free if natural[i] <= share]
        if not newly:
            total = sum(natural[i] for i in free)
            for i in free:
                widths[i] = max(minimum[i], budget * natural[i] / total)
            break
        for i in newly:
            fixed[i] = True
    excess = sum(widths) - width
    if excess > 0:                            # take it from the columns above their minimum
        room = [max(w - m, 0.0) for w, m in zip(widths, minimum)]
        take = min(excess, sum(room))
        if take > 0:
            widths = [w - take * r / sum(room) for w, r in zip(widths, room)]
        if sum(widths) > width:               # still too wide: every column gives way
            widths = [w * width / sum(widths) for w in widths]
    return widths


class TableBlock(Flowable):
    """A report table; ``rows`` is a slice so a split keeps the original column widths."""

    def __init__(self, table: Table, styles: Styles, *, first: int = 0, end: int | None = None,
                 continued: bool = False, widths: list[float] | None = None,
                 fit: PrintedTable | None = None) -> None:
        self.table, self.styles = table, styles
        self.fit = fit
        """The table as printed at the page's width (its names numbered where they do not
        fit), chosen with the widths."""
        self.columns, self.cells, self.numeric = (fit.columns, fit.rows, fit.numeric) if fit \
            else table.printed(table.print_limit)
        self.first, self.end = first, len(self.cells) if end is None else end
        self.continued, self.widths = continued, widths
        self.titled = True
        """False where the section's heading is the table's title (the page it starts on shows
        no title; a page it continues on says "Data (continued)", not "(continued)" alone)."""
        self.pad = styles.mm(CELL_PAD_MM)
        self.space_after = styles.mm(4)
        self.body_font = styles.font(BODY_PT)
        self.head_font = styles.font(BODY_PT, bold=True)
        self._cache: dict[float, tuple] = {}

    # ----------------------------------------------------------- measuring
    def _widths(self, width: float) -> list[float]:
        if self.widths is not None:
            return self.widths
        self.fit = self.table.fitted(lambda columns, cells: sum(
            self._measured(columns, cells, width)[1]) <= width)
        self.columns, self.cells, self.numeric = self.fit.columns, self.fit.rows, self.fit.numeric
        self.widths = column_widths(*self._measured(self.columns, self.cells, width), width)
        return self.widths

    def _measured(self, columns: list[str], cells: list[list[str]],
                  width: float) -> tuple[list[float], list[float]]:
        """Each column's natural width and its least (its longest word whole)."""
        dev, pad2 = self.styles.device, 2 * self.pad + self.styles.mm(0.6)
        natural = [max([natural_width(head, self.head_font, dev)]
                       + [natural_width(row[j], self.body_font, dev) for row in cells]) + pad2
                   for j, head in enumerate(columns)]
        # Every word whole (a file's SHA-256 too) when the words fit side by side; else a word
        # wider than a quarter of the table may break; else a compound after its hyphens too.
        for cap, hyphens in ((width, False), (width / 4, False), (width / 4, True)):
            minimum = self._least(columns, cells, pad2, cap, hyphens)
            if sum(minimum) <= width:
                break
        return natural, minimum

    def _least(self, columns: list[str], cells: list[list[str]], pad2: float, cap: float,
               hyphens: bool) -> list[float]:
        """Each column's least width: its longest word (or, with ``hyphens``, part of one), at
        most ``cap``."""
        dev = self.styles.device
        return [max([longest_word(head, self.head_font, dev, cap, hyphens)]
                    + [longest_word(row[j], self.body_font, dev, cap, hyphens) for row in cells])
                + pad2 for j, head in enumerate(columns)]

    def _layout(self, width: float):
        if width not in self._cache:
            widths = self._widths(width)
            st = self.styles
            # Translators: a table's title on the page it continues on; {title} is the title.
            title = _("{title} (continued)").format(title=self.table.title) if self.continued \
                else self.table.title if self.titled else ""
            title_box = st.box(title, st.font(9, bold=True), width, INK)
            head = [st.box(h, self.head_font, w - 2 * self.pad, INK, self._align(j))
                    for j, (h, w) in enumerate(zip(self.columns, widths))]
            rows = [[st.box(t, self.body_font, w - 2 * self.pad, INK, self._align(j))
                     for j, (t, w) in enumerate(zip(row, widths))]
                    for row in self.cells[self.first:self.end]]
            note = None
            notes = "\n".join(self.fit.under if self.fit else self.table.under())
            if notes and self.end == len(self.cells):
                note = st.box(notes, st.font(7.5), width, MUTED)
            self._cache[width] = (widths, title_box, head, rows, note)
        return self._cache[width]

    def _align(self, column: int):
        return Qt.AlignmentFlag.AlignRight if self.numeric[column] else Qt.AlignmentFlag.AlignLeft

    def _row_height(self, boxes) -> float:
        return max(b.height for b in boxes) + 2 * self.pad

    def _parts(self, width: float) -> tuple[float, float, list[float], float]:
        _widths, title, head, rows, note = self._layout(width)
        top = title.height + self.styles.mm(1.2)
        note_h = note.height + self.styles.mm(1) if note else 0.0
        return top, self._row_height(head), [self._row_height(r) for r in rows], note_h

    def height(self, width: float) -> float:
        top, head, rows, note = self._parts(width)
        return top + head + sum(rows) + note

    def _least_rows(self, rows: int) -> int:
        """The rows that must go on a page with the table's start (a heading row at least)."""
        if self.first > 0 or rows > KEEP_TOGETHER:
            return min(rows, TOGETHER)
        return rows if rows <= WHOLE else math.ceil(rows / 2)

    def min_height(self, width: float) -> float:
        top, head, rows, note = self._parts(width)
        least = self._least_rows(len(rows))
        return top + head + sum(rows[:least]) + (note if least >= len(rows) else 0.0)

    def split(self, width: float, available: float):
        if self.height(width) <= available:
            return self, None
        top, head, rows, _note = self._parts(width)
        used, count = top + head, 0
        for h in rows:
            if used + h > available:
                break
            used, count = used + h, count + 1
        count = min(count, len(rows) - TOGETHER)   # the rows carried over go as a group
        if count <= 0 or count < self._least_rows(len(rows)):
            return None, self                  # too few rows here: the table starts a page
        cut = self.first + count
        widths = self._widths(width)
        part = TableBlock(self.table, self.styles, first=self.first, end=cut,
                          continued=self.continued, widths=widths, fit=self.fit)
        part.titled = self.titled
        return part, TableBlock(self.table, self.styles, first=cut, end=self.end, continued=True,
                                widths=widths, fit=self.fit)

    # ------------------------------------------------------------- drawing
    def draw(self, painter, x, y, width) -> None:
        widths, title, head, rows, note = self._layout(width)
        top, head_h, row_hs, _ = self._parts(width)
        title.draw(painter, x, y)
        y += top
        total_w = sum(widths)
        painter.fillRect(QRectF(x, y, total_w, head_h), HEADER_BG)
        self._draw_row(painter, head, widths, x, y)
        y += head_h
        for i, (boxes, h) in enumerate(zip(rows, row_hs)):
            if (self.first + i) % 2 == 1:
                painter.fillRect(QRectF(x, y, total_w, h), STRIPE_BG)
            self._draw_row(painter, boxes, widths, x, y)
            y += h
        painter.setPen(QPen(RULE, self.styles.mm(0.3)))
        painter.drawLine(QPointF(x, y), QPointF(x + total_w, y))
        if note is not None:
            note.draw(painter, x, y + self.styles.mm(1))

    def _draw_row(self, painter, boxes, widths, x, y) -> None:
        for box, w in zip(boxes, widths):
            box.draw(painter, x + self.pad, y + self.pad)
            x += w
