"""Binary agreement of the binary models' data: percent agreement and Fleiss' kappa.

The numbers are those of the agreement table on the same Class 1 / Class 0 view
(:func:`tapdesk.engine.coefficients.multirater.fleiss_point`, the one computation of
Fleiss' kappa): for subject i with n_i ratings of which c_i are Class 1, the observed
pairwise agreement is P_i = [c_i(c_i - 1) + (n_i - c_i)(n_i - c_i - 1)] / [n_i(n_i - 1)];
percent agreement is the mean of P_i over the subjects rated twice or more; chance
agreement P_e = pi^2 + (1 - pi)^2 with pi the mean over every rated subject of c_i / n_i,
a subject rated once included; kappa = (P - P_e) / (1 - P_e). This is Fleiss' kappa with
missing ratings as Gwet defines it (Handbook of Inter-Rater Reliability, 4th ed. 2014,
ch. 2 and 5) and his R package irrCAC computes it (``fleiss.kappa.raw``).

The binary models keep only the subjects rated twice or more (their histogram); the
subjects rated once are passed beside it (``rated_once``), so kappa is the agreement
table's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import BinaryCounts, CountHistogram
from tapdesk.engine.coefficients.multirater import fleiss_point
from tapdesk.i18n.deferred import said

NONE_ONCE = (0, 0)
"""No subject rated once: (subjects rated once, how many of them were rated Class 1)."""


@dataclass(frozen=True)
class BinaryAgreement:
    percent_agreement: float
    chance_agreement: float
    kappa: float | None
    class1_rate: float
    """The share of Class 1 among the ratings of the subjects rated twice or more."""
    undefined_reason: str = ""


def subject_agreement(n_rated: np.ndarray, n_class1: np.ndarray) -> np.ndarray:
    """Share of agreeing rating pairs per subject; NaN where fewer than two ratings."""
    n = n_rated.astype(float)
    c = n_class1.astype(float)
    pairs = n * (n - 1)
    agree = c * (c - 1) + (n - c) * (n - c - 1)
    return np.divide(agree, pairs, out=np.full_like(n, np.nan), where=pairs > 0)


def binary_agreement(hist: CountHistogram, rated_once: tuple[int, int] = NONE_ONCE
                     ) -> BinaryAgreement:
    """Fleiss' kappa and percent agreement from the (N_r, N_c) histogram and the subjects
    rated once beside it (``rated_once``: how many, and how many of them rated Class 1)."""
    once, once_class1 = rated_once
    rated = hist.n_rated >= 1
    n_rated = np.concatenate([hist.n_rated[rated], [1, 1]])
    n_class1 = np.concatenate([hist.n_class1[rated], [1, 0]])
    weight = np.concatenate([hist.weight[rated].astype(float),
                             [float(once_class1), float(once - once_class1)]])
    counts = np.column_stack([n_class1, n_rated - n_class1])
    point = fleiss_point(counts[weight > 0], weight[weight > 0])
    keep = hist.n_rated >= 2
    w = hist.weight[keep].astype(float)
    rate = float((w * hist.n_class1[keep]).sum() / (w * hist.n_rated[keep]).sum())
    if point.kappa is None:
        # Translators: why kappa has no value (a heatmap cell's hover text, a table's note).
        why = said("every rating is in the same class, so chance agreement is 100% and kappa is "
                   "undefined")
        return BinaryAgreement(point.percent_agreement, point.chance_agreement, None, rate, why)
    return BinaryAgreement(point.percent_agreement, point.chance_agreement, point.kappa, rate)


def counts_agreement(counts: BinaryCounts) -> BinaryAgreement:
    """:func:`binary_agreement` of a binary model's data: its subjects and those rated once."""
    return binary_agreement(counts.histogram(), counts.rated_once)


def fleiss_kappa_binary(hist: CountHistogram, rated_once: tuple[int, int] = NONE_ONCE
                        ) -> float | None:
    return binary_agreement(hist, rated_once).kappa
