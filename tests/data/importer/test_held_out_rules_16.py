"""Rules from the sixteenth pass of issue 74. Each on the smallest table that shows it, with the
near miss that must stay as it was."""

from __future__ import annotations

import numpy as np

from tapdesk.data.readers import read_text
from tests.data.importer.test_held_out_rules_10 import _notes, _tsv


def _pairs(shared: bool = True) -> str:
    """Four annotators judge how related two uses of a word are (1-4); one row per pair and
    annotator. With ``shared``, each use is in several pairs, so neither use names a pair."""
    rng = np.random.default_rng(16)
    uses = [f"dta_{1800 + 7 * k}_{k:04d}_{k % 50}" for k in range(12)]
    pairs = [(uses[i], uses[(i + d) % 12]) for i in range(12) for d in (1, 5)] if shared else \
        [(f"{u}_a", f"{u}_b") for u in uses]
    rows = []
    for r in range(1, 5):
        for a, b in pairs:
            rows.append([a, b, f"annotator{r}", f"{float(rng.integers(1, 5)):.1f}", "", "Abgesang"])
    return _tsv(["identifier1", "identifier2", "annotator", "judgment", "comment", "lemma"], rows)


def test_a_pair_of_uses_rated_by_each_annotator_is_the_subject() -> None:
    ds = read_text(_pairs())
    assert ds.table.rater_ids == ("annotator1", "annotator2", "annotator3", "annotator4")
    assert len(ds.table.subject_ids) == 24 and " | " in ds.table.subject_ids[0]
    assert set(ds.table.scale.categories) <= {"1", "2", "3", "4"}
    said = [str(n.message) for n in _notes(ds, "header-words")]
    assert any("'identifier1' and 'identifier2' together do" in s for s in said), said


def test_a_first_column_that_names_the_subjects_alone_is_the_subject() -> None:
    """Each first use in one pair only: the first column names the subjects, no pair is made."""
    ds = read_text(_pairs(shared=False))
    assert len(ds.table.subject_ids) == 12 and " | " not in ds.table.subject_ids[0]


OUTCOMES = ["Correct - crime recorded", "Correct - no crime", "Under-recorded", "Misclassified"]


def _audit(log: str = "CAD {n:04d} {d:02d}/03/25") -> str:
    """Three auditors decide an outcome for each of 12 incident logs; one row per log and
    auditor, sorted by auditor; the log's number holds the day it was opened; each auditor
    numbers the rows of the audit 'CDI-01' .. in an order of their own."""
    rng = np.random.default_rng(17)
    truth = [OUTCOMES[int(k)] for k in rng.integers(0, 4, size=12)]
    rows = []
    for a in range(1, 4):
        order = rng.permutation(12)
        for k, i in enumerate(order):
            t = truth[i]
            said = t if rng.random() < 0.8 else OUTCOMES[int(rng.integers(0, 4))]
            rows.append([f"CDI-{k + 1:02d}", log.format(n=100 + 37 * i, d=1 + i),
                         f"{1 + i:02d}/03/2025 {8 + i % 9:02d}:14", f"Auditor {a}", said])
    return _tsv(["Audit ref", "CAD", "Opened", "Auditor", "Audit outcome"], rows)


def test_a_log_number_holding_its_date_names_the_subjects() -> None:
    """'CAD 0137 02/03/25' is an id with a date inside, not a date: the subjects."""
    ds = read_text(_audit())
    assert ds.table.rater_ids == ("Auditor 1", "Auditor 2", "Auditor 3")
    assert len(ds.table.subject_ids) == 12 and all(s.startswith("CAD ") for s in ds.table.subject_ids)
    assert set(ds.table.scale.categories) <= set(OUTCOMES)


def _poomsae(division_first: bool = True) -> str:
    """Three judges give each athlete an accuracy and a presentation score (raters crossed with
    items in the column names); a division and a round the same on every row come first."""
    rng = np.random.default_rng(18)
    header = ["Division", "Round", "Athlete"] + [f"J{j} {part}" for part in ("Acc", "Pres")
                                                for j in range(1, 4)]
    rows = []
    for i in range(10):
        acc, pres = rng.integers(20, 40), rng.integers(35, 55)
        rows.append(["Senior Female", "Semi-final", f"Athlete {chr(65 + i)}"] +
                    [f"{(acc + rng.integers(-2, 3)) / 10:.1f}" for _ in range(3)] +
                    [f"{(pres + rng.integers(-2, 3)) / 10:.1f}" for _ in range(3)])
    if not division_first:
        header = header[2:3] + header[:2] + header[3:]
        rows = [r[2:3] + r[:2] + r[3:] for r in rows]
    return _tsv(header, rows)


def test_the_column_naming_each_row_once_is_the_subject_of_crossed_columns() -> None:
    """A division and a round the same on every row name no subject: the athletes do."""
    ds = read_text(_poomsae())
    assert ds.table.rater_ids == ("J1", "J2", "J3")
    assert len(ds.table.subject_ids) == 10 and ds.table.subject_ids[0] == "Athlete A"


def test_a_first_column_naming_each_row_once_stays_the_subject() -> None:
    ds = read_text(_poomsae(division_first=False))
    assert len(ds.table.subject_ids) == 10 and ds.table.subject_ids[0] == "Athlete A"


def test_a_run_not_started_is_no_rating() -> None:
    """'DNS' (did not start) and 'DNF' in a contest's sheet are runs never scored."""
    rows = [[f"Skater {i}", *(["DNS"] * 3 if i == 3 else [str(60 + i + j) for j in range(3)])]
            for i in range(8)]
    rows[5][2] = "DNF"
    ds = read_text(_tsv(["Skater", "Judge 1", "Judge 2", "Judge 3"], rows))
    assert ds.table.rater_ids == ("Judge 1", "Judge 2", "Judge 3")
    assert not {"DNS", "DNF"} & set(ds.table.scale.categories)
    assert ds.table.n_missing == 4


LEVELS = ["Level 1 - Universal", "Level 2 - Early help", "Level 3 - Targeted", "Level 4 - Specialist"]


def test_a_coordinator_beside_screeners_named_alike_stays_a_rater() -> None:
    """Three screeners named alike, a coordinator and the lead's decision named otherwise: the
    decision is the reference the panel is compared with; the coordinator, a person's role,
    rates too."""
    rng = np.random.default_rng(19)
    rows = []
    for i in range(24):
        level = int(rng.integers(0, 4))
        said = [LEVELS[int(np.clip(level + (rng.random() < 0.25) * rng.integers(-1, 2), 0, 3))]
                for _ in range(5)]
        rows.append([f"MASH/25/{100 + i:04d}"] + said)
    header = ["Referral ID", "Screener SW1", "Screener SW2", "Screener SW3",
              "Early help coordinator", "Practice lead decision"]
    ds = read_text(_tsv(header, rows))
    assert ds.table.rater_ids == tuple(header[1:5])
    assert dict(ds.column_roles)["Practice lead decision"] == "reference"


def _panel_test() -> str:
    """Four tasters score the intensity of three attributes of six oil samples, 0-10 in tenths
    with decimal commas; a defect no taster perceives (0 throughout: on no other column's scale,
    left out, said); a 'Mediana' row after each sample holds the panel's medians."""
    rng = np.random.default_rng(20)
    rows = []
    for s in range(6):
        base = rng.uniform(1, 6, size=3)
        marks = [[f"{max(0.0, b + rng.normal(0, 0.4)):.1f}".replace(".", ",") for b in base] + ["0"]
                 for _ in range(4)]
        rows += [[f"M-25/{s:03d}", f"C0{t + 1}"] + m for t, m in enumerate(marks)]
        rows.append([f"M-25/{s:03d}", "Mediana"] + [f"{b:.2f}".replace(".", ",") for b in base]
                    + ["0"])
    return "\n".join(";".join(r) for r in [["Muestra", "Catador", "Frutado", "Amargo",
                                             "Picante", "Rancio"]] + rows) + "\n"


def test_tasters_scoring_attributes_in_columns_are_read_one_attribute_an_item() -> None:
    """Attributes scored in tenths on one 0-10 scale are a form's questions (more than twenty
    numbers, in one range), a defect never perceived among them; the medians are no taster."""
    ds = read_text(_panel_test())
    assert ds.table.rater_ids == ("C01", "C02", "C03", "C04")
    assert len(ds.table.subject_ids) == 6
    assert any(n.rule == "not-a-subject" and "'Mediana'" in str(n.message) for n in ds.import_notes)
    assert {"Frutado", "Amargo", "Picante"} <= set(ds.items)
