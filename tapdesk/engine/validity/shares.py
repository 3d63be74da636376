"""Shares with intervals for the validity check: Wilson's score interval, and the same
interval on the effective number of ratings when a subject's ratings are not independent.

Wilson (1927, JASA 22:209-212): centre (p + z^2 / 2n) / (1 + z^2 / n), half-width
z sqrt(p (1 - p) / n + z^2 / 4n^2) / (1 + z^2 / n). Written here (a few lines) rather
than taken from scipy.stats, whose import costs the command line a second of start-up;
the tests check it against ``scipy.stats.binomtest(...).proportion_ci(method="wilson")``.
"""

from __future__ import annotations

import math

import numpy as np

from tapdesk.engine.intervals import z_value


def wilson_interval(hits: float, n: float, level: float = 0.95) -> tuple[float, float] | None:
    """Wilson's score interval for ``hits`` successes in ``n`` trials (None when n is 0)."""
    if n <= 0:
        return None
    z = z_value(level)
    p = hits / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def effective_n(hits: np.ndarray, trials: np.ndarray) -> float:
    """The number of independent ratings that carry as much information as ``trials`` ratings
    grouped in subjects (``hits`` and ``trials`` per subject): the ratings divided by the
    design effect (Kish 1965), the ratio estimator's variance over the binomial one.

    Ratings of one subject tend to agree with each other, so they count for less than as many
    separate subjects; the design effect is never taken below 1. When every rating agrees (or
    none does) the variance says nothing, and the number of subjects is used instead.
    """
    n_ratings = float(trials.sum())
    n_subjects = len(trials)
    p = float(hits.sum()) / n_ratings
    binomial = p * (1 - p) / n_ratings
    if binomial <= 0 or n_subjects < 2:
        return float(n_subjects)
    mean_trials = n_ratings / n_subjects
    ratio = float(((hits - p * trials) ** 2).sum()) / (n_subjects * (n_subjects - 1) * mean_trials ** 2)
    return n_ratings / max(1.0, ratio / binomial)
