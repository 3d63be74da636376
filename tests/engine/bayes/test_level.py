"""Issue 25: every Bayesian interval at the request's level, and every text naming it.

The intervals used to be 90% highest-density intervals whatever was asked. At
levels 0.8 and 0.95 the same posterior's intervals must be nested, and the
headline, the table and the interval description must state the level.
"""

from __future__ import annotations

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.words import interval_level

TABLE = simulate_table(TapParameters(0.3, 0.7, 0.4), 60, 4, 2)

CASES = {"exact": dict(method="exact"),
         "mcmc": dict(method="mcmc", draws=400, warmup=200, seed=3),
         "ridge exact": dict(model="tap-a0a1", method="exact"),
         "per-rater": dict(model="per-rater", method="mcmc", draws=300, warmup=200, seed=3)}


def _fit(level: float, settings: dict):
    return fit(FitRequest(level=level, **settings), TABLE)


def _texts(result) -> str:
    table = result.tables[0]
    return " ".join((*result.headline, *table.columns, result.interval_method))


@pytest.mark.parametrize("case", list(CASES))
def test_intervals_follow_the_level_and_are_nested(case):
    narrow, wide = _fit(0.8, CASES[case]), _fit(0.95, CASES[case])
    for small, large in zip(narrow.posterior.parameters, wide.posterior.parameters):
        assert small.level == 0.8 and large.level == 0.95
        assert large.hdi[0] <= small.hdi[0] < small.hdi[1] <= large.hdi[1], (small, large)
    assert "80% credible interval" in " ".join(narrow.headline)
    assert "95% credible interval" in " ".join(wide.headline)
    assert "90%" not in _texts(narrow) + _texts(wide)
    assert "80% credible low" in narrow.tables[0].columns
    assert interval_level(narrow.interval_method) == 80
    assert interval_level(wide.interval_method) == 95
    for est_small, est_large in zip(narrow.params, wide.params):
        assert est_large.ci[0] <= est_small.ci[0] and est_small.ci[1] <= est_large.ci[1]


def test_per_rater_flags_name_the_level():
    """A rater who only guesses gets the words (not a flag: a posterior's a cannot lie below
    0, issue 78), with the level of the interval that reaches 0."""
    import numpy as np

    from tapdesk.data.ratings import RatingsTable
    rng = np.random.default_rng(1)
    truth = rng.random(40) < 0.5
    good = [np.where(rng.random(40) < 0.9, truth, rng.random(40) < 0.5) for _ in range(2)]
    rows = np.column_stack(good + [rng.random(40) < 0.5]).astype(int)
    result = fit(FitRequest(level=0.8, **CASES["per-rater"]), RatingsTable.from_wide(rows.tolist()))
    assert not any(r.flagged for r in result.raters)
    notes = [r.chance for r in result.raters if r.chance]
    assert notes and all("80% credible interval reaches down to" in n for n in notes), notes


def test_a_fractional_level_is_stated_with_its_decimals():
    from tapdesk.engine.bayes.methods import interval_method
    assert interval_method(0.975).startswith("97.5% highest-density interval")
    assert interval_method(0.95).startswith("95% highest-density interval")
