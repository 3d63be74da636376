"""Global maximum likelihood for the two-binomial mixture (the t-a-p family core).

EM alone stops early on flat likelihoods (tapModel reports a = 0.367 where
the maximum is a = 0.288), so the fit runs EM from many dispersed starts to a
tight log-likelihood tolerance, polishes the best few with bounded
quasi-Newton (L-BFGS-B with the analytic gradient), and keeps the highest.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.likelihood import Mixture, cell_log_likelihood, log_likelihood
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


def em_step(hist: CountHistogram, mix: Mixture) -> tuple[Mixture, float]:
    """One EM update; returns the new mixture and the log-likelihood of the old one."""
    total, gamma = cell_log_likelihood(hist, mix)
    w, n, k = hist.weight, hist.n_rated, hist.n_class1
    g1 = w * gamma
    g0 = w - g1
    t = g1.sum() / w.sum()
    q1 = (g1 * k).sum() / max((g1 * n).sum(), 1e-300)
    q0 = (g0 * k).sum() / max((g0 * n).sum(), 1e-300)
    clip = lambda v: float(np.clip(v, EDGE, 1 - EDGE))
    return Mixture(clip(t), clip(q1), clip(q0)), float((w * total).sum())


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


def gradient(hist: CountHistogram, x: np.ndarray) -> np.ndarray:
    """Gradient of the log-likelihood in (t, q1, q0)."""
    return value_and_gradient(hist, x)[1]


def polish(hist: CountHistogram, mix: Mixture) -> Mixture:
    """Bounded quasi-Newton from ``mix``; returns the better of start and result."""
    def objective(x):
        value, grad = value_and_gradient(hist, x)
        return -value, -grad

    bounds = [(EDGE, 1 - EDGE)] * 3
    res = minimize(objective, mix.as_array(), jac=True, method="L-BFGS-B", bounds=bounds,
                   options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 500})
    cand = Mixture(*map(float, res.x))
    return cand if log_likelihood(hist, cand) >= log_likelihood(hist, mix) else mix


def run_em(hist: CountHistogram, start: Mixture, *, start_index: int, request_id: int,
           tolerance: float, max_iterations: int, cancel: CancelToken, report_every: int = 1):
    """EM from one start, yielding Iteration events; returns (mixture, ll, iters, converged, trace)."""
    mix, trace, converged = start, [], False
    previous = -np.inf
    for it in range(1, max_iterations + 1):
        new, ll = em_step(hist, mix)
        trace.append(ll)
        if report_every and (it % report_every == 0 or it == 1):
            yield Iteration(request_id, start_index, it, ll, ("t", "q1", "q0"),
                            (mix.t, mix.q1, mix.q0))
        if abs(ll - previous) <= tolerance * (1.0 + abs(ll)):
            converged = True
            break
        previous, mix = ll, new
        if cancel.requested:
            break
    return mix, log_likelihood(hist, mix), len(trace), converged, tuple(trace)


def fit_mixture(hist: CountHistogram, *, n_starts: int, seed: int, tolerance: float,
                max_iterations: int, cancel: CancelToken, request_id: int = 0,
                starts: list[Mixture] | None = None, emit: bool = True):
    """Generator: the global MLE of (t, q1, q0) with q1 >= q0 (see module doc)."""
    rng = np.random.default_rng(seed)
    starts = starts if starts is not None else start_points(n_starts, rng)
    found, traces, total_iters, all_converged = [], [], 0, True
    report_every = 1 if emit else 0
    for index, start in enumerate(starts):
        mix, ll, iters, converged, trace = yield from run_em(
            hist, start, start_index=index, request_id=request_id, tolerance=tolerance,
            max_iterations=max_iterations, cancel=cancel, report_every=report_every)
        if emit:
            yield StartFinished(request_id, index, ll, iters, converged)
        found.append((ll, mix))
        traces.append(trace)
        total_iters += iters
        all_converged &= converged
        if cancel.requested:
            break
    found.sort(key=lambda pair: -pair[0])
    best = max((polish(hist, mix) for _, mix in found[:3]), key=lambda m: log_likelihood(hist, m))
    relabelled = best.q1 < best.q0
    if relabelled:
        best = best.swapped()
    return MixtureFit(best, log_likelihood(hist, best), total_iters, all_converged,
                      tuple(traces), relabelled, cancel.requested)
