"""A root of a function of one variable inside a bracket, without scipy.optimize.

scipy's ``brentq`` would do, but importing scipy.optimize costs about a tenth of a second
(it brings scipy.linalg, scipy.sparse and more), a large share of a ``tapdesk report``
whose rater comparisons need a bracketing search only now and then. The method here is
false position with the Illinois modification (the retained end's value is halved when
the same end is kept twice running), which converges superlinearly on smooth functions.
Each new point lies at least ``xtol / 2`` inside the bracket, so that once it is within
``xtol`` of the root the bracket closes (Brent's rule); where two steps have not halved
the bracket the next one bisects, so it shrinks whatever the function, and values that are
not finite (a search that failed) are met by bisecting.
"""

from __future__ import annotations

import math
from collections.abc import Callable


def bracketed_root(f: Callable[[float], float], low: float, high: float, xtol: float,
                   max_evaluations: int = 200) -> float:
    """A root of ``f`` between ``low`` and ``high``, within ``xtol``.

    ``f(low)`` and ``f(high)`` must differ in sign (ValueError otherwise, as brentq).
    Returns the end of the final bracket where ``|f|`` is smaller (an exact zero at once).
    """
    f_low, f_high = f(low), f(high)
    if f_low == 0:
        return low
    if f_high == 0:
        return high
    if not (f_low < 0) ^ (f_high < 0):
        raise ValueError("f(low) and f(high) must have different signs")
    w_low, w_high = f_low, f_high   # the values false position weighs (Illinois halves them)
    kept = 0              # +1: the high end was kept last step, -1: the low end
    reference, slow = abs(high - low), 0      # the bracket's width when it last halved
    for _ in range(max_evaluations):
        width = high - low
        if abs(width) <= xtol:
            break
        if abs(width) <= reference / 2:
            reference, slow = abs(width), 0
        if slow >= 2 or not (math.isfinite(w_low) and math.isfinite(w_high)):
            x = low + width / 2          # two steps have not halved the bracket: bisect
        else:
            x = high - w_high * width / (w_high - w_low)
            nudge = math.copysign(xtol / 2, width)   # at least xtol/2 inside: once x is within
            x = min(max(x, low + nudge), high - nudge) if width > 0 else \
                max(min(x, low + nudge), high - nudge)   # xtol of the root, the bracket closes
        f_x = f(x)
        if f_x == 0:
            return x
        if (f_x < 0) == (f_low < 0):
            low, f_low, w_low = x, f_x, f_x
            if kept == 1:
                w_high /= 2
            kept = 1
        else:
            high, f_high, w_high = x, f_x, f_x
            if kept == -1:
                w_low /= 2
            kept = -1
        slow += 1
    return low if abs(f_low) <= abs(f_high) else high
