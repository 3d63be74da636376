"""Rules found on the held-out corpus 14 (issue 74, eighth pass): each on the smallest table
that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.factorial import find_split
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.importer.shortforms import number_written
from tapdesk.data.readers import read_text
from tapdesk.errors import DataError


def _tsv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join("\t".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next((n for n in ds.import_notes if n.rule == rule), None)


def _staging(after: list[str], written: bool = True, follows: bool = True) -> str:
    """Two examiners and a self-assessment crossed with two items (stages 1-5); the first
    examiner writes the item's letters before the stage ('G3', 'PH4') when ``written``; the
    columns ``after`` the cross hold measurements (mL)."""
    rng = np.random.default_rng(5)
    rows = []
    for i in range(24):
        stages = rng.integers(1, 6, 2)
        near = [[int(np.clip(s + rng.integers(-1, 2) * (rng.random() < 0.3), 1, 5)) for s in stages]
                for _ in range(3)]
        if not follows:
            near[0] = [int(rng.integers(1, 6)) for _ in stages]
        first = [f"{'G' if i % 2 else 'B'}{near[0][0]}", f"PH{near[0][1]}"] if written else \
            [str(v) for v in near[0]]
        volumes = [str(int(rng.integers(4, 25))) for _ in after]
        rows.append([f"PUB-{i:03d}", "M" if i % 2 else "F", f"{rng.uniform(9, 16):.1f}"] + first +
                    [str(v) for who in near[1:] for v in who] + volumes)
    cross = [f"{who} {item}" for who in ("Dr Ahmed", "Dr Lindqvist", "Self-assessment")
             for item in ("B/G", "PH")]
    return _tsv(["ID", "Sex", "Age (y)"] + cross + after, rows)


# ------------------------------------------- a cross followed by columns of their own
@pytest.mark.parametrize("after, crossed", [
    (["Testicular volume L (mL)", "Testicular volume R (mL)"], True),
    (["GP 3"], False),              # names a level of the cross, which it leaves incomplete
], ids=["own-names", "a-level"])
def test_a_column_after_the_cross_breaks_it_only_when_named_as_its_columns(after, crossed):
    split = find_split(["ID", "Derm 1", "Derm 2", "GP 1", "GP 2"] + after)
    assert (split is not None and len(split.parts) == 4) == crossed


# ------------------------------------------- a rater of a cross writing letters before the stage
def test_a_crossed_rater_writing_letters_before_the_stage_rates_on_the_scale():
    ds = read_text(_staging(["Testicular volume L (mL)"]))
    assert ds.table.scale.categories == ("1", "2", "3", "4", "5")
    note = _note(ds, "spellings")
    assert note is not None and "'Dr Ahmed'" in str(note.message) and "as '" in str(note.message)
    assert note.columns == ()


def test_letters_before_numbers_that_do_not_follow_the_others_stay_their_own():
    ds = read_text(_staging(["Testicular volume L (mL)"], follows=False))
    assert any(c.startswith(("B", "G", "PH")) for c in ds.table.scale.categories)
    assert _note(ds, "spellings") is None


def test_the_rule_switched_off_keeps_the_letters():
    ds = read_text(_staging(["Testicular volume L (mL)"]),
                   ImportOptions(rules_off=("spellings",)))
    assert any(c.startswith(("B", "G", "PH")) for c in ds.table.scale.categories)


# ------------------------------------------- one scale written three ways by a panel named alike
def _airway(alike: bool = True, follows: bool = True) -> str:
    """Three anaesthetists grade classes 1-4: A writes 'Class II', B '2', C 'II'; beside them a
    later grade of another scale ('2a', '2b' mostly) named otherwise."""
    rng = np.random.default_rng(8)
    roman = ["I", "II", "III", "IV"]
    rows = []
    for i in range(32):
        true = int(rng.integers(0, 4))
        seen = [true if rng.random() < 0.55 else int(rng.integers(0, 4)) for _ in range(3)]
        if not follows:
            seen[2] = int(rng.integers(0, 4))
        later = ["1", "2a", "2b", "3"][min(3, true)] if rng.random() < 0.8 else "2b"
        rows.append([f"AW-{i:03d}", f"Class {roman[seen[0]]}", str(seen[1] + 1), roman[seen[2]],
                     later])
    names = ["Anaesthetist A", "Anaesthetist B", "Anaesthetist C"] if alike else \
        ["Kim", "Okafor", "Visit"]
    return _tsv(["Patient"] + names + ["Cormack-Lehane (at intubation)"], rows)


def test_a_panel_writing_one_scale_three_ways_is_read_on_it():
    ds = read_text(_airway())
    assert ds.table.rater_ids == ("Anaesthetist A", "Anaesthetist B", "Anaesthetist C")
    assert ds.table.scale.categories == ("1", "2", "3", "4")
    said = [str(n.message) for n in ds.import_notes if n.rule == "spellings"]
    assert any("'Class II' as '2'" in s for s in said) and any("'II' as '2'" in s for s in said)
    out = _note(ds, "rater-scale")
    assert out is not None and "'Cormack-Lehane (at intubation)'" in str(out.message) and \
        "named otherwise" in str(out.message)


def test_roman_numerals_that_do_not_follow_and_are_named_otherwise_stay_their_own():
    """'Visit' I-IV at random beside raters: no rater's numbers written otherwise."""
    ds = read_text(_airway(alike=False, follows=False))
    assert "IV" in ds.table.scale.categories or "Visit" not in ds.table.rater_ids
    assert not any("'Visit'" in str(n.message) and n.rule == "spellings" for n in ds.import_notes)


@pytest.mark.parametrize("text, number", [("II", 2), ("Class IV", 4), ("NYHA III", 3),
                                          ("Grade: VI", 6)])
def test_a_roman_numeral_writes_a_number(text, number):
    assert number_written(text) == number


@pytest.mark.parametrize("text", ["ii", "IIII", "Vitamin", "IVX"])
def test_no_roman_numeral(text):
    assert number_written(text) is None


# ------------------------------------------- raters named alike beside measurements
def _chart_review(alike: bool = True) -> str:
    """Three hepatologists give a class with its points ('B8'); the third writes 'B (8)'; the
    chart's measurements (bilirubin, albumin, MELD) stand beside them."""
    rng = np.random.default_rng(21)
    classes = ["A5", "A6", "B7", "B8", "B9", "C10", "C11", "C12"]
    rows = []
    for i in range(30):
        k = int(rng.integers(0, len(classes)))
        seen = [classes[int(np.clip(k + (rng.random() < 0.3) * rng.integers(-1, 2), 0, 7))]
                for _ in range(3)]
        third = f"{seen[2][0]} ({seen[2][1:]})"
        rows.append([f"LIV-{i:03d}", str(int(rng.integers(10, 75))), str(int(rng.integers(20, 45))),
                     str(int(rng.integers(8, 40))), seen[0], seen[1], third])
    names = ["Hepatologist 1", "Hepatologist 2", "Hepatologist 3"] if alike else \
        ["Kim", "Okafor", "Hepatologist 3"]
    return _tsv(["MRN", "Bilirubin (umol/L)", "Albumin (g/L)", "MELD-Na"] + names, rows)


def test_raters_named_alike_are_the_scale_beside_more_measurements():
    ds = read_text(_chart_review())
    assert ds.table.rater_ids == ("Hepatologist 1", "Hepatologist 2", "Hepatologist 3")
    assert all(c[0] in "ABC" and "(" not in c for c in ds.table.scale.categories)
    said = _note(ds, "spellings")
    assert said is not None and "'Hepatologist 3'" in str(said.message)
    assert " (" in str(said.message).split("(", 1)[1] and "as '" in str(said.message)


def test_columns_named_each_their_own_way_do_not_make_a_panel():
    """Without a way of naming the word columns share, the larger group of numbers is the
    scale read first, as before (and the file is refused as measurements)."""
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_chart_review(alike=False))


# ------------------------------------------- one row per subject and rater, questions in columns
def _rubric(named: str = "Grade", ticks: bool = False) -> str:
    """Two markers per student answer four criteria ('Good (3)'); a column named as the rating
    holds the grade computed from them (or, with ``ticks``, true/false boxes one-hot)."""
    rng = np.random.default_rng(4)
    levels = ["Poor (1)", "Fair (2)", "Good (3)", "Excellent (4)"]
    rows = []
    for i in range(14):
        true = rng.integers(0, 4, 4)
        for marker in ("Dr Fenwick", "Dr Mensah"):
            seen = [int(np.clip(t + rng.integers(-1, 2) * (rng.random() < 0.4), 0, 3)) for t in true]
            answers = [str(s == seen[0]).lower() for s in range(4)] if ticks else \
                [levels[s] for s in seen]
            rows.append([f"Student {i}", marker] + answers + [f"{25 * (sum(seen) + 4) / 4:.2f}"])
    criteria = ["Clarity", "Literature", "Method", "Analysis"]
    return _tsv(["Student", "Marker"] + criteria + [named], rows)


def test_questions_beside_a_named_result_are_the_ratings():
    ds = read_text(_rubric())
    assert set(ds.items) == {"Clarity", "Literature", "Method", "Analysis"}
    assert ds.table.rater_ids == ("Dr Fenwick", "Dr Mensah")
    assert set(ds.table.scale.categories) <= {"Poor (1)", "Fair (2)", "Good (3)", "Excellent (4)"}
    note = _note(ds, "header-words")
    assert note is not None and "'Grade'" in str(note.message)


def test_boxes_ticked_beside_a_named_score_stay_beside_it():
    ds = read_text(_rubric(named="Score", ticks=True))
    assert not ds.items
    assert all(c not in ("true", "false") for c in ds.table.scale.categories)


def test_a_colour_chart_of_24_codes_is_one_scale_of_questions():
    """Hue B-E and brightness 1-6 ('B1' .. 'E6'): more codes than a scale of numbers has."""
    rng = np.random.default_rng(9)
    codes = [f"{h}{b}" for h in "BCDE" for b in range(1, 7)]
    rows = []
    for i in range(40):
        light, dark = int(rng.integers(0, 24)), int(rng.integers(0, 24))
        for who in rng.choice(["Noa K.", "Priya S.", "Jack R.", "Ema T."], 3, replace=False):
            jitter = lambda k: codes[int(np.clip(k + (rng.random() < 0.3), 0, 23))]  # noqa: E731
            rows.append([f"OLD-{i:02d}", str(who), jitter(light), jitter(dark)])
    ds = read_text(_tsv(["Coral ID", "Observer", "Lightest", "Darkest"], rows))
    assert set(ds.items) == {"Lightest", "Darkest"}
    assert len(ds.table.rater_ids) == 4 and len(ds.table.scale.categories) > 20


# ------------------------------------------- a rater's confidence beside each label
def _labels_with(second: str) -> str:
    """Four workers' labels, each followed by a second column per worker named ``second``."""
    rng = np.random.default_rng(12)
    labels = ["Not toxic", "Toxic", "Very toxic"]
    workers = ["w_0412", "w_1187", "w_2290", "w_3051"]
    rows = []
    for i in range(26):
        true = int(rng.integers(0, 3))
        cells = []
        for _ in workers:
            cells += [labels[true if rng.random() < 0.7 else int(rng.integers(0, 3))],
                      str(int(rng.integers(1, 6))) if second == "confidence" else
                      labels[int(rng.integers(0, 3))]]
        rows.append([f"c{i:04d}"] + cells)
    header = [f"{w}_{part}" for w in workers for part in ("label", second)]
    return _tsv(["comment_id"] + header, rows)


def test_a_raters_confidence_beside_each_label_is_no_rating():
    ds = read_text(_labels_with("confidence"))
    assert ds.table.rater_ids == ("w_0412", "w_1187", "w_2290", "w_3051")
    assert not ds.items
    assert ds.table.scale.categories == ("Not toxic", "Toxic", "Very toxic")
    said = [str(n.message) for n in ds.import_notes if n.rule == "header-words"]
    assert any("how sure each rater was" in s for s in said)
    assert any("each is read as that rater's ratings" in s for s in said)


def test_a_second_question_beside_each_label_stays_an_item():
    """'conf' (a carcass's conformation) or any other name is a question of its own."""
    ds = read_text(_labels_with("conf"))
    assert set(ds.items) == {"label", "conf"}


# ------------------------------------------- the utterances coded, each said twice
def test_the_texts_coded_are_no_rater_though_each_comes_back():
    rng = np.random.default_rng(14)
    said = ["Okay, so, uh, what do you think?", "I think it's, uh,", "Do you have kids?",
            "Is that right?", "I mean, my sister pays a fortune", "- they cut back the hours",
            "Well, I don't know", "That's a good point", "We tried that once", "Oh, I see now",
            "So what happened then?", "No, not really, no"]
    tags = ["qw", "%", "qy", "bh", "sd", "+", "sv", "ba", "sd", "b", "qw", "nn"]
    rows = []
    for i in range(2 * len(said)):
        k = i % len(said)
        rows.append([f"sw2712.utt{i}", said[k]] + [tags[k] if rng.random() < 0.85 else "sd"
                                                    for _ in range(2)])
    ds = read_text(_tsv(["utt_id", "text", "coder1", "coder2"], rows))
    assert ds.table.rater_ids == ("coder1", "coder2")


def test_a_label_of_several_words_used_again_stays_a_rating():
    """Four categories of several words: few of them, however long."""
    rng = np.random.default_rng(15)
    labels = ["No infection at all", "Local infection only", "Spreading infection seen",
              "Systemic infection suspected"]
    rows = [[f"IMG{i}"] + [labels[int(rng.integers(0, 4))] for _ in range(3)] for i in range(24)]
    ds = read_text(_tsv(["Image", "Nurse A", "Nurse B", "Nurse C"], rows))
    assert ds.table.rater_ids == ("Nurse A", "Nurse B", "Nurse C")


# ------------------------------------------- a ship's log: the hour written 'HHMM'
def test_hours_written_hhmm_are_times_not_ratings():
    """'0000' lies on the officers' scale of 0-12 as a number: written so, it is an hour."""
    hours, kept = ["0000", "0600", "1200", "1800"], False
    rng = np.random.default_rng(16)
    rows = []
    for i in range(28):
        force = int(rng.integers(1, 9))
        rows.append([f"{12 + i // 4}/01/2025", hours[i % 4]] +
                    [str(int(np.clip(force + rng.integers(-1, 2), 0, 12))) for _ in range(3)])
    ds = read_text(_tsv(["Date (UTC)", "Time (UTC)", "Chief Off.", "2nd Off.", "3rd Off."], rows))
    assert ("Time (UTC)" in ds.table.rater_ids) == kept


# ------------------------------------------- a summary row among one row per rating
def _runs(summary: str | None, every_row: bool = False) -> str:
    """Three judges score each run's outrun and lift; after each run a row named ``summary``
    holds their sum (or, with ``every_row``, one judge is called ``summary`` throughout)."""
    rng = np.random.default_rng(17)
    judges = ["J. Price", "A. McRae", summary if every_row and summary else "T. O'Hare"]
    rows = []
    for run in range(12):
        true = rng.integers(3, 9, 2)
        marks = [[int(np.clip(t + rng.integers(-1, 2), 0, 10)) for t in true] for _ in judges]
        rows += [[str(run + 1), judge, str(m[0]), str(m[1])] for judge, m in zip(judges, marks)]
        if summary and not every_row:
            rows.append([str(run + 1), summary, str(sum(m[0] for m in marks)),
                         str(sum(m[1] for m in marks))])
    return _tsv(["Run", "Judge", "Outrun", "Lift"], rows)


def test_rows_named_as_a_summary_are_no_ratings():
    ds = read_text(_runs("Aggregate"))
    assert "Aggregate" not in ds.table.rater_ids and len(ds.table.rater_ids) == 3
    note = _note(ds, "not-a-subject")
    assert note is not None and "'Aggregate'" in str(note.message) and len(note.rows) == 12


def test_a_rater_named_as_a_footer_might_be_is_a_rater():
    """'Max', each run's third judge: a person's name, though 'max' ends a table too."""
    ds = read_text(_runs("Max", every_row=True))
    assert "Max" in ds.table.rater_ids
    assert _note(ds, "not-a-subject") is None
