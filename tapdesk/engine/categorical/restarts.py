"""EM from several starts, keeping the best: shared by the per-rater and Dawid-Skene fits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Iteration, StartFinished


@dataclass(frozen=True)
class Restarts:
    """The best start's parameters and log-likelihood, and how all the starts went."""

    best: Any
    log_likelihood: float
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]


def em_from(data, start, *, e_step: Callable, m_step: Callable, confusion: Callable,
            shown: Callable, start_index: int, request_id: int, tolerance: float,
            max_iterations: int, cancel: CancelToken, names: Sequence[str], emit: bool):
    """Generator: EM from one start until the log-likelihood stops rising.

    ``confusion(params)`` gives the per-rater confusion matrices for the
    E-step, ``m_step(step, params)`` the next parameters, ``shown(params)``
    the values reported in Iteration events (in the order of ``names``).
    Returns (params, log-likelihood, iterations, converged, trace).
    """
    params, trace, converged, previous = start, [], False, -np.inf
    for it in range(1, max_iterations + 1):
        step = e_step(data, params.t, confusion(params))
        ll = step.log_likelihood
        trace.append(ll)
        if emit:
            yield Iteration(request_id, start_index, it, ll, tuple(names),
                            tuple(map(float, shown(params))))
        if abs(ll - previous) <= tolerance * (1.0 + abs(ll)):
            converged = True
            break
        previous = ll
        params = m_step(step, params)
        if cancel.requested:
            break
    ll = e_step(data, params.t, confusion(params)).log_likelihood
    return params, ll, len(trace), converged, tuple(trace)


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
    ll, _, best = found[0]
    return Restarts(best, ll, total, all_converged, tuple(traces))
