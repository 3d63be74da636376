"""Rules found on the held-out corpora 9 and 10 (issue 74, fourth pass): each on the smallest
table that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tapdesk.data.importer.shortforms import abbreviated, number_written
from tapdesk.data.importer.values import missing_word
from tapdesk.data.importer.words import is_reference_name
from tapdesk.data.readers import read_ratings, read_text
from tapdesk.errors import DataError
from tests.data.importer.test_audit import _panel

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "import"


def _csv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(",".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next(n for n in ds.import_notes if n.rule == rule)


def test_two_columns_of_words_with_nothing_in_common_are_refused():
    films = ["Salt Road", "Winter Ledger", "Paper Boats", "Steel Town", "Half-Light", "Nocturne",
             "The Archivist", "Rivers"]
    jurors = ["Agnes Varga", "Mei Tanaka", "Ingrid Holm", "Kwame Asante"]
    rows = [[film, jurors[(f + k) % 4], f"comment number {3 * f + k}"]
            for f, film in enumerate(films) for k in range(3)]
    with pytest.raises(DataError, match="no category and no range in common"):
        read_text(_csv(["Film", "Juror", "Comment"], rows))


def test_two_raters_in_two_languages_are_said_not_refused():
    german = {"yes": "ja", "no": "nein"}
    rows = [[f"P{i}", a, german[a] if i % 6 else german[b]]
            for i, (a, b) in enumerate(_panel(18, 2, ["yes", "no"], seed=4))]
    ds = read_text(_csv(["Case", "Rater A", "Rater B"], rows))
    assert ds.table.rater_ids == ("Rater A", "Rater B")
    assert any("other words or another language" in str(w) for w in ds.warnings)


@pytest.mark.parametrize("text, number", [("PS 1", 1), ("ECOG 2", 2), ("Grade: 3", 3),
                                          ("G2", 2), ("two", 2), ("Zwei", 2), ("cero", 0),
                                          ("ECOG PS 4", 4)])
def test_a_number_written_with_words(text, number):
    assert number_written(text) == number


@pytest.mark.parametrize("text", ["2", "Type 1 MI", "seen on day 3 of the stay", "3a", "CEC-05x"])
def test_no_number_written_with_words(text):
    assert number_written(text) is None


def test_a_rater_who_writes_the_scores_with_words_is_read_as_the_numbers_said():
    words = {"0": "zero", "1": "PS 1", "2": "ECOG 2", "3": "three"}
    rows = [[f"ONC-{i:03d}", a, b, words[c] if i % 2 else c]
            for i, (a, b, c) in enumerate(_panel(20, 3, ["0", "1", "2", "3"], seed=5))]
    ds = read_text(_csv(["Patient", "Oncologist", "Nurse", "Coordinator"], rows))
    assert ds.table.rater_ids == ("Oncologist", "Nurse", "Coordinator")
    assert set(ds.table.scale.categories) == {"0", "1", "2", "3"}
    assert "'ECOG 2' as '2'" in str(_note(ds, "spellings").wording)


def test_meeting_numbers_beside_scores_are_no_rater_who_writes_words():
    rng = np.random.default_rng(2)
    rows = [[f"EV-{i}", a, b, c, f"CEC-{int(rng.integers(1, 8)):02d}"]
            for i, (a, b, c) in enumerate(_panel(24, 3, [str(k) for k in range(8)], seed=6))]
    ds = read_text(_csv(["Event", "Reader 1", "Reader 2", "Reader 3", "Meeting"], rows))
    assert ds.table.rater_ids == ("Reader 1", "Reader 2", "Reader 3")
    assert not any(n.rule == "spellings" for n in ds.import_notes)


@pytest.mark.parametrize("text", ["not documented", "Not assessed", "nicht beurteilt",
                                  "non évalué", "no evaluado", "not yet rated"])
def test_a_rating_not_made_in_so_many_words_is_missing(text):
    assert missing_word(text)


@pytest.mark.parametrize("text", ["not present", "no", "not related", "Cannot tell"])
def test_an_answer_that_starts_with_not_is_no_missing_word(text):
    assert not missing_word(text)


def test_abbreviations_of_a_scales_words():
    rag = ["Green", "Amber/Green", "Amber", "Amber/Red", "Red"]
    assert [abbreviated(s, rag) for s in ["G", "A/G", "A", "A/R", "R"]] == rag
    assert abbreviated("VG", ["Very good", "Good", "Poor"]) == "Very good"
    assert abbreviated("Exc.", ["Excellent", "Good"]) == "Excellent"
    assert abbreviated("G", ["Good", "Great"]) is None          # two fit: none
    assert abbreviated("Green", rag) is None                     # the word itself


def test_a_rater_who_abbreviates_the_scale_is_read_on_it_said():
    rag = ["Green", "Amber/Green", "Amber", "Amber/Red", "Red"]
    short = {"Green": "G", "Amber/Green": "A/G", "Amber": "A", "Amber/Red": "A/R", "Red": "R"}
    rows = [[f"Project {i}", a, b, short[c] if i % 2 else c]
            for i, (a, b, c) in enumerate(_panel(20, 3, rag, seed=7))]
    ds = read_text(_csv(["Project", "Reviewer 1", "Reviewer 2", "Reviewer 3"], rows))
    assert ds.table.rater_ids == ("Reviewer 1", "Reviewer 2", "Reviewer 3")
    assert set(ds.table.scale.categories) <= set(rag)
    assert "abbreviates" in str(_note(ds, "spellings").wording)


@pytest.mark.parametrize("name, reference", [("Agreed DCA", True), ("Final BI-RADS", True),
                                             ("ECOG consensus", True), ("JUDGE FINAL", False),
                                             ("Dr Gold", False), ("DCA", False)])
def test_a_scale_named_in_capitals_beside_a_reference_word(name, reference):
    assert is_reference_name(name) is reference


def test_two_systems_named_beside_three_raters_are_no_raters():
    prefs = ["A", "B", "Tie", "Both bad"]
    systems = ["model_x", "model_y", "model_z"]
    rows = [[f"p{i:03d}", systems[i % 3], systems[(i + 1) % 3]] + r
            for i, r in enumerate(_panel(24, 3, prefs, seed=8))]
    ds = read_text(_csv(["prompt_id", "model_a", "model_b", "Sofia", "Tariq", "Uma"], rows))
    assert ds.table.rater_ids == ("Sofia", "Tariq", "Uma")
    roles = dict(ds.column_roles)
    assert roles["model_a"] == roles["model_b"] == "subject attribute"


def _cmos(guard: str) -> str:
    rng = np.random.default_rng(3)
    systems = ["base", "ft_v2", "ft_v3", "teacher"]
    lines = ["pair_id,system_a,system_b,rater_id,cmos,comment"]
    for p in range(12):
        for r in range(8):
            score = int(rng.integers(-3, 4))
            text = f"{guard}{score:+d}" if score else "0"
            lines.append(f"pair_{p:02d},{systems[p % 4]},{systems[(p + 1) % 4]},R{r:02d},{text},"
                         f"{guard}= same" if r == 3 else f"pair_{p:02d},{systems[p % 4]},"
                         f"{systems[(p + 1) % 4]},R{r:02d},{text},")
    return "\n".join(lines) + "\n"


def test_an_apostrophe_that_guards_a_cell_from_spreadsheets_is_taken_off_said():
    ds = read_text(_cmos("'"))
    assert ds.layout == "long" and len(ds.table.rater_ids) == 8
    assert set(ds.table.scale.categories) <= {"-3", "-2", "-1", "0", "1", "2", "3"}
    assert "begin with an apostrophe" in str(_note(ds, "text-format").wording)


def test_columns_constant_within_each_subject_are_not_its_ratings():
    ds = read_text(_cmos(""))
    assert ds.layout == "long" and ds.table.rater_ids[:2] == ("R00", "R01")
    roles = dict(ds.column_roles)
    assert roles["system_a"] == roles["system_b"] == "subject attribute"
    assert roles["cmos"] == "rating"


def _tracker(n: int) -> str:
    severities = ["S1 - Blocker", "S2 - Critical", "S3 - Major", "S4 - Minor"]
    people = ["Tom Ek", "Ben Cho", "Ana Ruiz", "Li Wu", "Eva Berg"]
    labels = ["ios", "android", "web", "api", ""]
    rows = [[f"Issue number {i % 20} fails on save", f"PAY-{1200 + i}", f"{11200 + i}",
             ["Bug", "Task", "Story"][i % 3], ["Open", "Done"][i % 2], ["High", "Low"][i % 2],
             "", people[i % 5], people[(i + 2) % 5], f"0{1 + i % 9}/Mar/24 2:{10 + i} AM",
             f"1{i % 9}/Apr/24 1:{10 + i} PM", labels[i % 4], labels[(i + 1) % 5], labels[4]] + r +
            [f"PAY Sprint {40 + i % 5}", str([1, 2, 3, 5, 8][i % 5])]
            for i, r in enumerate(_panel(n, 3, severities, seed=9))]
    return _csv(["Summary", "Issue key", "Issue id", "Issue Type", "Status", "Priority",
                 "Resolution", "Assignee", "Reporter", "Created", "Updated", "Labels", "Labels",
                 "Labels", "Severity (Triager 1)", "Severity (Triager 2)", "Severity (Triager 3)",
                 "Sprint", "Story Points"], rows)


def test_a_tracker_export_is_read_on_the_words_its_triagers_share_said():
    ds = read_text(_tracker(26))
    assert ds.table.rater_ids == ("Severity (Triager 1)", "Severity (Triager 2)",
                                  "Severity (Triager 3)")
    assert set(ds.table.scale.categories) <= {"S1 - Blocker", "S2 - Critical", "S3 - Major",
                                              "S4 - Minor"}
    roles = dict(ds.column_roles)
    assert roles["Assignee"] == roles["Reporter"] == "subject attribute"


def test_a_tracker_export_refused_for_its_many_words_is_read_on_its_triagers_words_said():
    ds = read_ratings(FIXTURES / "tracker_three_triagers.csv")     # a Jira export (corpus 9)
    assert [r[-12:] for r in ds.table.rater_ids] == ["(Triager 1))", "(Triager 2))",
                                                      "(Triager 3))"]
    assert set(ds.table.scale.categories) == {"S1 - Blocker", "S2 - Critical", "S3 - Major",
                                              "S4 - Minor"}
    left = [n for n in ds.import_notes if n.rule == "rater-scale" and
            "not on the common scale of the rater columns" in str(n.wording)]
    assert {c for n in left for c in n.columns} >= {"Summary", "Issue key", "Assignee"}


def test_free_text_in_every_column_stays_refused():
    rows = [[f"Title {i}", f"note {i} here", f"text {i} there", f"more {i}"] for i in range(60)]
    with pytest.raises(DataError, match="different labels"):
        read_text(_csv(["Title", "A", "B", "C"], rows))


def test_negative_codes_beside_a_scale_above_zero_are_offered_as_missing():
    marks = [str(k) for k in range(1, 7)]
    rows = [[f"P{i}"] + [("-77" if (i + k) % 7 == 0 else v) for k, v in enumerate(r)]
            for i, r in enumerate(_panel(20, 4, marks, seed=10))]
    ds = read_text(_csv(["lfdn", "v_12", "v_13", "v_14", "v_15"], rows))
    assert "-77" in ds.table.scale.categories        # kept, as every suspect code is, and said
    assert any(n.rule == "missing-code-suspect" and n.suggested_missing == "-77"
               for n in ds.import_notes)


def test_a_scale_that_runs_below_zero_keeps_its_negative_points():
    cmos = [str(k) for k in range(-3, 4)]
    rows = [[f"P{i}"] + r for i, r in enumerate(_panel(20, 3, cmos, seed=11))]
    ds = read_text(_csv(["Pair", "R1", "R2", "R3"], rows))
    assert {"-3", "-1"} <= set(ds.table.scale.categories)
    assert not any(n.rule == "missing-code-suspect" for n in ds.import_notes)


def _peers(self_rows: bool) -> str:
    people = [f"Student {c}" for c in "ABCDEFGH"]
    rng = np.random.default_rng(12)
    lines = ["Team,Rater Name,Ratee Name,Contributing,Interacting,Quality"]
    for t in range(2):
        team = people[4 * t:4 * t + 4]
        for rater in team:
            for ratee in team:
                if rater != ratee or self_rows:
                    lines.append(f"Team {t},{rater},{ratee}," +
                                 ",".join(str(int(rng.integers(3, 6))) for _ in range(3)))
    return "\n".join(lines) + "\n"


def test_a_person_who_rates_themself_is_left_out_said():
    ds = read_text(_peers(True))
    assert ds.layout == "long"
    note = _note(ds, "self-ratings")
    assert "rates themself" in str(note.wording) and len(note.rows) == 8
    raters, subjects = ds.table.rater_ids, ds.table.subject_ids
    pairs = {(subjects[s], raters[r]) for s, r in zip(ds.table.subject, ds.table.rater)}
    assert not any(s.startswith(r) for s, r in pairs)


def test_peers_who_never_rate_themselves_are_read_as_they_are():
    ds = read_text(_peers(False))
    assert not any(n.rule == "self-ratings" for n in ds.import_notes)


@pytest.mark.parametrize("name, reference", [("RSD (consensus + ophthalmoscopy)", True),
                                             ("Expert consensus", True),
                                             ("Reader 2 consensus", False),
                                             ("Dr Consensus", False)])
def test_a_word_that_says_reference_whatever_stands_beside_it(name, reference):
    assert is_reference_name(name) is reference


def test_the_coders_modal_code_beside_them_is_no_rater():
    codes = ["Question", "Reflection", "Affirmation", "Advice", "Other"]
    rows = []
    for i, r in enumerate(_panel(100, 4, codes, seed=13)):
        counts = {c: r.count(c) for c in r}
        modal = max(r, key=lambda c: (counts[c], -codes.index(c)))     # a tie: the first code
        rows.append([f"U{i:02d}", modal] + r)
    ds = read_text(_csv(["Segment", "Modal code", "Coder 1", "Coder 2", "Coder 3", "Coder 4"], rows))
    assert ds.table.rater_ids == ("Coder 1", "Coder 2", "Coder 3", "Coder 4")
    assert any("Modal code" in n.columns for n in ds.import_notes)       # said


def test_a_coder_who_mostly_agrees_with_the_others_stays_a_coder():
    codes = ["Question", "Reflection", "Affirmation", "Advice", "Other"]
    ds = read_text(_csv(["Segment", "Coder 1", "Coder 2", "Coder 3", "Coder 4"],
                        [[f"U{i:02d}"] + r for i, r in enumerate(_panel(30, 4, codes, seed=13))]))
    assert len(ds.table.rater_ids) == 4


def test_crossing_children_and_words_beside_a_target_are_the_subject_and_item():
    phones = ["s", "θ", "ʃ", "f"]
    words = {"sun": "s", "thumb": "θ", "shoe": "ʃ", "fish": "f", "sock": "s", "ship": "ʃ"}
    rng = np.random.default_rng(14)
    rows = []
    for c in range(8):
        for word, target in words.items():
            said = target if rng.random() < 0.6 else phones[int(rng.integers(4))]
            other = said if rng.random() < 0.8 else phones[int(rng.integers(4))]
            rows.append([f"CH{c:02d}", f"{3 + c % 4};0{c % 9}", word, target, "initial", said, other])
    ds = read_text(_csv(["Child", "Age", "Word", "Target", "Position", "Transcriber KM",
                         "Transcriber AS"], rows))
    assert ds.table.rater_ids == ("Transcriber KM", "Transcriber AS")
    roles = dict(ds.column_roles)
    assert roles["Child"] == "subject" and roles["Word"] == "item"
