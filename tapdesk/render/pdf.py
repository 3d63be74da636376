"""Write the TapDesk report as a PDF with Qt's own PDF writer (no extra dependency).

Public interface (used by ``tapdesk report``, File > Export report and the self-test)::

    write_report_pdf(report, path, page_size="A4") -> Path
    page_plan(report, page_size="A4") -> pages of (y, flowable), for layout checks

``report`` is a :class:`~tapdesk.report.document.ReportDocument`, a
:class:`~tapdesk.report.build.ReportInputs` or a bare
:class:`~tapdesk.engine.results.FitResult` (built into a document first).
``page_size`` is "A4" or "Letter". Plots are drawn with the builders of
:mod:`tapdesk.render.plots` when a QApplication can be had (they are left out,
never replaced by placeholders, when a builder is missing or returns None).
The DejaVu fonts that ship with the app are embedded, so the text renders
the same everywhere. Works headless (QT_QPA_PLATFORM=offscreen).

The page set-up (sizes, margins, fonts, the Qt application) is :mod:`tapdesk.render.page`'s;
every plot as PNG is :func:`tapdesk.render.figures.render_figures`; the report in any format
is :func:`tapdesk.render.writer.write_report`.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QPainter,
    QPdfWriter,
    QPen,
)

from tapdesk.errors import SettingError
from tapdesk.i18n import ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import said
from tapdesk.render.figures import Step
from tapdesk.render.layout import (
    ACCENT,
    INK,
    MUTED,
    RULE,
    VERDICT_BG,
    FigureMissing,
    Flowable,
    ImageBlock,
    KeyNumberGrid,
    Styles,
    TextBlock,
)
from tapdesk.render.page import (
    DPI,
    FOOTER_MM,
    PX_PER_MM,
    ensure_app,
    figure_area,
    load_fonts,
    page_body,
    page_layout,
)
from tapdesk.render.table import TableBlock
from tapdesk.report.approval import SIGN_ROOM_MM
from tapdesk.report.build import as_document
from tapdesk.report.document import (
    BulletList,
    Contents,
    Figure,
    KeyNumbers,
    Paragraph,
    References,
    ReportDocument,
    Table,
)
from tapdesk.report.footer_words import footer_words, page_of
from tapdesk.report.print_text import command_lines
from tapdesk.report.refusals import cannot_make_folder

CONTENTS_AFTER = 3
"""Reports longer than this many pages get a list of contents."""


def write_report_pdf(report: Any, path: str | Path, page_size: str = "A4",
                     step: Step | None = None,
                     on_page: Callable[[int, int], object] | None = None) -> Path:
    """Lay the report out on pages and write it to ``path``; returns the path.

    ``step`` (optional) is called with plain words before each figure is drawn and before
    the pages are written (progress; it may raise to stop the export); ``on_page(done,
    total)`` after each page is written (it too may raise to stop).
    """
    doc = as_document(report)
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SettingError(cannot_make_folder(path, exc)) from None
    writer, styles, pages, images = _laid_out(doc, str(path), page_size, step)
    try:
        _write_pages(writer, styles, pages, doc, path, step, on_page)
    except FigureMissing:                  # a figure process drew less than was laid out
        del writer
        writer, styles, pages, _ = _laid_out(doc, str(path), page_size, step, images.present())
        _write_pages(writer, styles, pages, doc, path, step, on_page)
    return path


def _write_pages(writer: QPdfWriter, styles: Styles, pages: list, doc: ReportDocument,
                 path: Path, step: Step | None,
                 on_page: Callable[[int, int], object] | None = None) -> None:
    if step is not None:
        # Translators: the export's progress; {n} is the number of pages.
        step(ngettext("Writing {n} page", "Writing {n} pages", len(pages)).format(n=len(pages))
             if not is_source() else f"Writing {len(pages)} pages")
    paint = writer.pageLayout().paintRectPixels(DPI)
    painter = QPainter()
    if not painter.begin(writer):
        # Translators: {path} is the PDF file asked for.
        raise SettingError(said("cannot write the PDF to {path}; check the folder is writable",
                                path=str(path)))
    try:
        for number, page in enumerate(pages, start=1):
            if number > 1:
                writer.newPage()
            for y, block in page:
                block.draw(painter, 0.0, y, float(paint.width()))
            draw_footer(painter, styles, doc, number, len(pages), float(paint.width()),
                        paint.height())
            if on_page is not None:
                on_page(number, len(pages))
    finally:
        painter.end()


def page_plan(report: Any, page_size: str = "A4") -> list[list[tuple[float, Flowable]]]:
    """The pages as laid out (y offset and flowable per block), without writing a file."""
    with tempfile.TemporaryDirectory() as tmp:
        return _laid_out(as_document(report), str(Path(tmp) / "plan.pdf"), page_size)[2]


def _laid_out(doc: ReportDocument, path: str, page_size: str, step: Step | None = None,
              images: dict[str, Any] | None = None):
    """(writer, styles, pages, images): the PDF writer and the pages laid out, with the
    figures of :func:`figure_images` (or ``images``, where given)."""
    layout = page_layout(page_size)
    ensure_app()
    writer = QPdfWriter(path)
    writer.setResolution(DPI)
    writer.setTitle(f"{doc.title}: {doc.subtitle}")
    writer.setCreator(f"TapDesk {doc.version}")
    if doc.author:
        writer.setAuthor(doc.author)
    writer.setPageLayout(layout)
    family, mono = load_fonts()
    styles = Styles(family, mono, writer, PX_PER_MM)
    width, body_h = page_body(page_size)
    if images is None:
        images = figure_images(doc, *figure_area(page_size), step)
    return writer, styles, pages_of(doc, styles, images, width, body_h), images


def pages_of(doc: ReportDocument, st: Styles, images: dict[str, Any], width: float,
             body_h: float) -> list[list[tuple[float, Flowable]]]:
    """The document on pages, with a list of contents where it has a place for one and is
    longer than :data:`CONTENTS_AFTER` pages without it.

    A report that is that long even less all the pages its contents could take is laid out
    once, with them; a shorter one is laid out without them first, to see.
    """
    listed: list[list[tuple[float, Flowable]]] | None = None
    foot = page_one_foot(doc, st, images, body_h)
    if doc.contents_wanted():
        contents = ContentsBlock(doc, st)
        listed = paginate(flowables(doc, st, images, body_h, contents), width, body_h, foot)
        if len(listed) - contents.pages_taken(width, body_h) > CONTENTS_AFTER:
            contents.fill(listed)
            return listed
    pages = paginate(flowables(doc, st, images, body_h), width, body_h, foot)
    if listed is not None and len(pages) > CONTENTS_AFTER:
        contents.fill(listed)
        return listed
    return pages


def page_one_foot(doc: ReportDocument, st: Styles, images: dict[str, Any],
                  body_h: float) -> Flowable | None:
    """The sections set at the foot of page one (``Section.page_one_foot``), as one block."""
    items: list[Flowable] = []
    for section in doc.sections:
        if section.page_one_foot:
            items.append(Heading(section, st))
            items += [f for f in (block_flowable(b, st, images, body_h) for b in section.blocks)
                      if f is not None]
    return Column(items, 0.0) if items else None


# ---------------------------------------------------------------- flowables
def flowables(doc: ReportDocument, st: Styles, images: dict[str, Any], body_h: float,
              contents: Flowable | None = None) -> list[Flowable | str]:
    """The document as a flat list of flowables; the string "page" forces a new page.

    ``contents`` is the list of contents to place where the document asks for
    it (left out when None: short reports have none).
    """
    out: list[Flowable | str] = [
        TextBlock(doc.title, st.font(20, bold=True), st, color=INK),
        TextBlock(doc.subtitle, st.font(11), st, color=MUTED, space_after=st.mm(1)),
        TextBlock(doc.byline(), st.font(8.5), st, color=MUTED, space_after=st.mm(3))]
    for section in doc.sections:
        if any(isinstance(b, Contents) for b in section.blocks) and contents is None:
            continue
        if section.page_one_foot:               # laid out apart (page_one_foot, paginate)
            continue
        if section.new_page:
            out.append("page")
        out.append(Heading(section, st))
        for block in section.blocks:
            item = contents if isinstance(block, Contents) else \
                block_flowable(block, st, images, body_h)
            if isinstance(item, TableBlock) and block.title == section.title:
                item.titled = False                 # the heading above it says it
            if item is not None:
                out.append(item)
    return out


def block_flowable(block: Any, st: Styles, images: dict[str, Any],
                   body_h: float) -> Flowable | None:
    if isinstance(block, Paragraph):
        return paragraph(block, st)
    if isinstance(block, KeyNumbers):
        return KeyNumberGrid(block.items, st)
    if isinstance(block, Table):
        return TableBlock(block, st)
    if isinstance(block, Figure):
        found = images.get(block.key or block.kind)
        if found is None:
            return None
        image, size = found
        return ImageBlock(image, block.label, st, body_h * 0.55,
                          (st.mm(size.width_mm), st.mm(size.height_mm)))
    if isinstance(block, BulletList):
        if block.style == "verdict":
            return Column([TextBlock(item, st.font(10.5), st, indent=st.mm(4), bullet="\u2022",
                                     background=VERDICT_BG, tight=True)
                           for item in block.items], st.mm(3))
        return Column([TextBlock(item, st.font(9.5), st, indent=st.mm(5), bullet="\u2022",
                                 space_after=st.mm(1.2)) for item in block.items], st.mm(2))
    if isinstance(block, References):
        return Column([TextBlock(f"[{i}]  {ref.text}", st.font(8.5), st, space_after=st.mm(1.2))
                       for i, ref in enumerate(block.entries, start=1)], st.mm(2))
    return None


def paragraph(block: Paragraph, st: Styles) -> TextBlock:
    style = block.style
    if style == "label":
        return TextBlock(block.text, st.font(10, bold=True), st, color=ACCENT,
                         space_before=st.mm(2), space_after=st.mm(1.5), keep_next=True)
    if style == "lead":
        return TextBlock(block.text, st.font(10.5), st, space_after=st.mm(2))
    if style == "verdict":
        return TextBlock(block.text, st.font(11, bold=True), st, background=VERDICT_BG,
                         space_after=st.mm(2))
    if style == "small":
        return TextBlock(block.text, st.font(8.5), st, color=MUTED, space_after=st.mm(2.5))
    if style == "mono":                       # a command: broken between whole arguments
        return CommandBlock(block.text, st.font(8, mono=True), st, space_after=st.mm(2.5))
    if style == "signature":                  # room above the line to sign on
        return TextBlock(block.text, st.font(9.5), st, space_before=st.mm(SIGN_ROOM_MM),
                         space_after=st.mm(0.8), keep_next=True)
    return TextBlock(block.text, st.font(9.5), st, space_after=st.mm(2.5))


class CommandBlock(TextBlock):
    """A command line on as many lines as the width needs, broken only between its options
    (:func:`footer_command_text`): Qt would break it after any hyphen ("--" | "cut 1"), and a
    command copied from the page would not run."""

    def __init__(self, command: str, font: QFont, st: Styles, **options: Any) -> None:
        super().__init__(command, font, st, **options)
        self.command = command

    def box(self, width: float):
        if self._box is None or self._box[0] != width:
            inner = width - self.indent - 2 * self.pad
            self.text = footer_command_text(self.command, self.font, self.styles, inner)
        return super().box(width)


class Heading(TextBlock):
    """A section heading; remembers its section so the contents can find its page."""

    def __init__(self, section: Any, st: Styles) -> None:
        super().__init__(section.title, st.font(14 if section.level == 1 else 12, bold=True), st,
                         color=ACCENT, space_before=st.mm(3), space_after=st.mm(3), rule=True,
                         keep_next=True)
        self.section_key = section.key


class ContentsBlock(Flowable):
    """The list of contents: section titles with dot leaders and page numbers."""

    def __init__(self, doc: ReportDocument, st: Styles) -> None:
        self.st = st
        self.entries = [(s.key, s.title, s.level) for s in doc.sections
                        if s.key not in ("summary", "contents") and not s.page_one_foot]
        self.pages: dict[str, int] = {}
        self.space_after = st.mm(4)
        self.line = QFontMetricsF(st.font(9.5), st.device).lineSpacing() * 1.35

    def fill(self, pages: list[list[tuple[float, Flowable]]]) -> None:
        for number, page in enumerate(pages, start=1):
            for _, block in page:
                key = getattr(block, "section_key", None)
                if key is not None:
                    self.pages.setdefault(key, number)

    def _lines(self, title: str, level: int, width: float, metrics: QFontMetricsF) -> list[str]:
        """The title on as many lines as it needs beside the page numbers (never cut short)."""
        room = width - metrics.horizontalAdvance("0000") - self.st.mm(6) * (level - 1) \
            - self.st.mm(8)
        lines: list[str] = []
        for word in title.split(" "):
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and metrics.horizontalAdvance(joined) <= room:
                lines[-1] = joined
            else:
                lines.append(word)
        return lines or [""]

    def height(self, width: float) -> float:
        metrics = QFontMetricsF(self.st.font(9.5), self.st.device)
        return self.line * sum(len(self._lines(title, level, width, metrics))
                               for _, title, level in self.entries)

    def pages_taken(self, width: float, body_h: float) -> int:
        """The most pages the list can add to a report: the pages its height fills, and one
        more for where it starts or for the blocks it pushes on."""
        return math.ceil((self.height(width) + self.space_after) / body_h) + 1

    def draw(self, painter, x, y, width) -> None:
        font = self.st.font(9.5)
        metrics = QFontMetricsF(font, self.st.device)
        painter.setFont(font)
        painter.setPen(INK)
        number_w = metrics.horizontalAdvance("0000")
        for key, title, level in self.entries:
            indent = self.st.mm(6) * (level - 1)
            *above, text = self._lines(title, level, width, metrics)
            for line in above:                        # a long title wraps; the leader and the
                painter.drawText(QPointF(x + indent, y + metrics.ascent()), line)   # page
                y += self.line                                                    # end it
            base = y + metrics.ascent()
            painter.drawText(QPointF(x + indent, base), text)
            page = str(self.pages.get(key, ""))
            painter.drawText(QPointF(x + width - metrics.horizontalAdvance(page), base), page)
            start = x + indent + metrics.horizontalAdvance(text) + self.st.mm(2)
            stop = x + width - number_w - self.st.mm(1)
            dot = metrics.horizontalAdvance(". ")
            leader = "." + " ." * max(int((stop - start) / dot) - 1, 0)
            painter.setPen(MUTED)
            painter.drawText(QPointF(max(start, stop - metrics.horizontalAdvance(leader)), base),
                             leader if stop > start else "")
            painter.setPen(INK)
            y += self.line


class Column(Flowable):
    """Several small blocks that may split between them (bullets, references)."""

    def __init__(self, items: list[Flowable], space_after: float) -> None:
        self.items, self.space_after = items, space_after

    def height(self, width: float) -> float:
        return sum(i.height(width) + i.space_after for i in self.items)

    def min_height(self, width: float) -> float:
        return self.items[0].height(width) if self.items else 0.0

    def split(self, width: float, available: float):
        used, count = 0.0, 0
        for item in self.items:
            if used + item.height(width) > available:
                break
            used, count = used + item.height(width) + item.space_after, count + 1
        if count == len(self.items):
            return self, None
        if count == 0:
            return None, self
        return Column(self.items[:count], 0.0), Column(self.items[count:], self.space_after)

    def draw(self, painter, x, y, width) -> None:
        for item in self.items:
            item.draw(painter, x, y, width)
            y += item.height(width) + item.space_after


TAIL_PAGE = 0.25
"""A page that holds only what ran over from the page before (a table's last rows, the last
references, a section's last table that did not fit there) and less than this share of its
height is not ended by a section that starts a new page: the section follows on it (the Data
table's last rows stood alone on an almost blank page 3, "How this analysis was run" alone on
page 5, issue 53)."""


def paginate(flow: list[Flowable | str], width: float, body_h: float,
             foot: Flowable | None = None):
    """Place flowables on pages: [(y, flowable), ...] per page; ``foot`` at the foot of page
    one, what flows there ending above it.

    A block marked ``keep_next`` (headings, labels) moves to the next page
    unless the following block's first piece fits after it: no orphan headings.
    A new page asked for ("page") starts one unless the page is short and began
    with what ran over from the one before (:data:`TAIL_PAGE`).
    """
    pages: list[list[tuple[float, Flowable]]] = [[]]
    y = 0.0
    tail = False                  # the page began with what the page before had no room for
    queue = list(flow)
    foot_h = foot.height(width) + foot.space_after if foot is not None else 0.0
    full_h = body_h
    body_h = full_h - foot_h      # page one's room (the foot's taken off), then every page's
    while queue:
        item = queue.pop(0)
        if item == "page":
            if pages[-1] and not (tail and y < TAIL_PAGE * body_h):
                pages.append([])
                y, tail, body_h = 0.0, False, full_h
            continue
        need = item.min_height(width)
        if getattr(item, "keep_next", False):
            need += item.space_after
            for nxt in queue:
                if nxt == "page":
                    break
                need += nxt.min_height(width)
                if not getattr(nxt, "keep_next", False):
                    break
                need += nxt.space_after
        if y > 0 and y + need > body_h:
            pages.append([])
            y, tail, body_h = 0.0, True, full_h
        part, rest = item.split(width, body_h - y)
        if part is None:                      # nothing fits even on a fresh page: force it
            if y == 0:
                part, rest = item, None
            else:
                pages.append([])
                y, tail, body_h = 0.0, True, full_h
                queue.insert(0, item)
                continue
        pages[-1].append((y, part))
        y += part.height(width) + part.space_after
        if rest is not None:
            pages.append([])
            y, tail, body_h = 0.0, True, full_h
            queue.insert(0, rest)
    if foot is not None:
        pages[0].append((full_h - foot_h, foot))
    return [p for p in pages if p] or [[]]


def draw_footer(painter: QPainter, st: Styles, doc: ReportDocument, number: int, total: int,
                width: float, page_h: float) -> None:
    top = page_h - st.mm(FOOTER_MM) + st.mm(2.5)
    painter.setPen(QPen(RULE, st.mm(0.3)))
    painter.drawLine(QPointF(0, top), QPointF(width, top))
    page_text = page_of(number, total)
    page_w = st.mm(28)
    st.box(page_text, st.font(7.5), page_w, MUTED,
           Qt.AlignmentFlag.AlignRight).draw(painter, width - page_w, top + st.mm(1.2))
    words = footer_words(doc)
    label = st.box(words, st.font(7), width - page_w, MUTED)
    label.draw(painter, 0, top + st.mm(1.2))
    if doc.footer_command:
        font = st.font(7, mono=True)
        st.box(footer_command_text(doc.footer_command, font, st, width - page_w), font,
               width - page_w, INK).draw(painter, 0, top + st.mm(1.2) + label.height)


def footer_command_text(command: str, font: QFont, st: Styles, width: float) -> str:
    """The reproducing command on lines of ``width`` in ``font``, broken only between its
    options (each ``--option value`` whole, so a copied command runs)."""
    metrics = QFontMetricsF(font, st.device)
    return "\n".join(command_lines(command, lambda line: metrics.horizontalAdvance(line) <= width))


# ------------------------------------------------------------------ figures
def figure_images(doc: ReportDocument, width_mm: float, body_mm: float,
                  step: Step | None = None) -> dict[str, Any]:
    """{figure key: (PlotPicture, PrintSize)}: every plot recorded at its printed size as
    drawing commands (vector in the PDF); from the figure process of
    :mod:`report_pdf_process` when one draws this document (its pictures are callables
    that wait for it, see :class:`ImageBlock`)."""
    from tapdesk.render.figure_process import pending_figures
    drawn = pending_figures(doc, width_mm, body_mm)
    if drawn is not None:
        return drawn
    from tapdesk.render.figures import print_pictures
    return print_pictures(doc, width_mm, body_mm, step)
