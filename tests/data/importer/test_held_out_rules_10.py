"""Rules found on the held-out corpus 16 (issue 74, tenth pass): raters writing one scale in
several forms. Each on the smallest table that shows it, with the near miss that must stay as
it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.shortforms import written_key
from tapdesk.data.readers import read_text


def _tsv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join("\t".join(r) for r in [header] + rows) + "\n"


def _notes(ds, rule: str):
    return [n for n in ds.import_notes if n.rule == rule]


def _panel(forms: list[dict[int, str]], n: int = 30, agree: float = 0.8, seed: int = 4,
           levels: int = 3) -> list[list[str]]:
    """``n`` subjects, one column per rater; rater k writes level v as ``forms[k][v]`` (or
    a level at random where it disagrees)."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        true = int(rng.integers(1, levels + 1))
        said = [f[true if rng.random() < agree else int(rng.integers(1, levels + 1))]
                for f in forms]
        rows.append([str(i + 1)] + said)
    return rows


# ------------------------------------------- what the forms of one category share
@pytest.mark.parametrize("a, b, same", [
    ("Dosbarth III", "III", True), ("III", "3", True), ("Class 2", "2.0", True),
    ("III/VI", "3/6", True), ("13 Inflation, prices", "13", True),
    ("(b) Award with minor corrections", "b", True), ("5 - Lower moderate disability", "5", True),
    ("A-1", "a1", True),
    ("A1", "B1", False), ("A1", "1", False), ("2/6", "3/6", False), ("13 Inflation", "31", False),
    ("Minor corrections", "b", False),
])
def test_the_forms_of_one_category_share_a_key(a, b, same):
    assert (written_key(a) == written_key(b)) == same


# ------------------------------------------- one scale written three ways, by three raters
CLASS = {1: "Class I", 2: "Class II", 3: "Class III"}
ROMAN = {1: "I", 2: "II", 3: "III"}
DIGIT = {1: "1", 2: "2", 3: "3"}


def test_three_raters_writing_one_scale_three_ways_are_read_on_one_scale():
    rows = _panel([CLASS, ROMAN, DIGIT])
    ds = read_text(_tsv(["Entry", "Judge A", "Judge B", "Judge C"], rows))
    assert ds.table.rater_ids == ("Judge A", "Judge B", "Judge C")
    assert ds.table.scale.categories == ("1", "2", "3")       # a number stays a number
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "Judge A" in said and "Judge B" in said and "'III' as '3'" in said


def test_a_third_column_that_does_not_follow_is_not_joined():
    rows = _panel([CLASS, ROMAN, DIGIT])
    rng = np.random.default_rng(9)
    for r in rows:                       # the digits now say nothing of the entry
        r[3] = str(int(rng.integers(1, 4)))
    ds = read_text(_tsv(["Entry", "Judge A", "Judge B", "Judge C"], rows))
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "Judge C" not in said


# ------------------------------------------- a code with its label beside the code
LABELS = {1: "1 Economy", 2: "2 Health, care", 3: "3 Prices"}


def test_a_coder_writing_the_code_with_its_label_is_a_rater_on_the_codes():
    rows = _panel([DIGIT, LABELS], n=40)
    ds = read_text(_tsv(["Id", "Coder 1", "Coder 2"], rows))
    assert ds.table.rater_ids == ("Coder 1", "Coder 2")
    assert set(ds.table.scale.categories) == {"1", "2", "3"}
    assert any("Coder 2" in n.message for n in _notes(ds, "spellings"))


def test_labels_of_other_codes_are_no_rater():
    rows = _panel([DIGIT, DIGIT, LABELS], n=40)
    rng = np.random.default_rng(2)
    for r in rows:                       # a topic column that follows nothing
        r[3] = LABELS[int(rng.integers(1, 4))]
    ds = read_text(_tsv(["Id", "Coder 1", "Coder 2", "Topic"], rows))
    assert "Topic" not in ds.table.rater_ids


# ------------------------------------------- a fraction in Roman numerals
FRACTION = {k: f"{k}/6" for k in range(0, 7)}
ROMAN_FRACTION = {0: "none", **{k: f"{r}/VI" for k, r in
                                 zip(range(1, 7), ("I", "II", "III", "IV", "V", "VI"))}}


def test_a_rater_writing_the_fractions_in_roman_numerals_is_read_on_the_scale():
    rng = np.random.default_rng(5)
    rows = []
    for i in range(30):
        true = int(rng.integers(0, 7))
        said = [min(6, max(0, true + int(rng.integers(-1, 2) * (rng.random() < 0.3))))
                for _ in range(4)]
        rows.append([f"R{i}", FRACTION[said[0]], FRACTION[said[1]], ROMAN_FRACTION[said[2]],
                     FRACTION[said[3]]])
    ds = read_text(_tsv(["Recording", "Student 1", "Student 2", "Student 3", "Student 4"], rows))
    assert ds.table.rater_ids == ("Student 1", "Student 2", "Student 3", "Student 4")
    cats = set(ds.table.scale.categories)
    assert "III/VI" not in cats and "3/6" in cats
    assert any("'III/VI' as '3/6'" in n.message for n in _notes(ds, "spellings"))


# ------------------------------------------- a rater named as the others are, in words
LETTERS = {1: "a", 2: "b", 3: "c", 4: "d"}
WORDS = {1: "fatty", 2: "scattered", 3: "heterogeneous", 4: "extremely dense"}


def _density(last: str, agree: float) -> str:
    rows = _panel([LETTERS, LETTERS, LETTERS, WORDS], levels=4, agree=agree, seed=11)
    return _tsv(["Exam", "Reader 1", "Reader 2", "Reader 3", last], rows)


def test_a_rater_named_as_the_others_writing_words_stays_a_rater_said():
    ds = read_text(_density("Reader 4", agree=0.6))
    assert "Reader 4" in ds.table.rater_ids
    warned = [n for n in ds.import_notes if "Reader 4" in n.message and n.action == "warning"]
    assert warned and "named as the raters are" in warned[0].message


def test_a_column_named_otherwise_with_a_few_words_is_a_subject_attribute():
    ds = read_text(_density("Breast type", agree=0.6))
    assert "Breast type" not in ds.table.rater_ids


# ------------------------------------------- a year names when, not which one of a set
QUALIFIERS = {1: "Rembrandt", 2: "Workshop of Rembrandt", 3: "After Rembrandt"}


@pytest.mark.parametrize("name, rater", [("Catalogue 1998", False), ("Catalogue (2025)", False),
                                         ("Derm 2", True)])
def test_a_column_named_with_a_year_beside_a_panel_named_alike_is_no_rater(name, rater):
    rows = _panel([QUALIFIERS] * 5, seed=6)
    ds = read_text(_tsv(["Drawing", "Expert 1", "Expert 2", "Expert 3", "Expert 4", name], rows))
    assert (name in ds.table.rater_ids) == rater
    assert (name in ds.references) == (not rater)


# ------------------------------------------- a long file whose raters are named by short labels
GRADES = ["No visible damage", "Possibly damaged", "Damaged", "Destroyed"]


def _long_damage(grade_column: str = "damage_grade") -> str:
    """30 buildings, each graded by 2 or 3 of four analysts; one row per building and analyst,
    sorted by analyst; a confidence of each analyst's own beside the grade."""
    rng = np.random.default_rng(12)
    analysts = ["analyst_DE", "analyst_ES", "analyst_FR", "analyst_IT"]
    truth = {f"way/{418822301 + 7919 * i}": int(rng.integers(0, 4)) for i in range(30)}
    rows = []
    for who in analysts:
        for building, grade in truth.items():
            if rng.random() < 0.35:
                continue
            said = grade if rng.random() < 0.8 else int(rng.integers(0, 4))
            rows.append([building, f"{37.5 + rng.random():.6f}", who, GRADES[said],
                         ["Low", "Medium", "High"][int(rng.integers(0, 3))]])
    return _tsv(["building_id", "lat", "analyst", grade_column, "confidence"], rows)


def test_a_long_file_whose_raters_are_named_by_labels_is_read_by_its_structure():
    ds = read_text(_long_damage())
    assert ds.table.rater_ids == ("analyst_DE", "analyst_ES", "analyst_FR", "analyst_IT")
    assert set(ds.table.scale.categories) == set(GRADES)
    assert _notes(ds, "rater-by-structure")


def test_a_rater_signing_out_is_the_reference_and_not_analysed_is_no_rating():
    text = _long_damage().replace("analyst_IT", "PATH-SIGNOUT").replace(
        "\tDestroyed\t", "\tNot analysed\t")
    ds = read_text(text)
    assert "PATH-SIGNOUT" not in ds.table.rater_ids and "PATH-SIGNOUT" in ds.references
    assert "Not analysed" not in ds.table.scale.categories


# ------------------------------------------- a compound noun names no person
@pytest.mark.parametrize("name, rater", [("Veilingkwaliteit", False), ("Anna", True)])
def test_a_long_compound_word_beside_a_panel_named_alike_is_no_rater(name, rater):
    groups = {1: "A1", 2: "A2", 3: "B1"}
    rows = _panel([groups] * 4, seed=14)
    ds = read_text(_tsv(["Partij", "Keurmeester 1", "Keurmeester 2", "Keurmeester 3", name], rows))
    assert (name in ds.table.rater_ids) == rater


# ------------------------------------------- words beside numbers, named as a rater
@pytest.mark.parametrize("name, rater", [("Judge D", True), ("Region", False)])
def test_words_beside_numbers_named_as_a_rater_stay_a_rater(name, rater):
    words = {1: "weak", 2: "fair", 3: "strong"}
    rows = _panel([DIGIT, DIGIT, DIGIT, words], seed=21, agree=0.6)
    if not rater:
        for r in rows:
            r[4] = ["North", "South", "West"][int(r[0]) % 3]
    ds = read_text(_tsv(["Entry", "Judge A", "Judge B", "Judge C", name], rows))
    assert (name in ds.table.rater_ids) == rater
