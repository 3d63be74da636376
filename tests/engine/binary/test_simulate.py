"""The seeded simulator, its CSV writers and the ``tapdesk simulate`` command."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binom

from tapdesk.cli.main import main
from tapdesk.data.binary import binary_counts
from tapdesk.data.readers import read_ratings
from tapdesk.engine.binary.simulate import (
    EXPECTED_COLUMNS,
    TapParameters,
    expected_counts,
    simulate_matrix,
    write_simulation_csv,
)
from tapdesk.errors import SettingError


def within(observed_rate, prob, n, z=4.0):
    return abs(observed_rate - prob) <= z * np.sqrt(prob * (1 - prob) / n) + 1e-12


def test_rates_follow_the_model():
    t, a, p = 0.3, 0.6, 0.4
    truth, ratings = simulate_matrix(TapParameters(t, a, p), 20000, 3, seed=1)
    assert within(truth.mean(), t, 20000)
    q1, q0 = a + (1 - a) * p, (1 - a) * p
    assert within(ratings[truth == 1].mean(), q1, ratings[truth == 1].size)
    assert within(ratings[truth == 0].mean(), q0, ratings[truth == 0].size)


def test_class_specific_accuracy_and_guessing():
    params = TapParameters(0.5, 0.5, 0.5, a0=0.9, a1=0.2, p0=0.1, p1=0.7)
    truth, ratings = simulate_matrix(params, 20000, 2, seed=2)
    assert within(ratings[truth == 1].mean(), 0.2 + 0.8 * 0.7, ratings[truth == 1].size)
    assert within(ratings[truth == 0].mean(), 0.1 * 0.1, ratings[truth == 0].size)


def test_per_rater_accuracies():
    accs = (1.0, 0.7, 0.2)
    t, p = 0.4, 0.5
    truth, ratings = simulate_matrix(TapParameters(t, 0.5, p, rater_a=accs), 20000, 3, seed=3)
    for j, a in enumerate(accs):
        agree = (ratings[:, j] == truth).mean()
        assert within(agree, a + (1 - a) * (t * p + (1 - t) * (1 - p)), 20000)
    with pytest.raises(SettingError, match="per-rater"):
        simulate_matrix(TapParameters(t, 0.5, p, rater_a=accs), 10, 4, seed=3)


def test_same_seed_same_data_other_seed_other_data():
    params = TapParameters(0.5, 0.5, 0.5)
    one = simulate_matrix(params, 50, 4, seed=7)[1]
    assert np.array_equal(one, simulate_matrix(params, 50, 4, seed=7)[1])
    assert not np.array_equal(one, simulate_matrix(params, 50, 4, seed=8)[1])


def test_exact_counts_are_the_binomial_mixture():
    hist = expected_counts(TapParameters(0.3, 0.6, 0.4), 500, 4)
    q1, q0 = 0.6 + 0.4 * 0.4, 0.4 * 0.4
    k = np.arange(5)
    np.testing.assert_allclose(hist.weight, 500 * (0.3 * binom.pmf(k, 4, q1) + 0.7 * binom.pmf(k, 4, q0)))
    assert hist.n_subjects == pytest.approx(500)


def test_wide_csv_reads_back(tmp_path):
    path = tmp_path / "sim.csv"
    params = TapParameters(0.4, 0.7, 0.3)
    assert write_simulation_csv(path, params, 40, 5, seed=4) == 40
    frame = pd.read_csv(path)
    assert list(frame.columns) == ["subject", "R1", "R2", "R3", "R4", "R5"]
    assert set(np.unique(frame.iloc[:, 1:])) <= {0, 1}
    np.testing.assert_array_equal(frame.iloc[:, 1:].to_numpy(), simulate_matrix(params, 40, 5, 4)[1])
    table = read_ratings(path).table
    assert table.n_subjects == 40 and table.n_ratings == 200
    assert binary_counts(table).choice.class1 == ("1",)


def test_exact_csv_is_labelled(tmp_path):
    path = tmp_path / "exact.csv"
    assert write_simulation_csv(path, TapParameters(0.3, 0.6, 0.4), 500, 4, seed=0, exact=True) == 5
    frame = pd.read_csv(path)
    assert tuple(frame.columns) == EXPECTED_COLUMNS
    assert frame["expected_subjects"].sum() == pytest.approx(500)
    assert frame["n_class1"].tolist() == [0, 1, 2, 3, 4]
    np.testing.assert_allclose(frame["expected_subjects"],
                               expected_counts(TapParameters(0.3, 0.6, 0.4), 500, 4).weight, rtol=1e-9)


def test_unwritable_path_is_a_setting_error(tmp_path):
    with pytest.raises(SettingError, match="cannot write"):
        write_simulation_csv(tmp_path / "no" / "such" / "dir.csv", TapParameters(0.5, 0.5, 0.5),
                             5, 2, seed=1)


# ------------------------------------------------------------------------- CLI
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_simulate_writes_a_file(capsys, tmp_path):
    out_file = tmp_path / "s.csv"
    code, out, err = run(capsys, "simulate", "--t", "0.3", "--a", "0.6", "--p", "0.4",
                         "--subjects", "25", "--raters", "3", "--seed", "5", "--out", str(out_file))
    assert code == 0, err
    assert "25" in out and out_file.exists()
    frame = pd.read_csv(out_file)
    assert frame.shape == (25, 4)
    np.testing.assert_array_equal(frame.iloc[:, 1:].to_numpy(),
                                  simulate_matrix(TapParameters(0.3, 0.6, 0.4), 25, 3, 5)[1])


def test_cli_simulate_per_rater_and_class_specific(capsys, tmp_path):
    out_file = tmp_path / "r.csv"
    code, _, err = run(capsys, "simulate", "--t", "0.5", "--rater-a", "0.9,0.5,0.1", "--p", "0.5",
                       "--subjects", "30", "--out", str(out_file))
    assert code == 0, err
    assert pd.read_csv(out_file).shape == (30, 4)
    code, _, err = run(capsys, "simulate", "--t", "0.5", "--a0", "0.9", "--a1", "0.3", "--p0", "0.2",
                       "--p1", "0.6", "--subjects", "30", "--raters", "2", "--out", str(out_file),
                       "--exact")
    assert code == 0, err
    frame = pd.read_csv(out_file)
    q1, q0 = 0.3 + 0.7 * 0.6, 0.1 * 0.2
    k = np.arange(3)
    np.testing.assert_allclose(frame["expected_subjects"],
                               30 * (0.5 * binom.pmf(k, 2, q1) + 0.5 * binom.pmf(k, 2, q0)))


@pytest.mark.parametrize("argv,message", [
    (["--t", "1.3", "--a", "0.5", "--p", "0.4", "--raters", "2"], "--t must lie"),
    (["--t", "0.3", "--p", "0.4", "--raters", "2"], "--a"),
    (["--t", "0.3", "--a", "0.5", "--raters", "2"], "--p"),
    (["--t", "0.3", "--a", "0.5", "--p", "0.4"], "--raters"),
    (["--t", "0.3", "--rater-a", "0.5,x", "--p", "0.4"], "--rater-a"),
    (["--t", "0.3", "--rater-a", "0.5,0.6", "--p", "0.4", "--raters", "3"], "--rater-a"),
    (["--t", "0.3", "--rater-a", "0.5,0.6", "--p", "0.4", "--exact"], "same parameters"),
    (["--t", "0.3", "--a", "0.5", "--p", "0.4", "--raters", "0"], "at least 1"),
])
def test_cli_simulate_bad_input_exits_2_with_one_line(capsys, tmp_path, argv, message):
    code, _, err = run(capsys, "simulate", *argv, "--subjects", "10", "--out", str(tmp_path / "x.csv"))
    assert code == 2
    assert err.strip().count("\n") == 0 and message in err
    assert "Traceback" not in err


def test_binomial_pmf_equals_scipy_stats_and_is_zero_beyond_n():
    """The engine's own binomial (scipy.special, so dialogs and commands skip importing
    scipy.stats) against scipy.stats.binom: rates 0 and 1, many ratings, k > n."""
    from tapdesk.engine.binary.likelihood import binomial_pmf
    for n in (0, 1, 4, 37, 1000):
        k = np.arange(n + 3)
        for q in (0.0, 1e-12, 0.3, 0.5, 0.97, 1.0):
            ours, theirs = binomial_pmf(k, n, q), binom.pmf(k, n, q)
            np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-300)
            assert (ours[k > n] == 0).all()
    np.testing.assert_allclose(binomial_pmf(2, np.array([1, 2, 5]), 0.4),
                               binom.pmf(2, [1, 2, 5], 0.4), rtol=1e-12)
