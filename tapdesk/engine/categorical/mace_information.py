"""The exact observed information of MACE's parameters, from Dawid-Skene's sparse one.

MACE's confusion entries are pi_j(c, l) = theta_j I(c = l) + (1 - theta_j) xi_jl with the
shares held at 1/K, so by the chain rule its information in (theta_1, xi_1, ..., theta_J,
xi_J) is A' I A + C: I the Dawid-Skene information of the confusion entries
(:func:`~.ds_information.full_information`, sums over the labels), A the sparse Jacobian
d pi / d (theta, xi), and C the curvature of the map itself: d2 pi_j(c, l) / d theta_j d xi_jl
= -1, weighted by the score of pi_j(c, l), gives C[theta_j, xi_jl] = sum_c g_j(c, l).

Free coordinates are as in :mod:`.coords`: theta_j when inside (BOUNDARY, 1 - BOUNDARY); every
xi_jl above BOUNDARY but the largest, which is 1 minus the others, and none of a worker who
always knows (theta_j = 1: their xi is never seen). Work and memory follow the labels; only
the free parameters' covariance is a dense matrix (at most MAX_FREE of them).
"""

from __future__ import annotations

import numpy as np
from scipy import sparse

from tapdesk.engine.binary.per_rater_em import positive_definite_inverse
from tapdesk.engine.categorical.ds_information import MAX_FREE, full_information
from tapdesk.engine.categorical.mace_em import Mace
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.intervals import BOUNDARY


def mace_information(data: RaterData, params: Mace) -> sparse.csr_matrix:
    """Observed information of ``params.as_vector()`` (natural parameters, sparse)."""
    j, k = data.n_raters, data.k
    confusion = params.confusion()
    ds_info = full_information(data, params.t, confusion)
    worker, true, said = (a.ravel() for a in np.indices((j, k, k)))
    pi_index = k + worker * k * k + true * k + said            # in (t, confusion.ravel())
    theta_index = worker * (k + 1)
    xi_index = theta_index + 1 + said
    d_theta = (true == said) - params.xi[worker, said]
    d_xi = 1 - params.theta[worker]
    jac = sparse.csr_matrix((np.concatenate([d_theta, d_xi]),
                             (np.concatenate([pi_index, pi_index]),
                              np.concatenate([theta_index, xi_index]))),
                            shape=(ds_info.shape[0], j * (k + 1)))
    score = e_step(data, params.t, confusion).confusion / np.maximum(confusion, BOUNDARY)
    cross = score.sum(axis=1).ravel()                           # (j, l): sum over true c
    rows = np.repeat(np.arange(j) * (k + 1), k)
    cols = rows + 1 + np.tile(np.arange(k), j)
    curvature = sparse.csr_matrix((np.concatenate([cross, cross]),
                                   (np.concatenate([rows, cols]), np.concatenate([cols, rows]))),
                                  shape=(j * (k + 1),) * 2)
    return (jac.T @ ds_info @ jac + curvature).tocsr()


def free_coordinates(params: Mace) -> sparse.csr_matrix:
    """d natural / d free: a column per free theta_j and per free xi_jl (+1 there, -1 at the
    worker's largest xi, which moves against the others)."""
    j, k = params.xi.shape
    entries: list[tuple[int, int, float]] = []           # (natural row, free column, value)
    n_cols = 0
    for w in range(j):
        base = w * (k + 1)
        if BOUNDARY < params.theta[w] < 1 - BOUNDARY:
            entries.append((base, n_cols, 1.0))
            n_cols += 1
        inside = np.flatnonzero(params.xi[w] > BOUNDARY)
        if params.theta[w] >= 1 - BOUNDARY or len(inside) < 2:
            continue
        ref = int(np.argmax(params.xi[w]))
        for entry in inside[inside != ref]:
            entries += [(base + 1 + int(entry), n_cols, 1.0), (base + 1 + ref, n_cols, -1.0)]
            n_cols += 1
    rows, cols, vals = zip(*entries) if entries else ((), (), ())
    return sparse.csr_matrix((vals, (rows, cols)), shape=(j * (k + 1), n_cols))


def mace_variance(data: RaterData, params: Mace) -> np.ndarray | None:
    """Variance of every natural parameter from the observed information (NaN where held), or
    None when the free parameters' information is too large to form or cannot be inverted."""
    free = free_coordinates(params)
    if not 0 < free.shape[1] <= MAX_FREE:
        return None
    reduced = (free.T @ mace_information(data, params) @ free).toarray()
    cov = positive_definite_inverse((reduced + reduced.T) / 2, overwrite=True)
    if cov is None:
        return None
    variance = np.asarray(free.multiply(free @ cov).sum(axis=1)).ravel()
    held = np.asarray(abs(free).sum(axis=1)).ravel() == 0
    return np.where(held, np.nan, np.clip(variance, 0, None))
