"""Rules found on the held-out corpus 15 (issue 74, ninth pass): each on the smallest table
that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.audit.questions import is_question_name
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.importer.words import is_reference_name
from tapdesk.data.readers import read_text
from tapdesk.errors import DataError


def _tsv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join("\t".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next((n for n in ds.import_notes if n.rule == rule), None)


# ------------------------------------------- 'Expected' is the exercise's answer
@pytest.mark.parametrize("name, reference", [
    ("Expected", True), ("Expected grade", True), ("Erwartet", True), ("Resultado esperado", True),
    ("Expected count", False), ("Dr Expected", False), ("Rater 2 expected", False),
])
def test_the_expected_answer_is_named_as_a_reference(name, reference):
    assert is_reference_name(name) == reference


def _grading(last: str) -> str:
    """Four scientists grade 30 tubes 0 / w+ / 1+ .. 4+, then a column ``last`` holding the
    exercise's grade; a sign-off line under a blank row below."""
    rng = np.random.default_rng(3)
    grades = ["0", "w+", "1+", "2+", "3+", "4+"]
    rows = []
    for i in range(30):
        true = int(rng.integers(0, 6))
        said = [grades[int(np.clip(true + rng.integers(-1, 2) * (rng.random() < 0.3), 0, 5))]
                for _ in range(4)]
        rows.append([f"S{i // 6 + 1}", f"Test {i % 6 + 1}"] + said + [grades[true]])
    rows += [[""] * 7, ["Signed off by", "", "Lab manager", "", "", "", ""]]
    return _tsv(["Sample", "Test", "BMS A", "BMS B", "BMS C", "Trainee D", last], rows)


def test_an_expected_grade_is_the_reference_and_a_sign_off_line_no_subject():
    ds = read_text(_grading("Expected"))
    assert ds.table.rater_ids == ("BMS A", "BMS B", "BMS C", "Trainee D")
    assert "Expected" in ds.references
    assert "Lab manager" not in ds.table.scale.categories          # not even as an empty category
    assert _note(ds, "footer-rows") is not None
    assert len(ds.table.subject_ids) == 30


def test_a_fifth_scientist_stays_a_rater():
    ds = read_text(_grading("BMS E"))
    assert len(ds.table.rater_ids) == 5 and not ds.references


def test_a_cell_of_no_subject_adds_no_category():
    text = _tsv(["Case", "R1", "R2"], [[f"c{i}", "yes" if i % 3 else "no", "yes" if i % 4 else "no"]
                                       for i in range(12)] + [["", "maybe", ""]])
    ds = read_text(text)
    assert ds.table.scale.categories == ("no", "yes")


# ------------------------------------------- a cross that often marks no rating
def _chords(cross: str, n_cross: int) -> str:
    rng = np.random.default_rng(8)
    chords = ["C:maj", "G:maj", "A:min", "F:maj", "E:7", "D:min", "N"]
    rows = []
    for i in range(40):
        true = chords[int(rng.integers(0, len(chords)))]
        said = [true if rng.random() < 0.85 else chords[int(rng.integers(0, len(chords)))]
                for _ in range(3)]
        if i < n_cross:
            said[i % 3] = cross
        rows.append([f"{i * 2.0:.1f}"] + said)
    return _tsv(["start", "annotator_A", "annotator_B", "annotator_C"], rows)


def test_a_cross_read_as_a_category_is_said():
    ds = read_text(_chords("X", 8))
    assert "X" in ds.table.scale.categories
    note = _note(ds, "missing-code-suspect")
    assert note is not None and "'X'" in str(note.message)


def test_a_rare_cross_is_left_to_the_rare_category_warning():
    ds = read_text(_chords("X", 1))
    assert _note(ds, "missing-code-suspect") is None


def test_ten_in_roman_numerals_is_no_cross():
    romans = ["VIII", "IX", "X", "XI"]
    rows = [[f"c{i}"] + [romans[(i + j * (i % 5 == 0)) % 4] for j in range(3)] for i in range(24)]
    ds = read_text(_tsv(["Case", "R1", "R2", "R3"], rows))
    assert _note(ds, "missing-code-suspect") is None


# ------------------------------------------- numbered questions are no raters
@pytest.mark.parametrize("name, question", [
    ("Q1", True), ("Q 12", True), ("q_3", True), ("Item 4", True), ("Frage 5", True),
    ("Q12a", True), ("Rater 1", False), ("R1", False), ("Judge 2", False), ("Q", False),
])
def test_a_question_is_named_by_an_item_word_and_its_number(name, question):
    assert is_question_name(name) == question


def _answers(header: list[str]) -> str:
    rng = np.random.default_rng(2)
    key = rng.choice(list("ABCD"), len(header) - 1)
    rows = [[f"2{i:07d}"] + [k if rng.random() < 0.7 else str(rng.choice(list("ABCD"))) for k in key]
            for i in range(30)]
    return _tsv(header, rows)


def test_answers_to_numbered_questions_are_refused_with_words():
    with pytest.raises(DataError) as refused:
        read_text(_answers(["Student ID"] + [f"Q{i}" for i in range(1, 11)]))
    assert "numbered questions" in str(refused.value) and "'Q1' to 'Q10'" in str(refused.value)


def test_the_rule_switched_off_reads_the_questions_as_before():
    ds = read_text(_answers(["Student ID"] + [f"Q{i}" for i in range(1, 11)]),
                   ImportOptions(rules_off=("questions",)))
    assert len(ds.table.rater_ids) == 10
    assert _note(ds, "questions") is not None          # flagged still


def test_raters_in_rows_read_the_questions_as_subjects():
    ds = read_text(_answers(["Student ID"] + [f"Q{i}" for i in range(1, 11)]),
                   ImportOptions(layout="wide-rows"))
    assert len(ds.table.rater_ids) == 30 and len(ds.table.subject_ids) == 10


def test_raters_named_otherwise_stay_raters():
    ds = read_text(_answers(["Student ID"] + [f"Rater {i}" for i in range(1, 11)]))
    assert len(ds.table.rater_ids) == 10


# ------------------------------------------- raters' words beside percentages
def _texture(raters: int) -> str:
    rng = np.random.default_rng(4)
    classes = ["S", "LS", "SL", "L", "SiL", "CL", "C"]
    rows = []
    for i in range(24):
        t = int(rng.integers(0, 7))
        said = [classes[int(np.clip(t + rng.integers(-1, 2) * (rng.random() < 0.4), 0, 6))]
                for _ in range(raters)]
        sand = int(rng.integers(5, 90))
        clay = int(rng.integers(3, 100 - sand))
        rows.append([f"P{i // 4}", f"H{i % 4}"] + said + [str(sand), str(100 - sand - clay), str(clay)])
    return _tsv(["Profile", "Horizon"] + [f"Surveyor {j + 1}" for j in range(raters)] +
                ["Sand %", "Silt %", "Clay %"], rows)


def test_raters_words_beside_percentages_are_no_aggregated_report():
    ds = read_text(_texture(3))
    assert ds.table.rater_ids == ("Surveyor 1", "Surveyor 2", "Surveyor 3")


def test_one_column_of_words_beside_percentages_is_still_a_report():
    with pytest.raises(DataError, match="aggregated report"):
        read_text(_texture(1))


# ------------------------------------------- measurements beside grades with a letter
def _pet(letter: bool) -> str:
    """Three readers' grades 1-5 (and 'X' when ``letter``) beside three SUVmax measurements,
    some of which are whole ('2')."""
    rng = np.random.default_rng(6)
    rows = []
    for i in range(28):
        g = int(rng.integers(1, 6))
        grades = [str(int(np.clip(g + rng.integers(-1, 2) * (rng.random() < 0.3), 1, 5)))
                  for _ in range(3)]
        if letter and i % 5 == 0:
            grades[i % 3] = "X"
        suv = [f"{v:.1f}".removesuffix(".0") for v in rng.uniform(1, 6, 3).round(1)]
        suv[i % 3] = str(int(rng.integers(1, 6))) if i % 2 else suv[i % 3]
        rows.append([f"HL-{i:03d}"] + suv + grades)
    return _tsv(["Patient", "SUVmax lesion", "SUVmax liver", "SUVmax mediastinum",
                 "Local reader DS", "Central A DS", "Central B DS"], rows)


@pytest.mark.parametrize("letter", [True, False], ids=["with-x", "numbers-only"])
def test_measurements_are_no_raters_beside_grades(letter):
    ds = read_text(_pet(letter))
    assert ds.table.rater_ids == ("Local reader DS", "Central A DS", "Central B DS")
    assert all("." not in c for c in ds.table.scale.categories)


# ------------------------------------------- abbreviations' dots and short forms together
def test_an_abbreviations_dot_is_a_spelling():
    from tapdesk.data.importer.words import spelling_key
    assert spelling_key("U.S. No. 2") == spelling_key("US No 2")
    assert spelling_key("2.") != spelling_key("2")            # a number's dot stays


def _grades(third: dict[str, str]) -> str:
    rng = np.random.default_rng(9)
    grades = ["U.S. No. 1", "U.S. No. 2", "U.S. No. 3", "U.S. Sample Grade"]
    rows = []
    for i in range(30):
        g = int(rng.integers(0, 4))
        said = [grades[int(np.clip(g + rng.integers(-1, 2) * (rng.random() < 0.25), 0, 3))]
                for _ in range(3)]
        said[2] = third.get(said[2], said[2])
        rows.append([f"YC-{i:03d}"] + said)
    return _tsv(["Sample", "Inspector A", "Inspector B", "Inspector C"], rows)


def test_a_rater_writing_the_grades_spelt_and_abbreviated_otherwise_is_read_on_the_scale():
    ds = read_text(_grades({"U.S. No. 1": "US No 1", "U.S. No. 2": "US No 2",
                            "U.S. No. 3": "US No 3", "U.S. Sample Grade": "US SG"}))
    assert set(ds.table.scale.categories) == {"U.S. No. 1", "U.S. No. 2", "U.S. No. 3",
                                              "U.S. Sample Grade"}
    note = _note(ds, "spellings")
    assert note is not None and "'US SG'" in str(note.message)


def test_a_rater_with_one_word_of_its_own_stays_apart():
    ds = read_text(_grades({"U.S. No. 1": "US No 1", "U.S. No. 2": "US No 2",
                            "U.S. No. 3": "US No 3", "U.S. Sample Grade": "rejected"}))
    assert "US No 1" in ds.table.scale.categories


# ------------------------------------------- grades written as fractions of one total
def _murmurs(agree: bool) -> str:
    """Three students grade 30 recordings '0/6' .. '6/6' (following one true grade when
    ``agree``, else each on their own) beside a quiz score out of 10, a breed and an age."""
    rng = np.random.default_rng(12)
    rows = []
    for i in range(30):
        g = int(rng.integers(0, 7))
        said = [int(np.clip(g + rng.integers(-1, 2) * (rng.random() < 0.3), 0, 6)) if agree
                else int(rng.integers(0, 7)) for _ in range(3)]
        rows.append([f"HS-{i:03d}", ["Boxer", "Poodle", "Beagle"][i % 3], f"{rng.uniform(1, 14):.1f}"]
                    + [f"{k}/6" for k in said] + [f"{rng.integers(0, 11)}/10"])
    return _tsv(["Recording", "Breed", "Age (y)", "Student 1", "Student 2", "Student 3", "Quiz"], rows)


def test_grades_written_as_fractions_that_agree_are_ratings():
    ds = read_text(_murmurs(agree=True))
    assert ds.table.rater_ids == ("Student 1", "Student 2", "Student 3")
    assert "3/6" in ds.table.scale.categories


def test_fractions_that_do_not_agree_stay_scores():
    with pytest.raises(DataError):
        read_text(_murmurs(agree=False))
