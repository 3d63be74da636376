"""Thinning long MCMC traces for display: one rule for the plots on screen and in the report.

A trace of 100,000 draws per chain is drawn on a few hundred pixels; every
draw painted costs seconds and shows nothing more. :func:`thinned` keeps every
k-th draw (evenly spaced, the first and the last always kept), at most
``limit`` points per chain, and :func:`thinning_words` says so in plain words
for the plot's axis and the report's caption.
"""

from __future__ import annotations

import numpy as np

from tapdesk.i18n import _, formats
from tapdesk.i18n.current import is_source

MAX_TRACE_POINTS = 2000
"""Points per chain in a drawn trace (screen and print): enough for print width."""


def thinning_step(n: int, limit: int = MAX_TRACE_POINTS) -> int:
    """Keep every ``step``-th of ``n`` draws so that at most ``limit`` points remain
    (the last draw is added when the step misses it)."""
    if limit < 2:
        raise ValueError("a thinned trace keeps at least its first and last draw")
    return max(1, -(-n // (limit - 1))) if n > limit else 1


def thinned_indices(n: int, limit: int = MAX_TRACE_POINTS) -> np.ndarray:
    """The draw numbers kept: 0, k, 2k, ... and always the last one, n - 1."""
    index = np.arange(0, n, thinning_step(n, limit))
    if n and index[-1] != n - 1:
        index = np.append(index, n - 1)
    return index


def thinned(values, limit: int = MAX_TRACE_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """(draw number, value) of a whole trace, at most ``limit`` evenly spaced points."""
    y = np.asarray(values, dtype=float)
    x = thinned_indices(len(y), limit)
    return x, y[x]


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 100th ..."""
    if 10 <= number % 100 <= 20:
        return f"{number:,}th"
    return f"{number:,}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def thinning_words(n: int, limit: int = MAX_TRACE_POINTS) -> str:
    """"every 50th draw shown, of 100,000 per chain"; "" when every draw is drawn."""
    step = thinning_step(n, limit)
    if step == 1:
        return ""
    if is_source():
        return f"every {ordinal(step)} draw shown, of {n:,} per chain"
    # Translators: which draws a trace plot shows: every {step}-th draw ({step} is a number,
    # "50"), of {n} draws per chain ("100,000" as your language groups it).
    return _("every {step}th draw shown, of {n} per chain").format(
        step=formats.integer(step), n=formats.integer(n))
