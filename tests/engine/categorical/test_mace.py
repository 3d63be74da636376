"""MACE (issue 43 item 4): against crowd-kit's MACE on a small file, and against theory
(recovery of simulated workers within their error, an EM that never lowers the likelihood, the
global maximum of a tiny case found by brute force), and its place in the label comparison."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from scipy.optimize import minimize
from scipy.special import expit, logsumexp

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.categorical import mace_em
from tapdesk.engine.categorical.common import prepare
from tapdesk.engine.categorical.compare import LABELS_METHODS, LABELS_TITLE
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.categorical.simulate import simulate_codes, table_from_codes, tap_confusions
from tapdesk.engine.events import Iteration
from tapdesk.engine.request import Prior
from tapdesk.engine.run import drive
from tapdesk.errors import SettingError
from tapdesk.i18n.text import shown

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "crowd_small.csv"
"""900 labels: 30 workers x 300 items, 3 labels an item, 3 categories (see test_crowd_scale)."""

# crowd-kit 1.4.2 (Python 3.11, pandas 3.1.1, numpy 2.4.6, scipy 1.17.1), 2026-11-25:
#   data = pd.read_csv("tests/fixtures/crowd_small.csv",
#                      dtype={"task": str, "worker": str, "label": int})
#   data = data.sort_values(["worker", "label"], kind="stable").reset_index(drop=True)
#   em = MACE(method="em", n_restarts=1, n_iter=50).fit(data)
#   em.spamming_[w, 1] (knowing), em.thetas_[w] (spam spread), em.probas_.loc[task]
#   vb = MACE().fit(data)            # its defaults: method "vb", 10 restarts of 50 iterations
# The sort: crowd-kit 1.4.2's MACE stores the spam counts in sorted worker order (a pandas
# groupby) but reads them by first-appearance codes (pd.factorize), so on a file whose workers
# do not first appear in sorted order it gives one worker another's spread; sorted, the two
# orders agree. Its start (MACE._initialize, random_state 0) is rebuilt below with scipy.
CROWDKIT_EM_THETA = {"w0": 0.7922213284, "w3": 0.5072733174, "w6": 0.590341224,
                     "w12": 0.6168549217, "w16": 0.9993311339, "w26": 0.4847075227}
CROWDKIT_EM_XI = {"w0": (0.9984460548, 0.0008244094, 0.0007295358),
                  "w3": (0.0010132169, 0.0713489236, 0.9276378595),
                  "w6": (0.0643985673, 0.2504446579, 0.6851567748),
                  "w12": (0.4627117044, 0.0001801119, 0.5371081837),
                  "w16": (0.5156710323, 0.2506819395, 0.2336470282),
                  "w26": (0.5758519818, 0.1793654795, 0.2447825387)}
CROWDKIT_EM_PROBAS = {"t0": (0.9999999224, 3.88e-08, 3.88e-08),
                      "t2": (1.72662e-05, 0.0001789903, 0.9998037435),
                      "t17": (2.50874e-05, 0.9999711521, 3.7605e-06)}
CROWDKIT_EM_LABELS = (
    "12322111113211323223221313112313222311111331222213222111232133323111111212121122322121333"
    "11112313312312221223312331121231123111231121112122312111131132213121223211221122311322333"
    "21212232111321221331123123311211222131212111221333113112113212121222133111331312231121123"
    "232232211213213121323132231123121")
CROWDKIT_VB_LABELS = (
    "12322111113211323223221313112313122311111331222213222111232133323111111212121122322121333"
    "11112313312312221223312331121231123111231121112122112111131132213121223211221122311322333"
    "21212232111321221331123123311211221131212111221333113112113212121222133111331312231111123"
    "232232211211213121323132231123121")
"""Each item t0 ... t299's most likely label, in item order."""


@pytest.fixture(scope="module")
def crowd():
    table = read_ratings(FIXTURE).table
    prepared = prepare(table)
    return table, prepared, RaterData.from_prepared(prepared)


def crowdkit_start(workers: list[str], k: int) -> mace_em.Mace:
    """crowd-kit's MACE._initialize (default_noise 0.5, random_state 0), rows for ``workers``
    (crowd-kit's order is the sorted one: see the provenance above)."""
    ordered = sorted(workers)
    spam = stats.uniform(1, 1.5).rvs(size=(len(ordered), 2), random_state=0)
    spread = stats.uniform(1, 1.5).rvs(size=(len(ordered), k), random_state=0)
    rows = [ordered.index(w) for w in workers]
    spam, spread = spam[rows], spread[rows]
    return mace_em.Mace(spam[:, 1] / spam.sum(axis=1), spread / spread.sum(axis=1, keepdims=True))


def crowdkit_fifty_steps(data: RaterData, start: mace_em.Mace) -> mace_em.Mace:
    """crowd-kit's MACE(method="em", n_iter=50): 50 plain EM steps with the paper's smoothing."""
    params, *_ = drive(mace_em.run_em(
        data, start, smoothing=mace_em.PAPER_SMOOTHING / data.k, accelerate=False,
        start_index=0, request_id=0, tolerance=1e-300, max_iterations=50,
        cancel=NEVER_CANCELLED, names=(), emit=False))
    return params


def worker_ids(prepared, data) -> list[str]:
    return [prepared.table.rater_ids[c] for c in data.rater_codes]


# ------------------------------------------------------------------ against crowd-kit
def test_the_papers_em_step_for_step_as_crowdkits(crowd):
    """50 plain EM steps with the paper's smoothing 0.01/K from crowd-kit's start land on
    crowd-kit's numbers: the same E-step, M-step and item probabilities."""
    _, prepared, data = crowd
    workers = worker_ids(prepared, data)
    start = crowdkit_start(workers, data.k)
    params = crowdkit_fifty_steps(data, start)
    for worker, theta in CROWDKIT_EM_THETA.items():
        j = workers.index(worker)
        assert params.theta[j] == pytest.approx(theta, abs=1e-9)
        assert params.xi[j] == pytest.approx(CROWDKIT_EM_XI[worker], abs=1e-9)
    posterior = e_step(data, params.t, params.confusion()).posterior
    items = list(prepared.subject_ids())
    for item, probas in CROWDKIT_EM_PROBAS.items():
        assert posterior[items.index(item)] == pytest.approx(probas, abs=1e-9)


def test_maximum_likelihood_labels_agree_with_crowdkits_mace(crowd):
    table, _, _ = crowd
    result = fit(FitRequest(model="mace"), table)
    labels = {s.subject_id: result.class_labels[int(np.argmax(s.probabilities))]
              for s in result.subjects}
    ours = "".join(labels[f"t{i}"] for i in range(300))
    assert ours == CROWDKIT_EM_LABELS
    # the Bayesian variant's priors (Beta(0.5, 0.5), Dirichlet(10)) move 5 items of 300
    assert sum(a == b for a, b in zip(ours, CROWDKIT_VB_LABELS)) == 295


def test_the_fit_is_at_least_as_likely_as_crowdkits_fifty_steps(crowd):
    """Maximum likelihood, run to convergence from several starts, is at least as likely as
    crowd-kit's 50 smoothed steps (reproduced step for step by the test above)."""
    table, prepared, data = crowd
    result = fit(FitRequest(model="mace"), table)
    workers = worker_ids(prepared, data)
    theirs = crowdkit_start(workers, data.k)
    params = crowdkit_fifty_steps(data, theirs)
    assert result.log_likelihood.nats >= mace_em.log_likelihood(data, params) - 1e-9
    assert result.converged


# ------------------------------------------------------------------ against theory
THETA = np.array([0.85, 0.7, 0.6, 0.5, 0.4, 0.75, 0.3, 0.65])
XI = np.random.default_rng(11).dirichlet(np.full(3, 1.5), size=len(THETA))


@pytest.fixture(scope="module")
def simulated():
    truth, codes = simulate_codes(np.full(3, 1 / 3), tap_confusions(THETA, XI, len(THETA)),
                                  n_subjects=1500, seed=5, missing_rate=0.4)
    return truth, codes, table_from_codes(codes, k=3)


def test_mace_recovers_simulated_workers_within_their_error(simulated):
    _, _, table = simulated
    result = fit(FitRequest(model="mace", n_starts=4), table)
    for j, rater in enumerate(result.raters):
        a = rater.get("a")
        assert a.se is not None and a.ci is not None
        assert abs(a.value - THETA[j]) <= 4 * a.se, (rater.rater_id, a, THETA[j])
        for c, p in enumerate(e for e in rater.estimates if e.name == "p"):
            if p.se is not None:
                assert abs(p.value - XI[j, c]) <= 4 * p.se + 1e-3, (rater.rater_id, p, XI[j, c])


def test_mace_labels_are_right_more_often_than_the_vote_on_its_own_data(simulated):
    truth, _, table = simulated
    result = fit(FitRequest(model="mace"), table)
    agreement = result.table(LABELS_TITLE)
    assert [row[0] for row in agreement.rows] == list(LABELS_METHODS)
    mace_row = agreement.rows[LABELS_METHODS.index("MACE")]
    assert mace_row[1 + LABELS_METHODS.index("MACE")] == 1.0
    ids = np.array([int(s.subject_id) - 1 for s in result.subjects])
    labels = np.array([int(np.argmax(s.probabilities)) for s in result.subjects])
    right = float(np.mean(labels == truth[ids]))
    votes = np.array([np.bincount(row[row >= 0], minlength=3) for row in _codes(table)])
    majority = float(np.mean(votes[ids].argmax(axis=1) == truth[ids]))
    assert right > majority


def _codes(table) -> np.ndarray:
    grid = np.full((table.n_subjects, table.n_raters), -1)
    grid[table.subject, table.rater] = table.rating
    return grid


def test_em_never_lowers_the_likelihood(crowd):
    """The paper's EM, plain and with SQUAREM, from random starts; and the fit's own events."""
    table, _, data = crowd
    rng = np.random.default_rng(3)
    for accelerate in (False, True):
        start = mace_em.Mace(rng.uniform(0.2, 0.9, data.n_raters),
                             rng.dirichlet(np.ones(data.k), size=data.n_raters))
        *_, trace = drive(mace_em.run_em(
            data, start, accelerate=accelerate, start_index=0, request_id=0, tolerance=1e-12,
            max_iterations=400, cancel=NEVER_CANCELLED, names=(), emit=False))
        assert len(trace) > 5
        assert (np.diff(trace) >= -1e-9 * abs(trace[-1])).all()
    events: list = []
    fit(FitRequest(model="mace", n_starts=3), table, on_event=events.append)
    by_start = itertools.groupby([e for e in events if isinstance(e, Iteration)],
                                 key=lambda e: e.start)
    for _, group in by_start:
        lls = np.array([e.log_likelihood for e in group])
        assert (np.diff(lls) >= -1e-9 * abs(lls[-1])).all()


def test_the_fit_finds_the_global_maximum_of_a_tiny_case_by_brute_force():
    """Three workers, two labels, every item rated by all: the likelihood over a grid of all six
    parameters, its best point polished, is never above the fit's (nor the fit above it)."""
    theta, xi = np.array([0.8, 0.5, 0.3]), np.array([[0.3, 0.7], [0.6, 0.4], [0.5, 0.5]])
    _, codes = simulate_codes((0.5, 0.5), tap_confusions(theta, xi, 3), n_subjects=60, seed=2)
    result = fit(FitRequest(model="mace"), table_from_codes(codes, k=2))
    patterns = np.array(list(itertools.product(range(2), repeat=3)))
    counts = np.array([np.sum((codes == pattern).all(axis=1)) for pattern in patterns])

    def log_likelihood(th: np.ndarray, x1: np.ndarray) -> np.ndarray:
        """MACE's likelihood written out on its own: th, x1 (..., 3) knowing rates and each
        worker's chance of label 1 when guessing."""
        total = 0.0
        per_truth = []
        for true in (0, 1):
            log_item = 0.0
            for j in range(3):
                said = patterns[:, j]
                guess = np.where(said == 1, x1[..., j, None], 1 - x1[..., j, None])
                log_item = log_item + np.log(th[..., j, None] * (said == true)
                                             + (1 - th[..., j, None]) * guess)
            per_truth.append(log_item + np.log(0.5))
        total = (logsumexp(np.stack(per_truth), axis=0) * counts).sum(axis=-1)
        return total

    grid = np.linspace(0.02, 0.98, 9)
    points = np.array(list(itertools.product(grid, repeat=6)))
    values = np.concatenate([log_likelihood(chunk[:, :3], chunk[:, 3:])
                             for chunk in np.array_split(points, 20)])
    best = points[np.argmax(values)]
    polished = minimize(lambda z: -log_likelihood(expit(z[:3]), expit(z[3:])),
                        np.log(best / (1 - best)), method="BFGS", options={"gtol": 1e-8})
    ours = result.log_likelihood.nats
    assert ours >= values.max() - 1e-9
    assert ours == pytest.approx(-polished.fun, abs=1e-5)
    knowing = np.array([r.get("a").value for r in result.raters])
    assert log_likelihood(knowing, np.array([r.estimates[2].value for r in result.raters])) \
        == pytest.approx(ours, abs=1e-8)


def test_workers_with_few_labels_get_no_interval_and_no_verdict(crowd):
    table, _, _ = crowd
    result = fit(FitRequest(model="mace"), table)
    few = [r for r in result.raters if r.n_ratings < 10]
    assert few
    for rater in few:
        assert all(e.ci is None and not e.identified for e in rater.estimates)
        assert not rater.flagged
    told = [r for r in result.raters if r.n_ratings >= 10 and r.get("a").value < 0.99]
    assert all(r.get("a").ci is not None for r in told)
    assert any("fewer than 10 labels" in line for line in result.headline)
    assert result.subjects and len(result.subjects) == result.n_subjects


def test_the_equal_shares_are_stated_as_fixed_never_as_found(crowd):
    """MACE does not estimate the class shares: no surface may say what they were."""
    from tapdesk.engine.story.paragraph import estimate_sentences
    table, _, _ = crowd
    result = fit(FitRequest(model="mace"), table)
    assert {e.name for e in result.params} == {"equal_share"}
    assert all(e.value == pytest.approx(1 / 3) and "fixed, not estimated" in e.meaning
               for e in result.params)
    words = " ".join(estimate_sentences(result))
    assert "true categories" not in words and "accuracy" in words.lower()
    assert "equally common" in " ".join(result.headline)


def test_the_equal_shares_assumption_is_tested_against_per_rater_tap(simulated, crowd):
    """Categories simulated equally common are not contradicted; the crowd file's 43/34/23%
    (crowd-kit's Dawid-Skene shares) are."""
    equal = fit(FitRequest(model="mace"), simulated[2])
    assert any("do not contradict" in line for line in equal.headline), equal.headline
    unequal = fit(FitRequest(model="mace"), crowd[0])
    assert any("say otherwise" in line for line in unequal.headline), unequal.headline


def test_the_exact_information_equals_differences_of_the_score(crowd):
    """The intervals' information (chain rule through Dawid-Skene's, summed over the labels)
    against central differences of the analytic score in logit / log-ratio coordinates."""
    from tapdesk.engine.categorical.coords import Coordinates, blocks_for, observed_information_se
    from tapdesk.engine.categorical.mace_information import mace_variance
    from tapdesk.engine.categorical.per_rater_em import PerRaterTap, natural_gradient
    table, _, data = crowd
    result = fit(FitRequest(model="mace"), table)
    values = np.array([e.value for r in result.raters for e in r.estimates])
    params = mace_em.Mace.from_vector(values, data.k)

    def score(x):
        mace = mace_em.Mace.from_vector(x, data.k)
        tap = PerRaterTap(mace.t, mace.theta, mace.xi)
        return natural_gradient(e_step(data, tap.t, tap.confusion()), tap)[data.k:]

    # a worker who always knows: their xi is unseen; put it on a corner so it is held fixed
    knows = params.theta[:, None] > 1 - 1e-6
    xi = np.where(knows, np.eye(data.k)[params.xi.argmax(axis=1)], params.xi)
    coords = Coordinates(mace_em.Mace(params.theta, xi).as_vector(),
                         blocks_for([("prob", 1), ("simplex", data.k)] * data.n_raters))
    differences = observed_information_se(coords, score)
    exact = np.sqrt(mace_variance(data, params))
    both = np.isfinite(differences) & np.isfinite(exact)
    assert both.sum() >= 50
    assert exact[both] == pytest.approx(differences[both], rel=1e-5)


@pytest.mark.parametrize("model", ["dawid-skene", "categorical-per-rater"])
def test_the_other_latent_class_fits_show_mace_in_their_label_table(crowd, model):
    table, _, _ = crowd
    own = fit(FitRequest(model="mace"), table).table(LABELS_TITLE)
    other = fit(FitRequest(model=model), table).table(LABELS_TITLE)
    assert [row[0] for row in other.rows] == list(LABELS_METHODS)
    assert other.columns[1:] == tuple(f"same label as {name}" for name in LABELS_METHODS)
    assert all(row[1 + i] == 1.0 for i, row in enumerate(other.rows))
    mace = LABELS_METHODS.index("MACE")
    # its quick fit (the vote's start) labels as the full MACE fit does, within an item or two
    assert np.abs(np.array(other.rows[mace][1:]) - np.array(own.rows[mace][1:])).max() <= 0.01


# ------------------------------------------------------------------ the paper's priors (issue 78)
def test_the_posterior_mode_climbs_its_objective_to_a_fixed_point(crowd):
    """MAP-EM under the paper's priors never lowers the log-likelihood plus the log prior, ends
    where its M-step stands still, and is there more probable a posteriori than the
    maximum-likelihood fit (which is more likely, having no prior to pay)."""
    table, _, data = crowd
    prior = mace_em.PAPER_PRIOR
    start = mace_em.from_votes(data)
    params, objective, *_, trace = drive(mace_em.run_em(
        data, start, prior=prior, start_index=0, request_id=0, tolerance=1e-13,
        max_iterations=2000, cancel=NEVER_CANCELLED, names=(), emit=False))
    assert (np.diff(trace) >= -1e-9 * abs(trace[-1])).all()
    moved = mace_em.m_step(e_step(data, params.t, params.confusion()), params, prior=prior)
    assert moved.theta == pytest.approx(params.theta, abs=1e-5)
    assert moved.xi == pytest.approx(params.xi, abs=1e-5)
    ml = fit(FitRequest(model="mace"), table)
    ml_params = mace_em.Mace(np.array([r.get("a").value for r in ml.raters]),
                             np.array([[e.value for e in r.estimates if e.name == "p"]
                                       for r in ml.raters]))
    assert objective >= (mace_em.log_likelihood(data, ml_params) + prior.log_density(ml_params))
    assert mace_em.log_likelihood(data, params) <= ml.log_likelihood.nats + 1e-9


def test_a_mace_request_with_priors_says_it_is_a_posterior_mode(crowd):
    """The request's priors a and p make MACE's fit the posterior mode: its note says so, it
    gives no intervals and no likelihood-ratio test of the equal shares."""
    table, _, _ = crowd
    priors = (Prior("a", 1.5, 1.5), Prior("p", 11.0, 11.0))
    result = fit(FitRequest(model="mace", priors=priors), table)
    note = next(str(w.message) for w in result.warnings if w.code == "mace-method")
    assert "posterior mode" in note and "Beta(1.5, 1.5)" in note and "Dirichlet(11)" in note
    assert all(e.ci is None for r in result.raters for e in r.estimates)
    assert not any("equally common" in shown(line) for line in result.headline)
    with pytest.raises(SettingError, match="symmetric Dirichlet"):
        fit(FitRequest(model="mace", priors=(Prior("p", 2.0, 3.0),)), table)
