"""The report as an OpenDocument text file (.odt), written from the document model (Qt-free).

:func:`write_odt` renders a :class:`ReportDocument` block by block, as
:mod:`tapdesk.report.docx_writer` does for Word, with the same words, numbers,
tables and figures as the PDF. Everything that keeps the pages clean is an
OpenDocument setting the word processor applies, not hand-made layout:

- on every page a footer with what the report is, ``Page N of M`` (page-number
  and page-count fields, at a right tab) and the command that reproduces the
  report, broken only between its options;
- no automatic hyphenation (``fo:hyphenate="false"``), and numbers kept with
  their intervals, ranges and units by no-break spaces and hyphens
  (:func:`~tapdesk.report.print_text.keep_numbers_whole`);
- bullets as real lists (``text:list`` with a bullet list style);
- headings, table titles and figures kept with what follows
  (``fo:keep-with-next``); a table's header row repeated on every page it spans
  (``table:table-header-rows``) and no row split between pages
  (``fo:keep-together``); columns no narrower than the longest number or word
  in them (:func:`~tapdesk.report.print_text.column_shares`).

The package is the OpenDocument format's own: a zip of ``mimetype`` (first,
stored), ``content.xml``, ``styles.xml``, ``meta.xml``, the pictures and
``META-INF/manifest.xml``.
"""

from __future__ import annotations

import itertools
import struct
import zipfile
from collections.abc import Mapping
from pathlib import Path
from xml.etree import ElementTree as ET

from tapdesk.errors import SettingError
from tapdesk.i18n.formats import labelled
from tapdesk.report import document as model
from tapdesk.report import fonts, palette
from tapdesk.report.approval import SIGN_ROOM_MM
from tapdesk.report.docx_writer import CONTENTS_INDENT_MM, SKIPPED_IN_CONTENTS, PageSetup, Picture
from tapdesk.report.footer_words import document_language, footer_words, page_pieces
from tapdesk.report.print_text import (
    NBSP,
    TOGETHER,
    WHOLE,
    column_shares,
    command_lines,
    fits_in,
    fits_whole,
    keep_numbers_whole,
)
from tapdesk.report.refusals import cannot_write_report

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "dc": "http://purl.org/dc/elements/1.1/",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
    "manifest": "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0",
}
MIMETYPE = "application/vnd.oasis.opendocument.text"
FOOTER_SIZE = 7.0
MONO_ADVANCE = 0.602
"""DejaVu Sans Mono's advance, in ems: every character is as wide."""
TEXT_WIDTH_CHARS = 100
"""About how many characters of 8 pt DejaVu Sans table text fit across A4's text width."""
KEY_NUMBER_SHARES = (0.28, 0.14, 0.26, 0.32)

# paragraph styles of the document model: (size in points, bold, colour, extra properties)
PARAGRAPH_STYLES = {
    "body": (10.0, False, palette.INK, {"fo:margin-bottom": "2.5mm"}),
    "lead": (10.5, False, palette.INK, {"fo:margin-bottom": "2mm"}),
    "small": (8.5, False, palette.MUTED, {"fo:margin-bottom": "2.5mm"}),
    "verdict": (11.0, True, palette.INK, {"fo:margin-bottom": "2mm", "fo:padding": "1.5mm",
                                          "fo:background-color": palette.VERDICT_BG}),
    "label": (10.0, True, palette.ACCENT, {"fo:margin-top": "2mm", "fo:margin-bottom": "1.5mm",
                                           "fo:keep-with-next": "always"}),
    "mono": (8.0, False, palette.INK, {"fo:margin-bottom": "2.5mm"}),
    "signature": (10.0, False, palette.INK, {"fo:margin-top": f"{SIGN_ROOM_MM:g}mm",
                                             "fo:margin-bottom": "0.8mm",
                                             "fo:keep-with-next": "always"}),
    "title": (20.0, True, palette.INK, {"fo:margin-bottom": "2mm"}),
    "subtitle": (11.0, False, palette.MUTED, {"fo:margin-bottom": "1mm"}),
    "byline": (8.5, False, palette.MUTED, {"fo:margin-bottom": "4mm"}),
    "bullet": (10.0, False, palette.INK, {"fo:margin-bottom": "1.2mm"}),
    "bullet-verdict": (10.5, False, palette.INK, {"fo:margin-bottom": "0mm",
                                                  "fo:background-color": palette.VERDICT_BG}),
    "table-title": (9.5, True, palette.INK, {"fo:margin-top": "2mm", "fo:margin-bottom": "1mm",
                                             "fo:keep-with-next": "always"}),
    "cell": (8.0, False, palette.INK, {}),
    "cell-right": (8.0, False, palette.INK, {"fo:text-align": "end"}),
    "cell-head": (8.0, True, palette.INK, {"fo:keep-with-next": "always"}),
    "cell-head-right": (8.0, True, palette.INK, {"fo:text-align": "end",
                                                 "fo:keep-with-next": "always"}),
    "key-label": (9.0, True, palette.ACCENT, {}),
    "key-value": (13.0, True, palette.INK, {}),
    "key-interval": (9.0, False, palette.INK, {}),
    "key-note": (8.5, False, palette.MUTED, {}),
    "figure": (10.0, False, palette.INK, {"fo:text-align": "center",
                                          "fo:keep-with-next": "always"}),
    "caption": (8.5, False, palette.MUTED, {"fo:margin-bottom": "3mm"}),
    "after-table": (8.5, False, palette.MUTED, {"fo:margin-top": "1mm",
                                                "fo:margin-bottom": "2.5mm"}),
    "contents": (10.0, False, palette.INK, {"fo:margin-bottom": "0.7mm"}),
    "footer": (FOOTER_SIZE, False, palette.MUTED, {}),
    "footer-command": (FOOTER_SIZE, False, palette.INK, {}),
}
MONO_STYLES = ("mono", "footer-command")
HEADINGS = {1: 14.0, 2: 12.0}


def _tag(name: str) -> str:
    prefix, local = name.split(":")
    return f"{{{NS[prefix]}}}{local}"


def _el(parent: ET.Element | None, name: str, attrs: Mapping[str, str] | None = None,
        text: str = "") -> ET.Element:
    attrib = {_tag(key): value for key, value in (attrs or {}).items()}
    node = ET.Element(_tag(name), attrib) if parent is None else \
        ET.SubElement(parent, _tag(name), attrib)
    if text:
        _spans(node, text)
    return node


def _spans(node: ET.Element, text: str) -> None:
    """``text`` into ``node``: runs of spaces, tabs and line breaks as OpenDocument writes them
    (a word processor would otherwise fold them into one space)."""
    last: ET.Element | None = None
    buffer = ""

    def flush() -> None:
        nonlocal buffer
        if not buffer:
            return
        if last is None:
            node.text = (node.text or "") + buffer
        else:
            last.tail = (last.tail or "") + buffer
        buffer = ""

    index = 0
    while index < len(text):
        char = text[index]
        if char == " " and buffer.endswith(" "):
            count = len(text[index:]) - len(text[index:].lstrip(" "))
            flush()
            last = _el(node, "text:s", {"text:c": str(count)})
            index += count
            continue
        if char in "\t\n":
            flush()
            last = _el(node, "text:tab" if char == "\t" else "text:line-break")
        else:
            buffer += char
        index += 1
    flush()


def write_odt(doc: model.ReportDocument, path: str | Path, pictures: Mapping[str, Picture],
              page: PageSetup) -> Path:
    """Write ``doc`` as an OpenDocument text file at ``path``; ``pictures`` maps figure keys to
    drawn plots (a figure without one is left out, as in the PDF). Returns the path."""
    body = _Body(page)
    body.front_matter(doc)
    for section in doc.sections:
        body.section(doc, section, pictures)
    path = Path(path)
    try:
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(zipfile.ZipInfo("mimetype"), MIMETYPE, zipfile.ZIP_STORED)
            archive.writestr("content.xml", _xml(body.content()))
            archive.writestr("styles.xml", _xml(_styles(doc, page)))
            archive.writestr("meta.xml", _xml(_meta(doc)))
            for name, png in body.images.items():
                archive.writestr(name, png)
            archive.writestr("META-INF/manifest.xml", _xml(_manifest(body.images)))
    except OSError as exc:
        raise SettingError(cannot_write_report(path, exc)) from None
    return path


def _xml(root: ET.Element) -> bytes:
    for prefix, uri in NS.items():
        ET.register_namespace(prefix, uri)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _document(kind: str) -> ET.Element:
    return _el(None, f"office:{kind}", {"office:version": "1.3"})


# ------------------------------------------------------------------ styles
def _language() -> dict[str, str]:
    """The text's language (and region where CLDR knows it), so a word processor checks the
    spelling in the report's language (:func:`~tapdesk.report.footer_words.document_language`)."""
    code, region = document_language()
    return {"fo:language": code, **({"fo:country": region} if region else {})}


def _styles(doc: model.ReportDocument, page: PageSetup) -> ET.Element:
    root = _document("document-styles")
    _font_faces(root)
    styles = _el(root, "office:styles")
    default = _el(styles, "style:default-style", {"style:family": "paragraph"})
    _el(default, "style:paragraph-properties", {"fo:orphans": "2", "fo:widows": "2"})
    _el(default, "style:text-properties", {
        "style:font-name": fonts.FAMILY, "fo:font-size": "10pt", "fo:color": palette.INK,
        "fo:hyphenate": "false", **_language()})
    for name, (size, bold, color, extra) in PARAGRAPH_STYLES.items():
        _paragraph_style(styles, name, size, bold, color, extra, mono=name in MONO_STYLES)
    for level, size in HEADINGS.items():
        _paragraph_style(styles, f"Heading_20_{level}", size, True, palette.ACCENT,
                         {"fo:margin-top": "3mm", "fo:margin-bottom": "3mm",
                          "fo:keep-with-next": "always"}, display=f"Heading {level}",
                         level=level)
    _bullet_list_style(styles)
    _contents_styles(styles, page)
    automatic = _el(root, "office:automatic-styles")
    layout = _el(automatic, "style:page-layout", {"style:name": "page"})
    left, top, right, bottom = page.margins_mm
    _el(layout, "style:page-layout-properties", {
        "fo:page-width": f"{page.width_mm}mm", "fo:page-height": f"{page.height_mm}mm",
        "fo:margin-left": f"{left}mm", "fo:margin-right": f"{right}mm",
        "fo:margin-top": f"{top}mm", "fo:margin-bottom": f"{bottom}mm",
        "style:print-orientation": "portrait"})
    footer_style = _el(layout, "style:footer-style")
    _el(footer_style, "style:header-footer-properties", {
        "fo:min-height": f"{page.footer_mm - 3}mm", "fo:margin-top": "3mm",
        "fo:border-top": f"0.3mm solid {palette.RULE}", "fo:padding-top": "1mm"})
    line = _el(automatic, "style:style", {"style:name": "footer-line",
                                          "style:family": "paragraph",
                                          "style:parent-style-name": "footer"})
    stops = _el(_el(line, "style:paragraph-properties"), "style:tab-stops")
    _el(stops, "style:tab-stop", {"style:position": f"{page.text_width_mm}mm",
                                  "style:type": "right"})
    masters = _el(root, "office:master-styles")
    master = _el(masters, "style:master-page", {"style:name": "Standard",
                                                "style:page-layout-name": "page"})
    _footer(_el(master, "style:footer"), doc, page)
    return root


def _contents_styles(styles: ET.Element, page: PageSetup) -> None:
    """An entry of the contents at each level: indented by level, its page number at a right
    tab with dot leaders at the text's right edge (tabs count from the indent); its link
    drawn as the text around it, not as a web link."""
    link = _el(styles, "style:style", {"style:name": "contents-link", "style:family": "text"})
    _el(link, "style:text-properties", {"fo:color": palette.INK,
                                        "style:text-underline-style": "none"})
    for level in HEADINGS:
        indent = CONTENTS_INDENT_MM * (level - 1)
        style = _el(styles, "style:style", {"style:name": f"contents-{level}",
                                            "style:family": "paragraph",
                                            "style:parent-style-name": "contents"})
        props = _el(style, "style:paragraph-properties", {"fo:margin-left": f"{indent}mm"})
        _el(_el(props, "style:tab-stops"), "style:tab-stop", {
            "style:position": f"{page.text_width_mm - indent:.1f}mm", "style:type": "right",
            "style:leader-style": "dotted", "style:leader-text": "."})


def _font_faces(root: ET.Element) -> None:
    faces = _el(root, "office:font-face-decls")
    for family, pitch in ((fonts.FAMILY, "variable"), (fonts.MONO_FAMILY, "fixed")):
        _el(faces, "style:font-face", {"style:name": family, "svg:font-family": f"'{family}'",
                                       "style:font-pitch": pitch})


def _paragraph_style(parent: ET.Element, name: str, size: float, bold: bool, color: str,
                     extra: Mapping[str, str], *, mono: bool = False, display: str = "",
                     level: int = 0) -> None:
    attrs = {"style:name": name, "style:family": "paragraph"}
    if display:
        attrs |= {"style:display-name": display, "style:default-outline-level": str(level)}
    style = _el(parent, "style:style", attrs)
    paragraph = {"fo:margin-top": "0mm", "fo:margin-bottom": "0mm"} | dict(extra)
    text = {key: paragraph.pop(key) for key in list(paragraph) if key == "fo:text-align"}
    _el(style, "style:paragraph-properties", paragraph | text)
    font = {"fo:font-size": f"{size}pt", "fo:color": color, "fo:hyphenate": "false"}
    if bold:
        font["fo:font-weight"] = "bold"
    if mono:
        font["style:font-name"] = fonts.MONO_FAMILY
    _el(style, "style:text-properties", font)


def _bullet_list_style(parent: ET.Element) -> None:
    lists = _el(parent, "text:list-style", {"style:name": "Bullets"})
    level = _el(lists, "text:list-level-style-bullet", {"text:level": "1",
                                                        "text:bullet-char": "\u2022"})
    props = _el(level, "style:list-level-properties",
                {"text:list-level-position-and-space-mode": "label-alignment"})
    _el(props, "style:list-level-label-alignment", {
        "text:label-followed-by": "listtab", "text:list-tab-stop-position": "6mm",
        "fo:text-indent": "-4mm", "fo:margin-left": "6mm"})


def _footer(footer: ET.Element, doc: model.ReportDocument, page: PageSetup) -> None:
    """What the report is and ``Page N of M`` (fields, at a right tab: the line never wraps),
    then the reproducing command broken only between its options."""
    first = _el(footer, "text:p", {"text:style-name": "footer-line"})
    pieces = [piece.replace(" ", NBSP) for piece in page_pieces()]
    _spans(first, f"{footer_words(doc)}\t{pieces[0]}")
    fields = {"{number}": ("text:page-number", {"text:select-page": "current"}),
              "{total}": ("text:page-count", {})}
    for field, tail in zip(pieces[1::2], pieces[2::2], strict=True):
        tag, attributes = fields[field]
        made = _el(first, tag, attributes, "1")
        if tail:
            made.tail = tail
    if doc.footer_command:
        chars = int(page.text_width_mm / 25.4 * 72 / (MONO_ADVANCE * FOOTER_SIZE)) - 1
        lines = command_lines(doc.footer_command, fits_in(chars))
        _el(footer, "text:p", {"text:style-name": "footer-command"}, "\n".join(lines))


# ------------------------------------------------------------------ meta
def _meta(doc: model.ReportDocument) -> ET.Element:
    root = _document("document-meta")
    meta = _el(root, "office:meta")
    _el(meta, "meta:generator", {}, f"TapDesk {doc.version}")
    _el(meta, "dc:title", {}, labelled(doc.title, doc.subtitle))
    _el(meta, "dc:language", {}, "-".join(p for p in document_language() if p))
    _el(meta, "dc:subject", {}, doc.subtitle)
    if doc.author:
        _el(meta, "meta:initial-creator", {}, doc.author)
        _el(meta, "dc:creator", {}, doc.author)
    if doc.created:
        _el(meta, "meta:creation-date", {}, f"{doc.created}T00:00:00")
        _el(meta, "dc:date", {}, f"{doc.created}T00:00:00")
    return root


def _manifest(images: Mapping[str, bytes]) -> ET.Element:
    root = _el(None, "manifest:manifest", {"manifest:version": "1.3"})
    _el(root, "manifest:file-entry", {"manifest:full-path": "/", "manifest:version": "1.3",
                                      "manifest:media-type": MIMETYPE})
    for name in ("content.xml", "styles.xml", "meta.xml"):
        _el(root, "manifest:file-entry", {"manifest:full-path": name,
                                          "manifest:media-type": "text/xml"})
    for name in images:
        _el(root, "manifest:file-entry", {"manifest:full-path": name,
                                          "manifest:media-type": "image/png"})
    return root


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) in pixels, from a PNG's header."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height


# ------------------------------------------------------------------ body
def _cell_style_name(kind: str, top: bool, end: bool) -> str:
    return kind + ("-top" if top else "") + ("-end" if end else "")


class _Body:
    """The document's text and the automatic styles its tables and breaks need."""

    def __init__(self, page: PageSetup) -> None:
        self.page = page
        self.root = _document("document-content")
        _font_faces(self.root)
        self.automatic = _el(self.root, "office:automatic-styles")
        self.text = _el(_el(self.root, "office:body"), "office:text")
        self.images: dict[str, bytes] = {}
        self.tables = 0
        self._automatic_styles()

    def content(self) -> ET.Element:
        return self.root

    def _automatic_styles(self) -> None:
        for level in HEADINGS:
            style = _el(self.automatic, "style:style", {
                "style:name": f"Heading_{level}_new_page", "style:family": "paragraph",
                "style:parent-style-name": f"Heading_20_{level}"})
            _el(style, "style:paragraph-properties", {"fo:break-before": "page"})
        row = _el(self.automatic, "style:style", {"style:name": "row",
                                                  "style:family": "table-row"})
        _el(row, "style:table-row-properties", {"fo:keep-together": "always"})
        for kind, fill in (("cell", ""), ("head", palette.HEADER_BG)):
            for top, end in itertools.product((False, True), repeat=2):
                self._cell_style(_cell_style_name(kind, top, end), fill, top, end)
        frame = _el(self.automatic, "style:style", {"style:name": "picture",
                                                    "style:family": "graphic"})
        _el(frame, "style:graphic-properties", {"style:wrap": "none",
                                                "style:vertical-pos": "top",
                                                "style:vertical-rel": "baseline"})

    def _cell_style(self, name: str, fill: str, top: bool, end: bool) -> None:
        """A cell draws its left and bottom rules, the top one only in a table's first row
        and the right one only in its last column: neighbours never draw the same rule
        twice (ODF has no border-collapse that word processors honour)."""
        style = _el(self.automatic, "style:style", {"style:name": name,
                                                    "style:family": "table-cell"})
        rule = f"0.3mm solid {palette.RULE}"
        props = {"fo:padding": "0.8mm", "fo:border-left": rule, "fo:border-bottom": rule,
                 "fo:border-top": rule if top else "none",
                 "fo:border-right": rule if end else "none"}
        if fill:
            props["fo:background-color"] = fill
        _el(style, "style:table-cell-properties", props)

    # -------------------------------------------------------------- blocks
    def paragraph(self, style: str, text: str, parent: ET.Element | None = None) -> ET.Element:
        shown = text if style in MONO_STYLES else keep_numbers_whole(text)
        if style == "mono":                 # a command: broken only between whole arguments
            chars = int(self.page.text_width_mm / 25.4 * 72 /
                        (MONO_ADVANCE * PARAGRAPH_STYLES["mono"][0])) - 1
            shown = "\n".join(command_lines(text, fits_in(chars)))
        return _el(self.text if parent is None else parent, "text:p",
                   {"text:style-name": style}, shown)

    def front_matter(self, doc: model.ReportDocument) -> None:
        self.paragraph("title", doc.title)
        self.paragraph("subtitle", doc.subtitle)
        self.paragraph("byline", doc.byline())

    def section(self, doc: model.ReportDocument, section: model.Section,
                pictures: Mapping[str, Picture]) -> None:
        level = _level(section)
        style = f"Heading_{level}_new_page" if section.new_page else f"Heading_20_{level}"
        heading = _el(self.text, "text:h", {"text:style-name": style,      # "Class 1" whole
                                            "text:outline-level": str(level)},
                      keep_numbers_whole(section.title))
        _el(heading, "text:bookmark", {"text:name": bookmark(section)})
        for block in section.blocks:
            if isinstance(block, model.Paragraph):
                self.paragraph(block.style if block.style in PARAGRAPH_STYLES else "body",
                               block.text)
            elif isinstance(block, model.BulletList):
                self.bullets(block)
            elif isinstance(block, model.KeyNumbers):
                self.key_numbers(block)
            elif isinstance(block, model.Table):
                self.table(block, hide_title=block.title == section.title)
            elif isinstance(block, model.Figure):
                self.figure(block, pictures.get(block.key or block.kind))
            elif isinstance(block, model.References):
                for number, ref in enumerate(block.entries, start=1):
                    self.paragraph("small", f"[{number}]  {ref.text}")
            elif isinstance(block, model.Contents):
                self.contents(doc)

    def bullets(self, block: model.BulletList) -> None:
        style = "bullet-verdict" if block.style == "verdict" else "bullet"
        items = _el(self.text, "text:list", {"text:style-name": "Bullets"})
        for item in block.items:
            self.paragraph(style, item, _el(items, "text:list-item"))

    def key_numbers(self, block: model.KeyNumbers) -> None:
        table = self._table_start(KEY_NUMBER_SHARES, keep_together=True)
        for number, item in enumerate(block.items):
            row = _el(table, "table:table-row", {"table:style-name": "row"})
            cells = (("key-label", item.label), ("key-value", item.value),
                     ("key-interval", item.interval), ("key-note", item.note))
            for column, (style, text) in enumerate(cells):
                self.paragraph(style, text, self._cell(
                    row, "cell", top=number == 0, end=column == len(cells) - 1))
        self.paragraph("body", "")

    def table(self, block: model.Table, hide_title: bool) -> None:
        fit = block.fitted(fits_whole(TEXT_WIDTH_CHARS))
        columns, rows, numeric = fit.columns, fit.rows, fit.numeric
        if block.title and not hide_title:
            self.paragraph("table-title", block.title)
        shares = column_shares(columns, rows, TEXT_WIDTH_CHARS)
        # A table that may split over two pages ends in a table of its last TOGETHER rows,
        # kept whole and with the rows before: never only those rows alone on a page (the
        # glossary's last three on the last page, issue 53; LibreOffice knows no orphan rows).
        tail = TOGETHER if len(rows) > WHOLE else 0
        body = rows[:len(rows) - tail]
        table = self._table_start(shares, keep_with_next=bool(tail))
        header = _el(_el(table, "table:table-header-rows"), "table:table-row",
                     {"table:style-name": "row"})
        last = len(columns) - 1
        for column, (name, right) in enumerate(zip(columns, numeric)):
            self.paragraph("cell-head-right" if right else "cell-head", name,
                           self._cell(header, "head", top=True, end=column == last))
        self._rows(table, body, numeric)
        if tail:
            self._rows(self._table_start(shares, keep_together=True), rows[len(body):], numeric)
        for note in fit.under or [""]:
            self.paragraph("after-table", note)

    def _rows(self, table: ET.Element, rows: list[list[str]], numeric: list[bool]) -> None:
        last = len(numeric) - 1
        for values in rows:
            row = _el(table, "table:table-row", {"table:style-name": "row"})
            for column, (text, right) in enumerate(zip(values, numeric)):
                self.paragraph("cell-right" if right else "cell", text,
                               self._cell(row, "cell", end=column == last))

    def _table_start(self, shares, keep_together: bool = False,
                     keep_with_next: bool = False) -> ET.Element:
        self.tables += 1
        name = f"Table{self.tables}"
        style = _el(self.automatic, "style:style", {"style:name": name,
                                                    "style:family": "table"})
        props = {"style:width": f"{self.page.text_width_mm:.1f}mm", "table:align": "left",
                 "table:border-model": "collapsing",
                 "style:may-break-between-rows": "false" if keep_together else "true"}
        if keep_with_next:
            props["fo:keep-with-next"] = "always"
        _el(style, "style:table-properties", props)
        table = _el(self.text, "table:table", {"table:name": name, "table:style-name": name})
        for number, share in enumerate(shares):
            column = f"{name}.C{number}"
            col_style = _el(self.automatic, "style:style", {"style:name": column,
                                                            "style:family": "table-column"})
            _el(col_style, "style:table-column-properties", {
                "style:column-width": f"{self.page.text_width_mm * share:.2f}mm",
                "style:rel-width": f"{round(share * 10000)}*"})
            _el(table, "table:table-column", {"table:style-name": column})
        return table

    @staticmethod
    def _cell(row: ET.Element, kind: str, top: bool = False, end: bool = False) -> ET.Element:
        return _el(row, "table:table-cell", {"table:style-name": _cell_style_name(kind, top, end),
                                             "office:value-type": "string"})

    def figure(self, block: model.Figure, picture: Picture | None) -> None:
        if picture is None:
            return
        name = f"Pictures/figure{len(self.images) + 1}.png"
        self.images[name] = picture.png
        width, height = png_size(picture.png)
        para = self.paragraph("figure", "")
        frame = _el(para, "draw:frame", {
            "draw:style-name": "picture", "draw:name": name, "text:anchor-type": "as-char",
            "svg:width": f"{picture.width_mm:.2f}mm",
            "svg:height": f"{picture.width_mm * height / max(width, 1):.2f}mm"})
        _el(frame, "draw:image", {"xlink:href": name, "xlink:type": "simple",
                                  "xlink:show": "embed", "xlink:actuate": "onLoad"})
        self.paragraph("caption", block.label)

    def contents(self, doc: model.ReportDocument) -> None:
        """The list of contents as the word processor's own index (``text:table-of-content``,
        which Tools > Update > Indexes rebuilds), each entry a link to its heading with its
        page number as a page reference to a bookmark there: a field the word processor works
        out as it lays the pages out, so the numbers are right when the file is opened (an
        index's stored page numbers are shown as written until the user updates it)."""
        toc = _el(self.text, "text:table-of-content", {"text:name": "Contents",
                                                       "text:protected": "false"})
        source = _el(toc, "text:table-of-content-source", {"text:outline-level": "2",
                                                           "text:use-index-marks": "false"})
        _el(source, "text:index-title-template")
        for level in HEADINGS:
            template = _el(source, "text:table-of-content-entry-template", {
                "text:outline-level": str(level), "text:style-name": f"contents-{level}"})
            for part in ("link-start", "text", "tab-stop", "page-number", "link-end"):
                attrs = {"style:type": "right", "style:leader-char": "."} \
                    if part == "tab-stop" else {}
                _el(template, f"text:index-entry-{part}", attrs)
        body = _el(toc, "text:index-body")
        for section in doc.sections:
            if section.key in SKIPPED_IN_CONTENTS:
                continue
            entry = _el(body, "text:p", {"text:style-name": f"contents-{_level(section)}"})
            link = _el(entry, "text:a", {"xlink:type": "simple",
                                         "xlink:href": f"#{bookmark(section)}",
                                         "text:style-name": "contents-link",
                                         "text:visited-style-name": "contents-link"},
                       keep_numbers_whole(section.title) + "\t")
            _el(link, "text:bookmark-ref", {"text:reference-format": "page",
                                            "text:ref-name": bookmark(section)})


def _level(section: model.Section) -> int:
    return 1 if section.level == 1 else 2


def bookmark(section: model.Section) -> str:
    """The name of the bookmark at a section's heading (the contents' page references)."""
    return f"section-{section.key}"
