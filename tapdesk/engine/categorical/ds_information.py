"""The exact observed information of the Dawid-Skene likelihood, from sparse sums over labels.

For subject i with class log-densities u_ic = log t_c + sum over its labels
(rater j, category l) of log pi_j(c, l), and posterior gamma_ic,

    d2 log sum_c exp(u_ic) = sum_c gamma_ic d2 u_ic
                             + sum_c gamma_ic g_ic g_ic' - gbar_i gbar_i'

with g_ic the gradient of u_ic and gbar_i = sum_c gamma_ic g_ic. d2 u_ic is
diagonal (-1/t_c^2, and -n/pi^2 for each label), so the information is that
diagonal, summed by the E-step's expected counts, minus a sum of sparse
outer products, one per (subject, class): S_c' diag(gamma_c) S_c - Gbar' Gbar
with S_c the subjects x parameters matrix of the g_ic. The work and memory
follow the labels (each subject's few labels touch few parameters), never
subjects x raters.

Each simplex (t, and every confusion row) loses its largest entry (it is 1
minus the others); entries on the edge (within BOUNDARY of 0) are held fixed
and get no standard error, as in :mod:`.coords`. The covariance of the free
entries is the inverse of their information; the reference entry's variance
follows (minus the sum of the others).
"""

from __future__ import annotations

import numpy as np
from scipy import sparse

from tapdesk.engine.binary.per_rater_em import positive_definite_inverse
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.intervals import BOUNDARY

MAX_FREE = 4000
"""Above this many free parameters the covariance (a dense matrix) is not formed."""


def full_information(data: RaterData, t: np.ndarray, confusion: np.ndarray) -> sparse.csr_matrix:
    """Observed information of (t, confusion.ravel()) in the natural parameters (sparse)."""
    j, k = data.n_raters, data.k
    n_par = k + j * k * k
    step = e_step(data, t, confusion)
    gamma = step.posterior if data.weight is None else step.posterior * data.weight[:, None]
    # entries at or below BOUNDARY are held fixed: their rows and columns are never read, so a
    # floor there keeps 1/pi^2 finite without changing the free entries' information
    pi = np.maximum(confusion, BOUNDARY)
    diag = np.concatenate([step.class_totals / np.maximum(t, BOUNDARY) ** 2,
                           (step.confusion / pi ** 2).ravel()])
    # column (j, l) of the counts -> parameter (j, c, l): k + j*k*k + c*k + l
    col_j, col_l = np.divmod(np.arange(j * k), k)
    per_class = []
    for c in range(k):
        scale = 1.0 / pi[col_j, c, col_l]
        mapping = sparse.csr_matrix((scale, (np.arange(j * k), k + col_j * k * k + c * k + col_l)),
                                    shape=(j * k, n_par))
        s_c = data.counts @ mapping
        s_c = s_c + sparse.csr_matrix((np.full(data.n_subjects, 1.0 / max(t[c], BOUNDARY)),
                                       (np.arange(data.n_subjects), np.full(data.n_subjects, c))),
                                      shape=(data.n_subjects, n_par))
        per_class.append(s_c.tocsr())
    weighted = sum(sparse.diags(gamma[:, c]) @ per_class[c] for c in range(k))
    within = sum(per_class[c].T @ sparse.diags(gamma[:, c]) @ per_class[c] for c in range(k))
    if data.weight is not None:       # gbar_i = sum_c gamma_ic g_ic per subject, weighted once
        mean = sum(sparse.diags(step.posterior[:, c]) @ per_class[c] for c in range(k))
        between = mean.T @ sparse.diags(data.weight) @ mean
    else:
        between = weighted.T @ weighted
    return (sparse.diags(diag) - within + between).tocsr()


def free_map(values: np.ndarray, simplices: list[np.ndarray]):
    """(Jacobian d natural / d free, per simplex its (free entries then the reference entry,
    their free columns) or None when held):
    per simplex, every entry above BOUNDARY but the largest is free; the largest moves against
    them (it is 1 minus the others)."""
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    groups: list[tuple[np.ndarray, np.ndarray] | None] = []
    n_cols = 0
    for idx in simplices:
        inside = idx[values[idx] > BOUNDARY]
        if len(inside) < 2:
            groups.append(None)
            continue
        ref = int(idx[np.argmax(values[idx])])
        mine = [int(i) for i in inside if i != ref]
        own = np.arange(n_cols, n_cols + len(mine))
        for i, col in zip(mine, own):
            rows += [i, ref]
            cols += [int(col), int(col)]
            vals += [1.0, -1.0]
        groups.append((np.asarray(mine + [ref]), own))
        n_cols += len(mine)
    jac = sparse.csr_matrix((vals, (rows, cols)), shape=(len(values), n_cols))
    return jac, groups


def n_free(values: np.ndarray, simplices: list[np.ndarray]) -> int:
    """How many free parameters :func:`free_map` finds (without building it)."""
    if not simplices:
        return 0
    which = np.repeat(np.arange(len(simplices)), [len(idx) for idx in simplices])
    inside = np.bincount(which, values[np.concatenate(simplices)] > BOUNDARY, len(simplices))
    return int(np.maximum(inside - 1, 0).sum())


def free_covariance(info: sparse.csr_matrix, values: np.ndarray, simplices: list[np.ndarray]):
    """(:func:`free_map`'s Jacobian and groups, the covariance of the free entries), or None
    when their information cannot be inverted or is too large to form."""
    jac, groups = free_map(values, simplices)
    n_cols = jac.shape[1]
    if n_cols > MAX_FREE:
        return None
    reduced = (jac.T @ info @ jac).toarray()
    reduced += reduced.T                 # exactly symmetric (the sparse sums round apart)
    reduced *= 0.5
    cov = positive_definite_inverse(reduced, overwrite=True) if n_cols else np.zeros((0, 0))
    if cov is None:
        return None
    return jac, groups, cov


def function_se(info: sparse.csr_matrix, values: np.ndarray, simplices: list[np.ndarray],
                gradients: np.ndarray | sparse.csr_matrix) -> np.ndarray | None:
    """Delta-method standard errors of functions of the natural parameters, one per row of
    ``gradients`` (their gradients in the natural parameters); entries on the edge are held
    fixed, as for every standard error here. None as :func:`free_covariance`."""
    found = free_covariance(info, values, simplices)
    if found is None:
        return None
    jac, _, cov = found
    free = gradients @ jac                                            # functions x free
    free = free.toarray() if sparse.issparse(free) else np.asarray(free)
    return np.sqrt(np.clip(np.einsum("fi,ij,fj->f", free, cov, free), 0, None))


def natural_covariance(info: sparse.csr_matrix, values: np.ndarray,
                       simplices: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
    """(variance of every natural parameter (NaN where held fixed), covariance of the first
    simplex's entries (t)), or None when the information of the free entries cannot be
    inverted or is too large to form."""
    found = free_covariance(info, values, simplices)
    if found is None:
        return None
    _, groups, cov = found
    variance = np.full(len(values), np.nan)
    first = np.zeros((len(simplices[0]),) * 2)
    for number, group in enumerate(groups):
        if group is None:
            continue
        entries, own = group
        local = cov[own[0]:own[-1] + 1, own[0]:own[-1] + 1]     # a simplex's columns are adjacent
        variance[entries[:-1]] = np.diag(local)
        variance[entries[-1]] = local.sum()                 # the reference is 1 minus the others
        if number == 0:
            lift = np.vstack([np.eye(len(own)), -np.ones(len(own))])
            block = lift @ local @ lift.T
            first[np.ix_(entries, entries)] = block          # t's entries are 0..K-1
    return np.clip(variance, 0, None), first


def ds_simplices(j: int, k: int) -> list[np.ndarray]:
    """Index sets of t and of every confusion row in (t, confusion.ravel())."""
    return [np.arange(k)] + [k + np.arange(r * k, (r + 1) * k) for r in range(j * k)]
