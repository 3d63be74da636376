"""The per-rater model's likelihood over rating patterns, for one study or many at once.

A subject's likelihood in the per-rater model t-a_j-p_j depends only on its
counts of Class-1 and Class-0 ratings from each rater, so subjects fall into
a short list of distinct *patterns* (at most 2^R for R raters who each rate
every subject once, fewer where cells are missing), and a study is a row of
counts over that list. The log-likelihood, its gradient and its exact
Hessian in (t, q1_1..q1_R, q0_1..q0_R) are then a few array products over a
(studies, patterns) count array. One place for them: the per-rater fit's
profile searches (:mod:`.per_rater_dense`, one study) and the rater check's
calibration (:mod:`tapdesk.engine.raters.check_batch`, hundreds of simulated
studies) both evaluate these.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from tapdesk.engine.binary.per_rater_em import RaterData


@dataclass(frozen=True)
class PatternCounts:
    """Studies as counts over lists of rating patterns, shared by all studies or each its own.

    Parameters
    ----------
    ones, zeros
        (patterns, R) when the studies share the list, (studies, patterns, R)
        when each has its own: each pattern's number of Class-1 and Class-0
        ratings by each rater.
    weight
        (studies, patterns): how many subjects of each study show each pattern.
    """

    ones: np.ndarray
    zeros: np.ndarray
    weight: np.ndarray

    @property
    def n_raters(self) -> int:
        return self.ones.shape[-1]

    @property
    def n_studies(self) -> int:
        return self.weight.shape[0]

    @property
    def shared(self) -> bool:
        return self.ones.ndim == 2

    def rows(self, index: np.ndarray) -> PatternCounts:
        """The studies ``index`` (index array or mask)."""
        if self.shared:
            return PatternCounts(self.ones, self.zeros, self.weight[index])
        return PatternCounts(self.ones[index], self.zeros[index], self.weight[index])

    def per_study(self) -> tuple[np.ndarray, np.ndarray]:
        """(ones, zeros) as (studies or 1, patterns, R) arrays."""
        return (self.ones[None], self.zeros[None]) if self.shared else (self.ones, self.zeros)

    def sums(self, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per study, the Class-1 and Class-0 ratings of each rater weighted by ``weight``
        (studies, patterns)."""
        if self.shared:
            return weight @ self.ones, weight @ self.zeros
        return (np.einsum("sp,spr->sr", weight, self.ones),
                np.einsum("sp,spr->sr", weight, self.zeros))

    @cached_property
    def totals(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per study: each rater's Class-1 and Class-0 ratings, and the number of subjects."""
        return (*self.sums(self.weight), self.weight.sum(axis=1))

    def logs(self, log_q: np.ndarray, log_not_q: np.ndarray) -> np.ndarray:
        """(studies, patterns): sum over raters of ones log q + zeros log(1 - q), with each
        study's own (R,) ``log_q`` and ``log_not_q`` rows."""
        if self.shared:
            return log_q @ self.ones.T + log_not_q @ self.zeros.T
        return (np.einsum("spr,sr->sp", self.ones, log_q)
                + np.einsum("spr,sr->sp", self.zeros, log_not_q))


def patterns_of(ones: np.ndarray, design: np.ndarray) -> PatternCounts:
    """Group subjects into patterns.

    Parameters
    ----------
    ones
        (studies, subjects, R) counts of Class-1 ratings.
    design
        (subjects, R) number of ratings each rater gave each subject (the
        same in every study: the Class-0 counts are ``design - ones``).

    The studies share one list of the distinct patterns unless it is longer
    than a study's subjects (many raters: nearly every subject a pattern of
    its own); then each study keeps its subjects as its own patterns, so a
    study's cost follows its own subjects, never the other studies'.
    """
    n_studies, n_subjects, r = ones.shape
    design = np.rint(design).astype(np.int64)
    _, group = np.unique(design, axis=0, return_inverse=True)
    radix = design.max(axis=0) + 1
    keys = _pattern_keys(ones.reshape(-1, r), np.tile(group.ravel(), n_studies), radix)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    if len(first) > n_subjects:
        full = np.broadcast_to(design, ones.shape)
        return PatternCounts(ones.astype(float), (full - ones).astype(float),
                             np.ones((n_studies, n_subjects)))
    subject = first % n_subjects
    found = ones.reshape(-1, r)[first]
    study = np.repeat(np.arange(n_studies), n_subjects)
    flat = np.bincount(study * len(first) + inverse.ravel(), minlength=n_studies * len(first))
    return PatternCounts(found.astype(float), (design[subject] - found).astype(float),
                         flat.reshape(n_studies, len(first)).astype(float))


def _pattern_keys(ones: np.ndarray, group: np.ndarray, radix: np.ndarray) -> np.ndarray:
    """One number per row of ``ones`` (counts below ``radix``), equal for equal rows of the same
    design ``group``: a mixed-radix number when it is exact in a float, else each row's
    position among the distinct (group, ones) rows."""
    if np.sum(np.log2(radix)) + np.log2(group.max() + 1) < 52:
        place = np.concatenate([[1], np.cumprod(radix[:-1])]).astype(float)
        return ones @ place + group * float(np.prod(radix.astype(float)))
    rows = np.column_stack([group, ones])
    return np.unique(rows, axis=0, return_inverse=True)[1].ravel()


def observed_patterns(data: RaterData) -> PatternCounts:
    """The analysed ratings as one study over their patterns."""
    dense = data.counts.toarray()
    return patterns_of(dense[None, :, 1::2], dense[:, 0::2] + dense[:, 1::2])


# ------------------------------------------------------------------ likelihood
def _split(theta: np.ndarray, r: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return theta[:, 0], theta[:, 1:r + 1], theta[:, r + 1:]


def _class_logs(counts: PatternCounts, theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(studies, patterns) log-probabilities of each pattern and the class, per class."""
    t, q1, q0 = _split(theta, counts.n_raters)
    l1 = np.log(t)[:, None] + counts.logs(np.log(q1), np.log1p(-q1))
    l0 = np.log1p(-t)[:, None] + counts.logs(np.log(q0), np.log1p(-q0))
    return l1, l0


def log_likelihoods(counts: PatternCounts, theta: np.ndarray) -> np.ndarray:
    """Each study's log-likelihood at its own parameters (-inf outside (0, 1))."""
    inside = np.all((theta > 0) & (theta < 1), axis=1)
    l1, l0 = _class_logs(counts, np.where(inside[:, None], theta, 0.5))
    values = (np.logaddexp(l1, l0) * counts.weight).sum(axis=1)
    values[~inside] = -np.inf
    return values


def scores(counts: PatternCounts,
           theta: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Log-likelihoods (S,), gradients (S, K) and each pattern's posterior of Class 1
    (gamma, (S, patterns)), K = 2R + 1: with g the gamma-weighted Class-1 and Class-0
    counts of rater j, d ll / d q1_j = g1_j / q1_j - g0_j / (1 - q1_j) (the same with
    1 - gamma for q0_j)."""
    r = counts.n_raters
    t, q1, q0 = _split(theta, r)
    l1, l0 = _class_logs(counts, theta)
    total = np.logaddexp(l1, l0)
    gamma = np.exp(l1 - total)
    w = counts.weight
    wg = w * gamma
    g1, g0 = counts.sums(wg)
    ones, zeros, subjects = counts.totals
    n1 = wg.sum(axis=1)
    grad = np.empty((len(t), 2 * r + 1))
    grad[:, 0] = n1 / t - (subjects - n1) / (1 - t)
    grad[:, 1:r + 1] = g1 / q1 - g0 / (1 - q1)
    grad[:, r + 1:] = (ones - g1) / q0 - (zeros - g0) / (1 - q0)
    return (total * w).sum(axis=1), grad, gamma


def hessians(counts: PatternCounts, theta: np.ndarray, gamma: np.ndarray) -> np.ndarray:
    """Hessians (S, K, K) of the log-likelihoods at ``theta``, given the patterns' posterior
    ``gamma`` there (:func:`scores`).

    Per pattern, minus the Hessian of log(e^u1 + e^u0) is
    gamma I1 + (1 - gamma) I0 - gamma (1 - gamma) d d', d the difference of the classes'
    score vectors.
    """
    r = counts.n_raters
    t, q1, q0 = _split(theta, r)
    w = counts.weight
    wg = w * gamma
    g1, g0 = counts.sums(wg)
    ones, zeros, subjects = counts.totals
    h1, h0 = ones - g1, zeros - g0
    n1 = wg.sum(axis=1)
    n0 = subjects - n1
    per_ones, per_zeros = counts.per_study()
    d = np.empty((len(t), w.shape[1], 2 * r + 1))
    d[:, :, 0] = (1 / (t * (1 - t)))[:, None]
    d[:, :, 1:r + 1] = per_ones / q1[:, None] - per_zeros / (1 - q1[:, None])
    d[:, :, r + 1:] = per_zeros / (1 - q0[:, None]) - per_ones / q0[:, None]
    hess = np.matmul((d * (wg * (1 - gamma))[:, :, None]).transpose(0, 2, 1), d)
    curvature = np.empty((len(t), 2 * r + 1))
    curvature[:, 0] = n1 / t ** 2 + n0 / (1 - t) ** 2
    curvature[:, 1:r + 1] = g1 / q1 ** 2 + g0 / (1 - q1) ** 2
    curvature[:, r + 1:] = h1 / q0 ** 2 + h0 / (1 - q0) ** 2
    diagonal = np.arange(2 * r + 1)
    hess[:, diagonal, diagonal] -= curvature
    return hess


def derivatives(counts: PatternCounts,
                theta: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Log-likelihoods (S,), gradients (S, K) and Hessians (S, K, K), K = 2R + 1."""
    values, grad, gamma = scores(counts, theta)
    return values, grad, hessians(counts, theta, gamma)
