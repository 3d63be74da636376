"""The binary t-a-p likelihood on the (N_r, N_c) count histogram.

In mixture form a subject's ratings are a mixture of two binomials: with
probability t the subject is truly Class 1 and each rating is Class 1 with
probability q1 = a + (1-a)p; otherwise with probability q0 = (1-a)p. The map
(t, a, p) -> (t, q1, q0) is one-to-one on a < 1, with a = q1 - q0 and
p = q0 / (1 - a); the t-a-p parameter space is the half q1 >= q0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln, xlogy

from tapdesk.data.binary import CountHistogram


@dataclass(frozen=True)
class Mixture:
    """Two-binomial mixture parameters (t, q1, q0)."""

    t: float
    q1: float
    q0: float

    @property
    def a(self) -> float:
        return self.q1 - self.q0

    @property
    def p(self) -> float:
        """Guess rate; when a = 1 any p fits, and by convention p = t is returned."""
        rest = 1.0 - self.a
        return self.q0 / rest if rest > 1e-12 else self.t

    def swapped(self) -> Mixture:
        return Mixture(1.0 - self.t, self.q0, self.q1)

    def as_array(self) -> np.ndarray:
        return np.array([self.t, self.q1, self.q0])


def from_tap(t: float, a: float, p: float) -> Mixture:
    return Mixture(t, a + (1 - a) * p, (1 - a) * p)


def binomial_log_terms(hist: CountHistogram) -> float:
    """Sum over subjects of log C(N_r, N_c) (turns the ratings' likelihood into the counts')."""
    return float((hist.weight * log_binomial_coefficient(hist.n_class1, hist.n_rated)).sum())


def log_binomial_coefficient(k, n) -> np.ndarray:
    """log C(n, k)."""
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def log_binomial_kernel(k, n, q) -> np.ndarray:
    """log(q^k (1 - q)^(n - k)), 0 log 0 taken as 0."""
    return xlogy(k, q) + xlogy(n - k, 1.0 - q)


def binomial_pmf(k, n, q: float) -> np.ndarray:
    """Bin(k; n, q) (0 where k > n), from scipy.special rather than scipy.stats, whose first
    import costs a command, or the window where a dialog needs a binomial, over a second."""
    k, n = np.broadcast_arrays(np.asarray(k, dtype=float), np.asarray(n, dtype=float))
    inside = (k >= 0) & (k <= n)
    with np.errstate(invalid="ignore"):
        log_pmf = log_binomial_coefficient(k, n) + log_binomial_kernel(k, n, q)
    return np.where(inside, np.exp(np.where(inside, log_pmf, -np.inf)), 0.0)


def component_log_densities(hist: CountHistogram, q: np.ndarray) -> np.ndarray:
    """log q^k (1-q)^(n-k) for each cell and each q (cells x len(q))."""
    q = np.atleast_1d(np.asarray(q, dtype=float))
    k = hist.n_class1[:, None].astype(float)
    n = hist.n_rated[:, None].astype(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return log_binomial_kernel(k, n, q[None, :])


def cell_log_likelihood(hist: CountHistogram, mix: Mixture) -> tuple[np.ndarray, np.ndarray]:
    """Per-cell log-likelihood and posterior probability of Class 1 (gamma)."""
    dens = component_log_densities(hist, np.array([mix.q1, mix.q0]))
    with np.errstate(divide="ignore", invalid="ignore"):  # logaddexp(-inf, -inf) = -inf is fine
        log1 = np.log(mix.t) + dens[:, 0]
        log0 = np.log1p(-mix.t) + dens[:, 1]
        total = np.logaddexp(log1, log0)
        gamma = np.where(np.isfinite(total), np.exp(log1 - total), 0.5)
    gamma[np.isnan(gamma)] = 0.5                 # never +-inf: log1 <= total
    return total, gamma


def log_likelihood(hist: CountHistogram, mix: Mixture) -> float:
    """Log-likelihood of the ratings (no binomial coefficients), in nats."""
    total, _ = cell_log_likelihood(hist, mix)
    return float((hist.weight * total).sum())


def tap_log_likelihood_grid(hist: CountHistogram, t: np.ndarray, a: np.ndarray,
                            p: np.ndarray) -> np.ndarray:
    """Log-likelihood at every (t, a, p) of broadcastable arrays (for grids and posteriors)."""
    t, a, p = np.broadcast_arrays(np.asarray(t, float), np.asarray(a, float), np.asarray(p, float))
    q1 = a + (1 - a) * p
    q0 = (1 - a) * p
    total = np.zeros(t.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        lt, l1t = np.log(t), np.log1p(-t)
        for n, k, w in zip(hist.n_rated, hist.n_class1, hist.weight):
            c1 = log_binomial_kernel(k, n, q1)
            c0 = log_binomial_kernel(k, n, q0)
            total += w * np.logaddexp(lt + c1, l1t + c0)
    return total


def expected_bits_per_rating(t: float, a: float, p: float) -> float:
    """Expected -log2 probability of one rating under (t, a, p), ignoring other ratings.

    This is the entropy of a single rating, H(t q1 + (1-t) q0), in bits: how
    uncertain one rating is before seeing anything else about the subject.
    """
    mix = from_tap(t, a, p)
    c = t * mix.q1 + (1 - t) * mix.q0
    return float(-(xlogy(c, c) + xlogy(1 - c, 1 - c)) / np.log(2))
