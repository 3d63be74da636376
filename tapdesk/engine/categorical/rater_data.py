"""Ratings with rater identities as a sparse subjects x (rater, category) count matrix.

The per-rater t-a-p and Dawid-Skene likelihoods need to know who gave each
rating. With S[i, (j, k)] the number of times rater j put subject i in
category k, every E-step is two sparse products: the per-subject class
log-likelihoods S @ W (W[(j, k), c] = log pi_j(c -> k)) and the soft
confusion matrices S^T @ posterior. Missing ratings are simply absent.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from tapdesk.engine.categorical.common import Prepared
from tapdesk.engine.categorical.likelihood import TINY, normalise_rows


@dataclass(frozen=True)
class RaterEStep:
    log_likelihood: float
    posterior: np.ndarray        # subjects x K
    class_totals: np.ndarray     # K
    confusion: np.ndarray        # J x K x K expected counts (rows true class, columns rating)


@dataclass(frozen=True, eq=False)
class RaterData:
    counts: sparse.csr_matrix    # subjects x (J * K)
    transposed: sparse.csc_matrix
    """``counts.T``: the same arrays read by columns, no copy. A product with it walks the
    subjects in order and adds into the (J * K) rows, which stay in cache; a row-ordered
    transposed copy jumps about the subjects' posterior (ten to thirty times slower on a
    crowd file's millions of subjects, and a second copy of the labels in memory)."""
    n_raters: int
    k: int
    rater_codes: np.ndarray            # table rater code of each model rater
    weight: np.ndarray | None = None   # subject weights (bootstrap); None = all 1
    known: np.ndarray | None = None
    """Per subject: the code of its known true category (a gold label), or -1; None when no
    subject's is known. A known subject is held in its category at every E-step
    (:func:`e_step`) and in the majority-vote start (:meth:`vote_shares`)."""

    @classmethod
    def from_prepared(cls, prepared: Prepared) -> RaterData:
        """Raters who rated none of the analysed subjects are left out of the model."""
        codes, rater = np.unique(prepared.rater, return_inverse=True)
        return cls.from_codes(prepared.subject, rater.reshape(-1), prepared.rating,
                              prepared.n_subjects, len(codes), prepared.k, codes)

    @classmethod
    def from_codes(cls, subject, rater, rating, n_subjects: int, n_raters: int, k: int,
                   rater_codes: np.ndarray | None = None) -> RaterData:
        col = np.asarray(rater) * k + np.asarray(rating)
        mat = sparse.csr_matrix((np.ones(len(col)), (np.asarray(subject), col)),
                                shape=(n_subjects, n_raters * k))
        mat.sum_duplicates()
        codes = np.arange(n_raters) if rater_codes is None else np.asarray(rater_codes)
        return cls(mat, mat.T, n_raters, k, codes)

    @property
    def n_subjects(self) -> int:
        return self.counts.shape[0]

    @property
    def n_ratings(self) -> float:
        w = self.subject_weight()
        return float(w @ np.asarray(self.counts.sum(axis=1)).ravel())

    def subject_weight(self) -> np.ndarray:
        return self.weight if self.weight is not None else np.ones(self.n_subjects)

    def ratings_per_rater(self) -> np.ndarray:
        per_col = np.asarray(self.counts.sum(axis=0)).ravel()
        return per_col.reshape(self.n_raters, self.k).sum(axis=1)

    def category_share(self) -> np.ndarray:
        per_col = np.asarray(self.counts.sum(axis=0)).ravel().reshape(self.n_raters, self.k)
        tot = per_col.sum(axis=0) + 1e-3
        return tot / tot.sum()

    def vote_shares(self) -> np.ndarray:
        """Each subject's share of ratings in each category (the majority-vote start)."""
        per = np.zeros((self.n_subjects, self.k))
        coo = self.counts.tocoo()
        np.add.at(per, (coo.row, coo.col % self.k), coo.data)
        shares = per / np.maximum(per.sum(axis=1, keepdims=True), 1)
        if self.known is not None:
            held = self.known >= 0
            shares[held] = np.eye(self.k)[self.known[held]]
        return shares

    def with_known(self, known: np.ndarray | None) -> RaterData:
        """The same data with these subjects' true categories known (see ``known``)."""
        return RaterData(self.counts, self.transposed, self.n_raters, self.k, self.rater_codes,
                         self.weight, known)


def e_step(data: RaterData, t: np.ndarray, confusion: np.ndarray) -> RaterEStep:
    """E-step for per-rater confusion matrices (J, K, K)."""
    k = data.k
    weights = np.log(np.maximum(confusion, TINY)).transpose(0, 2, 1).reshape(-1, k)
    joint = data.counts @ weights
    joint += np.log(np.maximum(t, TINY))[None, :]     # in place: no second subjects x K array
    row, post = normalise_rows(joint)
    if data.known is not None:              # gold labels: the subject's class is no guess
        held = np.flatnonzero(data.known >= 0)
        classes = data.known[held]
        row[held] = joint[held, classes]
        post[held] = 0.0
        post[held, classes] = 1.0
    if data.weight is None:
        wpost, ll = post, float(row.sum())
    else:
        wpost, ll = post * data.weight[:, None], float(data.weight @ row)
    conf = (data.transposed @ np.ascontiguousarray(wpost)).reshape(data.n_raters, k, k)
    return RaterEStep(ll, post, wpost.sum(axis=0), conf.transpose(0, 2, 1))


def resample(data: RaterData, rng: np.random.Generator) -> RaterData:
    """Bootstrap over subjects: the same matrix with multinomial subject weights."""
    n = data.n_subjects
    weight = rng.multinomial(n, np.full(n, 1 / n)).astype(float)
    return RaterData(data.counts, data.transposed, data.n_raters, data.k, data.rater_codes, weight,
                     data.known)
