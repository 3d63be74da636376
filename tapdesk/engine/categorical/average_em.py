"""EM with restarts for the average K-category t-a-p model, polished to the global MLE.

Each EM step: the E-step gives each count pattern's class probabilities
(prior: the current average prevalences t) and the soft K x K confusion
matrix C; the M-step sets t to the mean class probabilities and (a, p) by the
issue's closed form when it stays in range and raises the M-step objective Q,
otherwise by the exact constrained maximiser (see :mod:`.mstep`). Both raise
Q, so the log-likelihood never decreases. The closed form's fixed points are
not the MLE in general, so when closed-form steps stall the start switches to
exact steps; a start only counts as converged under exact steps. Each
iteration of a start is a SQUAREM cycle of these steps (two EM steps, a jump
along their path and one step from there, kept only when no worse: see
:func:`~tapdesk.engine.categorical.restarts.em_from`), which takes tens of
cycles where plain EM took hundreds of steps. The best
starts are then polished by Newton ascent on an unconstrained (softmax/logit)
parametrisation (:mod:`.average_polish`), keeping the polish only if it is higher.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.average_polish import polish
from tapdesk.engine.categorical.likelihood import (
    CountPatterns,
    EStep,
    TapK,
    e_step,
    log_likelihood,
)
from tapdesk.engine.categorical.mstep import closed_form_m_step, q_value
from tapdesk.engine.categorical.mstep_one import exact_m_step_one
from tapdesk.engine.categorical.restarts import advance
from tapdesk.engine.em.steps import JUMP_FLOOR, squarem_jump
from tapdesk.engine.events import Iteration, StartFinished


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
    a, p = exact_m_step_one(step.confusion, theta.p, theta.a)
    return TapK(t, a, p), False


def extrapolate(x0: TapK, x1: TapK, x2: TapK) -> TapK | None:
    """SQUAREM's jump (:func:`~tapdesk.engine.em.steps.squarem_jump`) put back in
    range: a in [0, 1]; t and p clipped to at least JUMP_FLOOR and renormalised."""
    jump = squarem_jump(x0.as_vector(), x1.as_vector(), x2.as_vector())
    if jump is None:
        return None
    out = TapK.from_vector(jump)
    t = np.clip(out.t, JUMP_FLOOR, 1.0)
    p = np.clip(out.p, JUMP_FLOOR, 1.0)
    return TapK(t / t.sum(), float(np.clip(out.a, 0.0, 1.0)), p / p.sum())


def em_cycle(patterns: CountPatterns, theta: TapK, step: EStep,
             allow_closed_form: bool) -> tuple[TapK, EStep, list[bool]]:
    """One SQUAREM cycle of EM steps (:func:`~tapdesk.engine.categorical.restarts.em_from`
    says how; the log-likelihood never falls): the next parameters, their E-step and, for each
    M-step taken, whether it was the closed form."""
    used: list[bool] = []

    def update(st: EStep, th: TapK) -> TapK:
        new, closed = m_step(st, th, allow_closed_form)
        used.append(closed)
        return new

    theta, step = advance(theta, step, lambda th: e_step(patterns, th), update, extrapolate)
    return theta, step, used


def run_em(patterns: CountPatterns, start: TapK, *, start_index: int, request_id: int,
           tolerance: float, max_iterations: int, cancel: CancelToken,
           names: Sequence[str], report_every: int = 1):
    """EM from one start, yielding Iteration events; returns (theta, ll, iters, converged, trace, steps).

    Each iteration is a SQUAREM cycle of EM steps (on the 183 wines, K = 4: some 20 cycles a
    start where plain steps took 270 to the same maximum): closed-form M-steps while they raise
    Q, exact ones from the closed form's fixed point on."""
    theta, trace, converged = start, [], False
    closed_mode, n_closed, n_exact = True, 0, 0
    previous = -np.inf
    step = e_step(patterns, theta)
    for it in range(1, max_iterations + 1):
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
        theta, step, used = em_cycle(patterns, theta, step, closed_mode)
        n_closed += sum(used)
        n_exact += len(used) - sum(used)
        closed_mode &= all(used)
        if cancel.requested:
            break
    return theta, log_likelihood(patterns, theta), len(trace), converged, tuple(trace), (n_closed, n_exact)


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
        found.append((ll, index, theta, converged))
        traces.append(trace)
        total_iters += iters
        all_converged &= converged
        n_closed, n_exact = n_closed + used[0], n_exact + used[1]
        if cancel.requested:
            break
    found.sort(key=lambda item: (-item[0], item[1]))
    best = found[0][2]
    if not cancel.requested:
        polished = [polish(patterns, theta, converged)
                    for _, _, theta, converged in found[:n_polish]]
        best = max(polished, key=lambda th: log_likelihood(patterns, th))
    return AverageFit(best, log_likelihood(patterns, best), total_iters, all_converged,
                      tuple(traces), n_closed, n_exact, cancel.requested)
