"""The per-rater likelihood on distinct rating patterns (issue 29: the report in a blink).

The profile searches of the per-rater fit sum over a panel's distinct rating
patterns, weighted by their numbers of subjects, instead of over subjects. The
log-likelihood, gradient and information must be those of the per-subject
engine (:mod:`per_rater_em`), and the wine data's interval ends those the
per-subject searches gave (recorded before the change, to 1e-6).
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater_dense import evaluate, information
from tapdesk.engine.binary.per_rater_em import RaterParams, observed_information, rater_data
from tapdesk.engine.binary.rater_standing import log_likelihood_and_gradient
from tapdesk.engine.binary.rating_patterns import observed_patterns
from tests import WINE

# The wine data at cut 1 (no medal = Class 1): every judge's profile intervals and every
# comparison with the panel, as the per-subject searches found them.
RATER_INTERVALS = {
    ("J1", "a"): (0.22723789164277625, 0.6168071293886517),
    ("J1", "p"): (0.09018680225605463, 0.30245137607197475),
    ("J1", "sensitivity"): (0.35372395932472733, 0.7128767753150691),
    ("J1", "false_positive_rate"): (0.049897602859627244, 0.17591244789433777),
    ("J2", "a"): (0.321614228925463, 0.708025163643896),
    ("J2", "p"): (0.016472231944102966, 0.2247999303619723),
    ("J2", "sensitivity"): (0.37782670175144506, 0.7539699536115725),
    ("J2", "false_positive_rate"): (0.00800137001399882, 0.10759507041530025),
    ("J3", "a"): (0.5236963334928426, 0.8854056006683477),
    ("J3", "p"): (0.0756146165883704, 0.7636629632558387),
    ("J3", "sensitivity"): (0.6427808710934967, 0.9631651309345763),
    ("J3", "false_positive_rate"): (0.016605930531233187, 0.1933689923462455),
    ("J4", "a"): (0.33339958534232, 0.7281066359891962),
    ("J4", "p"): (0.12811362365605833, 0.46313935716693655),
    ("J4", "sensitivity"): (0.47599532185641574, 0.8408983739012916),
    ("J4", "false_positive_rate"): (0.05662356394497442, 0.2013427724295149),
}
COMPARISONS = {      # the first crossings: on wine (cut 1) no point of the likelihood-ratio
    # region lies beyond them (issue 39; the outermost search of d8b7107 moved J3's upper ends
    # out by 1.5e-4 and 2.4e-4, within the secant's tolerance of 1e-3 in r)
    ("J1", "a"): (-0.38345982195885425, 0.051757265153079934),
    ("J1", "p"): (-0.1778427013769594, 0.07990629378501139),
    ("J2", "a"): (-0.2580692535653602, 0.1729983372993587),
    ("J2", "p"): (-0.27681461873192, -0.03527539516148129),
    ("J3", "a"): (-0.0032887266762533784, 0.48189829559954883),
    # J3's lower end re-read in issue 57: EM now reaches the maximum (7e-8 nats higher, the
    # judges' accuracies 1e-5 further on), which moved it by 1.1e-6 (was -0.06423611632113899)
    ("J3", "p"): (-0.06423717711732022, 0.5503152477721389),
    ("J4", "a"): (-0.23891631154712473, 0.21397135605325107),
    ("J4", "p"): (-0.05238564843675372, 0.2283519577065378),
}

@pytest.fixture(scope="module")
def sparse_panel():
    """Six raters, a third of the ratings missing, some subjects rated by one rater only."""
    rng = np.random.default_rng(7)
    truth = rng.random(240) < 0.35
    accurate = rng.random((240, 6)) < np.array([0.1, 0.5, 0.6, 0.7, 0.8, 0.9])
    y = np.where(accurate, truth[:, None], rng.random((240, 6)) < 0.4).astype(float)
    y[rng.random(y.shape) < 0.35] = np.nan
    table = RatingsTable.from_wide([[None if np.isnan(v) else int(v) for v in row] for row in y],
                                   rater_ids=[f"R{j + 1}" for j in range(6)])
    return rater_data(table, counts_for(FitRequest(model="per-rater", class1=("1",)), table))


def test_patterns_are_fewer_than_subjects_and_weigh_as_many(sparse_panel):
    counts = observed_patterns(sparse_panel)
    assert counts.shared and counts.n_studies == 1
    assert counts.weight.shape[1] < sparse_panel.n_subjects
    assert counts.weight.sum() == sparse_panel.n_subjects
    ones, zeros = counts.sums(counts.weight)
    assert np.array_equal(ones[0], sparse_panel.rater_class1)
    assert np.array_equal(ones[0] + zeros[0], sparse_panel.rater_ratings)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_likelihood_gradient_and_information_are_the_per_subject_ones(sparse_panel, seed):
    rng = np.random.default_rng(seed)
    x = np.concatenate([[rng.uniform(0.1, 0.9)], rng.uniform(0.05, 0.95, 12)])
    point = evaluate(observed_patterns(sparse_panel), x)
    ll, grad = log_likelihood_and_gradient(sparse_panel, x)
    assert point.log_likelihood == pytest.approx(ll, rel=1e-12)
    assert np.allclose(point.gradient, grad, rtol=1e-10, atol=1e-9)
    sparse = observed_information(sparse_panel, RaterParams(x[0], x[1:7], x[7:]))
    assert np.allclose(information(observed_patterns(sparse_panel), point), sparse,
                       rtol=1e-10, atol=1e-8)


def test_wine_intervals_are_those_of_the_per_subject_searches():
    table = read_ratings(str(WINE), ImportOptions()).table
    result = fit(FitRequest(model="per-rater", cut=1), table)
    for (rater, name), ends in RATER_INTERVALS.items():
        estimate = next(r for r in result.raters if r.rater_id == rater).get(name)
        assert estimate.ci == pytest.approx(ends, abs=1e-6), (rater, name)
    for (rater, name), ends in COMPARISONS.items():
        assert result.comparison(rater, name).interval == pytest.approx(ends, abs=1e-6)
