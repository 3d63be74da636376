"""Rules from the fifteenth pass of issue 74: which axis of a form holds the raters. Each on
the smallest table that shows it, with the near miss that must stay as it was."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.readers import read_ratings, read_text
from tapdesk.errors import DataError
from tests.data.importer.test_held_out_rules_10 import _notes, _tsv

BEHAVIOURS = ["Seeing the big picture", "Communicating and influencing", "Delivering at pace"]


def _sift(first_id: int = 10401348, step: int = 7349) -> str:
    """Two sifters score each applicant on three behaviours (1-7); one row per applicant and
    behaviour; the moderated score beside them."""
    rng = np.random.default_rng(15)
    rows = []
    for i in range(12):
        for behaviour in BEHAVIOURS:
            level = int(rng.integers(2, 7))
            one, two = (str(int(np.clip(level + rng.integers(-1, 2), 1, 7))) for _ in range(2))
            moderated = (one, two)[int(rng.integers(2))]      # one of theirs, as moderation does
            rows.append([str(first_id + step * i), behaviour, one, two, moderated])
    return _tsv(["Applicant ID", "Behaviour", "Sifter 1", "Sifter 2", "Moderated score"], rows)


def test_an_applicant_number_and_a_behaviour_together_name_each_subject() -> None:
    """An id made of numbers far outside the raters' scale names rows as any id does."""
    ds = read_text(_sift())
    assert ds.table.rater_ids == ("Sifter 1", "Sifter 2")
    assert len(ds.table.subject_ids) == 36
    assert ds.table.subject_ids[0] == f"10401348 | {BEHAVIOURS[0]}"
    said = [str(n.wording) for n in _notes(ds, "header-words")]
    assert any("'Applicant ID'" in s and "'Behaviour'" in s for s in said), said


def test_numbers_within_the_raters_scale_are_not_read_as_an_id() -> None:
    """Numbers 1-7 beside scores 1-7 may be a rater's column: no pair is made of them."""
    ds = read_text(_sift(first_id=1, step=0))
    assert "1 | Seeing the big picture" not in ds.table.subject_ids


QUESTIONS = ["Safe", "Effective", "Caring", "Responsive"]
GRADES = ["Outstanding", "Good", "Requires improvement", "Inadequate"]


def _inspections(column: str = "Inspector") -> str:
    """Five inspectors grade eight locations on four key questions: one row per location and
    inspector, the questions in columns."""
    rng = np.random.default_rng(16)
    rows = []
    for i in range(8):
        level = rng.integers(0, 4, size=len(QUESTIONS))
        for k in range(1, 6):
            rows.append([f"1-{240445621 + 1000 * i}", f"{column} {k}"] +
                        [GRADES[int(np.clip(v + rng.integers(-1, 2), 0, 3))] for v in level])
    return _tsv(["Location ID", column] + QUESTIONS, rows)


def test_an_inspector_column_names_the_raters_and_the_questions_are_items() -> None:
    ds = read_text(_inspections())
    assert ds.table.rater_ids == tuple(f"Inspector {k}" for k in range(1, 6))
    assert set(ds.items) == set(QUESTIONS)


def test_a_visit_column_stays_the_item() -> None:
    """'Visit 1' .. 'Visit 5' are occasions, not people: the questions stay the columns read."""
    ds = read_text(_inspections("Visit"))
    assert "Visit 1" not in ds.table.rater_ids


LEVELS = ["Omega", "Alpha", "Bravo", "Charlie", "Delta", "Echo"]


def _review(third=str.upper) -> str:
    """Three reviewers assign each call a level, each in their own form ('Alpha', 'A',
    ``third``('Alpha')); the complaint and the dispatched code beside them."""
    rng = np.random.default_rng(18)
    complaints = ["Chest pain", "Falls", "Sick person", "Breathing problems"]
    rows = []
    for i in range(24):
        level = int(rng.integers(0, 6))
        given = [LEVELS[int(np.clip(level + rng.integers(-1, 2), 0, 5))] for _ in range(3)]
        rows.append([f"INC-{i}", complaints[i % 4], f"{6 + i}{given[0][0]}0{i % 7}",
                     given[0], given[1][0], third(given[2])])
    return _tsv(["Incident", "Chief complaint", "Call-taker code", "QA reviewer 1",
                 "QA reviewer 2", "QA reviewer 3"], rows)


def test_reviewers_in_words_of_their_own_are_still_flagged() -> None:
    """Nothing spelt alike: which columns are the panel is not told, and said so."""
    ds = read_text(_review(third=lambda w: w[::-1]))
    flagged = [str(n.wording) for n in _notes(ds, "rater-scale") if "no two of" in str(n.wording)]
    assert flagged


TOPICS = {1: "Macroeconomics", 3: "Health", 4: "Agriculture", 12: "Law and Crime",
          13: "Social Welfare", 17: "Technology", 20: "Government Operations"}


def _bills() -> str:
    """Three coders give each bill a topic code: Coder A writes the code with its label, B
    the number, C either; the bill's number names it ('S. 1238', 'H.R. 9913')."""
    rng = np.random.default_rng(19)
    codes = list(TOPICS)
    rows = []
    for i in range(24):
        true = codes[int(rng.integers(len(codes)))]
        given = [true if rng.random() < 0.8 else codes[int(rng.integers(len(codes)))]
                 for _ in range(3)]
        rows.append([("S. " if i % 2 else "H.R. ") + str(1200 + 37 * i), str(117 + i % 2),
                     f"A bill on {TOPICS[true].lower()} number {i}",
                     f"{given[0]} {TOPICS[given[0]]}", str(given[1]),
                     f"{given[2]} {TOPICS[given[2]]}" if i % 3 else str(given[2]), str(true)])
    return _tsv(["Bill", "Congress", "Title", "Coder A", "Coder B", "Coder C",
                 "Final major topic"], rows)


def test_a_coder_writing_the_code_with_its_label_is_a_rater_and_the_bills_are_named() -> None:
    """'Coder A' is no comment column; the congress (117, 118 beside codes 1-20) no rater."""
    ds = read_text(_bills())
    assert ds.table.rater_ids == ("Coder A", "Coder B", "Coder C")
    assert ds.table.subject_ids[:2] == ("H.R. 1200", "S. 1237")
    assert [n.columns for n in _notes(ds, "comment-columns")] == [("Title",)]
    assert "Congress" in ds.table.attributes.subjects


def test_a_timed_out_answer_is_a_missing_rating() -> None:
    """'Timeout': no answer was given in the time allowed, so no rating."""
    rng = np.random.default_rng(20)
    rows = [[f"A{1000 + r}", f"TIP-{i:03d}", "Timeout" if (r + i) % 17 == 0 else
             ("Search" if rng.random() < 0.5 else "Clear")] for r in range(6) for i in range(20)]
    ds = read_text(_tsv(["Screener ID", "Image", "Response"], rows))
    assert set(ds.table.scale.categories) == {"Clear", "Search"}


def _report_card(lower: list[str]) -> str:
    """A pupil's grade in each column, a teacher named over each ('Mrs Patel' over
    ``lower[0]`` ...), the pupils' number and name before them."""
    rng = np.random.default_rng(21)
    teachers = ["Mrs Patel", "Mr Doyle", "Dr Ng", "Mme Roux"]
    lines = ["\t".join(["Teacher", ""] + teachers), "\t".join(["UPN", "Surname"] + lower)]
    for i in range(20):
        level = int(rng.integers(2, 9))
        lines.append("\t".join([f"A{499777508932 + 7919 * i}", f"Name{i}"] +
                               [str(int(np.clip(level + rng.integers(-1, 2), 1, 9)))
                                for _ in teachers]))
    return "\n".join(lines) + "\n"


def test_a_report_card_of_one_teacher_a_subject_is_refused() -> None:
    with pytest.raises(DataError, match="one person is named over each column"):
        read_text(_report_card(["English", "Maths", "Science", "French"]))


def test_teachers_over_their_codes_are_not_a_report_card() -> None:
    """'R1' .. 'R4' under the names: the raters' codes, one panel (read as before)."""
    ds = read_text(_report_card(["R1", "R2", "R3", "R4"]))
    assert len(ds.table.rater_ids) == 4


def test_a_patient_number_and_a_date_beside_an_examiners_column_stay_a_long_file() -> None:
    """Patients 100-115 are far from a 1-4 scale, but a column of the raters' names
    ('Examinador') says each row is one rating: no subject is made of the first two."""
    rng = np.random.default_rng(22)
    rows = []
    for patient in range(100, 112):
        for k, who in enumerate(["Avaliador 1", "Avaliador 2", "Avaliador 3"]):
            rows.append([str(patient), f"0{4 + k}/03/2024", who, str(int(rng.integers(1, 6))),
                         str(int(rng.integers(1, 5)))])
    ds = read_text(_tsv(["Paciente", "Data", "Examinador", "Confiança (1-5)", "Avaliação"], rows))
    assert ds.layout == "long"
    assert ds.table.rater_ids == ("Avaliador 1", "Avaliador 2", "Avaliador 3")


def _form(example: str) -> bytes:
    """A workbook: a sheet ``example`` filled in for three made-up images, then the ratings."""
    from tests.data.importer.test_audit import _workbook

    rng = np.random.default_rng(23)
    head = ["Image", "Reader A", "Reader B", "Reader C"]
    shown = [head] + [[f"ex{i}", *(int(v) for v in rng.integers(0, 4, 3))] for i in range(1, 4)]
    rated = [head] + [[f"img{i:03d}", *(int(v) for v in rng.integers(0, 4, 3))]
                      for i in range(1, 19)]
    return _workbook({example: shown, "Ratings": rated})


def test_a_sheet_named_as_an_example_gives_way_to_the_ratings(tmp_path) -> None:
    path = tmp_path / "form.xlsx"
    path.write_bytes(_form("Example"))
    ds = read_ratings(str(path))
    assert len(ds.table.subject_ids) == 18 and ds.provenance.sheet == "Ratings"
    said = [str(n.wording) for n in _notes(ds, "ratings-sheet")]
    assert any("'Example'" in s and "example" in s for s in said), said


def test_a_first_sheet_named_otherwise_stays_the_one_read(tmp_path) -> None:
    """'Round 1' before 'Ratings': nothing says it is an example (read as before, said)."""
    path = tmp_path / "form.xlsx"
    path.write_bytes(_form("Round 1"))
    assert len(read_ratings(str(path)).table.subject_ids) == 3


def test_a_cross_table_naming_its_row_rater_once_beside_the_labels_is_read_as_counts(
        tmp_path) -> None:
    """'Pathologist 1' merged down the rows before 'Normal', 'Benign', 'Malignant', the
    counts and their totals: 85 slides rated by two pathologists, not 3 subjects rated 30..."""
    from tests.data.importer.test_audit import _workbook

    rows = [[None, None, "Pathologist 2"], [None, None, "Normal", "Benign", "Malignant", "Total"],
            ["Pathologist 1", "Normal", 30, 4, 1, 35], [None, "Benign", 5, 22, 3, 30],
            [None, "Malignant", 0, 2, 18, 20], [None, "Total", 35, 28, 22, 85]]
    path = tmp_path / "cross.xlsx"
    path.write_bytes(_workbook({"Table": rows}))
    ds = read_ratings(str(path))
    assert ds.layout == "contingency"
    assert len(ds.table.subject_ids) == 85 and ds.table.rater_ids[0] == "Pathologist 1"


def test_spss_crosstabs_output_is_refused_by_its_name() -> None:
    text = ("Rater A * Rater B Crosstabulation\n,,,Rater B,,\n,,,Absent,Present,Total\n"
            "Rater A,Absent,Count,40,5,45\n,,% within Rater A,88.9%,11.1%,100.0%\n"
            ",Present,Count,7,48,55\n,,% within Rater A,12.7%,87.3%,100.0%\n"
            "Total,,Count,47,53,100\n,,% within Rater A,47.0%,53.0%,100.0%\n")
    with pytest.raises(DataError, match="this is SPSS.s output"):
        read_text(text)


def test_a_title_with_a_star_is_only_a_title() -> None:
    """'Wine * panel, spring round' over a table of judges: no Crosstabs title."""
    rng = np.random.default_rng(24)
    rows = [[f"w{i}"] + [str(int(rng.integers(1, 6))) for _ in range(3)] for i in range(12)]
    text = "Wine * panel, spring round\n" + _tsv(["Wine", "J1", "J2", "J3"], rows)
    assert len(read_text(text).table.rater_ids) == 3


def test_spss_reliability_output_is_refused_by_its_name() -> None:
    text = ('"Reliability Statistics"\n"Cronbach\'s Alpha","N of Items"\n".884","3"\n\n'
            '"Intraclass Correlation Coefficient"\n'
            '"","Intraclass Correlation","95% Confidence Interval","","F Test","","",""\n'
            '"Single Measures",".712",".601",".802","8.412","39","78",".000"\n'
            '"Average Measures",".881",".819",".924","8.412","39","78",".000"\n')
    with pytest.raises(DataError, match="this is SPSS.s output"):
        read_text(text)
