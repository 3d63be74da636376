"""Issue 40: labels that differ only in case or spaces, rare categories, and a default Class 1
that is never a rare category."""

from __future__ import annotations

from pathlib import Path

from tapdesk.data.binary import binary_counts, choose_class1, default_choice, ratings_per_category
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.data.scale import Scale


def _panel(tmp_path: Path, stray: str = "pass ", rows: int = 30) -> Path:
    """Three raters, 'pass'/'fail' with one stray look-alike spelling."""
    lines = ["id,R1,R2,R3"]
    for i in range(rows):
        word = "pass" if i % 2 else "fail"
        lines.append(f"s{i},{word},{word},{'fail' if i % 3 == 0 else word}")
    lines[5] = "s4,fail,fail," + stray
    path = tmp_path / "panel.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _notes(ds, rule: str):
    return [n for n in ds.import_notes if n.rule == rule]


def test_look_alike_labels_are_named_with_their_counts_and_how_to_merge(tmp_path):
    ds = read_ratings(_panel(tmp_path, stray="PASS"), ImportOptions())
    (note,) = _notes(ds, "look-alike-labels")
    assert note.action == "warning" and note.settings == ("fold_case",)
    assert "'pass' (" in note.message and "'PASS' (1 cell)" in note.message
    assert set(ds.table.scale.categories) == {"fail", "pass", "PASS"}


def test_merging_look_alikes_takes_case_and_spaces(tmp_path):
    path = tmp_path / "spaces.csv"
    path.write_text("id,A,B\n1,Pass,no pass\n2,pass ,no  pass\n3,PASS,nopass\n4,No Pass,pass\n",
                    encoding="utf-8")
    ds = read_ratings(path, ImportOptions(fold_case=True))
    assert ds.table.scale.categories == ("no pass", "pass")
    assert ds.table.n_ratings == 8
    assert not [n for n in _notes(ds, "look-alike-labels") if n.action == "warning"]
    kept = read_ratings(path, ImportOptions())
    assert len(kept.table.scale.categories) > 2 and _notes(kept, "look-alike-labels")


def test_a_category_under_two_percent_is_warned_of(tmp_path):
    ds = read_ratings(_panel(tmp_path, stray="late", rows=40), ImportOptions())
    (note,) = _notes(ds, "rare-category")
    assert "'late'" in note.message and "1 rating of 120" in note.message
    assert note.action == "warning" and "typo" in note.message
    common = read_ratings(_panel(tmp_path, stray="pass", rows=40), ImportOptions())
    assert not _notes(common, "rare-category")
    two = _panel(tmp_path, stray="late", rows=40)
    two.write_text(two.read_text(encoding="utf-8") + "s40,fail,fail,sick\n", encoding="utf-8")
    (note,) = _notes(read_ratings(two, ImportOptions()), "rare-category")
    assert "2 categories each hold under 2% of the 123 ratings: 'late' (1 rating), 'sick' " \
        "(1 rating)" in note.message


def test_the_default_class1_is_never_a_rare_category(tmp_path):
    ds = read_ratings(_panel(tmp_path, stray="zzz", rows=40), ImportOptions())
    table = ds.table
    assert table.scale.categories[-1] == "zzz"
    choice = default_choice(table.scale, ratings_per_category(table))
    assert choice.class1 == ("pass",) and "not rare" in choice.reason and "'zzz'" in choice.reason
    assert default_choice(table.scale).class1 == ("zzz",)       # no counts: scale order only


def test_two_categories_default_skips_the_rare_one():
    scale = Scale(("0", "1"), ordinal=True)
    assert choose_class1(scale).class1 == ("1",)
    rare = choose_class1(scale, counts=[99, 1])
    assert rare.class1 == ("0",) and rare.is_default and "under 2%" in rare.reason
    assert choose_class1(scale, counts=[60, 40]).class1 == ("1",)
    assert choose_class1(scale, ["0"], counts=[99, 1]).is_default
    assert not choose_class1(scale, ["1"], counts=[99, 1]).is_default


def test_binary_counts_use_the_rare_aware_default(tmp_path):
    path = tmp_path / "two.csv"
    rows = ["id,A,B"] + [f"{i},0,0" for i in range(60)] + ["60,1,0"]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    bc = binary_counts(read_ratings(path, ImportOptions()).table)
    assert bc.choice.class1 == ("0",)
