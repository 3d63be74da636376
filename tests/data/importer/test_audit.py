"""The reading audit (issue 74): each principle on the smallest table that breaks it, its
near misses, and the one-click ways back (the rule switched off, the column's role given)."""

from __future__ import annotations

import io

import numpy as np
import openpyxl
import pytest

from tapdesk.data.readers import ImportOptions, read_ratings, read_text
from tapdesk.errors import DataError

RATINGS = ["gut", "mittel", "schlecht"]


def _panel(n: int = 20, raters: int = 3, labels=RATINGS, seed: int = 1) -> list[list[str]]:
    """``n`` subjects rated by ``raters`` raters who mostly agree."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        truth = labels[int(rng.integers(len(labels)))]
        rows.append([truth if rng.random() < 0.8 else labels[int(rng.integers(len(labels)))]
                     for _ in range(raters)])
    return rows


def _csv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(",".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next(n for n in ds.import_notes if n.rule == rule)


def _with_comments(n: int = 20) -> str:
    rows = [[f"C{i + 1:02d}"] + r + ["passt" if i % 3 == 0 else "unsicher" if i % 3 == 1 else ""]
            for i, r in enumerate(_panel(n))]
    return _csv(["case", "r1", "r2", "r3", "Kommentar"], rows)


def test_a_comment_column_of_a_few_words_is_no_rater():
    ds = read_text(_with_comments())
    assert ds.table.rater_ids == ("r1", "r2", "r3")
    assert set(ds.table.scale.categories) == set(RATINGS)
    note = _note(ds, "rater-scale")
    assert note.columns == ("Kommentar",) and note.action == "left out" and note.switchable
    assert "'Kommentar'" in note.message and "'passt'" in note.message
    assert dict(ds.column_roles)["Kommentar"] == "left out (rater-scale)"


def test_the_ways_back_keep_the_comment_column_a_rater():
    text = _with_comments()
    off = read_text(text, ImportOptions(rules_off=("rater-scale",)))
    assert off.table.rater_ids == ("r1", "r2", "r3", "Kommentar")
    chosen = read_text(text, ImportOptions(column_roles=(("Kommentar", "rater"),)))
    assert chosen.table.rater_ids == ("r1", "r2", "r3", "Kommentar")


def test_a_group_column_of_words_is_a_subject_attribute():
    rows = [[f"S{i}", "G1" if i < 10 else "G2"] + r for i, r in enumerate(_panel(20))]
    ds = read_text(_csv(["id", "Group", "A", "B", "C"], rows))
    assert ds.table.rater_ids == ("A", "B", "C")
    assert ds.subject_attributes["Group"]["S0"] == "G1"
    assert _note(ds, "rater-scale").action == "guessed"


def test_a_group_column_coded_with_the_scale_s_numbers_is_a_subject_attribute():
    scale = ["1", "2", "3", "4", "5"]
    rows = [[f"S{i}", "1" if i < 12 else "2"] + r for i, r in enumerate(_panel(24, 4, scale))]
    ds = read_text(_csv(["id", "Group", "R1", "R2", "R3", "R4"], rows))
    assert ds.table.rater_ids == ("R1", "R2", "R3", "R4")
    note = _note(ds, "rater-scale")
    assert note.columns == ("Group",) and "2 unbroken blocks" in note.message


def test_a_rater_sorted_by_its_own_ratings_stays_a_rater():
    scale = ["1", "2", "3"]
    rows = sorted(_panel(24, 3, scale), key=lambda r: r[0])
    ds = read_text(_csv(["R1", "R2", "R3"], rows))
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    assert not [n for n in ds.import_notes if n.rule == "rater-scale"]


def test_a_rater_who_answers_in_other_words_is_said_and_kept():
    rows = [r + [{"gut": "good", "mittel": "fair", "schlecht": "poor"}[r[0]]]
            for r in _panel(20)]
    ds = read_text(_csv(["r1", "r2", "r3", "r4"], rows))
    assert ds.table.rater_ids == ("r1", "r2", "r3", "r4")
    assert any("'r4'" in w and "one to one" in w for w in ds.warnings)


def test_a_rater_who_gives_a_category_nobody_else_gave_once_or_twice_stays_a_rater():
    rows = _panel(20)
    rows[3][2], rows[7][2] = "sehr gut", "sehr gut"
    ds = read_text(_csv(["r1", "r2", "r3"], rows))
    assert ds.table.rater_ids == ("r1", "r2", "r3")
    assert not [n for n in ds.import_notes if n.rule == "rater-scale"]


def test_two_columns_far_apart_are_refused_naming_both():
    rows = [[str(i), str(30 + 3 * i), str(1 + i % 2)] for i in range(12)]
    with pytest.raises(DataError) as refused:
        read_text(_csv(["record_id", "age", "sex"], rows))
    assert "'age'" in str(refused.value) and "'sex'" in str(refused.value)


def test_an_adjudicator_answers_only_where_the_others_disagree():
    rows = _panel(30)
    for r in rows:
        r.append("" if len(set(r)) == 1 else r[0])
    ds = read_text(_csv(["A", "B", "C", "Third look"], rows))
    assert ds.table.rater_ids == ("A", "B", "C")
    assert "Third look" in ds.references
    assert _note(ds, "reference-answer").columns == ("Third look",)


def test_notes_below_a_numeric_table_are_no_subjects():
    rows = [[f"S{i:02d}"] + r for i, r in enumerate(_panel(12, 3, ["1", "2", "3"]))]
    rows += [["1", "Rater B was absent on day 2", "", ""], ["2", "Images re-scanned", "", ""]]
    ds = read_text(_csv(["id", "A", "B", "C"], rows))
    assert len(ds.table.subject_ids) == 12 and set(ds.table.scale.categories) == {"1", "2", "3"}
    note = _note(ds, "not-a-subject")
    assert note.rows == (14, 15) and note.switchable


def test_a_word_scale_keeps_a_subject_with_a_rare_category():
    rows = _panel(8)
    rows[2] = ["sehr gut", "sehr gut", "sehr gut"]
    ds = read_text(_csv(["r1", "r2", "r3"], rows))
    assert len(ds.table.subject_ids) == 8


CROSS = "Coder 1 \\ Coder 2,A,B,C\nA,12,3,0\nB,2,15,4\nC,0,1,9\n"


def test_a_cross_table_of_counts_is_read_as_two_raters():
    ds = read_text(CROSS)
    assert ds.layout == "contingency"
    assert ds.table.n_ratings == 2 * 46 and ds.table.rater_ids == ("Coder 1", "Coder 2")


def test_a_cross_table_one_category_short_is_read_as_two_raters_and_said():
    ds = read_text("Coder 1 \\ Coder 2,A,B,C,D\nA,12,3,0,1\nB,2,15,4,2\nC,0,1,9,3\n")
    assert ds.layout == "contingency" and ds.table.n_ratings == 2 * 52
    note = _note(ds, "counts")
    assert note.action == "guessed" and str(ds.reason) in note.message
    assert str(ds.reason).startswith("a cross-table of two raters")


def test_a_cross_table_in_long_form_is_refused_by_name():
    text = "Var1,Var2,Freq\nno,no,31\nyes,no,5\nno,yes,7\nyes,yes,27\n"
    with pytest.raises(DataError) as refused:
        read_text(text)
    assert "cross-table of counts in long form" in str(refused.value)


def test_counts_printed_as_papers_print_them():
    ds = read_text("R1 / R2,x,y\nx,1.520,\u2013\ny,40 (26.7%),12\n", ImportOptions())
    assert ds.layout == "contingency" and ds.table.n_ratings == 2 * (1520 + 40 + 12)


def _workbook(sheets: dict[str, list[list[object]]]) -> bytes:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_a_workbook_is_read_from_the_sheet_that_holds_ratings(tmp_path):
    ratings = [["case", "Obs1", "Obs2", "Obs3"]] + \
        [[f"c{i}"] + [int(v) for v in r] for i, r in enumerate(_panel(14, 3, ["0", "1", "2"]))]
    path = tmp_path / "book.xlsx"
    path.write_bytes(_workbook({"Read me": [["Grade", "Meaning"], [0, "none"], [1, "mild"],
                                            [2, "severe"]], "Ratings": ratings}))
    ds = read_ratings(path)
    assert ds.provenance.sheet == "Ratings" and ds.table.rater_ids == ("Obs1", "Obs2", "Obs3")
    note = _note(ds, "ratings-sheet")
    assert "'Ratings'" in note.message and "'Read me'" in note.message
    chosen = read_ratings(path, ImportOptions(sheet="Read me"))
    assert chosen.provenance.sheet == "Read me"


def test_a_session_column_that_tells_repeats_apart_is_the_item():
    rows = [[f"c{i}", rater, session, value]
            for session in ("T1", "T2")
            for i, r in enumerate(_panel(10, 3, ["0", "1", "2"], seed=7 if session == "T1" else 8))
            for rater, value in zip(("A", "B", "C"), r)]
    ds = read_text(_csv(["case", "rater", "timepoint", "score"], rows))
    assert ds.items == ("T1", "T2")
    assert ds.table.n_ratings == 30 and not any("repeat" in w for w in ds.warnings)
    assert _note(ds, "sessions").columns == ("timepoint",)
    pooled = read_text(_csv(["case", "rater", "timepoint", "score"], rows),
                       ImportOptions(rules_off=("sessions",)))
    assert pooled.items == () and pooled.table.n_ratings == 60


def test_toloka_assignments_are_read_by_their_structure():
    head = "INPUT:image\tOUTPUT:result\tGOLDEN:result\tASSIGNMENT:worker_id\tASSIGNMENT:status"
    rows = [f"img{i % 4}.jpg\t{'cat' if (i + w) % 3 else 'dog'}\t{'cat' if i == 0 else ''}\t"
            f"w{w}\tAPPROVED" for i in range(4) for w in range(3)]
    ds = read_text("\n".join([head] + rows) + "\n")
    assert ds.table.rater_ids == ("w0", "w1", "w2") and len(ds.table.subject_ids) == 4
    assert set(ds.table.scale.categories) == {"cat", "dog"}
    assert "GOLDEN:result" in _note(ds, "reference-answer").columns


def test_a_subject_merged_down_its_readers_rows_holds_each_row(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Patient", "Reader", "Grade"])
    for i, grades in enumerate(_panel(6, 3, ["I", "II", "III"])):
        first = sheet.max_row + 1
        for reader, grade in zip(("Dr Lee", "Dr Moss", "Dr Nash"), grades):
            sheet.append([f"P{i + 1}" if reader == "Dr Lee" else None, reader, grade])
        sheet.merge_cells(start_row=first, start_column=1, end_row=first + 2, end_column=1)
    path = tmp_path / "merged.xlsx"
    book.save(path)
    ds = read_ratings(path)
    assert len(ds.table.subject_ids) == 6 and ds.table.n_ratings == 18
    assert _note(ds, "merged-cells").rows[:2] == (3, 4)


def test_a_workbook_of_one_sheet_per_rater_is_read_as_one_panel(tmp_path):
    rows = _panel(12, 3, ["1", "2", "3"])
    path = tmp_path / "per_rater.xlsx"
    path.write_bytes(_workbook({name: [["Case", "Rating"]] + [[f"c{i}", int(r[j])]
                                                            for i, r in enumerate(rows)]
                                for j, name in enumerate(("Rater A", "Rater B", "Rater C"))}))
    ds = read_ratings(path)
    assert ds.table.rater_ids == ("Rater A", "Rater B", "Rater C")
    assert len(ds.table.subject_ids) == 12 and ds.table.n_ratings == 36
    assert "'Rater B'" in _note(ds, "ratings-sheet").message
    assert not any("Rater A" in w or "one rater" in w for w in ds.warnings)


def test_a_legend_whose_every_value_is_given_once_is_refused():
    with pytest.raises(DataError) as refused:
        read_text("Grade,Meaning,Typical finding\n0,none,no spots\n1,mild,< 3 spots\n"
                  "2,moderate,3-10 spots\n3,severe,> 10 spots\n")
    assert "given once" in str(refused.value)


def test_a_pivot_table_of_counts_is_refused_by_name(tmp_path):
    path = tmp_path / "pivot.xlsx"
    path.write_bytes(_workbook({"Pivot": [
        ["Count of Rating", "Column Labels"], ["Row Labels", "1", "2", "3", "Grand Total"],
        ["Rater A", 4, 5, 3, 12], ["Rater B", 3, 6, 3, 12], ["Grand Total", 7, 11, 6, 24]]}))
    with pytest.raises(DataError) as refused:
        read_ratings(path)
    assert "pivot table of counts ('Count of Rating')" in str(refused.value)


def test_an_epi_info_related_form_is_read_by_its_parent_keys():
    rows = [[str(k + 1), "1", f"g{k}", f"parent-{i}", reader, r[j], "1/19/2024"]
            for k, (i, r, j, reader) in enumerate(
                (i, r, j, reader) for i, r in enumerate(_panel(10, 3, ["1", "2"]))
                for j, reader in enumerate(("Tech A", "Tech B", "Tech C")))]
    ds = read_text(_csv(["UniqueKey", "RECSTATUS", "GlobalRecordId", "FKEY", "ReaderName",
                         "SmearResult", "ReadDate"], rows))
    assert ds.layout == "long" and len(ds.table.subject_ids) == 10
    assert ds.table.rater_ids == ("Tech A", "Tech B", "Tech C")
    assert "'FKEY'" in next(n.message for n in ds.import_notes
                            if n.rule == "format" and n.action == "guessed")


def test_questions_in_columns_beside_subject_and_rater_are_items():
    rows = [[f"P{i:02d}", rater] + [r[q] for q in range(3)]
            for i, _ in enumerate(range(12)) for rater, r in
            zip("ABC", [_panel(3, 3, ["1", "2", "3", "4"], seed=i * 3 + k)[k] for k in range(3)])]
    ds = read_text(_csv(["subject", "rater", "Q1", "Q2", "Q3"], rows))
    assert ds.items == ("Q1", "Q2", "Q3") and ds.table.rater_ids == ("A", "B", "C")
    assert len(ds.table.subject_ids) == 12 and ds.table.n_ratings == 36
    assert not any("repeat" in w for w in ds.warnings)


def test_a_flag_the_same_for_every_rater_of_a_subject_is_no_question():
    rows = [[f"P{i:02d}", rater, r[k], "1" if i % 4 == 0 else "0"]
            for i, r in enumerate(_panel(16, 3, ["0", "1"])) for k, rater in enumerate("ABC")]
    ds = read_text(_csv(["patient", "reader", "finding", "flagged"], rows))
    assert ds.items == () and ds.table.n_ratings == 48
    assert set(ds.table.scale.categories) == {"0", "1"}


def test_a_rating_with_its_share_in_brackets_is_read_as_the_rating():
    rows = [[f"c{i}"] + [f"{v} ({50 + (7 * i + 13 * j) % 50}%)" for j, v in enumerate(r)]
            for i, r in enumerate(_panel(12, 3, ["A", "B", "C"]))]
    ds = read_text(_csv(["case", "r1", "r2", "r3"], rows))
    assert set(ds.table.scale.categories) == {"A", "B", "C"}
    note = _note(ds, "structured-cells")
    assert note.switchable and "%)'" in note.message
    kept = read_text(_csv(["case", "r1", "r2", "r3"], rows),
                     ImportOptions(rules_off=("structured-cells",)))
    assert len(kept.table.scale.categories) > 3


def test_a_label_with_brackets_of_its_own_stays_whole():
    rows = [[f"c{i}"] + [{"A": "small (< 5 mm)", "B": "large"}[v] for v in r]
            for i, r in enumerate(_panel(10, 3, ["A", "B"]))]
    ds = read_text(_csv(["case", "r1", "r2", "r3"], rows))
    assert set(ds.table.scale.categories) == {"small (< 5 mm)", "large"}


def test_rater_names_that_differ_only_in_case_or_spaces_are_one_rater():
    rows = [[f"s{i}", name, v] for i, r in enumerate(_panel(12, 2, ["1", "2", "3"]))
            for name, v in zip(("Dr Smith" if i % 3 else "dr  smith", "Dr Jones"), r)]
    ds = read_text(_csv(["subject", "rater", "rating"], rows))
    assert " ".join(ds.table.rater_ids[0].split()).casefold() == "dr smith"
    assert len(ds.table.rater_ids) == 2 and ds.table.n_ratings == 24
    assert "one rater" in _note(ds, "rater-names").message
    kept = read_text(_csv(["subject", "rater", "rating"], rows),
                     ImportOptions(rules_off=("rater-names",)))
    assert len(kept.table.rater_ids) == 3


def test_two_spellings_that_rated_one_subject_stay_two_raters():
    rows = [[f"s{i}", name, v] for i, r in enumerate(_panel(8, 3, ["1", "2"]))
            for name, v in zip(("Ann", "ann", "Bob"), r)]
    ds = read_text(_csv(["subject", "rater", "rating"], rows))
    assert len(ds.table.rater_ids) == 3


def test_a_code_before_the_label_the_others_write_alone_is_one_category():
    rows = [[{"gut": "1 - gut", "mittel": "2 - mittel", "schlecht": "3 - schlecht"}[r[0]]] + r[1:]
            for r in _panel(12)]
    ds = read_text(_csv(["r1", "r2", "r3"], rows))
    assert ds.table.rater_ids == ("r1", "r2", "r3")
    assert set(ds.table.scale.categories) == set(RATINGS)
    assert "'1 - gut'" in _note(ds, "structured-cells").message


def test_a_rater_in_codes_that_follow_the_others_is_never_a_group():
    rows = [[{"gut": "A1", "mittel": "B2", "schlecht": "C3"}[r[0]]] + r[1:] for r in _panel(20)]
    ds = read_text(_csv(["r1", "r2", "r3", "r4"], [r + [r[1]] for r in rows]))
    assert "r1" in ds.table.rater_ids and "r1" not in ds.subject_attributes


def test_a_range_between_two_categories_is_said():
    rows = _panel(10, 3, ["1", "2", "3", "4"])
    rows[0][1], rows[3][2] = "2-3", "3/4"
    ds = read_text(_csv(["r1", "r2", "r3"], rows))
    assert any("'2-3'" in w and "between two categories" in w for w in ds.warnings)


def _twinned(n: int = 20) -> str:
    code = {"gut": "1", "mittel": "2", "schlecht": "3"}
    rows = [[f"C{i + 1:02d}"] + [x for r in row for x in (code[r], r)]
            for i, row in enumerate(_panel(n))]
    return _csv(["case", "R1", "R1_label", "R2", "R2_label", "R3", "R3_label"], rows)


def test_a_code_and_its_label_side_by_side_are_one_rater():
    ds = read_text(_twinned())
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    assert ds.table.scale.categories == ("1", "2", "3")
    assert [ds.table.scale.label(c) for c in ("1", "2", "3")] == RATINGS
    note = _note(ds, "code-label")
    assert note.columns == ("R1_label", "R2_label", "R3_label") and note.switchable
    assert "1 ('gut')" in note.message
    off = read_text(_twinned(), ImportOptions(rules_off=("code-label",)))
    assert len(off.table.rater_ids) == 6


def test_two_raters_who_always_agree_in_other_words_stay_two_raters():
    rows = [[f"C{i + 1:02d}", r[0], {"gut": "good", "mittel": "fair", "schlecht": "poor"}[r[0]],
             r[1], r[2]] for i, r in enumerate(_panel())]
    ds = read_text(_csv(["case", "Anna", "Ben", "Carla", "Dev"], rows))
    assert len(ds.table.rater_ids) == 4
    assert not any(n.rule == "code-label" for n in ds.import_notes)


def _ticks(n: int = 24, mark: str = "x") -> str:
    rng = np.random.default_rng(3)
    rows = []
    for i in range(n):
        truth = rng.random() < 0.4
        rows.append([f"I{i + 1}"] + [mark if (rng.random() < 0.85) == truth else ""
                                     for _ in range(4)])
    return _csv(["item", "Anna", "Ben", "Carla", "Dev"], rows)


def test_a_tick_list_reads_its_blanks_as_not_ticked():
    ds = read_text(_ticks())
    assert set(ds.table.scale.categories) == {"x", "(blank)"}
    assert ds.table.n_ratings == 24 * 4 and len(ds.table.subject_ids) == 24
    note = _note(ds, "tick-list")
    assert note.action == "guessed" and "'x'" in note.message and note.switchable
    off = read_text(_ticks(), ImportOptions(rules_off=("tick-list",)))
    assert off.table.scale.categories == ("x",)


def test_one_number_with_blanks_is_said_not_made_a_tick_list():
    ds = read_text(_ticks(mark="3"))
    assert ds.table.scale.categories == ("3",)
    assert any("every rating is '3'" in w for w in map(str, ds.warnings))


def _survey(status: list[str]) -> str:
    rows = [[f"R_{j}", s] + r for j, (s, r) in enumerate(zip(status, _panel(len(status), 5)))]
    return _csv(["ResponseId", "Status"] + [f"Q{k}" for k in range(1, 6)], rows)


def test_preview_responses_are_left_out_and_said():
    status = ["Survey Preview", "Survey Test"] + ["IP Address"] * 10
    ds = read_text(_survey(status))
    note = _note(ds, "test-responses")
    assert note.rows == (2, 3) and "'Survey Preview'" in note.message
    assert "R_0" not in ds.table.rater_ids + ds.table.subject_ids
    kept = read_text(_survey(status), ImportOptions(rules_off=("test-responses",)))
    assert "R_0" in kept.table.rater_ids + kept.table.subject_ids


def test_a_train_and_test_split_is_no_test_response():
    ds = read_text(_survey(["train"] * 8 + ["test"] * 4))
    assert not any(n.rule == "test-responses" for n in ds.import_notes)


def test_a_column_that_says_whether_the_coders_agree_is_no_coder():
    rng = np.random.default_rng(4)
    rows = []
    for i in range(16):
        a = int(rng.integers(2))
        b = a if rng.random() < 0.75 else 1 - a
        rows.append([f"Doc {i}", str(a), str(b), "1" if a == b else "0"])
    ds = read_text(_csv(["Dokument", "Kodierer 1", "Kodierer 2", "Übereinstimmung"], rows))
    assert ds.table.rater_ids == ("Kodierer 1", "Kodierer 2")
    note = next(n for n in ds.import_notes if "Übereinstimmung" in n.columns)
    assert "'1' in every row where the other raters agree" in note.message


def test_an_age_beside_grades_is_a_subject_attribute():
    """Ages beside BI-RADS grades (numbers and words such as '4A'): no rater, a subject
    attribute the audit names."""
    rng = np.random.default_rng(5)
    grades = ["1", "2", "3", "4A", "4B", "5"]
    rows = [[f"P{i}", str(int(rng.integers(40, 90)))] +
            [grades[int(rng.integers(6))] for _ in range(3)] for i in range(16)]
    ds = read_text(_csv(["Case", "Age", "A", "B", "C"], rows))
    assert ds.table.rater_ids == ("A", "B", "C")
    assert set(ds.subject_attributes) == {"Age"}
    assert "lie far from those the raters give (1 to 5)" in _note(ds, "rater-scale").message


def test_an_age_beside_whole_grades_is_left_out_before_it_looks_continuous():
    """Ages beside grades 0-3 would make the ratings look like measurements (over twenty
    numbers): the scale rule leaves the column out first, saying why."""
    rng = np.random.default_rng(5)
    rows = [[f"P{i}", str(int(rng.integers(20, 90)))] + [str(int(rng.integers(4))) for _ in range(3)]
            for i in range(30)]
    ds = read_text(_csv(["Doente", "Idade", "A", "B", "C"], rows))
    assert ds.table.rater_ids == ("A", "B", "C")
    note = next(n for n in ds.import_notes if n.columns == ("Idade",))
    assert "lie far from the other columns' (0 to 3)" in note.message


def test_a_lesion_number_within_each_patient_makes_the_subject():
    rng = np.random.default_rng(7)
    rows = []
    for p in range(12):
        for lesion in range(1, int(rng.integers(1, 4)) + 1):
            rows.append([f"PR{p:03d}", str(lesion), f"{rng.uniform(2, 20):.1f}"] +
                        [str(int(rng.integers(1, 6))) for _ in range(3)])
    ds = read_text(_csv(["PatientID", "Lesion", "PSA", "R1", "R2", "R3"], rows))
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    assert len(ds.table.subject_ids) == len(rows) and "PR000 | 1" in ds.table.subject_ids
    assert any("'Lesion' numbers the rows of each id once" in n.message for n in ds.import_notes)


def test_a_markdown_table_s_alignment_row_is_no_subject():
    rows = [f"| Essay {i} | " + " | ".join(r) + " |" for i, r in enumerate(_panel(10), 1)]
    text = "\n".join(["| Essay | A | B | C |", "|:------|:---:|:---:|:---:|"] + rows) + "\n"
    ds = read_text(text)
    assert len(ds.table.subject_ids) == 10 and set(ds.table.scale.categories) == set(RATINGS)
    assert _note(ds, "not-a-subject").rows == (2,)


def test_a_tick_list_with_marks_of_several_kinds_and_a_ward_column():
    rng = np.random.default_rng(6)
    rows = []
    for i in range(16):
        truth = rng.random() < 0.5
        rows.append([f"C{i}", "A" if i % 3 else "B"] +
                    [mark if (rng.random() < 0.85) == truth else ""
                     for mark in ("✓", "✓", "✔", "X")])
    ds = read_text(_csv(["Chart", "Ward", "Okafor", "Lindqvist", "Haddad", "Sato"], rows))
    assert ds.table.rater_ids == ("Okafor", "Lindqvist", "Haddad", "Sato")
    assert set(ds.table.scale.categories) == {"✓", "(blank)"} and ds.table.n_ratings == 64
    assert set(ds.subject_attributes) == {"Ward"}


@pytest.mark.parametrize("header,meta", [
    (["id", "submitdate", "lastpage", "startlanguage", "seed", "RATER"],
     lambda j: [str(j + 1), "2024-03-04 09:01", "2", "en", str(785131415 + j)]),
    (["Antwort ID", "Datum Abgeschickt", "Letzte Seite", "Start-Sprache", "Ihr Name:"],
     lambda j: [str(j + 11), "04.03.2024 09:03", "3", "de"]),
], ids=["LimeSurvey codes", "LimeSurvey German headings"])
def test_a_limesurvey_export_is_read_one_row_per_rater(header, meta):
    names = ["Omar", "Bruno", "Lena", "Chen", "Dana", "Ivan"]
    panel = _panel(8, 6)
    rows = [meta(j) + [names[j]] + [panel[k][j] for k in range(8)] for j in range(6)]
    ds = read_text(_csv(header + [f"Q1[SQ00{k}]" for k in range(1, 9)], rows))
    assert ds.table.rater_ids == tuple(names) and len(ds.table.subject_ids) == 8
    assert set(ds.table.scale.categories) == set(RATINGS)
    assert any("LimeSurvey" in n.message for n in ds.import_notes)


def test_kobo_and_odk_bookkeeping_is_never_a_rater_or_subject():
    panel = _panel(6, 5)
    kobo = [["2024-03-04", f"r{j}", str(5 + j)] + [panel[k][j] for k in range(6)] +
            [str(180429589 + j), f"uuid-{j}", "2024-03-04T09:00:07", "vQ8nW3bG", str(j + 1)]
            for j in range(5)]
    ds = read_text(_csv(["start", "rater/name", "rater/years_experience"] +
                        [f"cases/case_0{k}" for k in range(1, 7)] +
                        ["_id", "_uuid", "_submission_time", "__version__", "_index"], kobo))
    assert ds.table.rater_ids == tuple(f"r{j}" for j in range(5))
    assert len(ds.table.subject_ids) == 6
    odk = [["2024-03-04T09:00:57Z", f"r{j}"] + [panel[k][j] for k in range(6)] +
           [f"uuid:{j}", f"uuid:{j}", str(57 + j), "approved", "0", "2024030401"] for j in range(5)]
    ds = read_text(_csv(["SubmissionDate", "rater_name"] + [f"grading-img0{k}" for k in range(1, 7)] +
                        ["meta-instanceID", "KEY", "SubmitterID", "ReviewState", "Edits",
                         "FormVersion"], odk))
    assert ds.table.rater_ids == tuple(f"r{j}" for j in range(5))
    assert len(ds.table.subject_ids) == 6


def test_a_note_in_a_spreadsheet_s_unnamed_column_is_no_shifted_header(tmp_path):
    """One note right of the last named column of a sheet: left out as a note, never read
    as R's write.table header one name short (which would shift every name)."""
    rows = [["Slide", "Path A", "Path B", "Path C", None]] + \
        [[f"S{i:02d}"] + r + ["ask Dr Okoye - G2 or G3?" if i == 4 else None]
         for i, r in enumerate(_panel(12))]
    path = tmp_path / "grading.xlsx"
    wb = openpyxl.Workbook()
    for r in rows:
        wb.active.append(r)
    wb.save(path)
    ds = read_ratings(path)
    assert ds.table.rater_ids == ("Path A", "Path B", "Path C")
    assert _note(ds, "ragged-rows").rows == (6,)


def test_a_legend_line_below_the_data_is_no_row_split_by_another_delimiter():
    rows = [[str(i)] + r for i, r in enumerate(_panel(12), 1)]
    text = _csv(["Knee", "A", "B", "C"], rows) + ",,,\n" + \
        "KL grade 0-4; 99 = not assessed (image quality); n/a = no image; - = not read,,,\n"
    ds = read_text(text)
    assert len(ds.table.subject_ids) == 12 and ds.table.rater_ids == ("A", "B", "C")


@pytest.mark.parametrize("header,people", [
    (["submitted", "nurse_id", "vignette_id", "esi_level", "seconds_to_decision"], "RN-{}"),
    (["Candidate Name", "Candidate ID", "Interviewer", "Overall Recommendation", "Minutes"],
     "Interviewer {}"),
], ids=["nurse_id", "Interviewer"])
def test_a_header_that_names_people_finds_the_raters_of_a_long_file(header, people):
    rng = np.random.default_rng(8)
    rows = []
    for s in range(10):
        truth = RATINGS[int(rng.integers(3))]
        for r in range(3):
            rating = truth if rng.random() < 0.8 else RATINGS[int(rng.integers(3))]
            first = f"2024-03-04 09:{s:02d}:{r:02d}" if header[0] == "submitted" else f"Cand {s}"
            rows.append([first, people.format(r) if header[0] == "submitted" else f"{4400 + s}",
                         f"V{s:02d}" if header[0] == "submitted" else people.format(r),
                         rating, str(int(rng.integers(20, 300)))])
    ds = read_text(_csv(header, rows))
    assert len(ds.table.rater_ids) == 3 and all(people.format(0)[:3] in r
                                                for r in ds.table.rater_ids)
    assert len(ds.table.subject_ids) == 10 and set(ds.table.scale.categories) == set(RATINGS)


def test_a_rater_who_writes_without_accents_is_read_on_the_others_scale():
    words = {"gut": "Léger", "mittel": "Modéré", "schlecht": "Sévère"}
    plain = {"Léger": "Leger", "Modéré": "Modere", "Sévère": "SEVERE"}
    rows = [[f"D{i}"] + [words[x] for x in r[:2]] + [plain[words[r[2]]]]
            for i, r in enumerate(_panel(16))]
    ds = read_text(_csv(["Dossier", "Juge 1", "Juge 2", "Juge 3"], rows))
    assert len(ds.table.rater_ids) == 3
    assert set(ds.table.scale.categories) == set(words.values())
    note = _note(ds, "spellings")
    assert "'Leger' as 'Léger'" in note.message and note.switchable
    off = read_text(_csv(["Dossier", "Juge 1", "Juge 2", "Juge 3"], rows),
                    ImportOptions(rules_off=("spellings",)))
    assert "Leger" in off.table.scale.categories


def test_a_rank_column_beside_judges_scores_is_no_judge():
    rng = np.random.default_rng(9)
    scores = [[int(rng.integers(3, 11)) for _ in range(3)] for _ in range(12)]
    order = np.argsort([-sum(s) for s in scores], kind="stable")
    rank = {int(i): k + 1 for k, i in enumerate(order)}
    rows = [[f"Act {i}"] + [str(v) for v in s] + [str(rank[i])] for i, s in enumerate(scores)]
    ds = read_text(_csv(["Act", "Kim", "Lopez", "Meyer", "Rank"], rows))
    assert ds.table.rater_ids == ("Kim", "Lopez", "Meyer")
    assert "ranks the subjects from 1 to 12" in next(
        n.message for n in ds.import_notes if n.columns == ("Rank",))


def test_judges_who_each_rank_the_subjects_are_a_ranking_study():
    rng = np.random.default_rng(10)
    rows = list(zip(*[rng.permutation(10) + 1 for _ in range(3)]))
    ds = read_text(_csv(["Wine", "A", "B", "C"], [[f"W{i}"] + [str(v) for v in r]
                                                   for i, r in enumerate(rows)]))
    assert ds.table.rater_ids == ("A", "B", "C")


def test_a_nodule_size_beside_lung_rads_categories_is_no_rater():
    rng = np.random.default_rng(11)
    cats = ["1", "2", "3", "4A", "4B", "4X"]
    rows = [[f"S{i}", f"{rng.uniform(2, 30):.1f}"] + [cats[int(rng.integers(6))] for _ in range(3)]
            for i in range(20)]
    ds = read_text(_csv(["Scan", "Largest nodule (mm)", "A", "B", "C"], rows))
    assert ds.table.rater_ids == ("A", "B", "C")


def test_ages_that_reach_into_the_scale_are_still_no_rater():
    """Two children (aged 2 and 3) among adults: the ages meet the grades 0-3 at one end, but
    nearly all of them lie past it and they are many more values than the scale has."""
    rng = np.random.default_rng(12)
    ages = [2, 3] + [int(a) for a in rng.choice(np.arange(40, 50), 18)]       # ages repeat
    rows = [[f"P{i}", str(age)] + [str(int(rng.integers(4))) for _ in range(3)]
            for i, age in enumerate(ages)]
    ds = read_text(_csv(["Patient", "Alter", "A", "B", "C"], rows))
    assert ds.table.rater_ids == ("A", "B", "C")
    assert set(ds.subject_attributes) == {"Alter"}


def test_double_marking_keeps_the_two_markers_only():
    """A script number, the markers' difference and the agreed mark beside two markers'
    marks out of 25: a running number, a computed column and a reference, none a marker."""
    rng = np.random.default_rng(13)
    rows = []
    for i in range(28):
        a = int(rng.integers(8, 22))                    # marks out of 25, as given
        b = int(np.clip(a + rng.integers(-2, 3), 8, 21))
        rows.append([f"C{10000 + i}", str(i + 1), str(a), str(b), str(abs(a - b)), str(max(a, b))])
    ds = read_text(_csv(["Candidate no.", "Script", "1st marker", "2nd marker", "Difference",
                         "Agreed mark"], rows))
    assert ds.table.rater_ids == ("1st marker", "2nd marker")
    said = {n.columns: n.message for n in ds.import_notes}
    assert "numbers the rows 1 to 28" in said[("Script",)]
    assert "computed from '1st marker' and '2nd marker'" in said[("Difference",)]
    assert set(ds.references) == {"Agreed mark"}


def test_mean_and_sd_rows_under_the_header_are_no_subjects():
    rows = [["Mean", "4.06", "4.17", "4"], ["SD", "1.21", "1.37", "1.18"]] + \
        [[f"Item {i}"] + [str(int(v)) for v in r] for i, r in
         enumerate(_panel(12, labels=["1", "2", "3", "4", "5", "6", "7"]), 1)]
    ds = read_text(_csv(["Item", "Rater 1", "Rater 2", "Rater 3"], rows))
    assert len(ds.table.subject_ids) == 12 and "Mean" not in ds.table.subject_ids
    assert _note(ds, "footer-rows").rows == (2, 3)


def test_a_placeholder_left_in_a_dropdown_is_no_rating():
    rows = [[f"Clip {i}"] + (["-- select --"] + r[1:] if i % 4 == 0 else r)
            for i, r in enumerate(_panel(16))]
    ds = read_text(_csv(["Clip", "A", "B", "C"], rows))
    assert set(ds.table.scale.categories) == set(RATINGS)


def test_a_word_two_raters_give_one_subject_is_a_category_not_a_missing_mark():
    rows = [[f"W{i}"] + (["DTI", "DTI", "Stage 2"] if i in (3, 9) else
                         [["Stage 1", "Stage 2", "Stage 3"][(i + k) % 3] for k in range(3)])
            for i in range(20)]
    ds = read_text(_csv(["Wound", "TVN 1", "TVN 2", "Ward nurse"], rows))
    assert "DTI" in ds.table.scale.categories


def test_a_delphi_round_s_median_and_iqr_are_no_experts():
    """Median and IQR beside twelve experts' 1-9 ratings, in whole numbers (the IQR as a
    spreadsheet takes quartiles): summaries of the row, not experts."""
    rng = np.random.default_rng(14)
    rows = []
    for i in range(14):
        r = np.clip(rng.integers(5, 10) + rng.integers(-1, 2, 12), 1, 9)
        q = np.percentile(r, 75, method="weibull") - np.percentile(r, 25, method="weibull")
        rows.append([f"Q{i:02d}"] + [str(v) for v in r] + [str(int(np.median(r))), str(round(q))])
    ds = read_text(_csv(["Statement"] + [f"E{k:02d}" for k in range(1, 13)] + ["Median", "IQR"],
                        rows))
    assert ds.table.rater_ids == tuple(f"E{k:02d}" for k in range(1, 13))


def test_codes_a_legend_below_the_data_says_mean_no_rating_are_missing():
    rows = [[f"R{i:02d}"] + (["COI"] + [str(v) for v in r[1:]] if i % 5 == 0 else
                              ["NR"] + [str(v) for v in r[1:]] if i % 7 == 0 else
                              [str(v) for v in r])
            for i, r in enumerate(_panel(20, 4, labels=["1", "2", "3", "4", "5"]), 1)]
    text = _csv(["Application", "Rev A", "Rev B", "Rev C", "Rev D"], rows) + \
        '"Scores 1 (exceptional) - 5 (poor). COI = conflict of interest, NR = not reviewed."\n'
    ds = read_text(text)
    assert ds.table.scale.categories == ("1", "2", "3", "4", "5")
    assert "'COI', 'NR' read as missing ratings" in _note(ds, "footer-rows").message or any(
        "'COI', 'NR' read as missing ratings" in n.message for n in ds.import_notes)
