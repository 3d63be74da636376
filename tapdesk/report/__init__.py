"""Report content (Qt-free): a document model built from a fit, and table exports.

- :func:`build_report` (``tapdesk.report.build``): FitResult (+ ratings,
  coefficients, further fits) -> :class:`ReportDocument`.
- :mod:`tapdesk.report.tables_export`: every table as CSV and XLSX.
- The PDF renderer lives in :mod:`tapdesk.gui.report_pdf` (it needs Qt).
"""

from tapdesk.report.build import ReportInputs, build_report, reproduce_command
from tapdesk.report.document import ReportDocument

__all__ = ["ReportDocument", "ReportInputs", "build_report", "reproduce_command"]
