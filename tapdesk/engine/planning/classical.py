"""The classical answer beside a plan by target: subjects for a Fleiss' kappa interval of a width.

kappaSize-style (Rotondi and Donner's sample sizes for binary kappa with 2-6
raters): the number of subjects for the interval of Fleiss' kappa to be at
most W wide, from the kappa the assumed t, a, p imply. The variance is the
large-sample variance of the linearization (Gwet's) that ``tapdesk agreement``
reports for Fleiss' kappa (:func:`tapdesk.engine.coefficients.variance.linearized`),
taken as an expectation over the t-a-p model's distribution of the number of
Class-1 ratings a subject gets, so the answer is in closed form and agrees with
the standard errors the package would report for such studies. With t = p the
implied kappa is a squared.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.special import stdtrit

from tapdesk.engine.binary.agreement import subject_agreement
from tapdesk.engine.intervals import tail_quantiles
from tapdesk.i18n import _

MAX_CLASSICAL_SUBJECTS = 10_000_000


@dataclass(frozen=True)
class KappaModel:
    """Fleiss' kappa of an infinite study of the t-a-p model, and its per-subject variance."""

    kappa: float
    sd: float
    """Standard deviation of one subject's linearized term: the SE at n subjects is sd/sqrt(n)."""


def kappa_model(t: float, a: float, p: float, raters: int) -> KappaModel | None:
    """The population Fleiss' kappa of the t-a-p model and its linearization SD per subject.

    Parameters
    ----------
    t, a, p
        The assumed truth.
    raters
        Ratings per subject (at least 2).

    Returns
    -------
    KappaModel or None
        None when every rating falls in one class (kappa is 0/0).
    """
    k = np.arange(raters + 1)
    shares = t * _binomial(raters, a + (1 - a) * p) + (1 - t) * _binomial(raters, (1 - a) * p)
    agreement = subject_agreement(np.full(raters + 1, raters), k)
    q = float(shares @ k) / raters
    chance = q ** 2 + (1 - q) ** 2
    if chance >= 1 - 1e-12:
        return None
    kappa = (float(shares @ agreement) - chance) / (1 - chance)
    terms = ((agreement - chance) - (1 - kappa) * (4 * q - 2) * (k / raters - q)) / (1 - chance)
    sd = math.sqrt(max(float(shares @ (terms - kappa) ** 2), 0.0))
    return KappaModel(kappa, sd)


def _binomial(size: int, share: float) -> np.ndarray:
    """P(k of ``size`` ratings in Class 1), k = 0 .. size, each Class 1 with chance ``share``."""
    return np.array([math.comb(size, k) * share ** k * (1 - share) ** (size - k)
                     for k in range(size + 1)])


def kappa_width(model: KappaModel, subjects: int, level: float) -> float:
    """Width of the level interval of Fleiss' kappa at ``subjects`` (t quantile, n - 1 df, as
    ``tapdesk agreement`` makes it; not clipped)."""
    return 2 * float(stdtrit(subjects - 1, tail_quantiles(level)[1])) * model.sd / math.sqrt(subjects)


@dataclass(frozen=True)
class ClassicalAnswer:
    """Subjects for Fleiss' kappa's interval to be at most ``width`` wide (None: kappa is 0/0)."""

    raters: int
    width: float
    kappa: float | None
    subjects: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"raters": self.raters, "kappa": self.kappa, "width": self.width,
                "subjects": self.subjects}


def kappa_subjects(t: float, a: float, p: float, raters: int, width: float,
                   level: float) -> ClassicalAnswer:
    """The fewest subjects whose Fleiss' kappa interval is expected at most ``width`` wide."""
    model = kappa_model(t, a, p, raters)
    if model is None:
        return ClassicalAnswer(raters, width, None, None)
    if model.sd == 0:
        return ClassicalAnswer(raters, width, model.kappa, 2)
    z = float(stdtrit(10**9, tail_quantiles(level)[1]))
    n = max(2, math.ceil((2 * z * model.sd / width) ** 2))
    while kappa_width(model, n, level) > width and n < MAX_CLASSICAL_SUBJECTS:
        n = max(n + 1, math.ceil(n * (kappa_width(model, n, level) / width) ** 2))
    while n > 2 and kappa_width(model, n - 1, level) <= width:
        n -= 1
    return ClassicalAnswer(raters, width, model.kappa, n)


def classical_words() -> str:
    """How the classical answer differs from the t-a-p answer, in words."""
    # Translators: a note under a target search's classical answers.
    return _("The classical answer (kappaSize-style) is the number of subjects for the interval "
            "of Fleiss' kappa, not of a, to be that wide, from the kappa the assumed t, a, p imply "
            "(with t = p, kappa = a squared). It uses the large-sample (linearization) variance of "
            "Fleiss' kappa that 'tapdesk agreement' reports and a symmetric interval, where the "
            "t-a-p answer simulates each study and fits the model; and it says nothing about t, "
            "a and p apart (with 2 raters it still gives a number).")
