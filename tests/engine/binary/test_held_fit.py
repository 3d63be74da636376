"""A comparison's p-value agrees with its interval (issue 55, item 1).

The per-rater fit's comparisons test "no difference from the rest of the panel" by the
likelihood ratio with the difference held at 0; the profile interval shown beside them is the
inversion of the same test. Two seeded 3 x 60 panels (t = a = p = .5, tapdesk's own
simulator) where they disagreed before: the held fit from the fit alone stopped at a local
maximum (p = 0.0001 where the global maximum gives 0.0034), and an interval whose upper end
was found on the mirror image of the fit (every accuracy negated) reached past 0 while its
own test rejected 0. An independent multi-start optimiser (tests/engine/binary/global_profile.py)
checks the p-value.
"""

from __future__ import annotations

import pytest
from scipy.stats import chi2

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.report.consistency import p_interval_mismatches
from tests.engine.binary.test_rater_standing import independent_for


def small_panel(seed: int):
    table = simulate_table(TapParameters(t=0.5, a=0.5, p=0.5), 60, 3, seed)
    request = FitRequest(model="per-rater", class1=("1",), seed=0)
    return table, request, fit(request, table)


def test_the_held_fit_is_the_global_maximum():
    table, request, result = small_panel(5)
    c = result.comparison("R3", "a")
    independent = independent_for(table, request, result, "R3", "a")
    p_independent = float(chi2.sf(2 * max(independent.drop(0.0), 0.0), 1))
    assert p_independent == pytest.approx(0.0034, abs=0.0005)
    assert c.p_value == pytest.approx(p_independent, rel=0.02)      # was 0.0001
    assert c.interval[1] < 0 and c.verdict == "lower"


def test_the_interval_and_its_test_agree_where_the_profile_reaches_the_mirror_image():
    table, request, result = small_panel(41)
    c = result.comparison("R1", "a")
    assert c.p_value < 0.05 and c.interval[1] < 0         # was (-1.28, 1.28) beside p = 0.025
    independent = independent_for(table, request, result, "R1", "a")
    assert independent.drop(c.interval[1] + 0.01) > chi2.ppf(0.95, 1) / 2
    assert p_interval_mismatches("seed 41", result.comparisons) == []
