"""Coefficients computed from the subjects x categories count matrix.

Percent agreement, Fleiss' kappa (and per-category kappas), Scott's pi,
Gwet's AC1/AC2 and Brennan-Prediger, all in the general form of Gwet's
Handbook of Inter-Rater Reliability (4th ed., 2014, ch. 2-5) that allows a
different number of raters per subject and agreement weights:

    r_i     ratings of subject i (>= 1),  r_ik  of them in category k
    r*_ik   = sum_l w_kl r_il
    pa_i    = sum_k r_ik (r*_ik - 1) / (r_i (r_i - 1)),   pa = mean pa_i over r_i >= 2
    pi_k    = mean_i r_ik / r_i   (every subject rated at least once, as Gwet defines it)
    Fleiss  pe = sum_kl w_kl pi_k pi_l
    AC1/AC2 pe = T_w / (q (q - 1)) * sum_k pi_k (1 - pi_k),  T_w = sum of weights
    BP      pe = T_w / q^2

These are the only computations of these coefficients in TapDesk: the agreement table, a
fit's paragraph and findings, the report's Conclusion and the binary analyses (a t-a-p fit's
kappa-paradox note, the expert model's kappa, the cut points of an ordered scale) all read
them, :func:`fleiss_point` where only the values are wanted. Missing ratings are handled as
Gwet (2014, ch. 2 and 5, "Fleiss' kappa with missing ratings") and his R package irrCAC
(``fleiss.kappa.raw``) handle them: pa averages the subjects rated twice or more, while a
subject rated once still counts in the shares pi_k; subjects with no rating are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.coefficients.result import Coefficient, undefined
from tapdesk.engine.coefficients.variance import (
    CHANCE_ONE,
    chance_floor,
    gwet_method,
    linearized,
    pa_method,
    t_interval,
)
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted

# Translators: why a coefficient is not given.
ONE_CATEGORY = said("every rating is in the same category, so chance agreement is 100% and the "
                    "coefficient is 0/0")


def agreement_parts(counts: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pa_i, u, pi): per-subject weighted agreement (0 for a subject rated once, which
    shows none), rating shares r_ik/r_i, their means over every subject."""
    c = counts.astype(float)
    r = c.sum(axis=1)
    starred = c @ w.T
    pairs = r * (r - 1.0)
    pa_i = np.divide((c * (starred - 1.0)).sum(axis=1), pairs, out=np.zeros_like(r),
                     where=pairs > 0)
    u = c / r[:, None]
    return pa_i, u, u.mean(axis=0)


def fleiss_chance(pi: np.ndarray, w: np.ndarray) -> float:
    """Fleiss' chance agreement pe = sum_kl w_kl pi_k pi_l from the mean rating shares."""
    return float(pi @ w @ pi)


@dataclass(frozen=True)
class FleissPoint:
    """Percent agreement pa, chance agreement pe and Fleiss' kappa (None when pe is 1)."""

    percent_agreement: float
    chance_agreement: float
    kappa: float | None


def fleiss_point(counts: np.ndarray, weight: np.ndarray | None = None) -> FleissPoint:
    """Unweighted percent agreement and Fleiss' kappa of a subjects x categories count matrix,
    the values :func:`percent_agreement` and :func:`fleiss_kappa` give, without intervals.

    Each row is a subject rated at least once, standing for ``weight`` subjects (a histogram
    of subjects, as the binary models keep their data; default one each). Gwet (2014, ch. 2,
    5) / irrCAC's ``fleiss.kappa.raw``: pa is the mean of pa_i over the subjects rated twice
    or more, pi_k the mean of r_ik / r_i over every subject, a subject rated once included.
    """
    c = np.asarray(counts, dtype=float)
    w = np.eye(c.shape[1])
    pa_i, u, pi = agreement_parts(c, w)
    two = c.sum(axis=1) >= 2
    if weight is None:
        if not two.any():
            raise ValueError("no subject has two or more ratings")
        pa = float(pa_i[two].mean())
    else:
        n = np.asarray(weight, dtype=float)
        if not (n[two] > 0).any():
            raise ValueError("no subject has two or more ratings")
        pa = float((n[two] * pa_i[two]).sum() / n[two].sum())
        pi = (n[:, None] * u).sum(axis=0) / n.sum()
    pe = fleiss_chance(pi, w)
    return FleissPoint(pa, pe, None if pe >= CHANCE_ONE else (pa - pe) / (1 - pe))


def _finish(name: str, key: str, counts: np.ndarray, pa_i: np.ndarray, pe: float, dpe_i,
            method: str, reason_if_one: str = ONE_CATEGORY, lo: float = -1.0,
            level: float = 0.95) -> Coefficient:
    if pe >= CHANCE_ONE:
        return undefined(name, key, reason_if_one)
    value, se = linearized(pa_i, pe, dpe_i, counts.sum(axis=1) >= 2)
    lo = min(lo, chance_floor(pe))
    return Coefficient(name, value, se, t_interval(value, se, len(pa_i), lo=lo, level=level),
                       method, None, key)


def percent_agreement(counts: np.ndarray, w: np.ndarray, name: str, key: str,
                      level: float = 0.95) -> Coefficient:
    pa_i, _, _ = agreement_parts(counts, w)
    return _finish(name, key, counts, pa_i, 0.0, None, pa_method(level), lo=0.0,
                   level=level)


def fleiss_kappa(counts: np.ndarray, w: np.ndarray, name: str, key: str,
                 reason_if_one: str = ONE_CATEGORY, level: float = 0.95) -> Coefficient:
    """Fleiss' kappa (weighted when ``w`` is not the identity), Gwet's variance."""
    pa_i, u, pi = agreement_parts(counts, w)
    pe = fleiss_chance(pi, w)
    dpe_i = (u - pi) @ ((w + w.T) @ pi)
    return _finish(name, key, counts, pa_i, pe, dpe_i, gwet_method(level), reason_if_one,
                   level=level)


def per_category_fleiss(counts: np.ndarray, categories: tuple[str, ...],
                        level: float = 0.95) -> tuple[Coefficient, ...]:
    """Fleiss (1971) kappa for each category against all others (binary collapse)."""
    out = []
    total = counts.sum(axis=1)
    eye = np.eye(2)
    for k, label in enumerate(categories):
        binary = np.column_stack([counts[:, k], total - counts[:, k]])
        used = binary[:, 0].sum()
        if used == 0:
            # Translators: why a category's Fleiss' kappa is not given; {category} is its label.
            reason: str = said("nobody used category {category}, so its kappa is 0/0",
                          category=made(quoted, str(label)))
        elif used == binary.sum():
            # Translators: why a category's Fleiss' kappa is not given; {category} is its label.
            reason = said("every rating is {category}, so its kappa is 0/0",
                          category=made(quoted, str(label)))
        else:
            reason = ""
        name = f"Fleiss' kappa for '{label}'"
        if reason:
            out.append(undefined(name, "fleiss_kappa_category", reason, category=label))
        else:
            coef = fleiss_kappa(binary, eye, name, "fleiss_kappa_category", level=level)
            out.append(Coefficient(coef.name, coef.value, coef.se, coef.ci, coef.method, None,
                                   coef.key, category=label))
    return tuple(out)


def gwet_ac(counts: np.ndarray, w: np.ndarray, name: str, key: str,
            level: float = 0.95) -> Coefficient:
    """Gwet's AC1 (identity weights) or AC2 (other weights) with Gwet's variance."""
    q = counts.shape[1]
    if q < 2:
        return undefined(name, key, "the scale has a single category, so there is nothing to "
                         "disagree about")
    pa_i, u, pi = agreement_parts(counts, w)
    scale = float(w.sum()) / (q * (q - 1))
    pe = scale * float((pi * (1 - pi)).sum())
    dpe_i = scale * ((u - pi) @ (1 - 2 * pi))
    return _finish(name, key, counts, pa_i, pe, dpe_i, gwet_method(level), level=level)


def brennan_prediger(counts: np.ndarray, w: np.ndarray, name: str, key: str,
                     level: float = 0.95) -> Coefficient:
    """Brennan & Prediger (1981) coefficient: chance agreement T_w / q^2 (uniform guessing)."""
    q = counts.shape[1]
    pe = float(w.sum()) / q ** 2
    if q < 2 or pe >= CHANCE_ONE:
        return undefined(name, key, "the scale has a single category (or the weights give full "
                         "credit to every pair), so chance agreement is 100%")
    pa_i, _, _ = agreement_parts(counts, w)
    return _finish(name, key, counts, pa_i, pe, None, gwet_method(level), level=level)


def scott_pi(counts: np.ndarray, w: np.ndarray, name: str, key: str,
             level: float = 0.95) -> Coefficient:
    """Scott's (1955) pi: two ratings per subject, chance from the pooled shares."""
    per = counts.sum(axis=1)
    if len(per) and per.max() > 2:
        # Translators: why Scott's pi is not given; {n} is the most ratings a subject has (3 or more).
        return undefined(name, key, said("Scott's pi compares two ratings per subject, but some "
                                         "subjects have up to {n}; Fleiss' kappa is its "
                                         "generalisation to more raters", n=int(per.max())))
    coef = fleiss_kappa(counts, w, name, key, level=level)
    return coef
