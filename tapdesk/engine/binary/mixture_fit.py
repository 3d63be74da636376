"""Global maximum likelihood for the two-binomial mixture (the t-a-p family core).

EM alone stops early on flat likelihoods (tapModel reports a = 0.367 where
the maximum is a = 0.288), so the fit runs EM from many dispersed starts to a
tight log-likelihood tolerance, polishes the best few with a bounded
Newton ascent (exact gradient and Hessian), and keeps the highest.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import xlogy

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.likelihood import Mixture, cell_log_likelihood, log_likelihood
from tapdesk.engine.binary.mixture_newton import MixtureLikelihood, clip, newton_ascent
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Iteration, StartFinished

EDGE = 1e-9
"""Parameters are kept this far inside [0, 1] so logs stay finite."""

_FIXED_STARTS = ((0.5, 0.8, 0.2), (0.3, 0.9, 0.3), (0.7, 0.7, 0.1), (0.2, 0.6, 0.4),
                 (0.8, 0.95, 0.5), (0.5, 0.55, 0.45), (0.1, 0.9, 0.1), (0.9, 0.9, 0.1))


@dataclass(frozen=True)
class MixtureFit:
    """Best mixture found, with how the search went."""

    mixture: Mixture
    log_likelihood: float
    iterations: int
    converged: bool
    traces: tuple[tuple[float, ...], ...]
    relabelled: bool
    cancelled: bool = False


def start_points(n_starts: int, rng: np.random.Generator) -> list[Mixture]:
    """Fixed dispersed starts first, then seeded random ones."""
    starts = [Mixture(*s) for s in _FIXED_STARTS[:n_starts]]
    while len(starts) < n_starts:
        t = rng.uniform(0.05, 0.95)
        q = np.sort(rng.uniform(0.02, 0.98, size=2))
        starts.append(Mixture(t, q[1], q[0]))
    return starts


@dataclass(frozen=True)
class EmCells:
    """A histogram's cells as EM reads them, converted once per fit (cells x 1 columns)."""

    n: np.ndarray
    k: np.ndarray
    m: np.ndarray
    w: np.ndarray
    total_weight: float

    @classmethod
    def of(cls, hist: CountHistogram) -> EmCells:
        n = hist.n_rated[:, None].astype(float)
        k = hist.n_class1[:, None].astype(float)
        w = hist.weight[:, None].astype(float)
        return cls(n, k, n - k, w, w.sum())


def em_steps(cells: EmCells, t: np.ndarray, q1: np.ndarray,
             q0: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One EM update of several mixtures at once (arrays of equal length).

    Returns the new (t, q1, q0) and the log-likelihood of the old ones. One
    pass over a cells x mixtures array costs about what one mixture did, so
    every start of a fit advances together.
    """
    n_mix = len(t)
    q = np.concatenate([q1, q0])[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):   # logaddexp(-inf, -inf) = -inf is fine
        dens = xlogy(cells.k, q) + xlogy(cells.m, 1.0 - q)  # component_log_densities, cells x 2 mix
        log1 = np.log(t) + dens[:, :n_mix]
        log0 = np.log1p(-t) + dens[:, n_mix:]
        total = np.logaddexp(log1, log0)
        gamma = np.where(np.isfinite(total), np.exp(log1 - total), 0.5)
    gamma[np.isnan(gamma)] = 0.5                 # never +-inf: log1 <= total
    w, n, k = cells.w, cells.n, cells.k
    g1 = w * gamma
    g0 = w - g1
    column_sum = np.add.reduce                   # what .sum(axis=0) calls, without its wrappers
    new_t = column_sum(g1, axis=0) / cells.total_weight
    new_q1 = column_sum(g1 * k, axis=0) / np.maximum(column_sum(g1 * n, axis=0), 1e-300)
    new_q0 = column_sum(g0 * k, axis=0) / np.maximum(column_sum(g0 * n, axis=0), 1e-300)
    return _inside(new_t), _inside(new_q1), _inside(new_q0), column_sum(w * total, axis=0)


def _inside(x: np.ndarray) -> np.ndarray:
    """``x`` clipped to [EDGE, 1 - EDGE] (as np.clip, without its per-call overhead)."""
    return np.minimum(np.maximum(x, EDGE), 1 - EDGE)


def value_and_gradient(hist: CountHistogram, x: np.ndarray) -> tuple[float, np.ndarray]:
    """Log-likelihood and its gradient in (t, q1, q0), from one pass over the cells."""
    t, q1, q0 = x
    total, gamma = cell_log_likelihood(hist, Mixture(t, q1, q0))
    w, n, k = hist.weight, hist.n_rated, hist.n_class1
    g1, g0 = w * gamma, w * (1 - gamma)
    grad = np.array([(g1 / t - g0 / (1 - t)).sum(),
                     (g1 * (k - n * q1)).sum() / (q1 * (1 - q1)),
                     (g0 * (k - n * q0)).sum() / (q0 * (1 - q0))])
    return float((w * total).sum()), grad


POLISH_TOL = 1e-15
"""The polish stops when a Newton step promises or brings less than this times (1 + |ll|) nats."""
MAX_POLISH_STEPS = 100


def polish(hist: CountHistogram, mix: Mixture) -> Mixture:
    """Bounded Newton ascent from ``mix``; returns the better of start and result.

    Projected Newton with the exact gradient and Hessian in (t, q1, q0)
    (:func:`~tapdesk.engine.binary.mixture_newton.newton_ascent`), not scipy's
    L-BFGS-B: importing scipy.optimize would cost every ``tapdesk fit`` a third
    of a second (start-up, issue 15). It reaches the same maximum, to a tighter
    tolerance, in a few steps (``tests/engine/binary/test_mixture_newton.py``).
    """
    lik = MixtureLikelihood(hist)
    start = clip(mix.as_array(), EDGE, 1 - EDGE)
    x, _, _ = newton_ascent(lik.derivatives, lik.value, start, (0, 1, 2), EDGE, 1 - EDGE,
                            lambda value: POLISH_TOL * (1 + abs(value)), MAX_POLISH_STEPS)
    cand = Mixture(*map(float, x))
    return cand if log_likelihood(hist, cand) >= log_likelihood(hist, mix) else mix


@dataclass
class _Runs:
    """EM state of every start: parameters, last log-likelihoods, traces and status."""

    t: np.ndarray
    q1: np.ndarray
    q0: np.ndarray
    previous: np.ndarray
    active: np.ndarray
    converged: np.ndarray
    traces: list[list[float]]

    @classmethod
    def from_starts(cls, starts: list[Mixture]) -> _Runs:
        n = len(starts)
        return cls(np.array([m.t for m in starts]), np.array([m.q1 for m in starts]),
                   np.array([m.q0 for m in starts]), np.full(n, -np.inf), np.ones(n, bool),
                   np.zeros(n, bool), [[] for _ in range(n)])

    def mixture(self, j: int) -> Mixture:
        return Mixture(float(self.t[j]), float(self.q1[j]), float(self.q0[j]))

    def final_log_likelihood(self, hist: CountHistogram, j: int) -> float:
        """ll of start j's final parameters: a converged start kept the ones EM last evaluated."""
        if self.converged[j]:
            return self.traces[j][-1]
        return log_likelihood(hist, self.mixture(j))


def run_em(hist: CountHistogram, starts: list[Mixture], *, request_id: int, tolerance: float,
           max_iterations: int, cancel: CancelToken, emit: bool):
    """EM from every start at once, yielding Iteration and StartFinished events.

    Each start follows exactly the path it would alone: it stops when its
    log-likelihood changes by less than ``tolerance`` (relative), keeping the
    parameters of that last evaluation; on cancel every start stops after
    its current update. Returns the _Runs.
    """
    runs = _Runs.from_starts(starts)
    cells = EmCells.of(hist)
    # the active starts' state, kept compact; written back to runs when a start stops
    idx = np.arange(len(starts))
    t, q1, q0, previous = runs.t.copy(), runs.q1.copy(), runs.q0.copy(), runs.previous.copy()
    for it in range(1, max_iterations + 1):
        new_t, new_q1, new_q0, ll = em_steps(cells, t, q1, q0)
        done = np.abs(ll - previous) <= tolerance * (1.0 + np.abs(ll))
        ll_values = ll.tolist()
        for pos, j in enumerate(idx.tolist()):
            runs.traces[j].append(ll_values[pos])
            if emit:
                yield Iteration(request_id, j, it, ll_values[pos], ("t", "q1", "q0"),
                                (float(t[pos]), float(q1[pos]), float(q0[pos])))
        if done.any():                           # these keep the parameters just evaluated
            stopped, going = idx[done], ~done
            runs.t[stopped], runs.q1[stopped], runs.q0[stopped] = t[done], q1[done], q0[done]
            runs.previous[stopped] = previous[done]
            runs.converged[stopped] = True
            runs.active[stopped] = False
            idx, ll = idx[going], ll[going]
            new_t, new_q1, new_q0 = new_t[going], new_q1[going], new_q0[going]
            if emit:
                for j in stopped.tolist():
                    yield _finished(hist, runs, j, request_id)
        t, q1, q0, previous = new_t, new_q1, new_q0, ll
        if cancel.requested or not len(idx):
            break
    runs.t[idx], runs.q1[idx], runs.q0[idx], runs.previous[idx] = t, q1, q0, previous
    if emit:
        for j in idx.tolist():
            yield _finished(hist, runs, j, request_id)
    return runs


def _finished(hist: CountHistogram, runs: _Runs, j: int, request_id: int) -> StartFinished:
    return StartFinished(request_id, j, runs.final_log_likelihood(hist, j), len(runs.traces[j]),
                         bool(runs.converged[j]))


def distinct(mixtures: list[Mixture], tolerance: float = 1e-4) -> list[Mixture]:
    """The mixtures with near-duplicates left out: starts that EM brought to the same
    maximum (they agree to about the EM tolerance; the polish then finishes them alike)."""
    kept: list[Mixture] = []
    for mix in mixtures:
        if all(np.abs(mix.as_array() - other.as_array()).max() > tolerance for other in kept):
            kept.append(mix)
    return kept


def fit_mixture(hist: CountHistogram, *, n_starts: int, seed: int, tolerance: float,
                max_iterations: int, cancel: CancelToken, request_id: int = 0,
                starts: list[Mixture] | None = None, emit: bool = True):
    """Generator: the global MLE of (t, q1, q0) with q1 >= q0 (see module doc)."""
    rng = np.random.default_rng(seed)
    starts = starts if starts is not None else start_points(n_starts, rng)
    runs = yield from run_em(hist, starts, request_id=request_id, tolerance=tolerance,
                             max_iterations=max_iterations, cancel=cancel, emit=emit)
    found = [(runs.final_log_likelihood(hist, j), runs.mixture(j)) for j in range(len(starts))]
    found.sort(key=lambda pair: -pair[0])
    best = max((polish(hist, mix) for mix in distinct([mix for _, mix in found[:3]])),
               key=lambda m: log_likelihood(hist, m))
    relabelled = best.q1 < best.q0
    if relabelled:
        best = best.swapped()
    return MixtureFit(best, log_likelihood(hist, best), sum(len(tr) for tr in runs.traces),
                      bool(runs.converged.all()), tuple(tuple(tr) for tr in runs.traces),
                      relabelled, cancel.requested)
