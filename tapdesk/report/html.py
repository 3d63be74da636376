"""The report as HTML: a standalone page, and the source of the editable ODT copy.

:func:`document_html` renders a :class:`ReportDocument` with the same words,
numbers and tables as the PDF (intervals joined, empty columns left out,
repeated table notes as footnotes). Figures are ``<img>`` elements whose
``src`` the caller provides (a ``data:`` URI for a standalone HTML file, a
resource name for Qt's text document). ``simple=True`` keeps to the HTML
subset Qt's rich text understands (no CSS grid, no figure element).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from string import Template

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
from tapdesk.report.footer_words import html_language, reproduce_lead

CSS = Template("""
body { font-family: 'DejaVu Sans', Arial, sans-serif; color: $ink; max-width: 50em;
       margin: 2em auto; padding: 0 1em; line-height: 1.45; font-size: 10.5pt; }
h1 { font-size: 20pt; margin-bottom: 0.1em; }
h2 { color: $accent; border-bottom: 1.5px solid $accent; padding-bottom: 0.15em;
     margin-top: 1.8em; font-size: 14pt; }
h3 { color: $accent; font-size: 10.5pt; margin-bottom: 0.3em; }
.subtitle { color: $muted; font-size: 12pt; margin: 0; }
.byline, .small, figcaption, .note { color: $muted; font-size: 9pt; }
.verdict { background: $verdict_bg; padding: 0.6em 1em 0.6em 2em; }
table { border-collapse: collapse; margin: 0.4em 0 0.2em; font-size: 9pt; }
th { background: $header_bg; text-align: left; }
th, td { padding: 0.25em 0.6em; vertical-align: top; }
tr:nth-child(even) td { background: $stripe_bg; }
td.num, th.num { text-align: right; white-space: nowrap; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.6em; }
.card { border: 1px solid $rule; border-radius: 6px; padding: 0.5em 0.7em; background: $stripe_bg; }
.card .label { color: $accent; font-weight: bold; font-size: 9pt; }
.card .value { font-size: 17pt; font-weight: bold; }
figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid $rule; }
pre, code { font-family: 'DejaVu Sans Mono', monospace; font-size: 8.5pt; white-space: pre-wrap; }
footer { margin-top: 3em; border-top: 1px solid $rule; padding-top: 0.5em; }
""").substitute(palette.css_values())


HEADING_STYLE = {"h2": f"font-size:15pt; color:{palette.ACCENT}",
                 "h3": f"font-size:11pt; color:{palette.ACCENT}"}
"""Inline heading styles for Qt's rich text (which keeps inline styles, not style sheets)."""


def document_html(doc: ReportDocument, images: Mapping[str, str], *, simple: bool = False,
                  image_width: int = 640, aspects: Mapping[str, float] | None = None) -> str:
    """The whole report as one HTML page; ``images`` maps figure keys to ``src`` values,
    ``aspects`` to their height / width (for an explicit height attribute)."""
    sizes = {key: (image_width, round(image_width * (aspects or {}).get(key, 0)))
             for key in images}
    h1 = " style='font-size:20pt'" if simple else ""
    parts = [f"<h1{h1}>{escape(doc.title)}</h1>",
             f"<p class='subtitle'>{escape(doc.subtitle)}</p>",
             f"<p class='byline'>{escape(doc.byline())}</p>"]
    for section in doc.sections:
        parts.append(_section(doc, section, images, simple, sizes))
    commands = "".join(f"<pre>{escape(c)}</pre>" for c in (doc.commands or (doc.footer_command,)))
    parts.append(f"<footer><p class='small'>{escape(reproduce_lead())}</p>{commands}</footer>")
    body = "\n".join(parts)
    style = "" if simple else f"<style>{CSS}</style>"      # Qt's rich text: attributes only
    return (f"<!DOCTYPE html>\n<html lang='{html_language()}'><head><meta charset='utf-8'>"
            f"<title>{escape(labelled(doc.title, doc.subtitle))}</title>"
            f"{style}</head><body>\n{body}\n</body></html>\n")


def _section(doc: ReportDocument, section: Section, images: Mapping[str, str], simple: bool,
             sizes: Mapping[str, tuple[int, int]]) -> str:
    tag = "h2" if section.level == 1 else "h3"
    inline = f" style='{HEADING_STYLE[tag]}'" if simple else ""
    out = [f"<{tag} id='{escape(section.key)}'{inline}>{escape(section.title)}</{tag}>"]
    for block in section.blocks:
        out.append(_block(doc, section, block, images, simple, sizes))
    return "\n".join(o for o in out if o)


def _block(doc, section, block, images, simple: bool, sizes) -> str:
    if isinstance(block, Paragraph):
        return _paragraph(block, simple)
    if isinstance(block, BulletList):
        items = "".join(f"<li>{escape(i)}</li>" for i in block.items)
        if block.style == "verdict" and not simple:
            return f"<ul class='verdict'>{items}</ul>"
        return f"<ul>{items}</ul>"
    if isinstance(block, KeyNumbers):
        return _key_numbers(block, simple)
    if isinstance(block, Table):
        return table_html(block, hide_title=block.title == section.title, simple=simple)
    if isinstance(block, Figure):
        src = images.get(block.key or block.kind)
        if src is None:
            return ""
        width, height = sizes[block.key or block.kind]
        tall = f" height='{height}'" if height else ""
        img = (f"<img src='{escape(src)}' width='{width}'{tall} "
               f"alt='{escape(block.caption)}'>")
        if simple:
            return f"<p>{img}</p><p class='small'>{escape(block.label)}</p>"
        return f"<figure>{img}<figcaption>{escape(block.label)}</figcaption></figure>"
    if isinstance(block, References):
        return "<ol>" + "".join(f"<li>{escape(r.text)}</li>" for r in block.entries) + "</ol>"
    if isinstance(block, Contents):
        links = "".join(f"<li><a href='#{escape(s.key)}'>{escape(s.title)}</a></li>"
                        for s in doc.sections if s.key not in ("summary", "contents"))
        return f"<ul>{links}</ul>"
    return ""


def _paragraph(block: Paragraph, simple: bool = False) -> str:
    text = escape(block.text)
    if block.style == "label":
        inline = f" style='{HEADING_STYLE['h3']}'" if simple else ""
        return f"<h3{inline}>{text}</h3>"
    if block.style == "mono":
        return f"<pre>{text}</pre>"
    if block.style == "verdict":
        return f"<p class='verdict'><b>{text}</b></p>"
    if block.style == "signature":                   # room above the line to sign on
        return f"<p style='margin-top:{SIGN_ROOM_MM:g}mm; margin-bottom:1mm'>{text}</p>"
    css = {"small": " class='small'", "lead": ""}.get(block.style, "")
    return f"<p{css}>{text}</p>"


def _key_numbers(block: KeyNumbers, simple: bool) -> str:
    if simple:
        rows = "".join(f"<tr><td><b>{escape(k.label)}</b></td><td><b>{escape(k.value)}</b></td>"
                       f"<td>{escape(k.interval)}</td><td>{escape(k.note)}</td></tr>"
                       for k in block.items)
        return f"<table border='0' cellpadding='3'>{rows}</table>"
    cards = "".join(f"<div class='card'><div class='label'>{escape(k.label)}</div>"
                    f"<div class='value'>{escape(k.value)}</div><div>{escape(k.interval)}</div>"
                    f"<div class='note'>{escape(k.note)}</div></div>" for k in block.items)
    return f"<div class='cards'>{cards}</div>"


def table_html(table: Table, hide_title: bool = False, simple: bool = False) -> str:
    """One table as printed: intervals joined, empty columns out, notes under it.

    ``simple`` uses HTML attributes instead of CSS (for Qt's rich text and the ODT)."""
    columns, rows, numeric = table.printed(table.print_limit)
    if simple:
        css = [" align='right'" if n else "" for n in numeric]
        head_css = f" bgcolor='{palette.HEADER_BG}'"
        attributes = "border='1' cellspacing='0' cellpadding='3' width='100%'"
    else:
        css = [" class='num'" if n else "" for n in numeric]
        head_css, attributes = "", "border='0' cellspacing='0'"
    head = "".join(f"<th{c}{head_css}>{escape(name)}</th>" for name, c in zip(columns, css))
    body = "".join("<tr>" + "".join(f"<td{c}>{escape(v)}</td>" for v, c in zip(row, css))
                   + "</tr>" for row in rows)
    title = "" if hide_title or not table.title else escape(table.title)
    caption = f"<caption>{title}</caption>" if title and not simple else ""
    before = f"<p><b>{title}</b></p>" if title and simple else ""
    tail = "".join(f"<p class='small'>{escape(n)}</p>" for n in table.under())
    return (f"{before}<table {attributes}>{caption}<thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>{tail}")
