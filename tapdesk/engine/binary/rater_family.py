"""Verdicts about a panel's raters that hold their error rate for the panel as a whole.

A per-rater fit compares every rater's accuracy and guess rate with the rest
of the panel (:mod:`rater_standing`): 2R comparisons. Each interval, read on
its own, is wrong 5% of the time at 95%; read together, with six equal
raters most panels would name someone. The verdicts therefore come from a
procedure that holds the level for the whole family (a *family-wise* error
rate: the chance that any rater is named when none differs):

1. **A global test.** The likelihood-ratio statistic of the per-rater model
   against the model in which every rater has the same accuracy and guess
   rate (the fit's own "average rater" maximum), on 2(R - 1) degrees of
   freedom. When it does not reject at the level, no rater is named: the
   data do not show that raters differ at all.
2. **Holm's step-down procedure** (Holm 1979) over the comparisons' own
   p-values, each the likelihood-ratio test of "difference 0" (the profile
   likelihood at 0, the same profile the shown interval comes from; past the
   profile budget, the rater's own labels' likelihood ratio, :mod:`crowd_standing`),
   or the Wald test where the intervals are Wald. Holm holds the family-wise level
   under any dependence between the comparisons; requiring the global test
   as well only removes verdicts, so the level still holds.

A rater is named ("higher", "lower", "more", "less") only when both steps
say so *and* the interval shown beside the verdict lies on that side of 0,
so a verdict never contradicts its interval. The intervals stay the
ordinary ones at the fit's level; a comparison whose interval leaves out 0
but which the procedure does not name reads "not shown to differ once all N
comparisons are allowed for" (:attr:`RaterComparison.held_back`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from scipy.special import chdtrc, ndtr  # chi-square and normal tails: not scipy.stats (start-up)

from tapdesk.engine.binary.held_fit import held_maximum, held_p_value, rater_order
from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams
from tapdesk.engine.binary.rater_standing import DIRECTIONS, contrast_for
from tapdesk.engine.intervals import significance, z_value
from tapdesk.engine.results import PanelTest, RaterComparison
from tapdesk.engine.words import level_percent
from tapdesk.i18n.deferred import made, said_n


def family_method(n: int, level: float) -> str:
    """How the verdicts were reached, in a reader's words."""
    # Translators: how a panel's verdicts were reached; {n} is the number of comparisons, {share}
    # a percent ("5%"). It follows the table's other words: no capital, no full stop.
    return said_n("all {n} comparison judged together: a global likelihood-ratio test that "
                  "raters differ at all, then Holm's step-down adjustment, so the chance of "
                  "naming any rater when none differs stays at {share} for the whole panel",
                  "all {n} comparisons judged together: a global likelihood-ratio test that "
                  "raters differ at all, then Holm's step-down adjustment, so the chance of "
                  "naming any rater when none differs stays at {share} for the whole panel",
                  n, n=n, share=made(level_percent, significance(level)))


def holm_adjusted(p_values: np.ndarray) -> np.ndarray:
    """Holm's adjusted p-values (step-down, monotone, capped at 1)."""
    m = len(p_values)
    order = np.argsort(p_values)
    scaled = (m - np.arange(m)) * p_values[order]
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(np.maximum.accumulate(scaled), 1.0)
    return adjusted


def own_p_value(data: RaterData, params: RaterParams, ll_max: float, j: int,
                comparison: RaterComparison) -> float:
    """The comparison's own test of "difference 0": the one it carries (the many-raters
    path's, :mod:`crowd_standing`; the profile path's, :func:`held_fit.tested_comparisons`),
    else the profile likelihood ratio at the held fit's global maximum, or Wald."""
    if comparison.p_value is not None:
        return comparison.p_value
    if comparison.method.startswith("Wald"):
        assert comparison.interval is not None
        se = (comparison.interval[1] - comparison.interval[0]) / (2 * z_value(comparison.level))
        return float(2 * ndtr(-abs(comparison.difference) / se)) if se > 0 else 0.0
    ll, _ = held_maximum(data, params.vector(), contrast_for(data, params, j, comparison.name), 0.0)
    return held_p_value(ll_max, ll)


def panel_verdicts(data: RaterData, params: RaterParams, ll_max: float, ll_alike: float,
                   comparisons: tuple[RaterComparison, ...], level: float
                   ) -> tuple[tuple[RaterComparison, ...], PanelTest | None]:
    """The comparisons with verdicts from the family-wise procedure, and the panel's test."""
    tested = [i for i, c in enumerate(comparisons) if c.verdict != "unknown"
              and c.interval is not None]
    if not tested:
        return comparisons, None
    m = len(tested)
    df = 2 * (data.n_raters - 1)
    statistic = max(2 * (ll_max - ll_alike), 0.0)
    global_p = float(chdtrc(df, statistic))
    codes = {rid: j for j, rid in enumerate(rater_order(comparisons))}
    own = np.array([own_p_value(data, params, ll_max, codes[comparisons[i].rater_id],
                                comparisons[i]) for i in tested])
    adjusted = holm_adjusted(own)
    alpha = significance(level)
    out = list(comparisons)
    for k, i in enumerate(tested):
        c = comparisons[i]
        named = global_p < alpha and adjusted[k] < alpha
        out[i] = replace(c, verdict=family_verdict(c, named), p_value=float(own[k]), family_size=m)
    test = PanelTest(m, family_method(m, level), level, float(statistic), df, global_p)
    return tuple(out), test


def family_verdict(c: RaterComparison, named: bool) -> str:
    """The direction when named and the shown interval agrees, else "not shown to differ"."""
    up, down = DIRECTIONS[c.name]
    if named and c.interval is not None and c.interval[0] > 0:
        return up
    if named and c.interval is not None and c.interval[1] < 0:
        return down
    return "not shown to differ"
