"""EM from several starts, keeping the best: shared by the per-rater and Dawid-Skene fits."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from tapdesk.engine.cancel import CancelToken
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
    It stops when :func:`settled` says the log-likelihood has reached its maximum within
    ``tolerance`` (relative to its size).
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
        params, step = _advance(params, step, evaluate, m_step, extrapolate)
        if cancel.requested:
            break
    return params, step.log_likelihood, len(trace), converged, tuple(trace)


NOISE = 1e-14
"""A rise of the log-likelihood smaller than this, relative to its size, is rounding: a sum over
millions of labels carries about that much error, so EM is at its maximum."""


def settled(trace: Sequence[float], tolerance: float) -> bool:
    """Whether the log-likelihoods of an EM run (one a step or SQUAREM cycle, never falling
    beyond rounding) have reached their maximum within ``tolerance`` times (1 + |ll|).

    The last rise alone says little when EM crawls: rises shrinking by a ratio r per step
    still add up to rise * r / (1 - r) (Aitken's extrapolation of the limit, as used to stop
    EM by Boehning et al. 1994 and McNicholas et al. 2010). SQUAREM's rises zigzag (a small
    one between two large), so the ratio is taken between the sums of the last two rises and
    the two before (for rises shrinking geometrically this gives the same remainder exactly).
    The run is settled when the last rise and that projected remainder are both within the
    tolerance and the rises shrink; a rise at rounding level (NOISE) settles it whatever came
    before."""
    if len(trace) < 2:
        return False
    scale = 1.0 + abs(trace[-1])
    rise = trace[-1] - trace[-2]
    if rise <= NOISE * scale:
        return True
    if rise > tolerance * scale or len(trace) < 5:
        return False
    rises = np.diff(np.asarray(trace[-5:], float))
    before, recent = rises[0] + rises[1], rises[2] + rises[3]
    if before <= 0 or recent >= before:
        return False
    ratio = recent / before
    return recent * ratio / (1 - ratio) <= tolerance * scale


def _advance(params, step, evaluate: Callable, m_step: Callable, extrapolate: Callable | None):
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


JUMP_FLOOR = 1e-12
"""An extrapolated probability is kept at least this far from 0 (EM never revives an exact 0)."""


def _norm(x: np.ndarray) -> float:
    """Euclidean length without BLAS: ``np.linalg.norm`` goes through a threaded dot product
    that on a busy machine waited some 6 ms a call for 40,000 numbers (a 1M-label fit's
    Dawid-Skene vector), longer than the E-step."""
    return float(np.sqrt(np.einsum("i,i->", x, x)))


def squarem_jump(x0: np.ndarray, x1: np.ndarray, x2: np.ndarray) -> np.ndarray | None:
    """SQUAREM's extrapolated point from three successive EM iterates (step length
    alpha = -|r| / |v|, at most -1), or None when the path has no curvature to follow."""
    r = x1 - x0
    v = x2 - x1 - r
    norm_v = _norm(v)
    if norm_v == 0.0 or not np.isfinite(norm_v):
        return None
    alpha = min(-_norm(r) / norm_v, -1.0)
    return x0 - 2 * alpha * r + alpha ** 2 * v


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


POLISH = 1e-4
"""The best start goes on toward its tolerance times this (with the default tolerance, rises at
rounding level), within POLISH_PASSES: EM's last steps are small but many, and the starts need
only be told apart."""
POLISH_PASSES = 12_000_000
"""The polish beyond the request's tolerance spends at most this many labels' worth of
SQUAREM cycles (150,000 labels: 80 cycles, enough to reach the maximum a long plain EM run
finds; 10,000,000 labels: one). Where EM crawls to a boundary (confusion entries or guess
rates tending to 0, rises of 1e-7 a cycle for hundreds of cycles at 10 million labels) a
tolerance of 1e-13 is not reached in any affordable time, and a gap of a micro-nat says
nothing a reader can use."""


def best_polished(run_em: Callable, data, starts: Sequence, *, tolerance: float,
                  max_iterations: int, cancel: CancelToken, request_id: int,
                  names: Sequence[str], emit: bool, polish: bool = True,
                  start_tolerance: float | None = None):
    """Generator: :func:`best_of_starts` (each start to ``start_tolerance``, by default
    ``tolerance``), then (with ``polish``, unless cancelled) the best start's EM continued to
    ``tolerance`` and on toward ``tolerance * POLISH`` within POLISH_PASSES; returns Restarts
    whose iterations count the polish too and whose ``converged`` says whether the best
    start reached ``tolerance``."""
    out = yield from best_of_starts(run_em, data, starts,
                                    tolerance=start_tolerance or tolerance,
                                    max_iterations=max_iterations, cancel=cancel,
                                    request_id=request_id, names=names, emit=emit)
    if cancel.requested or not polish:
        return out
    best, ll, iterations, converged = out.best, out.log_likelihood, out.iterations, out.converged
    stages = [(tolerance * POLISH, max(1, int(POLISH_PASSES // max(data.n_ratings, 1.0))))]
    if start_tolerance is not None and start_tolerance > tolerance:
        stages.insert(0, (tolerance, max_iterations))    # the starts stopped short of it
    for target, most in stages:
        best, ll, more, reached, _ = yield from run_em(
            data, best, start_index=len(out.traces), request_id=request_id, tolerance=target,
            max_iterations=most, cancel=cancel, names=names, emit=False)
        iterations += more
        if target == tolerance:
            converged = reached
        if cancel.requested:
            break
    return Restarts(best, ll, iterations, converged, out.traces)
