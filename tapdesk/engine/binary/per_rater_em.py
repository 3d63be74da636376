"""EM and observed information for the per-rater model t-a_j-p_j.

Works in the mixture parameters (t, q1_j, q0_j): rater j says Class 1 with
probability q1_j = a_j + (1-a_j) p_j for a truly Class-1 subject and
q0_j = (1-a_j) p_j for a truly Class-0 subject. The data stay in sparse long
form: a subjects x (rater, rating) count matrix M, so each EM step is three
sparse products, and log-likelihoods are sums of logs combined with
log-sum-exp, so subjects with hundreds of ratings do not underflow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.sparse as sp

from tapdesk.data.binary import BinaryCounts, class1_mask
from tapdesk.data.ratings import RatingsTable
from tapdesk.i18n.deferred import said

EDGE = 1e-9
"""Probabilities are kept this far inside [0, 1] so logs stay finite."""

NEAR_EDGE = 1e-4
"""Second-try edge distance for the information matrix (see parameter_covariance)."""

FULL_INFORMATION_MAX_RATERS = 1000
"""Above this many raters the information matrix is used per rater (2 x 2 blocks)."""


@dataclass(frozen=True, eq=False)
class RaterData:
    """Analysed ratings as a sparse subjects x (2 raters) count matrix.

    Column 2j counts rater j's Class-0 ratings of the subject, column 2j+1
    the Class-1 ratings. ``subject_codes`` and ``rater_codes`` map rows and
    raters back to the table's codes.
    """

    counts: sp.csr_matrix
    counts_t: sp.csc_matrix
    """``counts.T`` without a copy (see :class:`tapdesk.engine.categorical.rater_data.RaterData`)."""
    subject_codes: np.ndarray
    rater_codes: np.ndarray
    n_per_subject: np.ndarray
    cell_totals: np.ndarray

    @property
    def n_subjects(self) -> int:
        return self.counts.shape[0]

    @property
    def n_raters(self) -> int:
        return self.counts.shape[1] // 2

    @cached_property
    def rater_ratings(self) -> np.ndarray:
        """Each rater's number of ratings (kept: a million labels' 20,000 comparisons read it
        one rater at a time)."""
        return self.cell_totals[0::2] + self.cell_totals[1::2]

    @property
    def rater_class1(self) -> np.ndarray:
        return self.cell_totals[1::2]

    @cached_property
    def row_width(self) -> int:
        """k where every subject's row holds k entries, each a count of 1 (the usual design: k
        labels an item, one from each of its raters), else 0: :func:`label_sums` then reads
        the entries as one (subjects, k) block."""
        counts = self.counts
        widths = np.diff(counts.indptr)
        k = int(widths[0]) if len(widths) else 0
        if k < 2 or not np.all(widths == k) or not np.all(counts.data == 1):
            return 0
        return k


ROW_CHUNK = 1 << 15
""":func:`label_sums` reads this many subjects' entries at a time (a block that stays in the
processor's cache while its columns are added)."""


def label_sums(data: RaterData, x: np.ndarray) -> np.ndarray:
    """``data.counts @ x``: each subject's sum of x over its entries (x by cell 2j + label), the
    same numbers as scipy's product (0 plus each entry's term in the order stored).

    Where every row holds k entries of 1 (:attr:`RaterData.row_width`) the terms are read as a
    (subjects, k) block a chunk at a time and its columns added: scipy's product reads each
    entry's count too (a float of 1 beside each 4-byte index), and at ten million labels that
    product is bound by memory, 15-17 ms against 12-13 here. A product of a subject array with
    the matrix is left to scipy."""
    k = data.row_width
    if not k:
        return data.counts @ x
    entries = data.counts.indices.reshape(-1, k)
    out = np.empty(len(entries))
    for lo in range(0, len(entries), ROW_CHUNK):
        block = np.take(x, entries[lo:lo + ROW_CHUNK])
        part = out[lo:lo + ROW_CHUNK]
        np.add(block[:, 0], 0.0, out=part)          # scipy's sum starts at 0: -0.0 becomes 0.0
        for column in range(1, k):
            part += block[:, column]
    return out


def rater_data(table: RatingsTable, counts: BinaryCounts) -> RaterData:
    """Sparse count matrix of the analysed subjects (those in ``counts``).

    Built in the matrix's own index type (int32 below 2^31 rows and columns) and without a
    sort: the raters present are read off a count per rater code rather than ``np.unique``
    (the same sorted codes and positions), so ten million labels no longer hold several
    int64 copies of the label list at once (issue 57: the per-rater fit's peak memory)."""
    n_rows = len(counts.subject_index)
    index = index_type(max(n_rows, 2 * table.n_raters + 2, len(table.rater)))
    row_of: np.ndarray = np.full(table.n_subjects, -1, dtype=index)
    row_of[counts.subject_index] = np.arange(n_rows, dtype=index)
    rows = row_of[table.subject]
    del row_of
    keep = rows >= 0
    every = bool(keep.all())
    if not every:
        rows = rows[keep]
    y = class1_mask(table, counts.choice)
    y = y if every else y[keep]
    used, rater = _raters_used(table.rater if every else table.rater[keep], table.n_raters, index)
    del keep
    cells = rater
    cells *= 2
    cells += y
    del y
    shape = (n_rows, 2 * len(used))
    matrix = sp.csr_matrix((np.ones(len(cells)), (rows, cells)), shape=shape)
    del rows
    matrix.sum_duplicates()
    return RaterData(matrix, matrix.T, counts.subject_index, used,
                     counts.n_rated.astype(float), np.bincount(cells, minlength=shape[1]).astype(float))


def index_type(largest: int) -> type:
    """A sparse matrix's (and an index array's) type for indices up to ``largest``."""
    return np.int32 if largest < 2 ** 31 else np.int64


def _raters_used(codes: np.ndarray, n_raters: int, index: type) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(codes, return_inverse=True)`` (the inverse in ``index``, a new array),
    from a count per code where the codes are those of ``rater_ids`` (0 to n_raters - 1)."""
    if len(codes) and (codes.min() < 0 or codes.max() >= n_raters):
        used, inverse = np.unique(codes, return_inverse=True)
        return used, inverse.astype(index)
    seen = np.bincount(codes, minlength=n_raters) > 0
    used = np.flatnonzero(seen)
    position: np.ndarray = (np.cumsum(seen) - 1).astype(index)
    return used, position[codes]


@dataclass(frozen=True)
class RaterParams:
    t: float
    q1: np.ndarray
    q0: np.ndarray

    def swapped(self) -> RaterParams:
        return RaterParams(1.0 - self.t, self.q0.copy(), self.q1.copy())

    def vector(self) -> np.ndarray:
        return np.concatenate([[self.t], self.q1, self.q0])


def log_table(q: np.ndarray) -> np.ndarray:
    out = np.empty(2 * len(q))
    out[0::2] = np.log1p(-q)
    out[1::2] = np.log(q)
    return out


def e_step(data: RaterData, params: RaterParams) -> tuple[np.ndarray, np.ndarray]:
    """Per-subject log-likelihood and posterior probability of Class 1 (prior t)."""
    u1 = np.log(params.t) + data.counts @ log_table(params.q1)
    u0 = np.log1p(-params.t) + data.counts @ log_table(params.q0)
    total = np.logaddexp(u1, u0)
    return total, np.exp(u1 - total)


def m_step(data: RaterData, gamma: np.ndarray, weight: np.ndarray | None,
           old: RaterParams) -> RaterParams:
    """Closed-form maximisation given posteriors (and optional subject weights)."""
    if weight is None:
        wg, cells, total = gamma, data.cell_totals, float(data.n_subjects)
    else:
        wg, cells, total = weight * gamma, data.counts_t @ weight, float(weight.sum())
    g = data.counts_t @ wg                       # gamma-weighted counts per (rater, rating)
    h = cells - g                                # (1 - gamma)-weighted counts
    t = float(np.clip(wg.sum() / total, EDGE, 1 - EDGE))
    return RaterParams(t, _ratio(g[1::2], g[0::2] + g[1::2], old.q1),
                       _ratio(h[1::2], h[0::2] + h[1::2], old.q0))


def _ratio(num: np.ndarray, den: np.ndarray, old: np.ndarray) -> np.ndarray:
    out = old.copy()
    ok = den > 1e-12
    out[ok] = num[ok] / den[ok]
    return np.clip(out, EDGE, 1 - EDGE)


def log_likelihood(data: RaterData, params: RaterParams) -> float:
    return float(e_step(data, params)[0].sum())


def labelled(data: RaterData, params: RaterParams) -> tuple[RaterParams, bool]:
    """Population labelling: Class 1 is the class raters, weighted by ratings, call Class 1 more."""
    if float((data.rater_ratings * (params.q1 - params.q0)).sum()) < 0:
        return params.swapped(), True
    return params, False


# ----------------------------------------------------------------- information
def _score_differences(data: RaterData, params: RaterParams) -> tuple[sp.csr_matrix, sp.csr_matrix]:
    """Per subject, d log p(ratings | class 1) / d q1_j and -d log p(ratings | class 0) / d q0_j."""
    r = data.n_raters
    cols = np.repeat(np.arange(r), 2)

    def mapping(q, sign):
        vals = np.empty(2 * r)
        vals[0::2] = -1.0 / (1.0 - q)
        vals[1::2] = 1.0 / q
        return sp.csr_matrix((sign * vals, (np.arange(2 * r), cols)), shape=(2 * r, r))

    return (data.counts @ mapping(params.q1, 1.0)).tocsr(), (data.counts @ mapping(params.q0, -1.0)).tocsr()


BLOCK_CHUNK = 1 << 16
"""The information's rater blocks read the label matrix this many entries at a time (a few MB;
1 << 12 to 1 << 18 took 35-44 ms at a million labels, the sparse products 55)."""


def _block_outer(data: RaterData, params: RaterParams, v: np.ndarray) -> np.ndarray:
    """(3, R): per rater the sums over subjects of v d1^2, v d0^2 and v d1 d0, with d1 and d0
    the subject's :func:`_score_differences` entries: the same products, added rater by rater
    in subject order (``np.add.at``) as the sparse products added them, without those matrices
    over every (subject, rater) pair (two of them and a product at once: 343 MB of the
    ten-million-label fit's 2,322 MB peak). The matrix is read a chunk of rows at a time; a
    rater's one or two entries in a row are neighbours in a canonical matrix."""
    counts = data.counts
    if not counts.has_canonical_format:
        counts = counts.copy()
        counts.sum_duplicates()
    scores = []
    for q, sign in ((params.q1, 1.0), (params.q0, -1.0)):
        vals = np.empty(2 * len(q))
        vals[0::2] = -1.0 / (1.0 - q)
        vals[1::2] = 1.0 / q
        scores.append(sign * vals)
    out = np.zeros((3, data.n_raters))
    indptr = counts.indptr
    first = 0
    while first < counts.shape[0]:
        last = min(int(np.searchsorted(indptr, indptr[first] + BLOCK_CHUNK, "right")) - 1,
                   counts.shape[0])
        last = max(last, first + 1)
        _add_block_rows(counts, first, last, scores, v, out)
        first = last
    return out


def _add_block_rows(counts: sp.csr_matrix, first: int, last: int, scores: list[np.ndarray],
                    v: np.ndarray, out: np.ndarray) -> None:
    """:func:`_block_outer`'s sums over the rows ``first`` to ``last`` (added to ``out``)."""
    lo, hi = int(counts.indptr[first]), int(counts.indptr[last])
    if hi == lo:
        return
    cells, n = counts.indices[lo:hi], counts.data[lo:hi]
    rows = np.repeat(np.arange(first, last), np.diff(counts.indptr[first:last + 1]))
    rater = cells // 2
    new = np.ones(len(cells), bool)
    new[1:] = (rater[1:] != rater[:-1]) | (rows[1:] != rows[:-1])
    starts = np.flatnonzero(new)
    d1, d0 = (np.add.reduceat(n * np.take(score, cells), starts) for score in scores)
    where, weight = rater[starts], np.take(v, rows[starts])
    for k, product in enumerate((d1 * d1, d0 * d0, d1 * d0)):
        product *= weight
        np.add.at(out[k], where, product)


def _curvature(data: RaterData, params: RaterParams, gamma: np.ndarray) -> np.ndarray:
    """Minus the posterior-weighted second derivatives (the diagonal part of the information)."""
    t, q1, q0 = params.t, params.q1, params.q0
    g = data.counts_t @ gamma
    h = data.cell_totals - g
    tt = gamma.sum() / t ** 2 + (1 - gamma).sum() / (1 - t) ** 2
    c1 = g[1::2] / q1 ** 2 + g[0::2] / (1 - q1) ** 2
    c0 = h[1::2] / q0 ** 2 + h[0::2] / (1 - q0) ** 2
    return np.concatenate([[tt], c1, c0])


def observed_information(data: RaterData, params: RaterParams, blockwise: bool = False):
    """Observed information of (t, q1_1..q1_R, q0_1..q0_R), exact (not numerical).

    For one subject with class log-densities u1, u0 and posterior gamma,
    d2 log(e^u1 + e^u0) = gamma d2u1 + (1-gamma) d2u0 + gamma(1-gamma) d d^T
    with d = grad u1 - grad u0. Summing over subjects gives the matrix.
    Returns a dense matrix, or with ``blockwise`` a (t information, R x 2 x 2
    rater blocks) pair with the cross terms between raters left out.
    """
    _, gamma = e_step(data, params)
    v = gamma * (1 - gamma)
    diag = _curvature(data, params, gamma)
    dt = 1.0 / (params.t * (1 - params.t))
    r = data.n_raters
    if blockwise:
        info_t = diag[0] - dt ** 2 * v.sum()
        outer = _block_outer(data, params, v)
        blocks = np.empty((r, 2, 2))
        blocks[:, 0, 0] = diag[1:r + 1] - outer[0]
        blocks[:, 1, 1] = diag[r + 1:] - outer[1]
        blocks[:, 0, 1] = blocks[:, 1, 0] = -outer[2]
        return info_t, blocks
    d1, d0 = _score_differences(data, params)
    d = sp.hstack([sp.csr_matrix(np.full((data.n_subjects, 1), dt)), d1, d0]).tocsr()
    outer = (d.T @ sp.diags(v) @ d).toarray()
    return np.diag(diag) - outer


def covariance(info: np.ndarray, free: np.ndarray) -> np.ndarray | None:
    """Inverse of the information of the free parameters (zeros for the fixed ones)."""
    idx = np.flatnonzero(free)
    cov = np.zeros_like(info)
    if not len(idx):
        return cov
    inverse = positive_definite_inverse(info[np.ix_(idx, idx)], overwrite=True)
    if inverse is None:
        return None
    cov[np.ix_(idx, idx)] = inverse
    return cov


MIN_RECIPROCAL_CONDITION = 1e-10
"""An information matrix closer to singular than this (LAPACK's estimate) has no inverse here."""


def positive_definite_inverse(matrix: np.ndarray, overwrite: bool = False) -> np.ndarray | None:
    """The inverse of a symmetric positive definite matrix by its Cholesky factor, or None
    when it is not positive definite or is nearly singular (reciprocal condition number,
    LAPACK's 1-norm estimate, below MIN_RECIPROCAL_CONDITION). Cubic like an inverse, but
    a third of the work of an eigen-decomposition and an inverse. With ``overwrite`` the
    work is done in ``matrix``'s own memory (a thousand raters: 32 MB a copy)."""
    from scipy.linalg import lapack
    if not np.all(np.isfinite(matrix)):
        return None
    norm = float(np.abs(matrix).sum(axis=0).max())
    work = matrix.T if matrix.flags.c_contiguous else matrix      # symmetric: the same matrix
    factor, info = lapack.dpotrf(work, lower=False, overwrite_a=overwrite)
    if info != 0:
        return None
    rcond, info = lapack.dpocon(factor, norm)
    if info != 0 or not rcond > MIN_RECIPROCAL_CONDITION:
        return None
    inverse, info = lapack.dpotri(factor, lower=False, overwrite_c=True)
    if info != 0:
        return None
    lower = np.tri(len(inverse), k=-1, dtype=bool)
    np.copyto(inverse, inverse.T, where=lower)                 # dpotri fills the upper half
    return inverse


@dataclass(frozen=True, eq=False)
class BlockCovariance:
    """The covariance of (t, q1_1..q1_R, q0_1..q0_R) with the cross terms between raters left
    out: t's variance and each rater's 2 x 2 block, kept as such. Reads as the dense
    (2R + 1) x (2R + 1) matrix it stands for (``cov[i, j]``, ``cov[np.ix_(rows, cols)]``,
    ``cov @ v``), in memory proportional to R: at 10,000 raters the dense matrix is 3.2 GB,
    at 100,000 it is 80."""

    t_variance: float
    blocks: np.ndarray          # (R, 2, 2): rater j's block over (q1_j, q0_j)

    __array_ufunc__ = None      # ``vector @ cov`` comes here (``__rmatmul__``), not to numpy

    @property
    def n_raters(self) -> int:
        return len(self.blocks)

    @property
    def shape(self) -> tuple[int, int]:
        n = 2 * self.n_raters + 1
        return n, n

    def _entries(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        r = self.n_raters
        rater_r, rater_c = (rows - 1) % max(r, 1), (cols - 1) % max(r, 1)
        side_r, side_c = (rows - 1) // max(r, 1), (cols - 1) // max(r, 1)
        same = (rows > 0) & (cols > 0) & (rater_r == rater_c)
        out = np.where(same, self.blocks[np.where(same, rater_r, 0), np.where(same, side_r, 0),
                                         np.where(same, side_c, 0)] if r else 0.0, 0.0)
        return np.where((rows == 0) & (cols == 0), self.t_variance, out)

    def __getitem__(self, key: tuple) -> np.ndarray:
        """The entries at ``key`` (two integers: a 0-d array; ``np.ix_(rows, cols)``: the block)."""
        rows, cols = np.broadcast_arrays(np.asarray(key[0]), np.asarray(key[1]))
        return self._entries(rows, cols)

    def __matmul__(self, vector: np.ndarray) -> np.ndarray:
        r, b = self.n_raters, self.blocks
        v1, v0 = vector[1:r + 1], vector[r + 1:]
        return np.concatenate([[self.t_variance * vector[0]],
                               b[:, 0, 0] * v1 + b[:, 0, 1] * v0, b[:, 1, 0] * v1 + b[:, 1, 1] * v0])

    __rmatmul__ = __matmul__          # symmetric

    def toarray(self) -> np.ndarray:
        idx = np.arange(self.shape[0])
        return self._entries(idx[:, None], idx[None, :])

    @classmethod
    def zeros(cls, n_raters: int) -> BlockCovariance:
        return cls(0.0, np.zeros((n_raters, 2, 2)))


Covariance = np.ndarray | BlockCovariance
"""A per-rater fit's parameter covariance: dense, or per rater (:class:`BlockCovariance`)."""


def block_inverses(blocks: np.ndarray, free: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each rater's covariance from their 2 x 2 information block over the free ones of
    (q1_j, q0_j) (``free``: (R, 2)), worked out for all raters at once: (R, 2, 2) covariances
    and which raters have one. A rater has none where the free block is not positive definite
    or is nearly singular (reciprocal condition number in the 1-norm below
    MIN_RECIPROCAL_CONDITION), as :func:`positive_definite_inverse` judges one matrix; a 2 x 2
    inverse is written out here rather than a LAPACK call for each of 100,000 raters."""
    a, b, d = blocks[:, 0, 0], blocks[:, 0, 1], blocks[:, 1, 1]
    both, one1, one0 = free[:, 0] & free[:, 1], free[:, 0] & ~free[:, 1], ~free[:, 0] & free[:, 1]
    out = np.zeros_like(blocks)
    with np.errstate(divide="ignore", invalid="ignore"):
        det = a * d - b * b
        inv = np.stack([np.stack([d, -b], -1), np.stack([-b, a], -1)], -2) / det[:, None, None]
        norm = np.maximum(np.abs(a) + np.abs(b), np.abs(b) + np.abs(d))
        inv_norm = norm / np.abs(det)
        conditioned = 1.0 / (norm * inv_norm) > MIN_RECIPROCAL_CONDITION
        ok2 = both & np.isfinite(blocks).all(axis=(1, 2)) & (a > 0) & (det > 0) & conditioned
        ok1 = one1 & (a > 0) & np.isfinite(a)
        ok0 = one0 & (d > 0) & np.isfinite(d)
        out[ok2] = inv[ok2]
        out[ok1, 0, 0] = 1.0 / a[ok1]
        out[ok0, 1, 1] = 1.0 / d[ok0]
    none = ~free[:, 0] & ~free[:, 1]
    return out, ok2 | ok1 | ok0 | none


def parameter_covariance(data: RaterData, params: RaterParams, boundary: float,
                         ) -> tuple[Covariance, np.ndarray, str]:
    """(covariance of (t, q1, q0), which variances exist, method in words).

    Parameters within ``boundary`` of 0 or 1 are held fixed. The full matrix
    is used for up to FULL_INFORMATION_MAX_RATERS raters when it can be
    inverted; otherwise each rater's 2 x 2 block (and t alone, a
    :class:`BlockCovariance`), where a block that cannot be inverted leaves that
    rater without standard errors.
    """
    x = params.vector()
    free = (x > boundary) & (x < 1 - boundary)
    r = data.n_raters
    if r <= FULL_INFORMATION_MAX_RATERS:
        info = observed_information(data, params)
        # EM creeps towards an edge slowly; an estimate still on its way there can leave the
        # matrix indefinite, so a second try also holds estimates within NEAR_EDGE fixed.
        for edge in (boundary, max(boundary, NEAR_EDGE)):
            held = free & (x > edge) & (x < 1 - edge)
            cov = covariance(info, held)
            if cov is not None:
                # Translators: where a fit's standard errors come from (it starts a sentence's clause).
                return cov, held, said("observed information (exact Hessian of the likelihood)")
    info_t, blocks = observed_information(data, params, blockwise=True)
    known = np.zeros(2 * r + 1, dtype=bool)
    t_variance = 0.0
    if free[0] and info_t > 0:
        t_variance, known[0] = 1.0 / info_t, True
    rater_free = np.column_stack([free[1:r + 1], free[r + 1:]])
    covs, invertible = block_inverses(blocks, rater_free)
    covs[~invertible] = 0.0
    known[1:r + 1] = rater_free[:, 0] & invertible
    known[r + 1:] = rater_free[:, 1] & invertible
    return (BlockCovariance(t_variance, covs), known,
            # Translators: where a fit's standard errors come from (it starts a clause).
            said("observed information per rater (2 x 2 blocks; cross-rater terms left out)"))
