"""Rules found on the held-out corpus 12 (issue 74, fifth pass): each on the smallest table
that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

from tapdesk.data.readers import read_text
from tests.data.importer.test_audit import _panel


def _tsv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join("\t".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next((n for n in ds.import_notes if n.rule == rule), None)


# ------------------------------------------- a remark in brackets after a rating
def _remarked(remark_of) -> str:
    rows = []
    for i, ratings in enumerate(_panel(24, 3, ["0", "1", "2", "3"], seed=7)):
        rows.append([f"v{i}", *(remark_of(i, j, r) for j, r in enumerate(ratings))])
    return _tsv(["Recording", "Rater 1", "Rater 2", "Rater 3"], rows)


def test_a_remark_in_brackets_after_several_ratings_is_not_a_category():
    sure = ("sure", "unsure")
    ds = read_text(_remarked(lambda i, j, r: f"{r} ({sure[i % 2]})" if j and i % 3 else r))
    assert ds.table.scale.categories == ("0", "1", "2", "3")
    note = _note(ds, "structured-cells")
    assert note is not None and "remark in brackets" in str(note.message)


def test_a_bracketed_word_after_one_category_only_is_a_category_of_its_own():
    ds = read_text(_remarked(lambda i, j, r: "2 (weak)" if r == "2" and j == 1 and i % 2 else r))
    assert "2 (weak)" in ds.table.scale.categories
    assert _note(ds, "structured-cells") is None


# ------------------------------------------- a two-level header of professions over quantities
def test_professions_over_quantities_are_raters_over_items():
    header = ["Case", "Block"] + [f"Pathologist {p} | {q}" for p in (1, 2, 3)
                                  for q in ("Tubules", "Mitoses", "Score", "Grade")] + ["Notes"]
    panel = _panel(16, 3, ["1", "2", "3"], seed=2)
    rows = [[f"C{i}", f"A{i % 3}"] + [r for r in ratings for _q in range(4)] + ["see slide"]
            for i, ratings in enumerate(panel)]
    ds = read_text(_tsv(header, rows))
    assert ds.table.rater_ids == ("Pathologist 1", "Pathologist 2", "Pathologist 3")
    assert set(ds.items) == {"Tubules", "Mitoses", "Score", "Grade"}


def test_a_notes_column_before_the_crossed_columns_still_stops_the_melt():
    header = ["Case", "Notes"] + [f"Pathologist {p} | {q}" for p in (1, 2)
                                  for q in ("Tubules", "Grade")] + ["Block", "Extra"]
    rows = [[f"C{i}", "x"] + [r for r in ratings for _q in range(2)] + ["A", "B"]
            for i, ratings in enumerate(_panel(16, 2, ["1", "2", "3"], seed=3))]
    ds = read_text(_tsv(header, rows))
    assert not ds.items                  # four other columns: no crossed sheet, as before


# ------------------------------------------- an id written once over its rows
def _swallows(counter) -> str:
    rows = []
    panel = iter(_panel(30, 2, [str(k) for k in range(1, 9)], seed=5))
    for p in range(6):
        for s in range(1, 6):
            rows.append([f"P0{p + 1}" if s == 1 else "", counter(s), *next(panel)])
    return _tsv(["Patient", "Swallow", "SLP 1", "SLP 2"], rows)


def test_an_id_written_once_over_rows_that_count_up_holds_for_them():
    ds = read_text(_swallows(lambda s: f"{s}."))
    assert ds.table.n_subjects == 30 and len(ds.table.rating) == 60
    note = _note(ds, "merged-cells")
    assert note is not None and "'Swallow'" in str(note.message)


def test_blank_ids_without_a_counter_stay_blank():
    ds = read_text(_swallows(lambda s: "thin" if s % 2 else "puree"))
    assert ds.table.n_subjects == 6 and _note(ds, "merged-cells") is None
    assert any("no subject id" in str(w) for w in ds.warnings)


# ------------------------------------------- a reconciled rating is a reference
def _reconciled_panel(final_of) -> str:
    levels = ["Novice", "Intermediate", "Advanced", "Superior"]
    rows = []
    for i, (a, b) in enumerate(_panel(60, 2, levels, seed=11)):
        rows.append([f"OPI-{i}", a, b, final_of(i, a, b)])
    # the third's name says nothing (an 'Official rating' is a reference by its name alone)
    return _tsv(["Candidate", "Tester rating", "2nd rating", "Third rating"], rows)


def test_a_rating_that_repeats_the_raters_and_sides_with_one_is_the_reference():
    ds = read_text(_reconciled_panel(lambda i, a, b: a if i % 2 else b))
    assert ds.table.rater_ids == ("Tester rating", "2nd rating")
    assert "Third rating" in ds.references
    note = _note(ds, "reference-answer")
    assert note is not None and "reconciled" in str(note.message)


def test_a_third_rater_who_differs_where_the_others_agree_stays_a_rater():
    other = {"Novice": "Intermediate", "Intermediate": "Advanced", "Advanced": "Superior",
             "Superior": "Advanced"}
    ds = read_text(_reconciled_panel(lambda i, a, b: other[a] if i % 5 == 0 else a))
    assert ds.table.rater_ids == ("Tester rating", "2nd rating", "Third rating")


def test_the_fill_down_can_be_switched_off():
    from tapdesk.data.importer.model import ImportOptions
    ds = read_text(_swallows(lambda s: f"{s}."), ImportOptions(rules_off=("merged-cells",)))
    assert ds.table.n_subjects == 6 and _note(ds, "merged-cells") is None


# ------------------------------------------- a label written as a list of one
def test_a_label_written_as_a_list_of_one_is_the_label_and_an_empty_list_no_rating():
    rows = ["id,user,label"]
    for i, ratings in enumerate(_panel(20, 3, ["positive", "negative", "neutral"], seed=9)):
        rows += [f"{i},annotator{j + 1},\"['{r}']\"" for j, r in enumerate(ratings)]
        rows.append(f"{i},admin,[]")
    ds = read_text("\n".join(rows) + "\n")
    assert ds.table.rater_ids == ("annotator1", "annotator2", "annotator3")
    assert set(ds.table.scale.categories) == {"positive", "negative", "neutral"}
    assert any("list of one" in str(n) for n in ds.notes)


def test_a_bracketed_code_without_quotes_stays_a_category():
    rows = [[f"s{i}", *(f"[{r}]" for r in ratings)]
            for i, ratings in enumerate(_panel(20, 3, ["1", "2", "3"], seed=9))]
    ds = read_text(_tsv(["Case", "R1", "R2", "R3"], rows))
    assert set(ds.table.scale.categories) == {"[1]", "[2]", "[3]"}
