"""Dawid-Skene and the per-rater K-category t-a-p model: recovery, monotone EM, comparison table."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.stats import chi2

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.categorical.compare import TITLE, compare_with_dawid_skene
from tapdesk.engine.categorical.simulate import simulate_codes, table_from_codes, tap_confusions
from tapdesk.engine.events import Iteration
from tapdesk.errors import SettingError

T3 = (0.5, 0.3, 0.2)


def ds_confusions(seed: int, n_raters: int = 5, k: int = 3) -> np.ndarray:
    """Accurate-ish raters whose errors are NOT t-a-p shaped (each row its own error profile)."""
    rng = np.random.default_rng(seed)
    diag = rng.uniform(0.55, 0.85, size=(n_raters, 1, 1))
    errors = rng.dirichlet(np.full(k, 0.7), size=(n_raters, k))
    return diag * np.eye(k) + (1 - diag) * errors


@pytest.fixture(scope="module")
def ds_data():
    conf = ds_confusions(1)
    _, codes = simulate_codes(T3, conf, n_subjects=3000, seed=2, missing_rate=0.1)
    return conf, table_from_codes(codes, k=3)


def monotone(events) -> bool:
    groups = itertools.groupby([e for e in events if isinstance(e, Iteration)],
                               key=lambda e: e.start)
    for _, group in groups:
        lls = np.array([e.log_likelihood for e in group])
        if (np.diff(lls) < -1e-9 * abs(lls[-1])).any():
            return False
    return True


def test_dawid_skene_recovers_confusion_matrices(ds_data):
    conf, table = ds_data
    events = []
    result = fit(FitRequest(model="dawid-skene", n_starts=3), table, on_event=events.append)
    assert monotone(events)
    assert np.allclose([e.value for e in result.params], T3, atol=0.03)
    for j, rater in enumerate(result.raters):
        matrix = np.array(
            [
                row[1:]
                for row in result.table(
                    f"How rater {rater.rater_id} rates each true category"
                ).rows
            ]
        )
        assert np.allclose(matrix.sum(axis=1), 1)
        assert np.abs(matrix - conf[j]).max() < 0.06, (rater.rater_id, matrix, conf[j])
        assert rater.get("accuracy").value == pytest.approx(float(np.dot(T3, np.diag(conf[j]))),
                                                            abs=0.03)
    assert len(result.subjects) == result.n_subjects == 3000 - result.n_excluded


def check_comparison(table_result, n_raters: int, k: int, n_subjects: int):
    rows = {r[0]: r for r in table_result.rows}
    avg, per, ds = rows["t-a-p (average rater)"], rows["t-a-p (per rater)"], rows["Dawid-Skene"]
    assert avg[1] <= per[1] + 1e-6 <= ds[1] + 2e-6          # nested models, nested likelihoods
    assert (avg[2], per[2], ds[2]) == (2 * k - 1, k - 1 + n_raters * k,
                                       k - 1 + n_raters * k * (k - 1))
    for row in (avg, per):
        assert row[3] >= 0 and row[3] == pytest.approx(2 * (ds[1] - row[1]), abs=1e-6)
        assert row[4] == ds[2] - row[2]
        assert row[5] == pytest.approx(chi2.sf(row[3], row[4]))
    for row in (avg, per, ds):
        assert row[6] == pytest.approx(2 * row[2] - 2 * row[1])
        assert row[7] == pytest.approx(row[2] * np.log(n_subjects) - 2 * row[1], rel=1e-12)
    return avg, per, ds


def test_comparison_detects_non_tap_errors(ds_data):
    _, table = ds_data
    side = compare_with_dawid_skene(table)
    assert side.title == TITLE
    n_analysed = int((table.ratings_per_subject() >= 2).sum())
    avg, per, ds = check_comparison(side, 5, 3, n_analysed)
    assert per[5] < 1e-6 and ds[7] < per[7]               # DS clearly better here


def test_per_rater_tap_recovers_and_tap_data_do_not_reject():
    a = np.array([0.3, 0.5, 0.6, 0.7, 0.8])
    p = np.array([[0.2, 0.5, 0.3]] * 5)
    conf = tap_confusions(a, p, 5)
    _, codes = simulate_codes(T3, conf, n_subjects=2000, seed=8)
    table = table_from_codes(codes, k=3)
    events = []
    result = fit(FitRequest(model="categorical-per-rater", n_starts=2), table,
                 on_event=events.append)
    assert monotone(events)
    got_a = np.array([r.estimates[0].value for r in result.raters])
    assert np.abs(got_a - a).max() < 0.06
    for r in result.raters:
        assert r.estimates[0].ci[0] < r.estimates[0].value < r.estimates[0].ci[1]
        assert [e.category for e in r.estimates[1:]] == ["1", "2", "3"]
    avg, per, ds = check_comparison(result.table(TITLE), 5, 3, 2000)
    assert per[7] < ds[7]                                  # BIC prefers the t-a-p description
    assert "Dawid-Skene" in result.headline[-1]


def test_models_needing_raters_refuse_tables_without_rater_ids():
    from tapdesk.data.ratings import RatingsTable
    table = RatingsTable.from_labels(["a", "a", "b", "b"], None, ["x", "y", "x", "x"])
    for model in ("categorical-per-rater", "dawid-skene"):
        with pytest.raises(SettingError):
            fit(FitRequest(model=model), table)
    with pytest.raises(SettingError):
        compare_with_dawid_skene(table)
