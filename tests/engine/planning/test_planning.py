"""Study planning: closed forms, direct simulation, monotone designs, the engine's own fits."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest
from scipy.stats import binom

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix, simulate_table, table_from_matrix
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.planning import (
    DesignFinished,
    Need,
    PlanRequest,
    advise,
    advise_all,
    default_needs,
    parse_counts,
    plan,
    plan_events,
)
from tapdesk.engine.planning.accuracy import (
    majority_accuracy,
    majority_accuracy_exact,
    model_accuracy,
    model_accuracy_exact,
)
from tapdesk.engine.planning.request import estimates_from_fit
from tapdesk.engine.planning.result import MonteCarloErrors, PlanDesign, PlanResult, median_mc_error
from tapdesk.engine.planning.run import chunks
from tapdesk.engine.planning.studies import COLUMNS, Chunk, fit_request, fit_study, run_chunk, simulate_study
from tapdesk.errors import SettingError


# ------------------------------------------------------------- closed forms
def enumerate_accuracy(t, a, p, raters):
    """Brute force over every rating pattern: Bayes rule per pattern, majority per pattern."""
    q1, q0 = a + (1 - a) * p, (1 - a) * p
    model = majority = 0.0
    for pattern in itertools.product((0, 1), repeat=raters):
        k = sum(pattern)
        one = t * q1 ** k * (1 - q1) ** (raters - k)
        zero = (1 - t) * q0 ** k * (1 - q0) ** (raters - k)
        model += max(one, zero)
        majority += one if 2 * k > raters else zero if 2 * k < raters else (one + zero) / 2
    return model, majority


@pytest.mark.parametrize("t, a, p, raters", [(0.3, 0.6, 0.4, 3), (0.5, 0.5, 0.5, 4),
                                              (0.1, 0.8, 0.2, 5), (0.7, 0.3, 0.9, 2),
                                              (0.25, 0.55, 0.65, 6)])
def test_closed_forms_equal_enumeration_over_rating_patterns(t, a, p, raters):
    model, majority = enumerate_accuracy(t, a, p, raters)
    assert model_accuracy_exact(t, a, p, raters) == pytest.approx(model, abs=1e-12)
    assert majority_accuracy_exact(t, a, p, raters) == pytest.approx(majority, abs=1e-12)
    assert model >= majority - 1e-12          # the posterior's rule is the best any rule can do


def test_closed_form_edge_cases():
    assert model_accuracy_exact(0.3, 1.0, 0.4, 3) == pytest.approx(1.0)
    assert model_accuracy_exact(0.3, 0.0, 0.4, 5) == pytest.approx(0.7)   # pure guessing
    # the issue's formula, written out: sum over k of max(t Binom(k; R, q1), (1-t) Binom(k; R, q0))
    k = np.arange(6)
    expected = np.maximum(0.3 * binom.pmf(k, 5, 0.76), 0.7 * binom.pmf(k, 5, 0.16)).sum()
    assert model_accuracy_exact(0.3, 0.6, 0.4, 5) == pytest.approx(expected)


def test_per_study_shares_with_the_true_parameters_converge_to_the_closed_form():
    truth, ratings = simulate_matrix(TapParameters(0.3, 0.6, 0.4), 200_000, 4, seed=3)
    counts = ratings.sum(axis=1)
    se = math.sqrt(0.25 / len(truth))
    assert model_accuracy(truth, counts, 4, 0.3, 0.6, 0.4) == pytest.approx(
        model_accuracy_exact(0.3, 0.6, 0.4, 4), abs=4 * se)
    assert majority_accuracy(truth, counts, 4) == pytest.approx(
        majority_accuracy_exact(0.3, 0.6, 0.4, 4), abs=4 * se)


def test_median_monte_carlo_error_matches_the_normal_theory_value():
    values = np.random.default_rng(1).normal(size=4000)
    # for a normal sample the median's standard error is sqrt(pi / 2) / sqrt(n)
    assert median_mc_error(values) == pytest.approx(math.sqrt(math.pi / 2 / 4000), rel=0.15)


# ------------------------------------------------------------- simulation
def test_plan_accuracy_agrees_with_the_closed_form():
    result = plan(PlanRequest(0.3, 0.6, 0.4, raters=(3, 5), subjects=(400,), sims=40, workers=1))
    for design in result.designs:
        exact = model_accuracy_exact(0.3, 0.6, 0.4, design.raters)
        assert design.accuracy_exact == pytest.approx(exact)
        # the fitted posterior can only lose a little against the true one at 400 subjects
        error = design.mc_error.accuracy_model
        assert exact - 0.01 - 3 * error <= design.accuracy_model <= exact + 3 * error
        assert design.accuracy_majority == pytest.approx(
            design.majority_exact, abs=4 * design.mc_error.accuracy_majority + 1e-9)


def test_each_study_is_the_engine_fit_of_its_simulated_data():
    request = PlanRequest(0.3, 0.6, 0.4, raters=(3, 5), subjects=(60, 120), sims=20, workers=1,
                          versus=0.5)
    chunk = next(c for c in chunks(request) if (c.raters, c.subjects) == (3, 120))
    rows = run_chunk(chunk)
    for row in rows[:3]:
        truth, ratings = simulate_study(chunk, int(row[0]))
        assert ratings.shape == (120, 3)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            direct = fit(FitRequest(model="tap", n_starts=chunk.n_starts,
                                    tolerance=chunk.tolerance), table_from_matrix(ratings))
            default = fit(FitRequest(model="tap"), table_from_matrix(ratings))
        width = {n: direct.param(n).ci[1] - direct.param(n).ci[0] for n in "tap"}
        got = dict(zip(COLUMNS, row))
        for n in "tap":
            assert got[f"width_{n}"] == pytest.approx(width[n], abs=1e-12)
            # the plan's settings (fewer starts, looser EM tolerance) give the default fit's interval
            assert got[f"width_{n}"] == pytest.approx(
                default.param(n).ci[1] - default.param(n).ci[0], abs=1e-4)
        assert (got["a_low"], got["a_high"]) == pytest.approx(direct.param("a").ci)
        counts = ratings.sum(axis=1)
        assert got["accuracy_model"] == pytest.approx(
            model_accuracy(truth, counts, 3, *(direct.value(n) for n in "tap")))
        assert got["accuracy_majority"] == pytest.approx(majority_accuracy(truth, counts, 3))


@pytest.mark.parametrize("t, a, p", [(0.3, 0.6, 0.4), (0.1, 0.9, 0.2), (0.5, 0.2, 0.5),
                                     (0.05, 0.5, 0.5), (0.7, 0.95, 0.1)])
def test_lean_planning_fit_equals_the_full_engine_fit(t, a, p):
    """fit_study leaves out events and standard errors, nothing the plan reads: over 20 seeded
    studies (flat, edge and rare-class cases among them) its estimates, intervals and
    convergence are the full fit's, and the full fit's events did run."""
    for raters, subjects in ((2, 30), (3, 60), (5, 100), (8, 200)):
        chunk = Chunk(t, a, p, raters, subjects, 8, 200, 11, 0, 1, 12, 1e-10)
        _, ratings = simulate_study(chunk, 0)
        lean, converged = fit_study(chunk, ratings)
        events = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            full = fit(fit_request(chunk), table_from_matrix(ratings), on_event=events.append)
        assert converged == full.converged and len(events) > full.iterations
        for mine, theirs in zip(lean, full.params, strict=True):
            assert mine.name == theirs.name and mine.se is None
            assert mine.value == pytest.approx(theirs.value, abs=1e-12)
            assert mine.ci == pytest.approx(theirs.ci, abs=1e-12), (raters, subjects)


def test_nested_studies_are_corners_of_one_master_study():
    request = PlanRequest(0.3, 0.6, 0.4, raters=(3, 5), subjects=(50, 100), sims=20, workers=1)
    small, large = (next(c for c in chunks(request) if (c.raters, c.subjects) == key)
                    for key in ((3, 50), (5, 100)))
    truth_s, ratings_s = simulate_study(small, 7)
    truth_l, ratings_l = simulate_study(large, 7)
    np.testing.assert_array_equal(ratings_s, ratings_l[:50, :3])
    np.testing.assert_array_equal(truth_s, truth_l[:50])


def test_plan_matches_direct_independent_simulation():
    """Median width and power from the plan agree with fresh studies simulated and fitted here."""
    request = PlanRequest(0.3, 0.6, 0.4, raters=(4,), subjects=(150,), sims=60, workers=1,
                          versus=0.45)
    design = plan(request).designs[0]
    widths, excluded = [], []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for seed in range(60):
            result = fit(FitRequest(model="tap"),
                         simulate_table(TapParameters(0.3, 0.6, 0.4), 150, 4, seed=10_000 + seed))
            low, high = result.param("a").ci
            widths.append(high - low)
            excluded.append(not low <= 0.45 <= high)
    direct_error = median_mc_error(np.array(widths))
    assert design.width_a == pytest.approx(np.median(widths),
                                           abs=4 * math.hypot(design.mc_error.width_a, direct_error))
    power_error = math.sqrt(0.25 / 60)
    assert design.power == pytest.approx(np.mean(excluded), abs=4 * math.sqrt(2) * power_error)


@pytest.mark.slow
def test_widths_shrink_with_more_raters_and_more_subjects():
    result = plan(PlanRequest(0.3, 0.6, 0.4, raters=(3, 5, 8), subjects=(40, 160, 640), sims=30,
                              workers=1))
    for name in "tap":
        for r in (3, 5, 8):
            widths = [result.design(r, n).width(name) for n in (40, 160, 640)]
            assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1], (name, r)
        for n in (40, 160, 640):
            widths = [result.design(r, n).width(name) for r in (3, 5, 8)]
            assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1], (name, n)
    exact = [result.design(r, 160).accuracy_exact for r in (3, 5, 8)]
    assert exact == sorted(exact) and exact[0] < exact[-1]


def test_worker_processes_give_the_same_plan_as_this_process():
    kw = dict(raters=(3,), subjects=(40, 80), sims=20, seed=4)
    here = plan(PlanRequest(0.3, 0.6, 0.4, workers=1, **kw))
    there = plan(PlanRequest(0.3, 0.6, 0.4, workers=2, **kw))
    assert there.workers == 2 and here.workers == 1
    assert [d.to_dict() for d in here.designs] == [d.to_dict() for d in there.designs]


def test_events_progress_and_cancel():
    request = PlanRequest(0.3, 0.6, 0.4, raters=(3, 4), subjects=(30, 60), sims=20, workers=1)
    token = CancelToken()
    gen = plan_events(request, token)
    events = []
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            result = stop.value
            break
        events.append(event)
        if isinstance(event, DesignFinished):
            token.cancel()
    assert isinstance(events[0], StageProgress) and events[0].done == 0
    assert all(e.request_id == request.request_id for e in events)
    assert not result.complete and 1 <= len(result.designs) < 4
    assert any("stopped before the end" in note for note in result.notes())


def test_json_has_the_fields_the_issue_names():
    result = plan(PlanRequest(0.3, 0.6, 0.4, raters=(2, 3), subjects=(30,), sims=20, workers=1,
                              versus=0.5))
    data = result.to_dict()
    for design in data["designs"]:
        assert {"raters", "subjects", "width_a", "width_t", "width_p", "mc_error", "power",
                "accuracy_model", "accuracy_majority", "accuracy_exact"} <= set(design)
        assert set(design["mc_error"]) >= {"width_a", "width_t", "width_p", "power"}
    assert any("2 raters per subject" in note for note in data["notes"])


@pytest.mark.parametrize("kwargs, words", [
    (dict(t=1.2), "t must lie between 0 and 1"),
    (dict(raters=(1, 3)), "between 2"),
    (dict(subjects=(2,)), "between 5"),
    (dict(sims=5), "simulated studies per design"),
    (dict(versus=1.0), "accuracy to compare with"),
    (dict(raters=tuple(range(2, 13)), subjects=tuple(range(10, 20))), "designs"),
])
def test_bad_requests_say_what_is_wrong(kwargs, words):
    """In plain words, naming the setting as data: the CLI adds its flag, the Plan dialog its field."""
    from tapdesk.gui.hint_words import PLAN_CONTROLS, plan_hint
    from tapdesk.library.hints import error_text
    args = dict(t=0.3, a=0.6, p=0.4)
    args.update(kwargs)
    with pytest.raises(SettingError, match=words) as info:
        PlanRequest(**args)
    settings = info.value.settings
    assert settings and set(settings) <= set(kwargs) and "--" not in str(info.value)
    assert all(f"--{s}" in error_text(info.value) for s in settings)
    assert plan_hint(settings) and all(PLAN_CONTROLS[s] in plan_hint(settings) for s in settings)


def test_parse_counts():
    assert parse_counts("8, 2,3", "--raters") == (8, 2, 3)
    with pytest.raises(SettingError, match="--raters must be whole numbers"):
        parse_counts("2,three", "--raters")
    with pytest.raises(SettingError, match="empty"):
        parse_counts(" , ", "--subjects")


def test_estimates_from_fits():
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 200, 5, seed=2)
    tap = fit(FitRequest(model="tap"), table)
    assert estimates_from_fit(tap) == pytest.approx(tuple(tap.value(n) for n in "tap"))
    per_rater = fit(FitRequest(model="per-rater"), table)
    t, a, p = estimates_from_fit(per_rater)
    assert t == pytest.approx(per_rater.value("t"))
    assert a == pytest.approx(np.mean([r.get("a").value for r in per_rater.raters]))
    assert estimates_from_fit(None) is None


# ------------------------------------------------------------- level and advice
def fake_plan(values: dict[tuple[int, int], dict[str, float]], versus: float | None = 0.5,
              level: float = 0.95) -> PlanResult:
    """A finished plan built by hand: ``values[(raters, subjects)]`` sets a design's quantities
    (width_a, width_t, width_p, power, accuracy_model, accuracy_majority; 0.5 when not given)."""
    designs = []
    for (raters, subjects), given in values.items():
        def get(key, given=given):
            return given.get(key, 0.5)
        designs.append(PlanDesign(
            raters=raters, subjects=subjects, sims=100, width_t=get("width_t"),
            width_a=get("width_a"), width_p=get("width_p"),
            mc_error=MonteCarloErrors(0.01, 0.01, 0.01, 0.005, 0.005,
                                      None if versus is None else 0.02),
            power=None if versus is None else get("power"),
            accuracy_model=get("accuracy_model"), accuracy_majority=get("accuracy_majority"),
            accuracy_exact=get("accuracy_model"), majority_exact=get("accuracy_majority")))
    raters = sorted({r for r, _ in values})
    subjects = sorted({n for _, n in values})
    request = PlanRequest(0.3, 0.6, 0.4, raters=raters, subjects=subjects, sims=100, versus=versus,
                          level=level)
    return PlanResult(request, tuple(designs), True, 1.0, 1)


WIDTHS = {(3, 100): {"width_a": 0.30, "power": 0.55}, (3, 400): {"width_a": 0.18, "power": 0.85},
          (5, 100): {"width_a": 0.19, "power": 0.82}, (5, 400): {"width_a": 0.12, "power": 0.97},
          (8, 100): {"width_a": 0.15, "power": 0.90}, (8, 400): {"width_a": 0.08, "power": 0.99}}
"""Every design but 3 x 100 is at most 0.2 wide; the biggest (8 x 400) is the narrowest."""


def test_advice_is_the_cheapest_design_that_meets_the_need_not_the_biggest():
    result = fake_plan(WIDTHS)
    advice = advise(result, Need("width_a", 0.2))
    assert advice.met and (advice.design.raters, advice.design.subjects) == (5, 100)   # 500 ratings
    assert (advice.best.raters, advice.best.subjects) == (8, 400)     # narrowest, not advised
    power = advise(result, Need("power", 0.8))
    assert (power.design.raters, power.design.subjects) == (5, 100)
    assert advise(result, Need("power", 0.95)).design.ratings == 2000   # 5 x 400, not 8 x 400


def test_advice_breaks_ties_on_ratings_by_the_better_value_then_fewer_raters():
    result = fake_plan({(4, 100): {"width_a": 0.15}, (2, 200): {"width_a": 0.18},
                        (8, 50): {"width_a": 0.15}, (8, 400): {"width_a": 0.05}})
    advice = advise(result, Need("width_a", 0.2))
    assert (advice.design.raters, advice.design.subjects) == (4, 100)


def test_advice_says_none_meets_the_need_and_how_close_the_best_comes():
    from tapdesk.report.plan import advice_words, headline
    result = fake_plan(WIDTHS)
    advice = advise(result, Need("width_a", 0.05))
    assert not advice.met and advice.design is None
    assert (advice.best.raters, advice.best.subjects) == (8, 400)
    words = advice_words(result.request, advice)
    assert "None of the 6 designs tried meets it" in words and "8 raters per subject \u00d7 400" in words
    assert "0.080" in words
    assert headline(result, Need("width_a", 0.05)) == (
        "No design tried gives the typical width of the 95% interval for accuracy a at most 0.05.",
        words)
    assert advice.to_dict()["met"] is False and advice.to_dict()["design"] is None


@pytest.mark.parametrize("key, target", [("width_t", 0.0), ("width_a", 1.5), ("power", 1.0),
                                         ("accuracy_model", -0.1), ("nothing", 0.5)])
def test_bad_needs_say_what_is_wrong(key, target):
    with pytest.raises(SettingError):
        Need(key, target)


def test_every_surface_renders_the_one_advice():
    """JSON, text and report carry the advice of advise_all, in the same words."""
    from tapdesk.report.plan import advice_lines, advice_words, plan_section, plan_text
    result = fake_plan(WIDTHS)
    needs = default_needs(0.5, width=0.2, power=0.8, right=0.9)
    advice = advise_all(result, needs)
    assert [a.to_dict() for a in advice] == result.to_dict(needs)["advice"]
    lines = advice_lines(result, needs)
    assert lines == tuple(advice_words(result.request, a) for a in advice)
    text = plan_text(result, needs)
    assert all(line in text for line in lines)
    report = plan_section(result)
    bullets = [b.items for b in report.blocks if hasattr(b, "items")]
    assert tuple(advice_lines(result)) in bullets


def test_the_plan_level_reaches_every_simulated_fit_and_every_word():
    request = PlanRequest(0.3, 0.6, 0.4, raters=(3, 5), subjects=(40,), sims=20, level=0.9)
    assert request.level == 0.9
    assert {fit_request(chunk).level for chunk in chunks(request)} == {0.9}
    assert fit_request(chunks(PlanRequest(0.3, 0.6, 0.4, sims=20))[0]).level == 0.95
    result = fake_plan(WIDTHS, level=0.9)
    data = result.to_dict()
    assert data["level"] == 0.9 and data["interval"].startswith("90% ")
    assert "90% intervals" in result.notes()[0]
    from tapdesk.report.plan import headline, quantities
    assert quantities(result)[0].title == "Width of the 90% interval for accuracy a"
    assert "90% interval" in headline(result)[0] and "90% interval" in headline(result)[1]
    with pytest.raises(SettingError, match="interval level"):
        PlanRequest(0.3, 0.6, 0.4, level=1.5)
