"""Editable copies of the report: OpenDocument text (ODT), Word (DOCX) and standalone HTML.

Both come from the same :class:`ReportDocument` as the PDF, through
:func:`tapdesk.report.html.document_html`, with the same plots drawn for
print. The ODT is written by Qt's own ``QTextDocumentWriter`` (no new
dependency) from a ``QTextDocument`` that holds the plots as image
resources; the HTML file carries them as ``data:`` URIs, so it is one file.
Committees that edit a report before circulating it open either in a word
processor or a browser. The Word file is written by python-docx
(:mod:`tapdesk.report.docx_writer`) with the PDF's page size and margins.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from tapdesk.errors import SettingError
from tapdesk.report.document import ReportDocument
from tapdesk.report.html import document_html

PAGE_WIDTH_MM = 174.0       # A4 text width with the PDF's margins
BODY_HEIGHT_MM = 250.0
IMAGE_WIDTH_PX = 600        # figures' width in the editable copy (about 16 cm)


def _images(doc: ReportDocument, step=None) -> dict[str, Any]:
    from tapdesk.render.figures import print_images
    from tapdesk.render.page import ensure_app
    ensure_app()
    return {key: image for key, (image, _) in
            print_images(doc, PAGE_WIDTH_MM, BODY_HEIGHT_MM, step).items()}


def _aspects(images: dict[str, Any]) -> dict[str, float]:
    return {key: image.height() / max(image.width(), 1) for key, image in images.items()}


def png_bytes(image: Any) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def _prepare(path: str | Path) -> Path:
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SettingError(f"cannot create the folder for {path}: {exc.strerror}") from None
    return path


def write_html(doc: ReportDocument, path: str | Path, step=None) -> Path:
    """The report as one standalone HTML file (plots embedded); ``step``: see
    :func:`~tapdesk.render.figures.print_images`."""
    path = _prepare(path)
    images = _images(doc, step)
    sources = {key: "data:image/png;base64," + base64.b64encode(png_bytes(image)).decode("ascii")
               for key, image in images.items()}
    try:
        path.write_text(document_html(doc, sources, image_width=IMAGE_WIDTH_PX,
                                      aspects=_aspects(images)), encoding="utf-8")
    except OSError as exc:
        raise SettingError(f"cannot write the report to {path}: {exc.strerror}") from None
    return path


def text_document(doc: ReportDocument, step=None):
    """A QTextDocument of the report, with its plots as image resources."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QFont, QTextDocument

    from tapdesk.render.page import ensure_app, load_fonts
    ensure_app()                       # fonts need the application
    family, _ = load_fonts()
    text = QTextDocument()
    text.setDefaultFont(QFont(family, 10))
    names = {}
    images = _images(doc, step)
    for key, image in images.items():
        names[key] = f"figure-{key}.png"
        text.addResource(QTextDocument.ResourceType.ImageResource, QUrl(names[key]), image)
    text.setHtml(document_html(doc, names, simple=True, image_width=IMAGE_WIDTH_PX,
                               aspects=_aspects(images)))
    text.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle,
                            f"{doc.title}: {doc.subtitle}")
    return text


def write_odt(doc: ReportDocument, path: str | Path, step=None) -> Path:
    """The report as an OpenDocument text file (ODT), written by Qt."""
    from PySide6.QtGui import QTextDocumentWriter
    path = _prepare(path)
    writer = QTextDocumentWriter(str(path), b"odf")
    if not writer.write(text_document(doc, step)):
        raise SettingError(f"cannot write the report to {path}; check the folder is writable")
    return path


def write_docx(doc: ReportDocument, path: str | Path, page_size: str = "A4", step=None) -> Path:
    """The report as a Word file (DOCX), on the PDF's paper size and margins, with the plots
    drawn as for print; ``step``: see :func:`~tapdesk.render.figures.print_images`
    (called once more before the file is written)."""
    from PySide6.QtGui import QPageSize

    from tapdesk.render.figures import print_images
    from tapdesk.render.page import FOOTER_MM, MARGINS_MM, PAGE_SIZES, ensure_app
    from tapdesk.report.docx_writer import PageSetup, Picture
    from tapdesk.report.docx_writer import write_docx as write
    if page_size.lower() not in PAGE_SIZES:
        raise SettingError(f"page size must be A4 or Letter, not '{page_size}'")
    size = QPageSize(PAGE_SIZES[page_size.lower()]).size(QPageSize.Unit.Millimeter)
    page = PageSetup(size.width(), size.height(), MARGINS_MM, FOOTER_MM)
    path = _prepare(path)
    ensure_app()
    drawn = print_images(doc, page.text_width_mm, page.body_height_mm, step)
    pictures = {key: Picture(png_bytes(image), printed.width_mm)
                for key, (image, printed) in drawn.items()}
    if step is not None:
        step("Writing the Word file")
    return write(doc, path, pictures, page)
