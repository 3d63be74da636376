"""The K-category t-a-p likelihood on category-count patterns.

Each subject has a true class c with prevalence t_c. A rating is accurate with
probability a (it names c); otherwise it is a guess that names category k with
probability p_k. The rater's confusion matrix is therefore

    pi(c -> k) = a * I(k = c) + (1 - a) * p_k        (rows: true class).

Given its true class, a subject's ratings are independent, so the average
model's likelihood of a subject depends only on its category-count vector:
log L_i = log sum_c t_c prod_k pi(c -> k)^n_ik. Many subjects share a count
vector, so the work is done once per distinct vector (a *pattern*), weighted
by how many subjects show it.

Log-likelihoods here are of the ratings as given (no multinomial
coefficients), in nats, like the binary models.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln, xlogy

TINY = 1e-300
"""Probabilities are floored here before taking logs (0 * log 0 counts as 0)."""


@dataclass(frozen=True)
class TapK:
    """K-category t-a-p parameters: prevalences t, accuracy a, guess rates p."""

    t: np.ndarray
    a: float
    p: np.ndarray

    @property
    def k(self) -> int:
        return len(self.t)

    def confusion(self) -> np.ndarray:
        return confusion_matrix(self.a, self.p)

    def as_vector(self) -> np.ndarray:
        return np.concatenate([self.t, [self.a], self.p])

    @classmethod
    def from_vector(cls, x: np.ndarray) -> TapK:
        k = (len(x) - 1) // 2
        return cls(np.asarray(x[:k], float), float(x[k]), np.asarray(x[k + 1:], float))


def confusion_matrix(a: float | np.ndarray, p: np.ndarray) -> np.ndarray:
    """pi(c -> k) = a I(k = c) + (1 - a) p_k; with arrays a (J,) and p (J, K) gives (J, K, K)."""
    a = np.asarray(a, float)
    p = np.asarray(p, float)
    k = p.shape[-1]
    eye = np.eye(k)
    return a[..., None, None] * eye + (1 - a)[..., None, None] * p[..., None, :]


def safe_log(x: np.ndarray) -> np.ndarray:
    return np.log(np.maximum(x, TINY))


@dataclass(frozen=True, eq=False)
class CountPatterns:
    """Distinct category-count vectors with how many subjects show each.

    ``weight`` may be real-valued (exact expected counts); ``inverse`` maps
    each analysed subject to its pattern row (empty for expected counts).
    """

    counts: np.ndarray
    weight: np.ndarray
    inverse: np.ndarray

    @classmethod
    def from_counts(cls, counts: np.ndarray) -> CountPatterns:
        uniq, inverse, weight = np.unique(np.asarray(counts, np.int64), axis=0,
                                          return_inverse=True, return_counts=True)
        return cls(uniq, weight.astype(float), inverse.reshape(-1))

    @property
    def k(self) -> int:
        return self.counts.shape[1]

    @property
    def n_subjects(self) -> float:
        return float(self.weight.sum())

    @property
    def n_ratings(self) -> float:
        return float((self.weight * self.counts.sum(axis=1)).sum())

    def category_totals(self) -> np.ndarray:
        return (self.weight[:, None] * self.counts).sum(axis=0)

    def multinomial_log_terms(self) -> float:
        """Sum over subjects of the log multinomial coefficient of its counts."""
        n = self.counts.sum(axis=1)
        terms = gammaln(n + 1) - gammaln(self.counts + 1).sum(axis=1)
        return float((self.weight * terms).sum())


def log_sum_exp_rows(x: np.ndarray) -> np.ndarray:
    """log sum_c exp(x[i, c]) per row (scipy's logsumexp is slower on small arrays)."""
    top = x.max(axis=1)
    return top + np.log(np.exp(x - top[:, None]).sum(axis=1))


def normalise_rows(joint: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(log sum_c exp(joint), posterior) per row.

    Works on a (K, N) copy: numpy reduces across K long rows much faster
    than along N short ones.
    """
    cols = np.ascontiguousarray(joint.T)
    top = cols.max(axis=0)
    cols -= top
    np.exp(cols, out=cols)
    total = cols.sum(axis=0)
    cols /= total
    np.log(total, out=total)            # in place: a crowd file's arrays are millions long
    total += top
    return total, cols.T


@dataclass(frozen=True)
class EStep:
    """Posterior class probabilities and the expected (soft) sufficient statistics."""

    log_likelihood: float
    posterior: np.ndarray        # patterns x K
    class_totals: np.ndarray     # K: expected number of subjects per true class
    confusion: np.ndarray        # K x K: expected ratings, rows true class, columns rating


def pattern_log_joint(patterns: CountPatterns, theta: TapK) -> np.ndarray:
    """log t_c + sum_k n_k log pi(c -> k), patterns x K."""
    log_pi = safe_log(theta.confusion())
    return patterns.counts @ log_pi.T + safe_log(theta.t)[None, :]


def e_step(patterns: CountPatterns, theta: TapK) -> EStep:
    row, post = normalise_rows(pattern_log_joint(patterns, theta))
    wpost = patterns.weight[:, None] * post
    return EStep(float((patterns.weight * row).sum()), post, wpost.sum(axis=0),
                 wpost.T @ patterns.counts)


def log_likelihood(patterns: CountPatterns, theta: TapK) -> float:
    joint = pattern_log_joint(patterns, theta)
    return float((patterns.weight * log_sum_exp_rows(joint)).sum())


def natural_gradient(step: EStep, theta: TapK) -> np.ndarray:
    """Gradient of the log-likelihood in (t, a, p) (Fisher's identity: the E-step's soft counts)."""
    pi = np.maximum(theta.confusion(), TINY)
    ratio = step.confusion / pi
    k = theta.k
    eye = np.eye(k)
    g_t = step.class_totals / np.maximum(theta.t, TINY)
    g_a = float((ratio * (eye - theta.p[None, :])).sum())
    g_p = (1 - theta.a) * ratio.sum(axis=0)
    return np.concatenate([g_t, [g_a], g_p])


def rating_distribution(theta: TapK, uniform_t: bool = False) -> np.ndarray:
    t = np.full(theta.k, 1 / theta.k) if uniform_t else theta.t
    return t @ theta.confusion()


def expected_krits_per_rating(theta: TapK, *, uniform_t: bool = False,
                              given_class: bool = True) -> float:
    """Expected -log_K probability of one rating (0 = deterministic, 1 = uniform noise).

    ``given_class`` True: the rating's entropy given the subject's true class,
    sum_c t_c H(pi(c -> .)), which the fitted krits per rating approach when
    each subject has many ratings. False: the entropy of one rating seen
    alone, H(sum_c t_c pi(c -> .)) (for K = 2 in bits this is the binary
    model's ``expected_bits_per_rating``). ``uniform_t`` replaces t by 1/K.
    """
    k = theta.k
    t = np.full(k, 1 / k) if uniform_t else np.asarray(theta.t, float)
    pi = theta.confusion()
    if given_class:
        row_entropy = -xlogy(pi, pi).sum(axis=1)
        nats = float(t @ row_entropy)
    else:
        c = t @ pi
        nats = float(-xlogy(c, c).sum())
    return nats / np.log(k)


def krits_per_rating(nats: float, n_ratings: float, k: int) -> float:
    return -nats / (n_ratings * np.log(k))
