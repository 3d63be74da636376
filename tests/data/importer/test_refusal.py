"""Issue 52: a refusal of a file that holds a table carries what was found (its columns, their
roles so far, the layout tried), so the import preview can open on it; a file with no table is
refused plainly. A rating column the user names is read one row per rating."""

from __future__ import annotations

import pickle

import pytest

from tapdesk.data.importer.refusal import RefusedReading
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import DataError

AGES = "id;Alter;Gewicht;R1;R2\n" + "".join(
    f"s{i};{20 + 3 * i};{50 + 1.7 * i:.1f};{i % 3};{(i + i // 4) % 3}\n".replace(".", ",")
    for i in range(30))


def test_ages_and_weights_beside_grades_are_left_out_saying_why(tmp_path):
    """Ages far from the grades 0-2, and weights measured to a tenth: no raters, each said."""
    path = tmp_path / "ages.csv"
    path.write_text(AGES, encoding="utf-8")
    ds = read_ratings(path)
    assert ds.table.rater_ids == ("R1", "R2")
    said = {n.columns: n.message for n in ds.import_notes if n.rule == "rater-scale"}
    assert "outside the range of the other columns (0 to 2)" in said[("Alter",)]
    assert "measured finer than the scale's steps" in said[("Gewicht",)]


def test_a_refusal_carries_the_columns_and_their_roles(tmp_path):
    """With the scale rule off, the ages and weights make the ratings look continuous."""
    path = tmp_path / "ages.csv"
    path.write_text(AGES, encoding="utf-8")
    with pytest.raises(RefusedReading) as caught:
        read_ratings(path, ImportOptions(rules_off=("rater-scale",)))
    found = caught.value.found
    assert "continuous measurements" in str(caught.value)
    assert found.columns == ("id", "Alter", "Gewicht", "R1", "R2")
    assert dict(found.column_roles)["Alter"] == "rater" and found.layout == "wide"
    assert dict(found.mapping) == {"subject": "id"}
    assert any(n.rule == "text-format" for n in found.import_notes)
    again = pickle.loads(pickle.dumps(caught.value))         # from a worker process
    assert str(again) == str(caught.value) and again.found == found
    fixed = read_ratings(path, ImportOptions(rules_off=("rater-scale",),
                                             column_roles=(("Alter", "subject attribute"),
                                                           ("Gewicht", "subject attribute"))))
    assert (fixed.table.n_subjects, fixed.table.n_raters) == (30, 2)


def test_a_refusal_before_any_layout_keeps_the_users_roles(tmp_path):
    path = tmp_path / "ages.csv"
    path.write_text(AGES, encoding="utf-8")
    with pytest.raises(RefusedReading) as caught:
        read_ratings(path, ImportOptions(layout="long", rating_col="R1",
                                         column_roles=(("id", "leave out"),)))
    assert caught.value.settings == ("subject_col",)
    assert caught.value.found.layout is None
    assert dict(caught.value.found.column_roles) == {"id": "leave out", "Alter": "not used",
                                                     "Gewicht": "not used", "R1": "rating",
                                                     "R2": "not used"}


def test_a_file_with_no_table_is_refused_plainly(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("score\n1\n2\n3\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_ratings(path)
    assert not isinstance(caught.value, RefusedReading)


def test_a_rating_column_named_alone_is_read_one_row_per_rating(tmp_path):
    """Named alone, the rating column was dropped without a word when the file looked like a
    form export (its questions read as subjects): a named role always wins."""
    rows = ['"Timestamp","Email Address","Essay","Score"'] + [
        f'"2024/03/14 9:{10 + 5 * s + r:02d}:00 AM GMT+1","m{r}@school.org","Essay {s}","{1 + (s + r) % 3}"'
        for s in range(4) for r in range(3)]
    path = tmp_path / "form.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    ds = read_ratings(path, ImportOptions(rating_col="Score", subject_col="Essay"))
    assert ds.layout == "long" and ds.table.n_subjects == 4
    ds = read_ratings(path, ImportOptions(rating_col="Score"))
    assert ds.layout == "long" and dict(ds.mapping)["rating"] == "Score"
