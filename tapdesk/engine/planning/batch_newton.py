"""Projected Newton ascent of many problems at once (study planning's batched fits).

:func:`batch_newton_ascent` takes, row by row, the steps of
:func:`tapdesk.engine.binary.mixture_newton.newton_ascent`: parameters on an
edge of [low, high] whose gradient points outward stay there, the others
take the Newton step of :func:`~tapdesk.engine.binary.mixture_newton.ascent_direction`
(the Hessian made negative definite first), projected into the box and
halved until it gains enough (Armijo); a row stops when a step promises or
brings no more than its tolerance, when every parameter is held by an edge,
or after ``max_steps`` steps. Rows that stopped leave the working arrays, so
the cost follows the rows still climbing.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tapdesk.engine.planning.batch_likelihood import BatchLikelihood

BatchDerivatives = Callable[[BatchLikelihood, np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]
BatchValues = Callable[[BatchLikelihood, np.ndarray], np.ndarray]
MIN_ALPHA = 1e-12


def ascent_directions(grad: np.ndarray, hess: np.ndarray) -> np.ndarray:
    """Newton steps for a maximum, one per row (``grad`` n x k, ``hess`` n x k x k): the
    rule of :func:`~tapdesk.engine.binary.mixture_newton.ascent_direction`, row by row."""
    size = grad.shape[1]
    if size == 1:
        return grad / np.maximum(np.abs(hess[:, 0, :]), 1e-12)
    out = np.empty_like(grad)
    use_eigen = np.ones(len(grad), bool)
    if size == 2:
        h00, h01, h11 = hess[:, 0, 0], hess[:, 0, 1], hess[:, 1, 1]
        det = h00 * h11 - h01 * h01
        newton = (h00 < 0) & (det > 1e-12 * np.maximum(h00 * h00, h11 * h11))
        with np.errstate(all="ignore"):
            out[:, 0] = (-h11 * grad[:, 0] + h01 * grad[:, 1]) / det
            out[:, 1] = (h01 * grad[:, 0] - h00 * grad[:, 1]) / det
        use_eigen = ~newton
    if use_eigen.any():
        values, vectors = np.linalg.eigh(hess[use_eigen])
        scale = np.maximum(np.abs(values).max(axis=1), 1e-12)
        values = -np.maximum(np.abs(values), 1e-8 * scale[:, None])
        along = np.einsum("nji,nj->ni", vectors, grad[use_eigen]) / -values
        out[use_eigen] = np.einsum("nij,nj->ni", vectors, along)
    return out


def free_mask(x: np.ndarray, grad: np.ndarray, low: float, high: float) -> np.ndarray:
    """True where a parameter may move: not on an edge with its gradient pointing out."""
    return ~(((x <= low * 1.0000001) & (grad < 0)) | ((x >= high - 1e-12) & (grad > 0)))


def projected_steps(grad: np.ndarray, hess: np.ndarray, free: np.ndarray) -> np.ndarray:
    """Steps over the free parameters of each row (0 for the held ones), rows with the same
    number of free parameters in one vectorised solve (each over its own free ones, in order)."""
    step = np.zeros_like(grad)
    count = free.sum(axis=1)
    for size in range(1, grad.shape[1] + 1):
        rows = np.flatnonzero(count == size)
        if not len(rows):
            continue
        cols = np.argsort(~free[rows], axis=1, kind="stable")[:, :size]   # its free ones
        lines = rows[:, None]
        sub_hess = hess[lines[:, :, None], cols[:, :, None], cols[:, None, :]]
        step[lines, cols] = ascent_directions(grad[lines, cols], sub_hess)
    return step


def batch_newton_ascent(lik: BatchLikelihood, derivatives: BatchDerivatives, values: BatchValues,
                        x: np.ndarray, movable: np.ndarray, low: float, high: float,
                        tolerance: Callable[[np.ndarray, np.ndarray], np.ndarray],
                        max_steps: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Projected Newton ascent of every row of ``x`` over its movable parameters.

    Parameters
    ----------
    lik
        The rows' likelihoods (one row of counts per row of ``x``).
    derivatives, values
        ``derivatives(lik, x)`` gives (ll, gradient, Hessian) and ``values(lik, x)`` the
        ll of each row at its own point.
    x
        (rows, 3) start points, inside [low, high].
    movable
        (rows, 3) True for the parameters that move (the others stay where they are).
    tolerance
        ``tolerance(value, rows)``: the gain, per row, below which a row stops
        (``rows`` are the rows' positions in ``x``).

    Returns
    -------
    maximisers, log-likelihoods and gradients (all parameters), row by row.
    """
    x = np.array(x, float)
    value, grad, hess = derivatives(lik, x)
    active = np.arange(len(x))
    for _ in range(max_steps):
        if not len(active):
            break
        xa, g = x[active], grad[active]
        free = movable[active] & free_mask(xa, g, low, high)
        step = projected_steps(g, hess[active], free)
        tol = tolerance(value[active], active)
        going = (g * step).sum(axis=1) > tol            # nothing free: no step, no promise
        rows = active[going]
        new_x, new, improved = _line_search(lik.rows(rows), values, xa[going], value[rows],
                                            g[going], step[going], low, high)
        moved = rows[improved]
        if not len(moved):
            break
        x[moved] = new_x[improved]
        crawling = new[improved] - value[moved] <= tol[going][improved]
        value[moved], grad[moved], hess[moved] = derivatives(lik.rows(moved), x[moved])
        active = moved[~crawling]
    return x, value, grad


def _line_search(lik: BatchLikelihood, values: BatchValues, x: np.ndarray, value: np.ndarray,
                 g: np.ndarray, step: np.ndarray, low: float,
                 high: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Armijo backtracking, row by row: (points, their values, improved?)."""
    out_x, out_value = x.copy(), value.copy()
    improved = np.zeros(len(x), bool)
    pending = np.arange(len(x))
    alpha = 1.0
    while alpha > MIN_ALPHA and len(pending):
        base = x[pending]
        trial = np.minimum(np.maximum(base + alpha * step[pending], low), high)
        new = values(lik.rows(pending), trial)
        gain = (g[pending] * (trial - base)).sum(axis=1)
        accept = np.isfinite(new) & (new >= value[pending] + 1e-4 * gain)
        done = pending[accept]
        out_x[done], out_value[done] = trial[accept], new[accept]
        improved[done] = new[accept] > value[done]
        pending = pending[~accept]
        alpha *= 0.5
    return out_x, out_value, improved
