"""Shared check: exact first and second derivatives against central finite differences."""

from __future__ import annotations

import numpy as np
import pytest


def assert_derivatives_match(lik, point: np.ndarray, h: float, *, grad_abs: float,
                             hess_atol: float) -> None:
    """``lik.derivatives(point)`` (value, gradient, Hessian) agrees with differences of
    ``lik.value`` (gradient) and of ``lik.derivatives``' gradient (Hessian), step ``h``."""
    _, grad, hess = lik.derivatives(point)
    for i in range(len(point)):
        step = np.zeros(len(point))
        step[i] = h
        assert grad[i] == pytest.approx((lik.value(point + step) - lik.value(point - step)) / (2 * h),
                                        rel=1e-6, abs=grad_abs)
        g_plus, g_minus = lik.derivatives(point + step)[1], lik.derivatives(point - step)[1]
        np.testing.assert_allclose(hess[i], (g_plus - g_minus) / (2 * h), rtol=1e-5, atol=hess_atol)
