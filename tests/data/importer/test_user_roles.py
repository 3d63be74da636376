"""Issue 40: the roles the user gives columns (ImportOptions.column_roles), and attribute
columns guessed in files of one row per rating."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import DataError

WIDE = ("case,Ann,Bob,Cy,Gold,Site,Remarks\n"
        "c1,yes,yes,no,yes,north,fine\n"
        "c2,no,no,no,no,north,\n"
        "c3,yes,no,yes,yes,south,odd one\n"
        "c4,no,no,yes,no,south,\n")


def write(tmp_path: Path, text: str, name: str = "f.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def roles(ds) -> dict[str, str]:
    return dict(ds.column_roles)


def test_leave_out_removes_a_column_before_any_rule(tmp_path):
    path = write(tmp_path, WIDE)
    ds = read_ratings(path, ImportOptions(column_roles=(("Gold", "leave out"), ("Site", "leave out"),
                                                        ("Remarks", "leave out"))))
    assert ds.table.rater_ids == ("Ann", "Bob", "Cy")
    assert roles(ds)["Gold"] == "leave out" and roles(ds)["Ann"] == "rater"
    note = next(n for n in ds.import_notes if n.rule == "user-roles")
    assert note.action == "left out" and "as you chose" in note.message
    assert set(note.columns) == {"Gold", "Site", "Remarks"}


def test_a_reference_column_is_kept_by_subject_and_is_no_rater(tmp_path):
    path = write(tmp_path, WIDE)
    opts = ImportOptions(column_roles=(("Gold", "reference"), ("Site", "subject attribute"),
                                       ("Remarks", "leave out")))
    ds = read_ratings(path, opts)
    assert "Gold" not in ds.table.rater_ids and ds.table.n_raters == 3
    assert ds.references == {"Gold": {"c1": "yes", "c2": "no", "c3": "yes", "c4": "no"}}
    assert ds.subject_attributes["Site"]["c3"] == "south"
    assert roles(ds)["Gold"] == "reference" and roles(ds)["Site"] == "subject attribute"


def test_rater_role_keeps_a_column_a_rule_would_leave_out(tmp_path):
    path = write(tmp_path, "id,R1,R2,Mean\n1,1,2,1.5\n2,2,2,2\n3,1,1,1\n4,3,2,2.5\n5,3,3,3\n")
    plain = read_ratings(path, ImportOptions())
    assert "Mean" not in plain.table.rater_ids
    forced = read_ratings(path, ImportOptions(column_roles=(("Mean", "rater"),), max_categories=30))
    assert "Mean" in forced.table.rater_ids and roles(forced)["Mean"] == "rater"


def test_one_column_roles_map_onto_the_layout(tmp_path):
    path = write(tmp_path, "who,what,score,extra\nA,s1,1,x\nB,s1,2,y\nA,s2,2,z\nB,s2,2,w\n"
                 "A,s3,1,v\nB,s3,1,u\n")
    ds = read_ratings(path, ImportOptions(column_roles=(("what", "subject"), ("who", "rater"),
                                                        ("score", "rating"))))
    assert ds.layout == "long" and ds.table.n_subjects == 3 and ds.table.rater_ids == ("A", "B")
    assert roles(ds)["who"] == "rater" and roles(ds)["what"] == "subject"


def test_one_rater_column_in_a_long_file_is_the_rater_id(tmp_path):
    path = write(tmp_path, "subject,coder,rating\ns1,A,1\ns1,B,2\ns2,A,2\ns2,B,2\ns3,A,1\ns3,B,1\n")
    ds = read_ratings(path, ImportOptions(column_roles=(("coder", "rater"),)))
    assert ds.layout == "long" and ds.table.rater_ids == ("A", "B")


def test_bad_roles_are_refused_in_words(tmp_path):
    path = write(tmp_path, WIDE)
    with pytest.raises(DataError, match="not one of subject, rater, rating") as bad:
        read_ratings(path, ImportOptions(column_roles=(("Gold", "gold standard"),)))
    assert "column_roles" in bad.value.settings
    with pytest.raises(DataError, match="no such column.*'Ann'"):
        read_ratings(path, ImportOptions(column_roles=(("Nobody", "rater"),)))
    with pytest.raises(DataError, match="set twice"):
        read_ratings(path, ImportOptions(subject_col="case", column_roles=(("Site", "subject"),)))
    with pytest.raises(DataError, match="two roles"):
        read_ratings(path, ImportOptions(column_roles=(("Site", "rater"), ("Site", "leave out"))))


def test_an_attribute_must_hold_one_value_per_subject(tmp_path):
    path = write(tmp_path, "subject,rater,rating,place\ns1,A,1,x\ns1,B,2,y\ns2,A,2,z\ns2,B,2,z\n")
    with pytest.raises(DataError, match="different values for subject 's1'") as err:
        read_ratings(path, ImportOptions(column_roles=(("place", "subject attribute"),)))
    assert err.value.column == "place"
    with pytest.raises(DataError, match="no rater id column"):
        read_ratings(write(tmp_path, WIDE, "w.csv"),
                     ImportOptions(column_roles=(("Site", "rater attribute"),)))


def test_attributes_are_guessed_in_long_files_and_said(tmp_path):
    rows = ["subject,rater,rating,site,years,when"]
    for s, site in (("s1", "north"), ("s2", "north"), ("s3", "south")):
        for r, years in (("A", "3"), ("B", "12")):
            rows.append(f"{s},{r},{1 if r == 'A' else 2},{site},{years},{s}{r}")
    ds = read_ratings(write(tmp_path, "\n".join(rows) + "\n"), ImportOptions())
    assert ds.subject_attributes == {"site": {"s1": "north", "s2": "north", "s3": "south"}}
    assert ds.rater_attributes == {"years": {"A": "3", "B": "12"}}
    assert roles(ds)["site"] == "subject attribute" and roles(ds)["when"] == "not used"
    notes = [n for n in ds.import_notes if n.rule == "attributes"]
    assert {n.columns for n in notes} == {("site",), ("years",)}
    assert all(n.action == "guessed" and n.switchable for n in notes)
    off = read_ratings(write(tmp_path, "\n".join(rows) + "\n", "g.csv"),
                       ImportOptions(rules_off=("attributes",)))
    assert not off.subject_attributes and roles(off)["site"] == "not used"
