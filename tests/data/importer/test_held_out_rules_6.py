"""Rules found on the held-out corpus 12 (issue 74, sixth pass): each on the smallest table
that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.readers import read_text
from tapdesk.errors import DataError
from tests.data.importer.test_audit import _panel


def _tsv(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join("\t".join(r) for r in [header] + rows) + "\n"


def _note(ds, rule: str):
    return next((n for n in ds.import_notes if n.rule == rule), None)


# ------------------------------------------- a measurement crossed with the raters' parts
def _graded_knees(width: bool) -> str:
    rng = np.random.default_rng(4)
    header = ["id"] + [f"kl_r{r}_{side}" for r in (1, 2, 3) for side in ("l", "r")]
    header += ["jsw_l", "jsw_r"] if width else []
    rows = []
    for i, (left, right) in enumerate(zip(_panel(20, 3, ["0", "1", "2", "3", "4"], seed=5),
                                          _panel(20, 3, ["0", "1", "2", "3", "4"], seed=6))):
        row = [f"KN{i:03d}"] + [g for pair in zip(left, right) for g in pair]
        rows.append(row + ([f"{rng.uniform(1, 7):.2f}", f"{rng.uniform(1, 7):.2f}"] if width else []))
    return _tsv(header, rows)


def test_a_measurement_crossed_like_a_rater_is_not_a_rater():
    ds = read_text(_graded_knees(width=True))
    assert ds.table.rater_ids == ("kl_r1", "kl_r2", "kl_r3")
    assert ds.table.scale.categories == ("0", "1", "2", "3", "4")
    note = _note(ds, "rater-scale")
    assert note is not None and "jsw_l" in str(note.message)


def test_raters_crossed_with_items_alone_are_all_raters():
    ds = read_text(_graded_knees(width=False))
    assert ds.table.rater_ids == ("kl_r1", "kl_r2", "kl_r3")
    assert _note(ds, "rater-scale") is None


# ------------------------------------------- codes written to a width with leading zeros
_CODES = ["0110", "0210", "0310", "1211", "2221", "2261", "2341", "2342", "2411", "2512",
          "3221", "3251", "3313", "3434", "4110", "4120", "5120", "5153", "5221", "7115",
          "7411", "8332", "9112", "9333"]


def test_codes_with_leading_zeros_are_nominal_categories_not_measurements():
    rows = [[f"R{i:03d}", c, c if i % 5 else _CODES[(k + 1) % len(_CODES)]]
            for i, (k, c) in enumerate((k % len(_CODES), _CODES[k % len(_CODES)])
                                       for k in range(48))]
    ds = read_text(_tsv(["Resp ID", "Coder 1", "Coder 2"], rows))
    assert "0110" in ds.table.scale.categories and "110" not in ds.table.scale.categories
    assert not ds.table.scale.ordinal


def test_numbers_without_leading_zeros_are_still_measurements():
    rows = [[f"R{i:03d}", str(100 + 37 * i), str(101 + 37 * i)] for i in range(48)]
    with pytest.raises(DataError, match="continuous measurements"):
        read_text(_tsv(["Resp ID", "Coder 1", "Coder 2"], rows))


def test_a_zero_padded_short_scale_stays_an_ordered_scale():
    rows = [[f"R{i:03d}", f"0{1 + i % 5}", f"0{1 + (i + i % 2) % 5}"] for i in range(30)]
    ds = read_text(_tsv(["Resp ID", "Coder 1", "Coder 2"], rows))
    assert ds.table.scale.categories == ("1", "2", "3", "4", "5")
    assert ds.table.scale.ordinal


# ------------------------------------------- a template nobody has filled in
def test_a_template_with_no_rating_yet_is_refused(tmp_path):
    pyreadstat = pytest.importorskip("pyreadstat")
    import pandas as pd

    from tapdesk.data.readers import read_ratings

    frame = pd.DataFrame({"case_id": pd.Series([], dtype=float),
                          **{f"rater{j}": pd.Series([], dtype=float) for j in (1, 2, 3)}})
    path = tmp_path / "template.sav"
    pyreadstat.write_sav(frame, str(path), variable_value_labels={
        f"rater{j}": {1.0: "low grade", 2.0: "high grade", 3.0: "cancer"} for j in (1, 2, 3)})
    with pytest.raises(DataError, match="no ratings were found"):
        read_ratings(path)


# ------------------------------------------- several things of a subject rated in long form
def _lesions(numbered: bool) -> str:
    rng = np.random.default_rng(8)
    rows = []
    cats = ["LR-1", "LR-2", "LR-3", "LR-4", "LR-5"]
    for p in range(14):
        for lesion in range(1, 2 + p % 2 + 1):
            truth = int(rng.integers(0, 5))
            for reader in ("R1", "R2", "R3"):
                grade = cats[truth] if rng.random() < 0.7 else cats[int(rng.integers(0, 5))]
                rows.append([f"LIV{p:03d}"] + ([str(lesion)] if numbered else []) +
                            [reader, grade, str(int(rng.integers(8, 60)))])
    header = ["PatientID"] + (["LesionNo"] if numbered else []) + ["Reader", "LI-RADS", "Size"]
    return _tsv(header, rows)


def test_the_things_each_rater_met_once_are_items_and_the_answers_ratings():
    ds = read_text(_lesions(numbered=True))
    assert dict(ds.mapping)["rating"] == "LI-RADS" and dict(ds.mapping)["item"] == "LesionNo"
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    note = _note(ds, "header-words")
    assert note is not None and "'LesionNo' is the item" in str(note.message)


def test_a_measurement_differing_between_raters_is_never_taken_for_the_items():
    try:
        ds = read_text(_lesions(numbered=False))
    except DataError:
        return                   # refused is fine: nothing names the things rated
    assert "item" not in dict(ds.mapping)


# ------------------------------------------- a formula matched by accident
def _with_mean_column(rows: int, raters: int) -> str:
    rng = np.random.default_rng(11)
    grades = rng.integers(1, 5, size=(rows, raters))
    odd = grades[:, 1] % 2 != grades[:, 0] % 2          # same parity: the mean is a grade
    grades[odd, 1] = np.where(grades[odd, 1] < 4, grades[odd, 1] + 1, grades[odd, 1] - 1)
    grades[:, -1] = (grades[:, 0] + grades[:, 1]) // 2
    header = ["Sample"] + [f"Judge {j + 1}" for j in range(raters)]
    return _tsv(header, [[f"s{i:02d}"] + [str(g) for g in row] for i, row in enumerate(grades)])


def test_a_mean_of_two_columns_in_a_few_rows_among_many_is_chance_not_a_formula():
    ds = read_text(_with_mean_column(rows=9, raters=17))
    assert "Judge 17" in ds.table.rater_ids


def test_a_mean_of_two_columns_in_many_rows_is_computed():
    ds = read_text(_with_mean_column(rows=40, raters=6))
    assert "Judge 6" not in ds.table.rater_ids


# ------------------------------------------- a survey column outside the matrix question
def test_a_unanimous_column_without_the_matrix_stem_is_no_subject():
    rng = np.random.default_rng(12)
    scale = ["Excellent", "Good", "Acceptable", "Poor", "Unusable"]
    photos = [f"Rate the quality of each photo - Photo {k:02d}" for k in range(1, 13)]
    header = ["Response ID", "Duplicate", "Country Code", "Your name", *photos]
    rows = [[str(140160528 + 977 * i), "false", "GB", name,
             *(scale[int(rng.integers(0, 5))] for _ in photos)]
            for i, name in enumerate(["Mateo", "Júlia", "Nadia", "Gustav", "Dana", "Priya",
                                      "Emeka", "Ivan"])]
    ds = read_text(_tsv(header, rows))
    assert set(ds.table.scale.categories) <= set(scale)
    assert not {"Duplicate", "Country Code"} & set(ds.table.subject_ids)


# ------------------------------------------- text shown with each subject, and its grouping
_SENSES = {"bank": ["bank%1:14:00::", "bank%1:17:01::", "bank%1:06:00::"],
           "line": ["line%1:04:01::", "line%1:14:01::", "line%1:10:02::", "line%1:04:02::"],
           "serve": ["serve%2:41:03::", "serve%2:42:03::", "serve%2:34:00::"],
           "plant": ["plant%1:03:00::", "plant%1:06:01::"],
           "hard": ["hard%3:00:01::", "hard%3:00:02::"]}
_CONTEXTS = ["She sat on the <head>{w}</head> of the river all afternoon today.",
             "The <head>{w}</head> was far longer than anyone had expected it to be.",
             "Nobody in the office could explain what the <head>{w}</head> meant here."]


def test_sentences_and_the_word_they_are_about_are_not_raters():
    rng = np.random.default_rng(13)
    rows = []
    for i in range(36):
        lemma = list(_SENSES)[i % len(_SENSES)]
        sense = _SENSES[lemma][int(rng.integers(0, len(_SENSES[lemma])))]
        tags = [sense if rng.random() < 0.75 else _SENSES[lemma][int(rng.integers(0, len(_SENSES[lemma])))]
                for _ in range(3)]
        rows.append([f"d{i:03d}", lemma, _CONTEXTS[i % 3].format(w=lemma), *tags])
    ds = read_text(_tsv(["instance_id", "lemma", "context", "ann_MS", "ann_TJ", "ann_RK"], rows))
    assert ds.table.rater_ids == ("ann_MS", "ann_TJ", "ann_RK")
    roles = dict(ds.column_roles)
    assert roles["context"].startswith("left out") and roles["lemma"] == "subject attribute"


def test_a_rater_writing_other_words_for_the_same_answers_stays_a_rater():
    rng = np.random.default_rng(14)
    scale, other = ["yes", "no", "unsure"], {"yes": "ja", "no": "nein", "unsure": "unsicher"}
    rows = []
    for i in range(30):
        truth = scale[int(rng.integers(0, 3))]
        given = [truth if rng.random() < 0.8 else scale[int(rng.integers(0, 3))] for _ in range(4)]
        rows.append([f"s{i}", *given[:3], other[given[3]]])
    ds = read_text(_tsv(["case", "Rater A", "Rater B", "Rater C", "Rater D"], rows))
    assert "Rater D" in ds.table.rater_ids


# ------------------------------------------- references named as organisers and coders name them
@pytest.mark.parametrize("name", ["Master code", "Answer key", "Lab report", "Published rating",
                                  "Agreed certainty", "Official result"])
def test_a_reference_named_so_is_not_a_rater(name):
    rows = [[f"c{i}", *ratings, ratings[0]]
            for i, ratings in enumerate(_panel(20, 3, ["low", "mid", "high"], seed=15))]
    ds = read_text(_tsv(["Case", "Coder 1", "Coder 2", "Coder 3", name], rows))
    assert name not in ds.table.rater_ids and name in ds.references


def test_a_reference_crossed_like_a_rater_is_not_a_rater():
    colours, clarity = ["D", "E", "F", "G"], ["IF", "VVS1", "VS1", "SI1"]
    header = ["Stone"] + [f"{who} {what}" for who in ("Gemmologist A", "Gemmologist B",
                                                       "Gemmologist C", "Lab report")
                          for what in ("colour", "clarity")]
    rows = [[f"GEM-{i:03d}"] + [g for pair in zip(c, k) for g in pair] + [c[0], k[0]]
            for i, (c, k) in enumerate(zip(_panel(20, 3, colours, seed=16),
                                            _panel(20, 3, clarity, seed=17)))]
    ds = read_text(_tsv(header, rows))
    assert ds.table.rater_ids == ("Gemmologist A", "Gemmologist B", "Gemmologist C")
    assert _note(ds, "reference-answer") is not None


# ------------------------------------------- a rater writing the scale with spaces, not hyphens
def test_a_rater_writing_spaces_for_the_hyphens_rates_on_the_scale():
    parts = ["1-part", "2-part", "3-part", "4-part"]
    rows = [[f"HUM-{i:03d}", a, b, c.replace("-", " "), d]
            for i, (a, b, c, d) in enumerate(_panel(24, 4, parts, seed=18))]
    ds = read_text(_tsv(["Case", "Surgeon 1", "Surgeon 2", "Surgeon 3", "Surgeon 4"], rows))
    assert ds.table.rater_ids == ("Surgeon 1", "Surgeon 2", "Surgeon 3", "Surgeon 4")
    assert ds.table.scale.categories == tuple(parts)


def test_a_range_is_not_a_respelling_of_a_number():
    from tapdesk.data.importer.words import spelling_key

    assert spelling_key("1-2") != spelling_key("12") and spelling_key("-1") != spelling_key("1")
    assert spelling_key("MS-63") == spelling_key("MS63") == spelling_key("ms 63")


# ------------------------------------------- counts beside and under a panel of words
def _votes(total_row: bool) -> str:
    panel = _panel(24, 4, ["In", "Maybe", "Out"], seed=19)
    rows = [[str(i + 1), f"Novel {chr(65 + i)}", *r, str(sum(v == "In" for v in r))]
            for i, r in enumerate(panel)]
    if total_row:
        rows.append(["", "Votes In", *(str(sum(r[j] == "In" for r in panel)) for j in range(4)), ""])
    return _tsv(["#", "Title", "Adeyemi", "Bauer", "Castellanos", "Dunmore", "Yes votes"], rows)


def test_a_count_beside_raters_of_words_and_a_totals_row_under_them_are_no_ratings():
    ds = read_text(_votes(total_row=True))
    assert ds.table.rater_ids == ("Adeyemi", "Bauer", "Castellanos", "Dunmore")
    assert ds.table.scale.categories == ("In", "Maybe", "Out")
    assert len(ds.table.subject_ids) == 24
    assert _note(ds, "footer-rows") is not None


def test_the_last_subject_with_a_rare_word_stays_a_subject():
    text = _votes(total_row=False).rstrip("\n").split("\n")
    last = text[-1].split("\t")
    last[2:6] = ["Withdrawn", "Out", "Out", "In"]
    ds = read_text("\n".join(text[:-1] + ["\t".join(last)]) + "\n")
    assert len(ds.table.subject_ids) == 24


# ------------------------------------------- a platform's long export: ids first, tags after
def _platform_export() -> str:
    rng = np.random.default_rng(20)
    notes = [str(1831405079496353683 + 7919 * k) for k in range(18)]
    raters = [f"{int(rng.integers(16 ** 14, 16 ** 15)):X}B{k}" for k in range(10)]
    levels = ["HELPFUL", "SOMEWHAT_HELPFUL", "NOT_HELPFUL"]
    header = ["noteId", "raterParticipantId", "version", "helpfulnessLevel", "helpfulClear",
              "helpfulOther"]
    rows = []
    for note in notes:
        for rater in rng.choice(raters, size=5, replace=False):
            rows.append([note, str(rater), "2", levels[int(rng.integers(0, 3))],
                         str(int(rng.integers(0, 2))), str(int(rng.integers(0, 2)))])
    return _tsv(header, rows)


def test_a_platforms_long_export_is_read_by_its_crossing_ids():
    ds = read_text(_platform_export())
    mapping = dict(ds.mapping)
    assert (mapping["subject"], mapping["rater"], mapping["rating"]) == \
        ("noteId", "raterParticipantId", "helpfulnessLevel")
    assert _note(ds, "rater-by-structure") is not None


# ------------------------------------------- the contestants' names beside the judges' votes
BATTLES = """\
Battle,Round,Red,Blue,Judge Kato,Judge Venom,Judge Maria K,Judge Sol,Judge Ruben,Round result,Battle winner
Top 16 - 1,Round 1,B-Girl Mira,B-Boy Reflex,Blue,Red,Red,Red,Blue,Red 3-2,B-Girl Mira
Top 16 - 1,Round 2,B-Girl Mira,B-Boy Reflex,Blue,Red,Tie,Red,Blue,Tie 2-2,B-Girl Mira
Top 16 - 2,Round 1,B-Girl Sunny,B-Boy Rook,Red,Blue,Blue,Red,Blue,Blue 3-2,B-Girl Sunny
Top 16 - 2,Round 2,B-Girl Sunny,B-Boy Rook,Blue,Red,Red,Blue,Red,Red 3-2,B-Girl Sunny
Top 16 - 3,Round 1,B-Boy Fenix,B-Girl Nova,Blue,Blue,Blue,Blue,Blue,Blue 5-0,B-Girl Nova
Top 16 - 3,Round 2,B-Boy Fenix,B-Girl Nova,Red,Blue,Red,Blue,Blue,Blue 3-2,B-Girl Nova
Top 16 - 4,Round 1,B-Girl Nova,B-Girl Vex,Red,Red,Red,Blue,Red,Red 4-1,B-Girl Nova
Top 16 - 4,Round 2,B-Girl Nova,B-Girl Vex,Blue,Tie,Red,Red,Blue,Tie 2-2,B-Girl Nova
Top 16 - 5,Round 1,B-Boy Kaito,B-Girl Kiki,Blue,Blue,Blue,Blue,Blue,Blue 5-0,B-Boy Kaito
Top 16 - 5,Round 2,B-Boy Kaito,B-Girl Kiki,Red,Red,Blue,Red,Red,Red 4-1,B-Boy Kaito
Top 16 - 6,Round 1,B-Girl Lumi,B-Boy Reflex,Blue,Blue,Tie,Red,Blue,Blue 3-1,B-Boy Reflex
Top 16 - 6,Round 2,B-Girl Lumi,B-Boy Reflex,Blue,Red,Tie,Blue,Red,Tie 2-2,B-Boy Reflex
Top 16 - 7,Round 1,B-Girl Sunny,B-Girl Kiki,Blue,Red,Blue,Red,Red,Red 3-2,B-Girl Sunny
Top 16 - 7,Round 2,B-Girl Sunny,B-Girl Kiki,Red,Blue,Blue,Red,Blue,Blue 3-2,B-Girl Sunny
Top 16 - 8,Round 1,B-Girl Sunny,B-Girl Kiki,Red,Blue,Blue,Blue,Red,Blue 3-2,B-Girl Kiki
Top 16 - 8,Round 2,B-Girl Sunny,B-Girl Kiki,Blue,Blue,Blue,Red,Blue,Blue 4-1,B-Girl Kiki
Quarterfinal 1,Round 1,B-Girl Sunny,B-Boy Draco,Red,Red,Blue,Red,Tie,Red 3-1,B-Girl Sunny
Quarterfinal 1,Round 2,B-Girl Sunny,B-Boy Draco,Red,Red,Red,Blue,Blue,Red 3-2,B-Girl Sunny
Quarterfinal 1,Round 3,B-Girl Sunny,B-Boy Draco,Blue,Blue,Red,Red,Red,Red 3-2,B-Girl Sunny
Quarterfinal 2,Round 1,B-Boy Stixx,B-Girl Ayumi,Red,Blue,Blue,Red,Red,Red 3-2,B-Girl Ayumi
Quarterfinal 2,Round 2,B-Boy Stixx,B-Girl Ayumi,Blue,Blue,Blue,Blue,Blue,Blue 5-0,B-Girl Ayumi
Quarterfinal 2,Round 3,B-Boy Stixx,B-Girl Ayumi,Blue,Blue,Tie,Blue,Red,Blue 3-1,B-Girl Ayumi
Quarterfinal 3,Round 1,B-Boy Stixx,B-Boy Rook,Red,Red,Blue,Blue,Red,Red 3-2,B-Boy Stixx
Quarterfinal 3,Round 2,B-Boy Stixx,B-Boy Rook,Blue,Red,Blue,Red,Red,Red 3-2,B-Boy Stixx
Quarterfinal 3,Round 3,B-Boy Stixx,B-Boy Rook,Red,Blue,Tie,Blue,Red,Tie 2-2,B-Boy Stixx
Quarterfinal 4,Round 1,B-Girl Lumi,B-Boy Rook,Red,Red,Red,Blue,Red,Red 4-1,B-Girl Lumi
Quarterfinal 4,Round 2,B-Girl Lumi,B-Boy Rook,Tie,Red,Blue,Red,Red,Red 3-1,B-Girl Lumi
Quarterfinal 4,Round 3,B-Girl Lumi,B-Boy Rook,Red,Red,Red,Blue,Red,Red 4-1,B-Girl Lumi
Semifinal 1,Round 1,B-Girl Kiki,B-Girl Mira,Tie,Blue,Red,Red,Red,Red 3-1,B-Girl Kiki
Semifinal 1,Round 2,B-Girl Kiki,B-Girl Mira,Red,Red,Blue,Red,Blue,Red 3-2,B-Girl Kiki
Semifinal 1,Round 3,B-Girl Kiki,B-Girl Mira,Red,Red,Red,Blue,Red,Red 4-1,B-Girl Kiki
Semifinal 2,Round 1,B-Boy Fenix,B-Girl Mira,Red,Blue,Red,Red,Red,Red 4-1,B-Boy Fenix
Semifinal 2,Round 2,B-Boy Fenix,B-Girl Mira,Red,Red,Red,Red,Tie,Red 4-0,B-Boy Fenix
Semifinal 2,Round 3,B-Boy Fenix,B-Girl Mira,Blue,Blue,Red,Blue,Blue,Blue 4-1,B-Boy Fenix
Final,Round 1,B-Boy Kaito,B-Girl Ayumi,Tie,Blue,Blue,Blue,Blue,Blue 4-0,B-Girl Ayumi
Final,Round 2,B-Boy Kaito,B-Girl Ayumi,Blue,Blue,Blue,Blue,Blue,Blue 5-0,B-Girl Ayumi
Final,Round 3,B-Boy Kaito,B-Girl Ayumi,Red,Red,Blue,Blue,Blue,Blue 3-2,B-Girl Ayumi
"""
"""A breaking competition's votes (held-out corpus 13): the dancers' names in 'Red' and
'Blue', five judges' votes, the round's result and the battle's winner."""


def test_a_column_of_names_beside_most_of_the_panel_is_no_rater():
    ds = read_text(BATTLES)
    assert ds.table.rater_ids == ("Judge Kato", "Judge Venom", "Judge Maria K", "Judge Sol",
                                  "Judge Ruben")
    assert set(ds.table.scale.categories) == {"Red", "Blue", "Tie"}


PLACINGS = """\
Contestant #,Name,Team,Market Steers,Pts,Breeding Gilts,Pts,Market Lambs,Pts,Breeding Heifers,\
Pts,Market Barrows,Pts,Yearling Ewes,Pts,Total
101,Ava Miller,Hill County,1-2-3-4,41,3-2-4-1,50,2-3-1-4,50,2-1-4-3,49,4-3-1-2,45,4-1-3-2,44,279
102,Ben Ortiz,Hill County,1-2-4-3,45,3-4-2-1,46,2-1-3-4,49,4-2-1-3,44,4-3-2-1,50,4-1-3-2,44,278
103,Cody Hahn,Hill County,2-4-1-3,48,3-2-4-1,50,3-2-1-4,48,2-3-4-1,37,3-4-2-1,46,1-4-2-3,43,272
104,Dani Reyes,Hill County,2-1-4-3,50,3-2-1-4,47,2-3-1-4,50,2-1-3-4,42,4-3-1-2,45,4-1-3-2,44,278
105,Eli Novak,Hill County,2-1-4-3,50,3-4-2-1,46,2-1-3-4,49,4-2-1-3,44,4-3-2-1,50,4-1-3-2,44,283
106,Faith Lund,Clay County,1-2-4-3,45,3-2-4-1,50,2-3-1-4,50,2-4-1-3,50,3-4-2-1,46,4-1-2-3,37,278
107,Gus Park,Clay County,2-1-3-4,46,2-3-4-1,45,3-2-1-4,48,2-3-4-1,37,3-4-1-2,41,1-4-2-3,43,260
108,Hope Ibsen,Clay County,2-1-4-3,50,2-3-4-1,45,2-3-4-1,43,2-4-1-3,50,4-2-3-1,48,1-4-3-2,50,286
OFFICIAL,,,2-1-4-3,50,3-2-4-1,50,2-3-1-4,50,2-4-1-3,50,4-3-2-1,50,1-4-3-2,50,
Cuts,,,5-2-4,,5-4-3,,2-1-7,,6-1-6,,4-2-5,,6-2-7,,
"""
"""A livestock judging contest (held-out corpus 10): each contestant's placing of four animals
per class, written '2-1-4-3'."""


def test_placings_written_with_hyphens_are_no_crossing_ids():
    ds = read_text(PLACINGS)
    assert dict(ds.mapping).get("rater") != "Breeding Gilts"
    assert _note(ds, "rater-by-structure") is None



# ------------------------------------------- rows named once beside a named column that repeats
def _cysts(ids: str) -> str:
    bosniak = ["I", "II", "IIF", "III", "IV"]
    rows = []
    for k, grades in enumerate(_panel(24, 3, bosniak, seed=22)):
        row_id = f"RC-{k + 1:02d}" if ids == "codes" else str(k + 1)
        rows.append([row_id, f"P{(k // 2) * 7 + 3:03d}", *grades])
    return _tsv(["Cyst", "Patient", "Radiologist A", "Radiologist B", "Radiologist C"], rows)


def test_rows_named_once_are_the_subjects_where_the_named_column_repeats():
    ds = read_text(_cysts("codes"))
    assert dict(ds.mapping)["subject"] == "Cyst"
    assert len(ds.table.subject_ids) == 24
    assert not any("repeat a subject and rater pair" in str(w) for w in ds.warnings)


def test_a_running_number_does_not_replace_the_named_subjects():
    ds = read_text(_cysts("numbers"))
    assert dict(ds.mapping)["subject"] == "Patient"
