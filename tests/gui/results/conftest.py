"""Fits the result-tab tests share: a simulated panel of four raters and its per-rater fit
(module-scoped: fitted once per test module that asks for them)."""

from __future__ import annotations

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table


@pytest.fixture(scope="module")
def table():
    """120 subjects, 4 raters, t = 0.3, a = 0.6, p = 0.4 (seed 3)."""
    return simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), n_subjects=120, n_raters=4, seed=3)


@pytest.fixture(scope="module")
def per_rater(table):
    """The per-rater model fitted to :func:`table` (two starts)."""
    return fit(FitRequest(model="per-rater", n_starts=2), table)
