"""The per-rater model t-a_j-p_j: EM, information, posteriors, flags and the CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from tapdesk.cli.main import main
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine import CancelToken, FitRequest, fit
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater_em import (
    RaterParams,
    e_step,
    log_likelihood,
    m_step,
    observed_information,
    rater_data,
)
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix, simulate_table
from tapdesk.engine.events import Iteration
from tapdesk.engine.intervals import numerical_hessian


def table_from_matrix(ratings: np.ndarray, missing: np.ndarray | None = None) -> RatingsTable:
    n_subj, n_rat = ratings.shape
    keep = np.ones(ratings.size, bool) if missing is None else ~missing.ravel()
    return RatingsTable(subject=np.repeat(np.arange(n_subj), n_rat)[keep],
                        rater=np.tile(np.arange(n_rat), n_subj)[keep], rating=ratings.ravel()[keep],
                        subject_ids=tuple(f"S{i}" for i in range(n_subj)),
                        rater_ids=tuple(f"R{j + 1}" for j in range(n_rat)),
                        scale=Scale(("0", "1"), ordinal=True))


def a_values(result) -> np.ndarray:
    return np.array([r.get("a").value for r in result.raters])


def test_equal_raters_agree_with_the_average_model():
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), 3000, 5, seed=21)
    per = fit(FitRequest(model="per-rater"), table)
    tap = fit(FitRequest(model="tap"), table)
    # The per-rater model contains t-a-p, so its maximum is at least as high ...
    assert per.log_likelihood.nats >= tap.log_likelihood.nats - 1e-6
    # ... but not by much when the raters really are equal (chi-square with 8 df).
    assert per.log_likelihood.nats - tap.log_likelihood.nats < 13.0
    assert np.abs(a_values(per) - 0.6).max() < 0.06
    assert np.abs(a_values(per) - tap.value("a")).max() < 0.06
    assert per.value("t") == pytest.approx(tap.value("t"), abs=0.02)


def test_distinct_accuracies_are_recovered():
    truth = np.array([0.1, 0.3, 0.5, 0.7, 0.9])
    table = simulate_table(TapParameters(t=0.2, a=0.5, p=0.4, rater_a=tuple(truth)), 1000, 5,
                           seed=3)
    result = fit(FitRequest(model="per-rater"), table)
    a = a_values(result)
    se = np.array([r.get("a").se for r in result.raters])
    assert np.all(np.abs(a - truth) < 3.5 * se), (a, se)
    assert np.all(np.diff(a) > 0), "the accuracies come out in their true order"
    p = np.array([r.get("p").value for r in result.raters])
    p_se = np.array([r.get("p").se for r in result.raters])
    assert np.all(np.abs(p - 0.4) < 3.5 * p_se), (p, p_se)
    assert p_se[-1] > 2 * p_se[0], "a rater who rarely guesses shows little of their guess rate"
    assert result.value("t") == pytest.approx(0.2, abs=0.05)
    for rater in result.raters:
        a_j, p_j = rater.get("a").value, rater.get("p").value
        assert rater.get("sensitivity").value == pytest.approx(a_j + (1 - a_j) * p_j)
        assert rater.get("false_positive_rate").value == pytest.approx((1 - a_j) * p_j)
    assert result.raters[0].flagged          # a = 0.1 stands out as weak
    assert not result.raters[-1].flagged


def test_exact_information_equals_the_numerical_hessian():
    table = simulate_table(TapParameters(t=0.4, a=0.5, p=0.4, rater_a=(0.2, 0.5, 0.8)), 200, 3,
                           seed=8)
    data = rater_data(table, counts_for(FitRequest(), table))
    params = RaterParams(0.4, np.array([0.5, 0.7, 0.85]), np.array([0.3, 0.2, 0.1]))
    for _ in range(400):
        _, gamma = e_step(data, params)
        params = m_step(data, gamma, None, params)
    x = params.vector()

    def ll(v):
        return log_likelihood(data, RaterParams(v[0], v[1:4], v[4:]))

    numeric = -numerical_hessian(ll, x, np.full(len(x), 1e-5))
    exact = observed_information(data, params)
    assert np.allclose(exact, numeric, rtol=1e-4, atol=1e-3 * np.abs(exact).max())
    info_t, blocks = observed_information(data, params, blockwise=True)
    assert info_t == pytest.approx(exact[0, 0])
    assert np.allclose(blocks[1], exact[np.ix_([2, 5], [2, 5])])


def test_posterior_uses_the_population_prior():
    table = simulate_table(TapParameters(t=0.25, a=0.5, p=0.4, rater_a=(0.3, 0.6, 0.8, 0.9)),
                           400, 4, seed=5)
    result = fit(FitRequest(model="per-rater"), table)
    t = result.value("t")
    sens = np.array([r.get("sensitivity").value for r in result.raters])
    fpr = np.array([r.get("false_positive_rate").value for r in result.raters])
    grid = table.rater_matrix()
    for i in (0, 7, 123):
        y = grid[i]
        like1 = np.prod(np.where(y == 1, sens, 1 - sens))
        like0 = np.prod(np.where(y == 1, fpr, 1 - fpr))
        by_hand = t * like1 / (t * like1 + (1 - t) * like0)
        assert result.subjects[i].subject_id == table.subject_ids[i]
        assert result.subjects[i].probabilities[1] == pytest.approx(by_hand, abs=1e-9)
        flat = like1 / (like1 + like0)
        if abs(flat - by_hand) > 1e-3:
            assert result.subjects[i].probabilities[1] != pytest.approx(flat, abs=1e-4)
    assert sum(result.subjects[0].probabilities) == pytest.approx(1.0)


def test_hundreds_of_ratings_per_subject_do_not_underflow():
    _, base = simulate_matrix(TapParameters(t=0.4, a=0.6, p=0.4), 60, 4, seed=2)
    table = table_from_matrix(base)
    # One more subject rated 400 times (100 times by each rater), mostly Class 1.
    rng = np.random.default_rng(0)
    extra = (rng.random(400) < 0.9).astype(np.int64)
    table = RatingsTable(subject=np.concatenate([table.subject, np.full(400, 60)]),
                         rater=np.concatenate([table.rater, np.tile(np.arange(4), 100)]),
                         rating=np.concatenate([table.rating, extra]),
                         subject_ids=table.subject_ids + ("BIG",), rater_ids=table.rater_ids,
                         scale=table.scale)
    result = fit(FitRequest(model="per-rater"), table)
    big = result.subjects[-1]
    assert big.subject_id == "BIG" and big.n_ratings == 400
    assert all(math.isfinite(p) for p in big.probabilities)
    assert big.probabilities[1] > 0.999
    assert math.isfinite(result.log_likelihood.nats)


def test_missing_ratings_and_degenerate_raters_do_not_crash():
    _, ratings = simulate_matrix(TapParameters(t=0.4, a=0.6, p=0.4), 300, 6, seed=4)
    missing = np.random.default_rng(1).random(ratings.shape) < 0.3
    ratings[:, 4] = 1                       # R5 always says Class 1
    missing[:, 5] = True
    missing[0, 5] = False                   # R6 gave a single rating
    missing[0, :2] = False
    table = table_from_matrix(ratings, missing)
    result = fit(FitRequest(model="per-rater"), table)
    assert result.n_ratings == sum(r.n_ratings for r in result.raters)
    by_id = {r.rater_id: r for r in result.raters}
    assert "same rating" in by_id["R5"].flagged
    assert "one rating" in by_id["R6"].flagged and by_id["R6"].n_ratings == 1
    for rater in result.raters:
        assert all(math.isfinite(e.value) for e in rater.estimates)
    json.dumps(result.to_dict(), allow_nan=False)
    per_subject = np.bincount(table.subject, minlength=table.n_subjects)
    assert result.n_subjects == int((per_subject >= 2).sum()) == len(result.subjects)


def test_a_rater_who_answers_the_opposite_way_is_flagged_not_flipped():
    _, ratings = simulate_matrix(TapParameters(t=0.4, a=0.7, p=0.4), 800, 5, seed=6)
    ratings[:, 2] = 1 - ratings[:, 2]
    result = fit(FitRequest(model="per-rater"), table_from_matrix(ratings))
    r3 = result.raters[2]
    assert r3.get("a").value < -0.5
    assert "the wrong way round" in r3.flagged        # words.ACCURACY_BELOW_0, one source
    assert r3.get("a").ci[1] < 0
    assert all(r.get("a").value > 0.5 for i, r in enumerate(result.raters) if i != 2)
    assert result.value("t") == pytest.approx(0.4, abs=0.05)


def test_bootstrap_intervals_are_seeded_and_cover_the_estimate():
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4, rater_a=(0.4, 0.6, 0.8)), 300, 3,
                           seed=10)
    first = fit(FitRequest(model="per-rater", bootstrap=40, seed=2), table)
    again = fit(FitRequest(model="per-rater", bootstrap=40, seed=2), table)
    assert "bootstrap" in first.interval_method
    for r1, r2 in zip(first.raters, again.raters):
        for name in ("a", "p", "sensitivity", "false_positive_rate"):
            assert r1.get(name).ci == r2.get(name).ci and r1.get(name).ci is not None
    observed = fit(FitRequest(model="per-rater"), table)
    for rb, ro in zip(first.raters, observed.raters):
        # Bootstrap and observed-information SEs of a agree roughly (same data, 40 resamples).
        assert 0.5 < rb.get("a").se / ro.get("a").se < 2.0


def test_cancel_mid_fit_returns_an_incomplete_result():
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), 200, 4, seed=1)
    token = CancelToken()
    seen = []

    def on_event(event):
        seen.append(event)
        if isinstance(event, Iteration) and event.iteration == 2:
            token.cancel()

    result = fit(FitRequest(model="per-rater"), table, on_event=on_event, cancel=token)
    assert not result.complete
    assert any(isinstance(e, Iteration) and e.names[0] == "t" for e in seen)


def test_model_needs_rater_ids():
    table = RatingsTable.from_labels(["s1", "s1", "s2", "s2"], None, ["0", "1", "1", "1"])
    from tapdesk.errors import SettingError
    with pytest.raises(SettingError, match="which rater"):
        fit(FitRequest(model="per-rater"), table)


def test_cli_json_has_raters_and_subjects(tmp_path, capsys):
    _, ratings = simulate_matrix(TapParameters(t=0.3, a=0.7, p=0.4), 80, 3, seed=12)
    lines = ["subject,Ann,Bob,Cy"] + [f"s{i},{r[0]},{r[1]},{r[2]}" for i, r in enumerate(ratings)]
    path = tmp_path / "ratings.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["fit", str(path), "--model", "per-rater", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["model"] == "per-rater"
    assert [r["id"] for r in payload["raters"]] == ["Ann", "Bob", "Cy"]
    for rater in payload["raters"]:
        for key in ("a", "p", "sensitivity", "false_positive_rate", "se", "ci", "flag"):
            assert key in rater
        assert set(rater["se"]) == {"a", "p", "sensitivity", "false_positive_rate"}
    assert len(payload["subjects"]) == 80
    assert payload["subjects"][0]["id"] == "s0"
    assert 0.0 <= payload["subjects"][0]["prob_class1"] <= 1.0


# ------------------------------------------------- expected counts (issue 25)
def _three_rater_table() -> RatingsTable:
    """40 subjects, 3 raters; some subjects rated by all three, others by two different pairs."""
    rng = np.random.default_rng(8)
    ratings = rng.integers(0, 2, (40, 3))
    missing = np.zeros((40, 3), bool)
    missing[10:20, 0] = True            # rated by R2 and R3
    missing[20:28, 2] = True            # rated by R1 and R2
    return table_from_matrix(ratings, missing)


def _fitted_data(table: RatingsTable):
    from tapdesk.engine.binary.per_rater_em import RaterParams
    counts = counts_for(FitRequest(model="per-rater"), table)
    data = rater_data(table, counts)
    params = RaterParams(0.35, np.array([0.9, 0.7, 0.6]), np.array([0.1, 0.3, 0.2]))
    return data, params


def test_expected_counts_sum_to_the_subjects_of_each_group():
    from tapdesk.engine.binary.per_rater_counts import expected_by_group, expected_counts
    data, params = _fitted_data(_three_rater_table())
    groups = expected_by_group(data, params)
    assert set(groups) == {2, 3}
    assert groups[3].sum() == pytest.approx(22) and groups[2].sum() == pytest.approx(18)
    assert expected_counts(data, params).sum() == pytest.approx(40)


def test_expected_counts_match_brute_force_over_rating_patterns():
    from itertools import product

    from tapdesk.engine.binary.per_rater_counts import expected_counts
    table = _three_rater_table()
    data, params = _fitted_data(table)
    brute = np.zeros(4)
    for s in range(table.n_subjects):
        raters = table.rater[table.subject == s]
        for pattern in product((0, 1), repeat=len(raters)):
            y = np.array(pattern)
            one = np.prod(np.where(y, params.q1[raters], 1 - params.q1[raters]))
            zero = np.prod(np.where(y, params.q0[raters], 1 - params.q0[raters]))
            brute[y.sum()] += params.t * one + (1 - params.t) * zero
    np.testing.assert_allclose(expected_counts(data, params), brute, rtol=1e-12)


def test_identical_raters_give_the_tap_binomial_mixture():
    from scipy.stats import binom

    from tapdesk.engine.binary.per_rater_counts import expected_counts
    from tapdesk.engine.binary.per_rater_em import RaterParams
    table = _three_rater_table()
    data, _ = _fitted_data(table)
    t, q1, q0 = 0.3, 0.8, 0.25
    same = RaterParams(t, np.full(3, q1), np.full(3, q0))
    k = np.arange(4)
    mixture = sum(size * (t * binom.pmf(k, n, q1) + (1 - t) * binom.pmf(k, n, q0))
                  for n, size in ((3, 22), (2, 18)))
    np.testing.assert_allclose(expected_counts(data, same), mixture, rtol=1e-12)


def test_per_rater_fit_carries_observed_and_expected_counts():
    """The per-rater fit showed only observed counts; now it carries the expected ones too."""
    from tapdesk.engine.binary.per_rater_counts import CLASS1_COUNTS_TITLE, expected_from_result
    table = simulate_table(TapParameters(t=0.3, a=0.5, p=0.4, rater_a=(0.2, 0.5, 0.8, 0.9)),
                           300, 4, seed=12)
    result = fit(FitRequest(model="per-rater"), table)
    counts = result.table(CLASS1_COUNTS_TITLE)
    observed = [row[1] for row in counts.rows]
    expected = expected_from_result(result)
    assert sum(observed) == result.n_subjects == 300
    assert expected.sum() == pytest.approx(300) and len(expected) == len(observed) == 5
    # a fitted mixture reproduces the observed counts closely (within a few subjects each)
    assert np.abs(expected - observed).max() < 20


def test_a_negative_interval_end_is_joined_with_to_and_explained(capsys):
    from tapdesk.resources.examples import get_example
    assert main(["fit", str(get_example("wine").path), "--model", "per-rater", "--class1", "4"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.strip().startswith("J1 "))
    assert "(\u22120.040 to 0.486)" in row            # not "(-0.040-0.486)"
    assert "0.037 (0.000 to 0.139)" in row
    assert "reaches below 0, to \u22120.04" in row         # words, not a flag (issue 78)
    assert "the wrong way round" in out                      # the table's note explains


def _one_rater_se(q1: float, q0: float, cov: np.ndarray) -> np.ndarray:
    """The delta-method SEs of (a, p, q1, q0) for one rater, written out (the gradients of
    a = q1 - q0 and p = q0 / (1 - a))."""
    rest = max(1 - q1 + q0, 1e-12)
    grads = np.array([[1.0, -1.0], [q0 / rest ** 2, (1 - q1) / rest ** 2],
                      [1.0, 0.0], [0.0, 1.0]])
    return np.sqrt(np.clip([g @ cov @ g for g in grads], 0, None))


def test_every_raters_standard_errors_at_once_are_each_raters_own():
    """rater_se over all raters (dense and per-rater block covariances) gives each rater's
    delta-method SEs, NaN where the covariance does not know the rater or that parameter."""
    from tapdesk.engine.binary.per_rater import rater_se
    from tapdesk.engine.binary.per_rater_em import BlockCovariance, RaterParams
    rng = np.random.default_rng(3)
    r = 7
    q1, q0 = rng.uniform(0.5, 1.0, r), rng.uniform(0.0, 0.4, r)
    q1[2], q0[2] = 1.0, 0.0                                  # a = 1: 1 - a held at 1e-12
    root = rng.normal(size=(2 * r + 1, 2 * r + 1))
    dense = root @ root.T / 10
    known = np.ones(2 * r + 1, bool)
    known[[1 + 4, 1 + r + 4, 1 + r + 5]] = False             # rater 4 unknown; rater 5's q0
    params = RaterParams(0.3, q1, q0)
    blocks = np.array([[[dense[1 + j, 1 + j], dense[1 + j, 1 + r + j]],
                        [dense[1 + r + j, 1 + j], dense[1 + r + j, 1 + r + j]]] for j in range(r)])
    for cov in (dense, BlockCovariance(float(dense[0, 0]), blocks)):
        se = rater_se(params, cov, known)
        for j in range(r):
            if j == 4:
                assert np.isnan(se[j]).all()
                continue
            want = _one_rater_se(q1[j], q0[j], blocks[j])
            if j == 5:
                want[3] = np.nan
            assert np.allclose(se[j], want, rtol=1e-14, atol=0, equal_nan=True)


def test_a_share_with_no_curvature_is_not_identified_and_the_headline_says_so():
    """t inside its range with no variance (its information not positive: the likelihood flat
    in t at the fit) is marked not identified, and the headline says the data cannot tell it,
    whatever the sign rounding gives the information on a machine; a cancelled fit, whose
    information was never measured, keeps t identified."""
    from tapdesk.engine.binary.per_rater import per_rater_headline, t_estimate
    from tapdesk.engine.binary.per_rater_em import BlockCovariance

    cov, known = BlockCovariance.zeros(2), np.zeros(5, bool)
    flat = t_estimate(0.9979, cov, known, None)
    assert not flat.identified and flat.ci is None
    assert t_estimate(0.9979, cov, known, None, measured=False).identified
    assert t_estimate(1 - 1e-9, cov, known, None).identified          # on its edge: held
    table = RatingsTable.from_wide([(0, 0)] * 998 + [(0, 1)] * 2)
    counts = counts_for(FitRequest(model="per-rater", class1=("1",)), table)
    first = str(per_rater_headline(flat, (), counts)[0])
    assert first.startswith("These data cannot tell what share of the subjects truly belong")
    assert "kappa paradox" in first and "99" not in first
