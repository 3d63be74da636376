"""Rules found on the held-out corpus 18 (issue 74, thirteenth pass). Each on the smallest table
that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.readers import read_text
from tapdesk.errors import DataError
from tests.data.importer.test_held_out_rules_10 import _panel, _tsv

HOLES = [str(h) for h in range(1, 19)]


def _cards(n: int = 10, seed: int = 3) -> list[list[int]]:
    """Each player's strokes on eighteen holes (par 3 to 5, a stroke or two over)."""
    rng = np.random.default_rng(seed)
    par = rng.integers(3, 6, len(HOLES))
    return [[int(p + rng.choice([-1, 0, 1, 2, 3], p=[.08, .4, .35, .12, .05])) for p in par]
            for _ in range(n)]


def _players(n: int) -> list[str]:
    return ["L. Abbott", "I. Bakshi", "N. Cho", "I. Delaney", "D. Ekwueme", "P. Fraser",
            "E. Gallagher", "L. Horvat", "H. Iqbal", "E. Jensen", "E. Kaplan", "O. Lindqvist",
            "E. Mahmoud", "S. Novak", "R. Okafor", "T. Petrov"][:n]


def _medal(n: int = 16) -> tuple[list[str], list[list[str]]]:
    """A medal card summary: holes 1-18 with 'Out' after the ninth, then 'In', 'Gross', the
    handicap and 'Net'; a Par row first."""
    header = ["Hole"] + HOLES[:9] + ["Out"] + HOLES[9:] + ["In", "Gross", "H'cap", "Net"]
    cards = _cards(n)
    par = [min(c) for c in zip(*cards)]
    rows = [["Par"] + [str(v) for v in par[:9]] + [str(sum(par[:9]))] + [str(v) for v in par[9:]] +
            [str(sum(par[9:])), str(sum(par)), "", ""]]
    for k, (name, c) in enumerate(zip(_players(n), cards)):
        cap = 2 + 5 * k % 27
        back: list[str] = [str(v) for v in c[9:]] + [str(sum(c[9:])), str(sum(c)), str(cap),
                                                     str(sum(c) - cap)]
        if k == 5:                     # no return: the back nine not finished
            back = [str(v) for v in c[9:14]] + ["NR"] * 4 + ["", "", str(cap), "NR"]
        rows.append([name] + [str(v) for v in c[:9]] + [str(sum(c[:9]))] + back)
    return header, rows


def test_rows_that_add_up_to_their_own_total_are_refused_as_scorecards():
    """One row per player, holes across the top: read as raters in rows, but 'Out' is each
    row's sum of holes 1-9, so each row is one player's card."""
    with pytest.raises(DataError) as refused:
        read_text(_tsv(*_medal()))
    said = str(refused.value)
    assert "column 'Out' is the sum of the row's values in columns '1' to '9'" in said
    assert "scorecard" in said and "continuous" not in said


def test_the_rule_switched_off_reads_the_rows_as_raters_again():
    ds = read_text(_tsv(*_medal()), ImportOptions(rules_off=("row-totals",)))
    assert ds.layout == "wide-rows" and len(ds.table.rater_ids) == 17


@pytest.mark.parametrize("extra", ["count", "none", "sum of two"])
def test_coders_in_rows_without_a_total_of_their_own_stay_a_panel(extra):
    """A reliability-data matrix (coders in rows, units across): a column of how many units
    each coder coded, or a sum of only two columns, is no scorecard's total."""
    cards = _cards()
    header = ["Coder"] + HOLES + ([] if extra == "none" else ["n"])
    rows = []
    for name, c in zip(_players(10), cards):
        tail = {"count": [str(len(c))], "none": [], "sum of two": [str(c[0] + c[1])]}[extra]
        rows.append([name] + [str(v) for v in c] + tail)
    ds = read_text(_tsv(header, rows))
    assert ds.layout == "wide-rows" and len(ds.table.rater_ids) == 10


def _tokens(n: int = 42, seed: int = 8) -> list[list[str]]:
    """Tokens of a sociolinguistic variable coded 'in' / 'ing' by two coders, beside the
    speaker's id, age, sex and class, the word and what follows it."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        speaker = int(rng.integers(1, 7))
        form = "in" if rng.random() < 0.5 else "ing"
        other = form if rng.random() < 0.85 else ("ing" if form == "in" else "in")
        rows.append([f"T{i + 1:03d}", f"S{speaker:02d}", str(18 + 9 * speaker), "FM"[speaker % 2],
                     ["working", "middle"][speaker % 3 == 0],
                     str(rng.choice(["fishing", "talking", "nothing", "something", "going",
                                     "morning", "working", "singing", "reading", "thinking",
                                     "evening", "building"])),
                     str(rng.choice(["consonant", "vowel", "pause"])),
                     f"{30 + 20 * i + rng.random():.3f}", form, other])
    return rows


@pytest.mark.parametrize("coders, raters", [
    (["coder_RB", "coder_LT"], True),           # a rater word shared, one part changed
    (["Coder 1", "Coder 2"], True),
    (["form_RB", "form_LT"], False),            # no rater word: two columns alike, not a panel
])
def test_two_columns_named_as_a_pair_of_raters_are_read_beside_many_others(coders, raters):
    header = ["token_id", "speaker", "age", "sex", "class", "word", "following", "start_s"] + coders
    text = _tsv(header, _tokens())
    if not raters:
        with pytest.raises(DataError):
            read_text(text)
        return
    ds = read_text(text)
    assert ds.table.rater_ids == tuple(coders)
    assert dict(ds.column_roles)["word"] != "rater"


def test_a_column_that_varies_within_a_subject_is_no_subject_attribute():
    """Interviews with ten questions each, two coders coding how each question was read; the
    respondent's answer code changes from question to question, so it is no property of the
    interview: left out, not read as an attribute (which the interview could not hold)."""
    rng = np.random.default_rng(2)
    rows = []
    for interview in range(8):
        for q in range(1, 11):
            read = str(rng.choice(["E", "S", "M"], p=[.6, .3, .1]))
            other = read if rng.random() < 0.8 else str(rng.choice(["E", "S", "M"]))
            rows.append([f"INT{interview:03d}", f"IW{21 + interview % 3}", f"Q{q}",
                         f"00:{q:02d}:{interview * 7 % 60:02d}", read, other,
                         str(rng.choice(["AA", "IA", "RC", "DK"]))])
    header = ["Interview", "Interviewer", "Question", "Audio start", "Coder 1", "Coder 2",
              "Respondent code (C1)"]
    ds = read_text(_tsv(header, rows))
    assert ds.table.rater_ids == ("Coder 1", "Coder 2")
    assert dict(ds.column_roles)["Respondent code (C1)"].startswith("left out")


def _items_with_subscale_means(mean_row: bool = True) -> list[list[str]]:
    """Two observers score 14 items 1-7 in two subscales; over each subscale a row holds
    each observer's mean of its items (3.57), as scoring sheets keep them."""
    rng = np.random.default_rng(6)
    rows: list[list[str]] = []
    for subscale, items in (("Space", range(1, 8)), ("Routines", range(8, 15))):
        block = []
        for item in items:
            true = int(rng.integers(1, 8))
            second = min(7, max(1, true + int(rng.choice([-1, 0, 0, 0, 1]))))
            block.append([f"{item} Item {item}", str(true), str(second)])
        means = [np.mean([int(r[k]) for r in block]) for k in (1, 2)]
        if mean_row:
            rows.append([f"Subscale: {subscale}"] + [f"{m:.2f}".rstrip("0").rstrip(".") for m in means])
        rows += block
    return rows


def test_a_row_holding_the_means_of_the_rows_below_it_is_no_subject():
    ds = read_text(_tsv(["Item", "Obs. 1", "Obs. 2"], _items_with_subscale_means()))
    assert len(ds.table.subject_ids) == 14
    assert not any(s.startswith("Subscale") for s in ds.table.subject_ids)
    said = [n.message for n in ds.import_notes if n.rule == "not-a-subject"]
    assert said and "rows 2 and 10 were left out" in said[0] and "the mean" in said[0]


def test_rows_of_whole_ratings_are_never_taken_for_means():
    ds = read_text(_tsv(["Item", "Obs. 1", "Obs. 2"], _items_with_subscale_means(False)))
    assert len(ds.table.subject_ids) == 14
    assert not [n for n in ds.import_notes if n.rule == "not-a-subject"]


@pytest.mark.parametrize("mark, missing", [
    ("\u2014", True), ("\u2015", True), ("Recused", True), ("not judged", True),
    ("\u2013", False), ("-", False),          # a lone hyphen or en dash may be a minus rating
])
def test_a_dash_or_a_recusal_is_no_rating(mark, missing):
    from tapdesk.data.importer.values import missing_word
    assert missing_word(mark) == missing


def test_an_em_dash_where_a_judge_did_not_judge_is_a_missing_rating():
    awards = ["特選", "金賞", "銀賞", "銅賞", "佳作", "選外"]
    rows = _panel([dict(enumerate(awards, 1))] * 4, n=30, levels=6, seed=9)
    rows[3][2] = rows[17][4] = "\u2014"
    ds = read_text(_tsv(["出品番号", "審査員A", "審査員B", "審査員C", "審査員D"], rows))
    assert "\u2014" not in ds.table.scale.categories
    assert ds.table.n_ratings == 118
