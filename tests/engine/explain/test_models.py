"""Issue 42: the explanatory models by maximum likelihood: the maximum against an independent
optimiser, likelihood-ratio tests against models fitted by other code, profile interval ends,
and the messages for settings that cannot work."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import differential_evolution
from scipy.special import expit

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.explain.simulate import simulate_explained
from tapdesk.engine.intervals import chi2_1
from tapdesk.errors import SettingError

AGES = np.array([28.0, 35, 41, 47, 52, 58, 63])


@pytest.fixture(scope="module")
def small():
    """Two groups of 30 subjects, 5 raters with ages, every rater rates every subject."""
    return simulate_explained([[0.7, 0.3], [0.35, 0.65]], [30, 30], AGES[:5], 0.4, [0.06],
                              [0.55, 0.45], seed=5, categories=("no", "yes"),
                              attribute_names=("age",))


def _binary(table):
    """Per subject: group index, and the (rater, rating) pairs, from the table's own codes."""
    groups = table.attributes.subjects["group"]
    labels = sorted(set(groups.values()))
    g = np.array([labels.index(groups[s]) for s in table.subject_ids])
    return g, table.subject, table.rater, table.rating


def _loglik(t_by_group, a_by_rater, p, table) -> float:
    """The t-a-p likelihood written out subject by subject (no code shared with the engine)."""
    g, subj, rater, y = _binary(table)
    total = 0.0
    for i in range(table.n_subjects):
        mine = subj == i
        q1 = a_by_rater[rater[mine]] + (1 - a_by_rater[rater[mine]]) * p
        q0 = (1 - a_by_rater[rater[mine]]) * p
        yi = y[mine]
        like1 = np.prod(np.where(yi == 1, q1, 1 - q1))
        like0 = np.prod(np.where(yi == 1, q0, 1 - q0))
        total += np.log(t_by_group[g[i]] * like1 + (1 - t_by_group[g[i]]) * like0)
    return float(total)


def test_group_model_maximum_matches_differential_evolution(small):
    result = fit(FitRequest(model="tap", subject_group="group", class1=("yes",)), small)
    n_raters = small.n_raters

    def negative(z):
        return -_loglik(z[:2], np.full(n_raters, z[2]), z[3], small)

    found = differential_evolution(negative, [(1e-4, 1 - 1e-4)] * 4, seed=1, tol=1e-10,
                                   polish=True)
    assert result.log_likelihood.nats == pytest.approx(-found.fun, abs=1e-4)
    assert result.log_likelihood.nats >= -found.fun - 1e-6
    shares = [g.t for g in result.groups]
    assert shares == pytest.approx(found.x[:2], abs=2e-3)
    assert result.value("a") == pytest.approx(found.x[2], abs=2e-3)
    assert result.value("p") == pytest.approx(found.x[3], abs=2e-3)


def test_attribute_model_maximum_matches_differential_evolution(small):
    result = fit(FitRequest(model="tap", rater_attributes=("age",), class1=("yes",)), small)
    centred = AGES[:5] - AGES[:5].mean()

    def negative(z):
        return -_loglik([z[0], z[0]], expit(z[1] + z[2] * centred), z[3], small)

    found = differential_evolution(negative, [(1e-4, 1 - 1e-4), (-6, 6), (-0.5, 0.5),
                                              (1e-4, 1 - 1e-4)], seed=2, tol=1e-10, polish=True)
    assert result.log_likelihood.nats == pytest.approx(-found.fun, abs=1e-4)
    effect, = result.effects
    assert effect.coefficient / effect.per == pytest.approx(found.x[2], abs=2e-3)
    assert result.value("a") == pytest.approx(expit(found.x[1]), abs=2e-3)


@pytest.mark.parametrize("model", ["tap", "per-rater", "categorical"])
def test_the_group_test_is_against_the_model_without_groups(small, model):
    """The nested model is the plain model, fitted by its own code: the statistic is twice the
    gap between the two log-likelihoods."""
    plain = fit(FitRequest(model=model, class1=("yes",) if model != "categorical" else None),
                small)
    grouped = fit(FitRequest(model=model, subject_group="group",
                             class1=("yes",) if model != "categorical" else None), small)
    test = grouped.group_test
    assert test.df == 1
    assert test.statistic == pytest.approx(2 * (grouped.log_likelihood.nats
                                                - plain.log_likelihood.nats), abs=2e-3)


def test_the_attribute_test_is_against_constant_accuracy(small):
    plain = fit(FitRequest(model="tap", class1=("yes",)), small)
    explained = fit(FitRequest(model="tap", rater_attributes=("age",), class1=("yes",)), small)
    assert explained.attribute_test.df == 1
    assert explained.attribute_test.statistic == pytest.approx(
        2 * (explained.log_likelihood.nats - plain.log_likelihood.nats), abs=2e-3)


def test_identical_groups_give_a_statistic_of_zero(small):
    """Two groups holding the same ratings: one share fits both as well as two do."""
    half = small.select(small.subject < 30)
    twin = simulate_explained([[0.5, 0.5], [0.5, 0.5]], [30, 30], AGES[:5], 0.4, [0.0],
                              [0.5, 0.5], seed=5, categories=("no", "yes"),
                              attribute_names=("age",))
    codes = np.concatenate([half.subject, half.subject + 30])
    copied = type(small)(codes, np.concatenate([half.rater, half.rater]),
                         np.concatenate([half.rating, half.rating]), twin.subject_ids,
                         twin.rater_ids, small.scale).with_attributes(twin.attributes)
    result = fit(FitRequest(model="tap", subject_group="group", class1=("yes",)), copied)
    assert result.group_test.statistic == pytest.approx(0.0, abs=1e-4)
    assert result.group_test.p_value == pytest.approx(1.0, abs=1e-2)
    assert result.groups[0].t == pytest.approx(result.groups[1].t, abs=1e-3)


def test_profile_ends_drop_the_likelihood_by_half_the_chi_square(small):
    from tapdesk.engine.explain.data import prepare
    from tapdesk.engine.explain.inference import refocused
    from tapdesk.engine.explain.model import layout_for
    from tapdesk.engine.explain.optimise import local_maximum
    request = FitRequest(model="tap", subject_group="group", class1=("yes",))
    result = fit(request, small)
    prep = prepare(request, small)
    layout = layout_for(request, prep)
    best, _ = local_maximum(layout, prep.data, np.zeros(layout.size))
    assert best.log_likelihood == pytest.approx(result.log_likelihood.nats, abs=1e-6)
    for g, group in enumerate(result.groups):
        for end in group.interval:
            lay, start = refocused(layout, best.theta, 1)
            index = lay.t_index(g)
            fixed = float(np.log(end / (1 - end)))
            at_end, _ = local_maximum(lay, prep.data, start, fixed={index: fixed})
            drop = best.log_likelihood - at_end.log_likelihood
            assert drop == pytest.approx(chi2_1(0.95) / 2, abs=2e-3)


def test_a_group_with_no_class_1_has_an_interval_from_zero():
    table = simulate_explained([[1.0, 0.0], [0.4, 0.6]], [25, 25], AGES[:4], 2.0, [0.0],
                               [0.9, 0.1], seed=8, categories=("no", "yes"),
                               attribute_names=("age",))
    result = fit(FitRequest(model="tap", subject_group="group", class1=("yes",)), table)
    first = result.groups[0]
    assert first.interval[0] == 0.0 and first.t < 0.05 and first.interval[1] < 0.3


def test_a_real_effect_is_found_and_its_interval_covers_the_truth():
    ages = np.linspace(25, 65, 12)
    table = simulate_explained([[0.5, 0.5]], [300], ages, 0.5, [0.08], [0.5, 0.5], seed=7,
                               per_subject=4, categories=("no", "yes"), attribute_names=("age",))
    result = fit(FitRequest(model="tap", rater_attributes=("age",), class1=("yes",)), table)
    effect, = result.effects
    low, high = effect.low - ages.mean(), effect.high - ages.mean()
    truth = expit(0.5 + 0.08 * high) - expit(0.5 + 0.08 * low)
    assert effect.interval[0] < truth < effect.interval[1]
    assert effect.verdict == "higher" and effect.per == 10
    assert result.attribute_test.p_value < 0.01
    assert "Accuracy rises with age" in " ".join(result.headline)
    assert f"raters with age {effect.high:g}" in " ".join(result.headline)


def test_the_k_category_model_has_share_vectors_by_group():
    table = simulate_explained([[0.6, 0.3, 0.1], [0.1, 0.3, 0.6]], [60, 60], AGES[:4], 0.8,
                               [0.0], [0.3, 0.4, 0.3], seed=4, categories=("1", "2", "3"),
                               attribute_names=("age",))
    result = fit(FitRequest(model="categorical", subject_group="group"), table)
    by_group = {}
    for share in result.groups:
        by_group.setdefault(share.group, []).append(share)
        assert share.interval[0] <= share.t <= share.interval[1]
    assert all(sum(s.t for s in shares) == pytest.approx(1.0) for shares in by_group.values())
    assert by_group["1"][0].t > by_group["2"][0].t and result.group_test.df == 2
    assert all(len(s.probabilities) == 3 and s.group in ("1", "2") for s in result.subjects)


@pytest.mark.parametrize(("request_args", "message"), [
    ({"model": "dawid-skene", "subject_group": "group"}, "cannot explain"),
    ({"model": "tap", "method": "mcmc", "subject_group": "group"}, "fitted by mle"),
    ({"model": "tap", "subject_group": "site"}, "no subject attribute 'site'"),
    ({"model": "tap", "rater_attributes": ("group",)}, "'group' is a subject attribute"),
])
def test_settings_that_cannot_work_are_said(small, request_args, message):
    with pytest.raises(SettingError, match=message):
        fit(FitRequest(class1=("yes",), **request_args), small)


def test_one_group_or_too_few_raters_are_refused():
    one = simulate_explained([[0.5, 0.5]], [40], AGES[:5], 0.4, [0.0], [0.5, 0.5], seed=1,
                             categories=("no", "yes"), attribute_names=("age",))
    with pytest.raises(SettingError, match="at least two"):
        fit(FitRequest(model="tap", subject_group="group", class1=("yes",)), one)
    two = simulate_explained([[0.5, 0.5]], [40], AGES[:2], 0.4, [0.0], [0.5, 0.5], seed=1,
                             categories=("no", "yes"), attribute_names=("age",))
    with pytest.raises(SettingError, match="at least 3 raters"):
        fit(FitRequest(model="tap", rater_attributes=("age",), class1=("yes",)), two)


def test_raters_without_a_value_are_left_out_and_said():
    from dataclasses import replace as replaced
    table = simulate_explained([[0.5, 0.5]], [40], AGES, 0.4, [0.0], [0.5, 0.5], seed=2,
                               per_subject=2, categories=("no", "yes"), attribute_names=("age",))
    ages = dict(table.attributes.raters["age"])
    del ages["R1"]
    attrs = replaced(table.attributes, raters={"age": ages})
    result = fit(FitRequest(model="tap", rater_attributes=("age",), class1=("yes",)),
                 table.with_attributes(attrs))
    rated_by_r1 = set(table.subject[table.rater == 0].tolist())
    # two ratings a subject: a subject R1 rated keeps one, too few, so it is left out whole
    assert result.n_ratings == table.n_ratings - 2 * len(rated_by_r1)
    assert result.n_subjects == table.n_subjects - len(rated_by_r1)
    lost = next(e for e in result.exclusions if "raters with a value of 'age'" in e.reason)
    assert lost.n_subjects == len(rated_by_r1)
    assert any("R1" in n.message and "left out" in n.message for n in result.notes)
    assert "R1" not in {r.rater_id for r in result.raters}


def test_effect_interval_ends_drop_the_likelihood_by_half_the_chi_square():
    """Checked by a different search: SLSQP with the difference in accuracy as a constraint."""
    from scipy.optimize import minimize

    from tapdesk.engine.explain.data import prepare
    from tapdesk.engine.explain.likelihood import value_and_gradient
    from tapdesk.engine.explain.model import layout_for
    from tapdesk.engine.explain.optimise import local_maximum
    ages = np.linspace(25, 65, 8)         # 300 subjects: 300 ratings a parameter, the chi-square
    table = simulate_explained([[0.5, 0.5]], [300], ages, 0.5, [0.05], [0.5, 0.5], seed=11,
                               per_subject=4, categories=("no", "yes"), attribute_names=("age",))
    request = FitRequest(model="tap", rater_attributes=("age",), class1=("yes",))
    effect, = fit(request, table).effects
    prep = prepare(request, table)
    layout = layout_for(request, prep)
    best, _ = local_maximum(layout, prep.data, np.zeros(layout.size))
    vg = value_and_gradient(layout, prep.data)
    low, high = effect.low - ages.mean(), effect.high - ages.mean()
    i0, i1 = layout.n_t, layout.coefficient_index(0)

    def difference(z):
        return expit(z[i0] + z[i1] * high) - expit(z[i0] + z[i1] * low)

    for end in effect.interval:
        out = minimize(lambda z: -vg(z)[0], best.theta, jac=lambda z: -vg(z)[1], method="SLSQP",
                       constraints={"type": "eq", "fun": lambda z, end=end: difference(z) - end},
                       options={"ftol": 1e-12, "maxiter": 500})
        assert abs(difference(out.x) - end) < 1e-6
        assert best.log_likelihood + out.fun == pytest.approx(chi2_1(0.95) / 2, abs=5e-3)


def test_an_attribute_every_rater_shares_is_refused(small):
    from tapdesk.data.attributes import Attributes
    same = small.with_attributes(Attributes(small.attributes.subjects,
                                            {"site": dict.fromkeys(small.rater_ids, "A")}))
    with pytest.raises(SettingError, match="every rater has the same value of 'site'"):
        fit(FitRequest(model="tap", rater_attributes=("site",), class1=("yes",)), same)
