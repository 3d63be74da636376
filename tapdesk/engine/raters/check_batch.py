"""The per-rater model's maximum likelihood for many studies of one design at once.

The studies are rows of counts over shared rating patterns
(:mod:`tapdesk.engine.binary.rating_patterns`), so one Newton pass fits them
all: every row's log-likelihood, gradient and Hessian come from the same
array products, each row takes its own Newton step (a Cholesky solve where
minus the Hessian is positive definite, the eigenvalue-modified step of
:func:`tapdesk.engine.planning.batch_newton.ascent_directions` elsewhere,
parameters held by an edge of (0, 1) left out as in the planner's bounded
ascent) and its own backtracking line search, and rows leave the pass once
they settle.

A linear contrast of the parameters held at a value (d = a_j - mean of the
other a_k = d0) is handled by eliminating one parameter: the one with a
leading coefficient farthest from an edge is solved from the contrast, so
the constrained maximum is an unconstrained one over the other 2R
parameters (:class:`LinearConstraint`). Rows whose ascent does not settle
are refitted one at a time by the single-study code (EM, and the constrained
Newton/SLSQP search of
:func:`~tapdesk.engine.binary.rater_standing.constrained_maximum`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from tapdesk.engine.binary.per_rater_em import EDGE, RaterData, RaterParams
from tapdesk.engine.binary.per_rater_fit import run_em
from tapdesk.engine.binary.rater_standing import Contrast, constrained_maximum
from tapdesk.engine.binary.rating_patterns import PatternCounts, derivatives, log_likelihoods
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.run import drive

MAX_STEPS = 60
"""Newton steps per row before the row counts as unsettled."""
SETTLED = 1e-9
"""A row is settled when its Newton step promises at most this much log-likelihood."""
BOUNDARY_FRACTION = 0.99
"""A step goes at most this fraction of the way to the edge it heads for."""
MAX_MOVE = 0.1
"""No parameter moves by more than this in one step (a Newton step from far away is no guide)."""
MIN_ALPHA = 1e-10
"""The line search gives up on a row below this step length."""
MAX_CELLS = 4_000_000
"""Studies are fitted in chunks of at most this many (study, pattern, parameter) cells."""


# ----------------------------------------------------------------- constraint
@dataclass(frozen=True)
class LinearConstraint:
    """c . theta = target, with parameter ``eliminated`` solved from it (c must not be 0 there).

    ``embed`` maps the other parameters y (rows, K - 1) and the targets to the
    full theta; ``jacobian`` is the (K, K - 1) matrix d theta / d y.
    """

    coefficients: np.ndarray
    eliminated: int

    @property
    def jacobian(self) -> np.ndarray:
        c, e = self.coefficients, self.eliminated
        rest = np.delete(np.eye(len(c)), e, axis=1)
        rest[e] = -np.delete(c, e) / c[e]
        return rest

    def embed(self, y: np.ndarray, targets: np.ndarray) -> np.ndarray:
        c, e = self.coefficients, self.eliminated
        # a row-wise sum, not y @ c: a matrix product's rounding depends on how many rows it
        # is given, and a parameter solved next to an edge must come out the same for the line
        # search (a few rows) and the next Newton step (other rows), or it lands just outside
        solved = (targets - (y * np.delete(c, e)).sum(axis=1)) / c[e]
        return np.insert(y, e, solved, axis=1)

    def reduce(self, theta: np.ndarray) -> np.ndarray:
        return np.delete(theta, self.eliminated, axis=1)


@dataclass(frozen=True)
class Problem:
    """Rows to maximise: studies, and for constrained fits the constraint and each row's target."""

    counts: PatternCounts
    constraint: LinearConstraint | None = None
    targets: np.ndarray | None = None

    def rows(self, index: np.ndarray) -> Problem:
        targets = None if self.targets is None else self.targets[index]
        return Problem(self.counts.rows(index), self.constraint, targets)

    def theta(self, y: np.ndarray) -> np.ndarray:
        if self.constraint is None:
            return y
        assert self.targets is not None         # a constraint comes with its targets (fit_studies)
        return self.constraint.embed(y, self.targets)


def _values(problem: Problem, y: np.ndarray) -> np.ndarray:
    return log_likelihoods(problem.counts, problem.theta(y))


def _derivatives(problem: Problem, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ll, grad, hess = derivatives(problem.counts, problem.theta(y))
    if problem.constraint is None:
        return ll, grad, hess
    jac = problem.constraint.jacobian
    return ll, grad @ jac, jac.T @ hess @ jac


def directions(grad: np.ndarray, hess: np.ndarray) -> np.ndarray:
    """Newton steps for a maximum, one per row: -H^-1 g where -H is positive definite (a
    Cholesky test of the whole batch, halved until the rows that fail it are found), else
    the eigenvalue-modified step of
    :func:`tapdesk.engine.planning.batch_newton.ascent_directions`."""
    try:
        np.linalg.cholesky(-hess)
    except np.linalg.LinAlgError:
        if len(grad) == 1:
            from tapdesk.engine.planning.batch_newton import ascent_directions
            return ascent_directions(grad, hess)
        half = len(grad) // 2
        return np.concatenate([directions(grad[:half], hess[:half]),
                               directions(grad[half:], hess[half:])])
    return np.linalg.solve(-hess, grad[:, :, None])[:, :, 0]


def line_search(problem: Problem, y: np.ndarray, value: np.ndarray, grad: np.ndarray,
                step: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Armijo backtracking, row by row: (new points, their log-likelihoods, moved?).

    The first trial is the Newton step shortened so that no parameter moves by more
    than :data:`MAX_MOVE` nor more than :data:`BOUNDARY_FRACTION` of the way to the edge
    it heads for (parameters already at that edge are projected back onto it instead):
    a long step from far away is shortened, not bent onto an edge, where the mixture's
    likelihood can hold a lesser maximum.
    """
    out_y, out_value = y.copy(), value.copy()
    moved = np.zeros(len(y), bool)
    distance = np.where(step > 0, 1 - EDGE - y, y - EDGE)
    heading = (np.abs(step) > 0) & (distance > 1e-9)
    with np.errstate(divide="ignore", invalid="ignore"):
        room = np.where(heading, distance / np.abs(step), np.inf).min(axis=1)
        move = MAX_MOVE / np.abs(step).max(axis=1)
    longest = np.minimum(1.0, np.minimum(BOUNDARY_FRACTION * room, move))
    pending, alpha = np.arange(len(y)), 1.0
    while alpha > MIN_ALPHA and len(pending):
        base = y[pending]
        trial = np.clip(base + (alpha * longest[pending])[:, None] * step[pending], EDGE, 1 - EDGE)
        new = _values(problem.rows(pending), trial)
        gain = (grad[pending] * (trial - base)).sum(axis=1)
        accept = (new >= value[pending] + 1e-4 * gain) & (new > value[pending])
        done = pending[accept]
        out_y[done], out_value[done], moved[done] = trial[accept], new[accept], True
        pending, alpha = pending[~accept], alpha / 2
    return out_y, out_value, moved


def ascent_steps(y: np.ndarray, grad: np.ndarray, hess: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Newton steps and what each promises, over the parameters not held by an edge (an
    edge holds a parameter whose gradient points out of (0, 1)), row by row."""
    from tapdesk.engine.planning.batch_newton import free_mask, projected_steps

    free = free_mask(y, grad, EDGE, 1 - EDGE)
    step = np.zeros_like(y)
    inner = free.all(axis=1)
    if inner.any():
        step[inner] = directions(grad[inner], hess[inner])
    if not inner.all():
        step[~inner] = projected_steps(grad[~inner], hess[~inner], free[~inner])
    return step, (grad * step).sum(axis=1)


def maximise(problem: Problem, start: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Newton ascent of every row from ``start`` (rows, K): (theta, log-likelihood, settled).

    ``start`` must satisfy the constraint. A row is settled once its Newton
    step promises at most :data:`SETTLED` more log-likelihood; a row that
    cannot move, or has not settled within :data:`MAX_STEPS` steps, is not,
    and the caller refits it.
    """
    y = start if problem.constraint is None else problem.constraint.reduce(start)
    y = np.clip(y, EDGE, 1 - EDGE)
    value, grad, hess = _derivatives(problem, y)
    settled = np.zeros(len(y), bool)
    active = np.flatnonzero(np.isfinite(value))
    for _ in range(MAX_STEPS):
        if not len(active):
            break
        step, promise = ascent_steps(y[active], grad[active], hess[active])
        done = ~(promise > SETTLED)
        settled[active[done]] = True
        active, step = active[~done], step[~done]
        new_y, new_value, moved = line_search(problem.rows(active), y[active], value[active],
                                              grad[active], step)
        active = active[moved]
        y[active], value[active] = new_y[moved], new_value[moved]
        _, grad[active], hess[active] = _derivatives(problem.rows(active), y[active])
    return problem.theta(y), value, settled


def maximise_in_chunks(problem: Problem, start: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`maximise` over chunks of rows whose arrays stay within :data:`MAX_CELLS`."""
    counts = problem.counts
    n_params = start.shape[1]
    size = max(1, MAX_CELLS // (counts.weight.shape[1] * n_params + n_params ** 2))
    parts = [maximise(problem.rows(np.arange(i, min(i + size, counts.n_studies))),
                      start[i:i + size]) for i in range(0, counts.n_studies, size)]
    theta, value, settled = zip(*parts)
    return np.concatenate(theta), np.concatenate(value), np.concatenate(settled)


# ----------------------------------------------------------- one at a time
def study_data(counts: PatternCounts, row: int) -> RaterData:
    """Study ``row`` as the single-study code's data (each subject its own row)."""
    times = np.rint(counts.weight[row]).astype(int)
    r = counts.n_raters
    ones, zeros = counts.rows(np.array([row])).per_study()
    dense = np.empty((int(times.sum()), 2 * r))
    dense[:, 0::2] = np.repeat(zeros[0], times, axis=0)
    dense[:, 1::2] = np.repeat(ones[0], times, axis=0)
    matrix = sp.csr_matrix(dense)
    return RaterData(matrix, matrix.T.tocsr(), np.arange(len(dense)), np.arange(r),
                     dense.sum(axis=1), dense.sum(axis=0))


def single_maximum(counts: PatternCounts, row: int, start: np.ndarray,
                   contrast: Contrast | None, target: float) -> tuple[np.ndarray, float]:
    """One study's maximum by the single-study code: EM, or the constrained search."""
    data = study_data(counts, row)
    if contrast is not None:
        ll, x = constrained_maximum(data, start, contrast, target)
        return x, ll
    r = counts.n_raters
    params = RaterParams(float(start[0]), start[1:r + 1].copy(), start[r + 1:].copy())
    found = drive(run_em(data, params, tolerance=1e-13, max_iterations=20_000,
                         cancel=NEVER_CANCELLED))
    return found.params.vector(), found.log_likelihood


def fit_studies(counts: PatternCounts, start: np.ndarray, contrast: Contrast | None = None,
                targets: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Every study's maximum likelihood (constrained to ``contrast = targets`` when given).

    Parameters
    ----------
    counts
        The studies.
    start
        (studies, K) start points inside (0, 1) (on the constraint, when there is one).
    contrast, targets
        A linear contrast (its gradient is its coefficients) and each study's value for it.

    Returns
    -------
    (studies, K) maximisers and (studies,) log-likelihoods.
    """
    problem = Problem(counts)
    if contrast is not None:
        coefficients = contrast.gradient(start[0])
        room = np.minimum(start[0], 1 - start[0]) * (np.abs(coefficients) == np.abs(coefficients).max())
        eliminated = int(np.argmax(room))          # a leading coefficient, the farthest from an edge
        problem = Problem(counts, LinearConstraint(coefficients, eliminated),
                          np.asarray(targets, float))
    theta, value, settled = maximise_in_chunks(problem, start)
    for row in np.flatnonzero(~settled):
        target = 0.0 if targets is None else float(targets[row])
        x, ll = single_maximum(counts, int(row), start[row], contrast, target)
        if ll > value[row] or not np.isfinite(value[row]):
            theta[row], value[row] = x, ll
    return theta, value
