"""Importer behaviour: overrides, declared scales, missing markers, items, pasted text, export."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tapdesk.data.importer.export import escape_cell
from tapdesk.data.readers import ImportOptions, export_long_csv, read_items, read_ratings, read_text
from tapdesk.errors import DataError
from tapdesk.library.summary import summary_dict
from tests import IMPORT_FIXTURES

FIXTURES = IMPORT_FIXTURES


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def triples(table) -> list[tuple[str, str, str]]:
    f = table.to_frame()
    return sorted(zip(f["subject"], f["rater"], f["rating"]))


# ------------------------------------------------------------------- shared data
def test_wine_counts_match_the_data_readme(shared_data):
    ds = read_ratings(shared_data / "wine.csv")
    assert ds.layout == "wide" and ds.table.n_subjects == 183 and ds.table.n_raters == 4
    s = summary_dict(ds)
    assert s["category_counts"] == {"1": 178, "2": 237, "3": 228, "4": 89}
    assert s["ratings_per_rater"] == {"J1": 183, "J2": 183, "J3": 183, "J4": 183}
    assert ds.table.scale.ordinal


def test_ptsd_items_match_the_data_readme(shared_data):
    ds = read_ratings(shared_data / "ptsd.csv")
    assert ds.items == ("Q1", "Q2", "Q3")
    assert dict(ds.mapping)["item"] == "Question"
    published = {"Q1": (674, 1326), "Q2": (732, 1268), "Q3": (322, 1678)}
    for q, (ones, twos) in published.items():
        t = ds.for_item(q)
        assert (t.n_subjects, t.n_raters, t.n_ratings) == (200, 10, 2000)
        assert np.bincount(t.rating).tolist() == [ones, twos]
    chosen = read_ratings(shared_data / "ptsd.csv", ImportOptions(item="q2"))
    assert chosen.item == "Q2" and chosen.table.n_ratings == 2000
    assert ("selected item", "Q2") in chosen.table.provenance.mapping
    assert set(read_items(shared_data / "ptsd.csv")) == {"Q1", "Q2", "Q3"}
    with pytest.raises(DataError, match="there is no item 'Q9'; the items are Q1, Q2, Q3"):
        read_ratings(shared_data / "ptsd.csv", ImportOptions(item="Q9"))


# --------------------------------------------------------------------- overrides
def test_column_overrides_and_unknown_column_message(tmp_path):
    path = write(tmp_path, "x.csv", "who,by,what\n1,a,p\n1,b,q\n2,a,p\n2,b,p\n")
    ds = read_ratings(path, ImportOptions(subject_col="who", rater_col="by", rating_col="what"))
    assert ds.layout == "long" and ds.confidence == 1.0
    assert triples(ds.table)[0] == ("1", "a", "p")
    with pytest.raises(DataError) as info:
        read_ratings(path, ImportOptions(rating_col="score"))
    msg = str(info.value)
    assert msg.startswith(str(path)) and "'score'" in msg and "'who', 'by', 'what'" in msg


def test_layout_override_wins(tmp_path):
    path = write(tmp_path, "w.csv", "R1,R2\n1,2\n2,2\n")
    ds = read_ratings(path, ImportOptions(layout="wide-rows"))
    assert ds.layout == "wide-rows" and ds.table.n_subjects == 1   # one subject column: 'R2'
    assert "chosen by the user" in ds.reason


def test_unknown_sheet_lists_the_sheets():
    with pytest.raises(DataError, match="the sheets are Scores, Notes"):
        read_ratings(FIXTURES / "titled.xlsx", ImportOptions(sheet="Tab9"))
    by_number = read_ratings(FIXTURES / "titled.xlsx", ImportOptions(sheet="1"))
    assert by_number.provenance.sheet == "Scores"


def test_header_override(tmp_path):
    path = write(tmp_path, "h.csv", "a,b\na,a\nb,b\n")
    assert read_ratings(path, ImportOptions(header=False)).table.n_subjects == 3
    assert read_ratings(path, ImportOptions(header=True)).table.n_subjects == 2


# ----------------------------------------------------------------- scale, values
def test_declared_scale_keeps_unused_and_locates_bad_values(tmp_path):
    path = write(tmp_path, "m.csv", "J1,J2\nbronze,silver\nsilver,silver\nnone,bronze\n")
    ds = read_ratings(path, ImportOptions(categories=("none", "bronze", "silver", "gold"),
                                          ordinal=True))
    assert ds.table.scale.categories == ("none", "bronze", "silver", "gold")
    assert ds.table.scale.ordinal and ds.table.scale.declared
    with pytest.raises(DataError) as info:
        read_ratings(path, ImportOptions(categories=("none", "bronze", "gold")))
    assert str(info.value).startswith(f"{path}, row 2, column 'J2': rating 'silver'")


def test_numeric_labels_order_numerically(tmp_path):
    path = write(tmp_path, "n.csv", "A,B\n10,9\n2,10\n9,2\n")
    assert read_ratings(path).table.scale.categories == ("2", "9", "10")


def test_missing_markers_user_list_and_defaults(tmp_path):
    path = write(tmp_path, "mm.csv", "A,B\n1,NA\n-99,2\nx,2\n")
    ds = read_ratings(path, ImportOptions(missing=("x",)))
    assert ds.table.n_missing == 3 and ds.table.n_ratings == 3
    ds = read_ratings(path, ImportOptions(default_missing=False))
    assert set(ds.table.scale.categories) == {"-99", "1", "2", "NA", "x"}
    declared = read_ratings(path, ImportOptions(categories=("-99", "1", "2"), missing=("x",)))
    assert declared.table.n_ratings == 4      # -99 declared as a category is not missing


def test_trim_and_fold_case(tmp_path):
    path = write(tmp_path, "c.csv", "A,B\nYes, yes\nno,No \n")
    assert read_ratings(path, ImportOptions(fold_case=True)).table.scale.categories == ("no", "yes")
    kept = read_ratings(path, ImportOptions(trim=False))
    assert " yes" in kept.table.scale.categories


def test_many_numbers_are_refused_unless_declared(tmp_path):
    rows = "\n".join(f"{i},{i + 1}" for i in range(30))
    path = write(tmp_path, "c.csv", "A,B\n" + rows + "\n")
    with pytest.raises(DataError, match="continuous"):
        read_ratings(path)
    assert read_ratings(path, ImportOptions(max_categories=40)).table.scale.size == 31


def test_free_text_ratings_are_refused(tmp_path):
    rows = "\n".join(f"s{i},r,comment number {i}" for i in range(60))
    path = write(tmp_path, "t.csv", "subject,rater,rating\n" + rows + "\n")
    with pytest.raises(DataError, match="ids or free text"):
        read_ratings(path)


def test_binary_counts_refuse_more_ones_than_raters(tmp_path):
    path = write(tmp_path, "b.csv", "n,class1\n3,1\n2,5\n")
    with pytest.raises(DataError, match=r"b.csv, row 3, column 'class1'"):
        read_ratings(path)


def test_counts_must_be_whole_numbers(tmp_path):
    path = write(tmp_path, "cc.csv", "id,a,b\n1,2,1\n2,x,3\n")
    with pytest.raises(DataError, match=r"row 3, column 'a': 'x' is not a count"):
        read_ratings(path, ImportOptions(layout="category-counts"))


# ------------------------------------------------------------------ pasted text
def test_read_text_pasted_from_a_spreadsheet():
    ds = read_text("id\tR1\tR2\ns1\ta\tb\ns2\ta\ta\ns3\tb\tb\n")
    assert ds.layout == "wide" and ds.table.n_ratings == 6
    assert ds.provenance.file_name == "(pasted text)"
    with pytest.raises(DataError, match=r"^\(pasted text\)"):
        read_text("")


# ------------------------------------------------------------------------ export
def test_export_escapes_formulas_and_never_overwrites_input(tmp_path):
    ds = read_ratings(FIXTURES / "case_labels.csv")
    out = tmp_path / "clean.csv"
    assert export_long_csv(ds, out) == 6
    with out.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == ["subject", "rater", "rating"]
    ratings = {r[2] for r in rows[1:]}
    assert "'=1+1" in ratings and "'@SUM(A1)" in ratings and "=1+1" not in ratings
    with pytest.raises(DataError, match="write over the input"):
        export_long_csv(ds, FIXTURES / "case_labels.csv")
    assert escape_cell("-1") == "-1" and escape_cell("-x") == "'-x" and escape_cell("+A") == "'+A"


def test_export_of_items_and_counts_round_trips(tmp_path, shared_data):
    ds = read_ratings(shared_data / "ptsd.csv")
    out = tmp_path / "ptsd_long.csv"
    assert export_long_csv(ds, out) == 6000
    back = read_ratings(out, ImportOptions(item="Q3"))
    assert back.layout == "long" and back.items == ("Q1", "Q2", "Q3")
    assert triples(back.table) == triples(ds.for_item("Q3"))
    frame = pd.read_csv(out, dtype=str)
    assert list(frame.columns) == ["subject", "rater", "item", "rating"]


def test_one_column_is_refused_with_a_delimiter_hint():
    """The shared message says it in words and names the settings as data; each client adds
    its own way to change them (issue 26, point 5)."""
    from tapdesk.gui.hint_words import preview_hint
    from tapdesk.library.hints import error_text
    with pytest.raises(DataError, match="only one column.*check the delimiter or the sheet") as info:
        read_ratings(FIXTURES / "long.csv", ImportOptions(delimiter="semicolon"))
    assert "--" not in str(info.value) and info.value.settings == ("delimiter", "sheet")
    assert error_text(info.value).endswith("(command line: --delimiter, --sheet)")
    assert preview_hint(("rating_col", "layout")) == \
        " (check the Rating column or Layout choices in this dialog)"


def test_long_with_extra_columns_is_still_long(tmp_path):
    path = write(tmp_path, "x.csv", "time,subject,rater,note,x,y,z,rating\n"
                                    "1,s1,a,ok,1,1,1,yes\n2,s1,b,,1,1,1,no\n")
    ds = read_ratings(path)
    assert ds.layout == "long" and triples(ds.table) == [("s1", "a", "yes"), ("s1", "b", "no")]


def test_case_ids_like_c1_are_subjects_not_raters(tmp_path):
    path = write(tmp_path, "ids.csv", "id,Rater 1,Rater 2\nc1,1,2\nc2,2,2\nc3,1,1\nc4,2,1\n")
    ds = read_ratings(path)
    assert ds.layout == "wide" and dict(ds.mapping)["subject"] == "id"
    assert ds.table.n_subjects == 4 and ds.table.n_raters == 2
