"""Value labels on a scale: parsing, lookup by code or label, and what a fit carries."""

from __future__ import annotations

import pytest

from tapdesk.data.binary import choose_class1
from tapdesk.data.readers import ImportOptions, read_text
from tapdesk.data.scale import Scale, parse_labels
from tapdesk.engine import FitRequest, fit
from tapdesk.errors import DataError, SettingError

MEDALS = "1=no medal,2=bronze,3=silver,4=gold"
WINE_LIKE = "J1,J2,J3\n1,1,2\n2,2,2\n3,3,4\n4,4,4\n1,2,1\n3,3,3\n"


def test_parse_labels_reads_pairs_and_names_a_bad_entry():
    assert parse_labels(MEDALS) == (("1", "no medal"), ("2", "bronze"), ("3", "silver"),
                                    ("4", "gold"))
    assert parse_labels("1 = a, b ; 2 = c") == (("1", "a, b"), ("2", "c"))
    with pytest.raises(SettingError, match="'2' is not CODE=LABEL"):
        parse_labels("1=a,2")
    with pytest.raises(SettingError, match="two labels"):
        parse_labels("1=a,1=b")


def test_scale_resolves_codes_first_then_labels_ignoring_case():
    scale = Scale(("1", "2", "3", "4"), ordinal=True).with_labels(parse_labels(MEDALS))
    assert scale.resolve("4") == "4"
    assert scale.resolve("gold") == "4"
    assert scale.resolve(" Gold ") == "4"
    assert scale.display("4") == "gold (4)" and scale.label("4") == "gold"
    with pytest.raises(DataError, match="'gold \\(4\\)'"):
        scale.resolve("platinum")


def test_a_code_wins_over_a_label_that_spells_another_code():
    scale = Scale(("1", "2")).with_labels({"1": "2"})
    assert scale.resolve("2") == "2"


def test_case_folding_accepts_the_files_spelling_only_when_unambiguous():
    assert Scale(("no", "yes")).resolve("Yes") == "yes"
    with pytest.raises(DataError):
        Scale(("Yes", "yes", "no")).resolve("YES")


def test_labels_must_name_existing_codes_and_differ():
    scale = Scale(("1", "2"))
    with pytest.raises(DataError, match="no such category"):
        scale.with_labels({"3": "x"})
    with pytest.raises(SettingError, match="same label"):
        scale.with_labels({"1": "x", "2": "x"})


def test_class_choice_and_fit_speak_in_labels():
    ds = read_text(WINE_LIKE, ImportOptions(labels=parse_labels(MEDALS)))
    choice = choose_class1(ds.table.scale, cut="bronze")
    assert choice.class1 == ("1", "2")
    assert choice.describe() == "Class 1 = {no medal, bronze}; Class 0 = {silver, gold}"
    result = fit(FitRequest(model="tap", cut="no medal"), ds.table)
    assert result.class_choice.class1 == ("1",)
    assert result.category_labels == ("no medal", "bronze", "silver", "gold")
    assert result.to_dict()["category_labels"] == ["no medal", "bronze", "silver", "gold"]
    assert any("'no medal'" in line for line in result.headline)


def test_labels_for_unknown_codes_are_refused_naming_the_file():
    with pytest.raises(DataError, match="'9'"):
        read_text(WINE_LIKE, ImportOptions(labels=(("9", "x"),)))
