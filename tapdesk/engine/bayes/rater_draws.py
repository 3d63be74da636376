"""Each rater against the rest of the panel, from posterior draws (the Bayesian per-rater fit).

The same comparison as :mod:`tapdesk.engine.binary.rater_standing` makes for
maximum likelihood: a rater's accuracy (and guess rate) minus the weighted
average of the other raters', weights the numbers of ratings (for the guess
rate, the ratings that are guesses, n_k (1 - a_k), draw by draw). Every draw
gives one difference, so the credible interval for the difference carries the
uncertainty of both sides and their correlation through the shared truth; it
is the equal-tailed interval at the fit's level.

The verdicts are a statement about the panel, not 2R separate statements:
a rater is named only where a *simultaneous* credible band leaves out 0 --
equal-tailed intervals for every compared difference, widened together
until the posterior probability that every difference lies inside its
interval at once reaches the fit's level (Besag, Green, Higdon & Mengersen
1995, the rank-based simultaneous band). The interval shown beside each
verdict stays the ordinary one, which is narrower, so a named rater's
interval always leaves out 0 as well.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tapdesk.engine.binary.rater_standing import DIRECTIONS, verdict, why_not_compared
from tapdesk.engine.intervals import significance, tail_quantiles
from tapdesk.engine.results import PanelTest, RaterComparison
from tapdesk.engine.words import level_percent
from tapdesk.i18n.deferred import made, said, said_n

WORDS = DIRECTIONS


def others_average(values: np.ndarray, weights: np.ndarray, j: int) -> np.ndarray:
    """Per draw, the weighted mean of every rater but j (values and weights: draws x raters)."""
    w = weights.copy()
    w[:, j] = 0.0
    return (values * w).sum(axis=1) / w.sum(axis=1)


def compare_from_draws(a: np.ndarray, p: np.ndarray, rater_ids: tuple[str, ...],
                       n_ratings: np.ndarray, n_class1: np.ndarray, level: float
                       ) -> tuple[tuple[RaterComparison, ...], PanelTest | None]:
    """Every rater's accuracy and guess rate against the panel's, with panel-wide verdicts;
    ``a``, ``p``: draws x raters."""
    r = a.shape[1]
    if r < 2:
        return (), None
    n = np.broadcast_to(np.asarray(n_ratings, float), a.shape)
    weights = {"a": n, "p": n * np.clip(1 - a, 0, None)}
    values = {"a": a, "p": p}
    out, draws = [], []
    for j, rid in enumerate(rater_ids):
        for name in ("a", "p"):
            found, difference = _one(values[name], weights[name], j, rid, name,
                                     int(n_ratings[j]), int(n_class1[j]), level)
            out.append(found)
            draws.append(difference)
    return simultaneous_verdicts(tuple(out), draws, level)


def band_coverage(draws: np.ndarray, tail: float) -> tuple[float, np.ndarray]:
    """Posterior probability that every column lies inside its equal-tailed interval with
    ``tail`` in each tail at once, and those intervals (2 x columns)."""
    ends = np.quantile(draws, [tail, 1 - tail], axis=0)
    inside = ((draws >= ends[0]) & (draws <= ends[1])).all(axis=1)
    return float(inside.mean()), ends


def simultaneous_band(draws: np.ndarray, level: float) -> np.ndarray:
    """The equal-tailed intervals (2 x columns), all with one tail share, whose joint posterior
    probability first reaches ``level`` (bisection on the tail share: the joint coverage falls
    as the tails grow)."""
    low, high = 0.0, significance(level) / 2
    if band_coverage(draws, high)[0] >= level:
        return band_coverage(draws, high)[1]
    for _ in range(30):
        mid = (low + high) / 2
        if band_coverage(draws, mid)[0] >= level:
            low = mid
        else:
            high = mid
    return band_coverage(draws, low)[1]


def simultaneous_verdicts(comparisons: tuple[RaterComparison, ...], draws: list,
                          level: float) -> tuple[tuple[RaterComparison, ...], PanelTest | None]:
    """Verdicts from the simultaneous band over every compared difference."""
    tested = [i for i, c in enumerate(comparisons) if c.verdict != "unknown"]
    if not tested:
        return comparisons, None
    size = min(len(draws[i]) for i in tested)
    band = simultaneous_band(np.column_stack([draws[i][:size] for i in tested]), level)
    out = list(comparisons)
    for k, i in enumerate(tested):
        c = comparisons[i]
        said = verdict((float(band[0, k]), float(band[1, k])), WORDS[c.name])
        out[i] = replace(c, verdict=said if said == verdict(c.interval, WORDS[c.name])
                         else "not shown to differ", family_size=len(tested))
    # Translators: how a panel's verdicts were reached from posterior draws; {n} is the number
    # of comparisons, {level} a percent ("95%"). No capital, no full stop.
    method = said_n("all {n} comparison judged together: a rater is named only where a "
                    "simultaneous {level} credible band (every difference inside its interval at "
                    "once with {level} posterior probability) leaves out 0",
                    "all {n} comparisons judged together: a rater is named only where a "
                    "simultaneous {level} credible band (every difference inside its interval at "
                    "once with {level} posterior probability) leaves out 0", len(tested),
                    n=len(tested), level=made(level_percent, round(100 * level) / 100))
    return tuple(out), PanelTest(len(tested), method, level)


def _one(values: np.ndarray, weights: np.ndarray, j: int, rid: str, name: str, n_j: int,
         n_one: int, level: float) -> tuple[RaterComparison, np.ndarray]:
    """The comparison on its own interval, and its draws of the difference."""
    why = why_not_compared(n_j, n_one)
    if why is not None:
        return RaterComparison(rid, name, float("nan"), None, "unknown", why, level), np.empty(0)
    difference = values[:, j] - others_average(values, weights, j)
    difference = difference[np.isfinite(difference)]
    if len(difference) < 10:
        # Translators: why a rater's difference from the panel has no interval (MCMC draws).
        why = said("too few draws")
        return RaterComparison(rid, name, float("nan"), None, "unknown", why, level), difference
    lo, hi = np.quantile(difference, tail_quantiles(level))
    interval = (float(lo), float(hi))
    return RaterComparison(rid, name, float(difference.mean()), interval,
                           verdict(interval, WORDS[name]),
                           "posterior draws (equal-tailed credible interval)", level), difference
