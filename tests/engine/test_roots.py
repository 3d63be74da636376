"""The bracketing root search that spares the rater comparisons scipy.optimize (issue 29).

Checked against scipy's brentq on smooth, flat, kinked and stepped functions, on
brackets either way round, and where the function is not finite beyond a point (a
profile search that failed).
"""

from __future__ import annotations

import math

import pytest
from scipy.optimize import brentq

from tapdesk.engine.roots import bracketed_root

CASES = [
    (lambda x: x ** 3 - 2, 0.0, 3.0),
    (lambda x: math.exp(x) - 5, -1.0, 4.0),
    (lambda x: math.sqrt(max(x, 0.0)) - 0.3, 0.0, 1.0),      # steep at one end
    (lambda x: (x - 0.7) ** 9, 0.0, 1.0),                     # flat at the root
    (lambda x: abs(x - 0.25) - 0.1, 0.25, 1.0),               # a kink
    (lambda x: 1.0 - 2.0 / (1 + math.exp(-40 * (x - 0.6))), 0.0, 1.0),
]


@pytest.mark.parametrize(("f", "low", "high"), CASES)
@pytest.mark.parametrize("reverse", [False, True])
def test_the_root_is_brentqs_within_the_tolerance(f, low, high, reverse):
    ends = (high, low) if reverse else (low, high)
    calls = []

    def counted(x: float) -> float:
        calls.append(x)
        return f(x)

    found = bracketed_root(counted, *ends, xtol=1e-6)
    assert found == pytest.approx(brentq(f, low, high, xtol=1e-10), abs=2e-6)
    assert min(low, high) <= found <= max(low, high)
    assert len(calls) <= 2 + 3 * 21          # at worst a halving every third evaluation


def test_a_step_function_is_bracketed_to_its_jump():
    found = bracketed_root(lambda x: -1.0 if x < 0.3 else 1.0, 0.0, 1.0, xtol=1e-7)
    assert found == pytest.approx(0.3, abs=1e-7)


def test_values_that_are_not_finite_are_met_by_bisecting():
    found = bracketed_root(lambda x: math.inf if x > 0.9 else x - 0.5, 0.0, 1.0, xtol=1e-8)
    assert found == pytest.approx(0.5, abs=1e-8)


def test_an_exact_zero_at_an_end_is_returned_and_same_signs_are_refused():
    assert bracketed_root(lambda x: x - 1.0, 0.0, 1.0, xtol=1e-6) == 1.0
    with pytest.raises(ValueError, match="different signs"):
        bracketed_root(lambda x: x * x + 1, -1.0, 1.0, xtol=1e-6)
