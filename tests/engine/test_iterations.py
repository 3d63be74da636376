"""Issue 25: the iterations a fit took, told the same way by the summary, the report's
settings table and the convergence figure's caption ("Iterations 843" beside a figure
saying "iteration 58 of 90" counted different things, unlabelled)."""

from __future__ import annotations

import re

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.report import build_report


@pytest.fixture(scope="module", params=["per-rater", "tap"])
def fitted(request):
    table = simulate_table(TapParameters(t=0.3, a=0.5, p=0.4, rater_a=(0.3, 0.5, 0.7, 0.9)),
                           200, 4, seed=5)
    result = fit(FitRequest(model=request.param, n_starts=3, seed=4), table)
    return result, table


def _settings_and_caption(result, table):
    doc = build_report(result, table=table, coefficients=None)
    settings = {row[0]: row[1] for row in next(
        t for t in doc.tables() if t.key == "settings").rows}
    caption = next(f.caption for f in doc.figures() if f.kind == "convergence")
    return settings, caption


def test_settings_caption_and_summary_tell_the_same_iterations(fitted):
    result, table = fitted
    starts = len(result.traces)
    assert starts == 3 and result.iterations == sum(len(t) for t in result.traces)
    best = max(result.traces, key=lambda t: t[-1])
    settings, caption = _settings_and_caption(result, table)
    # the settings table names each count
    assert "Iterations" not in settings
    assert settings["Iterations of the best start"] == len(best)
    assert settings[f"Iterations, all {starts} starts together"] == result.iterations
    # the caption gives the same numbers, labelled the same way
    said = re.search(r"The best start .*? took (\d+) iterations; the longest start took (\d+), "
                     rf"and all {starts} starts together (\d+)\.", caption)
    assert said, caption
    assert int(said.group(1)) == len(best)
    assert int(said.group(2)) == max(len(t) for t in result.traces)
    assert int(said.group(3)) == result.iterations
    shown = re.search(r"Shown up to iteration (\d+) of the longest start's (\d+)", caption)
    assert shown is None or int(shown.group(2)) == int(said.group(2))
    # and so does the summary's "Converged" line
    details = dict(result.summary().details)
    assert (f"{len(best)} iterations in the best of {starts} starts "
            f"({result.iterations} over all {starts} starts together)") in details["Converged"]


def test_starts_row_says_how_many_starts_ran():
    """The per-rater model runs at most 4 starts: the settings table said 12."""
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), 150, 4, seed=2)
    result = fit(FitRequest(model="per-rater", n_starts=12), table)
    settings, caption = _settings_and_caption(result, table)
    assert len(result.traces) == 4
    assert settings["Optimisation starts"] == "4 (12 asked for; this model runs at most 4)"
    assert "all 4 starts together" in caption
