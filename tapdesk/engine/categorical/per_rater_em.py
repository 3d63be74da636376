"""EM (with restarts and a quasi-Newton polish) for the per-rater K-category t-a-p model.

Rater j is accurate with probability a_j and otherwise guesses category k
with probability p_jk: pi_j(c -> k) = a_j I(k = c) + (1 - a_j) p_jk. The
M-step separates by rater; each rater's (a_j, p_j) comes from the exact
constrained maximiser of :mod:`.mstep` applied to its soft confusion matrix,
so the log-likelihood never decreases.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.special import expit, softmax

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.likelihood import TINY, confusion_matrix
from tapdesk.engine.categorical.mstep import exact_m_step
from tapdesk.engine.categorical.rater_data import RaterData, RaterEStep, e_step
from tapdesk.engine.categorical.restarts import EmFit, best_of_starts, em_from
from tapdesk.engine.em.steps import JUMP_FLOOR, squarem_jump

LOGIT_FLOOR = -40.0


@dataclass(frozen=True)
class PerRaterTap:
    t: np.ndarray        # K
    a: np.ndarray        # J
    p: np.ndarray        # J x K

    def confusion(self) -> np.ndarray:
        return confusion_matrix(self.a, self.p)

    def as_vector(self) -> np.ndarray:
        """t, then per rater (a_j, p_j)."""
        per = np.concatenate([self.a[:, None], self.p], axis=1).ravel()
        return np.concatenate([self.t, per])

    @classmethod
    def from_vector(cls, x: np.ndarray, k: int) -> PerRaterTap:
        per = np.asarray(x[k:], float).reshape(-1, k + 1)
        return cls(np.asarray(x[:k], float), per[:, 0].copy(), per[:, 1:].copy())


PerRaterFit = EmFit[PerRaterTap]


def m_step(step: RaterEStep, params: PerRaterTap) -> PerRaterTap:
    a, p = exact_m_step(step.confusion, params.p, params.a)
    return PerRaterTap(step.class_totals / step.class_totals.sum(), a, p)


def natural_gradient(step: RaterEStep, params: PerRaterTap) -> np.ndarray:
    """Gradient in (t, a_1, p_1, ..., a_J, p_J) from the E-step's soft counts."""
    k = len(params.t)
    pi = np.maximum(params.confusion(), TINY)
    ratio = step.confusion / pi                                          # J K K
    eye = np.eye(k)
    g_a = (ratio * (eye[None] - params.p[:, None, :])).sum(axis=(1, 2))  # J
    g_p = (1 - params.a)[:, None] * ratio.sum(axis=1)                    # J K
    g_t = step.class_totals / np.maximum(params.t, TINY)
    return np.concatenate([g_t, np.concatenate([g_a[:, None], g_p], axis=1).ravel()])


def start_points(data: RaterData, base: Sequence[PerRaterTap], n_starts: int,
                 rng: np.random.Generator) -> list[PerRaterTap]:
    starts = list(base)[:n_starts]
    j, k = data.n_raters, data.k
    while len(starts) < n_starts:
        starts.append(PerRaterTap(rng.dirichlet(np.full(k, 2.0)), rng.uniform(0.1, 0.9, j),
                                  rng.dirichlet(np.full(k, 2.0), size=j)))
    return starts


def extrapolate(x0: PerRaterTap, x1: PerRaterTap, x2: PerRaterTap) -> PerRaterTap | None:
    """SQUAREM's jump (:func:`~tapdesk.engine.em.steps.squarem_jump`) put back in
    range: a in [0, 1]; t and every p clipped to at least JUMP_FLOOR and renormalised."""
    jump = squarem_jump(x0.as_vector(), x1.as_vector(), x2.as_vector())
    if jump is None:
        return None
    out = PerRaterTap.from_vector(jump, len(x0.t))
    t = np.clip(out.t, JUMP_FLOOR, 1.0)
    p = np.clip(out.p, JUMP_FLOOR, 1.0)
    return PerRaterTap(t / t.sum(), np.clip(out.a, 0.0, 1.0), p / p.sum(axis=1, keepdims=True))


def run_em(data: RaterData, start, **options):
    """Generator: EM from one start, SQUAREM-accelerated (see
    :func:`tapdesk.engine.categorical.restarts.em_from`)."""
    return (yield from em_from(data, start, e_step=e_step, m_step=m_step,
                               confusion=lambda params: params.confusion(),
                               shown=lambda params: np.concatenate([params.t, params.a]),
                               extrapolate=extrapolate, **options))


def unpack_params(x: np.ndarray, j: int, k: int) -> PerRaterTap:
    """Parameters from packed coordinates: softmax for t and each p_j, logistic for each a_j."""
    per = x[k:].reshape(j, k + 1)
    return PerRaterTap(softmax(x[:k]), expit(per[:, 0]), softmax(per[:, 1:], axis=1))


def pack_params(params: PerRaterTap) -> np.ndarray:
    """Packed coordinates of ``params``: log t, then per rater logit(a_j) and log p_j."""
    def logits(v):
        return np.maximum(np.log(np.maximum(v, 1e-300)), LOGIT_FLOOR)
    a = np.clip(params.a, 1e-17, 1 - 1e-16)
    per = np.concatenate([(np.log(a) - np.log1p(-a))[:, None], logits(params.p)], axis=1)
    return np.concatenate([logits(params.t), per.ravel()])


def packed_value_and_gradient(data: RaterData, x: np.ndarray
                              ) -> tuple[float, np.ndarray, np.ndarray]:
    """Log-likelihood at packed (softmax/logit) coordinates ``x``, its gradient in them, and
    the gradient in the natural parameters (t, a_1, p_1, ..., a_J, p_J)."""
    j, k = data.n_raters, data.k
    pr = unpack_params(x, j, k)
    step = e_step(data, pr.t, pr.confusion())
    g = natural_gradient(step, pr)
    g_t = g[:k]
    per = g[k:].reshape(j, k + 1)
    g_a, g_p = per[:, 0], per[:, 1:]
    grad_per = np.concatenate([(g_a * pr.a * (1 - pr.a))[:, None],
                               pr.p * (g_p - (pr.p * g_p).sum(axis=1, keepdims=True))], axis=1)
    grad = np.concatenate([pr.t * (g_t - pr.t @ g_t), grad_per.ravel()])
    return step.log_likelihood, grad, g


def polish(data: RaterData, params: PerRaterTap) -> PerRaterTap:
    """Quasi-Newton on softmax/logit coordinates; kept only if the likelihood rises."""
    from scipy.optimize import minimize  # here: scipy.optimize costs start-up where no polish runs
    j, k = data.n_raters, data.k
    scale = 1.0 / max(data.n_ratings, 1.0)

    def objective(x):
        value, grad, _ = packed_value_and_gradient(data, x)
        return -value * scale, -grad * scale

    res = minimize(objective, pack_params(params), jac=True, method="L-BFGS-B",
                   options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 1000})
    cand = unpack_params(res.x, j, k)

    def ll(pr):
        return e_step(data, pr.t, pr.confusion()).log_likelihood
    return cand if ll(cand) > ll(params) else params


def fit_per_rater(data: RaterData, *, starts: Sequence[PerRaterTap], tolerance: float,
                  max_iterations: int, cancel: CancelToken, request_id: int = 0,
                  names: Sequence[str] = (), emit: bool = True, polish_best: bool = True):
    """Generator: the best per-rater t-a-p fit over the given starts."""
    out = yield from best_of_starts(run_em, data, starts, tolerance=tolerance,
                                    max_iterations=max_iterations, cancel=cancel,
                                    request_id=request_id, names=names, emit=emit)
    best = out.best
    if polish_best and not cancel.requested:
        best = polish(data, best)
    ll = e_step(data, best.t, best.confusion()).log_likelihood
    return PerRaterFit(best, ll, out.iterations, out.converged, out.traces, cancel.requested)
