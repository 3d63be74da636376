"""SQUAREM cycles that write into one run's scratch arrays give the numbers fresh arrays give
(issue 57: at ten million labels each fresh subject array cost the kernel's zeroing again)."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.per_rater_squarem import Scratch, cycle, evaluated
from tests.engine.binary.test_deferred_panels import weak_three


def test_cycles_in_scratch_arrays_are_the_cycles_in_fresh_ones():
    data, params = weak_three(600, 5)
    start = type(params)(0.5, np.clip(params.q1 * 0.8, 0.05, 0.95), np.clip(params.q0 * 1.3, 0.05, 0.95))
    fresh_ll, fresh_gamma = evaluated(data, start, None)
    kept_ll, kept_gamma = fresh_ll, fresh_gamma.copy()
    fresh, kept, scratch, seen = start, start, Scratch(data.n_subjects), set()
    for _ in range(8):
        fresh, fresh_ll, fresh_gamma = cycle(data, fresh, fresh_gamma, None)
        before = kept_gamma.copy()
        kept, kept_ll, gamma = cycle(data, kept, kept_gamma, None, scratch)
        assert np.array_equal(kept_gamma, before)               # its input is left as it was
        assert gamma is not kept_gamma and any(gamma is slot for slot in scratch.slots)
        seen.add(id(gamma))
        kept_gamma = gamma
        assert kept_ll == fresh_ll and np.array_equal(kept_gamma, fresh_gamma)
        assert np.array_equal(kept.vector(), fresh.vector())
    assert len(seen) == 2                                       # the two slots in turn


def _design(widths, counts=None):
    import scipy.sparse as sp

    from tapdesk.engine.binary.per_rater_em import RaterData

    rng = np.random.default_rng(5)
    rows = np.repeat(np.arange(len(widths)), widths)
    cols = np.concatenate([rng.choice(40, w, replace=False) for w in widths])
    data = np.ones(len(rows)) if counts is None else np.asarray(counts, float)
    matrix = sp.csr_matrix((data, (rows, cols)), shape=(len(widths), 40))
    matrix.indices = np.concatenate([rng.permutation(matrix.indices[a:b])     # any stored order
                                     for a, b in zip(matrix.indptr[:-1], matrix.indptr[1:])])
    return RaterData(matrix, matrix.T, np.arange(len(widths)), np.arange(20),
                     np.asarray(widths, float), np.asarray(matrix.sum(axis=0)).ravel())


def test_label_sums_are_scipys_product_bit_for_bit(monkeypatch):
    from tapdesk.engine.binary import per_rater_em as em

    monkeypatch.setattr(em, "ROW_CHUNK", 7)                    # chunks that end mid-way
    x = np.random.default_rng(2).normal(0, 1, 40) * 10.0 ** np.arange(-20, 20)
    zeros = np.where(np.arange(40) < 36, -0.0, x)              # rows of -0.0 alone sum to 0.0
    for widths, expected in (([3] * 50, 3), ([5] * 23, 5), ([3] * 20 + [2], 0), ([1] * 9, 0)):
        data = _design(widths)
        assert data.row_width == expected
        for values in (x, np.r_[x[:39], np.nan], zeros):
            ours, scipys = em.label_sums(data, values), data.counts @ values
            assert np.array_equal(ours.view(np.int64), scipys.view(np.int64))
        assert np.signbit(em.label_sums(data, -0.0 * np.ones(40))).sum() == 0
    assert _design([2] * 10, [1.0, 2.0] * 10).row_width == 0     # a count of 2: scipy's product
