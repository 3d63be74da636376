"""Each rater's own accuracy beside what the rater attributes predict (issue 42).

With accuracy modelled on rater attributes (``logit a_j = b0 + x_j . b``) every rater's fitted
accuracy lies on the fitted curve. A reader also wants to see where each rater's ratings put
them: the *own* accuracy is each rater's accuracy fitted freely on the same data, with the
class shares and guess rates held at the explanatory fit's values (one joint maximisation over
the raters' accuracies, by the exact gradient). Plotted around the curve, they show how well
the attributes explain the raters.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from scipy.optimize import brentq, minimize_scalar
from scipy.special import expit

from tapdesk.engine.explain.likelihood import BOUND, ExplainData, Layout, evaluate
from tapdesk.engine.intervals import chi2_1
from tapdesk.engine.words import OWN_ACCURACY
from tapdesk.i18n import N_

OWN_NAME = OWN_ACCURACY
"""The rater estimate holding it (beside "a", the accuracy the attributes predict)."""
# Translators: what a rater's own accuracy means (the Raters tab's heading tooltip of an
# explanatory fit).
OWN_MEANING = N_("accuracy on the rater's own ratings, fitted freely (class shares, guess "
                 "rates and the other raters held at the fit; so is its likelihood-ratio interval, "
                 "which therefore leaves out their uncertainty)")


def own_accuracies(layout: Layout, data: ExplainData, theta: np.ndarray,
                   predicted: np.ndarray, level: float = 0.95
                   ) -> list[tuple[float, tuple[float, float]]]:
    """Each rater's own accuracy (a probability) and its likelihood-ratio interval at ``level``:
    the accuracies whose log-likelihood is within chi2(1, level) / 2 of the best, the rest of
    the fit held (``predicted``, logits, holds the other raters)."""
    free = Layout(layout.n_groups, layout.k, layout.n_raters, layout.n_coefficients,
                  "free", layout.guess, layout.focus)
    base = np.concatenate([theta[:layout.n_t], predicted, theta[layout.guess_slice]])
    drop = chi2_1(level) / 2
    out = []
    for j in range(len(predicted)):
        mine = _subjects_of(data, j)
        index = free.accuracy_slice.start + j

        def negative(logit: float, mine: ExplainData = mine, index: int = index) -> float:
            point = base.copy()
            point[index] = logit
            return -evaluate(free, mine, point).log_likelihood

        found = minimize_scalar(negative, bounds=(-BOUND, BOUND), method="bounded",
                                options={"xatol": 1e-6})
        low, high = (_where_drops(negative, float(found.x), float(found.fun) + drop, end)
                     for end in (-BOUND, BOUND))
        out.append((float(expit(found.x)), (float(expit(low)), float(expit(high)))))
    return out


def _where_drops(negative, best: float, cut: float, end: float) -> float:
    """The logit between ``best`` and ``end`` where ``negative`` (the negative log-likelihood)
    rises to ``cut``; ``end`` itself when it never does (the interval reaches the bound)."""
    if negative(end) <= cut or best == end:
        return end
    return float(brentq(lambda x: negative(x) - cut, min(best, end), max(best, end),
                        xtol=1e-6))


def _subjects_of(data: ExplainData, j: int) -> ExplainData:
    """The ratings of the subjects rater ``j`` rated (the rest do not depend on a_j)."""
    subjects = np.unique(data.subject[data.rater == j])
    keep = np.isin(data.subject, subjects)
    return replace(data, subject=np.searchsorted(subjects, data.subject[keep]),
                   rater=data.rater[keep], y=data.y[keep], group=data.group[subjects])
