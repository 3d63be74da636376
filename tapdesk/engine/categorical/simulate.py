"""Seeded simulation of K-category ratings, and exact expected count patterns.

Every generating model is expressed as one K x K confusion matrix per rater
(rows true class, columns rating): the t-a-p models as
a_j I + (1 - a_j) 1 p_j^T, Dawid-Skene with any row-stochastic matrices.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

import numpy as np
from scipy.special import gammaln

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.categorical.likelihood import CountPatterns, confusion_matrix
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import said


def _simplex(values: Sequence[float], name: str) -> np.ndarray:
    arr = np.asarray(values, float)
    if arr.ndim != 1 or len(arr) < 2 or np.any(arr < 0) or abs(arr.sum() - 1) > 1e-9:
        # Translators: {name} is a parameter's symbol (t or p): its shares of the categories.
        raise SettingError(said("{name} must be a list of at least two probabilities summing to 1",
                                name=name))
    return arr


def tap_confusions(a: float | Sequence[float], p: Sequence[float] | Sequence[Sequence[float]],
                   n_raters: int) -> np.ndarray:
    """Per-rater t-a-p confusion matrices (J, K, K) from a common or per-rater a and p."""
    a_arr = np.broadcast_to(np.asarray(a, float), (n_raters,))
    p_arr = np.asarray(p, float)
    p_arr = np.broadcast_to(p_arr, (n_raters, p_arr.shape[-1]))
    if np.any((a_arr < 0) | (a_arr > 1)):
        # Translators: a is the accuracy's symbol; keep it.
        raise SettingError(said("accuracy a must lie between 0 and 1"))
    for row in p_arr:
        _simplex(row, "p")
    return confusion_matrix(a_arr, p_arr)


def simulate_codes(t: Sequence[float], confusions: np.ndarray, n_subjects: int, seed: int,
                   missing_rate: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """(truth, ratings): true class per subject and a subjects x raters code grid (-1 missing)."""
    t_arr = _simplex(t, "t")
    confusions = np.asarray(confusions, float)
    n_raters, k = confusions.shape[0], confusions.shape[-1]
    if n_subjects < 1 or n_raters < 1 or confusions.shape[1:] != (k, k) or len(t_arr) != k:
        # Translators: t is the class shares' symbol; keep it.
        raise SettingError(said("simulate at least one subject with one rater; t and the "
                                "confusion matrices must have the same number of categories"))
    rng = np.random.default_rng(seed)
    truth = rng.choice(k, size=n_subjects, p=t_arr)
    cdf = np.cumsum(confusions, axis=-1)                     # J, K, K
    rows = cdf[np.arange(n_raters)[None, :], truth[:, None]]  # N, J, K
    u = rng.random((n_subjects, n_raters, 1))
    ratings = np.minimum((u > rows).sum(axis=-1), k - 1)
    if missing_rate > 0:
        ratings = np.where(rng.random(ratings.shape) < missing_rate, -1, ratings)
    return truth, ratings


def table_from_codes(ratings: np.ndarray, categories: Sequence[str] | None = None,
                     ordinal: bool = False, k: int | None = None) -> RatingsTable:
    """A RatingsTable from a subjects x raters code grid (-1 = missing)."""
    n_subjects, n_raters = ratings.shape
    k = k or int(ratings.max()) + 1
    cats = tuple(categories) if categories is not None else tuple(str(i + 1) for i in range(k))
    subject = np.repeat(np.arange(n_subjects), n_raters)
    rater = np.tile(np.arange(n_raters), n_subjects)
    flat = ratings.ravel()
    keep = flat >= 0
    return RatingsTable(subject=subject[keep], rater=rater[keep], rating=flat[keep],
                        subject_ids=tuple(str(i + 1) for i in range(n_subjects)),
                        rater_ids=tuple(f"R{j + 1}" for j in range(n_raters)),
                        scale=Scale(cats, ordinal=ordinal, declared=True),
                        n_missing=int((~keep).sum()))


def simulate_table(t: Sequence[float], a: float | Sequence[float], p, n_subjects: int,
                   n_raters: int, seed: int, *, categories: Sequence[str] | None = None,
                   missing_rate: float = 0.0) -> RatingsTable:
    """Ratings from the K-category t-a-p model (per-rater a and p allowed)."""
    conf = tap_confusions(a, p, n_raters)
    _, ratings = simulate_codes(t, conf, n_subjects, seed, missing_rate)
    return table_from_codes(ratings, categories, k=len(t))


def count_vectors(n_ratings: int, k: int) -> np.ndarray:
    """Every way to spread n ratings over k categories (rows of counts)."""
    rows = []
    for combo in combinations_with_replacement(range(k), n_ratings):
        rows.append(np.bincount(combo, minlength=k))
    return np.array(rows, dtype=np.int64)


def expected_patterns(t: Sequence[float], a: float, p: Sequence[float], n_raters: int,
                      n_subjects: float) -> CountPatterns:
    """The "exact" option: every count vector with its expected number of subjects (a float)."""
    t_arr = _simplex(t, "t")
    pi = tap_confusions(a, p, 1)[0]
    counts = count_vectors(n_raters, len(t_arr))
    log_coef = gammaln(n_raters + 1) - gammaln(counts + 1).sum(axis=1)
    with np.errstate(divide="ignore"):
        log_pi = np.log(pi)
    log_given = log_coef[:, None] + np.where(counts[:, None, :] > 0,
                                             counts[:, None, :] * log_pi[None, :, :], 0).sum(-1)
    prob = np.exp(log_given) @ t_arr
    return CountPatterns(counts, n_subjects * prob, np.zeros(0, np.int64))
