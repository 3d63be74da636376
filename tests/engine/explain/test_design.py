"""Issue 42: the design of the explanatory models, read from a table's attribute columns."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.attributes import Attributes
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.explain.design import (
    check_columns,
    natural_order,
    rater_design,
    reading_unit,
    subject_groups,
)
from tapdesk.engine.request import FitRequest
from tapdesk.errors import SettingError


def _table(subjects: dict[str, dict[str, str]], raters: dict[str, dict[str, str]],
           n_subjects: int = 6, n_raters: int = 6) -> RatingsTable:
    subj = [f"s{i}" for i in range(n_subjects) for _ in range(n_raters)]
    rat = [f"r{j}" for _ in range(n_subjects) for j in range(n_raters)]
    table = RatingsTable.from_labels(subj, rat, [str((i + j) % 2) for i, j in
                                                 zip(range(len(subj)), range(len(rat)))])
    return table.with_attributes(Attributes(subjects, raters))


def test_groups_in_natural_order_and_subjects_without_a_value_listed():
    table = _table({"year": {"s0": "10", "s1": "2", "s2": "1", "s3": "2", "s4": "10"}}, {})
    groups = subject_groups(table, "year")
    assert groups.labels == ("1", "2", "10")
    assert groups.index.tolist() == [2, 1, 0, 1, 2, -1]
    assert groups.missing == ("s5",) and groups.sizes().tolist() == [1, 2, 2]
    assert "1 subject without a value" in groups.note


def test_natural_order_puts_numbers_first_then_words():
    assert natural_order(["b", "10", "A", "9", "2.5"]) == ("2.5", "9", "10", "A", "b")


def test_a_numeric_attribute_is_centred_and_read_in_a_round_unit():
    ages = {"r0": "31", "r1": "38", "r2": "45", "r3": "52", "r4": "60", "r5": "64"}
    design = rater_design(_table({}, {"age": ages}), ["age"])
    coef, = design.coefficients
    assert coef.kind == "numeric" and coef.unit == 10
    assert coef.centre == pytest.approx(np.mean([31, 38, 45, 52, 60, 64]))
    assert design.matrix[:, 0] == pytest.approx(np.array([31, 38, 45, 52, 60, 64]) - coef.centre)
    assert coef.low < coef.high and coef.low % 10 == 0 and coef.high % 10 == 0
    assert "read as a number" in design.notes[0]


def test_a_column_of_few_numbers_is_categories_against_the_most_common():
    codes = {"r0": "1", "r1": "2", "r2": "2", "r3": "3", "r4": "2", "r5": "1"}
    design = rater_design(_table({}, {"site": codes}), ["site"])
    assert [(c.level, c.reference) for c in design.coefficients] == [("1", "2"), ("3", "2")]
    assert design.matrix.tolist() == [[1, 0], [0, 0], [0, 0], [0, 1], [0, 0], [1, 0]]
    assert "read as categories" in design.notes[0] and "only 3 differ" in design.notes[0]


def test_words_are_categories_and_missing_values_are_listed():
    kind = {"r0": "human", "r1": "AI", "r2": "human", "r4": "human", "r5": "AI"}
    design = rater_design(_table({}, {"kind": kind}), ["kind"])
    assert design.names == ("kind: AI",)
    assert design.missing == ("r3",)
    assert design.has_value(("r0", "r3")).tolist() == [True, False]
    assert any("r3" in n and "left out" in n for n in design.notes)


def test_two_attributes_give_their_columns_side_by_side():
    raters = {"age": {f"r{j}": str(30 + 7 * j) for j in range(6)},
              "kind": {f"r{j}": "AI" if j == 5 else "human" for j in range(6)}}
    design = rater_design(_table({}, raters), ["age", "kind"])
    assert design.names == ("age", "kind: AI") and design.matrix.shape == (6, 2)


@pytest.mark.parametrize(("values", "unit"), [([31, 64], 10), ([1, 9], 1), ([0.2, 0.9], 0.1),
                                              ([100, 2500], 1000)])
def test_reading_unit(values, unit):
    assert reading_unit(np.array(values, dtype=float)) == pytest.approx(unit)


def test_unknown_columns_are_named_with_the_columns_there_are():
    table = _table({"year": {"s0": "1"}}, {"age": {"r0": "40"}})
    with pytest.raises(SettingError, match="no subject attribute 'site'.*'year'"):
        check_columns(FitRequest(subject_group="site"), table)
    with pytest.raises(SettingError, match="'year' is a subject attribute.*'age'"):
        check_columns(FitRequest(rater_attributes=("year",)), table)
    with pytest.raises(SettingError, match="no rater attributes"):
        check_columns(FitRequest(rater_attributes=("age",)), _table({}, {}))
    check_columns(FitRequest(subject_group="year", rater_attributes=("age",)), table)


def test_the_request_refuses_a_column_named_twice():
    with pytest.raises(SettingError, match="named twice"):
        FitRequest(rater_attributes=("age", "age"))
    assert FitRequest(rater_attributes=["age"]).rater_attributes == ("age",)
    assert FitRequest(subject_group="year").explains and not FitRequest().explains
