"""Binary agreement: Fleiss' kappa with unequal raters per subject, percent agreement.

For subject i with n_i ratings of which c_i are Class 1, the observed
pairwise agreement is P_i = [c_i(c_i - 1) + (n_i - c_i)(n_i - c_i - 1)] /
[n_i(n_i - 1)]. Percent agreement is the mean of P_i over subjects; chance
agreement uses the pooled Class-1 rate c = sum c_i / sum n_i, P_e = c^2 +
(1 - c)^2; kappa = (P - P_e) / (1 - P_e) (Fleiss 1971, with subjects of
unequal n weighted equally).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import CountHistogram
from tapdesk.i18n.deferred import said


@dataclass(frozen=True)
class BinaryAgreement:
    percent_agreement: float
    chance_agreement: float
    kappa: float | None
    class1_rate: float
    undefined_reason: str = ""


def subject_agreement(n_rated: np.ndarray, n_class1: np.ndarray) -> np.ndarray:
    """Share of agreeing rating pairs per subject; NaN where fewer than two ratings."""
    n = n_rated.astype(float)
    c = n_class1.astype(float)
    pairs = n * (n - 1)
    agree = c * (c - 1) + (n - c) * (n - c - 1)
    return np.divide(agree, pairs, out=np.full_like(n, np.nan), where=pairs > 0)


def binary_agreement(hist: CountHistogram) -> BinaryAgreement:
    """Fleiss' kappa and percent agreement from the (N_r, N_c) histogram."""
    keep = hist.n_rated >= 2           # one rating shows no agreement (callers drop these too)
    w = hist.weight[keep].astype(float)
    per_subject = subject_agreement(hist.n_rated[keep], hist.n_class1[keep])
    observed = float((w * per_subject).sum() / w.sum())
    rate = float((w * hist.n_class1[keep]).sum() / (w * hist.n_rated[keep]).sum())
    chance = rate ** 2 + (1 - rate) ** 2
    if chance >= 1 - 1e-12:
        # Translators: why kappa has no value (a heatmap cell's hover text, a table's note).
        why = said("every rating is in the same class, so chance agreement is 100% and kappa is "
                   "undefined")
        return BinaryAgreement(observed, chance, None, rate, why)
    return BinaryAgreement(observed, chance, (observed - chance) / (1 - chance), rate)


def fleiss_kappa_binary(hist: CountHistogram) -> float | None:
    return binary_agreement(hist).kappa
