"""A validity check: the raters against a reference answer (a consensus, gold standard or
adjudicated answer kept apart from the raters, ``Dataset.references``).

Use :func:`validity_check` for one reference, :func:`validity_for_fit` for every reference
beside a fitted model (the t-a-p estimate of Class 1's share is then set beside the
reference's). Each returns frozen :class:`ValidityResult` objects whose ``sentences()``,
``table()`` and ``to_dict()`` every surface (command line, report, app) renders. Never
imports Qt.
"""

from tapdesk.engine.validity.check import validity_check, validity_checks, validity_for_fit
from tapdesk.engine.validity.result import MIN_COMMON, AgreementRow, KappaValue, Share, ValidityResult

__all__ = ["MIN_COMMON", "AgreementRow", "KappaValue", "Share", "ValidityResult", "validity_check",
           "validity_checks", "validity_for_fit"]
