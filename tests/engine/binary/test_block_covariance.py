"""The per-rater covariance kept as blocks (crowd scale): it reads as the dense matrix it stands
for, and its blocks are the inverses one LAPACK call per rater gave."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.per_rater_em import BlockCovariance, block_inverses, covariance


def _random_blocks(rng: np.random.Generator, r: int) -> np.ndarray:
    b = rng.normal(size=(r, 2, 2))
    return b @ b.transpose(0, 2, 1) + 0.1 * np.eye(2)


def _dense(t_variance: float, blocks: np.ndarray) -> np.ndarray:
    r = len(blocks)
    out = np.zeros((2 * r + 1, 2 * r + 1))
    out[0, 0] = t_variance
    for j in range(r):
        idx = [1 + j, 1 + r + j]
        out[np.ix_(idx, idx)] = blocks[j]
    return out


def test_the_blocks_read_as_the_dense_matrix_they_stand_for():
    rng = np.random.default_rng(0)
    blocks = _random_blocks(rng, 6)
    cov, dense = BlockCovariance(0.7, blocks), _dense(0.7, blocks)
    assert cov.shape == dense.shape and np.array_equal(cov.toarray(), dense)
    v = rng.normal(size=len(dense))
    assert np.allclose(cov @ v, dense @ v, rtol=1e-14) and np.allclose(v @ cov, v @ dense, rtol=1e-14)
    assert np.isclose(v @ cov @ v, v @ dense @ v, rtol=1e-14)
    for rows in ([0, 3, 9], [2, 8], [1, 7, 12, 0]):
        assert np.array_equal(cov[np.ix_(rows, rows)], dense[np.ix_(rows, rows)])
    assert float(cov[0, 0]) == 0.7 and float(cov[3, 9]) == dense[3, 9] and float(cov[3, 4]) == 0.0
    assert not BlockCovariance.zeros(3).toarray().any()


def test_each_block_is_the_inverse_one_lapack_call_gave_or_none_where_it_gave_none():
    rng = np.random.default_rng(1)
    blocks = _random_blocks(rng, 40)
    blocks[1] = [[1.0, 2.0], [2.0, 1.0]]                 # indefinite
    blocks[2] = [[1.0, 1.0], [1.0, 1.0 + 1e-13]]         # nearly singular
    blocks[3] = [[-1.0, 0.0], [0.0, 2.0]]                # one side negative
    blocks[4] = [[np.nan, 0.0], [0.0, 1.0]]
    free = rng.random((40, 2)) > 0.25
    free[1:5] = True
    free[5] = (True, False)
    free[6] = (False, True)
    free[7] = False
    covs, invertible = block_inverses(blocks, free)
    for j in range(40):
        expected = covariance(blocks[j], free[j])
        if expected is None:
            assert not invertible[j], j
        else:
            assert invertible[j] and np.allclose(covs[j], expected, rtol=1e-12, atol=0), j
    assert not invertible[1:5].any() and invertible[5:8].all()
