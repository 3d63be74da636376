"""Issue 79: a subject attribute that is a number (a patient's age, 59 different values) is never
split into a group per value. One rule (:func:`tapdesk.data.attributes.reads_as_number`) decides
what the app's "Explain by..." box offers and what the engine (and so the command line and the
API) takes: such a column groups the subjects only in bands the user asks for.

The rule for codes: a column of numbers with fewer than five different values (a ward coded
1, 2, 3; a year of study 1-4) is read as categories, as a rater attribute always was, and groups
the subjects by value; five or more different numbers are a number.
"""

from __future__ import annotations

import pytest

from tapdesk.data.attributes import (
    BAND_CHOICES,
    GroupChoice,
    group_choices,
    reads_as_number,
    value_bands,
)
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.explain.design import check_columns, rater_design, subject_groups
from tapdesk.errors import SettingError
from tests import FIXTURES

PATIENTS = FIXTURES / "patients_age_ward.csv"
"""60 patients, 4 raters saying yes/no; 'Alter Patient (Jahre)' 18-76 (59 different ages),
'ward' A/B/C and 'ward code' 1/2/3 (one value per patient)."""
AGE = "Alter Patient (Jahre)"
DASH = "\u2013"


@pytest.fixture(scope="module")
def patients():
    table = read_ratings(PATIENTS).table
    assert set(table.attributes.subject_columns) == {AGE, "ward", "ward code"}
    return table


# ------------------------------------------------------------------------------- the one rule
@pytest.mark.parametrize(("values", "number"), [
    ([str(a) for a in range(18, 91)], True),              # ages: a number
    (["A", "B", "C", "A"], False),                        # words: categories
    (["1", "2", "3", "2", "1"], False),                   # ward codes: categories
    (["1", "2", "3", "4"] * 5, False),                    # year of study 1-4: categories
    (["1", "2", "3", "4", "5"], True),                    # five different numbers: a number
    (["2,5", "3,5", "4,5", "5,5", "6,5"], True),          # decimal commas are numbers
    (["18", "25", "33", "41", "50", "n/a"], False),       # one value no number: categories
    ([], False),
])
def test_a_column_is_a_number_only_with_five_different_numbers(values, number):
    assert reads_as_number(values) is number


def test_a_number_is_offered_only_in_bands_and_categories_by_value(patients):
    offered = group_choices(patients.attributes)
    assert GroupChoice(AGE) not in offered                 # never one group per age
    assert [c.bands for c in offered if c.column == AGE] == list(BAND_CHOICES)
    assert GroupChoice("ward") in offered and GroupChoice("ward code") in offered
    assert not any(c.bands for c in offered if c.column in ("ward", "ward code"))


def test_the_rater_design_reads_by_the_same_rule():
    """The rater attribute's number-or-categories decision is the same function."""
    from tests.engine.explain.test_design import _table
    ages = {f"r{j}": str(30 + 7 * j) for j in range(6)}
    codes = {f"r{j}": str(j % 3 + 1) for j in range(6)}
    design = rater_design(_table({}, {"age": ages, "code": codes}), ["age", "code"])
    kinds = {c.attribute: c.kind for c in design.coefficients}
    assert kinds == {"age": "numeric", "code": "level"}
    assert reads_as_number(ages.values()) and not reads_as_number(codes.values())


# ------------------------------------------------------------------------------------ bands
def test_bands_hold_about_as_many_subjects_and_say_their_ranges():
    ages = [str(a) for a in range(18, 98)]                   # 80 subjects, 80 ages
    bands = value_bands(ages, 4)
    assert [b.label for b in bands] == [f"18{DASH}37", f"38{DASH}57", f"58{DASH}77",
                                        f"78{DASH}97"]
    assert [b.count for b in bands] == [20, 20, 20, 20]


def test_equal_values_share_a_band_and_few_values_get_one_band_each():
    tied = ["40"] * 10 + ["20", "30", "50", "60", "70"]
    bands = value_bands(tied, 3)
    assert [(b.label, b.count) for b in bands] == [(f"20{DASH}30", 2), ("40", 10),
                                                   (f"50{DASH}70", 3)]
    crowded = value_bands(["10", "20", *["40"] * 20, "60", "70"], 4)
    assert [b.label for b in crowded] == [f"10{DASH}20", "40", f"60{DASH}70"]   # no cut in 40s
    assert [b.label for b in value_bands(["1", "2", "2", "3"], 5)] == ["1", "2", "3"]


def test_subject_groups_in_bands_follow_the_values(patients):
    groups = subject_groups(patients, AGE, 4)
    assert groups.n_groups == 4 and groups.missing == ()
    assert groups.sizes().tolist() == [15, 15, 15, 15]
    ages = patients.attributes.subjects[AGE]
    for subject, g in zip(patients.subject_ids, groups.index):
        low, high = groups.labels[g].split(DASH)
        assert float(low) <= float(ages[subject]) <= float(high)
    assert "in 4 bands" in groups.note and groups.labels[0] in groups.note


# --------------------------------------------------------------- what the engine refuses
def test_a_number_as_groups_without_bands_is_refused_naming_the_column(patients):
    with pytest.raises(SettingError) as caught:
        check_columns(FitRequest(subject_group=AGE), patients)
    message = str(caught.value)
    assert f"'{AGE}' is a number with 59 different values" in message
    assert "bands" in message and caught.value.settings == ("subject_bands",)


def test_codes_and_words_still_group_by_value(patients):
    check_columns(FitRequest(subject_group="ward code"), patients)
    check_columns(FitRequest(subject_group="ward"), patients)
    assert subject_groups(patients, "ward code").labels == ("1", "2", "3")


@pytest.mark.parametrize(("column", "said"), [("ward", "holds values that are not numbers"),
                                              ("ward code", "has only 3 different numbers")])
def test_bands_of_categories_are_refused(patients, column, said):
    with pytest.raises(SettingError, match=said):
        check_columns(FitRequest(subject_group=column, subject_bands=3), patients)


@pytest.mark.parametrize(("fields", "said"), [({"subject_bands": 3}, "name its column too"),
                                              ({"subject_group": AGE, "subject_bands": 1},
                                               "2 bands or more")])
def test_a_request_for_bands_must_make_sense(fields, said):
    with pytest.raises(SettingError, match=said):
        FitRequest(**fields)


def test_a_fit_in_bands_names_the_bands(patients):
    result = fit(FitRequest(model="tap", class1=("yes",), subject_group=AGE, subject_bands=3,
                            n_starts=2), patients)
    assert [g.group for g in result.groups] == [f"18{DASH}36", f"37{DASH}56", f"57{DASH}76"]
    assert [g.n_subjects for g in result.groups] == [20, 20, 20]      # two patients are 30
    assert result.group_test is not None and result.group_test.df == 2
    assert result.title.endswith(f"class share by '{AGE}' in 3 bands")
    assert any("in 3 bands" in w.message for w in result.warnings)


def test_fewer_bands_than_asked_are_said():
    from tests.engine.explain.test_design import _table
    values = ["10", "20", *["40"] * 20, "60", "70"]
    table = _table({"dose": {f"s{i}": v for i, v in enumerate(values)}}, {}, n_subjects=24,
                   n_raters=2)
    groups = subject_groups(table, "dose", 4)
    assert groups.labels == (f"10{DASH}20", "40", f"60{DASH}70")
    assert "in 3 bands" in groups.note and "4 were asked for" in groups.note
