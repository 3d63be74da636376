"""Rules from the fourteenth pass of issue 74: two readings that corpus 9 and corpus 17 had
right before the thirteenth pass and lost to its rules. Each on the smallest table that shows
it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np

from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.readers import read_text
from tests.data.importer.test_held_out_rules_10 import _notes, _tsv

JUDGES = ["Prof. Kowalczyk", "Prof. Ashkenazy", "Dr. Lemaire", "Prof. Yamada", "Ms. Albers"]


def _round(n: int = 14, seed: int = 9, age: str = "Age", between: bool = True) -> str:
    """A competition round: each candidate's name, age and country, then the judges' scores
    (12-25, near the candidate's level), one judge abstaining now and then ('—')."""
    rng = np.random.default_rng(seed)
    header = ["Candidate", age] + (["Country"] if between else []) + JUDGES
    rows = []
    for i in range(n):
        level = int(rng.integers(13, 24))
        scores = [str(int(np.clip(level + rng.integers(-1, 2), 12, 25))) for _ in JUDGES]
        scores[i % len(JUDGES)] = "—" if i % 3 == 0 else scores[i % len(JUDGES)]
        rows.append([f"Candidate {chr(65 + i)}", str(int(rng.integers(17, 30)))] +
                    ([["POL", "GER", "FRA", "KOR"][i % 4]] if between else []) + scores)
    return _tsv(header, rows)


def test_an_age_standing_apart_from_the_judges_is_an_attribute_of_each_subject() -> None:
    ds = read_text(_round())
    assert ds.table.rater_ids == tuple(JUDGES)
    assert "Age" in ds.table.attributes.subjects
    said = [str(n.wording) for n in _notes(ds, "rater-scale") if "Age" in n.columns]
    assert said and "before the raters' columns" in said[0]


def test_the_age_stays_a_rater_when_the_rule_is_switched_off() -> None:
    ds = read_text(_round(), ImportOptions(rules_off=("rater-scale",)))
    assert "Age" in ds.table.rater_ids


def test_a_column_next_to_the_judges_is_not_judged_apart() -> None:
    """Nothing between it and the judges: nothing shows it stands apart (said as it was)."""
    ds = read_text(_round(between=False))
    assert "Age" in ds.table.rater_ids


def test_a_careless_judge_named_as_the_others_stays_a_rater() -> None:
    """'Rater 0' before a notes column and 'Rater 1' ... : a judge standing apart whose
    scores follow nothing is what the analysis is there to find, not an attribute."""
    rng = np.random.default_rng(2)
    header = ["case", "Rater 0", "Notes"] + [f"Rater {k}" for k in range(1, 5)]
    rows = []
    for i in range(20):
        level = int(rng.integers(1, 6))
        rows.append([f"c{i}", str(int(rng.integers(1, 6))), ["", "ok", "re-check"][i % 3]] +
                    [str(int(np.clip(level + rng.integers(-1, 2), 1, 5))) for _ in range(4)])
    ds = read_text(_tsv(header, rows))
    assert "Rater 0" in ds.table.rater_ids


def _observed(short: str, categories: str = "1 2 3 4") -> str:
    """Four raters of a behavioural scale; one writes 'not observed' where a behaviour was not
    seen, the others ``short``."""
    scale = categories.split()
    rng = np.random.default_rng(5)
    rows = []
    for i in range(16):
        true = scale[int(rng.integers(len(scale)))]
        unseen = i % 5 == 0
        rows.append([f"e{i}"] + [("not observed" if k == 1 else short) if unseen else
                                 (true if rng.random() < 0.8 else scale[int(rng.integers(len(scale)))])
                                 for k in range(4)])
    return _tsv(["element", "R1", "R2", "R3", "R4"], rows)


def test_initials_of_a_missing_word_the_file_spells_out_are_missing() -> None:
    ds = read_text(_observed("N/O"))
    assert set(ds.table.scale.categories) == {"1", "2", "3", "4"}
    said = [str(n.wording) for n in _notes(ds, "not-a-rating")]
    assert any("'N/O'" in s and "'not observed'" in s for s in said), said


def test_a_word_that_reads_as_the_initials_stays_a_category() -> None:
    """'No' on a yes/no scale beside 'not observed': a word, not initials set apart."""
    ds = read_text(_observed("No", "Yes No"))
    assert "No" in ds.table.scale.categories


def test_declared_initials_stay_a_category() -> None:
    ds = read_text(_observed("N/O"), ImportOptions(categories=("1", "2", "3", "4", "N/O")))
    assert "N/O" in ds.table.scale.categories



RIBBONS = ["Blue", "Red", "White", "No award"]


def _show(award: dict[int, str], name: str = "Best of Show") -> str:
    """Three judges award 20 quilts a ribbon; column ``name`` holds ``award`` (row: value)."""
    rng = np.random.default_rng(11)
    rows = []
    for i in range(20):
        level = int(rng.integers(0, 4))
        rows.append([f"Entry {i + 1}"] + [RIBBONS[int(np.clip(level + rng.integers(-1, 2), 0, 3))]
                                          for _ in range(3)] + [award.get(i, "")])
    return _tsv(["Entry", "Judge 1", "Judge 2", "Judge 3", name], rows)


def test_a_column_that_marks_one_subject_with_a_word_no_rater_gives_is_no_rater() -> None:
    ds = read_text(_show({7: "Yes"}))
    assert ds.table.rater_ids == ("Judge 1", "Judge 2", "Judge 3")
    assert "Yes" not in ds.table.scale.categories
    said = [str(n.wording) for n in _notes(ds, "rater-scale") if "Best of Show" in n.columns]
    assert said and "1 subject of 20 ('Yes')" in said[0]


def test_a_rater_who_rated_one_subject_on_the_scale_stays_a_rater() -> None:
    ds = read_text(_show({7: "Red"}, "Judge 4"))
    assert "Judge 4" in ds.table.rater_ids


def _readers(extra: str, n: int = 24) -> str:
    """Four readers score 0-10; column ``extra`` is a program's score of the same scans."""
    rng = np.random.default_rng(13)
    names = ["Neuroradiologist 1", "Neuroradiologist 2", "Stroke physician", "Registrar"]
    rows = []
    for i in range(n):
        level = int(rng.integers(2, 11))
        rows.append([f"Case {i + 1}"] + [str(int(np.clip(level + rng.integers(-1, 2), 0, 10)))
                                         for _ in range(5)])
    return _tsv(["Case"] + names + [extra], rows)


def test_a_program_s_score_is_read_as_the_reference_not_as_a_rater() -> None:
    """'e-ASPECTS (software)', 'Automated score': an instrument's reading is what the
    readers are compared with (its name says so; the 'e' of 'e-ASPECTS' is no initial)."""
    for extra in ("e-ASPECTS (software)", "Automated score", "Algorithmus"):
        ds = read_text(_readers(extra))
        assert extra not in ds.table.rater_ids, extra
        assert extra in ds.references, extra


def test_a_reader_aided_by_software_stays_a_rater() -> None:
    ds = read_text(_readers("Reader 5 (software-aided)"))
    assert "Reader 5 (software-aided)" in ds.table.rater_ids


LETTERS = list("ABCDEFGHI")


def _harm(fourth: str) -> str:
    """Three reviewers classify 30 incidents A-I; the fourth column writes ``fourth``: 'named'
    (the nurse's 'Category E', the same categories) or 'ward' (the ward, 'Ward A' .. 'Ward C')."""
    rng = np.random.default_rng(17)
    rows = []
    for i in range(30):
        true = int(rng.integers(0, 9))
        said = [LETTERS[true if rng.random() < 0.8 else int(rng.integers(0, 9))] for _ in range(4)]
        last = f"Category {said[3]}" if fourth == "named" else f"Ward {'ABC'[i % 3]}"
        rows.append([f"INC-{i:03d}"] + said[:3] + [last])
    return _tsv(["Incident", "Pharmacist 1", "Pharmacist 2", "Safety officer", "Fourth"], rows)


def test_a_rater_writing_category_and_the_letter_is_read_as_the_letters() -> None:
    ds = read_text(_harm("named"))
    assert "Fourth" in ds.table.rater_ids
    assert set(ds.table.scale.categories) <= set(LETTERS)


def test_a_ward_written_with_letters_stays_no_rater() -> None:
    """'Ward A' .. 'Ward C' key as the letters too, but follow none of the ratings."""
    ds = read_text(_harm("ward"))
    assert "Fourth" not in ds.table.rater_ids
