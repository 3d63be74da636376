"""Bits per rating: observed (data + parameters), expected for n raters, one rating alone."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

from tapdesk.data.binary import CountHistogram, binary_counts
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.information import (
    expected_bits_per_rating_alone,
    expected_bits_per_rating_for_design,
    expected_bits_per_rating_given_n,
    information_summary,
    observed_bits_per_rating,
)
from tapdesk.engine.binary.likelihood import from_tap
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix, simulate_table
from tapdesk.errors import SettingError

PARAMS = [(0.3, 0.5, 0.7), (0.5, 0.9, 0.5), (0.1, 0.2, 0.3), (0.8, 0.0, 0.4), (0.5, 1.0, 0.2)]


def brute_force_bits(t, a, p, n):
    """-E[log2 Pr(sequence)] / n by listing all 2^n rating sequences."""
    mix = from_tap(t, a, p)
    total = 0.0
    for seq in itertools.product((0, 1), repeat=n):
        k = sum(seq)
        prob = t * mix.q1 ** k * (1 - mix.q1) ** (n - k) + (1 - t) * mix.q0 ** k * (1 - mix.q0) ** (n - k)
        if prob > 0:
            total -= prob * np.log2(prob)
    return total / n


@pytest.mark.parametrize("t,a,p", PARAMS)
def test_expected_bits_given_n_matches_enumeration_of_all_sequences(t, a, p):
    for n in (1, 2, 3, 6):
        assert expected_bits_per_rating_given_n(t, a, p, n) == pytest.approx(
            brute_force_bits(t, a, p, n), abs=1e-12)


@pytest.mark.parametrize("t,a,p", PARAMS)
def test_one_rater_equals_the_single_rating_entropy(t, a, p):
    c = t * (a + (1 - a) * p) + (1 - t) * (1 - a) * p
    entropy = 0.0 if c in (0.0, 1.0) else -(c * np.log2(c) + (1 - c) * np.log2(1 - c))
    assert expected_bits_per_rating_alone(t, a, p) == pytest.approx(entropy, abs=1e-12)
    assert expected_bits_per_rating_given_n(t, a, p, 1) == pytest.approx(entropy, abs=1e-12)


def test_agreement_makes_ratings_cheaper_as_raters_are_added():
    values = [expected_bits_per_rating_given_n(0.4, 0.6, 0.5, n) for n in (1, 2, 4, 8, 16)]
    assert all(b < a for a, b in zip(values, values[1:]))
    # with no agreement ratings are independent: the same cost for every n
    flat = [expected_bits_per_rating_given_n(0.4, 0.0, 0.3, n) for n in (1, 3, 9)]
    assert flat == pytest.approx([flat[0]] * 3, abs=1e-12)


def test_perfect_accuracy_costs_only_the_first_rating():
    # a = 1: the first rating carries H(t) bits and the rest are determined
    t = 0.3
    h = -(t * np.log2(t) + (1 - t) * np.log2(1 - t))
    assert expected_bits_per_rating_given_n(t, 1.0, 0.5, 5) == pytest.approx(h / 5, abs=1e-12)


def test_observed_bits_agree_with_the_fit_and_with_the_expectation():
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 4000, 5, seed=9)
    hist = binary_counts(table, ("1",)).histogram()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        result = fit(FitRequest(model="tap", class1=("1",), n_starts=4), table)
    t, a, p = (result.value(n) for n in "tap")
    assert observed_bits_per_rating(hist, t, a, p) == pytest.approx(
        result.log_likelihood.bits_per_rating, rel=1e-12)
    # law of large numbers: 20000 ratings, sd of the mean well under 0.01 bit
    assert observed_bits_per_rating(hist, 0.3, 0.6, 0.4) == pytest.approx(
        expected_bits_per_rating_given_n(0.3, 0.6, 0.4, 5), abs=0.01)


def test_design_average_weights_groups_by_their_ratings():
    hist = CountHistogram(np.array([2, 2, 6]), np.array([0, 1, 3]), np.array([10, 30, 10]))
    # 40 subjects x 2 ratings and 10 subjects x 6 ratings: 80 and 60 ratings
    expected = (80 * expected_bits_per_rating_given_n(0.5, 0.5, 0.5, 2)
                + 60 * expected_bits_per_rating_given_n(0.5, 0.5, 0.5, 6)) / 140
    assert expected_bits_per_rating_for_design(hist, 0.5, 0.5, 0.5) == pytest.approx(expected)
    summary = information_summary(hist, 0.5, 0.5, 0.5)
    assert summary.expected_alone == pytest.approx(1.0)
    assert set(summary.to_dict()) == {"observed_bits_per_rating", "expected_bits_per_rating",
                                      "expected_bits_per_rating_alone", "n_ratings"}


def test_bad_settings_raise_setting_errors():
    with pytest.raises(SettingError, match="a must lie"):
        expected_bits_per_rating_alone(0.5, 1.5, 0.5)
    with pytest.raises(SettingError, match="number of raters"):
        expected_bits_per_rating_given_n(0.5, 0.5, 0.5, 0)
    _, m = simulate_matrix(TapParameters(0.5, 0.5, 0.5), 10, 2, 1)
    hist = CountHistogram.from_counts(np.full(10, 2), m.sum(axis=1))
    with pytest.raises(SettingError):
        observed_bits_per_rating(hist, -0.1, 0.5, 0.5)
