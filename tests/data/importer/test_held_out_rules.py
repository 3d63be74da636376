"""Rules found on the held-out corpus 8 (issue 74): each on the smallest table that shows it,
with the near miss that must stay as it was."""

from __future__ import annotations

import datetime as dt
import io

import numpy as np
import openpyxl
import pytest

from tapdesk.data.importer.values import number_without_unit, unit_of
from tapdesk.data.readers import ImportOptions, read_ratings, read_text
from tapdesk.errors import DataError
from tests.data.importer.test_audit import _panel


def _csv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(",".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next(n for n in ds.import_notes if n.rule == rule)


def _agreeing(n: int, raters: int, labels: list[str], seed: int = 3) -> list[list[str]]:
    return _panel(n, raters, labels, seed)


def test_the_reference_tells_the_raters_scale_from_the_markers_names():
    names = ["Dr Hale", "Dr Moss", "Dr Frey", "Prof Iqbal"]
    classes = ["1st", "2:1", "2:2", "3rd"]
    rows = [[f"{9000 + i}", names[i % 4], names[(i + 1) % 4], a, b, a]
            for i, (a, b) in enumerate(_agreeing(20, 2, classes))]
    ds = read_text(_csv(["Student", "Supervisor", "Second marker", "First class",
                         "Second class", "Agreed class"], rows))
    assert ds.table.rater_ids == ("First class", "Second class")
    assert set(ds.table.scale.categories) <= set(classes)
    roles = dict(ds.column_roles)
    assert roles["Supervisor"] == roles["Second marker"] == "subject attribute"
    assert roles["Agreed class"] == "reference"


def test_without_a_reference_two_scales_of_two_columns_stay_as_read():
    names = ["Dr Hale", "Dr Moss", "Dr Frey", "Prof Iqbal"]
    classes = ["1st", "2:1", "2:2", "3rd"]
    rows = [[f"{9000 + i}", names[i % 4], names[(i + 1) % 4], a, b]
            for i, (a, b) in enumerate(_agreeing(20, 2, classes))]
    ds = read_text(_csv(["Student", "Supervisor", "Second marker", "First class",
                         "Second class"], rows))
    assert len(ds.table.rater_ids) == 4        # nothing tells which scale is the raters'


def test_a_column_of_a_different_word_in_every_row_never_follows_the_raters():
    stars = ["1", "2", "3", "4", "5"]
    rows = [[f"Beer {i}", f"Brewery {i}", f"{4 + 0.3 * i:.1f}%"] + r
            for i, r in enumerate(_agreeing(16, 4, stars))]
    ds = read_text(_csv(["Beer", "Brewery", "ABV", "Anna", "Ben", "Carla", "Dev"], rows))
    assert ds.table.rater_ids == ("Anna", "Ben", "Carla", "Dev")
    assert dict(ds.column_roles)["Brewery"] == "left out (rater-scale)"


@pytest.mark.parametrize("text, unit, number", [
    ("23 mm", "mm", "23"), ("$412,500", "$", "412500"), ("12 €", "€", "12"),
    ("120 ml/h", "ml/h", "120"), ("2nd", None, "2nd"), ("2a", None, "2a"), ("10-9", None, "10-9"),
    ("58%", None, "58%")])
def test_a_number_and_its_unit(text, unit, number):
    assert unit_of(text) == unit
    assert number_without_unit(text, unit or "") == number


def test_a_thousands_mark_that_is_the_decimal_mark_is_a_decimal():
    assert number_without_unit("1,500 kg", "kg", ",") == "1,500"
    assert number_without_unit("1.500 kg", "kg", ",") == "1500"


def test_ratings_written_with_a_unit_are_numbers_said():
    rows = [[f"L{i}", f"{1 + i % 3} cm", f"{1 + (i + i // 5) % 3} cm"] for i in range(12)]
    ds = read_text(_csv(["Lesion", "Reader 1", "Reader 2"], rows))
    assert set(ds.table.scale.categories) == {"1", "2", "3"}
    assert "'cm'" in _note(ds, "units").message


def test_measurements_with_a_unit_beside_a_word_column_are_read_as_scores():
    """Two radiologists' sizes in mm are one panel's scores (issue 76): read as numbers, said;
    with the rule off, refused as measurements as before."""
    rows = [[f"T-{i:02d}", "MRI" if i % 2 else "CT", f"{20 + 2 * i} mm", f"{20 + 2 * i + i % 2} mm"]
            for i in range(22)]
    text = _csv(["Lesion", "Modality", "Radiologist 1", "Radiologist 2"], rows)
    ds = read_text(text)
    assert ds.table.rater_ids == ("Radiologist 1", "Radiologist 2")
    assert "20" in ds.table.scale.categories and "63" in ds.table.scale.categories
    assert "33 distinct numbers from 20 to 63" in _note(ds, "scores").message
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(text, ImportOptions(rules_off=("scores",)))


def test_a_total_row_of_words_off_the_scale_is_left_out():
    cards = ["10-9", "9-10", "10-8", "10-10"]
    rows = [[str(i + 1)] + r for i, r in enumerate(_agreeing(12, 3, cards))]
    rows.append(["Total", "116-108", "117-108", "118-107"])
    ds = read_text(_csv(["Rd", "Judge A", "Judge B", "Judge C"], rows))
    assert set(ds.table.scale.categories) <= set(cards)
    assert len(ds.table.subject_ids) == 12
    assert "'Total'" in _note(ds, "footer-rows").message
    kept = read_text(_csv(["Rd", "Judge A", "Judge B", "Judge C"], rows),
                     ImportOptions(rules_off=("footer-rows",)))
    assert len(kept.table.subject_ids) == 13


def test_a_total_row_of_ratings_on_the_scale_is_kept():
    cards = ["10-9", "9-10", "10-8", "10-10"]
    rows = [[str(i + 1)] + r for i, r in enumerate(_agreeing(12, 3, cards))]
    rows.append(["Total", "10-9", "10-9", "9-10"])
    ds = read_text(_csv(["Rd", "Judge A", "Judge B", "Judge C"], rows))
    assert len(ds.table.subject_ids) == 13


def _dated_sheet() -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Team member"] + [dt.datetime(2024, 1, 8) + dt.timedelta(weeks=k) for k in range(6)])
    for name, row in zip(["Aoife", "Ben", "Chidi", "Dagny"], _agreeing(4, 6, ["1", "2", "3", "4", "5"])):
        ws.append([name] + [int(v) for v in row])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_dates_across_the_top_are_the_subjects_and_the_rows_the_raters(tmp_path):
    path = tmp_path / "retro.xlsx"
    path.write_bytes(_dated_sheet())
    ds = read_ratings(str(path))
    assert ds.layout == "wide-rows"
    assert ds.table.rater_ids == ("Aoife", "Ben", "Chidi", "Dagny")
    assert ds.table.subject_ids[0] == "2024-01-08" and len(ds.table.subject_ids) == 6
    assert "dates" in str(ds.reason)


def _trials() -> str:
    rng = np.random.default_rng(5)
    standard = {p: "Pass" if rng.random() < 0.5 else "Fail" for p in range(1, 13)}
    rows = []
    for who in ["Anna", "Boris", "Chloe"]:
        for trial in ("1", "2"):
            for p in range(1, 13):
                ok = rng.random() < 0.85
                said = standard[p] if ok else ("Fail" if standard[p] == "Pass" else "Pass")
                rows.append([str(p), who, trial, said, standard[p]])
    return _csv(["Part", "Appraiser", "Trial", "Response", "Standard"], rows)


def test_a_trial_column_that_tells_a_raters_repeats_apart_is_the_item():
    ds = read_text(_trials())
    assert ds.layout == "long" and ds.items == ("1", "2")
    assert ds.table.rater_ids == ("Anna", "Boris", "Chloe") and len(ds.table.subject_ids) == 12
    assert any("'Trial'" in n.message for n in ds.import_notes
               if n.rule == "subject-by-structure")     # beside the note naming the subjects


def test_a_column_that_does_not_tell_every_pair_apart_is_no_item():
    classes = ["0", "1", "2", "3"]
    rows = [[f"{2000 + i}", "Santa Maria" if i % 3 else "São João", "F" if i % 2 else "M", a, b]
            for i, (a, b) in enumerate(_agreeing(16, 2, classes))]
    ds = read_text(_csv(["Doente", "Hospital", "Sexo", "Avaliador A", "Avaliador B"], rows))
    assert ds.layout == "wide" and ds.table.rater_ids == ("Avaliador A", "Avaliador B")


def test_teeth_in_columns_beside_the_child_and_examiner_are_items():
    rng = np.random.default_rng(8)
    rows = []
    for child in range(10):
        truth = [str(int(rng.integers(0, 7))) for _ in range(4)]
        for examiner in ("EX1", "EX2"):
            scores = [t if rng.random() < 0.8 else str(int(rng.integers(0, 7))) for t in truth]
            rows.append([f"K{child:03d}", "Greenfield" if child < 5 else "Hillside", examiner,
                         "2024-02-09"] + scores)
    ds = read_text(_csv(["child_id", "school", "examiner", "exam_date", "16", "26", "36", "46"],
                        rows))
    assert ds.items == ("16", "26", "36", "46") and ds.table.rater_ids == ("EX1", "EX2")
    note = _note(ds, "header-words")
    assert "'school'" in note.message and "no answer in common" in note.message


def _crossed_names() -> str:
    rng = np.random.default_rng(11)
    items, raters = ["MDE current", "GAD", "PTSD"], ["(Int)", "(Obs)"]
    header, rows = ["Participant"], []
    for item in items:
        header += [f"{item} {r}" for r in raters]
    for p in range(16):
        row = [f"P{p:02d}"]
        for _ in items:
            truth = str(int(rng.integers(1, 4)))
            row += [truth if rng.random() < 0.9 else str(int(rng.integers(1, 4))) for _ in raters]
        rows.append(row)
    return _csv(header, rows)


def test_the_answers_tell_which_part_of_crossed_names_is_the_rater():
    ds = read_text(_crossed_names())
    assert ds.table.rater_ids == ("(Int)", "(Obs)")
    assert ds.items == ("MDE current", "GAD", "PTSD")
    assert "agree more closely" in _note(ds, "header-words").message


def test_where_no_column_is_on_everyone_s_scale_the_raters_are_the_columns_that_share_one():
    verdicts = ["Related", "Not related", "Possibly related"]
    rows = [[f"C{i:02d}", ["DE", "FR", "JP", "US"][i % 4], f"{20 + 3 * i}/{'FM'[i % 2]}",
             ["Rash", "Nausea", "Myalgia"][i % 3], "Not reported" if i % 4 == 0 else a, b]
            for i, (a, b) in enumerate(_agreeing(24, 2, verdicts))]
    ds = read_text(_csv(["Case", "Country", "Age/Sex", "Event", "Causality (reporter)",
                         "Causality (company)"], rows))
    assert ds.table.rater_ids == ("Causality (reporter)", "Causality (company)")
    roles = dict(ds.column_roles)
    assert roles["Country"] == "subject attribute" and roles["Age/Sex"] == "left out (rater-scale)"


def test_columns_that_share_no_scale_at_all_are_said():
    rows = [[f"C{i:02d}", ["DE", "FR", "JP", "US"][i % 4], ["Rash", "Nausea", "Myalgia"][i % 3],
             ["Recovered", "Fatal"][i % 2]] for i in range(20)]
    ds = read_text(_csv(["Case", "Country", "Event", "Outcome"], rows))
    assert any("no two of the columns read as raters" in str(w) for w in ds.warnings)


def test_a_rare_phrase_among_numbers_is_a_missing_rating_said():
    rows = [[f"Film {i}"] + r for i, r in enumerate(_agreeing(15, 4, [str(k) for k in range(3, 10)]))]
    rows[2][1] = "Not seen"
    rows[5][3] = "Abstain (conflict)"
    ds = read_text(_csv(["Film", "Juror A", "Juror B", "Juror C", "Juror D"], rows))
    assert "Not seen" not in ds.table.scale.categories
    assert "Abstain (conflict)" not in ds.table.scale.categories
    assert "'Abstain (conflict)'" in _note(ds, "not-a-rating").message


def test_names_in_a_column_of_words_beside_scores_are_no_missing_marks():
    rows = [[f"Film {i}", f"Director {i % 7}"] + r
            for i, r in enumerate(_agreeing(15, 3, [str(k) for k in range(3, 10)]))]
    ds = read_text(_csv(["Film", "Director", "Juror A", "Juror B", "Juror C"], rows))
    assert not any(n.rule == "not-a-rating" and "Director" in n.message for n in ds.import_notes)


def test_no_data_in_polish_is_a_missing_rating():
    words = ["raczej tak", "raczej nie", "zdecydowanie tak"]
    rows = [[f"P{i}"] + r for i, r in enumerate(_agreeing(12, 3, words))]
    rows[4][2] = "brak danych"
    ds = read_text(_csv(["Pacjent", "R1", "R2", "R3"], rows))
    assert "brak danych" not in ds.table.scale.categories


def test_a_jury_scale_beside_an_age_and_an_average_is_read_on_the_jurors_scale():
    rng = np.random.default_rng(4)
    rows = []
    for i in range(16):
        truth = int(rng.integers(10, 25))
        scores = [str(min(25, max(1, truth + int(rng.integers(-2, 3))))) for _ in range(5)]
        mean = sum(map(int, scores)) / 5
        rows.append([str(i + 1), str(int(rng.integers(17, 31))), *scores, f"{mean:.2f}"])
    header = ["No.", "Age", "Juror 1", "Juror 2", "Juror 3", "Juror 4", "Juror 5", "Average"]
    ds = read_text(_csv(header, rows))
    assert ds.table.rater_ids == ("Juror 1", "Juror 2", "Juror 3", "Juror 4", "Juror 5")
    roles = dict(ds.column_roles)
    assert roles["Age"] == "left out (rater-scale)" and roles["Average"].startswith("left out")
    assert "'Age'" in _note(ds, "rater-scale").message
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_csv(header, rows), ImportOptions(rules_off=("rater-scale",)))


def test_scores_that_are_measurements_on_their_own_stay_refused():
    rows = [[str(i), f"{20 + 1.37 * i:.2f}", f"{21 + 1.41 * i:.2f}", f"{19 + 1.33 * i:.2f}"]
            for i in range(30)]
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_csv(["Case", "A", "B", "C"], rows))


def _mode(values: list[str]) -> str:
    counts = {v: values.count(v) for v in values if v}
    best = max(counts.values(), default=0)
    return next(v for v in values if v and counts[v] == best) if best >= 2 else ""


def test_the_raters_mode_beside_them_is_no_rater():
    rng = np.random.default_rng(9)
    rows = []
    for i in range(24):
        scores = [str(int(rng.integers(1, 4))) for _ in range(3)]
        if i % 6 == 0:
            scores[1] = ""                          # a slide one rater did not grade
        rows.append([f"SL-{i:03d}", *scores, _mode(scores)])
    ds = read_text(_csv(["Slide", "Rater 1", "Rater 2", "Rater 3", "Mode"], rows))
    assert ds.table.rater_ids == ("Rater 1", "Rater 2", "Rater 3")
    assert "their mode" in _note(ds, "rater-scale").message


def test_a_final_place_by_the_judges_total_is_no_rater():
    rng = np.random.default_rng(2)
    ranks = [rng.permutation(12) + 1 for _ in range(4)]
    totals = np.sum(ranks, axis=0) + np.arange(12) * 0.01          # no ties
    place = np.argsort(np.argsort(totals)) + 1
    rows = [[f"Entry {i}", *[str(r[i]) for r in ranks], str(place[i])] for i in range(12)]
    ds = read_text(_csv(["Entry", "J1", "J2", "J3", "J4", "Final place"], rows))
    assert ds.table.rater_ids == ("J1", "J2", "J3", "J4")
    assert "final place" in _note(ds, "rater-scale").message


def test_an_assignment_of_reviewers_is_refused():
    rng = np.random.default_rng(6)
    rows = []
    for i in range(20):
        chosen = set(rng.choice(6, 3, replace=False).tolist())
        rows.append([f"Abstract {i:03d}"] + ["X" if j in chosen else "" for j in range(6)])
    with pytest.raises(DataError, match="assignment"):
        read_text(_csv(["Abstract", "A", "B", "C", "D", "E", "F"], rows))


def test_a_question_text_named_once_beside_its_id_is_no_item():
    rows = [[f"q{i:02d}", f"Question {i:02d} about the policy?", f"According to section {i % 9}"]
            + r for i, r in enumerate(_agreeing(24, 3, ["TRUE", "FALSE"]))]
    ds = read_text(_csv(["id", "question", "model_answer", "Sofia", "Tariq", "Uma"], rows))
    assert ds.items == () and len(ds.table.subject_ids) == 24
    assert ds.table.rater_ids == ("Sofia", "Tariq", "Uma")


def test_dates_as_the_raters_are_refused_into_the_preview():
    tissue = ["Black", "Yellow", "Red", "Pink"]
    rows = [[f"Bed {i}"] + r for i, r in enumerate(_agreeing(12, 5, tissue))]
    header = ["Patient"] + [f"2025-01-{6 + 7 * k:02d}" for k in range(4)] + ["2025-02-03"]
    with pytest.raises(DataError, match="a date says when something was rated"):
        read_text(_csv(header, rows))


def test_a_column_that_crosses_the_subjects_beside_two_raters_is_the_item():
    grades = ["A", "B", "C", "D"]
    rows = [[f"SV-{p:03d}", f"Delprov {t}", *pair]
            for p in range(8) for t, pair in zip("ABC", _agreeing(3, 2, grades, seed=p))]
    ds = read_text(_csv(["Elev", "Delprov", "Lärare 1", "Lärare 2"], rows))
    # the pair names each row's subject (a student's subtest): every subtest's ratings are
    # read, as the item reading read them (issue 74's seventh pass: a subject named by a pair)
    assert ds.table.rater_ids == ("Lärare 1", "Lärare 2") and len(ds.table.subject_ids) == 24
    assert ds.table.subject_ids[:2] == ("SV-000 | Delprov A", "SV-000 | Delprov B")
    assert "'Elev' and 'Delprov' together do" in _note(ds, "header-words").message
    assert ds.table.n_ratings == 48


def test_two_crossing_id_columns_beside_one_rating_column_are_a_long_file():
    quality = ["Good", "Blurry", "Reject"]
    rows = []
    for i in range(12):
        for k, who in enumerate(("Sam Ortiz", "Lee Wong")):
            rows.append([f"rec{i}{k}x", f"Img {i:03d}", who, quality[(i + k * (i % 2)) % 3]])
    ds = read_text(_csv(["Record ID", "Name", "Reviewer", "Quality"], rows))
    assert ds.layout == "long" and ds.table.rater_ids == ("Sam Ortiz", "Lee Wong")
    assert len(ds.table.subject_ids) == 12


def test_a_comma_file_whose_cells_hold_semicolons_is_cut_at_its_commas():
    rows = [[f"CH{i:02d}", f"{4 + i % 3};{i % 12}"] + r
            for i, r in enumerate(_agreeing(12, 3, ["1", "2", "3", "4", "5"]))]
    ds = read_text(_csv(["Sample", "Age (y;m)", "SLP 1", "SLP 2", "SLP 3"], rows))
    assert ds.table.rater_ids == ("SLP 1", "SLP 2", "SLP 3")


def test_a_rating_marked_with_a_footnote_sign_is_its_rating_said():
    rows = [[f"CH{i:02d}"] + r for i, r in enumerate(_agreeing(16, 3, ["1", "2", "3", "4"]))]
    rows[3][2] += "*"
    rows[7][1] += "*"
    rows.append(["* = rated after a second listen", "", "", ""])
    ds = read_text(_csv(["Sample", "SLP 1", "SLP 2", "SLP 3"], rows))
    assert set(ds.table.scale.categories) <= {"1", "2", "3", "4"}
    assert "footnote sign" in _note(ds, "structured-cells").message


def test_semicolons_between_decimal_commas_still_split_the_fields():
    text = "case;r1;r2\n" + "".join(f"c{i};{i % 3},5;{(i + 1) % 3},5\n" for i in range(10))
    ds = read_text(text)
    assert ds.table.rater_ids == ("r1", "r2")


def test_a_task_column_beside_candidates_named_once_is_no_item():
    levels = ["A2", "A2+", "B1", "B1+", "B2"]
    rows = [[f"CAND-{i}", ["Discussion", "Role play", "Picture"][i % 3], a, b, a]
            for i, (a, b) in enumerate(_agreeing(15, 2, levels))]
    ds = read_text(_csv(["Candidate", "Task", "Examiner 1", "Examiner 2", "Agreed level"], rows))
    assert ds.items == () and ds.table.rater_ids == ("Examiner 1", "Examiner 2")
    assert dict(ds.column_roles)["Agreed level"] == "reference"
