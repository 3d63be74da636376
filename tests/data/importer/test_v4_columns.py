"""Issue 40, families 1-3: reference answers, bookkeeping columns, free text, quiz scores and
years are not raters, and each is said in a note; near misses stay raters."""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np
import pytest

from tapdesk.cli.common import add_data_arguments
from tapdesk.data.importer import ImportOptions, import_text
from tapdesk.data.importer.freetext import is_comment_name, quiz_score
from tapdesk.data.importer.words import is_bookkeeping_name, is_exclude_name, is_reference_name
from tapdesk.library.reading import import_options


def read(rows: list[list[object]], **options) -> object:
    text = "\n".join(",".join("" if v is None else str(v) for v in row) for row in rows) + "\n"
    return import_text(text, ImportOptions(**options))


def notes(ds, rule: str) -> list:
    return [n for n in ds.import_notes if n.rule == rule]


def raters(ds) -> set[str]:
    return set(ds.table.rater_ids)


def noisy(seed: int, n: int, k: int, accuracy: float, labels=("1", "2", "3", "4")):
    """``n`` subjects rated by ``k`` raters who are right with ``accuracy``; the truths."""
    rng = np.random.default_rng(seed)
    truth = rng.choice(labels, n)
    grid = [[t if rng.random() < accuracy else rng.choice([v for v in labels if v != t])
             for _ in range(k)] for t in truth]
    return grid, truth


def majority(row, fallback):
    (top, count), = Counter(row).most_common(1)
    return top if 2 * count > len(row) else fallback


# ------------------------------------------------------------------ reference answers
PANEL = [["case", "A", "B", "C", "Consensus"],
         ["c1", "yes", "yes", "no", "yes"], ["c2", "no", "no", "no", "no"],
         ["c3", "yes", "no", "no", "no"], ["c4", "yes", "yes", "yes", "yes"],
         ["c5", "no", "yes", "yes", "yes"]]


def test_a_consensus_column_is_the_reference_not_a_rater():
    ds = read(PANEL)
    assert raters(ds) == {"A", "B", "C"}
    note, = notes(ds, "reference-answer")
    assert note.columns == ("Consensus",) and note.action == "left out" and note.switchable
    assert "reference answer (its name says so)" in note.message
    assert "validity check" in note.message and "not counted as a rater" in note.message
    assert ds.references == {"Consensus": {"c1": "yes", "c2": "no", "c3": "no", "c4": "yes",
                                           "c5": "yes"}}
    assert ("Consensus", "reference") in ds.column_roles


def test_the_user_keeps_a_reference_as_a_rater_by_rule_or_by_role():
    off = read(PANEL, rules_off=("reference-answer",))
    role = read(PANEL, column_roles=(("Consensus", "rater"),))
    for ds in (off, role):
        assert raters(ds) == {"A", "B", "C", "Consensus"}
        assert not notes(ds, "reference-answer") and not ds.references


def test_a_column_chosen_as_reference_is_one_whatever_its_name():
    rows = [r[:4] for r in PANEL]
    ds = read(rows, column_roles=(("C", "reference"),))
    assert raters(ds) == {"A", "B"}
    note, = notes(ds, "user-roles")
    assert not note.switchable and "reference answer" in note.message and "you chose" in note.message
    assert ds.references["C"]["c5"] == "yes"


def test_a_column_chosen_to_leave_out_is_left_out():
    ds = read(PANEL, column_roles=(("C", "leave out"),))
    assert raters(ds) == {"A", "B"}
    assert notes(ds, "user-roles")[0].columns == ("C",)


@pytest.mark.parametrize("header", ["Reader E", "X", "Judge Final"])
def test_a_column_built_as_the_majority_is_found_by_its_structure(header):
    grid, truth = noisy(1, 40, 4, 0.65)
    rows = [["subject", "R1", "R2", "R3", "R4", header]] + \
        [[f"s{i}"] + row + [majority(row, t)] for i, (row, t) in enumerate(zip(grid, truth))]
    ds = read(rows)
    assert raters(ds) == {"R1", "R2", "R3", "R4"}
    note, = notes(ds, "reference-answer")
    assert note.columns == (header,)
    assert "it equals the majority of the other raters in" in note.message
    assert len(ds.references[header]) == 40


def test_good_raters_who_agree_often_stay_raters():
    for seed in range(6):
        grid, _ = noisy(seed, 60, 4, 0.93)
        rows = [["subject", "R1", "R2", "Judge Final", "R4"]] + \
            [[f"s{i}"] + row for i, row in enumerate(grid)]
        ds = read(rows)
        assert raters(ds) == {"R1", "R2", "Judge Final", "R4"}, seed
        assert not notes(ds, "reference-answer")


def test_with_two_other_raters_the_structure_does_not_decide():
    grid, truth = noisy(3, 40, 2, 0.7)
    rows = [["subject", "R1", "R2", "R3"]] + \
        [[f"s{i}"] + row + [row[0] if row[0] == row[1] else t]
         for i, (row, t) in enumerate(zip(grid, truth))]
    assert raters(read(rows)) == {"R1", "R2", "R3"}


def test_a_consensus_rater_in_a_long_file_is_the_reference():
    rows = [["subject", "rater", "rating"]]
    for s, a, b, c in (("s1", 1, 2, 1), ("s2", 3, 3, 3), ("s3", 2, 2, 1)):
        rows += [[s, "ann", a], [s, "bob", b], [s, "consensus", c]]
    ds = read(rows)
    assert raters(ds) == {"ann", "bob"}
    note, = notes(ds, "reference-answer")
    assert "rater 'consensus' is a reference answer" in note.message
    assert ds.references == {"consensus": {"s1": "1", "s2": "3", "s3": "1"}}


def test_a_gold_column_of_a_long_file_is_the_reference():
    rows = [["item", "annotator", "label", "gold_label"]]
    for s, a, b, g in (("t1", "pos", "neg", "pos"), ("t2", "neg", "neg", "neg"),
                       ("t3", "pos", "pos", "neg")):
        rows += [[s, "w1", a, g], [s, "w2", b, g]]
    ds = read(rows)
    assert raters(ds) == {"w1", "w2"}
    assert ds.references == {"gold_label": {"t1": "pos", "t2": "neg", "t3": "neg"}}


@pytest.mark.parametrize("name, is_ref", [
    ("Consensus", True), ("gold_label", True), ("goldLabel", True), ("Final answer", True),
    ("FINAL DIAGNOSIS", True), ("verdict final", True), ("Konsens", True), ("référence", True),
    ("majority vote", True), ("Expert panel", True), ("true_label", True), ("True", False),
    ("Judge Final", False), ("Dr Gold", False),
    ("Goldman", False), ("Rater 3", False), ("final 2", False)])
def test_reference_names(name, is_ref):
    assert is_reference_name(name) is is_ref


# ------------------------------------------------------------------------ bookkeeping
def test_flags_on_the_rating_scale_are_bookkeeping():
    rows = [["id", "R1", "R2", "reviewed", "R3", "QC pass"]] + \
        [[f"s{i}", i % 2, (i // 2) % 2, 1, (i // 3) % 2, "TRUE" if i % 3 else "FALSE"]
         for i in range(8)]
    ds = read(rows)
    assert raters(ds) == {"R1", "R2", "R3"}
    assert {n.columns[0] for n in notes(ds, "bookkeeping")} == {"reviewed", "QC pass"}
    assert all(n.switchable for n in notes(ds, "bookkeeping"))


def test_a_rater_called_checker_on_a_binary_scale_stays():
    rows = [["id", "R1", "Checker", "R3"]] + \
        [[f"s{i}", i % 2, (i // 2) % 2, (i // 3) % 2] for i in range(8)]
    ds = read(rows)
    assert raters(ds) == {"R1", "Checker", "R3"}
    assert not notes(ds, "bookkeeping")


def test_a_constant_column_is_left_out_when_long_enough_and_warned_of_when_short():
    long_rows = [["id", "R1", "R2", "version"]] + \
        [[f"s{i}", 1 + i % 3, 1 + (i // 2) % 3, 1] for i in range(24)]
    ds = read(long_rows)
    assert raters(ds) == {"R1", "R2"}
    assert "holds '1' in all 24 rows" in notes(ds, "bookkeeping")[0].message
    short = read(long_rows[:9])
    named = read([["id", "R1", "R2", "Rater 3"]] + long_rows[1:])
    for ds, kept in ((short, "version"), (named, "Rater 3")):
        assert raters(ds) == {"R1", "R2", kept}
        warning, = notes(ds, "bookkeeping")
        assert warning.action == "warning" and "kept as a rater" in warning.message


def test_a_count_of_the_ratings_is_calculated():
    rows = [["id", "R1", "R2", "R3", "n"],
            ["s1", 1, 2, None, 2], ["s2", 2, 2, 3, 3], ["s3", None, 1, None, 1],
            ["s4", 3, None, 3, 2], ["s5", 1, 1, 1, 3]]
    ds = read(rows)
    assert raters(ds) == {"R1", "R2", "R3"}
    note, = notes(ds, "calculated-columns")
    assert note.columns == ("n",) and "count the filled cells" in note.message


EXCLUDED = [["subject", "R1", "R2", "excluded"], ["s1", "a", "b", "no"], ["s2", "b", "b", "yes"],
            ["s3", "a", "a", "no"], ["s4", "b", "a", "yes"], ["s5", "a", "a", ""]]


def test_an_exclusion_flag_is_named_and_dropped_only_when_asked():
    kept = read(EXCLUDED)
    assert set(kept.table.subject_ids) == {"s1", "s2", "s3", "s4", "s5"}
    flag, = notes(kept, "exclude-flag")
    assert flag.action == "warning" and "s2, s4" in flag.message and flag.rows == (3, 5)
    assert flag.settings == ("drop_flagged",)
    dropped = read(EXCLUDED, drop_flagged=True)
    assert set(dropped.table.subject_ids) == {"s1", "s3", "s5"}
    assert notes(dropped, "exclude-flag")[0].action == "left out"


def test_an_exclusion_flag_in_a_long_file():
    rows = [["subject", "rater", "rating", "Exclude?"]]
    for s, flag in (("s1", "0"), ("s2", "1"), ("s3", "0")):
        rows += [[s, "r1", 1, flag], [s, "r2", 2, flag]]
    assert set(read(rows, drop_flagged=True).table.subject_ids) == {"s1", "s3"}
    assert "s2" in notes(read(rows), "exclude-flag")[0].message


def test_the_command_line_drops_flagged_subjects():
    parser = argparse.ArgumentParser()
    add_data_arguments(parser)
    assert import_options(parser.parse_args(["f.csv", "--drop-flagged"])).drop_flagged
    assert not import_options(parser.parse_args(["f.csv"])).drop_flagged


@pytest.mark.parametrize("name, book, exclude", [
    ("reviewed", True, False), ("QC pass", True, False), ("double_entry", True, False),
    ("Record status", True, False), ("geprüft", True, False), ("excluded", True, True),
    ("Checker", False, False), ("Dr Review", False, False), ("Rater 2", False, False)])
def test_bookkeeping_names(name, book, exclude):
    assert is_bookkeeping_name(name) is book
    assert is_exclude_name(name) is exclude


# ------------------------------------------------------------- free text, scores, years
@pytest.mark.parametrize("header", ["Any comments?", "Anything else you would like to add?",
                                    "Kommentar", "observaciones", "Q7"])
def test_free_text_beside_worded_ratings_is_not_a_rater(header):
    says = ("the second case was hard to judge", "audio was poor for a while",
            "more time per item would help", "I was unsure on this one", "nothing to add here",
            "great session and thank you")
    rows = [["id", "R1", "R2", "R3", header]] + \
        [[f"s{i}", ("mild", "severe")[i % 2], ("mild", "none")[i % 2], "none", says[i]]
         for i in range(6)]
    ds = read(rows)
    assert raters(ds) == {"R1", "R2", "R3"}
    assert notes(ds, "comment-columns")[0].columns == (header,)


def test_quiz_scores_and_years_are_not_raters():
    rows = [["student", "R1", "Quiz", "R2", "born"]] + \
        [[f"s{i}", 1 + i % 3, f"{i % 7} / 6", 1 + (i // 2) % 3, 1980 + i] for i in range(6)]
    ds = read(rows)
    assert raters(ds) == {"R1", "R2"}
    why = {n.columns[0]: n.message for n in notes(ds, "non-rating-columns")}
    assert "scores out of 6" in why["Quiz"] and "years" in why["born"]


def test_years_without_a_telling_name_beside_small_numbers():
    rows = [["id", "R1", "R2", "R3", "Q12"]] + \
        [[f"s{i}", 1 + i % 3, 1 + (i // 2) % 3, 1 + (i // 3) % 3, 1950 + 3 * i] for i in range(6)]
    assert raters(read(rows)) == {"R1", "R2", "R3"}


def test_ratings_written_out_of_a_total_stay_ratings():
    rows = [["id", "R1", "R2", "R3"]] + \
        [[f"s{i}", f"{1 + i % 5}/5", f"{1 + (i // 2) % 5}/5", f"{1 + i % 4}/5"] for i in range(6)]
    ds = read(rows)
    assert raters(ds) == {"R1", "R2", "R3"} and not notes(ds, "non-rating-columns")


def test_comment_and_score_words():
    assert is_comment_name("Any comments?") and is_comment_name("Weitere Anmerkungen")
    assert not is_comment_name("Note 2") and not is_comment_name("Rater 1")
    assert quiz_score(["4 / 6", "5/6", ""]) == "6" and quiz_score(["4/6", "3/5"]) is None


def test_a_consensus_row_of_a_table_with_raters_in_rows_is_the_reference():
    rows = [["rater", "s1", "s2", "s3", "s4"], ["Rater 1", 1, 2, 2, 3], ["Rater 2", 1, 2, 3, 3],
            ["Rater 3", 2, 2, 3, 3], ["Consensus", 1, 2, 3, 3]]
    ds = read(rows)
    assert ds.layout == "wide-rows"
    assert raters(ds) == {"Rater 1", "Rater 2", "Rater 3"}
    assert ds.references == {"Consensus": {"s1": "1", "s2": "2", "s3": "3", "s4": "3"}}
    assert notes(ds, "reference-answer")[0].rows == (5,)


def test_the_binomial_tail_matches_scipy():
    from scipy.stats import binom

    from tapdesk.data.importer.refcols import at_least
    for hits, rows, rate in ((39, 39, 0.852), (36, 42, 0.6), (5, 20, 0.5), (0, 10, 0.3)):
        assert at_least(hits, rows, rate) == pytest.approx(binom.sf(hits - 1, rows, rate),
                                                           rel=1e-9)
