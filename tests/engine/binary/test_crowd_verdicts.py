"""Verdicts at crowd scale (issue 43, with issue 39's rule): a crowd of a few hundred workers,
three labels per item, is past the profile-likelihood budget, so each worker is compared with
the rest of the panel from their own labels (:mod:`crowd_standing`), and the comparisons are
judged together against simulated panels of equal workers (:mod:`crowd_family`). The panel-wide
rate and the power at 1,000 workers are measured in benchmarks/bench_crowd_verdicts.py."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import chdtrc

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary import crowd_family as cf
from tapdesk.engine.binary import rater_standing as rs
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.crowd_standing import OWN_LABELS_METHOD, OwnProfile, interval_ends
from tapdesk.engine.binary.per_rater_em import RaterParams, e_step, rater_data
from tapdesk.engine.binary.rater_own_labels import (
    accuracy_line,
    guess_line,
    line_maximum,
    log_likelihood,
    own_labels,
)
from tapdesk.engine.intervals import chi2_1
from tapdesk.engine.rater_words import verdict_words
from tapdesk.engine.results import RaterComparison


def crowd_labels(accuracy: np.ndarray, items: int, seed: int) -> tuple[np.ndarray, ...]:
    """(item, worker, label) of a crowd: each item labelled by 3 distinct workers, right with
    the worker's accuracy, else a guess of "yes" 40% of the time; about 30% of the items are
    truly "yes"."""
    rng = np.random.default_rng(seed)
    truth = rng.random(items) < 0.3
    who = rng.integers(len(accuracy), size=(items, 3))
    while (twice := (np.diff(np.sort(who, axis=1), axis=1) == 0).any(axis=1)).any():
        who[twice] = rng.integers(len(accuracy), size=(int(twice.sum()), 3))
    said = np.where(rng.random(who.shape) < accuracy[who], truth[:, None],
                    rng.random(who.shape) < 0.4)
    return (np.repeat(np.arange(items), 3).astype(str), np.array([f"w{w}" for w in who.ravel()]),
            np.where(said.ravel(), "yes", "no"))


def crowd_table(accuracy: np.ndarray, items: int, seed: int) -> RatingsTable:
    return RatingsTable.from_labels(*crowd_labels(accuracy, items, seed))


REQUEST = FitRequest(model="per-rater", class1=("yes",))


def crowd_fit(accuracy: np.ndarray, items: int, seed: int):
    return fit(REQUEST, crowd_table(accuracy, items, seed))


def named(result) -> list:
    return [c for c in result.comparisons if c.differs]


def test_a_clearly_weaker_worker_is_named_and_the_others_are_not():
    """120 workers right 95% of the time, 150 labels each, and 3 right 55%: the weak ones are
    named "lower" by the panel-wide procedure, nobody else is, and the words say how."""
    accuracy = np.full(120, 0.95)
    weak = {0, 40, 80}
    accuracy[list(weak)] = 0.55
    result = crowd_fit(accuracy, 6_000, seed=3)
    said = named(result)
    assert {c.rater_id for c in said} <= {f"w{j}" for j in weak}
    assert len(said) >= 2 and all(c.name == "a" and c.verdict == "lower" for c in said)
    assert "simulated panels in which every rater is alike" in result.panel_test.method
    shown = [c for c in result.comparisons if c.interval is not None]
    assert shown and all(c.method == OWN_LABELS_METHOD and c.family_size == len(shown)
                         for c in shown)
    assert all(c.interval[1] < 0 for c in said)        # the verdict reads the shown interval


def test_an_equal_crowd_is_not_named_though_some_intervals_leave_out_0():
    """120 equal workers (seeded): about 5% of the 240 intervals leave out 0 on their own, and
    the uncalibrated rule would name those workers; judged together, nobody is named."""
    result = crowd_fit(np.full(120, 0.8), 6_000, seed=2)
    held = [c for c in result.comparisons if c.held_back]
    assert len(held) >= 5 and not named(result)
    assert verdict_words(held[0]).startswith("not shown to differ once all")


def test_too_few_labels_are_not_compared():
    """A worker with 5 labels among 120 busy ones: no interval, no verdict, and the reason."""
    items, workers, said = crowd_labels(np.full(120, 0.85), 6_000, seed=2)
    workers = workers.astype(object)
    workers[:5] = "newcomer"
    result = fit(REQUEST, RatingsTable.from_labels(items, workers, said))
    newcomer = [c for c in result.comparisons if c.rater_id == "newcomer"]
    assert newcomer and all(c.verdict == "unknown" and c.interval is None
                            and c.method == "too few ratings" for c in newcomer)


@pytest.fixture(scope="module")
def small_crowd():
    table = crowd_table(np.full(60, 0.8), 2_000, seed=5)
    data = rater_data(table, counts_for(REQUEST, table))
    result = fit(REQUEST, table)
    r = data.n_raters
    q1 = np.array([next(e.value for e in x.estimates if e.name == "sensitivity")
                   for x in result.raters])
    q0 = np.array([next(e.value for e in x.estimates if e.name == "false_positive_rate")
                   for x in result.raters])
    return data, RaterParams(result.params[0].value, q1[:r], q0[:r])


def test_a_raters_own_labels_are_their_part_of_the_whole_likelihood(small_crowd):
    """log Pr(all labels) - log Pr(the others' labels) is rater j's own log-likelihood, for
    any values of rater j's parameters (the others and t held)."""
    data, params = small_crowd
    labels = own_labels(data, params)
    j = 7
    q1, q0 = params.q1.copy(), params.q0.copy()
    q1[j], q0[j] = 0.7, 0.2          # anywhere: the decomposition does not need the fit
    moved = RaterParams(params.t, q1, q0)
    whole = e_step(data, moved)[0].sum()
    others = data.counts.copy().tolil()
    others[:, [2 * j, 2 * j + 1]] = 0
    without = e_step(rs_data_of(data, others.tocsr()), moved)[0].sum()
    assert log_likelihood(labels, q1, q0)[j] == pytest.approx(whole - without, rel=1e-10)


def rs_data_of(data, counts):
    """``data`` with other counts (the others' labels alone)."""
    from tapdesk.engine.binary.per_rater_em import RaterData
    return RaterData(counts, counts.T.tocsr(), data.subject_codes, data.rater_codes,
                     data.n_per_subject, np.asarray(counts.sum(axis=0)).ravel())


def test_the_fit_maximises_each_raters_own_likelihood_and_the_ends_sit_at_the_cut_off(small_crowd):
    """The fit's estimates are the maximum along each line through them, and each interval
    end is where the signed root reaches sqrt(chi2_1(0.95))."""
    data, params = small_crowd
    labels = own_labels(data, params)
    a = params.q1 - params.q0
    ll_fit = log_likelihood(labels, params.q1, params.q0)
    ll_line, q0 = line_maximum(labels, accuracy_line(a), np.full(len(a), 0.5))
    assert np.allclose(ll_line, ll_fit, atol=1e-6) and np.allclose(q0, params.q0, atol=1e-3)
    p = params.q0 / (1 - a)
    assert np.allclose(line_maximum(labels, guess_line(p), np.zeros(len(a)))[0], ll_fit, atol=1e-6)
    profile = OwnProfile(labels, accuracy_line, params.q0, ll_fit)
    low = interval_ends(profile, a, -1.0, 0.95)
    high = interval_ends(profile, a, 1.0, 0.95)
    cut = np.sqrt(chi2_1(0.95))
    inside = (low > -1) & (high < 1)
    assert inside.sum() > 40 and np.all(low < a) and np.all(a < high)
    assert np.allclose(profile.root(low)[inside], cut, atol=1e-3)
    assert np.allclose(profile.root(high)[inside], cut, atol=1e-3)
    guess = np.abs(high - low) / 2
    for reach in (guess / 3, guess * 3, np.where(inside, guess, np.nan)):   # short, past, none
        probed = OwnProfile(labels, accuracy_line, params.q0, ll_fit)
        assert np.allclose(interval_ends(probed, a, -1.0, 0.95, reach), low, atol=1e-4)
        assert np.allclose(interval_ends(probed, a, 1.0, 0.95, reach), high, atol=1e-4)


def test_the_simulated_panels_judge_by_the_largest_value_of_each(monkeypatch, small_crowd):
    """39 simulated panels at 95%, each direction judged at 2.5%: a comparison is named only past
    every panel's largest root in its own direction."""
    assert cf.panels_needed(0.95) == 39 and cf.panels_needed(0.99) == 199
    for level in (0.8, 0.9, 0.95, 0.97, 0.975, 0.99, 0.999):     # the smallest p reaches alpha/2
        panels = cf.panels_needed(level)
        assert 1 / (panels + 1) <= round(1 - level, 12) / 2 < 1 / panels
    data, params = small_crowd
    lower = np.linspace(3.0, 3.9, 39)
    maxima = iter(np.column_stack([lower - 1.0, lower]))    # (higher, lower) of each panel
    monkeypatch.setattr(cf, "panel_maximum", lambda *args: next(maxima))
    below = rs_comparison("w1", -0.3, (-0.4, -0.2), 1e-4)     # root 3.89: one panel beat it
    beyond = rs_comparison("w2", -0.3, (-0.4, -0.2), 1e-5)    # root 4.42: beyond them all
    loose = rs_comparison("w3", 0.01, (-0.1, 0.12), 0.8)
    out, test = verdicts_of(data, params, (below, beyond, loose))
    assert [c.verdict for c in out] == ["not shown to differ", "lower", "not shown to differ"]
    assert out[0].held_back and test.n_comparisons == 3 and test.p_value == pytest.approx(0.05)


def test_a_raters_difference_above_the_panel_is_judged_against_the_panels_own_above_it(
        monkeypatch, small_crowd):
    """Issue 78: the simulated panels' largest |roots| are nearly all below the panel (the
    heavier tail of a few dozen labels a rater), so judged by the largest |root| a rater above
    the rest of the panel is named only past the largest root below it. Judged by direction, a
    root of 3.3 above the panel, beyond every panel's largest above it (at most 2.9), is named
    "higher" though every panel has a larger root below (3.0-3.9); the same root below the
    panel is not named."""
    data, params = small_crowd
    below_side = np.linspace(3.0, 3.9, 39)
    above_side = np.linspace(2.0, 2.9, 39)
    maxima = iter(np.column_stack([above_side, below_side]))
    monkeypatch.setattr(cf, "panel_maximum", lambda *args: next(maxima))
    p = float(chdtrc(1, 3.3 ** 2))
    up = RaterComparison("w1", "a", 0.2, (0.1, 0.3), "higher", OWN_LABELS_METHOD, 0.95,
                         p_value=p)
    down = rs_comparison("w2", -0.2, (-0.3, -0.1), p)
    out, test = verdicts_of(data, params, (up, down))
    assert [c.verdict for c in out] == ["higher", "not shown to differ"]
    assert test.p_value == pytest.approx(2 / 40) and test.statistic == pytest.approx(3.3)


def verdicts_of(data, params, comparisons, request=REQUEST):
    """The comparisons and panel test :func:`cf.crowd_verdicts` returns, its events run."""
    events = cf.crowd_verdicts(data, params, comparisons, request, _never())
    with pytest.raises(StopIteration) as stop:
        while True:
            next(events)
    return stop.value.value


def rs_comparison(rid, difference, interval, p):
    return RaterComparison(rid, "a", difference, interval, "lower" if interval[1] < 0 else
                           "not shown to differ", OWN_LABELS_METHOD, 0.95, p_value=p)


def _never():
    from tapdesk.engine.cancel import CancelToken
    return CancelToken()


@pytest.mark.slow
def test_equal_crowds_are_rarely_named():
    """16 crowds of 150 equal workers: a worker named in at most 3 (5% is 0.8 expected; with
    each comparison's own interval, every crowd would have one)."""
    results = [crowd_fit(np.full(150, 0.8), 5_000, seed) for seed in range(16)]
    assert sum(bool(named(r)) for r in results) <= 3
    assert sum(any(c.interval_excludes_zero for c in r.comparisons) for r in results) >= 12


def test_an_edge_rater_widens_the_others_comparisons_by_at_most_its_bound():
    """Rater 3's estimates without a variance: its part of the standard error is taken at the
    bound (weight x 1 for an accuracy), added to the rest's."""
    rng = np.random.default_rng(1)
    r = 6
    a = rng.normal(size=(1 + 2 * r, 1 + 2 * r))
    cov = a @ a.T / 100 + np.eye(1 + 2 * r) * 1e-3
    mle = np.concatenate([[0.3], rng.uniform(0.7, 0.9, r), rng.uniform(0.05, 0.2, r)])
    weights = np.arange(1.0, r + 1)
    contrast = rs.accuracy_contrast(r, 0, weights)
    known = np.ones(1 + 2 * r, bool)
    full = rs.panel_wald_bounds(cov, known, mle, contrast, 0, rs._coefficients(0, weights), "a",
                                0.95)
    assert full == pytest.approx(rs.wald_bounds(cov, known, mle, contrast, 0.95), rel=1e-12)
    known[1 + 3] = False
    edge = rs.panel_wald_bounds(cov, known, mle, contrast, 0, rs._coefficients(0, weights), "a",
                                0.95)
    assert edge is not None and edge[1] - edge[0] > full[1] - full[0]
    grad = contrast.gradient(mle).copy()
    grad[[1 + 3, 1 + r + 3]] = 0
    se = np.sqrt(grad @ cov @ grad) + weights[3] / (weights.sum() - weights[0])
    assert edge[1] - edge[0] == pytest.approx(2 * 1.959963984540054 * se, rel=1e-9)
    known[1 + 0] = False                              # the compared rater's own: no interval
    assert rs.panel_wald_bounds(cov, known, mle, contrast, 0, rs._coefficients(0, weights),
                                "a", 0.95) is None


def test_many_named_workers_are_counted_in_the_summary_and_named_in_their_feedback():
    """12 weak workers among 120: the headline counts the named comparisons instead of listing
    each in one long sentence, and the report, the summary and every sheet still agree."""
    from tapdesk.engine.rater_words import MOST_LISTED
    from tapdesk.report.consistency import contradictions
    accuracy = np.full(120, 0.95)
    accuracy[::10] = 0.45
    table = crowd_table(accuracy, 6_000, seed=5)
    result = fit(REQUEST, table)
    said = named(result)
    assert len(said) > MOST_LISTED
    headline = " ".join(result.headline)
    assert f"{sum(c.verdict == 'lower' for c in said if c.name == 'a')} raters were accurate " \
        "less often" in headline and "each rater's feedback name them" in headline
    assert not any(f"{c.rater_id} was accurate less often" in headline for c in said)
    assert "name anyone" not in headline           # some were named: held-back words say whom
    assert contradictions("crowd", result, table) == []


def test_the_own_label_sums_are_those_of_bincount(small_crowd):
    """The per-rater sums (np.add.reduceat over each rater's slice) are numpy's bincount, raters
    with no one-label pairs included (the pairs themselves: tests/engine/binary/
    test_per_rater_memory.py)."""
    data, params = small_crowd
    labels = own_labels(data, params)
    values = np.random.default_rng(0).random(len(labels.rater))
    several = np.ones(len(labels.many[0]))
    expected = np.bincount(labels.rater, weights=values, minlength=labels.n_raters) + \
        np.bincount(labels.many[0], weights=several, minlength=labels.n_raters)
    assert np.allclose(labels.per_rater(values, several), expected, rtol=1e-13, atol=0)
    fewer = labels.of_raters(np.arange(labels.n_raters) % 3 == 0)
    part = np.random.default_rng(1).random(len(fewer.rater))
    assert np.allclose(fewer.per_rater(part, np.ones(len(fewer.many[0]))),
                       np.bincount(fewer.rater, weights=part, minlength=labels.n_raters)
                       + np.bincount(fewer.many[0], minlength=labels.n_raters), rtol=1e-13)


def test_a_simulated_panel_is_its_design_with_new_labels(small_crowd):
    """The count matrix built row by row holds, per (subject, rater), as many labels as the
    data, in canonical order, and its transpose is the same matrix."""
    data, params = small_crowd
    panel = cf.simulated(data, cf.Design.of(data), cf.alike(data, params),
                         np.random.default_rng(4))
    assert panel.counts.has_canonical_format
    per_pair = panel.counts[:, 0::2] + panel.counts[:, 1::2]
    assert (per_pair != data.counts[:, 0::2] + data.counts[:, 1::2]).nnz == 0
    assert (panel.counts != panel.counts_t.T).nnz == 0
    assert np.array_equal(panel.cell_totals, np.asarray(panel.counts.sum(axis=0)).ravel())


def test_a_simulated_panels_largest_root_is_the_one_of_every_raters_search(small_crowd):
    """The simulated panels' largest root in each direction, found from the design's pairs and
    with each search stopped once it cannot be the largest, is the largest of every rater's
    finished search (panel_roots) in that direction, to the last digit, on several panels and
    sets of tested comparisons."""
    from tapdesk.engine.binary.crowd_standing import panel_roots
    data, params = small_crowd
    design, truth = cf.Design.of(data), cf.alike(data, params)
    rng = np.random.default_rng(8)
    for share in (1.0, 0.5, 0.1):
        panel, pairs = cf.drawn(data, design, truth, rng)
        refit = cf.refitted(panel, truth, 1e-8, 1000)
        tested = np.flatnonzero(rng.random(2 * data.n_raters) < share)
        roots = panel_roots(panel, refit)
        every = np.column_stack([roots["a"][1], roots["p"][1]]).ravel()[tested]
        each_way = [np.nanmax(every, initial=0.0), np.nanmax(-every, initial=0.0)]
        assert each_way[1] > each_way[0] > 0 or share < 1
        assert cf.largest_root(panel, refit, tested, pairs).tolist() == each_way
        assert cf.largest_root(panel, refit, tested).tolist() == each_way
        fresh, again = own_labels(panel, refit), own_labels(panel, refit, pairs)
        assert all(np.array_equal(getattr(fresh, f), getattr(again, f))
                   for f in ("rater", "said", "one"))
        assert all(np.array_equal(x, y) for x, y in zip(fresh.many, again.many))
    assert cf.largest_root(panel, refit, np.zeros(0, int), pairs).tolist() == [0.0, 0.0]


def test_the_log_likelihood_by_log1p_is_numpys_logaddexp(small_crowd):
    """evaluated's log(1 + e^d), as max(d, 0) + log1p(e^-|d|), is numpy's logaddexp to
    rounding, and its posteriors scipy's expit, at the fit and far from it."""
    from scipy.special import expit

    from tapdesk.engine.binary.per_rater_em import log_table
    from tapdesk.engine.binary.per_rater_squarem import evaluated, posteriors
    data, params = small_crowd
    far = RaterParams(0.01, np.full(data.n_raters, 1 - 1e-9), np.full(data.n_raters, 1e-9))
    for at in (params, far):
        d = data.counts @ (log_table(at.q1) - log_table(at.q0)) + np.log(at.t / (1 - at.t))
        plain = (data.n_subjects * np.log1p(-at.t) + data.cell_totals @ log_table(at.q0)
                 + np.logaddexp(0.0, d).sum())
        ll, gamma = evaluated(data, at, None)
        assert ll == pytest.approx(plain, rel=1e-13)
        assert np.allclose(gamma, expit(d), rtol=1e-14, atol=1e-300)
        assert np.allclose(posteriors(data, at, None), expit(d), rtol=1e-12, atol=1e-300)


def test_a_simulated_panels_largest_root_above_a_floor_is_the_same_and_below_it_the_floor(
        small_crowd):
    """With a floor, the searches that cannot pass it stop early: the largest root in each
    direction is the same to the last digit where it is above that direction's floor, and the
    floor itself where it is not."""
    data, params = small_crowd
    design, truth = cf.Design.of(data), cf.alike(data, params)
    panel, pairs = cf.drawn(data, design, truth, np.random.default_rng(8))
    refit = cf.refitted(panel, truth, 1e-8, 1000)
    tested = np.arange(2 * data.n_raters)
    exact = cf.largest_root(panel, refit, tested, pairs)
    assert (exact > 1.0).all()
    for floor in (0.5, np.nextafter(exact, 0.0), exact, exact + 0.5, exact + [0.5, -0.5],
                  exact[::-1]):
        assert np.array_equal(cf.largest_root(panel, refit, tested, pairs, floor),
                              np.maximum(exact, floor))


def test_the_simulated_panels_floors_change_no_verdict(monkeypatch, small_crowd):
    """Each simulated panel's searches stop below what could still change a verdict or the
    panel's test (``needed_above``): the same verdicts and panel test as every panel's largest
    root found in full, with a comparison beyond the panels, one among them and one below
    them all, at 95% and at 97% (66 panels)."""
    data, params = small_crowd
    comparisons = (rs_comparison("w1", -0.3, (-0.4, -0.2), 1e-12),
                   rs_comparison("w2", -0.3, (-0.4, -0.2), 1e-4),
                   rs_comparison("w3", 0.01, (-0.1, 0.12), 0.8))

    def verdicts(request):
        return verdicts_of(data, params, comparisons, request)

    floors: list[np.ndarray] = []
    real = cf.needed_above
    monkeypatch.setattr(cf, "needed_above", lambda *a: floors.append(real(*a)) or floors[-1])
    for request in (REQUEST, FitRequest(model="per-rater", class1=("yes",), level=0.97)):
        floors.clear()
        quick = verdicts(request)
        assert max(floor.max() for floor in floors) > 0
        monkeypatch.setattr(cf, "needed_above", lambda *a: np.zeros(2))
        assert verdicts(request) == quick
        monkeypatch.setattr(cf, "needed_above", lambda *a: floors.append(real(*a)) or floors[-1])
    assert cf.still_named(19, 0.05) == 0 and cf.still_named(32, 0.03) == -1
    assert cf.needed_above([3.0, 4.0], 5.0, 0) == np.nextafter(4.0, 0)
    assert cf.needed_above([3.0, 6.0], 5.0, 0) == np.nextafter(5.0, 0)
    assert cf.needed_above([3.0], 5.0, 1) == 0.0 and cf.needed_above([], 5.0, -1) < 5.0
    each_way = cf.needed_above([np.array([3.0, 4.0]), np.array([2.0, 6.0])], np.array([5.0, 5.0]), 0)
    assert each_way.tolist() == [np.nextafter(3.0, 0), np.nextafter(5.0, 0)]
