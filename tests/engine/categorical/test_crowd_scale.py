"""Annotation-team scale (issue 43): the sparse Dawid-Skene sums against dense arithmetic and
against crowd-kit, its exact information, SQUAREM, and honest words for workers with few labels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.categorical import ds_em, per_rater_em
from tapdesk.engine.categorical.common import prepare
from tapdesk.engine.categorical.dawid_skene import FEW_LABELS, ds_gradient
from tapdesk.engine.categorical.ds_information import (
    ds_simplices,
    free_map,
    full_information,
    natural_covariance,
)
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.categorical.restarts import em_from
from tapdesk.engine.categorical.simulate import simulate_codes, table_from_codes
from tapdesk.engine.results import FitResult

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "crowd_small.csv"
"""900 labels: 30 workers x 300 items, 3 labels an item, 3 categories
(``benchmarks/crowd_data.py tests/fixtures/crowd_small.csv --workers 30 --items 300 --k 3
--seed 7``)."""

# crowd-kit 1.4.2 (Python 3.11, pandas 3.1.1, numpy 2.4.6), 2026-11-25:
#   data = pd.read_csv("tests/fixtures/crowd_small.csv",
#                      dtype={"task": str, "worker": str, "label": int})
#   model = DawidSkene(n_iter=100000, tol=1e-14).fit(data)    # 354 iterations, majority-vote start
#   model.priors_ (labels 1, 2, 3); model.errors_.loc[worker].loc[rated, true] (rows here: true)
CROWDKIT_PRIORS = (0.427397, 0.339262, 0.233341)
CROWDKIT_CONFUSION = {
    "w0": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.38176, 0.0, 0.61824]],
    "w1": [[1.0, 0.0, 0.0], [0.251673, 0.748327, 0.0], [0.0, 0.0, 1.0]],
    "w2": [[0.927788, 0.0, 0.072212], [0.186362, 0.745483, 0.068155], [0.442357, 0.0, 0.557643]],
    "w5": [[1.0, 0.0, 0.0], [0.150749, 0.849251, 0.0], [0.0, 0.0, 1.0]],
    "w17": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.357106, 0.0, 0.642894]],
}
CROWDKIT_LOG_LIKELIHOOD = -626.6284550747591
"""crowd-kit's priors_ and errors_ (all 30 workers) scored by TapDesk's Dawid-Skene likelihood
(rater_data.e_step), the same day."""


@pytest.fixture(scope="module")
def crowd() -> tuple[FitResult, RaterData]:
    table = read_ratings(FIXTURE).table
    return fit(FitRequest(model="dawid-skene"), table), RaterData.from_prepared(prepare(table))


def confusion_of(result: FitResult, worker: str) -> np.ndarray:
    table = next(t for t in result.tables if t.title.startswith(f"How rater {worker} rates"))
    return np.array([row[1:] for row in table.rows], float)


# ------------------------------------------------------------------ against crowd-kit
def test_class_shares_match_crowdkits_dawid_skene(crowd):
    result, _ = crowd
    shares = [e.value for e in result.params]
    assert shares == pytest.approx(CROWDKIT_PRIORS, abs=1e-5)


def test_worker_confusion_rows_match_crowdkit_where_the_data_reach_them(crowd):
    result, data = crowd
    prepared = prepare(read_ratings(FIXTURE).table)
    posterior = e_step(data, np.array([e.value for e in result.params]),
                       np.array([confusion_of(result, prepared.table.rater_ids[c])
                                 for c in data.rater_codes])).confusion
    for worker, theirs in CROWDKIT_CONFUSION.items():
        j = [prepared.table.rater_ids[c] for c in data.rater_codes].index(worker)
        seen = posterior[j].sum(axis=1) >= 0.5        # a row with no labels is not estimated
        assert confusion_of(result, worker)[seen] == pytest.approx(np.array(theirs)[seen],
                                                                   abs=1e-4)


def test_log_likelihood_at_least_crowdkits(crowd):
    result, _ = crowd
    assert result.log_likelihood.nats >= CROWDKIT_LOG_LIKELIHOOD - 1e-9


# ------------------------------------------------------------------ sparse against dense
def dense_log_joint(data: RaterData, t: np.ndarray, confusion: np.ndarray) -> np.ndarray:
    """log t_c + sum of log pi_j(c, l) over each subject's labels, rating by rating."""
    coo = data.counts.tocoo()
    out = np.tile(np.log(t), (data.n_subjects, 1))
    for i, col, n in zip(coo.row, coo.col, coo.data):
        j, label = divmod(int(col), data.k)
        out[i] += n * np.log(confusion[j, :, label])
    return out


def test_sparse_e_step_equals_label_by_label_sums():
    rng = np.random.default_rng(3)
    conf = rng.dirichlet(np.ones(3), size=(6, 3)) * 0.5 + 0.5 * np.eye(3)
    _, codes = simulate_codes((0.5, 0.3, 0.2), conf, 80, seed=4, missing_rate=0.3)
    data = RaterData.from_prepared(prepare(table_from_codes(codes, k=3)))
    t = np.array([0.4, 0.35, 0.25])
    joint = dense_log_joint(data, t, conf)
    top = joint.max(axis=1, keepdims=True)
    ll = float((top[:, 0] + np.log(np.exp(joint - top).sum(axis=1))).sum())
    post = np.exp(joint - top) / np.exp(joint - top).sum(axis=1, keepdims=True)
    step = e_step(data, t, conf)
    assert step.log_likelihood == pytest.approx(ll, abs=1e-10)
    assert np.abs(step.posterior - post).max() < 1e-10


def test_exact_information_equals_the_numerical_hessian(crowd):
    _, data = crowd
    rng = np.random.default_rng(5)
    t = np.array([0.45, 0.33, 0.22])
    conf = 0.6 * np.eye(3) + 0.4 * rng.dirichlet(np.ones(3), size=(data.n_raters, 3))
    x0 = np.concatenate([t, conf.ravel()])
    jac, _ = free_map(x0, ds_simplices(data.n_raters, 3))
    exact = (jac.T @ full_information(data, t, conf) @ jac).toarray()
    gradient = ds_gradient(data)
    columns = jac.toarray().T
    h = 1e-6
    for a in rng.choice(len(columns), 12, replace=False):
        numeric = (jac.T @ (gradient(x0 + h * columns[a]) - gradient(x0 - h * columns[a]))) / (2 * h)
        assert -numeric == pytest.approx(exact[:, a], rel=1e-5, abs=1e-5 * np.abs(exact).max())


def test_large_models_get_class_share_intervals_from_the_exact_information():
    rng = np.random.default_rng(8)
    conf = 0.7 * np.eye(2) + 0.3 * rng.dirichlet(np.ones(2), size=(250, 2))
    _, codes = simulate_codes((0.6, 0.4), conf, 1500, seed=9, missing_rate=0.98)
    result = fit(FitRequest(model="dawid-skene", n_starts=2), table_from_codes(codes, k=2))
    assert "exact observed information" in result.interval_method
    shares = result.params
    assert all(e.ci is not None and e.ci[0] < e.value < e.ci[1] for e in shares)
    assert shares[0].se == pytest.approx(shares[1].se, rel=1e-9)     # t_2 = 1 - t_1


def test_natural_covariance_of_the_reference_entry_is_the_sum_of_the_others():
    info = np.array([[4.0, 1.0], [1.0, 3.0]])
    from scipy import sparse
    values = np.array([0.2, 0.3, 0.5])
    full = np.zeros((3, 3))
    full[:2, :2] = info                # natural information seen only by the first two entries
    variance, block = natural_covariance(sparse.csr_matrix(full), values, [np.arange(3)])
    # the largest entry (0.5) is the reference: x = (f1, f2, 1 - f1 - f2)
    jac = np.array([[1, 0], [0, 1], [-1, -1]], float)
    cov = np.linalg.inv(jac.T @ full @ jac)
    assert variance == pytest.approx(np.diag(jac @ cov @ jac.T), rel=1e-12)
    assert block == pytest.approx(jac @ cov @ jac.T, rel=1e-12)


# ------------------------------------------------------------------ SQUAREM
def plain_and_accelerated(data, start, run_em_module):
    outs = []
    for extrapolate in (None, run_em_module.extrapolate):
        gen = em_from(data, start, e_step=e_step, m_step=run_em_module.m_step,
                      confusion=(lambda p: p.confusion) if run_em_module is ds_em
                      else (lambda p: p.confusion()),
                      shown=lambda p: p.t, start_index=0, request_id=0, tolerance=1e-13,
                      max_iterations=20000, cancel=NEVER_CANCELLED, names=(), emit=False,
                      extrapolate=extrapolate)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            outs.append(stop.value)
    return outs


def test_squarem_reaches_plain_ems_optimum_in_fewer_iterations(crowd):
    _, data = crowd
    start = ds_em.from_posterior(data, data.vote_shares())
    plain, fast = plain_and_accelerated(data, start, ds_em)
    assert fast[1] >= plain[1] - 1e-7
    assert fast[2] < plain[2]
    assert np.abs(fast[0].t - plain[0].t).max() < 1e-4


def test_squarem_never_lowers_the_log_likelihood_of_the_per_rater_model(crowd):
    _, data = crowd
    start = per_rater_em.PerRaterTap(np.full(3, 1 / 3), np.full(data.n_raters, 0.5),
                                     np.full((data.n_raters, 3), 1 / 3))
    plain, fast = plain_and_accelerated(data, start, per_rater_em)
    assert (np.diff(fast[4]) >= -1e-9).all()
    assert fast[1] >= plain[1] - 1e-6


# ------------------------------------------------------------------ few labels
def test_workers_with_few_labels_get_words_not_numbers(crowd):
    result, _ = crowd
    few = [r for r in result.raters if r.n_ratings < FEW_LABELS]
    told = [r for r in result.raters if r.n_ratings >= FEW_LABELS]
    assert few and told
    for rater in few:
        assert not rater.flagged
        assert all(e.ci is None and not e.identified for e in rater.estimates)
        assert "cannot be told" in rater.estimates[1].meaning
    sentence = next(h for h in result.headline if "fewer than" in h)
    assert sentence.startswith(f"{len(few)} of {len(result.raters)} raters")
    ids = {r.rater_id for r in few}
    ranged = next(h for h in result.headline if h.startswith("Raters name the true category"))
    assert not any(f"({rid})" in ranged for rid in ids)

