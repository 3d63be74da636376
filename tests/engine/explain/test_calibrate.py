"""Issue 55, item 2: the explanatory tests calibrated by simulated panels on small data.

The pinned panel is the audit's design (6 raters aged 26 to 64, 4 per subject, 90 subjects in 3
groups) with no effect of age: its likelihood ratio passes the chi-square's 5% point (p 0.048),
the panels simulated with no effect say it is not unusual (p 0.08)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from scipy.special import chdtrc

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.explain.calibrate import (
    SIMULATED_PANELS,
    STAGE,
    asymptotic_method,
    critical_value,
    group_nested,
    needs_simulation,
    simulated_ratings,
    simulated_statistic,
    stop_count,
)
from tapdesk.engine.explain.data import prepare
from tapdesk.engine.explain.likelihood import BOUND, ExplainData, Layout, pack_shares
from tapdesk.engine.explain.model import layout_for
from tapdesk.engine.explain.optimise import maximise, start_points
from tapdesk.engine.explain.simulate import simulate_explained
from tapdesk.engine.intervals import chi2_1, significance
from tapdesk.engine.results import lr_test_words
from tapdesk.engine.run import drive

AGES = np.linspace(26, 64, 6).round()
PINNED = 112


def audit_panel(seed: int):
    return simulate_explained([[0.55, 0.45]] * 3, [30] * 3, AGES, 0.6, [0.0], (0.6, 0.4), seed,
                              per_subject=4, categories=("no", "yes"), attribute_names=("age",))


def explained() -> FitRequest:
    return FitRequest(model="tap", class1=("yes",), subject_group="group",
                      rater_attributes=("age",), seed=PINNED)


@pytest.fixture(scope="module")
def pinned():
    events: list[StageProgress] = []
    result = fit(explained(), audit_panel(PINNED), on_event=events.append)
    return result, [e for e in events if isinstance(e, StageProgress) and e.stage == STAGE]


def test_the_chi_square_would_call_age_a_cause_and_the_simulated_panels_do_not(pinned):
    result, _ = pinned
    test = result.attribute_test
    assert test.statistic > chi2_1(0.95)                      # the chi-square's p is under 5%
    assert chdtrc(1, test.statistic) < 0.05
    assert test.simulated_panels == SIMULATED_PANELS
    assert test.p_value >= 0.05 and test.p_value == pytest.approx(16 / 201)
    assert test.method == (f"from {SIMULATED_PANELS} panels simulated from the fit with no "
                           f"effect of age, with the same raters and subjects (seed {PINNED})")
    effect, = result.effects
    assert effect.p_value == test.p_value                     # one test, one p
    assert effect.interval[0] < 0 < effect.interval[1]       # ... and its interval agrees
    assert effect.verdict == "not shown to differ"
    assert not any("Accuracy rises" in s or "Accuracy falls" in s for s in result.headline)
    assert "simulated test's critical value" in result.interval_method


def test_the_group_test_is_simulated_too_and_stops_once_its_answer_is_clear(pinned):
    """Its statistic is small (chi-square p 0.68): it stops once 10 panels reached it, p = 10 /
    panels; the attribute test, whose critical value draws the interval, simulates all 199."""
    result, events = pinned
    test, stop = result.group_test, stop_count(0.95)
    assert stop == 10 and stop_count(0.9) == 20 and stop_count(0.99) == 2
    assert "no difference between the groups" in test.method
    assert f"stopped once {stop} had a likelihood ratio as large" in test.method
    assert stop <= test.simulated_panels < 40
    assert test.p_value == stop / test.simulated_panels and test.critical is None
    runs = [e.done for e in events]             # two tests, each streamed panel by panel
    assert runs == list(range(test.simulated_panels + 1)) + list(range(SIMULATED_PANELS + 1))
    assert {e.total for e in events} == {SIMULATED_PANELS}


def test_the_same_fit_gives_the_same_p_and_another_seed_is_named(pinned):
    result, _ = pinned
    again = fit(explained(), audit_panel(PINNED))
    assert again.attribute_test == result.attribute_test
    assert again.group_test == result.group_test
    other = fit(FitRequest(model="tap", class1=("yes",), rater_attributes=("age",), seed=7),
                audit_panel(PINNED)).attribute_test
    assert other.method.endswith("(seed 7)") and other.simulated_panels == SIMULATED_PANELS


def test_an_interval_leaves_out_zero_exactly_when_the_calibrated_test_rejects():
    """Seed 48: the calibrated test rejects (p 0.045); the coefficient's profile interval ends
    where the likelihood ratio reaches the simulated critical value, not the chi-square's."""
    from tapdesk.engine.explain.data import prepare
    from tapdesk.engine.explain.model import layout_for
    from tapdesk.engine.explain.optimise import local_maximum
    table = audit_panel(48)
    request = FitRequest(model="tap", class1=("yes",), rater_attributes=("age",))
    result = fit(request, table)
    test, (effect,) = result.attribute_test, result.effects
    assert test.critical is not None and abs(test.critical - chi2_1(0.95)) > 0.05
    rejects = test.p_value < 0.05
    assert rejects == (test.statistic > test.critical)
    assert rejects == (not effect.interval[0] <= 0 <= effect.interval[1])
    assert rejects == (not effect.coefficient_interval[0] <= 0 <= effect.coefficient_interval[1])
    prep = prepare(request, table)
    layout = layout_for(request, prep)
    best, _ = local_maximum(layout, prep.data, np.zeros(layout.size))
    index = layout.coefficient_index(0)
    for end in effect.coefficient_interval:
        held, _ = local_maximum(layout, prep.data, best.theta, fixed={index: end / effect.per})
        assert 2 * (best.log_likelihood - held.log_likelihood) == pytest.approx(test.critical,
                                                                              abs=5e-3)


@pytest.mark.parametrize("model, seed, chi_square, simulated", [
    ("per-rater", 265, 0.0463, 0.0645),
    ("categorical", 123, 0.0474, 0.0549),
])
def test_the_group_tests_of_the_other_models_are_calibrated_too(model, seed, chi_square,
                                                                simulated):
    """The per-rater and 3-category models' group tests on small panels with no difference
    between the groups (benchmarks/bench_explain_size.py's designs: 6 raters, and 4 raters
    with 3 categories): the chi-square would call the groups different, the panels simulated
    with no difference do not."""
    if model == "per-rater":
        table, attributes, class1 = audit_panel(seed), (), ("yes",)
    else:
        table = simulate_explained([[0.3, 0.4, 0.3]] * 3, [30] * 3, np.resize([30.0, 60.0], 4),
                                   0.8, [0.0], (0.3, 0.4, 0.3), seed, per_subject=4,
                                   categories=("1", "2", "3"), attribute_names=("age",))
        attributes, class1 = ("age",), None
    result = fit(FitRequest(model=model, class1=class1, subject_group="group",
                            rater_attributes=attributes, seed=seed), table)
    test = result.group_test
    assert chdtrc(test.df, test.statistic) == pytest.approx(chi_square, abs=5e-5)
    assert test.p_value == pytest.approx(simulated, abs=5e-5) and test.p_value >= 0.05
    assert stop_count(0.95) <= test.simulated_panels < SIMULATED_PANELS
    assert "no difference between the groups" in test.method


def test_a_cancel_stops_between_simulated_panels():
    cancel, seen = CancelToken(), []

    def on_event(event):
        if isinstance(event, StageProgress) and event.stage == STAGE:
            seen.append(event.done)
            if event.done == 3:
                cancel.cancel()

    result = fit(FitRequest(model="tap", class1=("yes",), rater_attributes=("age",)),
                 audit_panel(PINNED), on_event=on_event, cancel=cancel)
    assert seen == [0, 1, 2, 3]
    assert not result.complete and result.attribute_test is None and not result.effects


def test_large_data_keep_the_chi_square():
    """From ASYMPTOTIC_RATINGS ratings per free parameter the chi-square is used, and said."""
    table = simulate_explained([[0.55, 0.45]], [300], AGES, 0.6, [0.0], (0.6, 0.4), 3,
                               per_subject=4, categories=("no", "yes"), attribute_names=("age",))
    result = fit(FitRequest(model="tap", class1=("yes",), rater_attributes=("age",)), table)
    test = result.attribute_test
    assert test.simulated_panels == 0 and test.critical is None
    assert test.p_value == pytest.approx(chdtrc(1, test.statistic))
    assert test.method == ("from the chi-square distribution with 1 df (300 ratings per free "
                           "parameter; below 200, p comes from simulated panels)")
    assert "simulated" not in result.interval_method


def ratings(n: int) -> ExplainData:
    """``n`` ratings (all alike) of a 3-group design with 6 raters and one rater attribute."""
    return ExplainData(np.zeros(n, int), np.zeros(n, int), np.zeros(n, int), np.zeros(1, int), 3,
                       2, np.zeros((6, 1)))


def test_the_rule_counts_ratings_per_free_parameter():
    layout = Layout(3, 2, 6, 1, "linear", "shared")               # 3 shares, a, b, p
    assert layout.size == 6 and needs_simulation(layout, ratings(1199))
    assert not needs_simulation(layout, ratings(1200))


def test_the_issue_78_design_simulates():
    """Issue 78, item 5: at 100 ratings per free parameter (6 raters, 4 a subject, 3 groups of
    50 subjects, no difference) the chi-square rejected about 6% of panels at 5%; the
    simulated panels give p there, and at 198 ratings per parameter (3 groups of 99)."""
    for per_group, per_parameter in ((50, 100), (99, 198)):
        table = simulate_explained([[0.55, 0.45]] * 3, [per_group] * 3, AGES, 0.6, [0.0],
                                   (0.6, 0.4), 5, per_subject=4, categories=("no", "yes"),
                                   attribute_names=("age",))
        request = replace(explained(), seed=5)
        prepared = prepare(request, table)
        layout = layout_for(request, prepared)
        assert prepared.data.n_ratings / layout.size == per_parameter
        assert needs_simulation(layout, prepared.data)


def test_the_chi_square_says_where_the_simulation_stops():
    """At the switch (200 ratings per free parameter) the chi-square is used, and its words
    name the ratio and the switch."""
    layout = Layout(3, 2, 6, 1, "linear", "shared")
    assert asymptotic_method(layout, ratings(1200), 2) == (
        "from the chi-square distribution with 2 df (200 ratings per free parameter; below 200, "
        "p comes from simulated panels)")


def test_critical_value_matches_the_monte_carlo_p():
    """p < 0.05 exactly when T is above the critical value, for every T."""
    simulated = np.random.default_rng(1).chisquare(1, SIMULATED_PANELS)
    critical = critical_value(simulated, 0.95)
    for t in np.concatenate([simulated, simulated + 1e-7, simulated - 1e-7, [0.0, 50.0]]):
        p = (1 + (simulated >= t).sum()) / (1 + len(simulated))
        assert (p < 0.05) == (t > critical)


@pytest.mark.parametrize("level", [0.8, 0.9, 0.95, 0.975, 0.99])
def test_the_monte_carlo_test_rejects_at_its_level(level):
    """Where T is as likely as each of the B T* to be the largest (no effect, a statistic whose
    law does not hang on the nested model's values), T falls in each of the B + 1 gaps between
    the T* with the same chance; the test rejects in the gaps above its critical value. That
    share is within a hundredth of 1 - level below it (B = 199 gave 9/200 = 4.5% at 95%)."""
    simulated = np.random.default_rng(2).chisquare(1, SIMULATED_PANELS)
    critical = critical_value(simulated, level)
    gaps_above = int((simulated >= critical).sum())       # T above all of them, or between two
    alpha = significance(level)
    assert 0.99 * alpha <= gaps_above / (SIMULATED_PANELS + 1) < alpha
    h = stop_count(level)                   # a stopped test's p, h / panels, never rejects
    assert h / SIMULATED_PANELS >= alpha and (1 + h) / (SIMULATED_PANELS + 1) >= alpha


def test_simulated_ratings_follow_the_model():
    """Shares by group, accuracy and guesses: the rate of Class 1 in each group is
    t_g (a + (1 - a) p) + (1 - t_g) (1 - a) p."""
    n, k = 40_000, 2
    layout = Layout(2, k, 2, 0, "free", "shared")
    t = np.array([[0.8, 0.2], [0.3, 0.7]])
    a, p = np.array([0.9, 0.4]), 0.25
    theta = np.concatenate([pack_shares(layout, t), np.log(a / (1 - a)), [np.log(p / (1 - p))]])
    group = np.repeat([0, 1], n // 2)
    data = ExplainData(np.arange(n).repeat(2), np.tile([0, 1], n), np.zeros(2 * n, int), group,
                       2, k, np.zeros((2, 0)))
    y = simulated_ratings(layout, data, theta, np.random.default_rng(4))
    for g in (0, 1):
        for j in (0, 1):
            mine = (group[data.subject] == g) & (data.rater == j)
            expected = t[g, 1] * (a[j] + (1 - a[j]) * p) + t[g, 0] * (1 - a[j]) * p
            assert y[mine].mean() == pytest.approx(expected, abs=0.012)


def test_every_surface_shows_the_calibrated_p(pinned):
    """The summary, the report's tests and the JSON show the one p and how it was found (the
    Explain tab: tests/gui/window/test_explain_by.py)."""
    from tapdesk.library.fitted import result_json
    from tapdesk.report.explained import tests_in_words
    result, _ = pinned
    words = lr_test_words(result.attribute_test)
    assert "p = 0.080 from 200 panels simulated" in words
    facts = dict(result.summary().facts)
    assert facts["Attributes matter?"] == words
    assert words in tests_in_words(result)
    payload = result_json(result, audit_panel(PINNED))
    assert payload["attribute_test"]["p_value"] == result.attribute_test.p_value
    assert payload["attribute_test"]["method"] == result.attribute_test.method
    assert payload["effects"][0]["p_value"] == result.attribute_test.p_value


@pytest.mark.parametrize("seed, k", [(1, 1), (3, 1)])
def test_a_simulated_panels_statistic_is_the_one_its_fits_maxima_give(seed, k):
    """A per-rater fit with a rater's rate on the box (6e-6 from 0 or 1): on a panel simulated
    from it, T* is 2 (the full model's maximum - the nested one's), as fits from many starts find
    them on the same ratings (the searches started on the box stopped there: T* 2.318 where it is
    1.990, and 0.748 where it is 0.848)."""
    req = FitRequest(model="per-rater", class1=("yes",), subject_group="group", seed=seed)
    prep = prepare(req, audit_panel(seed))
    layout, data = layout_for(req, prep), prep.data
    best = drive(maximise(layout, data, start_points(layout, data, 12, seed), NEVER_CANCELLED, 0,
                          max_iterations=5000, tolerance=1e-10, emit=False))
    nested = drive(group_nested(layout, data, best.theta, req, NEVER_CANCELLED))
    assert (np.abs(nested.theta) >= BOUND - 1e-3).any()
    star = simulated_statistic(layout, data, nested, np.random.default_rng(k), 5000)
    y = simulated_ratings(nested.layout, nested.data, nested.theta, np.random.default_rng(k))

    def highest(lay: Layout, d: ExplainData, first: np.ndarray) -> float:
        starts = [first] + start_points(lay, d, 12, 1)
        return drive(maximise(lay, d, starts, NEVER_CANCELLED, 0, max_iterations=5000,
                              tolerance=1e-10, emit=False)).log_likelihood

    low = highest(nested.layout, replace(nested.data, y=y), nested.theta)
    high = highest(layout, replace(data, y=y), nested.embed(nested.theta))
    assert star == pytest.approx(2 * (high - low), abs=1e-3)
