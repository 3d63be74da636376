"""Rule 'rater-scale' (issue 27, rule 1) and the bare Qualtrics header rows (rule 5)."""

from __future__ import annotations

import pytest

from tapdesk.data.importer.scalerule import date_kind
from tapdesk.data.readers import ImportOptions, read_text
from tapdesk.errors import DataError


@pytest.mark.parametrize("text, kind", [
    ("2024-03-01", "dates"), ("2024-03-01T10:15:00", "dates"), ("01.03.2024", "dates"),
    ("03/01/2024", "dates"), ("03-Mar-2024", "dates"), ("01mar2024", "dates"),
    ("2024/03/01 10:10:00", "dates"), ("09:15", "times"), ("00:04:31", "times"),
    ("1", None), ("may", None), ("1-2", None), ("3/4", None), ("13.45.2024", None),
    ("12:75", None), ("2.5", None), ("P007", None)])
def test_date_kind(text, kind):
    assert date_kind(text) == kind


def _columns(ds):
    return dict(ds.column_roles)


def test_name_column_is_left_out_with_a_note():
    ds = read_text("record_id,name,R1,R2,R3\n1,Patient A,yes,no,yes\n2,Patient B,no,no,yes\n"
                   "3,Patient C,yes,yes,yes\n4,Patient D,no,no,no\n")
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    assert set(ds.table.scale.categories) == {"yes", "no"}
    note = next(n for n in ds.import_notes if n.rule == "rater-scale")
    assert note.columns == ("name",) and "'name'" in note.message and note.switchable
    assert _columns(ds)["name"] == "left out (rater-scale)"


def test_rule_switched_off_keeps_the_column():
    text = "subject,R1,date,R2\ns1,1,2024-03-01,2\ns2,2,2024-03-02,2\ns3,3,2024-03-05,3\n"
    assert read_text(text).table.rater_ids == ("R1", "R2")
    kept = read_text(text, ImportOptions(rules_off=("rater-scale",)))
    assert kept.table.rater_ids == ("R1", "date", "R2")


def test_sparse_raters_stay():
    ds = read_text("id,A,B,C\n1,2,1,3\n2,2,3,1\n3,2,1,1\n4,2,3,3\n5,2,1,3\n")
    assert ds.table.rater_ids == ("A", "B", "C")
    ds = read_text("id,A,B\n1,55,60\n2,72,70\n3,90,88\n4,13,20\n",
                   ImportOptions(max_categories=101))
    assert ds.table.rater_ids == ("A", "B")
    assert not [n for n in ds.import_notes if n.rule == "rater-scale"]


def test_second_running_number_is_left_out():
    rows = "\n".join(f"s{i},{i},{1 + i % 3},{1 + (i + 1) % 3},{1 + i % 2}" for i in range(1, 11))
    ds = read_text("subject,visit_no,R1,R2,R3\n" + rows + "\n")
    assert ds.table.rater_ids == ("R1", "R2", "R3")


def test_no_column_of_ratings_is_refused_naming_it():
    with pytest.raises(DataError) as err:
        read_text("subject,first,second\ns1,2024-01-02,2024-02-02\ns2,2024-01-05,2024-02-07\n"
                  "s3,2024-01-09,2024-02-11\n")
    message = str(err.value)
    assert "'first'" in message and "dates" in message and "\n" not in message


@pytest.mark.parametrize("import_ids", [True, False])
def test_bare_qualtrics_header_rows(import_ids):
    rows = ["ResponseId,Q1,Q2,Q3", "Response ID,Case 1?,Case 2?,Case 3?"]
    if import_ids:
        rows.append('"{""ImportId"":""_recordId""}","{""ImportId"":""QID1""}",'
                    '"{""ImportId"":""QID2""}","{""ImportId"":""QID3""}"')
    rows += ["R_a1,1,2,3", "R_b2,2,2,3", "R_c3,1,1,3"]
    ds = read_text("\n".join(rows) + "\n")
    assert ds.layout == "wide-rows"
    assert set(ds.table.subject_ids) == {"Q1", "Q2", "Q3"}
    assert set(ds.table.rater_ids) == {"R_a1", "R_b2", "R_c3"}
    assert {"extra-header-rows", "survey-orientation"} <= {n.rule for n in ds.import_notes}
