"""Issue 42: subject and rater attributes travel with the ratings table (import, derived tables,
a second table of raters, a workbook's raters sheet, a saved project)."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import pytest

from tapdesk.data.attributes import Attributes
from tapdesk.data.binary import binary_table, choose_class1
from tapdesk.data.importer.raterfile import names_raters
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import read_ratings, read_text, with_raters_file
from tapdesk.errors import DataError

LONG = "student,year,instructor,age,score\n" + "\n".join(
    f"s{i},{i % 4 + 1},r{j},{30 + 5 * j},{(i * j) % 5 + 1}" for i in range(12) for j in range(6))


def test_the_importer_puts_the_attributes_on_its_table():
    ds = read_text(LONG)
    attrs = ds.table.attributes
    assert attrs.subject_columns == ("year",) and attrs.rater_columns == ("age",)
    assert attrs.subjects["year"]["s5"] == "2" and attrs.raters["age"]["r3"] == "45"
    assert attrs == Attributes(ds.subject_attributes, ds.rater_attributes)


def test_every_derived_table_carries_the_attributes():
    table = read_text(LONG).table
    mask = table.rater != 0
    assert table.select(mask).attributes == table.attributes
    assert table.with_scale(table.scale).attributes == table.attributes
    binary = binary_table(table, choose_class1(table.scale, cut="2"))
    assert binary.attributes == table.attributes and binary.scale.size == 2


def test_a_table_built_without_attributes_has_none():
    table = read_text("a,b\n1,2\n2,2\n1,1\n").table
    assert table.attributes.is_empty


def _raters_csv(tmp_path, text):
    path = tmp_path / "raters.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_raters_file_adds_attributes_and_says_what_it_cannot_match(tmp_path):
    ds = read_text(LONG)
    path = _raters_csv(tmp_path, "Instructor ID,experience,site\nr0,3,A\nr1,12,B\nr2,7,A\n"
                                 "r3,20,A\nr9,5,B\nr4,9,\n")
    out = with_raters_file(ds, path)
    attrs = out.table.attributes
    assert attrs.raters["experience"] == {"r0": "3", "r1": "12", "r2": "7", "r3": "20", "r4": "9"}
    assert attrs.raters["site"] == {"r0": "A", "r1": "B", "r2": "A", "r3": "A"}
    assert attrs.raters["age"] == ds.rater_attributes["age"]      # the file's own kept
    said = [n for n in out.import_notes if n.rule == "rater-file"]
    unknown = next(n for n in said if "rated nothing" in n.message)
    assert unknown.rows == (6,) and unknown.columns == ("Instructor ID",) and "'r9'" in unknown.message
    assert str(path) in unknown.message
    assert any("'r5'" in n.message and "no row" in n.message for n in said)
    assert any("'r4'" in n.message and "'site'" in n.message for n in said)
    assert all(n.message in out.warnings for n in said if n.action == "warning")


def test_a_raters_file_with_conflicting_rows_names_the_row_and_column(tmp_path):
    path = _raters_csv(tmp_path, "rater,age\nr0,30\nr0,31\n")
    with pytest.raises(DataError) as err:
        with_raters_file(read_text(LONG), path)
    assert err.value.row == 3 and err.value.column == "age" and str(path) in str(err.value)


def test_a_raters_file_for_data_without_raters_is_refused(tmp_path):
    path = _raters_csv(tmp_path, "rater,age\nr0,30\n")
    anonymous = RatingsTable.from_labels(["a", "a", "b", "b"], None, ["1", "2", "2", "2"])
    ds = replace(read_text(LONG), table=anonymous, item_tables={})
    with pytest.raises(DataError, match="which rater"):
        with_raters_file(ds, path)


def test_the_id_column_is_the_one_named_for_raters(tmp_path):
    path = _raters_csv(tmp_path, "age,judge\n30,r0\n35,r1\n")
    out = with_raters_file(read_text(LONG), path)
    assert out.table.attributes.raters["age"] == {"r0": "30", "r1": "35"}


@pytest.mark.parametrize(("name", "expected"), [
    ("Raters", True), ("judge info", True), ("annotators", True), ("Workers", True),
    ("instructor_id", True), ("Ratings", False), ("Variables", False), ("Sheet1", False)])
def test_names_for_raters(name, expected):
    assert names_raters(name) is expected


def test_a_workbook_sheet_named_for_raters_is_read_as_their_attributes(tmp_path):
    ratings = pd.read_csv(pd.io.common.StringIO(LONG)).drop(columns=["age"])
    raters = pd.DataFrame({"instructor": [f"r{j}" for j in range(6)],
                           "experience": [2, 4, 6, 8, 10, 12]})
    path = tmp_path / "study.xlsx"
    with pd.ExcelWriter(path) as writer:            # the raters sheet first: still not the ratings
        raters.to_excel(writer, sheet_name="Raters", index=False)
        ratings.to_excel(writer, sheet_name="Scores", index=False)
    ds = read_ratings(path)
    assert ds.provenance.sheet == "Scores"
    assert ds.table.attributes.raters["experience"]["r5"] == "12"
    assert ds.table.attributes.subjects["year"]["s0"] == "1"
    assert any(n.rule == "rater-file" and "'Raters'" in n.message for n in ds.import_notes)
    sheet = next(n for n in ds.import_notes if n.rule == "sheet")    # no warning about 'Raters'
    assert sheet.action == "kept" and not any("sheets with data" in w for w in ds.warnings)
    assert sheet.message == "read sheet 'Scores' for the ratings and sheet 'Raters' for the " \
        "raters' details"
