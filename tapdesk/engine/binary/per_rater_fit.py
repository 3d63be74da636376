"""Fitting the per-rater model: EM from several starts, and the subject bootstrap."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import BinaryCounts
from tapdesk.engine.binary.mixture_fit import fit_mixture
from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams, e_step, labelled
from tapdesk.engine.binary.per_rater_squarem import Scratch, cycle, evaluated
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.em.steps import POLISH, POLISH_PASSES, settled
from tapdesk.engine.events import Iteration, StageProgress, StartFinished
from tapdesk.engine.request import FitRequest

MAX_PER_RATER_STARTS = 4
"""The average-model start plus at most three perturbed ones (each EM pass reads every rating)."""

EVENT_RATER_LIMIT = 12
"""Iteration events carry each rater's accuracy when there are at most this many raters."""


@dataclass(frozen=True)
class EMRun:
    params: RaterParams
    log_likelihood: float
    gamma: np.ndarray
    iterations: int
    converged: bool
    trace: tuple[float, ...]


@dataclass(frozen=True)
class PerRaterFit:
    params: RaterParams
    log_likelihood: float
    gamma: np.ndarray
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]
    relabelled: bool
    average_log_likelihood: float
    cancelled: bool


def event_names(data: RaterData, rater_ids: tuple[str, ...]) -> tuple[str, ...]:
    if data.n_raters > EVENT_RATER_LIMIT:
        return ("t",)
    return ("t",) + tuple(f"a_{rater_ids[c]}" for c in data.rater_codes)


def run_em(data: RaterData, start: RaterParams, *, tolerance: float, max_iterations: int,
           cancel: CancelToken, weight: np.ndarray | None = None, request_id: int = 0,
           start_index: int = 0, names: tuple[str, ...] | None = None):
    """Generator: EM from ``start`` in SQUAREM cycles (:mod:`per_rater_squarem`; yields
    Iteration events when ``names`` is given), until :func:`settled` says the log-likelihood
    is within ``tolerance`` of its maximum (``converged``) or ``max_iterations`` cycles have
    run (not converged). ``iterations`` and the trace count cycles."""
    params, trace, converged = start, [], False
    ll, gamma = evaluated(data, params, weight)
    scratch = Scratch(data.n_subjects)
    for it in range(1, max_iterations + 1):
        trace.append(ll)
        if names is not None:
            values = (params.t,) + (tuple(params.q1 - params.q0) if len(names) > 1 else ())
            yield Iteration(request_id, start_index, it, ll, names, tuple(map(float, values)))
        if settled(trace, tolerance):
            converged = True
            break
        if cancel.requested or it == max_iterations:
            break
        params, ll, gamma = cycle(data, params, gamma, weight, scratch)
    return EMRun(params, ll, gamma, len(trace), converged, tuple(trace))


def start_points(data: RaterData, t: float, q1: float, q0: float, n_starts: int,
                 rng: np.random.Generator) -> list[RaterParams]:
    """The average-model fit for every rater, then seeded perturbations of it."""
    r = data.n_raters
    starts = [RaterParams(t, np.full(r, q1), np.full(r, q0))]
    for _ in range(min(n_starts, MAX_PER_RATER_STARTS) - 1):
        jitter = lambda centre, size: np.clip(centre + rng.normal(0, 0.12, size), 0.02, 0.98)
        starts.append(RaterParams(float(jitter(t, 1)[0]), jitter(q1, r), jitter(q0, r)))
    return starts


def fit_per_rater(data: RaterData, counts: BinaryCounts, rater_ids: tuple[str, ...],
                  request: FitRequest, cancel: CancelToken):
    """Generator: the best EM fit over the starts, in the population labelling."""
    hist = counts.histogram()
    average = yield from fit_mixture(hist, n_starts=min(request.n_starts, 8), seed=request.seed,
                                     tolerance=request.tolerance,
                                     max_iterations=request.max_iterations, cancel=cancel,
                                     emit=False)
    mix = average.mixture
    rng = np.random.default_rng(request.seed)
    starts = start_points(data, mix.t, mix.q1, mix.q0, request.n_starts, rng)
    names = event_names(data, rater_ids)
    runs, total_iterations = [], 0
    for index, start in enumerate(starts):
        run = yield from run_em(data, start, tolerance=request.tolerance,
                                max_iterations=request.max_iterations, cancel=cancel,
                                request_id=request.request_id, start_index=index, names=names)
        yield StartFinished(request.request_id, index, run.log_likelihood, run.iterations,
                            run.converged)
        runs.append(run)
        total_iterations += run.iterations
        if cancel.requested:
            break
    best = max(range(len(runs)), key=lambda i: runs[i].log_likelihood)
    if not cancel.requested and runs[best].converged:
        runs[best] = yield from polished(data, runs[best], request, cancel)
    params, relabelled = labelled(data, runs[best].params)
    total, gamma = e_step(data, params)
    return PerRaterFit(params, float(total.sum()), gamma, sum(r.iterations for r in runs),
                       all(r.converged for r in runs), tuple(r.trace for r in runs), relabelled,
                       average.log_likelihood, cancel.requested or average.cancelled)


def polished(data: RaterData, best: EMRun, request: FitRequest, cancel: CancelToken):
    """Generator: the best start, converged, continued on toward the request's tolerance times
    POLISH within POLISH_PASSES labels' worth of cycles, as Dawid-Skene's best start is; its
    trace and iterations go on with the polish's, so the count of a start's iterations is
    the length of its trace. Every start runs to the tolerance itself, not only far enough
    to tell the starts apart as Dawid-Skene's do: with a few labels a rater, starts stopped
    early ranked two maxima 1e-3 nats apart the wrong way round (300 workers x 3,000
    items)."""
    most = max(1, int(POLISH_PASSES // max(float(data.cell_totals.sum()), 1.0)))
    more = yield from run_em(data, best.params, tolerance=request.tolerance * POLISH,
                             max_iterations=most, cancel=cancel)
    trace = best.trace + more.trace[1:]               # the polish's first entry is best's last
    if more.log_likelihood < best.log_likelihood:
        return best
    return EMRun(more.params, more.log_likelihood, more.gamma, len(trace), True, trace)


def bootstrap(data: RaterData, best: RaterParams, request: FitRequest, cancel: CancelToken):
    """Generator: (n, 1 + 2R) array of refitted (t, q1, q0) over subject resamples.

    Resampling subjects with replacement is done with multinomial subject
    weights, the same as refitting on a resampled data set.
    """
    rng = np.random.default_rng(request.seed + 1)
    n = data.n_subjects
    rows = []
    for b in range(request.bootstrap):
        if cancel.requested:
            break
        weight = rng.multinomial(n, np.full(n, 1.0 / n)).astype(float)
        run = yield from run_em(data, best, tolerance=max(request.tolerance, 1e-9),
                                max_iterations=min(request.max_iterations, 2000), cancel=cancel,
                                weight=weight)
        rows.append(labelled(data, run.params)[0].vector())
        if (b + 1) % max(1, request.bootstrap // 50) == 0 or b + 1 == request.bootstrap:
            yield StageProgress(request.request_id, "bootstrap", b + 1, request.bootstrap)
    return np.array(rows).reshape(-1, 1 + 2 * data.n_raters)
