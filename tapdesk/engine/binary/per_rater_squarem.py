"""EM for the per-rater model t-a_j-p_j, SQUAREM-accelerated (Varadhan & Roland 2008).

In the mixture parameters (t, q1_j, q0_j) the binary per-rater model is two-class
Dawid-Skene, and plain EM on it crawls where the data say little about a rater (a few
labels each): at 150,000 labels it took 129 steps a start and stopped 3e-4 nats below the
maximum, where Dawid-Skene's SQUAREM cycles reached it in 5-10. Each cycle here is two EM
steps, a jump along their path, and one EM step from the jump, kept only when its
log-likelihood is at least that of the first step (otherwise the two plain steps): the
log-likelihood never falls, and the maximum is EM's own. Runs stop where
:func:`~tapdesk.engine.em.steps.settled` says the maximum is reached within the tolerance
(the rise still to come projected from the last rises, not the last rise alone).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.per_rater_em import (
    EDGE,
    RaterData,
    RaterParams,
    e_step,
    label_sums,
    log_table,
    m_step,
)
from tapdesk.engine.em.steps import squarem_jump


class Scratch:
    """The subject-sized arrays one EM run writes into, cycle after cycle: two for the
    posteriors (a cycle writes its own into the one its input is not, :meth:`beside`) and one
    for e^-|d|. At ten million labels a subject array is 27 MB, and a fresh one each time
    cost the kernel's zeroing of its pages again: five fresh arrays a cycle, 7-9 ms of system
    time in a cycle of about 152 ms (141-146 ms with these; the sparse products' results stay
    scipy's own: its product has no ``out``, and zeroing one ourselves costs what the kernel's
    does). The same numbers are written into them as into fresh arrays."""

    def __init__(self, n_subjects: int) -> None:
        self.slots = (np.empty(n_subjects), np.empty(n_subjects))
        self.exps = np.empty(n_subjects)

    def beside(self, gamma: np.ndarray) -> Work:
        """Where a cycle from posteriors ``gamma`` writes: the slot ``gamma`` is not."""
        return Work(self.slots[1] if gamma is self.slots[0] else self.slots[0], self.exps)


@dataclass(frozen=True)
class Work:
    """Where an evaluation writes its posteriors (and its sums before them) and its e^-|d|."""

    gamma: np.ndarray
    exps: np.ndarray


def evaluated(data: RaterData, params: RaterParams, weight: np.ndarray | None,
              work: Work | None = None) -> tuple[float, np.ndarray]:
    """(log-likelihood, each subject's posterior of Class 1) at ``params`` (subjects weighted
    by ``weight`` when given; unweighted, written into ``work`` when given, fresh arrays
    otherwise).

    Unweighted, from one product of the label matrix rather than :func:`e_step`'s two: a
    subject's log-odds of Class 1 is d = logit t + sum of its labels' log(q1 / q0) terms, its
    log-likelihood u0 + log(1 + e^d), and the u0 summed over subjects is n log(1 - t) plus
    each cell's count times its log-probability under Class 0 (``cell_totals``), with
    log(1 + e^d) = max(d, 0) + log1p(e^-|d|): numpy's ``logaddexp(0, d)``, the same formula,
    took three times as long (a third of a simulated panel's refit at a million labels)."""
    if weight is not None:
        total, gamma = e_step(data, params)
        return float((weight * total).sum()), gamma
    d = _log_odds(data, params)
    ll = data.n_subjects * np.log1p(-params.t) + _dot(data.cell_totals, log_table(params.q0))
    scratch = np.maximum(d, 0.0, out=None if work is None else work.gamma)
    ll += float(scratch.sum())
    e = _exp_minus_abs(d, None if work is None else work.exps)
    ll += float(np.log1p(e, out=scratch).sum())
    return float(ll), _logistic(d, e, out=scratch)


def _exp_minus_abs(d: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """e^-|d|, in ``out`` (a new array when not given); -|d| in one pass, as copysign(d, -1)."""
    e = np.copysign(d, -1.0, out=out)
    return np.exp(e, out=e)


def _logistic(d: np.ndarray, e: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """1 / (1 + e^-d) from e = e^-|d| (``e`` is overwritten): 1 / (1 + e) where d >= 0,
    e / (1 + e) below, one exponential for both the log-likelihood and the posteriors
    (scipy's ``expit`` took three times as long as numpy's exp here; the two agree to an
    ulp). The numerator is max(e, [d >= 0]): 1 where d >= 0 (there e <= 1), e below (and NaN
    where d is), the same numbers as ``np.where(d >= 0, 1.0, e)``, whose branch on a random
    sign took 1.4 ms of 1.6 over a million-label panel's 333,334 subjects (0.6 ms now).
    ``out``: where to write it (``d`` itself may be it).

    The evaluation writes its intermediate sums and the posteriors into one scratch array, not
    a fresh one each: at ten million labels a subject array is 27 MB, and each fresh one cost
    its page faults again (an E-step's evaluation: 45 to about 35 ms)."""
    top = np.maximum(e, d >= 0, out=out)
    e += 1.0
    np.divide(top, e, out=top)
    return top


def _dot(x: np.ndarray, y: np.ndarray) -> float:
    """x . y without BLAS: numpy's ``@`` on 20,000 numbers goes to OpenBLAS's threaded dot
    product, whose threads then spin on the machine's other core (a simulated panel's refit
    at a million labels: three times the CPU time of the rest of the evaluation)."""
    return float(np.einsum("i,i->", x, y))


def posteriors(data: RaterData, params: RaterParams, weight: np.ndarray | None,
               work: Work | None = None) -> np.ndarray:
    """Each subject's posterior of Class 1 at ``params``, without the log-likelihood (the
    SQUAREM jump's M-step needs only these; e^-|d| written into ``work`` when given)."""
    if weight is not None:
        return e_step(data, params)[1]
    d = _log_odds(data, params)
    return _logistic(d, _exp_minus_abs(d, None if work is None else work.exps), out=d)


def _log_odds(data: RaterData, params: RaterParams) -> np.ndarray:
    """Each subject's log-odds of Class 1."""
    d = label_sums(data, log_table(params.q1) - log_table(params.q0))
    d += np.log(params.t) - np.log1p(-params.t)
    return d


def from_vector(x: np.ndarray) -> RaterParams:
    """(t, q1, q0) from their vector, kept EDGE inside (0, 1)."""
    x = np.clip(x, EDGE, 1 - EDGE)
    r = (len(x) - 1) // 2
    return RaterParams(float(x[0]), x[1:r + 1], x[r + 1:])


def cycle(data: RaterData, params: RaterParams, gamma: np.ndarray,
          weight: np.ndarray | None, scratch: Scratch | None = None
          ) -> tuple[RaterParams, float, np.ndarray]:
    """One SQUAREM cycle from ``params`` (``gamma`` its posteriors): the new parameters, their
    log-likelihood and posteriors (these in ``scratch``'s slot beside ``gamma`` when given:
    each evaluation here writes into it once the one before is spent)."""
    work = None if scratch is None or weight is not None else scratch.beside(gamma)
    first = m_step(data, gamma, weight, params)
    ll_first, gamma_first = evaluated(data, first, weight, work)
    second = m_step(data, gamma_first, weight, first)
    jump = squarem_jump(params.vector(), first.vector(), second.vector())
    if jump is not None and np.all(np.isfinite(jump)):
        start = from_vector(jump)
        landed = m_step(data, posteriors(data, start, weight, work), weight, start)
        ll_landed, gamma_landed = evaluated(data, landed, weight, work)
        if ll_landed >= ll_first:
            return landed, ll_landed, gamma_landed
    ll_second, gamma_second = evaluated(data, second, weight, work)
    return second, ll_second, gamma_second
