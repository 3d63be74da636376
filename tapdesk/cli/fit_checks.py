"""Checks on every fit a command makes, when asked (issue 55).

With ``TAPDESK_CHECK_P_VALUES`` set in the environment (the test suite sets it in
tests/conftest.py, so every ``tapdesk`` command a test runs as a process inherits it), each fit
the command makes is checked by :func:`tapdesk.report.consistency.p_value_mismatches`: every
rater comparison's and rater-attribute effect's p-value against the interval shown beside it.
A mismatch stops the command with an ``AssertionError`` naming it (a traceback and exit status
1, not the one-line error of bad input): a fault of TapDesk, not of the data. Unset (a user's
command, the app), nothing is checked and nothing more is imported.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tapdesk.engine.results import FitResult

CHECK_VARIABLE = "TAPDESK_CHECK_P_VALUES"


def check_p_values(result: FitResult) -> None:
    """Fail loudly where a p-value of ``result`` disagrees with its interval (a fit with no
    comparison and no effect has none, and loads no report module for it)."""
    if not result.comparisons and not result.effects:
        return
    from tapdesk.report.consistency import p_value_mismatches
    found = p_value_mismatches(f"a {result.model} fit of a tapdesk command", result)
    if found:
        raise AssertionError("\n".join(found))


def install_checks(environ: Mapping[str, str] = os.environ) -> None:
    """Check every fit from now on in this process, where ``environ`` asks for it."""
    if not environ.get(CHECK_VARIABLE):
        return
    from tapdesk.engine.run import RESULT_CHECKS
    if check_p_values not in RESULT_CHECKS:
        RESULT_CHECKS.append(check_p_values)
