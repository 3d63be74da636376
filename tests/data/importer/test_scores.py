"""Ratings read as scores (issue 76 item 1; issue 74's false refusals): numbers too many for
categories are one panel's scores when the raters are named as a panel and give scores in one
range; measurements of different things stay refused. Each on the smallest table that shows it,
with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk import i18n
from tapdesk.data.readers import ImportOptions, read_text
from tapdesk.errors import DataError
from tests.data.importer.test_held_out_rules_10 import _tsv


def _marks(raters: list[str], n: int = 24, far: int | None = None) -> str:
    """Jurors mark n entries out of 20 in half points; the juror at index ``far`` marks on
    a scale of its own, 60 points higher."""
    rng = np.random.default_rng(76)
    rows = []
    for i in range(n):
        level = rng.integers(12, 34) / 2
        marks = [float(np.clip(level + rng.integers(-3, 4) / 2, 0, 20)) for _ in raters]
        if far is not None:
            marks[far] += 60
        rows.append([f"E{i + 1:02d}"] + [f"{m:g}" for m in marks])
    return _tsv(["Entry"] + raters, rows)


def _scores_note(ds) -> str:
    return next(str(n.message) for n in ds.import_notes if n.rule == "scores")


def test_marks_in_half_points_by_a_named_panel_are_read_as_scores() -> None:
    ds = read_text(_marks(["Juror 1", "Juror 2", "Juror 3", "Juror 4"]))
    assert ds.table.rater_ids == ("Juror 1", "Juror 2", "Juror 3", "Juror 4")
    assert ds.table.scale.ordinal
    numbers = [float(c) for c in ds.table.scale.categories]
    assert numbers == sorted(numbers) and len(numbers) > 20
    said = _scores_note(ds)
    assert f"{len(numbers)} distinct numbers from" in said and "cut-off" in said


def test_the_rule_switched_off_refuses_the_marks_as_measurements() -> None:
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_marks(["Juror 1", "Juror 2", "Juror 3"]), ImportOptions(rules_off=("scores",)))


def test_columns_each_named_its_own_way_are_measurements_not_scores() -> None:
    """Three quantities measured on each patient: no panel, so refused as before."""
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_marks(["Bilirubin", "Albumin", "Creatinine"]))


def test_a_column_named_as_a_juror_but_on_a_scale_of_its_own_is_no_juror_of_the_panel() -> None:
    """A fourth 'juror' whose middle mark lies far beyond the others' marks is not read as
    one of the panel's scores (left out as off the scale, or the file refused)."""
    try:
        ds = read_text(_marks(["Juror 1", "Juror 2", "Juror 3", "Juror 4"], far=3))
    except DataError as refused:
        assert "continuous measurements" in str(refused)
    else:
        assert "Juror 4" not in ds.table.rater_ids


def test_a_long_file_of_scores_by_a_column_of_raters_is_read_as_scores() -> None:
    rng = np.random.default_rng(77)
    rows = [[f"S{s}", f"reader_{r}", f"{float(rng.integers(0, 1000)) / 10:g}"]
            for s in range(15) for r in range(3)]
    ds = read_text(_tsv(["case_id", "reader", "vas"], rows))
    assert ds.table.rater_ids == ("reader_0", "reader_1", "reader_2")
    assert len(ds.table.subject_ids) == 15
    assert "distinct numbers from" in _scores_note(ds)


def test_a_german_visual_analogue_file_is_read_as_scores_and_said_in_german() -> None:
    """Issue 76's acceptance: a 0-100 VAS file with decimal commas and a German header."""
    rng = np.random.default_rng(78)
    lines = ["Patient;Ärztin 1;Ärztin 2;Ärztin 3"]
    for i in range(20):
        base = rng.integers(50, 950)
        lines.append(";".join([f"P{i + 1}"] + [f"{(base + rng.integers(-40, 41)) / 10:.1f}"
                                              .replace(".", ",") for _ in range(3)]))
    ds = read_text("\n".join(lines) + "\n")
    assert ds.table.rater_ids == ("Ärztin 1", "Ärztin 2", "Ärztin 3")
    assert all("," not in c for c in ds.table.scale.categories)     # numbers, a point inside
    note = next(n for n in ds.import_notes if n.rule == "scores")
    with i18n.language("de"):
        said = str(note.message)
    assert "als Punktwerte gelesen" in said and "verschiedene Zahlen von" in said, said
    low, high = (min(ds.table.scale.categories, key=float), max(ds.table.scale.categories, key=float))
    assert f"von {low.replace('.', ',')} bis {high.replace('.', ',')}" in said, said


def test_scores_default_to_a_cut_at_their_median_and_a_binary_fit_asks_for_one() -> None:
    """The app starts scores cut at their median (Class 1 = at or below it); the command line,
    given no cut, says the ratings are scores and names the median instead of listing them."""
    from tapdesk.data.binary import choose_class1, default_choice, ratings_per_category

    ds = read_text(_marks(["Juror 1", "Juror 2", "Juror 3", "Juror 4"]))
    scale, counts = ds.table.scale, ratings_per_category(ds.table)
    assert scale.scores
    choice = default_choice(scale, counts)
    ratings = sorted(float(scale.categories[r]) for r in ds.table.rating)
    median = ratings[(len(ratings) - 1) // 2]
    assert float(choice.class1[-1]) == median and float(choice.class0[0]) > median
    assert choice.reason.startswith("default: the ratings are scores, cut at their median")
    with pytest.raises(DataError, match=r"the ratings are scores \(\d+ distinct numbers from .* "
                                        r"their median is '" + f"{median:g}'"):
        choose_class1(scale, None, None, counts=counts)
