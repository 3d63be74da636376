"""Rules found on the held-out corpus 17's leftovers (issue 74, twelfth pass): the column a
panel is compared with, told by its name. Each on the smallest table that shows it, with the
near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.readers import read_text
from tests.data.importer.test_held_out_rules_10 import _notes, _panel, _tsv

WORDS = {1: "Center", 2: "Edge", 3: "Scratch"}


def _read(names: list[str], seed: int = 4):
    """A panel of ``len(names)`` columns writing one scale (the last one too)."""
    return read_text(_tsv(["Wafer"] + names, _panel([WORDS] * len(names), n=32, seed=seed)))


@pytest.mark.parametrize("names", [
    ["Eng_JL", "Eng_MK", "Eng_SP", "Eng_TW", "ADC class (auto)"],    # initials tell them apart
    ["Coder 1", "Coder 2", "Coder 3", "QA coder"],                    # the stem singled out
    ["Examiner A", "Examiner B", "Examiner C", "Lead examiner"],
])
def test_a_column_named_apart_from_a_panel_named_alike_is_the_reference(names):
    ds = _read(names)
    odd = names[-1]
    assert ds.table.rater_ids == tuple(names[:-1])
    assert dict(ds.column_roles)[odd] == "reference"
    said = " ".join(n.message for n in _notes(ds, "reference-answer"))
    assert f"column '{odd}' is read as the reference answer" in said


@pytest.mark.parametrize("names", [
    ["CT reader 1", "CT reader 2", "CT reader 3", "MRI reader"],      # another set's stem
    ["Coder 1", "Coder 2", "Coder 3", "Coder 4"],                     # one of the set
    ["Coder 1", "Coder 2", "Coder 3", "Senior coder 4"],              # numbered as they are
    ["Coder 1", "Coder 2", "Coder 3", "Coder 4 (trainee)"],
    ["Eng_JL", "Eng_MK", "Eng_SP", "Eng_TW"],                         # initials alone
    ["Rater CT", "Rater MR", "Rater PET", "Rater US"],
])
def test_a_column_named_as_one_of_the_panel_stays_a_rater(names):
    ds = _read(names)
    assert ds.table.rater_ids == tuple(names)


@pytest.mark.parametrize("name, reference", [
    ("Kit reference class", True), ("Référence du kit", True), ("Reference", True),
    ("Reader 2 reference", False), ("Reference lab 1", False), ("Dr Reference", False),
])
def test_a_column_named_the_reference_is_one_whatever_words_stand_beside(name, reference):
    """Raters named by their badge numbers ('00417'), which no way of naming ties together."""
    names = ["00093", "00417", "00562", "01208", name]
    ds = _read(names)
    assert (name not in ds.table.rater_ids) == reference
    if reference:
        assert dict(ds.column_roles)[name] == "reference"


# ------------------------------------------- a rater's own spelling is read in its own column
FULL = {1: "Normal", 2: "Suspicious", 3: "Pathological"}
SHORT = {1: "N", 2: "S", 3: "P"}


PEOPLE = ["Midwife Ross", "Midwife Kerr", "Dr Brown", "Dr Patel"]


def _traces(names: list[str] = PEOPLE, n: int = 30, seed: int = 3) -> str:
    """Four raters of CTG traces, one abbreviating the classes ('N', 'S', 'P'), and the baby's
    outcome beside them written 'N' / 'Y'."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        true = int(rng.integers(1, 4))
        said = [true if rng.random() < 0.8 else int(rng.integers(1, 4)) for _ in range(4)]
        rows.append([f"CTG-{i:03d}", FULL[said[0]], FULL[said[1]].lower(), FULL[said[2]],
                     SHORT[said[3]], "Y" if true == 3 and rng.random() < 0.6 else "N"])
    return _tsv(["Trace ID"] + names + ["NICU admission"], rows)


def test_a_raters_abbreviations_are_read_in_its_column_alone():
    ds = read_text(_traces())
    assert ds.table.rater_ids == ("Midwife Ross", "Midwife Kerr", "Dr Brown", "Dr Patel")
    assert ds.table.scale.categories == ("Normal", "Pathological", "Suspicious")
    assert dict(ds.column_roles)["NICU admission"] != "rater"
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "column 'Dr Patel' abbreviates" in said and "'N' as 'Normal'" in said


def test_every_cell_of_the_raters_written_otherwise_is_read_on_the_scale():
    ds = read_text(_traces())
    assert ds.table.n_subjects == 30 and ds.table.n_ratings == 4 * 30


NUMBERED = ["Midwife 1", "Midwife 2", "Obstetrician 1", "Obstetrician 2"]


def test_people_numbered_within_their_roles_are_raters_not_a_cross():
    ds = read_text(_traces(NUMBERED))
    assert ds.table.rater_ids == tuple(NUMBERED) and ds.table.n_ratings == 4 * 30
    assert dict(ds.column_roles)["NICU admission"] != "rater"


@pytest.mark.parametrize("names, crossed", [
    (NUMBERED, False),
    (["Pathologist 1", "Pathologist 2", "Resident 1", "Resident 2"], False),
    (["Anna 1", "Anna 2", "Ben 1", "Ben 2"], True),             # a person's occasions
    (["Rater A 1", "Rater A 2", "Rater B 1", "Rater B 2"], True),
    (["Reader 1 TI-RADS", "Reader 1 FNA", "Reader 2 TI-RADS", "Reader 2 FNA"], True),
])
def test_a_number_after_a_role_tells_people_apart(names, crossed):
    from tapdesk.data.importer.factorial import find_split
    assert (find_split(["ID"] + names) is not None) == crossed
