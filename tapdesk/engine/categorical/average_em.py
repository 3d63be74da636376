"""EM with restarts for the average K-category t-a-p model, polished to the global MLE.

Each EM iteration: the E-step gives each count pattern's class probabilities
(prior: the current average prevalences t) and the soft K x K confusion
matrix C; the M-step sets t to the mean class probabilities and (a, p) by the
issue's closed form when it stays in range and raises the M-step objective Q,
otherwise by the exact constrained maximiser (see :mod:`.mstep`). Both raise
Q, so the log-likelihood never decreases. The closed form's fixed points are
not the MLE in general, so when closed-form steps stall the start switches to
exact steps; a start only counts as converged under exact steps. The best
starts are then polished by quasi-Newton on an unconstrained (softmax/logit)
parametrisation, keeping the polish only if it is higher.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit, softmax

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.likelihood import (
    CountPatterns,
    EStep,
    TapK,
    e_step,
    log_likelihood,
    natural_gradient,
)
from tapdesk.engine.categorical.mstep import closed_form_m_step, exact_m_step, q_value
from tapdesk.engine.events import Iteration, StartFinished

LOGIT_FLOOR = -40.0


@dataclass(frozen=True)
class AverageFit:
    """Best parameters found and how the search went."""

    theta: TapK
    log_likelihood: float
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]
    closed_form_steps: int
    exact_steps: int
    cancelled: bool = False


def marginal_share(patterns: CountPatterns) -> np.ndarray:
    totals = patterns.category_totals()
    share = (totals + 1e-3) / (totals + 1e-3).sum()
    return share


def start_points(patterns: CountPatterns, n_starts: int, rng: np.random.Generator) -> list[TapK]:
    """Dispersed fixed starts built from the rating shares, then seeded random ones."""
    k = patterns.k
    m = marginal_share(patterns)
    flat = np.full(k, 1 / k)
    fixed = [TapK(m, 0.5, m), TapK(m, 0.8, flat), TapK(flat, 0.3, m), TapK(m, 0.2, m),
             TapK(flat, 0.9, flat), TapK(m, 0.65, 0.5 * (m + flat))]
    starts = fixed[:n_starts]
    while len(starts) < n_starts:
        starts.append(TapK(rng.dirichlet(np.full(k, 2.0)), float(rng.uniform(0.05, 0.95)),
                           rng.dirichlet(np.full(k, 2.0))))
    return starts


def m_step(step: EStep, theta: TapK, allow_closed_form: bool) -> tuple[TapK, bool]:
    """New parameters and whether the closed form was used."""
    t = step.class_totals / step.class_totals.sum()
    current_q = float(q_value(step.confusion, theta.a, theta.p))
    if allow_closed_form:
        closed = closed_form_m_step(step.confusion)
        if closed is not None and float(q_value(step.confusion, *closed)) >= current_q:
            return TapK(t, closed[0], closed[1]), True
    a, p = exact_m_step(step.confusion, theta.p, theta.a)
    return TapK(t, float(a), p), False


def run_em(patterns: CountPatterns, start: TapK, *, start_index: int, request_id: int,
           tolerance: float, max_iterations: int, cancel: CancelToken,
           names: Sequence[str], report_every: int = 1):
    """EM from one start, yielding Iteration events; returns (theta, ll, iters, converged, trace, steps)."""
    theta, trace, converged = start, [], False
    closed_mode, n_closed, n_exact = True, 0, 0
    previous = -np.inf
    for it in range(1, max_iterations + 1):
        step = e_step(patterns, theta)
        ll = step.log_likelihood
        trace.append(ll)
        if report_every and (it % report_every == 0 or it == 1):
            yield Iteration(request_id, start_index, it, ll, tuple(names),
                            tuple(float(v) for v in theta.as_vector()))
        if abs(ll - previous) <= tolerance * (1.0 + abs(ll)):
            if not closed_mode:
                converged = True
                break
            closed_mode = False        # closed-form fixed point: continue with exact steps
        previous = ll
        theta, used_closed = m_step(step, theta, closed_mode)
        n_closed += used_closed
        n_exact += not used_closed
        closed_mode &= used_closed
        if cancel.requested:
            break
    return theta, log_likelihood(patterns, theta), len(trace), converged, tuple(trace), (n_closed, n_exact)


def _unpack(x: np.ndarray, k: int) -> TapK:
    return TapK(softmax(x[:k]), float(expit(x[k])), softmax(x[k + 1:]))


def _pack(theta: TapK) -> np.ndarray:
    def logits(v):
        return np.maximum(np.log(np.maximum(v, 1e-300)), LOGIT_FLOOR)
    a = float(np.clip(theta.a, 1e-17, 1 - 1e-16))
    return np.concatenate([logits(theta.t), [np.log(a) - np.log1p(-a)], logits(theta.p)])


def polish(patterns: CountPatterns, theta: TapK) -> TapK:
    """Quasi-Newton on softmax/logit coordinates with the analytic gradient; never worse."""
    k = patterns.k
    scale = 1.0 / max(patterns.n_ratings, 1.0)

    def objective(x):
        th = _unpack(x, k)
        step = e_step(patterns, th)
        g = natural_gradient(step, th)
        g_t, g_a, g_p = g[:k], g[k], g[k + 1:]
        grad = np.concatenate([th.t * (g_t - th.t @ g_t), [g_a * th.a * (1 - th.a)],
                               th.p * (g_p - th.p @ g_p)])
        return -step.log_likelihood * scale, -grad * scale

    res = minimize(objective, _pack(theta), jac=True, method="L-BFGS-B",
                   options={"ftol": 1e-16, "gtol": 1e-11, "maxiter": 2000})
    cand = _unpack(res.x, k)
    return cand if log_likelihood(patterns, cand) > log_likelihood(patterns, theta) else theta


def fit_average(patterns: CountPatterns, *, n_starts: int, seed: int, tolerance: float,
                max_iterations: int, cancel: CancelToken, request_id: int = 0,
                starts: list[TapK] | None = None, extra_starts: Sequence[TapK] = (),
                names: Sequence[str] | None = None, emit: bool = True, n_polish: int = 3):
    """Generator: the global MLE of the average K-category t-a-p model (see module doc)."""
    rng = np.random.default_rng(seed)
    starts = list(starts) if starts is not None else start_points(patterns, n_starts, rng)
    starts += list(extra_starts)
    k = patterns.k
    names = tuple(names) if names else tuple([f"t{i + 1}" for i in range(k)] + ["a"]
                                             + [f"p{i + 1}" for i in range(k)])
    found, traces, total_iters, all_converged, n_closed, n_exact = [], [], 0, True, 0, 0
    for index, start in enumerate(starts):
        theta, ll, iters, converged, trace, used = yield from run_em(
            patterns, start, start_index=index, request_id=request_id, tolerance=tolerance,
            max_iterations=max_iterations, cancel=cancel, names=names,
            report_every=1 if emit else 0)
        if emit:
            yield StartFinished(request_id, index, ll, iters, converged)
        found.append((ll, index, theta))
        traces.append(trace)
        total_iters += iters
        all_converged &= converged
        n_closed, n_exact = n_closed + used[0], n_exact + used[1]
        if cancel.requested:
            break
    found.sort(key=lambda item: (-item[0], item[1]))
    best = found[0][2]
    if not cancel.requested:
        polished = [polish(patterns, theta) for _, _, theta in found[:n_polish]]
        best = max(polished, key=lambda th: log_likelihood(patterns, th))
    return AverageFit(best, log_likelihood(patterns, best), total_iters, all_converged,
                      tuple(traces), n_closed, n_exact, cancel.requested)
