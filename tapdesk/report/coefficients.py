"""Classical coefficients for the report: the same ones the app shows beside a model.

Computed by :func:`tapdesk.engine.coefficients.coefficients_for_fit` (on the
model's binary view for binary models). Data on which they cannot run get
one sentence instead of a table.
"""

from __future__ import annotations

from typing import Any

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.coefficients import coefficients_for_fit
from tapdesk.engine.results import FitResult
from tapdesk.errors import TapDeskError


def auto_coefficients(result: FitResult, table: RatingsTable | None) -> tuple[Any, str]:
    """(coefficients or None, note) for the report's coefficient table."""
    if table is None:
        return None, "Classical coefficients need the ratings themselves; they were not given."
    try:
        return coefficients_for_fit(result, table), ""
    except TapDeskError as exc:
        return None, f"Classical coefficients could not be computed: {exc}"
