"""Each rater against the rest of the panel, from posterior draws (the Bayesian per-rater fit).

The same comparison as :mod:`tapdesk.engine.binary.rater_standing` makes for
maximum likelihood: a rater's accuracy (and guess rate) minus the weighted
average of the other raters', weights the numbers of ratings (for the guess
rate, the ratings that are guesses, n_k (1 - a_k), draw by draw). Every draw
gives one difference, so the credible interval for the difference carries the
uncertainty of both sides and their correlation through the shared truth; it
is the equal-tailed interval at the fit's level. The verdict words are the
same: a rater differs only when the whole interval lies above or below 0.
"""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.rater_standing import MIN_RATINGS, verdict
from tapdesk.engine.intervals import tail_quantiles
from tapdesk.engine.results import RaterComparison

WORDS = {"a": ("higher", "lower"), "p": ("more", "less")}


def others_average(values: np.ndarray, weights: np.ndarray, j: int) -> np.ndarray:
    """Per draw, the weighted mean of every rater but j (values and weights: draws x raters)."""
    w = weights.copy()
    w[:, j] = 0.0
    return (values * w).sum(axis=1) / w.sum(axis=1)


def compare_from_draws(a: np.ndarray, p: np.ndarray, rater_ids: tuple[str, ...],
                       n_ratings: np.ndarray, n_class1: np.ndarray,
                       level: float) -> tuple[RaterComparison, ...]:
    """Every rater's accuracy and guess rate against the panel's; ``a``, ``p``: draws x raters."""
    r = a.shape[1]
    if r < 2:
        return ()
    n = np.broadcast_to(np.asarray(n_ratings, float), a.shape)
    weights = {"a": n, "p": n * np.clip(1 - a, 0, None)}
    values = {"a": a, "p": p}
    out = []
    for j, rid in enumerate(rater_ids):
        for name in ("a", "p"):
            out.append(_one(values[name], weights[name], j, rid, name, int(n_ratings[j]),
                            int(n_class1[j]), level))
    return tuple(out)


def _one(values: np.ndarray, weights: np.ndarray, j: int, rid: str, name: str, n_j: int,
         n_one: int, level: float) -> RaterComparison:
    if n_j < MIN_RATINGS or n_one in (0, n_j):
        why = "too few ratings" if n_j < MIN_RATINGS else "the same rating every time"
        return RaterComparison(rid, name, float("nan"), None, "unknown", why, level)
    difference = values[:, j] - others_average(values, weights, j)
    difference = difference[np.isfinite(difference)]
    if len(difference) < 10:
        return RaterComparison(rid, name, float("nan"), None, "unknown", "too few draws", level)
    lo, hi = np.quantile(difference, tail_quantiles(level))
    interval = (float(lo), float(hi))
    return RaterComparison(rid, name, float(difference.mean()), interval,
                           verdict(interval, WORDS[name]),
                           "posterior draws (equal-tailed credible interval)", level)
