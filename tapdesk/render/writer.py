"""A report written in the format asked for: PDF (:mod:`tapdesk.render.pdf`) or an editable copy,
ODT, DOCX or HTML (:mod:`tapdesk.render.editable`). ``tapdesk report`` and File > Export report
both write through :func:`write_report`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted
from tapdesk.render.figures import Step
from tapdesk.render.pdf import write_report_pdf
from tapdesk.report.build import as_document


def write_report(report: Any, path: str | Path, fmt: str | None = None,
                 page_size: str = "A4", step: Step | None = None) -> Path:
    """Write the report as PDF, ODT (OpenDocument text), DOCX (Word) or HTML; ``fmt`` None:
    from the suffix.

    ``step``: progress, see :func:`write_report_pdf`.
    """
    fmt = (fmt or Path(path).suffix.lstrip(".") or "pdf").lower()
    if fmt == "pdf":
        return write_report_pdf(report, path, page_size, step)
    from tapdesk.render.editable import write_docx, write_html, write_odt
    if fmt == "odt":
        return write_odt(as_document(report), path, page_size, step)
    if fmt == "docx":
        return write_docx(as_document(report), path, page_size, step)
    if fmt in ("html", "htm"):
        return write_html(as_document(report), path, step)
    # Translators: pdf, odt, docx and html are the formats' names as typed; {format} the one given.
    raise SettingError(said("the report format must be pdf, odt, docx or html, not {format}",
                            format=made(quoted, fmt)))
