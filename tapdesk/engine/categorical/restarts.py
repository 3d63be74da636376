"""EM from several starts, keeping the best: shared by the per-rater and Dawid-Skene fits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StartFinished


@dataclass(frozen=True)
class Restarts:
    """The best start's parameters and log-likelihood, and how all the starts went."""

    best: Any
    log_likelihood: float
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]


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
