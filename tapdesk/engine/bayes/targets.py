"""Posterior targets of the average binary models on the (N_r, N_c) count histogram.

Written from the model definitions (not from the MLE code): every average
model is a two-binomial mixture with weight t and per-rating Class-1
probabilities q1 (true Class 1) and q0 (true Class 0):

=================  ====================  ======================  ==================
model              parameters            q1                      q0
=================  ====================  ======================  ==================
tap                t, a, p               a + (1-a) p             (1-a) p
tap-a0a1           t, a0, a1, p          a1 + (1-a1) p           (1-a0) p
tap-p0p1           t, a, p0, p1          a + (1-a) p1            (1-a) p0
tap-a0a1-p0p1      t, a0, a1, p0, p1     a1 + (1-a1) p1          (1-a0) p0
expert             t (= p), a            a + (1-a) t             (1-a) t
=================  ====================  ======================  ==================

The log-likelihood is a sum over the few distinct histogram cells, so one
evaluation costs the same for 300 subjects as for 100,000.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable

import numpy as np
from scipy.special import log_expit, xlogy

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.request import FitRequest, Prior
from tapdesk.errors import SettingError

MixtureMap = Callable[..., tuple[np.ndarray, np.ndarray, np.ndarray]]


def _tap(t, a, p):
    return t, a + (1 - a) * p, (1 - a) * p


def _a0a1(t, a0, a1, p):
    return t, a1 + (1 - a1) * p, (1 - a0) * p


def _p0p1(t, a, p0, p1):
    return t, a + (1 - a) * p1, (1 - a) * p0


def _a0a1p0p1(t, a0, a1, p0, p1):
    return t, a1 + (1 - a1) * p1, (1 - a0) * p0


def _expert(t, a):
    return t, a + (1 - a) * t, (1 - a) * t


@dataclass(frozen=True)
class HistogramModel:
    """An average binary model: parameter names and the map to (t, q1, q0)."""

    name: str
    names: tuple[str, ...]
    mixture: MixtureMap
    ridge: tuple[str, str] | None = None

    @property
    def dim(self) -> int:
        return len(self.names)


HISTOGRAM_MODELS = {
    "tap": HistogramModel("tap", ("t", "a", "p"), _tap),
    "tap-a0a1": HistogramModel("tap-a0a1", ("t", "a0", "a1", "p"), _a0a1, ridge=("a0", "a1")),
    "tap-p0p1": HistogramModel("tap-p0p1", ("t", "a", "p0", "p1"), _p0p1, ridge=("p0", "p1")),
    "tap-a0a1-p0p1": HistogramModel("tap-a0a1-p0p1", ("t", "a0", "a1", "p0", "p1"), _a0a1p0p1,
                                    ridge=("a0", "a1")),
    "expert": HistogramModel("expert", ("t", "a"), _expert),
}


def mixture_log_likelihood(hist: CountHistogram, t, q1, q0) -> np.ndarray:
    """Sum over cells of w log(t q1^k (1-q1)^(n-k) + (1-t) q0^k (1-q0)^(n-k)).

    ``t``, ``q1``, ``q0`` are broadcastable arrays; the result has their
    broadcast shape. Computed as log(f0 + t (f1 - f0)) + m with the larger
    component factored out, which keeps the big (grid-sized) arrays to a few
    passes per cell.
    """
    t, q1, q0 = (np.asarray(v, dtype=float) for v in (t, q1, q0))
    shape = np.broadcast_shapes(t.shape, q1.shape, q0.shape)
    total = np.zeros(shape)
    scale = np.zeros(np.broadcast_shapes(q1.shape, q0.shape))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for n, k, w in zip(hist.n_rated, hist.n_class1, hist.weight):
            c1 = xlogy(k, q1) + xlogy(n - k, 1 - q1)
            c0 = xlogy(k, q0) + xlogy(n - k, 1 - q0)
            m = np.maximum(c1, c0)
            m = np.where(np.isfinite(m), m, 0.0)
            f1, f0 = np.exp(c1 - m), np.exp(c0 - m)
            term = np.array(t * (f1 - f0), dtype=float, ndmin=1)   # the only full-size passes
            term += f0
            np.log(term, out=term)
            term *= w
            total += term.reshape(shape)
            scale += w * m
        total += scale
    return np.where(np.isnan(total), -np.inf, total)


def chains_log_likelihood(cells: np.ndarray, t: np.ndarray, q1: np.ndarray,
                          q0: np.ndarray) -> np.ndarray:
    """The same log-likelihood for 1-D parameter arrays (one entry per chain), all cells at once.

    ``cells`` is (3, M): n, k and weight of each histogram cell.
    """
    n, k, w = cells
    t, q1, q0 = (np.asarray(v, dtype=float)[:, None] for v in (t, q1, q0))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        c1 = xlogy(k, q1) + xlogy(n - k, 1 - q1)
        c0 = xlogy(k, q0) + xlogy(n - k, 1 - q0)
        total = np.logaddexp(np.log(t) + c1, np.log1p(-t) + c0) @ w
    return np.where(np.isnan(total), -np.inf, total)


def log_prior(theta: np.ndarray, priors: tuple[Prior, ...]) -> np.ndarray:
    """Sum of Beta log-densities (up to constants) over the last axis of ``theta``."""
    out = np.zeros(theta.shape[:-1])
    with np.errstate(divide="ignore"):
        for i, prior in enumerate(priors):
            out += xlogy(prior.alpha - 1, theta[..., i]) + xlogy(prior.beta - 1, 1 - theta[..., i])
    return out


@dataclass(frozen=True)
class LogitTarget:
    """Log posterior density of a histogram model on the logit scale (Jacobian included).

    With x = logit(theta) and a Beta(alpha, beta) prior, prior times Jacobian
    theta (1 - theta) is theta^alpha (1-theta)^beta, so the log target is
    loglik + sum(alpha log_expit(x) + beta log_expit(-x)).
    """

    model: HistogramModel
    hist: CountHistogram
    priors: tuple[Prior, ...]

    @cached_property
    def cells(self) -> np.ndarray:
        return np.array([self.hist.n_rated, self.hist.n_class1, self.hist.weight], dtype=float)

    @cached_property
    def _prior_weights(self) -> tuple[np.ndarray, np.ndarray]:
        return (np.array([p.alpha for p in self.priors]), np.array([p.beta for p in self.priors]))

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """``x`` has shape (chains, dim); returns (chains,)."""
        log_theta, log_rest = log_expit(x), log_expit(-x)
        theta = np.exp(log_theta)
        t, q1, q0 = self.model.mixture(*theta.T)
        alpha, beta = self._prior_weights
        return chains_log_likelihood(self.cells, t, q1, q0) + log_theta @ alpha + log_rest @ beta

    def log_posterior(self, theta: np.ndarray) -> np.ndarray:
        """Unnormalised log posterior on the probability scale (for reporting traces)."""
        t, q1, q0 = self.model.mixture(*(theta[..., i] for i in range(self.model.dim)))
        return mixture_log_likelihood(self.hist, t, q1, q0) + log_prior(theta, self.priors)


def check_prior_names(request: FitRequest, names) -> None:
    """A prior named for a parameter the model does not have is a setting error, not ignored."""
    for prior in request.priors:
        if prior.name not in names:
            raise SettingError(f"prior for '{prior.name}': the {request.model} model has no such "
                               f"parameter; choose from {', '.join(names)}")


def priors_for(request: FitRequest, names: tuple[str, ...]) -> tuple[Prior, ...]:
    check_prior_names(request, names)
    return tuple(request.prior_for(n) for n in names)


def describe_priors(priors: tuple[Prior, ...]) -> str:
    """'t ~ Beta(1, 1) (uniform), a ~ Beta(2, 2)'."""
    parts = []
    for prior in priors:
        text = f"{prior.name} ~ Beta({prior.alpha:g}, {prior.beta:g})"
        if prior.alpha == 1 and prior.beta == 1:
            text += " (uniform)"
        parts.append(text)
    return ", ".join(parts)
