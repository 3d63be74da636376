"""The global maximum of an explanatory model: multi-start L-BFGS-B on the exact gradient.

Each start is a local search over the unconstrained parameters within their box
(:meth:`Layout.bounds`); the best maximum of all starts is kept. Each search's iterations
reach the caller as typed events after it ends, and a cancel stops a search between two of
its iterations.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Iteration, StartFinished
from tapdesk.engine.explain.likelihood import ExplainData, Layout, pack_shares, value_and_gradient

_TRACE_POINTS = 40


@dataclass(frozen=True)
class Maximum:
    theta: np.ndarray
    log_likelihood: float
    converged: bool
    iterations: int
    traces: tuple[tuple[float, ...], ...] = ()


def local_maximum(layout: Layout, data: ExplainData, start: np.ndarray,
                  cancel: CancelToken | None = None, *, max_iterations: int = 5000,
                  tolerance: float = 1e-10, fixed: dict[int, float] | None = None
                  ) -> tuple[Maximum, list[tuple[np.ndarray, float]]]:
    """One L-BFGS-B search from ``start`` (coordinates in ``fixed`` held at their values)."""
    vg = value_and_gradient(layout, data)
    bounds = layout.bounds(data.x)
    x0 = np.clip(np.asarray(start, float), [b[0] for b in bounds], [b[1] for b in bounds])
    for i, v in (fixed or {}).items():
        bounds[i] = (v, v)
        x0[i] = v
    path: list[tuple[np.ndarray, float]] = []

    def negative(theta: np.ndarray) -> tuple[float, np.ndarray]:
        value, grad = vg(theta)
        if not np.isfinite(value):
            return 1e300, np.zeros_like(theta)
        return -value, -grad

    def step(intermediate_result) -> None:       # this name: scipy passes the OptimizeResult
        path.append((np.array(intermediate_result.x), -float(intermediate_result.fun)))
        if cancel is not None and cancel.requested:
            raise StopIteration

    out = minimize(negative, x0, jac=True, method="L-BFGS-B", bounds=bounds, callback=step,
                   options={"maxiter": max_iterations, "ftol": tolerance * 1e-2, "gtol": 1e-7})
    converged = bool(out.success) or (cancel is not None and cancel.requested)
    return Maximum(np.array(out.x), -float(out.fun), converged, int(out.nit)), path


def start_points(layout: Layout, data: ExplainData, n: int, seed: int) -> list[np.ndarray]:
    """A start from the ratings' own shares (accuracy one half), then random starts."""
    rng = np.random.default_rng(seed)
    share = np.bincount(data.y, minlength=layout.k) / max(data.n_ratings, 1)
    share = np.clip(share, 0.02, None)
    share /= share.sum()
    first = np.zeros(layout.size)
    t_block = np.tile(share, (layout.n_groups, 1))
    first[: layout.n_t] = pack_shares(layout, t_block)
    guess = np.log(share[1:] / share[0])
    _fill_guess(layout, first, guess)
    starts = [first]
    for _ in range(max(n - 1, 0)):
        x = np.zeros(layout.size)
        t_block = rng.dirichlet(np.full(layout.k, 2.0), size=layout.n_groups)
        x[: layout.n_t] = pack_shares(layout, t_block)
        x[layout.accuracy_slice] = 0.0
        acc = np.log(rng.uniform(0.2, 0.9) / (1 - rng.uniform(0.2, 0.9)))
        x[layout.accuracy_slice.start] = acc
        if layout.accuracy == "free":
            x[layout.accuracy_slice] = acc
        p = rng.dirichlet(np.full(layout.k, 2.0))
        _fill_guess(layout, x, np.log(p[1:] / p[0]))
        starts.append(x)
    return starts


def _fill_guess(layout: Layout, x: np.ndarray, guess: np.ndarray) -> None:
    sl = layout.guess_slice
    if layout.guess == "shared":
        x[sl] = guess
    elif layout.guess == "free":
        x[sl] = np.tile(guess, layout.n_raters)
    else:
        x[sl.start] = guess[0]


def maximise(layout: Layout, data: ExplainData, starts: list[np.ndarray], cancel: CancelToken,
             request_id: int, *, max_iterations: int, tolerance: float, emit: bool = True,
             names: tuple[str, ...] = ()):
    """Generator: the best of the local searches from ``starts`` (events when ``emit``)."""
    best: Maximum | None = None
    traces, total = [], 0
    for s, start in enumerate(starts):
        if cancel.requested and best is not None:
            break
        found, path = local_maximum(layout, data, start, cancel, max_iterations=max_iterations,
                                    tolerance=tolerance)
        total += found.iterations
        traces.append(tuple(v for _, v in path) or (found.log_likelihood,))
        if emit:
            yield from _events(request_id, s, path, found, names)
        if best is None or found.log_likelihood > best.log_likelihood:
            best = found
    assert best is not None
    return Maximum(best.theta, best.log_likelihood, best.converged, total, tuple(traces))


def _events(request_id: int, start: int, path, found: Maximum, names: tuple[str, ...]):
    shown = path[:: max(1, len(path) // _TRACE_POINTS)]
    for i, (theta, value) in enumerate(shown):
        yield Iteration(request_id, start, i + 1, value, names,
                        tuple(float(v) for v in theta[: len(names)]))
    yield StartFinished(request_id, start, found.log_likelihood, found.iterations, found.converged)
