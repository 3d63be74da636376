"""Report content (Qt-free): a document model built from analyses, and table exports.

- :func:`build_report` (``tapdesk.report.build``): ReportInputs (one or several
  analyses, title, author, note) -> :class:`ReportDocument`.
- :mod:`tapdesk.report.html`: the document as a standalone HTML page.
- :mod:`tapdesk.report.tables_export`: every table as CSV and XLSX.
- The PDF and ODT writers live in :mod:`tapdesk.render.pdf` (they need Qt).
"""

from tapdesk.report import plan as _plan  # noqa: F401,E402  (registers the Plan section)
from tapdesk.report.build import (
                                  ReportAnalysis,
                                  ReportInputs,
                                  build_report,
                                  register_section,
                                  reproduce_command,
                                  reproduce_commands,
)
from tapdesk.report.document import ReportDocument

__all__ = ["ReportAnalysis", "ReportDocument", "ReportInputs", "build_report", "register_section",
           "reproduce_command", "reproduce_commands"]
