"""PABAK with the prevalence index and the bias index (Byrt, Bishop & Carlin 1993).

Byrt, Bishop and Carlin (1993, J Clin Epidemiol 46:423-429) split Cohen's
kappa for two raters and two classes into three numbers. With the 2 x 2
table a = both say Class 1, b = only the first rater does, c = only the
second does, d = both say Class 0, and n = a + b + c + d:

    PABAK = 2 po - 1,   po = (a + d) / n
    PI    = (a - d) / n          (prevalence index)
    BI    = (b - c) / n          (bias index)
    kappa = (PABAK - PI^2 + BI^2) / (1 - PI^2 + BI^2)

For more raters and missing ratings TapDesk uses these generalisations, each
exactly Byrt et al.'s for two raters:

- PABAK for q categories is (q po - 1) / (q - 1) with po the pairwise observed
  agreement of Fleiss' kappa and Gwet's AC1 (the usual q-category form of
  Byrt et al.'s PABAK). It is
  the same number as Brennan & Prediger's (1981) coefficient (Bennett's S),
  so it is taken from that one computation (:func:`pabak_from`), with its
  analytic variance (4 var(po) for two classes).
- PI is the mean over subjects of the share of rating pairs in which both say
  Class 1 minus the share in which both say Class 0. For a subject with r
  ratings, c of them Class 1, that difference is (2c - r) / r, so PI is the
  mean Class-1 share minus the mean Class-0 share (Fleiss' pooled shares).
  Its variance is that of a mean over subjects.
- BI, for two raters, is signed: the first rater's Class-1 share minus the
  second's, (b - c) / n, a mean of per-subject differences. For more raters
  it is the mean over pairs of raters of the absolute difference between
  their Class-1 shares (each rater's share over the subjects they rated, as
  in Conger's kappa); this equals |b - c| / n for two raters. Its variance
  is the linearization (delta-method) one the package uses for Conger's
  kappa. An absolute gap is above 0 in a sample even when the raters do not
  differ, so near 0 the estimate is biased upwards and its interval only
  approximate.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tapdesk.engine.coefficients.prepared import Prepared
from tapdesk.engine.coefficients.result import Coefficient, undefined
from tapdesk.engine.coefficients.variance import linearized, t_interval
from tapdesk.engine.intervals import level_text

PABAK_NAME = "PABAK (prevalence- and bias-adjusted kappa)"
PREVALENCE_NAME = "Prevalence index"
BIAS_NAME = "Bias index"
BRENNAN_PREDIGER_KEY = "brennan_prediger"
BRENNAN_PREDIGER_NAME = "Brennan-Prediger"


def mean_method(level: float = 0.95) -> str:
    """Method text of a mean over subjects with its t interval at ``level``."""
    return ("analytic: variance of the per-subject values over subjects; "
            f"{level_text(level)} interval from the t distribution (subjects minus one "
            "degrees of freedom)")


def delta_method(level: float = 0.95) -> str:
    """Method text of the linearized (delta-method) variance of the many-rater bias index."""
    return ("analytic: linearization (delta-method) variance over subjects, as for Conger's "
            f"kappa; {level_text(level)} interval from the t distribution (subjects minus one "
            "degrees of freedom), cut at 0")


def pabak_from(brennan_prediger: Coefficient, q: int) -> Coefficient:
    """PABAK: the unweighted Brennan-Prediger coefficient under its Byrt et al. name.

    (q po - 1) / (q - 1) is Brennan-Prediger's (po - 1/q) / (1 - 1/q), so the
    value, standard error and interval are that coefficient's own.
    """
    if not brennan_prediger.defined:
        return undefined(PABAK_NAME, "pabak", brennan_prediger.undefined_reason or "")
    formula = "2 po - 1" if q == 2 else f"({q} po - 1) / {q - 1}"
    return replace(brennan_prediger, name=PABAK_NAME, key="pabak",
                   note=f"{formula}; the same number as Brennan-Prediger (Bennett's S)")


def prevalence_index(prep: Prepared, class1: int, level: float = 0.95) -> Coefficient:
    """Mean over subjects of (Class-1 share - Class-0 share); (a - d) / n for two raters."""
    counts = prep.counts.astype(float)
    share1 = counts[:, class1] / counts.sum(axis=1)
    value, se = linearized(2 * share1 - 1, 0.0, None)
    return Coefficient(PREVALENCE_NAME, value, se,
                       t_interval(value, se, prep.n_subjects, level=level), mean_method(level),
                       None, "prevalence_index",
                       note=f"Class 1 = '{prep.categories[class1]}'; positive when both "
                            "ratings say Class 1 more often than both say Class 0")


def bias_index(prep: Prepared, class1: int, level: float = 0.95) -> Coefficient:
    """Signed (b - c) / n for two raters; mean absolute gap in Class-1 shares over rater pairs."""
    if prep.rater_problem:
        return undefined(BIAS_NAME, "bias_index", prep.rater_problem)
    grid = prep.rater_grid()
    raters = np.flatnonzero((grid >= 0).any(axis=0))
    if len(raters) < 2:
        return undefined(BIAS_NAME, "bias_index", "the bias index compares raters, and fewer "
                         "than two raters gave ratings")
    grid = grid[:, raters]
    if len(raters) == 2:
        return _two_rater_bias(grid, class1, (prep.rater_ids[raters[0]], prep.rater_ids[raters[1]]),
                               level)
    return _many_rater_bias(grid, class1, level)


def _two_rater_bias(grid: np.ndarray, class1: int, ids: tuple[str, str],
                    level: float) -> Coefficient:
    says1 = (grid == class1).astype(float)    # both raters rated every analysed subject
    value, se = linearized(says1[:, 0] - says1[:, 1], 0.0, None)
    return Coefficient(BIAS_NAME, value, se, t_interval(value, se, len(grid), level=level),
                       mean_method(level), None, "bias_index",
                       note=f"rater {ids[0]} minus rater {ids[1]}: positive when {ids[0]} "
                            "says Class 1 more often")


def mean_share_gap(grid: np.ndarray, class1: int) -> tuple[float, np.ndarray]:
    """The mean over rater pairs of |share_g - share_h| and each subject's influence on it.

    ``grid`` is subjects x raters category codes (-1 = missing). Rater g's share
    p_g = sum_i x_ig / n_g is a ratio of means, so subject i moves it by
    (n / n_g)(x_ig - p_g [g rated i]); the gap |p_g - p_h| moves by
    sign(p_g - p_h) times the difference of those (Gwet's linearization, as
    for Conger's kappa).
    """
    says1 = (grid == class1).astype(float)
    rated = (grid >= 0).astype(float)
    n, r = grid.shape
    n_g = rated.sum(axis=0)
    share = says1.sum(axis=0) / n_g
    sign = np.sign(share[:, None] - share[None, :])
    pairs = r * (r - 1) / 2
    value = float(np.abs(share[:, None] - share[None, :]).sum() / 2 / pairs)
    influence = (n / n_g) * (says1 - share * rated)
    return value, influence @ sign.sum(axis=1) / pairs


def _many_rater_bias(grid: np.ndarray, class1: int, level: float) -> Coefficient:
    value, influence = mean_share_gap(grid, class1)
    _, se = linearized(value + influence, 0.0, None)
    pairs = grid.shape[1] * (grid.shape[1] - 1) // 2
    return Coefficient(BIAS_NAME, value, se, t_interval(value, se, len(grid), lo=0.0,
                                                        level=level),
                       delta_method(level), None, "bias_index",
                       note=f"mean over the {pairs} pairs of raters of the absolute difference "
                            "in how often they say Class 1")


def two_class_indices(prep: Prepared, class1: int | None, reason: str,
                      level: float = 0.95) -> list[Coefficient]:
    """The prevalence and bias indices, or both undefined with ``reason`` (no two-class split)."""
    if class1 is None:
        return [undefined(PREVALENCE_NAME, "prevalence_index", reason),
                undefined(BIAS_NAME, "bias_index", reason)]
    return [prevalence_index(prep, class1, level),
            bias_index(prep, class1, level)]
