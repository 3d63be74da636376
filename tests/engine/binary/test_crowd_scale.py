"""Per-rater fits with many raters (issue 43): the shortcuts that keep a thousand raters fast give
the numbers of the plain arithmetic."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest
from tapdesk.engine.binary import rater_standing as rs
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater_em import RaterParams, positive_definite_inverse, rater_data
from tapdesk.engine.coefficients.pabak import equal_rates_test, pair_gap


def spd(rng: np.random.Generator, n: int) -> np.ndarray:
    a = rng.normal(size=(n, n))
    return a @ a.T / n + np.eye(n) * 0.1


def test_the_cholesky_inverse_is_the_inverse():
    rng = np.random.default_rng(1)
    m = spd(rng, 40)
    assert np.abs(positive_definite_inverse(m.copy()) - np.linalg.inv(m)).max() < 1e-10
    own = m.copy()
    assert np.abs(positive_definite_inverse(own, overwrite=True) - np.linalg.inv(m)).max() < 1e-10


@pytest.mark.parametrize("matrix", [-np.eye(3), np.diag([1.0, 1e-13]), np.array([[1.0, 2.0], [2.0, 1.0]]),
                                    np.array([[1.0, np.nan], [np.nan, 1.0]])])
def test_no_inverse_for_indefinite_nearly_singular_or_broken_matrices(matrix):
    assert positive_definite_inverse(matrix) is None


@pytest.fixture(scope="module")
def crowd_panel():
    """Forty raters, each rating a fifth of 400 subjects."""
    rng = np.random.default_rng(7)
    a = rng.uniform(0.3, 0.9, 40)
    truth = rng.random(400) < 0.4
    y = np.where(rng.random((400, 40)) < a, truth[:, None], rng.random((400, 40)) < 0.5).astype(float)
    y[rng.random(y.shape) < 0.8] = np.nan
    table = RatingsTable.from_wide(y.tolist(), rater_ids=[f"w{j}" for j in range(40)])
    request = FitRequest(model="per-rater", class1=("1",))
    data = rater_data(table, counts_for(request, table))
    r = data.n_raters
    params = RaterParams(0.4, rng.uniform(0.6, 0.95, r), rng.uniform(0.05, 0.4, r))
    return data, params


def test_panel_wald_intervals_with_the_shared_direction_equal_the_full_products(crowd_panel):
    data, params = crowd_panel
    r = data.n_raters
    cov = spd(np.random.default_rng(2), 1 + 2 * r)
    known = np.ones(1 + 2 * r, bool)
    mle = params.vector()
    shared = rs.panel_directions(data, params, cov, mle)
    for j in range(r):
        for name in rs.QUANTITIES:
            contrast = rs.contrast_for(data, params, j, name)
            grad = contrast.gradient(mle)
            fast = rs.quadratic_form(cov, grad, shared[name])
            assert fast == pytest.approx(grad @ cov @ grad, rel=1e-10)
            assert rs.wald_bounds(cov, known, mle, contrast, 0.95, shared[name]) == pytest.approx(
                rs.wald_bounds(cov, known, mle, contrast, 0.95), rel=1e-10)


def test_a_gradient_of_another_shape_falls_back_to_the_full_product(crowd_panel):
    data, params = crowd_panel
    r = data.n_raters
    cov = spd(np.random.default_rng(3), 1 + 2 * r)
    shared = rs.panel_directions(data, params, cov, params.vector())["a"]
    grad = np.random.default_rng(4).normal(size=1 + 2 * r)
    assert shared.split(grad) is None
    assert rs.quadratic_form(cov, grad, shared) == pytest.approx(grad @ cov @ grad, rel=1e-12)


def test_the_mean_gap_between_rater_pairs_from_sorted_shares():
    share = np.random.default_rng(5).random(30)
    pairs = [abs(a - b) for i, a in enumerate(share) for b in share[i + 1:]]
    assert pair_gap(share) == pytest.approx(np.mean(pairs), rel=1e-12)


def test_the_equal_rates_test_on_a_sparse_design_is_the_pseudo_inverse_one():
    """The grounded Laplacian solve gives (S - E)' V^+ (S - E) and V's rank, with raters in
    two groups that never rated the same subject."""
    rng = np.random.default_rng(6)
    grid = np.full((120, 8), -1)
    for i in range(120):
        group = range(4) if i < 60 else range(4, 8)
        chosen = rng.choice(list(group), 3, replace=False)
        grid[i, chosen] = rng.random(3) < 0.3 + 0.1 * chosen
    rated, says1 = grid >= 0, grid == 1
    r_i, c_i = rated.sum(axis=1), says1.sum(axis=1)
    mixed = (c_i > 0) & (c_i < r_i)
    m, x = rated[mixed].astype(float), says1[mixed]
    r, c = r_i[mixed].astype(float), c_i[mixed]
    u = c / r
    w = u * (1 - u)
    cov = np.diag((w * r / (r - 1)) @ m) - m.T @ (m * (w / (r - 1))[:, None])
    gap = x.sum(axis=0) - u @ m
    test = equal_rates_test(grid, 1, reshuffles=0)
    assert test.q == pytest.approx(gap @ np.linalg.pinv(cov) @ gap, rel=1e-9)
    assert test.df == np.linalg.matrix_rank(cov) == 6


def test_many_raters_are_solved_by_conjugate_gradients_to_the_dense_answer(monkeypatch):
    from tapdesk.engine.coefficients import pabak
    rng = np.random.default_rng(9)
    grid = np.full((400, 60), -1)
    for i in range(400):
        chosen = rng.choice(60, 3, replace=False)
        grid[i, chosen] = rng.random(3) < 0.2 + 0.01 * chosen
    dense = equal_rates_test(grid, 1, reshuffles=0)
    monkeypatch.setattr(pabak, "DENSE_SOLVE", 0)
    iterative = equal_rates_test(grid, 1, reshuffles=0)
    assert iterative.q == pytest.approx(dense.q, rel=1e-8)
    assert iterative.df == dense.df
