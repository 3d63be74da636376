"""Rules found on the held-out corpus 17 (issue 74, eleventh pass): a scale's name written
on every category ('TR4', 'L3', 'Level 3 - Targeted'), a rater writing the scale's numbers
alone beside raters writing its words, and raters crossed with items beside many columns of
the subject. Each on the smallest table that shows it, with the near miss that must stay as
it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.importer.shortforms import column_keys
from tapdesk.data.readers import read_text
from tests.data.importer.test_held_out_rules_10 import _notes, _tsv


def _levels(n: int, seed: int, levels: int = 4) -> tuple[list[int], np.random.Generator]:
    rng = np.random.default_rng(seed)
    return [int(rng.integers(1, levels + 1)) for _ in range(n)], rng


def _said(rng: np.random.Generator, true: int, agree: float = 0.85, levels: int = 4) -> int:
    return true if rng.random() < agree else int(rng.integers(1, levels + 1))


# ------------------------------------------- the scale's name on every category of a column
@pytest.mark.parametrize("labels, keys", [
    (["TR1", "TR2", "TR4"], ["1", "2", "4"]),
    (["L1", "L2", "L3", "L4"], ["1", "2", "3", "4"]),
    (["Level 1 - Universal", "Level 2 - Early help", "Level 3 - Targeted"], ["1", "2", "3"]),
    (["TR1", "TR2", "TR3", "Not seen"], ["1", "2", "3", "notseen"]),
    # names of their own tell the categories apart: each keeps its own key
    (["A1", "B1", "A2"], ["a1", "b1", "a2"]),
    # two values are too few to show a scale's name
    (["L1", "L2"], ["l1", "l2"]),
])
def test_a_name_on_every_category_of_a_column_is_the_scales(labels, keys):
    assert [column_keys(labels)[v] for v in labels] == keys


LEVEL = {1: "Level 1 - Universal", 2: "Level 2 - Early help", 3: "Level 3 - Targeted",
         4: "Level 4 - Specialist"}


def _mash(n: int = 32, seed: int = 3, coordinator: bool = True) -> str:
    truth, rng = _levels(n, seed)
    rows = []
    for i, t in enumerate(truth):
        row = [f"REF/{i:03d}", LEVEL[_said(rng, t)], f"L{_said(rng, t)}", LEVEL[_said(rng, t)]]
        if coordinator:
            row.append(str(_said(rng, t)))
        row.append(str(int(rng.integers(0, 4))))           # days to decision: 0-3
        rows.append(row)
    header = ["Referral", "Screener 1", "Screener 2", "Screener 3"] + \
        (["Coordinator"] if coordinator else []) + ["Days to decision"]
    return _tsv(header, rows)


def test_a_rater_writing_the_scales_name_short_is_read_on_the_scale():
    ds = read_text(_mash(coordinator=False))
    assert ds.table.rater_ids == ("Screener 1", "Screener 2", "Screener 3")
    assert set(ds.table.scale.categories) == set(LEVEL.values())
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "'L3' as 'Level 3 - Targeted'" in said


def test_a_rater_writing_the_numbers_alone_is_read_on_the_scale_and_no_other_column_is():
    ds = read_text(_mash())
    assert "Coordinator" in ds.table.rater_ids
    assert "Days to decision" not in ds.table.rater_ids
    assert set(ds.table.scale.categories) == set(LEVEL.values())
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "'3' as 'Level 3 - Targeted'" in said
    roles = dict(ds.column_roles)
    assert not roles["Days to decision"].startswith("rater")


def test_a_column_made_the_reference_is_not_called_a_rater_in_its_spelling_note():
    """A column named otherwise than the screeners (not a person's role, as 'coordinator' is)
    is made the reference; its spelling note calls it a column, not a rater."""
    ds = read_text(_mash().replace("Coordinator", "Early help triage"))
    assert dict(ds.column_roles)["Early help triage"] == "reference"
    said = [n.message for n in _notes(ds, "spellings") if "'Early help triage'" in n.message]
    assert len(said) == 1 and said[0].startswith("column 'Early help triage' writes the raters'")
    assert "'1' as 'Level 1 - Universal'" in said[0]
    # a rater's own note still names the rater
    assert any(n.message.startswith("rater 'Screener 2'") for n in _notes(ds, "spellings"))


def test_numbers_that_do_not_follow_the_raters_are_not_read_as_their_words():
    text = _mash()
    rng = np.random.default_rng(11)
    lines = text.splitlines()
    rows = [line.split("\t") for line in lines[1:]]
    for r in rows:                       # the coordinator now says nothing of the referral
        r[4] = str(int(rng.integers(1, 5)))
    ds = read_text(_tsv(lines[0].split("\t"), rows))
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "'Coordinator'" not in said
    assert "Level 3 - Targeted" not in dict(zip(ds.table.rater_ids, ds.table.rater_ids))


# ------------------------------------------- raters crossed with items, many subject columns
TR = {1: "TR1", 2: "TR2", 3: "TR3", 4: "TR4", 5: "TR5"}
TR_SPACED = {k: f"TR {k}" for k in range(1, 6)}
DIGITS = {k: str(k) for k in range(1, 6)}


def _nodules(n: int = 30, seed: int = 5) -> str:
    truth, rng = _levels(n, seed, levels=5)
    rows = []
    for i, t in enumerate(truth):
        patient, nodule = f"TH-{i // 2:04d}", f"N{i % 2 + 1}"
        reads = []
        for forms in (TR, DIGITS, TR_SPACED):
            level = _said(rng, t, levels=5)
            reads += [forms[level], "FNA" if level >= 4 else "No"]
        rows.append([patient, nodule, ["R upper", "L lower", "Isthmus"][i % 3],
                     f"{10 + i % 17} x 9 x 7", str(10 + i % 17)] + reads +
                    [["II", "IV", "VI"][t % 3], ["PTC", "", "FTC"][i % 3]])
    header = ["Patient", "Nodule", "Location", "Size (mm)", "Max (mm)",
              "Reader 1 TI-RADS", "Reader 1 FNA?", "Reader 2 TI-RADS", "Reader 2 FNA?",
              "Reader 3 TI-RADS", "Reader 3 FNA?", "Cytology (Bethesda)", "Histology"]
    return _tsv(header, rows)


def test_raters_crossed_with_items_beside_many_columns_of_the_subject_are_melted():
    ds = read_text(_nodules())
    assert set(ds.table.rater_ids) == {"Reader 1", "Reader 2", "Reader 3"}
    assert ds.table.scale.categories == ("1", "2", "3", "4", "5")
    assert len(ds.table.subject_ids) == 30          # a patient's two nodules are two subjects
    said = " ".join(n.message for n in _notes(ds, "spellings"))
    assert "'TR4' as '4'" in said and "'TR 4' as '4'" in said


def test_columns_crossed_without_raters_names_beside_many_others_are_not_melted():
    text = _nodules().replace("Reader 1 ", "Alpha ").replace("Reader 2 ", "Beta ") \
        .replace("Reader 3 ", "Gamma ")
    ds = read_text(text)
    assert not _notes(ds, "items")        # read wide, as before: whole columns are the raters
    assert "Alpha" not in ds.table.rater_ids
    assert all(r.split()[0] in ("Alpha", "Beta", "Gamma") for r in ds.table.rater_ids)


# ------------------------------------------- a measurement beside grades written '3-4'
def _fastness(n: int = 26, seed: int = 2, measured: bool = True) -> str:
    rng = np.random.default_rng(seed)
    halves = {1: "1-2", 2: "2-3", 3: "3-4", 4: "4-5"}
    rows = []
    for i in range(n):
        g = int(rng.integers(1, 5))
        grade = halves[g] if rng.random() < 0.3 else str(g)
        other = f"{rng.uniform(0.5, 4):.1f}" if measured else str(int(rng.integers(1, 6)))
        decimal = f"{g}.5" if grade in halves.values() else grade      # '3.5' for '3-4'
        rows.append([f"S{i}", grade, grade if rng.random() < 0.8 else str(g), decimal, other])
    return _tsv(["Specimen", "Technician 1", "Technician 2", "Technician 3", "Delta E"], rows)


def test_a_measurement_beside_grades_written_between_two_is_no_rater():
    ds = read_text(_fastness())
    assert ds.table.rater_ids == ("Technician 1", "Technician 2", "Technician 3")
    assert dict(ds.column_roles)["Delta E"].startswith("left out")


def test_whole_numbers_beside_grades_written_between_two_stay_a_rater():
    ds = read_text(_fastness(measured=False))
    assert "Delta E" in ds.table.rater_ids


# ------------------------------------------- a long file's rating column differs within subjects
def _long(header: list[str], n: int, raters: list[str], row, seed: int = 6) -> str:
    rng = np.random.default_rng(seed)
    rows = [row(i, r, rng) for i in range(n) for r in raters]
    return "\n".join(",".join(c for c in r) for r in [header] + rows) + "\n"


PEERS = ["Dr A", "Dr B", "Dr C", "Dr D"]
RADPEER = ["1", "2a", "2b", "3a", "3b"]


def test_sub_grades_of_a_numbered_scale_are_no_mix_of_text_and_numbers():
    truth = np.random.default_rng(1).integers(0, 5, 24)
    text = _long(["Case", "Modality", "Peer reviewer", "RADPEER score"], 24, PEERS,
                 lambda i, r, rng: [str(i + 1), ["CT", "MR", "US"][i % 3], r,
                                    RADPEER[truth[i] if rng.random() < 0.8 else rng.integers(0, 5)]])
    ds = read_text(text)
    assert set(ds.table.scale.categories) == set(RADPEER)
    assert dict(ds.column_roles)["Modality"] != "rating"


def test_a_rating_column_mixing_words_and_numbers_gives_way_to_answers_not_to_a_subjects_site():
    text = _long(["Case", "Site", "Peer reviewer", "Score", "Verdict"], 24, PEERS,
                 lambda i, r, rng: [str(i + 1), ["North", "South"][i % 2], r,
                                    ["1", "2", "x", "3"][int(rng.integers(0, 4))],
                                    ["agree", "disagree"][int(rng.integers(0, 2))]])
    ds = read_text(text)
    assert set(ds.table.scale.categories) == {"agree", "disagree"}       # not North / South


def test_one_rating_column_of_several_scales_across_items_stays_the_rating():
    items = ["Tone", "Empathy", "GDPR"]

    def row(i, r, rng):
        k = i % 3
        said = ["Pass", "Fail"][int(rng.integers(0, 2))] if items[k] == "GDPR" else \
            str(int(rng.integers(1, 5)))
        return [f"T{i // 3}", "Session March", r, items[k], said]
    text = _long(["Ticket", "Calibration session", "Reviewer", "Rating category", "Rating"],
                 36, PEERS, row)
    ds = read_text(text)
    assert dict(ds.column_roles)["Rating"] == "rating"
    assert "Session March" not in ds.table.scale.categories


def test_of_two_columns_named_as_ratings_the_one_that_differs_within_subjects_is_read():
    text = _long(["Submission", "Category", "Reviewer", "Recommendation"], 20, PEERS,
                 lambda i, r, rng: [f"S{i}", ["Fiction", "Poetry"][i % 2], r,
                                    ["Accept", "Decline", "Hold"][int(rng.integers(0, 3))]])
    ds = read_text(text)
    assert set(ds.table.scale.categories) == {"Accept", "Decline", "Hold"}


# ------------------------------------------- a chart kept day by day: the days are no raters
@pytest.mark.parametrize("names, dated", [
    (["01/07", "02/07", "03/07", "21/07"], True),
    (["Mon 03/11 AM", "Mon 03/11 PM", "Tue 04/11 AM", "Tue 04/11 PM", "Wed 05/11 AM"], True),
    (["03.11.", "04.11.", "05.11."], True),
    (["2025-01-06", "2025-01-13", "2025-01-20"], True),
    (["1/2", "2/3", "3/4"], False),               # fractions: a month for every day
    (["Judge 1", "Judge 2", "Judge 3"], False),
    (["01/07", "02/07"], False),                  # two days are no run
])
def test_a_run_of_days_written_without_the_year_is_dated(names, dated):
    from tapdesk.data.importer.dates import dated_headers
    assert dated_headers(names) == dated


def _flags(days: list[str], n: int = 10, seed: int = 3) -> str:
    rng = np.random.default_rng(seed)
    flags = ["Red", "Red/Yellow", "Black/White"]
    rows = [[f"Beach {i}", f"Unit {i}"] + [flags[int(rng.integers(0, 3))] for _ in days]
            for i in range(n)]
    return _tsv(["Beach", "Lifeguard unit"] + days, rows)


def test_a_log_with_a_column_per_day_is_refused_naming_the_days():
    from tapdesk.errors import DataError
    with pytest.raises(DataError, match="'01/07', '02/07'"):
        read_text(_flags([f"{d:02d}/07" for d in range(1, 15)]))


def test_a_column_per_half_day_is_not_read_as_raters_crossed_with_days():
    from tapdesk.errors import DataError
    days = [f"{w} {d:02d}/11 {h}" for w, d in (("Mon", 3), ("Tue", 4), ("Wed", 5), ("Thu", 6))
            for h in ("AM", "PM")]
    with pytest.raises(DataError):
        read_text(_flags(days))


def test_judges_named_by_numbers_are_still_raters():
    ds = read_text(_flags(["Judge 1", "Judge 2", "Judge 3", "Judge 4"]))
    assert ds.table.rater_ids == ("Judge 1", "Judge 2", "Judge 3", "Judge 4")


# ------------------------------------------- a child's id written once over its two assessors
def _moderation(children: int, seed: int = 4) -> str:
    rng = np.random.default_rng(seed)
    goals = ["Speaking", "Writing", "Number", "Reading"]
    rows = []
    for c in range(children):
        truth = [("Emerging", "Expected")[int(rng.integers(0, 2))] for _ in goals]
        for k, who in enumerate(("Class teacher", "LA moderator")):
            said = [t if rng.random() < 0.85 else ("Emerging" if t == "Expected" else "Expected")
                    for t in truth]
            rows.append([f"EY-{c:03d}" if k == 0 else "", who] + said)
    return _tsv(["Child", "Assessor"] + goals, rows)


def test_an_id_written_once_over_its_two_assessors_is_read_on_both_rows():
    ds = read_text(_moderation(8))
    assert set(ds.table.rater_ids) == {"Class teacher", "LA moderator"}
    assert len(ds.table.subject_ids) == 8
    assert _notes(ds, "merged-cells")


def test_three_ids_over_two_rows_each_are_too_few_to_fill_down():
    ds = read_text(_moderation(3))
    assert not _notes(ds, "merged-cells")


# ------------------------------------------- abbreviations: each word's first letters, an outline
@pytest.mark.parametrize("short, labels, full", [
    ("R-CR", ["Accept", "Reject - Critical", "Reject - Major"], "Reject - Critical"),
    ("R-MA", ["Accept", "Reject - Major", "Reject - Minor"], "Reject - Major"),
    ("EMG", ["Emerging", "Expected"], "Emerging"),
    ("EXP", ["Emerging", "Expected"], "Expected"),
    ("R-M", ["Reject - Major", "Reject - Minor"], None),       # two fit: none is chosen
    ("GE", ["Emerging", "Expected"], None),                     # a first letter of its own
    ("EX", ["Emerging", "Expected"], None),                     # two letters say too little
])
def test_an_abbreviation_by_each_words_first_letters_or_its_outline(short, labels, full):
    from tapdesk.data.importer.shortforms import abbreviated
    assert abbreviated(short, labels) == full


def test_a_rater_abbreviating_each_word_is_read_on_the_scale():
    rng = np.random.default_rng(12)
    scale = ["Accept", "Reject - Critical", "Reject - Major", "Reject - Minor"]
    short = {"Accept": "A", "Reject - Critical": "R-CR", "Reject - Major": "R-MA",
             "Reject - Minor": "R-MI"}
    rows = []
    for i in range(40):
        t = scale[int(rng.integers(0, 4))]
        said = [t if rng.random() < 0.85 else scale[int(rng.integers(0, 4))] for _ in range(4)]
        rows.append([f"V{i}", said[0], said[1], said[2], short[said[3]]])
    ds = read_text(_tsv(["Vial", "00417", "00562", "00093", "01208"], rows))
    assert set(ds.table.scale.categories) == set(scale)
    assert "'R-CR' as 'Reject - Critical'" in " ".join(n.message for n in _notes(ds, "spellings"))
