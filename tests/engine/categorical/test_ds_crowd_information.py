"""Dawid-Skene class-share intervals for a crowd too large for one information matrix
(issue 43): the information's products and the workers' blocks against the exact matrix, and
the class shares' covariance against the exact inverse."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.categorical import dawid_skene
from tapdesk.engine.categorical import ds_crowd_information as crowd
from tapdesk.engine.categorical.ds_information import (
    ds_simplices,
    full_information,
    natural_covariance,
)
from tapdesk.engine.categorical.rater_data import RaterData, resample
from tests import FIXTURES

CROWD = FIXTURES / "crowd_small.csv"      # 30 workers x 300 items, 3 labels an item, K = 3


@pytest.fixture(scope="module")
def fitted() -> tuple[RaterData, np.ndarray, np.ndarray]:
    """The fixture's data at its Dawid-Skene maximum, as the fit hands them to its estimates."""
    seen = []
    original = dawid_skene.ds_estimates

    def recording(prepared, data, params, affordable, level=0.95):
        seen.append((data, params))
        return original(prepared, data, params, affordable, level)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dawid_skene, "ds_estimates", recording)
        fit(FitRequest(model="dawid-skene"), read_ratings(CROWD).table)
    data, params = seen[-1]
    return data, params.t, params.confusion


def test_the_product_is_the_exact_information_times_the_vector(fitted):
    data, t, conf = fitted
    rng = np.random.default_rng(2)
    for subjects in (data, resample(data, rng)):          # with bootstrap weights too
        info = full_information(subjects, t, conf)
        model = crowd.Model.of(subjects, t, conf)
        for _ in range(3):
            w = rng.normal(size=info.shape[0])
            exact = info @ w
            assert np.abs(crowd.information_product(model, w) - exact).max() < \
                1e-12 * np.abs(exact).max()


def test_each_workers_block_is_the_exact_matrix_block(fitted):
    data, t, conf = fitted
    k = data.k
    dense = full_information(data, t, conf).toarray()
    blocks = crowd.worker_blocks(crowd.Model.of(data, t, conf))
    for j in range(data.n_raters):
        idx = k + j * k * k + np.arange(k * k)
        assert np.abs(blocks[j] - dense[np.ix_(idx, idx)]).max() <= 1e-12 * np.abs(dense).max()


def test_the_class_shares_covariance_is_the_exact_inverses(fitted):
    data, t, conf = fitted
    values = np.concatenate([t, conf.ravel()])
    exact = natural_covariance(full_information(data, t, conf), values,
                               ds_simplices(data.n_raters, data.k))
    assert exact is not None
    mine = crowd.crowd_covariance(data, t, conf)
    assert mine is not None
    k = data.k
    assert mine[0][:k] == pytest.approx(exact[0][:k], rel=1e-6)
    assert mine[1] == pytest.approx(exact[1], rel=1e-5)
    assert np.isnan(mine[0][k:]).all()                  # the workers get none (see its docstring)


def test_a_crowd_over_the_matrix_limit_gets_class_share_intervals_and_says_why_not_more(
        monkeypatch, fitted):
    table = read_ratings(CROWD).table
    whole = fit(FitRequest(model="dawid-skene"), table)
    monkeypatch.setattr(dawid_skene, "MAX_FREE", 10)          # as if the crowd were large
    monkeypatch.setattr(dawid_skene, "se_affordable", lambda *_: False)
    large = fit(FitRequest(model="dawid-skene"), table)
    assert "for the class shares" in large.interval_method
    assert "30 raters" in large.interval_method
    for mine, exact in zip(large.params, whole.params):
        assert mine.se == pytest.approx(exact.se, rel=1e-6)
        assert mine.ci == pytest.approx(exact.ci, rel=1e-6)
    assert all(e.se is None for r in large.raters for e in r.estimates)
