"""Rules found on the held-out corpus 13 (issue 74, seventh pass): each on the smallest table
that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.readers import read_text

GRADES = ["Target", "Acceptable", "Process indicator", "Defect"]


def _tsv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join("\t".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next((n for n in ds.import_notes if n.rule == rule), None)


def _inspections(names: list[str]) -> str:
    """Three raters and a fourth column on their scale, agreeing with them as a rater would."""
    rng = np.random.default_rng(11)
    rows = []
    for i in range(30):
        truth = GRADES[int(rng.integers(4))]
        rows.append([f"J{i:02d}"] + [truth if rng.random() < 0.6 else GRADES[int(rng.integers(4))]
                                     for _ in names])
    return _tsv(["Joint"] + names, rows)


# ------------------------------------------- a panel's raters are named alike
@pytest.mark.parametrize("names, odd", [
    (["Inspector 1", "Inspector 2", "Inspector 3", "CIT decision"], "CIT decision"),
    (["Grader 1", "Grader 2", "Grader 3", "Slab grade (PCGS)"], "Slab grade (PCGS)"),
    (["醫師甲", "醫師乙", "醫師丙", "儀器判讀"], "儀器判讀"),
    (["u/quietfern", "u/marrow42", "u/bluejayhalt", "Removal reason"], "Removal reason"),
], ids=["numbered", "numbered-service", "cjk", "handles"])
def test_a_column_named_unlike_the_raters_is_the_reference(names, odd):
    ds = read_text(_inspections(names))
    assert ds.table.rater_ids == tuple(n for n in names if n != odd)
    assert odd in ds.references
    note = _note(ds, "reference-answer")
    assert note is not None and odd in str(note.message) and "named alike" in str(note.message)


@pytest.mark.parametrize("names", [
    ["Anna", "Ben", "Carla", "Dieter"],                     # no way of naming shared
    ["Rater 1", "Rater 2", "Rater 3", "Dr Adams"],          # a name that names a rater
    ["Rater 1", "Rater 2", "Rater 3", "Expert"],            # a rater word
    ["Teacher 1", "Teacher 2", "External"],                 # two alike set no way of naming
    ["Reader A", "Reader B", "Reader C", "Smith", "Jones", "Brown"],  # as many otherwise as alike
], ids=["names", "titled", "rater-word", "two-alike", "half"])
def test_raters_named_otherwise_stay_raters(names):
    ds = read_text(_inspections(names))
    assert ds.table.rater_ids == tuple(names)
    assert _note(ds, "reference-answer") is None


def test_the_rule_switched_off_keeps_the_odd_column_a_rater():
    names = ["Inspector 1", "Inspector 2", "Inspector 3", "CIT decision"]
    ds = read_text(_inspections(names), ImportOptions(rules_off=("reference-answer",)))
    assert ds.table.rater_ids == tuple(names)


# ------------------------------------------- a count table's total column
def _counts(total: bool) -> str:
    rng = np.random.default_rng(3)
    rows = []
    for i in range(20):
        counts = np.bincount(rng.integers(0, 4, 7), minlength=4)
        rows.append([f"CXR-{i:03d}"] + [str(c) for c in counts] + (["7"] if total else []))
    return _tsv(["Image", "Excellent", "Adequate", "Poor", "Unacceptable"] + (["n"] if total else []),
                rows)


def test_the_column_that_sums_a_count_table_is_no_category():
    ds = read_text(_counts(total=True))
    assert ds.table.scale.categories == ("Excellent", "Adequate", "Poor", "Unacceptable")
    assert ds.table.n_ratings == 20 * 7
    assert "'n' holds their sum" in str(ds.reason)


def test_a_count_table_without_a_total_reads_as_before():
    ds = read_text(_counts(total=False))
    assert ds.table.scale.categories == ("Excellent", "Adequate", "Poor", "Unacceptable")
    assert ds.table.n_ratings == 20 * 7


@pytest.mark.parametrize("names", [
    ["GP 1", "GP 2", "GP 3", "Derm 1", "Derm 2"],           # two numbered sets
    ["Dr. Müller", "Dr. Schäfer", "Frau Weiß"],             # titles differ
    ["column 2", "column 3", "column 4"],                   # columns without names
    ["Inspector 1", "Inspector 2", "Inspector 3", "Resident 1"],
    ["r1", "r2", "r3", "R. Konsens"],                       # a person's name
    ["Rater 1", "Rater 2", "Rater 3", "Verifier Jones"],
], ids=["two-sets", "titles", "unnamed", "numbered", "initial", "person"])
def test_raters_of_other_numbered_sets_or_titles_stay_raters(names):
    ds = read_text(_inspections(names))
    assert ds.table.rater_ids == tuple(names)
    assert _note(ds, "reference-answer") is None


# ------------------------------------------- a CDISC SDTM findings domain
def _sdtm(evaluators: tuple[str, ...]) -> str:
    rng = np.random.default_rng(5)
    header = ["STUDYID", "DOMAIN", "USUBJID", "QSSEQ", "QSTESTCD", "QSORRES", "QSSTRESC", "QSSTAT",
              "QSDRVFL", "QSEVAL", "VISIT", "QSDTC"]
    rows = []
    for s in range(12):
        for visit in ("BASELINE", "WEEK 6"):
            for who in evaluators:
                scores = [int(rng.integers(0, 7)) for _ in range(3)]
                for k, score in enumerate(scores):
                    done = not (s == 3 and k == 1 and who == evaluators[0])
                    rows.append(["X-1", "QS", f"X-1-{s:03d}", str(len(rows) + 1), f"MADRS0{k + 1}",
                                 str(score) if done else "", str(score) if done else "",
                                 "" if done else "NOT DONE", "", who, visit, "2025-01-16"])
                rows.append(["X-1", "QS", f"X-1-{s:03d}", str(len(rows) + 1), "MADRSTOT", "",
                             str(sum(scores)), "", "Y", who, visit, "2025-01-16"])
    return _tsv(header, rows)


def test_an_sdtm_domain_is_read_by_its_evaluators_visits_and_tests():
    ds = read_text(_sdtm(("INVESTIGATOR", "INDEPENDENT ASSESSOR")))
    assert ds.table.rater_ids == ("INVESTIGATOR", "INDEPENDENT ASSESSOR")
    assert ds.items == ("MADRS01", "MADRS02", "MADRS03")          # the derived total left out
    assert "X-1-000 | WEEK 6" in ds.table.subject_ids and len(ds.table.subject_ids) == 24
    assert any(n.rule == "format" and "SDTM" in str(n.message) for n in ds.import_notes)


def test_an_sdtm_domain_of_one_evaluator_is_no_agreement_study():
    ds = read_text(_sdtm(("INVESTIGATOR",)))
    assert not any(n.rule == "format" and "SDTM" in str(n.message) for n in ds.import_notes)


def test_a_reader_of_another_kind_stays_a_rater():
    names = ["CT reader 1", "CT reader 2", "MRI reader"]
    assert read_text(_inspections(names)).table.rater_ids == tuple(names)


# ------------------------------------------- people named by an initial and a surname
def test_raters_named_by_an_initial_are_found_in_a_long_file():
    rng = np.random.default_rng(8)
    editors = ["K. Delgado", "R. Whitfield", "T. Novak", "S. Amari", "J. Okonkwo"]
    verdicts = ["True", "Mostly True", "Half True", "Mostly False", "False"]
    rows = []
    for c in range(20):
        reporter = ["M. Iqbal", "B. Lutz"][c % 2]
        for who in rng.choice(editors, 3, replace=False):
            rows.append([f"FC-{c:04d}", f"Claim number {c} said on air.", reporter, str(who),
                         verdicts[int(rng.integers(5))]])
    ds = read_text(_tsv(["claim_id", "claim", "reporter", "editor", "vote"], rows))
    assert set(ds.table.rater_ids) == set(editors)
    assert len(ds.table.subject_ids) == 20 and ds.table.n_ratings == 60


# ------------------------------------------- a row counter before the records' ids
@pytest.mark.parametrize("ids, subject", [
    ([f"BN{17000 + 37 * i}" for i in range(30)], "Mã BN"),     # the record's own ids
    ([str(40 + i) for i in range(30)], None),                   # numbers: no ids after all
], ids=["ids", "numbers"])
def test_the_records_ids_after_a_row_counter_are_the_subjects(ids, subject):
    rng = np.random.default_rng(2)
    rows = [[str(i + 1), ids[i]] + [GRADES[int(rng.integers(4))] for _ in range(3)] for i in range(30)]
    ds = read_text(_tsv(["STT", "Mã BN", "BS. Hùng", "BS. Lan", "BS. Minh"], rows))
    assert ds.table.rater_ids == ("BS. Hùng", "BS. Lan", "BS. Minh")
    if subject:
        assert ds.table.subject_ids[:2] == (ids[0], ids[1])
    else:
        assert ds.table.subject_ids[0] != ids[0]


# ------------------------------------------- two raters named as raters, one row per item
def _coded(legend: bool) -> str:
    rng = np.random.default_rng(9)
    rows = []
    for child in range(8):
        for item in ("A1", "A2", "A3", "B1", "B2"):
            truth = str(int(rng.choice([0, 1, 2, 3, 8])))
            rows.append([f"ADS-{child:03d}", item, truth,
                         truth if rng.random() < 0.7 else str(int(rng.integers(0, 4)))])
    text = _tsv(["Child", "Item", "Examiner", "Reliability coder"], rows)
    return ("Codes: 0 = no abnormality; 1-3 = more abnormal; 8 = not applicable (not scored)\n"
            + text) if legend else text


def test_two_columns_named_as_raters_are_raters_and_the_child_crosses_the_items():
    ds = read_text(_coded(legend=False))
    assert ds.table.rater_ids == ("Examiner", "Reliability coder")
    assert ds.items == ("A1", "A2", "A3", "B1", "B2")
    assert len(ds.table.subject_ids) == 8 and ds.table.subject_ids[0] == "ADS-000"
    assert "8" in ds.table.scale.categories


def test_a_legend_above_the_table_says_which_code_means_no_rating():
    ds = read_text(_coded(legend=True))
    assert "8" not in ds.table.scale.categories
    assert any("'8' read as missing" in str(n.message) for n in ds.import_notes)


# ------------------------------------------- a video written once over its items, and their names
def test_an_id_over_the_same_run_of_items_holds_for_them_and_the_items_names_are_no_rater():
    rng = np.random.default_rng(12)
    items = [("1a", "Level of consciousness"), ("1b", "LOC questions"), ("2", "Best gaze"),
             ("3", "Visual fields"), ("4", "Facial palsy")]
    rows = []
    for video in ("Patient A", "Patient B", "Patient C", "Patient D"):
        for k, (item, words) in enumerate(items):
            truth = int(rng.integers(0, 3))
            rows.append([video if k == 0 else "", item, words] +
                        [str(truth if rng.random() < 0.7 else int(rng.integers(0, 3)))
                         for _ in range(5)])
    ds = read_text(_tsv(["Video", "Item", "Description", "AB", "CK", "DM", "EF", "GH"], rows))
    assert ds.table.rater_ids == ("AB", "CK", "DM", "EF", "GH")
    assert ds.table.subject_ids == ("Patient A", "Patient B", "Patient C", "Patient D")
    assert ds.items == tuple(i for i, _ in items)
    notes = {n.rule: str(n.message) for n in ds.import_notes}
    assert "lists the same values under each id" in notes["merged-cells"]


# ------------------------------------------- a subject named by a pair of columns
def _releves(*, long: bool = False) -> str:
    rng = np.random.default_rng(13)
    codes = ["0", "1", "2", "3", "4"] if long else ["r", "+", "1", "2m", "2a", "2b", "3"]
    species = ["Achillea millefolium", "Festuca rubra", "Galium album", "Holcus lanatus",
               "Knautia arvensis", "Lotus corniculatus"]
    rows = []
    for plot in ("R1", "R2", "R3", "R4"):
        for name in species[int(plot[1]) % 2:]:
            truth = codes[int(rng.integers(len(codes)))]
            pair = [truth if rng.random() < 0.7 else codes[int(rng.integers(len(codes)))]
                    for _ in range(2)]
            if long:
                rows += [[plot, name, "A", pair[0]], [plot, name, "B", pair[1]]]
            else:
                rows.append([plot, name] + pair)
    header = ["Relevé", "Species", "Botanist", "Cover"] if long else \
        ["Relevé", "Species", "Botanist A", "Botanist B"]
    return _tsv(header, rows)


def test_a_pair_of_columns_names_the_subjects_where_neither_does_alone():
    ds = read_text(_releves())
    assert ds.table.rater_ids == ("Botanist A", "Botanist B")
    assert ds.table.subject_ids[0] == "R1 | Festuca rubra" and len(ds.table.subject_ids) == 22
    assert dict(ds.column_roles)["Species"] == "subject"
    assert any("together do" in str(n.message) for n in ds.import_notes)


def test_a_long_file_is_not_read_as_subjects_named_by_a_pair():
    ds = read_text(_releves(long=True))
    assert not any("together do" in str(n.message) for n in ds.import_notes)


# ------------------------------------------- the layout's reason names only the raters read
def test_the_reason_names_no_column_left_out_as_no_rater():
    rng = np.random.default_rng(4)
    rows = [[f"T{i:03d}", str(int(rng.integers(20, 80)))] + [GRADES[int(rng.integers(4))]
                                                               for _ in range(3)]
            for i in range(30)]
    ds = read_text(_tsv(["編號", "年齡", "醫師甲", "醫師乙", "醫師丙"], rows))
    assert ds.table.rater_ids == ("醫師甲", "醫師乙", "醫師丙")
    assert "年齡" not in str(ds.reason)
