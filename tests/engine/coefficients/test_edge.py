"""Edge cases: undefined coefficients, unused categories, string labels, weights, JSON."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.coefficients.weights import standard_weights
from tapdesk.errors import SettingError


def wide(rows, scale=None, raters=None) -> RatingsTable:
    return RatingsTable.from_wide(rows, scale=scale, rater_ids=raters)


def no_nan_json(result) -> dict:
    text = json.dumps(result.to_dict(), allow_nan=False)      # raises on NaN/inf
    return json.loads(text)


def test_all_ratings_one_category_is_undefined_with_reasons():
    scale = Scale(("a", "b"), declared=True)
    result = agreement_coefficients(wide([["a", "a", "a"]] * 6, scale=scale), bootstrap=50)
    payload = no_nan_json(result)
    for key in ("fleiss_kappa", "conger_kappa", "krippendorff_alpha_nominal"):
        coef = result.get(key)
        assert coef.value is None and coef.se is None and coef.ci is None
        assert "same category" in coef.undefined_reason
    assert result.get("percent_agreement").value == 1.0
    # Gwet's AC1 stays defined (its chance agreement is below 1) - the point of AC1.
    assert result.get("gwet_ac1").value == pytest.approx(1.0)
    entries = {c["key"]: c for c in payload["coefficients"]}
    assert entries["fleiss_kappa"]["value"] is None
    assert entries["fleiss_kappa"]["undefined_reason"]
    assert all(c["undefined_reason"] is None for c in payload["coefficients"] if c["value"] is not None)


def test_single_rater_everything_undefined_and_subjects_excluded():
    table = RatingsTable.from_labels(["s1", "s2", "s3"], ["R1"] * 3, ["1", "2", "1"])
    result = agreement_coefficients(table)
    payload = no_nan_json(result)
    assert result.n_subjects == 0 and result.n_excluded == 3
    assert all(c.value is None and c.undefined_reason for c in result.coefficients)
    assert "two or more ratings" in result.get("fleiss_kappa").undefined_reason
    assert payload["n_excluded"] == 3 and payload["per_category_fleiss"] == []
    assert any("left out" in w for w in result.warnings)


def test_no_rater_ids_cohen_and_conger_undefined():
    table = RatingsTable.from_labels([1, 1, 2, 2, 3, 3], None, ["x", "y", "x", "x", "y", "y"])
    result = agreement_coefficients(table, bootstrap=0)
    for key in ("cohen_kappa", "conger_kappa"):
        assert "which rater" in result.get(key).undefined_reason
    assert result.pairwise_cohen.undefined_reason
    assert result.get("fleiss_kappa").value is not None
    assert result.get("scott_pi").value == pytest.approx(result.get("fleiss_kappa").value)


def test_repeated_subject_rater_pairs_make_cohen_undefined_only():
    table = RatingsTable.from_labels([1, 1, 1, 2, 2, 3, 3], ["A", "A", "B", "A", "B", "A", "B"],
                                     ["x", "y", "x", "x", "y", "y", "y"])
    result = agreement_coefficients(table, bootstrap=0)
    assert "more than once" in result.get("cohen_kappa").undefined_reason
    assert result.get("fleiss_kappa").value is not None


def test_three_raters_cohen_points_to_pairwise_and_conger():
    result = agreement_coefficients(wide([["1", "1", "2"], ["2", "2", "2"], ["1", "2", "1"],
                                          ["2", "1", "1"]]), bootstrap=0)
    reason = result.get("cohen_kappa").undefined_reason
    assert "exactly two raters" in reason and "3" in reason
    assert "two ratings per subject" in result.get("scott_pi").undefined_reason
    assert len(result.pairwise_cohen.kappa) == 3


def unused_table(declared: bool) -> RatingsTable:
    rows = [["1", "1"], ["1", "2"], ["2", "2"], ["2", "3"], ["3", "3"], ["1", "3"], ["2", "2"]]
    scale = Scale(("1", "2", "3", "4", "5"), ordinal=True, declared=declared)
    return wide(rows, scale=scale, raters=["A", "B"])


def test_unused_declared_categories_stay_and_change_weighted_statistics():
    kept = agreement_coefficients(unused_table(True), weights="linear", bootstrap=0)
    dropped = agreement_coefficients(unused_table(True), weights="linear", keep_unused=False,
                                     bootstrap=0)
    assert kept.categories == ("1", "2", "3", "4", "5")
    assert dropped.categories == ("1", "2", "3")
    assert kept.unused_categories == ("4", "5")
    assert any("Nobody used '4', '5'" in w for w in kept.warnings)
    # Kappas are ratios of disagreements: empty end categories of a numeric scale leave them
    # unchanged (weights 1 - d/4 versus 1 - d/2 differ by a scale factor only) ...
    assert kept.get("cohen_kappa").value == pytest.approx(dropped.get("cohen_kappa").value)
    assert kept.get("cohen_kappa_weighted").value == pytest.approx(
        dropped.get("cohen_kappa_weighted").value)
    # ... but AC1/AC2 and Brennan-Prediger count the categories (chance = 1/q for BP).
    for key in ("gwet_ac1", "gwet_ac2", "brennan_prediger", "brennan_prediger_weighted"):
        assert kept.get(key).value != pytest.approx(dropped.get(key).value, abs=1e-3), key
    assert kept.get("brennan_prediger").value == pytest.approx(
        (kept.get("percent_agreement").value - 1 / 5) / (1 - 1 / 5))


def test_unused_middle_text_category_changes_weighted_kappa():
    order = ("poor", "fair", "good", "excellent")           # nobody uses "fair"
    rows = [["poor", "poor"], ["poor", "good"], ["good", "good"], ["good", "excellent"],
            ["excellent", "excellent"], ["good", "excellent"], ["poor", "poor"]]
    table = wide(rows, scale=Scale(order, ordinal=True, declared=True), raters=["A", "B"])
    kept = agreement_coefficients(table, weights="linear", bootstrap=0)
    dropped = agreement_coefficients(table, weights="linear", keep_unused=False, bootstrap=0)
    wk, wd = kept.get("cohen_kappa_weighted").value, dropped.get("cohen_kappa_weighted").value
    assert wk != pytest.approx(wd, abs=1e-3)
    # By hand on positions 1..4 (poor=1, good=3, excellent=4).
    pos = {"poor": 0, "fair": 1, "good": 2, "excellent": 3}
    table4 = np.zeros((4, 4))
    for a, b in rows:
        table4[pos[a], pos[b]] += 1
    p = table4 / table4.sum()
    w = standard_weights("linear", np.arange(1.0, 5.0))
    po, pe = (w * p).sum(), p.sum(1) @ w @ p.sum(0)
    assert wk == pytest.approx((po - pe) / (1 - pe))
    assert kept.get("cohen_kappa").value == pytest.approx(dropped.get("cohen_kappa").value)


def test_keep_unused_defaults_to_the_declaration():
    assert agreement_coefficients(unused_table(True), bootstrap=0).kept_unused
    assert not agreement_coefficients(unused_table(False), bootstrap=0).kept_unused
    assert agreement_coefficients(unused_table(False), bootstrap=0).categories == ("1", "2", "3")


def test_string_labels_follow_declared_order_for_weights():
    codes = [["1", "2"], ["2", "2"], ["3", "1"], ["3", "3"], ["1", "1"], ["2", "3"], ["1", "2"]]
    names = {"1": "poor", "2": "fair", "3": "good"}
    text = [[names[v] for v in row] for row in codes]
    order = Scale(("poor", "fair", "good"), ordinal=True, declared=True)
    a = agreement_coefficients(wide(codes, raters=["A", "B"]), weights="quadratic", bootstrap=0)
    b = agreement_coefficients(wide(text, scale=order, raters=["A", "B"]), weights="quadratic",
                               bootstrap=0)
    for key in ("cohen_kappa_weighted", "gwet_ac2", "fleiss_kappa_weighted",
                "krippendorff_alpha_ordinal", "krippendorff_alpha_interval"):
        assert a.get(key).value == pytest.approx(b.get(key).value), key
    assert b.get("krippendorff_alpha_ratio").value is None          # text labels: no true zero
    assert "positions" in b.get("krippendorff_alpha_interval").note
    # Alphabetical order (fair < good < poor) would give a different weighted kappa.
    alpha = Scale(("fair", "good", "poor"), ordinal=True, declared=True)
    c = agreement_coefficients(wide(text, scale=alpha, raters=["A", "B"]), weights="quadratic",
                               bootstrap=0)
    assert c.get("cohen_kappa_weighted").value != pytest.approx(b.get("cohen_kappa_weighted").value)


def test_user_weight_matrix_equals_named_weights_and_is_validated():
    table = unused_table(False)
    lin = agreement_coefficients(table, weights="linear", bootstrap=0)
    matrix = standard_weights("linear", np.arange(1.0, 4.0))
    user = agreement_coefficients(table, weights=matrix, bootstrap=0)
    assert user.weights == "user matrix"
    assert user.get("cohen_kappa_weighted").value == pytest.approx(
        lin.get("cohen_kappa_weighted").value)
    with pytest.raises(SettingError, match="3 x 3"):
        agreement_coefficients(table, weights=np.eye(2))
    with pytest.raises(SettingError, match="diagonal"):
        agreement_coefficients(table, weights=np.zeros((3, 3)))
    with pytest.raises(SettingError, match="between 0"):
        agreement_coefficients(table, weights=2 * np.ones((3, 3)))


def test_weights_on_nominal_scale_is_a_setting_error():
    table = wide([["x", "y"], ["y", "y"]])
    with pytest.raises(SettingError, match="ordinal"):
        agreement_coefficients(table, weights="linear")
    with pytest.raises(SettingError, match="weights must be"):
        agreement_coefficients(table, weights="cubic")


def test_bootstrap_off_and_result_is_frozen():
    result = agreement_coefficients(unused_table(False), bootstrap=0)
    alpha = result.get("krippendorff_alpha_nominal")
    assert alpha.value is not None and alpha.se is None and "turned off" in alpha.method
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.n_subjects = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        alpha.value = 0.0
    with pytest.raises(SettingError):
        agreement_coefficients(unused_table(False), bootstrap=-1)


def test_perfect_agreement_and_summary_text():
    result = agreement_coefficients(wide([["1", "1"], ["2", "2"], ["3", "3"], ["2", "2"]],
                                         raters=["A", "B"]), weights="linear", bootstrap=100)
    assert result.get("cohen_kappa").value == pytest.approx(1.0)
    assert result.get("cohen_kappa").se == pytest.approx(0.0, abs=1e-12)
    text = result.as_text()
    assert "Cohen's kappa" in text and "Krippendorff's alpha (ordinal)" in text
    assert "Pairwise Cohen's kappa (linear)" in text
    titles = [t.title for t in result.tables()]
    assert titles[0] == "Agreement coefficients" and "Fleiss' kappa per category" in titles
    no_nan_json(result)


cells = st.one_of(st.none(), st.sampled_from(["1", "2", "3"]))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(cells, min_size=3, max_size=3), min_size=1, max_size=6),
       st.sampled_from([None, "linear", "quadratic"]))
@example(rows=[[None, "1", "3"], [None, "1", "3"]], weights="linear")   # weighted BP = -1.25
def test_any_small_table_gives_numbers_or_reasons_never_nan(rows, weights):
    rows = [r for r in rows if any(v is not None for v in r)] or [["1", None, None]]
    table = wide(rows, scale=Scale(("1", "2", "3"), ordinal=True, declared=True))
    result = agreement_coefficients(table, weights=weights, bootstrap=30)
    payload = no_nan_json(result)
    for coef in [*payload["coefficients"], *payload["per_category_fleiss"]]:
        if coef["value"] is None:
            assert coef["undefined_reason"] and coef["se"] is None and coef["ci"] is None
        else:
            assert coef["undefined_reason"] is None and np.isfinite(coef["value"])
            if coef["ci"] is not None:
                assert coef["ci"][0] <= coef["ci"][1]
