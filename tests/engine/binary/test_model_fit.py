"""Model fit: observed versus expected counts, bootstrap G^2, likelihood-ratio tests, modelfit CLI."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from scipy.stats import binom, chi2

from tapdesk.cli.main import main
from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.likelihood import from_tap, log_likelihood
from tapdesk.engine.binary.model_fit import fit_expert, fit_independent, g_squared, model_fit, model_fit_table
from tapdesk.engine.binary.simulate import TapParameters, expected_counts, simulate_matrix, simulate_table
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress

BOOT = 60


def quiet(func, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return func(*args, **kw)


def tap_histogram(t, a, p, n_subjects, n_raters, seed):
    _, ratings = simulate_matrix(TapParameters(t, a, p), n_subjects, n_raters, seed)
    return CountHistogram.from_counts(np.full(n_subjects, n_raters), ratings.sum(axis=1))


@pytest.fixture(scope="module")
def tap_data_fit():
    """Data from t-a-p (a = .7) with 4 or 6 raters per subject."""
    hist4 = tap_histogram(0.35, 0.7, 0.3, 300, 4, seed=10)
    hist6 = tap_histogram(0.35, 0.7, 0.3, 200, 6, seed=11)
    hist = CountHistogram(np.concatenate([hist4.n_rated, hist6.n_rated]),
                          np.concatenate([hist4.n_class1, hist6.n_class1]),
                          np.concatenate([hist4.weight, hist6.weight]))
    return hist, quiet(model_fit, hist, bootstrap=BOOT, seed=3)


def test_observed_table_sums_match_the_data(tap_data_fit):
    hist, result = tap_data_fit
    observed = dict(result.observed)
    assert set(observed) == {4, 6}
    assert sum(observed[4]) == 300 and sum(observed[6]) == 200
    assert sum(k * v for k, v in enumerate(observed[4])) + \
        sum(k * v for k, v in enumerate(observed[6])) == hist.n_class1_ratings
    counts = next(t for t in result.tables if t.title.startswith("Observed"))
    assert len(counts.rows) == 5 + 7
    for model in ("independent", "expert", "tap"):
        col = counts.columns.index(f"expected_{model}")
        for n in (4, 6):
            expected = sum(r[col] for r in counts.rows if r[0] == n)
            assert expected == pytest.approx(sum(observed[n]))


def test_nested_log_likelihoods_are_ordered(tap_data_fit):
    _, result = tap_data_fit
    ll = {f.model: f.log_likelihood for f in result.fits}
    assert ll["independent"] <= ll["expert"] + 1e-9 <= ll["tap"] + 2e-9


def test_tap_fits_data_simulated_from_tap(tap_data_fit):
    _, result = tap_data_fit
    gof = result.gof("tap")
    assert gof.n_bootstrap == BOOT
    assert gof.p_value > 0.05
    assert result.gof("independent").p_value <= 2 / (BOOT + 1)      # a = 0 is far off


def test_likelihood_ratio_a0_versus_tap_is_huge_when_a_is_large(tap_data_fit):
    _, result = tap_data_fit
    lrt = result.test("independent", "tap")
    assert lrt.statistic > 200 and lrt.p_value < 1e-40 and lrt.df == 2
    boundary = result.test("independent", "expert")
    assert boundary.p_value == pytest.approx(0.5 * chi2.sf(boundary.statistic, 1))
    assert "50:50" in boundary.reference
    inner = result.test("expert", "tap")
    assert inner.p_value == pytest.approx(chi2.sf(inner.statistic, 1))


def test_overdispersed_counts_are_detected():
    # each subject's ratings are binomial with q in {.1, .5, .9}: three classes, not two
    rng = np.random.default_rng(3)
    q = rng.choice([0.1, 0.5, 0.9], size=600)
    hist = CountHistogram.from_counts(np.full(600, 6), rng.binomial(6, q))
    result = quiet(model_fit, hist, bootstrap=BOOT, seed=4)
    assert result.gof("tap").p_value <= 2 / (BOOT + 1)
    assert result.gof("tap").g2 > 30


def test_g_squared_by_hand():
    obs = np.array([10.0, 0.0, 30.0])
    exp = np.array([20.0, 5.0, 15.0])
    assert g_squared(obs, exp) == pytest.approx(2 * (10 * np.log(0.5) + 30 * np.log(2)))


def test_exact_expected_counts_fit_perfectly_and_expert_recovers_a():
    hist = expected_counts(TapParameters(0.4, 0.6, 0.4), 1000, 5)
    result = quiet(model_fit, hist, bootstrap=0)
    assert result.gof("tap").g2 == pytest.approx(0.0, abs=1e-6)
    assert result.gof("expert").g2 == pytest.approx(0.0, abs=1e-6)
    assert result.fit("expert").a == pytest.approx(0.6, abs=1e-5)
    assert result.fit("expert").t == pytest.approx(0.4, abs=1e-5)
    assert result.test("expert", "tap").statistic == pytest.approx(0.0, abs=1e-5)
    assert result.gof("tap").p_value is None
    assert "no-bootstrap" in {w.code for w in result.warnings}


def test_independent_and_expert_fits_by_hand():
    hist = tap_histogram(0.3, 0.5, 0.3, 200, 3, seed=8)
    c = hist.n_class1_ratings / hist.n_ratings
    ind = fit_independent(hist)
    assert ind.p == pytest.approx(c)
    k, n, w = hist.n_class1, hist.n_rated, hist.weight
    assert ind.log_likelihood == pytest.approx(float((w * (k * np.log(c) + (n - k) * np.log1p(-c))).sum()))
    exp = fit_expert(hist)
    grid = np.linspace(0, 0.999, 1000)
    best = max(log_likelihood(hist, from_tap(s, a, s)) for s in np.linspace(c - 0.05, c + 0.05, 41)
               for a in grid[::10])
    assert exp.log_likelihood >= best - 1e-9


def test_expected_counts_use_the_binomial_mixture(tap_data_fit):
    _, result = tap_data_fit
    tap = result.fit("tap")
    counts = next(t for t in result.tables if t.title.startswith("Observed"))
    col = counts.columns.index("expected_tap")
    row = next(r for r in counts.rows if r[0] == 4 and r[1] == 2)
    m = tap.mixture
    assert row[col] == pytest.approx(300 * (m.t * binom.pmf(2, 4, m.q1) + (1 - m.t) * binom.pmf(2, 4, m.q0)))


def test_cancel_during_the_bootstrap_gives_an_incomplete_result():
    hist = tap_histogram(0.5, 0.5, 0.5, 200, 4, seed=2)
    token = CancelToken()
    events = []

    def on_event(event):
        events.append(event)
        token.cancel()

    result = quiet(model_fit, hist, bootstrap=200, seed=1, cancel=token, on_event=on_event)
    assert not result.complete
    assert isinstance(events[0], StageProgress)
    assert result.gof("tap").n_bootstrap < 200
    assert "cancelled" in {w.code for w in result.warnings}


def test_result_json_is_standard_and_tables_render(tap_data_fit):
    _, result = tap_data_fit
    payload = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert {"models", "observed", "goodness_of_fit", "likelihood_ratio_tests", "information",
            "tables"} <= set(payload)
    assert payload["information"]["observed_bits_per_rating"] > 0
    text = result.as_text()
    plain, details = text.split("Details (precise terms")
    assert "much better than no agreement (p < 0.001)" in plain
    assert "chi-square" not in plain and "e-" not in plain
    assert "Likelihood-ratio test" in details and "50:50 mixture of chi-square(0)" in details


# ------------------------------------------------------------------------ CLI
@pytest.fixture
def panel_csv(tmp_path):
    table = simulate_table(TapParameters(0.4, 0.7, 0.4), 150, 4, seed=21)
    frame = table.to_frame()
    path = tmp_path / "panel.csv"
    frame.to_csv(path, index=False)
    return path


def test_cli_modelfit_json(capsys, panel_csv):
    code = main(["modelfit", str(panel_csv), "--bootstrap", "20", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    payload = json.loads(out)
    assert set(payload["models"]) == {"independent", "expert", "tap"}
    assert payload["n_bootstrap"] == 20 and payload["class1"] == ["1"]
    assert payload["goodness_of_fit"]["tap"]["p_value"] is not None


def test_cli_modelfit_text_and_bad_input(capsys, panel_csv, shared_data):
    assert main(["modelfit", str(panel_csv), "--bootstrap", "0"]) == 0
    out, _ = capsys.readouterr()
    assert "Observed and expected" in out
    # four categories and no Class-1 choice: exit 2, one line
    code = main(["modelfit", str(shared_data / "wine.csv")])
    _, err = capsys.readouterr()
    assert code == 2 and err.strip().count("\n") == 0 and "--cut" in err
    code = main(["modelfit", str(panel_csv), "--bootstrap", "-3"])
    _, err = capsys.readouterr()
    assert code == 2 and "--bootstrap" in err


def test_table_entry_point_uses_the_cut(shared_data):
    from tapdesk.data.readers import read_ratings
    wine = read_ratings(shared_data / "wine.csv").table
    result = quiet(model_fit_table, wine, cut="3", bootstrap=0)
    assert dict(result.observed)[4] == (0.0, 5.0, 16.0, 42.0, 120.0)
    assert result.class_choice.class1 == ("1", "2", "3")


def test_model_fit_expert_agrees_with_the_registered_expert_model():
    # the registered model holds t = p at the observed rate; model fit also maximises over t = p,
    # so its log-likelihood is at least as high and its a is nearly the same
    expert = pytest.importorskip("tapdesk.engine.binary.expert")
    hist = tap_histogram(0.4, 0.5, 0.3, 300, 4, seed=12)
    c = hist.n_class1_ratings / hist.n_ratings
    a_fixed, ll_fixed = expert.fit_accuracy(hist, c)
    ours = fit_expert(hist)
    assert ours.log_likelihood >= ll_fixed - 1e-9
    assert ours.a == pytest.approx(a_fixed, abs=0.01)
    assert ours.t == pytest.approx(c, abs=0.01)


def test_a_p_value_of_exactly_one_minus_level_is_not_a_difference():
    """1 - 0.95 is 0.05000000000000004 in floating point: p = 0.05 must not count as p < 0.05."""
    from tapdesk.engine.binary.model_fit import LikelihoodRatioTest
    from tapdesk.engine.binary.model_fit_words import test_sentence
    at_cut = LikelihoodRatioTest("expert", "tap", 3.84, 1, 0.05, "chi-square")
    assert "fits no better" in test_sentence(at_cut, 0.95)
    below = LikelihoodRatioTest("expert", "tap", 3.9, 1, 0.0499, "chi-square")
    assert "better than" in test_sentence(below, 0.95)
    assert "fits no better" in test_sentence(LikelihoodRatioTest("expert", "tap", 2.7, 1, 0.1,
                                                                 "chi-square"), 0.9)


def test_the_model_fit_report_reads_in_german_and_english_as_before(tap_data_fit):
    """Issue 54: ``tapdesk modelfit --language de`` printed English sentences, headings and
    model names; now every line but the data's own words is German, numbers with a comma."""
    from tapdesk import i18n
    _, result = tap_data_fit
    english = result.as_text()
    assert english.startswith("How well do the models fit?\n===========================\n")
    with i18n.language("de"):
        german = result.as_text()
    assert german.startswith("Wie gut passen die Modelle?\n" + "=" * 27 + "\n"), german
    plain, details = german.split("Details (Fachbegriffe")
    assert "Zu den Daten passt das Expertenmodell viel besser als keine Übereinstimmung " \
           "(p < 0,001)." in plain, plain
    for english_words in ("much better", "How well", "Subjects:", "Likelihood-ratio test",
                          "Bits per rating", "expected if", "Tests at the"):
        assert english_words not in german, english_words
    assert "Likelihood-Quotienten-Test" in details and "Bits je Bewertung" in details


def test_the_tests_reference_distributions_read_in_german(tap_data_fit):
    """Issue 54: the details' reference distributions ("50:50 mixture of chi-square(0) and
    chi-square(1) ...") stayed English in every language; the JSON keeps the English words."""
    from tapdesk import i18n
    _, result = tap_data_fit
    with i18n.language("de"):
        details = result.as_text().split("Details (Fachbegriffe")[1]
    assert "mixture" not in details and "inside the parameter space" not in details
    assert "50:50-Mischung von Chi-Quadrat(0) und Chi-Quadrat(1)" in details
    assert result.tests[0].reference.startswith("50:50 mixture of chi-square(0)")
