"""Classical coefficients for the report, when the engine offers them.

The engine's ``tapdesk.engine.coefficients.agreement_coefficients`` is
feature-detected: a report built where it does not exist (or where it
cannot run on these data) says so in one sentence instead of failing.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult
from tapdesk.errors import TapDeskError


def coefficient_function():
    """The engine's ``agreement_coefficients``, or None when it is not available."""
    try:
        module = importlib.import_module("tapdesk.engine.coefficients")
    except ImportError:
        return None
    return getattr(module, "agreement_coefficients", None)


def auto_coefficients(result: FitResult, table: RatingsTable | None) -> tuple[Any, str]:
    """(coefficients or None, note) for the report's coefficient table."""
    function = coefficient_function()
    if function is None:
        return None, ""
    if table is None:
        return None, "Classical coefficients need the ratings themselves; they were not given."
    kwargs: dict[str, Any] = {}
    params = inspect.signature(function).parameters
    if "seed" in params:
        kwargs["seed"] = result.request.seed
    try:
        return function(table, **kwargs), ""
    except TapDeskError as exc:
        return None, f"Classical coefficients could not be computed: {exc}"
