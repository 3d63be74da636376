"""EM with restarts for the Dawid-Skene model (Dawid & Skene 1979).

Each rater j has a full K x K confusion matrix pi_j (rows true class, each
row a probability vector); subjects have true class prevalences t. The
M-step is closed form: t = mean class probabilities, pi_j(c, .) = rater j's
soft confusion row c normalised (a row with no expected ratings keeps its
previous value). The classic start is the majority vote (each subject's
category shares as its class probabilities); other starts come from the
t-a-p fits and from randomly perturbed votes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.rater_data import RaterData, RaterEStep, e_step
from tapdesk.engine.categorical.restarts import EmFit, best_polished, em_from
from tapdesk.engine.em.steps import JUMP_FLOOR, TELL_APART, squarem_jump


@dataclass(frozen=True)
class DawidSkene:
    t: np.ndarray            # K
    confusion: np.ndarray    # J x K x K

    def as_vector(self) -> np.ndarray:
        return np.concatenate([self.t, self.confusion.ravel()])

    @classmethod
    def from_vector(cls, x: np.ndarray, j: int, k: int) -> DawidSkene:
        return cls(np.asarray(x[:k], float), np.asarray(x[k:], float).reshape(j, k, k))

    def accuracy(self) -> np.ndarray:
        """Per rater: probability a rating names the true class, sum_c t_c pi_j(c, c)."""
        return np.einsum("c,jcc->j", self.t, self.confusion)


DawidSkeneFit = EmFit[DawidSkene]


def m_step_from(posterior_weighted_conf: np.ndarray, class_totals: np.ndarray,
                previous: np.ndarray | None) -> DawidSkene:
    rows = posterior_weighted_conf.sum(axis=2, keepdims=True)
    k = posterior_weighted_conf.shape[-1]
    fallback = previous if previous is not None else np.broadcast_to(np.full(k, 1 / k),
                                                                      posterior_weighted_conf.shape)
    with np.errstate(invalid="ignore", divide="ignore"):
        conf = np.where(rows > 1e-12, posterior_weighted_conf / rows, fallback)
    return DawidSkene(class_totals / class_totals.sum(), conf)


def m_step(step: RaterEStep, params: DawidSkene | None) -> DawidSkene:
    return m_step_from(step.confusion, step.class_totals,
                       None if params is None else params.confusion)


def from_posterior(data: RaterData, posterior: np.ndarray) -> DawidSkene:
    """M-step from given subject class probabilities (vote-based starts)."""
    k = data.k
    w = data.subject_weight()[:, None] * posterior
    conf = (data.transposed @ w).reshape(data.n_raters, k, k).transpose(0, 2, 1)
    return m_step_from(conf + 1e-6, w.sum(axis=0) + 1e-9, None)


def start_points(data: RaterData, base: Sequence[DawidSkene], n_starts: int,
                 rng: np.random.Generator) -> list[DawidSkene]:
    votes = data.vote_shares()
    starts = list(base) + [from_posterior(data, votes)]
    while len(starts) < max(n_starts, len(base) + 1):
        noise = rng.dirichlet(np.ones(data.k), size=data.n_subjects)
        mix = rng.uniform(0.3, 0.7)
        starts.append(from_posterior(data, mix * votes + (1 - mix) * noise))
    return starts


def extrapolate(x0: DawidSkene, x1: DawidSkene, x2: DawidSkene) -> DawidSkene | None:
    """SQUAREM's jump (:func:`~tapdesk.engine.em.steps.squarem_jump`) put back on
    the simplices: entries clipped to [JUMP_FLOOR, 1], t and every confusion row renormalised."""
    jump = squarem_jump(x0.as_vector(), x1.as_vector(), x2.as_vector())
    if jump is None:
        return None
    j, k = x0.confusion.shape[0], len(x0.t)
    out = DawidSkene.from_vector(np.clip(jump, JUMP_FLOOR, 1.0), j, k)
    return DawidSkene(out.t / out.t.sum(), out.confusion / out.confusion.sum(axis=2, keepdims=True))


def run_em(data: RaterData, start, **options):
    """Generator: EM from one start, SQUAREM-accelerated (see
    :func:`tapdesk.engine.categorical.restarts.em_from`)."""
    return (yield from em_from(data, start, e_step=e_step, m_step=m_step,
                               confusion=lambda params: params.confusion,
                               shown=lambda params: np.concatenate([params.t, params.accuracy()]),
                               extrapolate=extrapolate, **options))


def fit_dawid_skene(data: RaterData, *, starts: Sequence[DawidSkene], tolerance: float,
                    max_iterations: int, cancel: CancelToken, request_id: int = 0,
                    names: Sequence[str] = (), emit: bool = True):
    """Generator: the best Dawid-Skene EM fit over the given starts (each to the tolerance
    times TELL_APART), then polished
    (:func:`~tapdesk.engine.categorical.restarts.best_polished`)."""
    out = yield from best_polished(run_em, data, starts, tolerance=tolerance,
                                   max_iterations=max_iterations, cancel=cancel,
                                   request_id=request_id, names=names, emit=emit,
                                   start_tolerance=tolerance * TELL_APART)
    return DawidSkeneFit(out.best, out.log_likelihood, out.iterations, out.converged,
                         out.traces, cancel.requested)
