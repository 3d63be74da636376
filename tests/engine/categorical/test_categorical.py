"""K-category t-a-p (average rater): M-steps, EM, global optimum, K = 2, kappa identity, CLI."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.special import expit, logsumexp, softmax

from tapdesk.cli.main import main
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.likelihood import expected_bits_per_rating
from tapdesk.engine.binary.simulate import TapParameters
from tapdesk.engine.binary.simulate import simulate_table as simulate_binary
from tapdesk.engine.categorical.likelihood import (
    TapK,
    expected_krits_per_rating,
    log_likelihood,
)
from tapdesk.engine.categorical.mstep import closed_form_m_step, exact_m_step, q_value
from tapdesk.engine.categorical.ordinal import TITLE as ORDINAL_TITLE
from tapdesk.engine.categorical.ordinal import implied_binary, ordinal_side_by_side
from tapdesk.engine.categorical.simulate import expected_patterns, simulate_table, table_from_codes
from tapdesk.engine.categorical.tap_k import KRITS_TITLE
from tapdesk.engine.events import Iteration

T4, A4, P4 = (0.1, 0.2, 0.3, 0.4), 0.5, (0.4, 0.3, 0.2, 0.1)


def fleiss_kappa(counts: np.ndarray, weight: np.ndarray | None = None) -> float:
    """Fleiss (1971) kappa for K categories, subjects weighted equally (local, for identities)."""
    counts = np.asarray(counts, float)
    weight = np.ones(len(counts)) if weight is None else np.asarray(weight, float)
    n = counts.sum(axis=1)
    agree = (counts * (counts - 1)).sum(axis=1) / (n * (n - 1))
    observed = (weight * agree).sum() / weight.sum()
    share = (weight[:, None] * counts).sum(axis=0) / (weight * n).sum()
    chance = (share ** 2).sum()
    return (observed - chance) / (1 - chance)


def brute_log_likelihood(counts: np.ndarray, t, a, p) -> float:
    """Independent evaluation over every subject: sum_i log sum_c t_c prod_k pi(c, k)^n_ik."""
    k = len(t)
    pi = a * np.eye(k) + (1 - a) * np.asarray(p)[None, :]
    per_class = counts @ np.log(pi).T + np.log(np.asarray(t))[None, :]
    return float(logsumexp(per_class, axis=1).sum())


def direct_maximum(counts: np.ndarray, n_starts: int = 5, seed: int = 0):
    """Maximise the brute-force likelihood with scipy from several random starts."""
    k = counts.shape[1]
    rng = np.random.default_rng(seed)

    def unpack(x):
        return softmax(x[:k]), expit(x[k]), softmax(x[k + 1:])

    def negative(x):
        return -brute_log_likelihood(counts, *unpack(x))
    best = None
    for _ in range(n_starts):
        res = minimize(negative, rng.normal(size=2 * k + 1), method="BFGS",
                       options={"gtol": 1e-7, "maxiter": 3000})
        if best is None or res.fun < best.fun:
            best = res
    return -best.fun, unpack(best.x)


def iterations_by_start(events):
    groups = itertools.groupby([e for e in events if isinstance(e, Iteration)],
                               key=lambda e: e.start)
    return {start: [e.log_likelihood for e in group] for start, group in groups}


def test_exact_m_step_is_the_maximiser_and_closed_form_is_exact_on_model_structure():
    rng = np.random.default_rng(4)
    conf = rng.random((5, 4, 4)) * 10 + np.eye(4) * rng.random((5, 1, 1)) * 40
    a, p = exact_m_step(conf, np.full((5, 4), 0.25))
    for j in range(5):
        for _ in range(20):                        # no random nearby point does better
            a2 = float(np.clip(a[j] + rng.normal(0, 0.02), 0, 1))
            p2 = np.clip(p[j] + rng.normal(0, 0.02, 4), 1e-9, None)
            assert q_value(conf[j], a2, p2 / p2.sum()) <= q_value(conf[j], a[j], p[j]) + 1e-9
    # On a confusion matrix with exactly the model's structure both M-steps give the truth.
    t, true_a, true_p = np.array(T4), 0.5, np.array(P4)
    model_conf = t[:, None] * (true_a * np.eye(4) + (1 - true_a) * true_p[None, :])
    closed = closed_form_m_step(model_conf * 1000)
    assert closed[0] == pytest.approx(0.5, abs=1e-12)
    assert np.allclose(closed[1], true_p, atol=1e-12)
    exact_a, exact_p = exact_m_step(model_conf * 1000, np.full(4, 0.25))
    assert float(exact_a) == pytest.approx(0.5, abs=1e-9) and np.allclose(exact_p, true_p, atol=1e-9)


def test_exact_m_step_puts_pure_noise_at_a_zero():
    conf = np.outer([0.3, 0.7], [0.5, 0.5]) * 100      # ratings independent of the class
    a, p = exact_m_step(conf, np.full(2, 0.5))
    assert float(a) == 0.0 and np.allclose(p, [0.5, 0.5])


@pytest.fixture(scope="module")
def table4():
    return simulate_table(T4, A4, P4, n_subjects=150, n_raters=5, seed=11)


def test_log_likelihood_never_decreases_and_matches_direct_maximisation(table4):
    events = []
    result = fit(FitRequest(model="categorical", n_starts=6), table4, on_event=events.append)
    for start, lls in iterations_by_start(events).items():
        steps = np.diff(lls)
        assert (steps >= -1e-10 * abs(lls[-1])).all(), (start, steps.min())
    counts = table4.category_counts()
    ll_direct, (t, a, p) = direct_maximum(counts)
    assert result.log_likelihood.nats == pytest.approx(ll_direct, abs=1e-6)
    assert result.log_likelihood.nats >= ll_direct - 1e-7
    assert result.log_likelihood.nats == pytest.approx(
        brute_log_likelihood(counts, [e.value for e in result.params[:4]], result.value("a"),
                             [e.value for e in result.params[5:]]), abs=1e-8)
    got = np.array([e.value for e in result.params])
    assert np.allclose(got, np.concatenate([t, [a], p]), atol=2e-3)


def test_k2_reproduces_the_binary_tap_fit():
    table = simulate_binary(TapParameters(t=0.3, a=0.55, p=0.35), n_subjects=300, n_raters=5,
                            seed=2)
    binary = fit(FitRequest(model="tap"), table)
    cat = fit(FitRequest(model="categorical"), table)
    assert cat.log_likelihood.nats == pytest.approx(binary.log_likelihood.nats, abs=1e-6)
    assert cat.value("t", "1") == pytest.approx(binary.value("t"), abs=1e-6)
    assert cat.value("a") == pytest.approx(binary.value("a"), abs=1e-6)
    assert cat.value("p", "1") == pytest.approx(binary.value("p"), abs=1e-6)
    assert cat.value("p", "0") == pytest.approx(1 - binary.value("p"), abs=1e-6)
    assert cat.param("a").se == pytest.approx(binary.param("a").se, rel=1e-2)


def test_fleiss_kappa_is_a_squared_when_p_equals_t():
    t = np.array([0.15, 0.25, 0.6])
    for a in (0.3, 0.7):
        pats = expected_patterns(t, a, t, n_raters=5, n_subjects=1.0)
        assert fleiss_kappa(pats.counts, pats.weight) == pytest.approx(a * a, abs=1e-12)
    table = simulate_table(t, 0.6, t, n_subjects=20000, n_raters=6, seed=3)
    assert fleiss_kappa(table.category_counts()) == pytest.approx(0.36, abs=0.01)


def test_fit_on_exact_expected_counts_returns_the_truth():
    from tapdesk.engine.cancel import NEVER_CANCELLED
    from tapdesk.engine.categorical.tap_k import fit_patterns
    pats = expected_patterns(T4, A4, P4, n_raters=5, n_subjects=1000.0)
    gen = fit_patterns(pats, FitRequest(model="categorical", n_starts=4), NEVER_CANCELLED,
                       emit=False)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        theta = stop.value.theta
    assert np.allclose(theta.as_vector(), np.concatenate([T4, [A4], P4]), atol=1e-5)


def test_krits():
    theta = TapK(np.array(T4), 0.5, np.array(P4))
    assert expected_krits_per_rating(TapK(np.array(T4), 1.0, np.array(P4))) == pytest.approx(0)
    noise = TapK(np.array(T4), 0.0, np.full(4, 0.25))
    assert expected_krits_per_rating(noise) == pytest.approx(1)
    assert 0 < expected_krits_per_rating(theta) < expected_krits_per_rating(theta, given_class=False) <= 1
    # K = 2, one rating alone: the binary model's expected bits per rating
    th2 = TapK(np.array([0.7, 0.3]), 0.6, np.array([0.6, 0.4]))
    assert expected_krits_per_rating(th2, given_class=False) == pytest.approx(
        expected_bits_per_rating(0.3, 0.6, 0.4), abs=1e-12)
    # fitted krits per rating is the log-likelihood in base K per rating
    pats = expected_patterns(T4, A4, P4, n_raters=5, n_subjects=1.0)
    ll = log_likelihood(pats, theta)
    assert -ll / (pats.n_ratings * np.log(4)) > expected_krits_per_rating(theta) - 1e-9


def test_result_contents(table4):
    result = fit(FitRequest(model="categorical", n_starts=4), table4)
    assert result.categories == ("1", "2", "3", "4") and result.class_labels == result.categories
    assert result.class_choice is None
    assert sum(e.value for e in result.params if e.name == "t") == pytest.approx(1)
    assert sum(e.value for e in result.params if e.name == "p") == pytest.approx(1)
    assert len(result.subjects) == 150
    assert all(abs(sum(s.probabilities) - 1) < 1e-9 for s in result.subjects)
    assert result.log_likelihood.n_categories == 4
    krits = result.table(KRITS_TITLE).rows[0][1]
    assert krits == pytest.approx(result.log_likelihood.krits_per_rating)
    assert "Raters are accurate about" in result.headline[0]
    lo, hi = result.param("a").ci
    assert lo < result.value("a") < hi


def test_unused_category_and_missing_ratings_are_reported():
    rng = np.random.default_rng(0)
    codes = rng.choice(3, size=(80, 4), p=[0.5, 0.3, 0.2])
    codes[rng.random(codes.shape) < 0.1] = -1
    table = table_from_codes(codes, categories=("a", "b", "c", "never"))
    result = fit(FitRequest(model="categorical", n_starts=3), table)
    assert "unused-category" in [n.code for n in result.warnings]
    assert result.value("p", "never") < 1e-6 and result.param("p", "never").se is None


def test_ordinal_side_by_side(shared_data):
    from tapdesk.data.readers import ImportOptions, read_ratings
    table = read_ratings(str(shared_data / "wine.csv"), ImportOptions()).table
    side = ordinal_side_by_side(table, FitRequest(model="categorical", n_starts=4))
    assert side.title == ORDINAL_TITLE and [r[0] for r in side.rows] == ["1", "2", "3"]
    ts = [r[1] for r in side.rows]
    assert ts == sorted(ts)                              # cumulative shares grow with the cut
    binary = fit(FitRequest(model="tap", cut="2", n_starts=4), table)
    assert side.rows[1][2] == pytest.approx(binary.value("t"), abs=1e-9)
    assert side.rows[1][4] == pytest.approx(binary.value("a"), abs=1e-9)
    theta = TapK(np.array(T4), 0.5, np.array(P4))
    assert implied_binary(theta, 1) == pytest.approx((0.3, 0.5, 0.7))


def test_cli_json(tmp_path, capsys):
    codes = simulate_table(T4, A4, P4, n_subjects=60, n_raters=4, seed=5).rater_matrix()
    path = tmp_path / "medals.csv"
    names = np.array(["bronze", "gold", "none", "silver"])
    lines = ["subject,rater,rating"] + [f"s{i},r{j},{names[codes[i, j]]}"
                                        for i in range(60) for j in range(4)]
    path.write_text("\n".join(lines) + "\n")
    for model in ("categorical", "categorical-per-rater", "dawid-skene"):
        assert main(["fit", str(path), "--model", model, "--json", "--starts", "3"]) == 0
        payload = json.loads(capsys.readouterr().out)
        assert payload["categories"] == ["bronze", "gold", "none", "silver"]
        assert len(payload["params"]["t"]) == 4
        if model == "categorical":
            assert len(payload["params"]["p"]) == 4 and isinstance(payload["params"]["a"], float)
        else:
            titles = [t["title"] for t in payload["tables"]]
            assert "Comparison with Dawid-Skene" in titles
            assert len(payload["raters"]) == 4
