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


def test_measurements_with_a_unit_beside_a_word_column_are_refused_as_measurements():
    rows = [[f"T-{i:02d}", "MRI" if i % 2 else "CT", f"{20 + 2 * i} mm", f"{21 + 2 * i} mm"]
            for i in range(22)]
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_csv(["Lesion", "Modality", "Radiologist 1", "Radiologist 2"], rows))


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
    assert "'Trial'" in _note(ds, "subject-by-structure").message


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
