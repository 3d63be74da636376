"""Editable copies of the report: OpenDocument text (ODT), Word (DOCX) and standalone HTML.

All come from the same :class:`ReportDocument` as the PDF, with the same plots
drawn for print. The HTML file (:func:`tapdesk.report.html.document_html`)
carries them as ``data:`` URIs, so it is one file. The Word file is written by
python-docx (:mod:`tapdesk.report.docx_writer`) and the OpenDocument file by
:mod:`tapdesk.report.odt_writer`, both with the PDF's page size, margins and
footer. Committees that edit a report before circulating it open either in a
word processor or a browser.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from tapdesk.errors import SettingError
from tapdesk.i18n import _
from tapdesk.report.document import ReportDocument
from tapdesk.report.html import document_html
from tapdesk.report.refusals import cannot_make_folder, cannot_write_report

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
        raise SettingError(cannot_make_folder(path, exc)) from None
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
        raise SettingError(cannot_write_report(path, exc)) from None
    return path


def write_odt(doc: ReportDocument, path: str | Path, page_size: str = "A4", step=None) -> Path:
    """The report as an OpenDocument text file (ODT), on the PDF's paper size and margins, with
    the plots drawn as for print (:mod:`tapdesk.report.odt_writer`); ``step``: see
    :func:`~tapdesk.render.figures.print_images`."""
    from tapdesk.report.odt_writer import write_odt as write
    page, pictures = _drawn(doc, path, page_size, step)
    if step is not None:
        # Translators: the export's progress, its last step (an ODT report).
        step(_("Writing the OpenDocument file"))
    return write(doc, _prepare(path), pictures, page)


def write_docx(doc: ReportDocument, path: str | Path, page_size: str = "A4", step=None) -> Path:
    """The report as a Word file (DOCX), on the PDF's paper size and margins, with the plots
    drawn as for print; ``step``: see :func:`~tapdesk.render.figures.print_images`
    (called once more before the file is written)."""
    from tapdesk.report.docx_writer import write_docx as write
    page, pictures = _drawn(doc, path, page_size, step)
    if step is not None:
        # Translators: the export's progress, its last step (a DOCX report).
        step(_("Writing the Word file"))
    return write(doc, _prepare(path), pictures, page)


def _drawn(doc: ReportDocument, path: str | Path, page_size: str, step=None):
    """(page set-up, {figure key: Picture}): the PDF's paper and margins, the plots drawn for
    print on them."""
    from PySide6.QtGui import QPageSize

    from tapdesk.render.figures import print_images
    from tapdesk.render.page import FOOTER_MM, MARGINS_MM, PAGE_SIZES, ensure_app, not_a_page_size
    from tapdesk.report.docx_writer import PageSetup, Picture
    if page_size.lower() not in PAGE_SIZES:
        raise SettingError(not_a_page_size(page_size))
    size = QPageSize(PAGE_SIZES[page_size.lower()]).size(QPageSize.Unit.Millimeter)
    page = PageSetup(size.width(), size.height(), MARGINS_MM, FOOTER_MM)
    _prepare(path)
    ensure_app()
    drawn = print_images(doc, page.text_width_mm, page.body_height_mm, step)
    return page, {key: Picture(png_bytes(image), printed.width_mm)
                  for key, (image, printed) in drawn.items()}
