"""Issue 42: each rater's own accuracy beside what the rater attributes predict."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.explain.own import OWN_NAME
from tapdesk.engine.explain.simulate import simulate_explained
from tapdesk.engine.request import FitRequest
from tapdesk.engine.run import fit


def _table():
    """Eight raters whose accuracy rises with age, except R1, who only guesses (a hidden
    second attribute the fit is not told of)."""
    ages = np.array([30, 34, 38, 42, 46, 50, 54, 58], float)
    hidden = np.array([1, 0, 0, 0, 0, 0, 0, 0], float)
    return simulate_explained([[0.5, 0.5], [0.3, 0.7]], [150, 150], np.column_stack([ages, hidden]), 0.8,
                              [0.04, -9.0], [0.5, 0.5], seed=3, per_subject=4,
                              attribute_names=["age", "hidden"])


def test_a_rater_who_only_guesses_is_seen_on_their_own_ratings():
    result = fit(FitRequest(model="tap", rater_attributes=("age",), n_starts=4), _table())
    by_id = {r.rater_id: {e.name: e.value for e in r.estimates} for r in result.raters}
    assert by_id["R1"]["a"] > 0.35                     # what age predicts for R1
    assert by_id["R1"][OWN_NAME] < 0.15                # what R1's own ratings say
    others = [v[OWN_NAME] for k, v in by_id.items() if k != "R1"]
    assert min(others) > 0.4
    assert all(0 <= v[OWN_NAME] <= 1 for v in by_id.values())


def test_without_attributes_there_is_no_separate_own_accuracy():
    result = fit(FitRequest(model="per-rater", subject_group="group", n_starts=4), _table())
    assert result.raters and all(OWN_NAME not in {e.name for e in r.estimates}
                                 for r in result.raters)


def test_the_own_accuracy_has_its_likelihood_ratio_interval():
    """Issue 53: the own estimate had no interval. R1, who only guesses, lies outside what age
    predicts for them: their own interval leaves the prediction out; every interval holds its
    estimate."""
    result = fit(FitRequest(model="tap", rater_attributes=("age",), n_starts=4), _table())
    for rater in result.raters:
        own = next(e for e in rater.estimates if e.name == OWN_NAME)
        assert own.ci is not None and own.ci[0] <= own.value <= own.ci[1], rater.rater_id
        assert 0 < own.ci[1] - own.ci[0] < 0.6
    r1 = next(r for r in result.raters if r.rater_id == "R1")
    predicted = next(e for e in r1.estimates if e.name == "a")
    assert next(e for e in r1.estimates if e.name == OWN_NAME).ci[1] < predicted.value
