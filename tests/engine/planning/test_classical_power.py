"""The kappaSize-style classical answer beside a power target (issue 30, part 5).

Checked against values worked out by hand from Donner and Eliasziw's two-rater model (which
kappaSize 1.2's PowerBinary gives as 74 and 107 subjects; kappaSize itself could not be run
here), against the three-rater model written out by hand and its defining property (its Fleiss'
kappa is kappa), and by simulating the test at the number of subjects found (2, 4 and 6 raters).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import chi2

from tapdesk.engine.planning.classical import kappa_model
from tapdesk.engine.planning.classical_power import (
    count_shares,
    exact_subjects,
    kappa_power_subjects,
    noncentrality,
)


def two_rater_shares(kappa: float, share: float) -> list[float]:
    """Donner and Eliasziw's (1992) cell probabilities for two raters, written out by hand."""
    mixed = share * (1 - share)
    return [(1 - share) ** 2 + kappa * mixed, 2 * (1 - kappa) * mixed, share ** 2 + kappa * mixed]


def test_two_rater_shares_are_donner_and_eliasziws():
    for kappa, share in ((0.4, 0.5), (0.7, 0.2), (0.05, 0.9)):
        assert count_shares(kappa, share, 2) == pytest.approx(two_rater_shares(kappa, share))


def test_three_rater_shares_written_out_by_hand():
    """All agree with chance kappa, else independent: P(0) = (1-pi)^3 + kappa pi (1-pi)(2-pi),
    P(1) = 3 pi (1-pi)^2 (1-kappa), P(2) = 3 pi^2 (1-pi)(1-kappa), P(3) = pi^3 + kappa pi (1-pi^2)."""
    kappa, pi = 0.35, 0.3
    by_hand = [(1 - pi) ** 3 + kappa * pi * (1 - pi) * (2 - pi),
               3 * pi * (1 - pi) ** 2 * (1 - kappa), 3 * pi ** 2 * (1 - pi) * (1 - kappa),
               pi ** 3 + kappa * pi * (1 - pi ** 2)]
    assert count_shares(kappa, pi, 3) == pytest.approx(by_hand)


def test_noncentrality_for_80_percent_power_at_5_percent():
    z = 1.959963984540054 + 0.8416212335729143        # the one-tail normal approximation
    assert noncentrality(0.05, 0.8) == pytest.approx(z ** 2, abs=1e-4)
    assert noncentrality(0.05, 0.04) == 0.0


def test_two_raters_match_the_hand_computation_and_kappasizes_published_answers():
    # 0.4 against 0.7, prevalence 0.5: sum of (P1 - P0)^2 / P0 = 2 * 0.075^2 / 0.35 + 0.15^2 / 0.3
    per_subject = 2 * 0.075 ** 2 / 0.35 + 0.15 ** 2 / 0.3
    assert exact_subjects(0.4, 0.7, 0.5, 2, 0.05, 0.8) == pytest.approx(
        noncentrality(0.05, 0.8) / per_subject, rel=1e-9)
    assert exact_subjects(0.4, 0.7, 0.5, 2, 0.05, 0.8) == pytest.approx(73.26, abs=0.005)
    assert math.ceil(exact_subjects(0.4, 0.7, 0.5, 2, 0.05, 0.8)) == 74
    assert math.ceil(exact_subjects(0.4, 0.7, 0.2, 2, 0.05, 0.8)) == 107


@pytest.mark.parametrize("raters", [2, 3, 4, 5, 6])
def test_the_models_fleiss_kappa_is_kappa(raters):
    k = np.arange(raters + 1)
    for kappa, share in ((0.4, 0.3), (0.75, 0.6)):
        shares = count_shares(kappa, share, raters)
        assert shares.sum() == pytest.approx(1.0) and (shares > 0).all()
        agree = (k * (k - 1) + (raters - k) * (raters - k - 1)) / (raters * (raters - 1))
        chance = share ** 2 + (1 - share) ** 2
        assert (shares @ agree - chance) / (1 - chance) == pytest.approx(kappa)
        assert shares @ k / raters == pytest.approx(share)


def simulated_power_two_raters(kappa0, kappa1, share, subjects, sims, seed):
    """Donner and Eliasziw's goodness-of-fit test (prevalence estimated, one degree of
    freedom) on studies simulated at kappa1: the share that rejects kappa0 at 5%."""
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(subjects, count_shares(kappa1, share, 2), size=sims)
    shares = (counts[:, 1] + 2 * counts[:, 2]) / (2 * subjects)
    expected = subjects * np.array([two_rater_shares(kappa0, s) for s in shares])
    statistic = ((counts - expected) ** 2 / expected).sum(axis=1)
    return float((statistic > chi2.isf(0.05, 1)).mean())


@pytest.mark.parametrize("kappa0, kappa1, share", [(0.4, 0.6, 0.3), (0.4, 0.7, 0.2)])
def test_the_test_simulated_at_the_subjects_found_has_the_power(kappa0, kappa1, share):
    subjects = math.ceil(exact_subjects(kappa0, kappa1, share, 2, 0.05, 0.8))
    power = simulated_power_two_raters(kappa0, kappa1, share, subjects, 4000, 11)
    assert 0.78 <= power <= 0.86        # 4000 studies: Monte Carlo error about 0.006
    fewer = simulated_power_two_raters(kappa0, kappa1, share, subjects * 2 // 3, 4000, 12)
    assert fewer < 0.75


def simulated_power_fitted(kappa0, kappa1, share, raters, subjects, sims, seed):
    """Studies simulated at kappa1 with ``raters`` raters: kappa fitted by maximum likelihood
    (the share known, as the method takes it) and rejected when n sum (P(fit) - P0)^2 / P0,
    one degree of freedom, passes the 5% cut-off: the share that rejects."""
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(subjects, count_shares(kappa1, share, raters), size=sims)
    grid = np.linspace(0.0005, 0.9995, 2000)
    shares = np.array([count_shares(k, share, raters) for k in grid])
    fitted = shares[(counts @ np.log(shares).T).argmax(axis=1)]
    null = count_shares(kappa0, share, raters)
    statistic = subjects * ((fitted - null) ** 2 / null).sum(axis=1)
    return float((statistic > chi2.isf(0.05, 1)).mean())


@pytest.mark.parametrize("raters", [4, 6])
def test_more_raters_simulated_at_the_subjects_found_have_the_power(raters):
    subjects = math.ceil(exact_subjects(0.4, 0.6, 0.3, raters, 0.05, 0.8))
    assert 0.78 <= simulated_power_fitted(0.4, 0.6, 0.3, raters, subjects, 4000, 21) <= 0.86


def test_tapdesks_question_maps_to_kappa_of_a_and_of_versus():
    answer = kappa_power_subjects(0.4, 0.8, 0.4, 0.5, 3, 0.95, 0.8)   # t = p: kappa = a^2
    assert (answer.kappa1, answer.kappa0) == (pytest.approx(0.64), pytest.approx(0.25))
    assert answer.share == pytest.approx(0.4) and answer.alpha == pytest.approx(0.05)
    assert answer.subjects == math.ceil(exact_subjects(0.25, 0.64, 0.4, 3, 0.05, 0.8))
    other = kappa_power_subjects(0.3, 0.7, 0.4, 0.5, 4, 0.9, 0.8)
    assert other.kappa1 == pytest.approx(kappa_model(0.3, 0.7, 0.4, 4).kappa)
    assert other.share == pytest.approx(0.3 * 0.7 + 0.3 * 0.4) and other.alpha == pytest.approx(0.1)


def test_no_classical_answer_is_worded():
    assert "2 to 6 raters" in kappa_power_subjects(0.3, 0.7, 0.4, 0.5, 8, 0.95, 0.8).reason
    same = kappa_power_subjects(0.3, 0.7, 0.4, 0.7, 3, 0.95, 0.8)
    assert same.subjects is None and "same kappa" in same.reason
    zero = kappa_power_subjects(0.3, 0.7, 0.4, 0.0, 3, 0.95, 0.8)
    assert zero.subjects is None and "between 0 and 1" in zero.reason
    assert kappa_power_subjects(1.0, 1.0, 0.4, 0.5, 3, 0.95, 0.8).subjects is None
