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

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from scipy.special import log_expit, xlogy

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.likelihood import log_binomial_kernel
from tapdesk.engine.request import FitRequest, Prior
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted

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
    broadcast shape. Two ways, by which is cheaper for the shapes given: when
    t broadcasts against much smaller q arrays (a tensor grid), each cell's
    two binomial terms are computed at the q shape and only
    log(f0 + t (f1 - f0)) is full size; when the q arrays are full size
    (nested grids, chains), their four logs are taken once and each cell costs
    one full-size logaddexp.
    """
    t, q1, q0 = (np.asarray(v, dtype=float) for v in (t, q1, q0))
    shape = np.broadcast_shapes(t.shape, q1.shape, q0.shape)
    size = int(np.prod(shape))
    small_q = 4 * np.broadcast(q1, q0).size <= size
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        total = (_factored if small_q else _logged)(hist, t, q1, q0, shape)
    return np.where(np.isnan(total), -np.inf, total)


def _factored(hist, t, q1, q0, shape) -> np.ndarray:
    total = np.zeros(shape)
    scale = np.zeros(np.broadcast_shapes(q1.shape, q0.shape))
    for n, k, w in zip(hist.n_rated, hist.n_class1, hist.weight):
        c1 = log_binomial_kernel(k, n, q1)
        c0 = log_binomial_kernel(k, n, q0)
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
    return total


def _logged(hist, t, q1, q0, shape) -> np.ndarray:
    return log_mixture_likelihood(hist, np.log(t), np.log1p(-t), np.log(q1), np.log1p(-q1),
                                  np.log(q0), np.log1p(-q0), shape)


def log_mixture_likelihood(hist: CountHistogram, lt, l1t, lq1, l1q1, lq0, l1q0,
                           shape=None) -> np.ndarray:
    """The mixture log-likelihood from the logs of t, 1 - t, q1, 1 - q1, q0, 1 - q0.

    For callers that know these logs more accurately than log(1 - q) of a q
    rounded near 1 would give. Written as the Class-0 part, which sums in
    closed form (W log(1-t) + K log q0 + (N - K) log(1 - q0)), plus per cell
    w log1p(e) with e = t q1^k (1-q1)^(n-k) / ((1-t) q0^k (1-q0)^(n-k)); for
    the cells of one n, e moves by the factor (q1 (1-q0)) / (q0 (1-q1)) from k
    to k + 1, so a cell costs one product and one log1p. Where e would leave
    the floating-point range the cells fall back to logaddexp.
    """
    if shape is None:
        shape = np.broadcast_shapes(*(np.shape(v) for v in (lt, l1t, lq1, l1q1, lq0, l1q0)))
    n_rated, n_class1, weight = (np.asarray(v, dtype=float) for v in
                                 (hist.n_rated, hist.n_class1, hist.weight))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        total = np.broadcast_to(weight.sum() * l1t + (weight * n_class1).sum() * lq0
                                + (weight * (n_rated - n_class1)).sum() * l1q0, shape).copy()
        odds, slope, per_fail = lt - l1t, (lq1 - lq0) - (l1q1 - l1q0), l1q1 - l1q0
        ratio = None
        for n in np.unique(n_rated):
            cells = sorted((int(k), w) for m, k, w in zip(n_rated, n_class1, weight) if m == n)
            base = odds + n * per_fail                      # log e at k = 0
            ends = (base, base + n * slope)
            safe = all(np.all(np.abs(e) < 700) for e in ends)
            if safe:
                ratio = np.exp(slope) if ratio is None else ratio
                e, at = np.exp(base), 0
                for k, w in cells:
                    e = e * ratio ** (k - at) if k - at > 1 else (e * ratio if k > at else e)
                    at = k
                    total += w * np.log1p(e)
            else:
                for k, w in cells:
                    total += w * np.logaddexp(0.0, base + k * slope)
    return total


def chains_log_likelihood(cells: np.ndarray, t: np.ndarray, q1: np.ndarray,
                          q0: np.ndarray) -> np.ndarray:
    """The same log-likelihood for 1-D parameter arrays (one entry per chain), all cells at once.

    ``cells`` is (3, M): n, k and weight of each histogram cell.
    """
    n, k, w = cells
    t, q1, q0 = (np.asarray(v, dtype=float)[:, None] for v in (t, q1, q0))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        c1 = log_binomial_kernel(k, n, q1)
        c0 = log_binomial_kernel(k, n, q0)
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
            # Translators: {name} is the parameter a prior was given for ("q"), {model} the
            # model's name as the option takes it ("tap"), {names} its parameters ("t, a, p").
            raise SettingError(said("prior for {name}: the {model} model has no such parameter; "
                                    "choose from {names}", name=made(quoted, prior.name),
                                    model=request.model,
                                    names=", ".join(names)))


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
