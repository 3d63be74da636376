"""The classical answer beside a power target: subjects to tell two values of kappa apart (no Qt).

kappaSize-style (R package kappaSize, PowerBinary): the number of subjects
for a two-sided test of H0: kappa = kappa0 at significance alpha to reject
it with the wanted power when kappa = kappa1, for a binary rating given by
2 to 6 raters per subject (Donner and Eliasziw 1992, goodness-of-fit
approach; Rotondi and Donner 2012 for more than two raters).

The model is the common-kappa model: with chance kappa all ratings of a
subject agree (all Class 1 with chance pi, the share of Class-1 ratings),
otherwise they are independent, each Class 1 with chance pi. It gives the
shares of subjects with k = 0 .. m Class-1 ratings. The subjects needed are
lambda / sum_k (P_k(kappa1) - P_k(kappa0))^2 / P_k(kappa0), where lambda is
the noncentrality at which a noncentral chi-square with one degree of
freedom exceeds the test's critical value with chance ``power``.

Checked (tests/engine/planning/test_classical_power.py): for two raters against the cell
probabilities written out by hand and the 74 and 107 subjects kappaSize 1.2
is reported to give for kappa 0.4 against 0.7 at prevalence 0.5 and 0.2; for
3 to 6 raters against the model written out by hand and by simulating the
test at the number found (kappaSize itself could not be run here). The
chi-square approximation errs on the safe side: simulated, the test at that
number has a power of 0.8 to about 0.86 when 0.8 is wanted.

The question is TapDesk's own power question: kappa1 is the Fleiss' kappa
the assumed t, a, p imply, kappa0 the one t, ``versus``, p imply, pi the
share of Class-1 ratings under the assumed t, a, p, and alpha = 1 - level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from scipy.optimize import brentq
from scipy.special import chdtri, chndtr

from tapdesk.engine.binary.likelihood import binomial_pmf
from tapdesk.engine.planning.classical import kappa_model
from tapdesk.i18n import _
from tapdesk.i18n.deferred import said

KAPPASIZE_RATERS = (2, 3, 4, 5, 6)
"""The numbers of raters per subject kappaSize's method covers."""
KAPPA_EDGE = 1e-9
"""Kappas this close to 0 or 1 count as 0 or 1 (a = 0 gives 2e-16 in floating point)."""


def count_shares(kappa: float, share: float, raters: int) -> np.ndarray:
    """P(k of ``raters`` ratings in Class 1), k = 0 .. raters, under the common-kappa model.

    Parameters
    ----------
    kappa
        Chance that all ratings of a subject agree (the model's kappa).
    share
        Chance pi that a rating is Class 1.
    raters
        Ratings per subject.

    Returns
    -------
    numpy.ndarray
        raters + 1 shares summing to 1.
    """
    shares = (1 - kappa) * binomial_pmf(np.arange(raters + 1), raters, share)
    shares[0] += kappa * (1 - share)
    shares[-1] += kappa * share
    return shares


def noncentrality(alpha: float, power: float) -> float:
    """The noncentrality lambda at which a one-degree chi-square test at ``alpha`` has ``power``
    (0 when ``power`` is at most ``alpha``: any study has it). From scipy.special, not
    scipy.stats, whose first import would hold the Plan dialog's thread over a second."""
    critical = float(chdtri(1, alpha))
    if power <= alpha:
        return 0.0
    gap = lambda nc: 1 - float(chndtr(critical, 1, nc)) - power   # noqa: E731 - one-line root
    high = 1.0
    while gap(high) < 0:
        high *= 2
    return float(brentq(gap, 1e-12, high, xtol=1e-12, rtol=1e-12))


def exact_subjects(kappa0: float, kappa1: float, share: float, raters: int, alpha: float,
                   power: float) -> float:
    """kappaSize's N before rounding up: lambda over the per-subject noncentrality (inf when
    kappa0 = kappa1)."""
    null, alternative = count_shares(kappa0, share, raters), count_shares(kappa1, share, raters)
    per_subject = float(np.sum((alternative - null) ** 2 / null))
    return noncentrality(alpha, power) / per_subject if per_subject > 0 else math.inf


@dataclass(frozen=True)
class ClassicalPowerAnswer:
    """Subjects for the test of kappa0 against kappa1 (None, with ``reason``, when there is no
    answer)."""

    raters: int
    power: float
    alpha: float
    kappa0: float | None
    kappa1: float | None
    share: float | None
    exact: float | None
    subjects: int | None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"raters": self.raters, "kappa0": self.kappa0, "kappa1": self.kappa1,
                "prevalence": self.share, "alpha": self.alpha, "power": self.power,
                "n_exact": self.exact, "subjects": self.subjects, "reason": self.reason}


def kappa_power_subjects(t: float, a: float, p: float, versus: float, raters: int,
                         level: float, power: float) -> ClassicalPowerAnswer:
    """The kappaSize-style answer to TapDesk's power question for one number of raters.

    Parameters
    ----------
    t, a, p
        The assumed truth (kappa1 and the share of Class-1 ratings come from it).
    versus
        The accuracy to tell a apart from (kappa0 is the kappa of t, versus, p).
    raters
        Ratings per subject (kappaSize covers 2 to 6).
    level
        Interval level; the test's alpha is 1 - level.
    power
        The power wanted.

    Returns
    -------
    ClassicalPowerAnswer
    """
    alpha = round(1 - level, 12)
    share = t * a + (1 - a) * p
    empty = ClassicalPowerAnswer(raters, power, alpha, None, None, share, None, None)
    if raters not in KAPPASIZE_RATERS:
        return _with(empty, reason=said("kappaSize's method covers 2 to 6 raters per subject"))
    null, alternative = kappa_model(t, versus, p, raters), kappa_model(t, a, p, raters)
    if null is None or alternative is None:
        return _with(empty, reason=said("Fleiss' kappa is undefined (every rating is expected "
                                        "in one class)"))
    found = _with(empty, kappa0=null.kappa, kappa1=alternative.kappa)
    if not all(KAPPA_EDGE < k < 1 - KAPPA_EDGE for k in (null.kappa, alternative.kappa)):
        return _with(found, reason=said("the method needs both kappas strictly between 0 and 1"))
    exact = exact_subjects(null.kappa, alternative.kappa, share, raters, alpha, power)
    if not math.isfinite(exact):
        return _with(found, reason=said("both accuracies give the same kappa, which no number of "
                                        "subjects can tell apart"))
    return _with(found, exact=exact, subjects=max(2, math.ceil(exact)))


def _with(answer: ClassicalPowerAnswer, **changes: Any) -> ClassicalPowerAnswer:
    return replace(answer, **changes)


def classical_power_words() -> str:
    """How the classical power answer differs from the t-a-p answer, in words."""
    # Translators: a note under a target search's classical power answers.
    return _("The classical answer (kappaSize-style, Donner and Eliasziw's goodness-of-fit "
            "approach) is the number of subjects for a two-sided test of Fleiss' kappa, not of "
            "a, against the kappa the accuracy compared with implies, at a significance level of "
            "100% minus the interval level. It assumes that all ratings of a subject agree with "
            "chance kappa and are otherwise independent, where the t-a-p model lets each rating "
            "be accurate on its own; it keeps the share of Class-1 ratings at the one the assumed "
            "t, a, p imply under both kappas (under t-a-p it moves with a unless t = p); and it "
            "uses a large-sample approximation (in TapDesk's simulation checks the test had a "
            "little more than the power wanted at that number) where the t-a-p answer simulates "
            "and fits each study. kappaSize covers 2 to 6 raters per subject.")
