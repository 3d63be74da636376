"""EM for MACE (Hovy, Berg-Kirkpatrick, Vaswani & Hovy 2013, "Learning Whom to Trust with MACE").

Worker j knows the answer with probability theta_j and then gives the true
label; otherwise ("spamming") they pick label k with probability xi_jk. The
true labels are equally common (MACE fixes them uniform). So worker j's
confusion matrix is theta_j I + (1 - theta_j) 1 xi_j^T: the per-rater t-a-p
model with a_j = theta_j, p_j = xi_j and the class shares held at 1/K.

The EM is the paper's: besides each item's true label it treats whether a
worker was spamming on each label as missing. Its E-step is the sparse one of
the other latent-class fits (:func:`~tapdesk.engine.categorical.rater_data.e_step`,
with t = 1/K); from the expected confusion counts C_j (rows true label) the
expected spam and knowing counts are, with
r_jk = Pr(spam | true k, said k) = (1 - theta_j) xi_jk / (theta_j + (1 - theta_j) xi_jk),
spam_jk = sum_{c != k} C_j[c, k] + C_j[k, k] r_jk and know_j = sum_k C_j[k, k] (1 - r_jk);
the M-step normalises them (theta_j = know_j / n_j, xi_j proportional to spam_j).
``smoothing`` adds a constant to every expected count before normalising, as the
paper's program (and crowd-kit) do with 0.01 / K; the maximum-likelihood fit uses 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

import numpy as np

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.likelihood import confusion_matrix
from tapdesk.engine.categorical.mstep import exact_m_step, split_confusion
from tapdesk.engine.categorical.rater_data import RaterData, RaterEStep, e_step
from tapdesk.engine.categorical.restarts import EmFit, best_polished, em_from
from tapdesk.engine.em.steps import JUMP_FLOOR, squarem_jump

PAPER_SMOOTHING = 0.01
"""The paper's program adds this / K to every expected count (crowd-kit's ``smoothing_``)."""


@dataclass(frozen=True)
class MacePrior:
    """Beta(knows, guesses) on every theta_j and a symmetric Dirichlet(spread) on every xi_j."""

    knows: float
    guesses: float
    spread: float

    def log_density(self, params: Mace) -> float:
        """The log prior density of ``params`` up to a constant."""
        with np.errstate(divide="ignore", invalid="ignore"):
            theta = ((self.knows - 1) * np.log(params.theta)
                     + (self.guesses - 1) * np.log1p(-params.theta)).sum()
            xi = (self.spread - 1) * np.log(params.xi).sum()
        return float(theta + xi)


PAPER_PRIOR = MacePrior(knows=1.5, guesses=1.5, spread=11.0)
"""The paper's Bayesian variant (its program's and crowd-kit's defaults) puts Beta(0.5, 0.5) on
theta_j and Dirichlet(10) on xi_j and fits by variational Bayes, whose M-step is each count plus
its prior's parameter (through exp(digamma), about the count less 0.5). The posterior mode is
kept here, not a variational posterior, so the fit stays a point estimate whose E-step is the
maximum-likelihood one's: with each prior's parameter raised by one, the mode's M-step adds the
paper's 0.5 and 10 to the counts, as its variational M-step nearly does (Beta(0.5, 0.5) itself
has no interior mode). Measured: benchmarks/bench_crowd_accuracy.py."""


@dataclass(frozen=True)
class Mace:
    theta: np.ndarray    # J: probability the worker knows the answer
    xi: np.ndarray       # J x K: the worker's label spread when spamming

    @property
    def t(self) -> np.ndarray:
        """The true labels' shares: uniform, as MACE assumes."""
        k = self.xi.shape[1]
        return np.full(k, 1.0 / k)

    def confusion(self) -> np.ndarray:
        return confusion_matrix(self.theta, self.xi)

    def as_vector(self) -> np.ndarray:
        """Per worker (theta_j, xi_j)."""
        return np.concatenate([self.theta[:, None], self.xi], axis=1).ravel()

    @classmethod
    def from_vector(cls, x: np.ndarray, k: int) -> Mace:
        per = np.asarray(x, float).reshape(-1, k + 1)
        return cls(per[:, 0].copy(), per[:, 1:].copy())


MaceFit = EmFit[Mace]


def expected_counts(confusion: np.ndarray, params: Mace) -> tuple[np.ndarray, np.ndarray]:
    """(spam J x K, know J): the expected spamming counts per label and knowing counts."""
    diag, off = split_confusion(confusion)
    theta = params.theta[:, None]
    spam_said = (1 - theta) * params.xi
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.where(spam_said > 0, spam_said / (theta + spam_said), 0.0)
    return off + diag * r, (diag * (1 - r)).sum(axis=1)


def m_step(step: RaterEStep, params: Mace, smoothing: float = 0.0,
           prior: MacePrior | None = None) -> Mace:
    """The paper's M-step: normalise the expected knowing and spamming counts (plus
    ``smoothing`` each; with a ``prior``, plus its concentration less one: the posterior
    mode); a worker with no expected spamming keeps their previous xi."""
    spam, know = expected_counts(step.confusion, params)
    add_knows = add_guesses = add_spread = smoothing
    if prior is not None:
        add_knows, add_guesses, add_spread = prior.knows - 1, prior.guesses - 1, prior.spread - 1
    spam_total = spam.sum(axis=1)
    theta = (know + add_knows) / (know + spam_total + add_knows + add_guesses)
    rows = spam_total[:, None] + add_spread * spam.shape[1]
    with np.errstate(invalid="ignore", divide="ignore"):
        xi = np.where(rows > 1e-300, (spam + add_spread) / rows, params.xi)
    if prior is not None:      # a concentration below 1 puts the mode on the boundary
        theta = np.clip(theta, 0.0, 1.0)
        xi = np.clip(xi, 0.0, None)
        xi = xi / xi.sum(axis=1, keepdims=True)
    return Mace(theta, xi)


def log_likelihood(data: RaterData, params: Mace) -> float:
    return e_step(data, params.t, params.confusion()).log_likelihood


def penalised_e_step(data: RaterData, prior: MacePrior, params: Mace) -> RaterEStep:
    """The E-step whose ``log_likelihood`` is the posterior mode's objective: the
    log-likelihood plus the log prior (so the restarts keep, and SQUAREM's safeguard and the
    stopping rule watch, what the MAP-EM climbs)."""
    step = e_step(data, params.t, params.confusion())
    return replace(step, log_likelihood=step.log_likelihood + prior.log_density(params))


def from_votes(data: RaterData) -> Mace:
    """The majority-vote start: each item's label shares as its true-label probabilities,
    then each worker's best (theta_j, xi_j) for those (the t-a-p M-step, :mod:`.mstep`)."""
    k = data.k
    votes = data.subject_weight()[:, None] * data.vote_shares()
    conf = (data.transposed @ votes).reshape(data.n_raters, k, k).transpose(0, 2, 1)
    theta, xi = exact_m_step(conf + 1e-6, np.full((data.n_raters, k), 1.0 / k))
    return Mace(np.clip(theta, 0.01, 0.99), xi)


def start_points(data: RaterData, base: Sequence[Mace], n_starts: int,
                 rng: np.random.Generator) -> list[Mace]:
    """The given starts, the majority vote's, then random ones as the paper's restarts."""
    starts = [*base, from_votes(data)]
    j, k = data.n_raters, data.k
    while len(starts) < n_starts:
        starts.append(Mace(rng.uniform(0.2, 0.9, j), rng.dirichlet(np.full(k, 2.0), size=j)))
    return starts[:max(n_starts, 1)]


def extrapolate(x0: Mace, x1: Mace, x2: Mace) -> Mace | None:
    """SQUAREM's jump (:func:`~tapdesk.engine.em.steps.squarem_jump`) put back in
    range: theta in [0, 1]; every xi clipped to at least JUMP_FLOOR and renormalised."""
    jump = squarem_jump(x0.as_vector(), x1.as_vector(), x2.as_vector())
    if jump is None:
        return None
    out = Mace.from_vector(jump, x0.xi.shape[1])
    xi = np.clip(out.xi, JUMP_FLOOR, 1.0)
    return Mace(np.clip(out.theta, 0.0, 1.0), xi / xi.sum(axis=1, keepdims=True))


def run_em(data: RaterData, start: Mace, smoothing: float = 0.0, accelerate: bool = True,
           prior: MacePrior | None = None, **options):
    """Generator: the paper's EM from one start, SQUAREM-accelerated unless ``accelerate`` is
    False (see :func:`tapdesk.engine.categorical.restarts.em_from`); with a ``prior``, the
    posterior mode's (its trace is the log-likelihood plus the log prior)."""
    if prior is None:
        evaluate, confusion = e_step, lambda params: params.confusion()
    else:      # em_from hands the E-step confusion(params): give it the parameters whole
        evaluate = partial(penalised_e_step_of, prior=prior)
        confusion = _whole
    return (yield from em_from(data, start, e_step=evaluate,
                               m_step=partial(m_step, smoothing=smoothing, prior=prior),
                               confusion=confusion,
                               shown=lambda params: params.theta,
                               extrapolate=extrapolate if accelerate else None, **options))


def _whole(params: Mace) -> Mace:
    return params


def penalised_e_step_of(data: RaterData, t: np.ndarray, params: Mace, *,
                        prior: MacePrior) -> RaterEStep:
    """:func:`penalised_e_step` in em_from's calling order (``t`` is MACE's fixed 1/K)."""
    return penalised_e_step(data, prior, params)


def fit_mace(data: RaterData, *, starts: Sequence[Mace], tolerance: float, max_iterations: int,
             cancel: CancelToken, request_id: int = 0, names: Sequence[str] = (),
             emit: bool = True, polish: bool = True, prior: MacePrior | None = None):
    """Generator: the best maximum-likelihood MACE fit (with a ``prior``, posterior-mode fit)
    over the given starts, then polished unless ``polish`` is False
    (:func:`~tapdesk.engine.categorical.restarts.best_polished`). The fit's log-likelihood is
    the likelihood's alone, with or without a prior."""
    out = yield from best_polished(partial(run_em, prior=prior), data, starts,
                                   tolerance=tolerance, max_iterations=max_iterations,
                                   cancel=cancel, request_id=request_id, names=names, emit=emit,
                                   polish=polish)
    ll = out.log_likelihood if prior is None else log_likelihood(data, out.best)
    return MaceFit(out.best, ll, out.iterations, out.converged, out.traces, cancel.requested)
