"""The report as a Word document (.docx), written with python-docx (Qt-free).

:func:`write_docx` renders a :class:`ReportDocument` block by block, with
the same words, numbers and tables as the PDF: the title, subtitle and
byline, the conclusion box, the key numbers (a small table), every table as
printed (intervals joined, empty columns left out, repeated notes as
footnotes), the figures as PNG pictures, the references, a list of contents
(each title linked to its heading, with its page number as a page reference
there: see :func:`_contents`) and, on every page, the footer line with the command
that reproduces the report and the page number. Headings use Word's own
heading styles, so Word's navigation pane and a contents field the user adds find them.

The plots are drawn by the caller (with Qt, as for the PDF) and handed in
as PNG bytes with their printed width; the page size and margins come from
the caller too, so the Word file has the PDF's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

from docx import Document
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_TAB_ALIGNMENT, WD_TAB_LEADER
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Mm, Pt, RGBColor

from tapdesk.errors import SettingError
from tapdesk.i18n.formats import labelled
from tapdesk.report import palette
from tapdesk.report.approval import SIGN_ROOM_MM
from tapdesk.report.document import (
    BulletList,
    Contents,
    Figure,
    KeyNumbers,
    Paragraph,
    References,
    ReportDocument,
    Section,
    Table,
)
from tapdesk.report.footer_words import document_language, footer_words, page_pieces
from tapdesk.report.print_text import (
    MONO_CELL_SIZE,
    NBSP,
    column_shares,
    command_lines,
    fits_in,
    fits_whole,
    keep_numbers_whole,
    set_in_monospace,
)
from tapdesk.report.refusals import cannot_write_report

FONT = "Calibri"
"""Word's long-standing default face: on every Windows and Mac, and metric-matched elsewhere."""
MONO_FONT = "Courier New"
MONO_ADVANCE = 0.6
"""Courier New's (and its stand-ins') advance, in ems: every character is as wide."""
FOOTER_SIZE = 7.0
INK = RGBColor.from_string(palette.INK[1:])        # the report's colours (tapdesk.report.palette)
MUTED = RGBColor.from_string(palette.MUTED[1:])
ACCENT = RGBColor.from_string(palette.ACCENT[1:])
VERDICT_BG = palette.VERDICT_BG[1:].upper()
HEADER_BG = palette.HEADER_BG[1:].upper()
SKIPPED_IN_CONTENTS = ("summary", "contents")
UNKNOWN_PAGE = "\u2013"
"""A contents entry's page as stored in the file (the PAGEREF field's result), shown until the
word processor works the page out: an en dash, "not known yet". Word shows it where the user
declines to update the fields on opening; the right page cannot be known before the file's
pages are laid out (TapDesk's own PDF pages differ: other fonts and breaks), and a blank or a
guessed number would mislead."""
CONTENTS_INDENT_MM = 6.0
"""How far a contents entry is indented for each level below the first."""
KEY_NUMBER_SHARES = (0.28, 0.14, 0.26, 0.32)
"""Widths of the key numbers' columns: label, value, interval, gloss."""
TEXT_WIDTH_CHARS = 105
"""About how many characters of table text fit across A4's text width (174 mm at ~1.65 mm a
character of 8-9 pt Calibri, cell margins aside)."""
AFTER_SHADING_IN_PARAGRAPH = (
    "w:tabs", "w:suppressAutoHyphens", "w:kinsoku", "w:wordWrap", "w:overflowPunct",
    "w:topLinePunct", "w:autoSpaceDE", "w:autoSpaceDN", "w:bidi", "w:adjustRightInd",
    "w:snapToGrid", "w:spacing", "w:ind", "w:contextualSpacing", "w:mirrorIndents",
    "w:suppressOverlap", "w:jc", "w:textDirection", "w:textAlignment", "w:textboxTightWrap",
    "w:outlineLvl", "w:divId", "w:cnfStyle", "w:rPr", "w:sectPr", "w:pPrChange")
"""What follows ``w:shd`` in a paragraph's properties (the schema fixes the order)."""
AFTER_SHADING_IN_CELL = ("w:noWrap", "w:tcMar", "w:textDirection", "w:tcFitText", "w:vAlign",
                         "w:hideMark", "w:headers", "w:cellIns", "w:cellDel", "w:cellMerge",
                         "w:tcPrChange")

# (size in points, bold, colour) of each paragraph style of the document model
PARAGRAPH_LOOK = {"body": (10.0, False, INK), "lead": (10.5, False, INK),
                  "small": (8.5, False, MUTED), "verdict": (11.0, True, INK),
                  "label": (10.0, True, ACCENT), "mono": (8.0, False, INK),
                  "signature": (10.0, False, INK)}


@dataclass(frozen=True)
class Picture:
    """One drawn figure: PNG bytes and the width it prints at."""

    png: bytes
    width_mm: float


@dataclass(frozen=True)
class PageSetup:
    """Paper size and margins in millimetres (margins: left, top, right, bottom), and the
    height kept for the footer under the body."""

    width_mm: float
    height_mm: float
    margins_mm: tuple[float, float, float, float]
    footer_mm: float

    @property
    def text_width_mm(self) -> float:
        return self.width_mm - self.margins_mm[0] - self.margins_mm[2]

    @property
    def body_height_mm(self) -> float:
        return self.height_mm - self.margins_mm[1] - self.margins_mm[3] - self.footer_mm


def write_docx(doc: ReportDocument, path: str | Path, pictures: Mapping[str, Picture],
               page: PageSetup) -> Path:
    """Write ``doc`` as a Word file at ``path``; ``pictures`` maps figure keys to drawn plots
    (a figure without one is left out, as in the PDF). Returns the path."""
    word = Document()
    _set_up(word, doc, page)
    _front_matter(word, doc)
    for section in doc.sections:
        _section(word, doc, section, pictures)
    path = Path(path)
    try:
        word.save(str(path))
    except OSError as exc:
        raise SettingError(cannot_write_report(path, exc)) from None
    return path


# ------------------------------------------------------------------ set-up
def _set_up(word, doc: ReportDocument, page: PageSetup) -> None:
    left, top, right, bottom = page.margins_mm
    section = word.sections[0]
    section.page_width, section.page_height = Mm(page.width_mm), Mm(page.height_mm)
    section.left_margin, section.right_margin = Mm(left), Mm(right)
    section.top_margin, section.bottom_margin = Mm(top), Mm(bottom + page.footer_mm)
    section.footer_distance = Mm(bottom)
    _styles(word)
    _footer(section.footer, doc, page)
    _no_hyphenation(word)
    props = word.core_properties
    props.title = labelled(doc.title, doc.subtitle)
    props.language = document_language()[0]
    props.subject = doc.subtitle
    props.author = doc.author
    props.last_modified_by = doc.author
    props.comments = f"Written by TapDesk {doc.version}"
    props.created = props.modified = _created(doc.created)
    props.revision = 1
    _drop_thumbnail(word)


def _created(text: str) -> datetime:
    """The report's date (``ReportDocument.created``, an ISO date), else now."""
    try:
        return datetime.fromisoformat(text).replace(tzinfo=UTC)
    except ValueError:
        return datetime.now(UTC)


def _drop_thumbnail(word) -> None:
    """Leave out the template's preview picture (a blank page, not this report)."""
    rels = word.part.package.rels
    for rel_id in [key for key, rel in rels.items() if rel.reltype == RT.THUMBNAIL]:
        del rels[rel_id]


def _no_hyphenation(word) -> None:
    """Words are never hyphenated: automatic hyphenation off for the document (Word) and
    suppressed in the Normal style every other style is based on (LibreOffice)."""
    settings = word.settings.element
    auto = settings.find(qn("w:autoHyphenation"))
    if auto is None:
        auto = OxmlElement("w:autoHyphenation")
        settings.append(auto)
    auto.set(qn("w:val"), "false")
    normal = word.styles["Normal"].element.get_or_add_pPr()
    suppress = OxmlElement("w:suppressAutoHyphens")
    normal.insert_element_before(suppress, *AFTER_SHADING_IN_PARAGRAPH[
        AFTER_SHADING_IN_PARAGRAPH.index("w:suppressAutoHyphens") + 1:])


def _styles(word) -> None:
    normal = word.styles["Normal"]
    normal.font.name, normal.font.size, normal.font.color.rgb = FONT, Pt(10), INK
    normal.paragraph_format.space_after = Pt(5)
    _language(word)
    for name, size in (("Heading 1", 14), ("Heading 2", 12), ("Title", 20)):
        style = word.styles[name]
        style.font.name, style.font.size, style.font.bold = FONT, Pt(size), True
        style.font.color.rgb = INK if name == "Title" else ACCENT
        style.paragraph_format.space_before = Pt(0 if name == "Title" else 10)
        style.paragraph_format.space_after = Pt(6)


def _language(word) -> None:
    """Every run's language by default, so a word processor checks the spelling in and
    hyphenates by the report's language (:func:`~tapdesk.report.footer_words.document_language`)."""
    code, region = document_language()
    defaults = word.styles.element.find(qn("w:docDefaults"))
    run_defaults = defaults.find(qn("w:rPrDefault")) if defaults is not None else None
    properties = run_defaults.find(qn("w:rPr")) if run_defaults is not None else None
    if properties is None:
        return                                       # python-docx's template always has them
    lang = properties.find(qn("w:lang"))
    if lang is None:
        lang = OxmlElement("w:lang")
        properties.append(lang)
    lang.set(qn("w:val"), f"{code}-{region}" if region else code)


def _footer(footer, doc: ReportDocument, page: PageSetup) -> None:
    """The PDF's footer: what the report is and the page number on the first line (the number
    at a right tab, so the line never wraps), then the command that reproduces it, broken only
    between its options (:func:`~tapdesk.report.print_text.command_lines`)."""
    words = footer_words(doc)
    para = footer.paragraphs[0]
    para.style.paragraph_format.tab_stops.clear_all()      # the template's centre and right
    para.paragraph_format.tab_stops.add_tab_stop(Mm(page.text_width_mm),
                                                 WD_TAB_ALIGNMENT.RIGHT)
    para.paragraph_format.space_after = Pt(0)
    _run(para, words, FOOTER_SIZE, color=MUTED)
    fields = {"{number}": "PAGE", "{total}": "NUMPAGES"}
    for i, piece in enumerate(page_pieces()):
        if piece in fields:
            _field(para, fields[piece], "1", FOOTER_SIZE)
        elif piece or not i:
            _run(para, ("\t" if not i else "") + piece.replace(" ", NBSP), FOOTER_SIZE, color=MUTED)
    if doc.footer_command:
        chars = int(page.text_width_mm / 25.4 * 72 / (MONO_ADVANCE * FOOTER_SIZE)) - 1
        command = footer.add_paragraph()
        for number, line in enumerate(command_lines(doc.footer_command, fits_in(chars))):
            run = _run(command, line, FOOTER_SIZE, mono=True)
            if number:
                run._r.addprevious(_line_break())
        command.paragraph_format.space_after = Pt(0)


def _line_break():
    run = OxmlElement("w:r")
    run.append(OxmlElement("w:br"))
    return run


def _front_matter(word, doc: ReportDocument) -> None:
    word.add_paragraph(doc.title, style="Title")
    _run(word.add_paragraph(), doc.subtitle, 11.0, color=MUTED)
    _run(word.add_paragraph(), doc.byline(), 8.5, color=MUTED)


# ------------------------------------------------------------------ blocks
def _section(word, doc: ReportDocument, section: Section,
             pictures: Mapping[str, Picture]) -> None:
    heading = word.add_heading(keep_numbers_whole(section.title),   # "Class 1 = no medal" whole
                               level=1 if section.level == 1 else 2)
    _bookmarked(heading, bookmark(doc, section), doc.sections.index(section) + 1)
    if section.new_page:
        heading.paragraph_format.page_break_before = True
    heading.paragraph_format.keep_with_next = True
    for block in section.blocks:
        if isinstance(block, Paragraph):
            _paragraph(word, block)
        elif isinstance(block, BulletList):
            _bullets(word, block)
        elif isinstance(block, KeyNumbers):
            _key_numbers(word, block)
        elif isinstance(block, Table):
            _table(word, block, hide_title=block.title == section.title)
        elif isinstance(block, Figure):
            _figure(word, block, pictures.get(block.key or block.kind))
        elif isinstance(block, References):
            _references(word, block)
        elif isinstance(block, Contents):
            _contents(word, doc)


def _paragraph(word, block: Paragraph) -> None:
    size, bold, color = PARAGRAPH_LOOK.get(block.style, PARAGRAPH_LOOK["body"])
    para = word.add_paragraph()
    text = block.text
    if block.style == "mono":       # a command: broken only between whole arguments
        section = word.sections[-1]
        width_mm = (section.page_width - section.left_margin - section.right_margin) / 36000
        text = "\n".join(command_lines(text, fits_in(int(width_mm / 25.4 * 72 /
                                                            (MONO_ADVANCE * size)) - 1)))
    _run(para, text, size, bold=bold, color=color, mono=block.style == "mono")
    if block.style == "label":
        para.paragraph_format.keep_with_next = True
        para.paragraph_format.space_before = Pt(6)
    elif block.style == "verdict":
        _shade(para, VERDICT_BG)
    elif block.style == "signature":                 # room above the line to sign on
        para.paragraph_format.keep_with_next = True
        para.paragraph_format.space_before = Mm(SIGN_ROOM_MM)
        para.paragraph_format.space_after = Pt(2)


def _bullets(word, block: BulletList) -> None:
    verdict = block.style == "verdict"
    for item in block.items:
        para = word.add_paragraph(style="List Bullet")
        _run(para, item, 10.5 if verdict else 10.0)
        if verdict:
            _shade(para, VERDICT_BG)


def _key_numbers(word, block: KeyNumbers) -> None:
    """The headline numbers as a small table: label, value, interval, gloss."""
    table = word.add_table(rows=0, cols=4)
    _cell_margins(table)
    table.style = word.styles["Table Grid"]
    for item in block.items:
        cells = table.add_row().cells
        _run(cells[0].paragraphs[0], item.label, 9.0, bold=True, color=ACCENT)
        _run(cells[1].paragraphs[0], item.value, 13.0, bold=True)
        _run(cells[2].paragraphs[0], item.interval, 9.0)
        _run(cells[3].paragraphs[0], item.note, 8.5, color=MUTED)
    for number, row in enumerate(table.rows, start=1):
        _row_unsplit(row)
        for cell in row.cells:
            cell.paragraphs[0].paragraph_format.keep_with_next = number < len(table.rows)
    _widths(word, table, KEY_NUMBER_SHARES)
    word.add_paragraph()


def _table(word, block: Table, hide_title: bool) -> None:
    """One table as printed: header row (repeated on every page), intervals joined, numbers
    right-aligned, its footnotes and note under it."""
    fit = block.fitted(fits_whole(TEXT_WIDTH_CHARS))
    columns, rows, numeric = fit.columns, fit.rows, fit.numeric
    if block.title and not hide_title:
        title = word.add_paragraph()
        _run(title, block.title, 9.5, bold=True)
        title.paragraph_format.keep_with_next = True
    table = word.add_table(rows=1, cols=len(columns))
    table.style = word.styles["Table Grid"]
    table.alignment = WD_TABLE_ALIGNMENT.LEFT
    _cell_margins(table)
    _repeat_header(table.rows[0])
    for cell, name, right in zip(table.rows[0].cells, columns, numeric):
        _cell(cell, name, right, bold=True).paragraph_format.keep_with_next = True
        _shade_cell(cell, HEADER_BG)
    for row in rows:
        for cell, text, right in zip(table.add_row().cells, row, numeric):
            _cell(cell, text, right)
    for row in table.rows:
        _row_unsplit(row)
    _widths(word, table, column_shares(columns, rows, TEXT_WIDTH_CHARS))
    for note in fit.under:
        _run(word.add_paragraph(), note, 8.5, color=MUTED)
    if not fit.under:
        word.add_paragraph()


def _widths(word, table, shares: Sequence[float]) -> None:
    section = word.sections[0]
    width = section.page_width - section.left_margin - section.right_margin
    # Word reads each cell's width; LibreOffice reads the table grid's column widths: set both
    table.autofit = False
    for column, share in zip(table.columns, shares):
        column.width = round(width * share)
    for row in table.rows:
        for cell, share in zip(row.cells, shares):
            cell.width = round(width * share)


def _cell(cell, text: str, right: bool, bold: bool = False):
    para = cell.paragraphs[0]
    para.paragraph_format.space_after = Pt(0)
    if right:
        para.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if set_in_monospace(text):
        _run(para, text, MONO_CELL_SIZE, mono=True)
    else:
        _run(para, text, 8.5, bold=bold)
    return para


def _figure(word, block: Figure, picture: Picture | None) -> None:
    if picture is None:
        return
    para = word.add_paragraph()
    para.alignment = WD_ALIGN_PARAGRAPH.CENTER
    para.paragraph_format.keep_with_next = True
    para.add_run().add_picture(BytesIO(picture.png), width=Mm(picture.width_mm))
    _run(word.add_paragraph(), block.label, 8.5, color=MUTED)


def _references(word, block: References) -> None:
    for number, ref in enumerate(block.entries, start=1):
        _run(word.add_paragraph(), f"[{number}]  {ref.text}", 8.5)


def _contents(word, doc: ReportDocument) -> None:
    """The list of contents: each section title a link to its heading, its page number at a
    right tab with dot leaders as a page reference to a bookmark there (``PAGEREF``).

    Not a ``TOC`` field: LibreOffice shows a contents field's stored text until the user
    updates it, while it works out a page reference as it lays the pages out; Word updates
    every field when the file is opened (``w:updateFields``), so both show the right page
    numbers from the start; until then (Word, its update declined) each shows
    :data:`UNKNOWN_PAGE`."""
    section_width = word.sections[0].page_width - word.sections[0].left_margin - \
        word.sections[0].right_margin
    for section in doc.sections:
        if section.key in SKIPPED_IN_CONTENTS:
            continue
        para = word.add_paragraph()
        indent = Mm(CONTENTS_INDENT_MM * (section.level - 1))
        para.paragraph_format.left_indent = indent
        para.paragraph_format.space_after = Pt(2)
        para.paragraph_format.tab_stops.add_tab_stop(section_width - indent,
                                                     WD_TAB_ALIGNMENT.RIGHT, WD_TAB_LEADER.DOTS)
        link = OxmlElement("w:hyperlink")
        link.set(qn("w:anchor"), bookmark(doc, section))
        para._p.append(link)
        _run(para, f"{section.title}\t", 10.0)
        _field(para, f"PAGEREF {bookmark(doc, section)} \\h", UNKNOWN_PAGE, 10.0, color=None)
        for run in para._p.findall(qn("w:r")):
            link.append(run)
    _update_fields_on_open(word)


def bookmark(doc: ReportDocument, section: Section) -> str:
    """The name of the bookmark at a section's heading: hidden (a leading underscore), as
    Word names its own contents' bookmarks."""
    return f"_Toc{doc.sections.index(section) + 1}"


def _bookmarked(para, name: str, number: int) -> None:
    start, end = OxmlElement("w:bookmarkStart"), OxmlElement("w:bookmarkEnd")
    start.set(qn("w:id"), str(number))
    start.set(qn("w:name"), name)
    end.set(qn("w:id"), str(number))
    para._p.append(start)
    para._p.append(end)


def _update_fields_on_open(word) -> None:
    settings = word.settings.element
    if settings.find(qn("w:updateFields")) is None:
        update = OxmlElement("w:updateFields")
        update.set(qn("w:val"), "true")
        settings.append(update)


# ----------------------------------------------------------------- helpers
def _run(para, text: str, size: float, *, bold: bool = False, color: RGBColor | None = None,
         mono: bool = False):
    run = para.add_run(text if mono else keep_numbers_whole(text))
    run.font.size = Pt(size)
    run.font.bold = bold or None
    if color is not None:
        run.font.color.rgb = color
    if mono:
        run.font.name = MONO_FONT
    return run


def _shade(para, fill: str) -> None:
    para._p.get_or_add_pPr().insert_element_before(_shading(fill), *AFTER_SHADING_IN_PARAGRAPH)


def _shade_cell(cell, fill: str) -> None:
    cell._tc.get_or_add_tcPr().insert_element_before(_shading(fill), *AFTER_SHADING_IN_CELL)


def _shading(fill: str):
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    return shd


def _cell_margins(table) -> None:
    """Room round every cell's text, as the PDF's tables have (:data:`palette.CELL_PAD_MM`):
    the "Table Grid" style has none above and below the text."""
    margins = OxmlElement("w:tblCellMar")
    twips = str(round(palette.CELL_PAD_MM / 25.4 * 1440))
    for side in ("top", "left", "bottom", "right"):
        margin = OxmlElement(f"w:{side}")
        margin.set(qn("w:w"), twips)
        margin.set(qn("w:type"), "dxa")
        margins.append(margin)
    table._tbl.tblPr.insert_element_before(margins, "w:tblLook", "w:tblCaption",
                                           "w:tblDescription", "w:tblPrChange")


def _repeat_header(row) -> None:
    header = OxmlElement("w:tblHeader")
    header.set(qn("w:val"), "true")
    row._tr.get_or_add_trPr().append(header)


def _row_unsplit(row) -> None:
    """A row is never split between pages (its cells' lines stay side by side)."""
    unsplit = OxmlElement("w:cantSplit")
    unsplit.set(qn("w:val"), "true")
    row._tr.get_or_add_trPr().insert(0, unsplit)


def _field(para, code: str, shown: str, size: float, color: RGBColor | None = MUTED) -> None:
    """A simple field (page number ...) with the text shown until Word updates it, in the
    given size (LibreOffice draws a field in its first run's)."""
    _field_start(para, code, size, color)
    if shown:
        _run(para, shown, size, color=color)
    _field_end(para, size, color)


def _field_start(para, code: str, size: float, color: RGBColor | None) -> None:
    _field_char(para, "begin", size, color)
    instruction = OxmlElement("w:instrText")
    instruction.set(qn("xml:space"), "preserve")
    instruction.text = f" {code} "
    _sized(para.add_run(), size, color)._r.append(instruction)
    _field_char(para, "separate", size, color)


def _field_end(para, size: float, color: RGBColor | None) -> None:
    _field_char(para, "end", size, color)


def _field_char(para, kind: str, size: float, color: RGBColor | None) -> None:
    char = OxmlElement("w:fldChar")
    char.set(qn("w:fldCharType"), kind)
    _sized(para.add_run(), size, color)._r.append(char)


def _sized(run, size: float, color: RGBColor | None):
    run.font.size = Pt(size)
    if color is not None:
        run.font.color.rgb = color
    return run
