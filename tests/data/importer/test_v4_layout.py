"""Issue 40, families 4-6: the layout agrees with the file (rater and subject ids by
structure), every survey orientation said, files with nothing to rate refused in one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapdesk.cli.main import main
from tapdesk.data.importer.survey import orientation, varying_parts
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import DataError

NAMES = ("Anna Smith", "Ben Okafor", "Cara Rossi", "Dev Kim")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def notes(ds, rule: str) -> list:
    return [n for n in ds.import_notes if n.rule == rule]


def long_text(header: str, raters=NAMES, n_subjects: int = 8, extra: str = "") -> str:
    """One row per rating: each subject rated by three of the raters, a timestamp beside."""
    rows = [header]
    for s in range(1, n_subjects + 1):
        for j in range(3):
            r = raters[(s + j) % len(raters)]
            rows.append(f"S{s:02d},{r},{'ABC'[(s * j) % 3]},2024-01-0{j + 1} 10:0{s % 10}:00{extra}")
    return "\n".join(rows) + "\n"


# ------------------------------------------------------------------ family 4
@pytest.mark.parametrize("rater_header", ["Instructor", "Juror", "Your name", "labeler", "user"])
def test_a_column_of_names_unique_within_each_subject_is_the_rater(tmp_path, rater_header):
    ds = read_ratings(write(tmp_path, "l.csv", long_text(f"Student,{rater_header},Grade,When")))
    assert ds.layout == "long"
    assert set(ds.table.rater_ids) == set(NAMES)
    assert ds.table.n_subjects == 8 and ds.table.n_ratings == 24
    (note,) = notes(ds, "rater-by-structure")
    assert note.action == "guessed" and note.columns == (rater_header,)
    assert f"'{rater_header}' names the raters: its 4 values repeat across subjects" in note.message
    assert "no subject is rated twice by the same one" in note.message
    assert dict(ds.column_roles)[rater_header] == "rater"


def test_worker_ids_and_emails_are_raters_and_the_subject_is_found_by_structure(tmp_path):
    workers = ("A1B2C3D4E5F6G7", "A3KX9LQ2M1ZP0R", "AZ8Q1W2E3R4T5Y", "A2M4N6B8V0C1X3")
    text = long_text("essay_key,WorkerId,label,SubmitTime", raters=workers)
    ds = read_ratings(write(tmp_path, "w.csv", text))
    assert ds.layout == "long" and set(ds.table.rater_ids) == set(workers)
    (note,) = notes(ds, "subject-by-structure")
    assert note.columns == ("essay_key",) and "no rater rates one of them twice" in note.message
    emails = tuple(f"{n.split()[0].lower()}@example.org" for n in NAMES)
    ds = read_ratings(write(tmp_path, "e.csv", long_text("doc,E-mail,verdict,at", raters=emails)))
    assert set(ds.table.rater_ids) == set(emails) and ds.table.n_subjects == 8
    assert notes(ds, "rater-by-structure")


def test_the_rule_can_be_switched_off_and_a_rater_rating_twice_is_kept(tmp_path):
    text = long_text("Student,Instructor,Grade,When")
    ds = read_ratings(write(tmp_path, "l.csv", text), ImportOptions(rules_off=("rater-by-structure",)))
    assert not ds.table.rater_ids and not notes(ds, "rater-by-structure")
    twice = text + "S01,Ben Okafor,B,2024-01-09 10:00:00\n"
    ds = read_ratings(write(tmp_path, "t.csv", twice))
    assert ds.table.n_ratings == 25 and set(ds.table.rater_ids) == set(NAMES)
    message = notes(ds, "rater-by-structure")[0].message
    assert "only 1 of its rows repeat a subject it already rated" in message
    assert any("repeats a subject and rater pair" in w for w in ds.warnings)


def test_a_wide_reading_whose_subject_ids_repeat_is_in_doubt(tmp_path):
    rows = ["subject,Judge A,Judge B"] + [f"s{k % 3 + 1},{k % 2 + 1},{(k + 1) % 2 + 1}" for k in range(9)]
    ds = read_ratings(write(tmp_path, "d.csv", "\n".join(rows) + "\n"))
    assert ds.layout == "wide" and ds.confidence <= 0.5
    warning = next(n for n in ds.import_notes if n.rule == "layout")
    assert "repeat (9 rows for 3 subjects)" in warning.message and "long" in warning.message


def test_a_small_wide_table_of_named_raters_stays_wide(tmp_path):
    text = "subject,Anna Smith,Ben Okafor\ns1,1,2\ns2,2,2\ns3,1,1\ns4,2,1\n"
    ds = read_ratings(write(tmp_path, "n.csv", text))
    assert ds.layout == "wide" and ds.table.rater_ids == ("Anna Smith", "Ben Okafor")
    assert not notes(ds, "rater-by-structure") and not notes(ds, "subject-by-structure")


# ------------------------------------------------------------------ family 5
def test_question_texts_decide_the_survey_orientation():
    assert varying_parts(["Rate essay 1", "Rate essay 2"]) == ["1", "2"]
    assert orientation(["Rate essay 1", "Rate essay 2"]).questions == "subjects"
    assert orientation(["Rater 1 score", "Rater 2 score"]).questions == "raters"
    people = orientation(["How did Dr Smith do?", "How did Dr Jones do?"])
    assert people.questions == "subjects" and people.confidence < 0.7
    assert orientation(["Q1", "Q2", "Q3"]).confidence == 0.7          # no evidence either way


def test_a_form_of_essays_is_read_with_respondents_as_raters_and_says_so(tmp_path):
    text = ("Your name,Rate essay 1,Rate essay 2,Rate essay 3\n"
            "Anna Smith,3,4,2\nBen Okafor,3,5,2\nCara Rossi,2,4,3\n")
    ds = read_ratings(write(tmp_path, "f.csv", text))
    assert ds.layout == "wide-rows"
    assert ds.table.rater_ids == ("Anna Smith", "Ben Okafor", "Cara Rossi")
    (note,) = notes(ds, "survey-orientation")
    assert note.action == "guessed" and note.settings == ("layout",)
    assert "'Rate essay 1'" in note.message and "the other reading" in note.message
    assert "wide layout" in note.message


def test_a_form_whose_questions_name_raters_is_read_with_responses_as_subjects(tmp_path):
    text = "Response ID,Rater 1 score,Rater 2 score\nR_1,1,2\nR_2,2,2\nR_3,0,1\nR_4,1,1\n"
    ds = read_ratings(write(tmp_path, "r.csv", text))
    assert ds.layout == "wide" and ds.table.subject_ids == ("R_1", "R_2", "R_3", "R_4")
    assert ds.table.rater_ids == ("Rater 1 score", "Rater 2 score")
    assert "transposed layout" in notes(ds, "survey-orientation")[0].message


def test_a_form_naming_persons_is_in_doubt(tmp_path):
    text = ("Email Address,How did Dr Smith do?,How did Dr Jones do?\n"
            "a@x.org,Good,Poor\nb@x.org,Good,Fair\nc@x.org,Fair,Poor\n")
    ds = read_ratings(write(tmp_path, "p.csv", text))
    assert ds.layout == "wide-rows" and ds.confidence < 0.7
    assert "name persons" in notes(ds, "survey-orientation")[0].message
    assert notes(ds, "layout")                                    # the low-confidence warning


# ------------------------------------------------------------------ family 6
NOTHING = {
    "codebook.csv": ("Variable,Label,Type,Values\nid,Subject id,string,\n"
                     "r1,Rater 1,integer,1=no; 2=yes\nr2,Rater 2,integer,1=no; 2=yes\n", "codebook"),
    "kappa.csv": ("Statistic,Estimate,SE\nFleiss' kappa,0.412,0.051\n"
                  "Krippendorff's alpha,0.415,0.050\n", "agreement coefficients"),
    "matrix.csv": (",Anna,Ben,Cara\nAnna,1,0.45,0.52\nBen,0.45,1,0.61\nCara,0.52,0.61,1\n",
                   "pairwise agreement"),
    "per_rater.csv": ("Rater,Subjects rated,% yes,Mean score\nAnna,40,55.0,2.3\nBen,38,47.4,2.1\n"
                      "Cara,40,60.0,2.6\n", "per-rater summary"),
    "report.csv": ("Question,Answer,Count,Percent\nClear?,Yes,34,68%\nClear?,No,16,32%\n"
                   "Return?,Yes,40,80%\nReturn?,No,10,20%\n", "aggregated report"),
    "shares.csv": ("Question,Agree,Neutral,Disagree\nClear?,45.5,30.0,24.5\nPace?,50.0,25.0,25.0\n",
                   "aggregated report"),
    "free.csv": ("Timestamp,What did you like?,What should change?\n"
                 "2024/03/01 10:00,The examples were really clear,Fewer slides and more practice\n"
                 "2024/03/01 10:05,I liked the group work a lot,The room was far too cold\n"
                 "2024/03/01 10:09,Good pace and friendly tutors,More time for the project work\n"
                 "2024/03/01 10:12,The labs were great fun always,Nothing really it was fine\n",
                 "free-text"),
    "template.csv": ("subject,Rater 1,Rater 2\nS01,,\nS02,,\nS03,,\n", "empty data-entry template"),
    "headers.csv": ("subject,Rater 1,Rater 2\n", "empty data-entry template"),
}


@pytest.mark.parametrize("name", sorted(NOTHING))
def test_a_file_with_nothing_to_rate_is_refused_in_one_sentence(tmp_path, name, capsys):
    text, words = NOTHING[name]
    path = write(tmp_path, name, text)
    with pytest.raises(DataError) as info:
        read_ratings(path)
    assert words in str(info.value) and str(info.value).startswith(str(path))
    assert main(["inspect", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_a_category_counts_table_is_still_read(tmp_path):
    text = "subject,none,mild,severe\n1,3,1,0\n2,0,2,2\n3,1,1,2\n4,4,0,0\n"
    ds = read_ratings(write(tmp_path, "cc.csv", text))
    assert ds.layout == "category-counts" and ds.table.n_ratings == 16
