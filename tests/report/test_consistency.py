"""report/consistency.py catches what issue 39 found: a verdict or flag that says more than the
interval shown beside it, and a feedback claim the summary does not make."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.results import AttributeEffect, RaterComparison
from tapdesk.report.consistency import (
    contradictions,
    effect_p_interval_mismatches,
    p_interval_mismatches,
    p_value_mismatches,
    verdict_interval_mismatches,
)
from tests.engine.binary.test_rater_standing import panel


@pytest.fixture(scope="module")
def weak():
    table = panel(np.random.default_rng(4), [0.7, 0.7, 0.2, 0.7, 0.7])
    return table, fit(FitRequest(model="per-rater", class1=("1",)), table)


def test_a_fit_tells_one_story(weak):
    table, result = weak
    assert result.comparison("R3", "a").verdict == "lower"
    assert contradictions("weak", result, table) == []


def test_a_verdict_beside_an_interval_that_does_not_support_it_is_caught(weak):
    _, result = weak
    wrong = tuple(replace(c, interval=(-0.3, 0.1)) if (c.rater_id, c.name) == ("R3", "a") else c
                  for c in result.comparisons)
    found = verdict_interval_mismatches("weak", replace(result, comparisons=wrong))
    assert any("R3's a is said to be 'lower'" in f for f in found)
    silent = RaterComparison("R1", "a", 0.2, (0.05, 0.4), "not shown to differ", "profile")
    found = verdict_interval_mismatches("weak", replace(result, comparisons=(silent,)))
    assert any("leaves out 0, yet the verdict" in f for f in found)       # no reason given


def test_a_chance_flag_or_words_beside_an_interval_far_from_chance_are_caught(weak):
    _, result = weak
    rater = result.raters[0]
    assert rater.get("a").ci[1] > 0 and rater.get("a").ci[0] >= 0.02
    flagged = replace(rater, flagged="accuracy no better than chance (a = 0.50; its 99% "
                                     "interval, adjusted for the panel's 5 raters, lies at or "
                                     "below 0, from -0.1 to -0.01: ...)")
    found = verdict_interval_mismatches("weak", replace(result, raters=(flagged,)))
    assert any("flagged as no better than chance" in f for f in found)
    worded = replace(rater, chance="These data cannot show that R1 rates better than chance: "
                                   "its 95% interval reaches 0.")
    found = verdict_interval_mismatches("weak", replace(result, raters=(worded,)))
    assert any("said not to be shown better than chance" in f for f in found)


def test_a_feedback_claim_missing_from_the_summary_is_caught(weak):
    table, result = weak
    found = contradictions("weak", replace(result, headline=()), table)
    assert any("does not carry the rater comparison" in f for f in found)
    from tapdesk.report.consistency import _feedback_contradictions
    said = _feedback_contradictions("weak", result, table, "nothing about R3")
    assert any("R3's feedback claims 'R3 was accurate less often (difference" in f for f in said)


def test_a_p_value_that_contradicts_its_interval_is_caught(weak):
    """Issue 55: the interval is the inversion of the comparison's own test, so p < 0.05
    exactly when the 95% interval leaves out 0; a contradiction either way is named, a p-value
    on the interval's end (to the searches' tolerance) is not."""
    _, result = weak
    assert p_interval_mismatches("weak", result.comparisons) == []
    tested = [c for c in result.comparisons if c.p_value is not None]
    assert len(tested) == 10
    holds = RaterComparison("R1", "a", -0.3, (-0.62, 0.57), "not shown to differ", "profile",
                            p_value=0.017)
    leaves = RaterComparison("R2", "p", 0.2, (0.05, 0.4), "higher", "profile", p_value=0.38)
    edge = RaterComparison("R3", "a", 0.2, (1e-4, 0.4), "higher", "profile", p_value=0.0502)
    found = p_interval_mismatches("audit", (holds, leaves, edge))
    assert len(found) == 2
    assert "R1's a has p = 0.017" in found[0] and "holds 0" in found[0]
    assert "R2's p has p = 0.38" in found[1] and "leaves out 0" in found[1]
    found = verdict_interval_mismatches("weak", replace(result, comparisons=(holds,)))
    assert any("p = 0.017" in f for f in found)          # contradictions() runs it on every fit


def effect(p_value: float, span: tuple[float, float], verdict: str = "not shown to differ",
           level: str = "") -> AttributeEffect:
    return AttributeEffect("age", level, "", 0.1, span, 10.0, 30.0, 60.0, 0.05,
                           (span[0] / 2, span[1] / 2), "age 60 against 30", p_value, verdict, 2)


def test_an_attribute_effect_whose_p_value_contradicts_its_interval_is_caught(weak):
    """Issue 55: an explanatory fit's effects carry a p-value (their own likelihood-ratio test,
    which feeds Holm's step) beside the coefficient's interval, the inversion of the same test;
    the check covers them as it covers the rater comparisons (it saw only those before)."""
    _, result = weak
    agrees = effect(0.003, (0.05, 0.3), "higher")
    holds = effect(0.017, (-0.1, 0.2))
    leaves = effect(0.38, (0.01, 0.2), "higher", level="expert")
    edge = effect(0.0502, (1e-4, 0.3), "higher")
    assert effect_p_interval_mismatches("explained", (agrees, edge), 0.95) == []
    found = effect_p_interval_mismatches("explained", (holds, leaves), 0.95)
    assert len(found) == 2
    assert "the effect of age has p = 0.017" in found[0] and "holds 0" in found[0]
    assert "the effect of age expert has p = 0.38" in found[1] and "leaves out 0" in found[1]
    at_90 = effect(0.07, (0.01, 0.3), "higher")             # the fit's level decides
    assert effect_p_interval_mismatches("90%", (at_90,), 0.90) == []
    assert len(effect_p_interval_mismatches("95%", (at_90,), 0.95)) == 1
    both = replace(result, effects=(holds,))
    assert [f for f in p_value_mismatches("fit", both) if "p = 0.017" in f]
    assert any("p = 0.017" in f for f in verdict_interval_mismatches("fit", both))
