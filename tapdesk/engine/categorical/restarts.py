"""EM from several starts, keeping the best: shared by the per-rater and Dawid-Skene fits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.em.steps import POLISH, POLISH_PASSES, settled
from tapdesk.engine.events import Iteration, StartFinished

P = TypeVar("P")


@dataclass(frozen=True)
class EmFit(Generic[P]):
    """A finished EM fit of one model (Dawid-Skene, per-rater t-a-p, MACE): the best start's
    parameters and log-likelihood, every start's iterations together, whether the best start
    converged, each start's trace, and whether the fit was cancelled."""

    params: P
    log_likelihood: float
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]
    cancelled: bool = False


@dataclass(frozen=True)
class Restarts:
    """The best start's parameters and log-likelihood, and how all the starts went."""

    best: Any
    log_likelihood: float
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]
    best_index: int = 0
    """Which start is the best (its trace in ``traces``)."""


def em_from(data, start, *, e_step: Callable, m_step: Callable, confusion: Callable,
            shown: Callable, start_index: int, request_id: int, tolerance: float,
            max_iterations: int, cancel: CancelToken, names: Sequence[str], emit: bool,
            extrapolate: Callable | None = None):
    """Generator: EM from one start until the log-likelihood stops rising.

    ``confusion(params)`` gives the per-rater confusion matrices for the
    E-step, ``m_step(step, params)`` the next parameters, ``shown(params)``
    the values reported in Iteration events (in the order of ``names``).
    With ``extrapolate(x0, x1, x2)`` (parameters after 0, 1 and 2 EM steps ->
    a point further along, or None) each iteration is a SQUAREM cycle
    (Varadhan & Roland 2008): two EM steps, a jump along their path and one EM
    step from there, kept only when its log-likelihood is at least that of
    the first EM step (so the log-likelihood still never falls), otherwise
    the two plain steps.
    It stops when :func:`~tapdesk.engine.em.steps.settled` says the log-likelihood has
    reached its maximum within ``tolerance`` (relative to its size).
    Returns (params, log-likelihood, iterations, converged, trace).
    """
    def evaluate(params):
        return e_step(data, params.t, confusion(params))

    params, trace, converged = start, [], False
    step = evaluate(params)
    for it in range(1, max_iterations + 1):
        ll = step.log_likelihood
        trace.append(ll)
        if emit:
            yield Iteration(request_id, start_index, it, ll, tuple(names),
                            tuple(map(float, shown(params))))
        if settled(trace, tolerance):
            converged = True
            break
        params, step = advance(params, step, evaluate, m_step, extrapolate)
        if cancel.requested:
            break
    return params, step.log_likelihood, len(trace), converged, tuple(trace)


def advance(params, step, evaluate: Callable, m_step: Callable, extrapolate: Callable | None):
    """One EM step, or one SQUAREM cycle (see :func:`em_from`): (params, their E-step)."""
    first = m_step(step, params)
    first_step = evaluate(first)
    if extrapolate is None:
        return first, first_step
    second = m_step(first_step, first)
    jump = extrapolate(params, first, second)
    if jump is not None:
        landed = m_step(evaluate(jump), jump)
        landed_step = evaluate(landed)
        if landed_step.log_likelihood >= first_step.log_likelihood:
            return landed, landed_step
    return second, evaluate(second)


def best_of_starts(run_em: Callable, data, starts: Sequence, *, tolerance: float,
                   max_iterations: int, cancel: CancelToken, request_id: int,
                   names: Sequence[str], emit: bool):
    """Generator: run ``run_em`` from each start (its events pass through); returns Restarts.

    ``run_em(data, start, start_index=..., ...)`` is itself a generator that
    returns (params, log-likelihood, iterations, converged, trace). Ties in
    log-likelihood go to the earlier start, so results do not depend on
    floating-point noise in the order of equal optima.
    """
    found, traces, total, all_converged = [], [], 0, True
    for index, start in enumerate(starts):
        params, ll, iters, converged, trace = yield from run_em(
            data, start, start_index=index, request_id=request_id, tolerance=tolerance,
            max_iterations=max_iterations, cancel=cancel, names=names, emit=emit)
        if emit:
            yield StartFinished(request_id, index, ll, iters, converged)
        found.append((ll, index, params))
        traces.append(trace)
        total += iters
        all_converged &= converged
        if cancel.requested:
            break
    found.sort(key=lambda item: (-item[0], item[1]))
    ll, index, best = found[0]
    return Restarts(best, ll, total, all_converged, tuple(traces), index)


def best_polished(run_em: Callable, data, starts: Sequence, *, tolerance: float,
                  max_iterations: int, cancel: CancelToken, request_id: int,
                  names: Sequence[str], emit: bool, polish: bool = True,
                  start_tolerance: float | None = None):
    """Generator: :func:`best_of_starts` (each start to ``start_tolerance``, by default
    ``tolerance``), then (with ``polish``, unless cancelled) the best start's EM continued to
    ``tolerance`` and on toward ``tolerance * POLISH`` within POLISH_PASSES; returns Restarts
    whose ``converged`` says whether the best start reached ``tolerance``. The polish's
    cycles go on the best start's trace, so its iterations and the total are each the
    length of what they count (the traces' lengths, the convergence plot's lines)."""
    out = yield from best_of_starts(run_em, data, starts,
                                    tolerance=start_tolerance or tolerance,
                                    max_iterations=max_iterations, cancel=cancel,
                                    request_id=request_id, names=names, emit=emit)
    if cancel.requested or not polish:
        return out
    best, ll, iterations, converged = out.best, out.log_likelihood, out.iterations, out.converged
    traces = list(out.traces)
    stages = [(tolerance * POLISH, max(1, int(POLISH_PASSES // max(data.n_ratings, 1.0))))]
    if start_tolerance is not None and start_tolerance > tolerance:
        stages.insert(0, (tolerance, max_iterations))    # the starts stopped short of it
    for target, most in stages:
        best, ll, more, reached, trace = yield from run_em(
            data, best, start_index=len(out.traces), request_id=request_id, tolerance=target,
            max_iterations=most, cancel=cancel, names=names, emit=False)
        iterations += more - 1                # its first entry is where the best start stood
        traces[out.best_index] += trace[1:]
        if target == tolerance:
            converged = reached
        if cancel.requested:
            break
    return Restarts(best, ll, iterations, converged, tuple(traces), out.best_index)
