"""The standard exports of annotation, survey and clinical platforms (issue 40, family 7): each
recognised and said in a 'format' note, read without options, with its platform's rules
(rejected assignments, tainted judgments, deleted records left out; one-hot answers folded)."""

from __future__ import annotations

import json

import pytest

from tapdesk.data.readers import ImportOptions, export_long_csv, read_ratings, read_text
from tests.import_corpus.truth import read_back


def notes(ds, rule: str, action: str | None = None) -> list:
    return [n for n in ds.import_notes if n.rule == rule and (action is None or n.action == action)]


def ratings(ds) -> set:
    return set(read_back(ds)[0])


def csv(rows: list[list[str]], sep: str = ",") -> str:
    return "\n".join(sep.join(r) for r in rows) + "\n"


def jcell(value) -> str:
    """A JSON value as one quoted CSV cell."""
    return '"' + json.dumps(value).replace('"', '""') + '"'


# ------------------------------------------------------------------ MTurk
MTURK = [["HITId", "AssignmentId", "WorkerId", "AssignmentStatus", "Input.text", "Answer.sentiment.label"],
         ["H1", "A1", "W1", "Approved", "good", "positive"],
         ["H1", "A2", "W2", "Submitted", "good", "positive"],
         ["H1", "A3", "W3", "Rejected", "good", "negative"],
         ["H2", "A4", "W1", "Approved", "bad", "negative"],
         ["H2", "A5", "W2", "Approved", "bad", "positive"],
         ["H2", "A6", "W3", "Rejected", "bad", "positive"]]


def test_mturk_is_named_and_its_roles_said():
    ds = read_text(csv(MTURK))
    [note] = notes(ds, "format", "guessed")
    assert note.message == ("an Amazon Mechanical Turk batch file: workers ('WorkerId') are the "
                            "raters, HITs ('HITId') the subjects, 'Answer.sentiment.label' the "
                            "rating")
    assert ds.layout == "long" and ds.reason.startswith("an Amazon Mechanical Turk batch file")


def test_mturk_rejected_assignments_are_left_out_with_their_rows():
    ds = read_text(csv(MTURK))
    assert ratings(ds) == {("H1", "W1", "positive"), ("H1", "W2", "positive"),
                           ("H2", "W1", "negative"), ("H2", "W2", "positive")}
    assert ds.table.rater_ids == ("W1", "W2")              # W3's work was all rejected
    [left] = [n for n in notes(ds, "format", "left out") if n.rows]
    assert left.rows == (4, 7) and "rejected" in left.message and \
        "approved and submitted assignments are kept" in left.message


def test_mturk_without_the_format_rule_keeps_every_row():
    ds = read_text(csv(MTURK), ImportOptions(rules_off=("format",)))
    assert not notes(ds, "format")
    assert not any(n.rows for n in ds.import_notes if n.action == "left out")


def test_mturk_gold_inputs_are_reference_answers_not_raters():
    head = MTURK[0][:5] + ["Input.gold_label"] + MTURK[0][5:]
    rows = [r[:5] + ["positive"] + r[5:] for r in MTURK[1:]]
    ds = read_text(csv([head] + rows))
    [gold] = notes(ds, "reference-answer")
    assert gold.columns == ("Input.gold_label",) and "expected" in gold.message
    assert ds.table.rater_ids == ("W1", "W2")


def test_mturk_one_hot_radio_answers_fold_into_one_rating():
    head = ["HITId", "WorkerId", "AssignmentStatus", "Answer.mood.happy", "Answer.mood.sad",
            "Answer.mood.angry"]
    rows = [["H1", "W1", "Approved", "true", "false", "false"],
            ["H1", "W2", "Approved", "false", "true", "false"],
            ["H2", "W1", "Approved", "false", "false", "true"],
            ["H2", "W2", "Approved", "false", "false", "false"],
            ["H3", "W1", "Approved", "true", "true", "false"],
            ["H3", "W2", "Approved", "false", "true", "false"]]
    ds = read_text(csv([head] + rows))
    assert ratings(ds) == {("H1", "W1", "happy"), ("H1", "W2", "sad"), ("H2", "W1", "angry"),
                           ("H3", "W2", "sad")}
    folded = next(n for n in notes(ds, "format", "kept"))
    assert "'Answer.mood.happy'" in folded.message and "'Answer.mood'" in folded.message
    [twice] = notes(ds, "format", "warning")
    assert twice.rows == (6,) and "more than one option" in twice.message
    assert "'Answer.mood' the rating" in notes(ds, "format", "guessed")[0].message


def test_mturk_task_answers_json_of_crowd_html_forms():
    head = ["HITId", "WorkerId", "AssignmentStatus", "Answer.taskAnswers"]
    label = [jcell([{"quality": {"label": v}}]) for v in ("good", "bad")]
    bad = jcell([{"quality": {"good": False, "bad": True}}])          # radio buttons
    rows = [["H1", "W1", "Approved", label[0]], ["H1", "W2", "Approved", bad],
            ["H2", "W1", "Approved", label[1]], ["H2", "W2", "Approved", bad]]
    ds = read_text(csv([head] + rows))
    assert ratings(ds) == {("H1", "W1", "good"), ("H1", "W2", "bad"), ("H2", "W1", "bad"),
                           ("H2", "W2", "bad")}
    assert any("JSON" in n.message for n in notes(ds, "format", "kept"))


def test_mturk_written_answers_are_not_ratings_and_two_questions_are_items():
    head = ["HITId", "WorkerId", "Answer.relevance", "Answer.stars", "Answer.comments"]
    rows = [["H1", "W1", "yes", "4", "clear\nand short"], ["H1", "W2", "no", "2", ""],
            ["H2", "W1", "no", "1", "spam, I think"], ["H2", "W2", "no", "2", "off topic here"],
            ["H3", "W1", "yes", "5", "a good match"], ["H3", "W2", "yes", "5", ""]]
    text = "\n".join(",".join(f'"{c}"' for c in r) for r in [head] + rows) + "\n"
    ds = read_text(text, ImportOptions(item="all"))
    assert ds.items == ("relevance", "stars")
    assert "Answer.comments" in notes(ds, "format", "left out")[0].columns


def test_items_of_text_and_numbers_export_and_import_again(tmp_path):
    head = ["HITId", "WorkerId", "Answer.relevance", "Answer.stars"]
    rows = [["H1", "W1", "yes", "4"], ["H1", "W2", "no", "2"], ["H2", "W1", "no", "1"],
            ["H2", "W2", "no", "2"]]
    ds = read_text(csv([head] + rows), ImportOptions(item="all"))
    export_long_csv(ds, tmp_path / "out.csv")
    header = (tmp_path / "out.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("subject,rater,item,") and '"categories"' in header
    again = read_ratings(tmp_path / "out.csv", ImportOptions(item="all"))
    assert read_back(again)[0] == read_back(ds)[0]


# ------------------------------------------------------------ Figure Eight
def test_figure_eight_tainted_judgments_and_gold_answers_are_left_out():
    head = ["_unit_id", "_golden", "_tainted", "_trust", "_worker_id", "sentiment",
            "sentiment_gold", "text"]
    rows = [["101", "true", "false", "0.9", "7", "pos", "pos", "nice"],
            ["101", "true", "false", "0.8", "8", "neg", "pos", "nice"],
            ["102", "false", "true", "0.5", "9", "pos", "", "bad"],
            ["102", "false", "false", "0.9", "7", "neg", "", "bad"],
            ["102", "false", "false", "0.8", "8", "neg", "", "bad"]]
    ds = read_text(csv([head] + rows, ";"))
    assert ratings(ds) == {("101", "7", "pos"), ("101", "8", "neg"), ("102", "7", "neg"),
                           ("102", "8", "neg")}
    assert notes(ds, "format", "left out")[0].rows == (4,)
    [gold] = notes(ds, "reference-answer")
    assert gold.columns == ("sentiment_gold",) and gold.action == "left out"
    said = notes(ds, "format", "guessed")[0].message
    assert said.startswith("a Figure Eight (Appen) full report") and \
        "units ('_golden' true) are kept" in said


# ----------------------------------------------------------------- Prodigy
def test_prodigy_binary_accept_and_reject_are_the_ratings_ignore_is_none():
    head = ["text", "_input_hash", "label", "answer", "_annotator_id", "_session_id"]
    rows = [["a", "-11", "SPORTS", "accept", "ds-ann", "ds-ann"],
            ["a", "-11", "SPORTS", "reject", "ds-bob", "ds-bob"],
            ["b", "22", "SPORTS", "ignore", "ds-ann", "ds-ann"],
            ["b", "22", "SPORTS", "accept", "ds-bob", "ds-bob"]]
    ds = read_text(csv([head] + rows))
    assert ratings(ds) == {("-11", "ds-ann", "accept"), ("-11", "ds-bob", "reject"),
                           ("22", "ds-bob", "accept")}
    message = notes(ds, "format", "guessed")[0].message
    assert "'accept' and 'reject' are the ratings of label 'SPORTS'" in message and \
        "'ignore' (skipped) is no rating" in message


def test_prodigy_choice_rating_is_the_option_accepted():
    head = ["text", "_input_hash", "accept", "answer", "_annotator_id"]
    q = jcell
    rows = [["a", "1", q(["POS"]), "accept", "x-ann"], ["a", "1", q(["NEG"]), "accept", "x-bob"],
            ["b", "2", q([]), "reject", "x-ann"], ["b", "2", q(["POS", "NEG"]), "accept", "x-bob"],
            ["c", "3", q(["NEG"]), "accept", "x-ann"], ["c", "3", q(["NEG"]), "ignore", "x-bob"]]
    ds = read_text(csv([head] + rows))
    assert ratings(ds) == {("1", "x-ann", "POS"), ("1", "x-bob", "NEG"), ("3", "x-ann", "NEG")}
    assert notes(ds, "format", "warning")[0].rows == (5,)
    assert "the rating is the option accepted" in notes(ds, "format", "guessed")[0].message


# ------------------------------------------------------------ Label Studio
def test_label_studio_json_choices_are_unwrapped():
    head = ["text", "id", "sentiment", "annotator", "annotation_id", "lead_time"]
    def q(choices):
        return jcell({"choices": choices})
    rows = [["t1", "5", q(["Positive"]), "1", "1", "2.5"], ["t1", "5", q(["Negative"]), "2", "2", "3"],
            ["t2", "6", q(["Negative"]), "1", "3", "4"],
            ["t2", "6", q(["Negative", "Positive"]), "2", "4", "1"]]
    ds = read_text(csv([head] + rows, "\t"))
    assert ratings(ds) == {("5", "1", "Positive"), ("5", "2", "Negative"), ("6", "1", "Negative")}
    assert notes(ds, "format", "warning")[0].rows == (5,)
    assert notes(ds, "format", "guessed")[0].message.startswith(
        "a Label Studio export: annotators ('annotator') are the raters, tasks ('id') the subjects")


# ------------------------------------------------------------------ surveys
def test_surveymonkey_two_header_rows_name_the_questions():
    rows = [["Respondent ID", "Collector ID", "Start Date", "IP Address", "Essay 1 grade?",
             "Essay 2 grade?", "Anything else?"],
            ["", "", "", "", "Response", "Response", "Open-Ended Response"],
            ["1141", "99", "03/04/2024", "1.2.3.4", "A", "B", "fine"],
            ["1142", "99", "03/04/2024", "1.2.3.5", "B", "B", ""],
            ["1143", "99", "03/04/2024", "1.2.3.6", "A", "C", "no"]]
    ds = read_text(csv(rows))
    assert set(ds.table.subject_ids) == {"Essay 1 grade?", "Essay 2 grade?"}
    assert set(ds.table.rater_ids) == {"1141", "1142", "1143"}
    assert notes(ds, "extra-header-rows")[0].rows == (2,)
    assert notes(ds, "comment-columns")[0].columns == ("Anything else?",)
    assert notes(ds, "format", "guessed")[0].message.startswith("a SurveyMonkey export: one row "
                                                                "per respondent")


def test_microsoft_forms_anonymous_respondents_are_numbered_by_id():
    rows = [["ID", "Start time", "Completion time", "Email", "Name", "Photo 1", "Photo 2"],
            ["1", "3/4/24 10:00", "3/4/24 10:05", "anonymous", "", "Good", "Poor"],
            ["2", "3/4/24 10:01", "3/4/24 10:06", "anonymous", "", "Good", "Good"],
            ["3", "3/4/24 10:02", "3/4/24 10:07", "anonymous", "", "Poor", "Poor"]]
    ds = read_text(csv(rows))
    assert set(ds.table.rater_ids) == {"1", "2", "3"}
    assert set(ds.table.subject_ids) == {"Photo 1", "Photo 2"}
    assert "(named in 'ID')" in notes(ds, "format", "guessed")[0].message


def test_google_forms_grid_rows_name_the_subjects():
    rows = [["Timestamp", "Email Address", "Rate each slide [Slide 1]", "Rate each slide [Slide 2]"],
            ["2024/03/01 10:00:00", "a@x.org", "3", "4"], ["2024/03/01 10:01:00", "b@x.org", "3", "2"],
            ["2024/03/01 10:02:00", "c@x.org", "4", "4"]]
    ds = read_text(csv(rows))
    assert set(ds.table.subject_ids) == {"Slide 1", "Slide 2"}
    assert set(ds.table.rater_ids) == {"a@x.org", "b@x.org", "c@x.org"}
    assert notes(ds, "format", "guessed")[0].message.startswith("a Google Forms export")


# ----------------------------------------------------------------- clinical
@pytest.mark.parametrize("head, on, off", [
    (["record_id", "dx_r1___1", "dx_r1___2", "dx_r2___1", "dx_r2___2", "form_complete"], "1", "0"),
    (["Record ID", "Dx R1 (choice=1)", "Dx R1 (choice=2)", "Dx R2 (choice=1)", "Dx R2 (choice=2)",
      "Complete?"], "Checked", "Unchecked")])
def test_redcap_checkbox_fields_fold_into_one_rating_each(head, on, off):
    rows = [["1", on, off, on, off, "2"], ["2", off, on, on, off, "2"], ["3", off, on, off, on, "2"],
            ["4", off, off, off, on, "2"]]
    ds = read_text(csv([head] + rows))
    r1, r2 = head[1].split("___")[0].split(" (")[0], head[3].split("___")[0].split(" (")[0]
    assert ratings(ds) == {("1", r1, "1"), ("1", r2, "1"), ("2", r1, "2"), ("2", r2, "1"),
                           ("3", r1, "2"), ("3", r2, "2"), ("4", r2, "2")}
    assert len(notes(ds, "format", "kept")) == 2
    assert "2 checkbox fields" in notes(ds, "format", "guessed")[0].message


def test_epi_info_deleted_records_are_left_out():
    head = ["UniqueKey", "RecStatus", "GlobalRecordId", "SlideID", "ReaderA", "ReaderB"]
    rows = [["1", "1", "g1", "S1", "Yes", "No"], ["2", "0", "g2", "S2", "No", "No"],
            ["3", "1", "g3", "S3", "No", "No"], ["4", "1", "g4", "S4", "Yes", "Yes"]]
    ds = read_text(csv([head] + rows))
    assert set(ds.table.subject_ids) == {"S1", "S3", "S4"}
    assert notes(ds, "format", "left out")[0].rows == (3,)
    assert set(ds.table.rater_ids) == {"ReaderA", "ReaderB"}


def test_openclinica_items_by_oid_rater_item_read_long():
    head = ["StudySubjectID", "ProtocolID", "EventName", "CRFName", "I_READ_READER", "I_READ_GRADE"]
    rows = [["SS_1", "P", "Read", "CRF", "A", "1"], ["SS_1", "P", "Read", "CRF", "B", "2"],
            ["SS_2", "P", "Read", "CRF", "A", "2"], ["SS_2", "P", "Read", "CRF", "B", "2"]]
    ds = read_text(csv([head] + rows, "\t"))
    assert ratings(ds) == {("SS_1", "A", "1"), ("SS_1", "B", "2"), ("SS_2", "A", "2"),
                           ("SS_2", "B", "2")}
    assert "'I_READ_READER' the raters" in notes(ds, "format", "guessed")[0].message


# ------------------------------------------------------------------ dialects
@pytest.mark.parametrize("encoding, sep, eol", [("utf-16", "\t", "\r\n"), ("utf-8-sig", ";", "\r\n"),
                                                ("cp1252", ",", "\n")])
def test_a_platform_export_reads_the_same_in_every_dialect(tmp_path, encoding, sep, eol):
    rows = [r[:4] + ["Très bien, \"vraiment\"" if r[4] == "good" else r[4]] + r[5:] for r in MTURK]
    text = eol.join(sep.join(f'"{c}"' if sep in c or '"' in c else c for c in
                             [x.replace('"', '""') if '"' in x else x for x in r]) for r in rows)
    path = tmp_path / "batch.csv"
    path.write_bytes((text + eol).encode(encoding))
    assert ratings(read_ratings(path, ImportOptions())) == ratings(read_text(csv(MTURK)))


def test_named_columns_are_the_users_reading():
    ds = read_text(csv(MTURK), ImportOptions(subject_col="HITId", rater_col="WorkerId",
                                             rating_col="Answer.sentiment.label"))
    assert not notes(ds, "format") and sum(read_back(ds)[0].values()) == 6


def test_a_form_whose_question_names_the_subject_is_one_rating_per_response():
    rows = [["Timestamp", "Email Address", "Your name", "Patient", "Diagnosis", "Score"],
            ["2024/03/01 10:00:00", "a@x.org", "Ann", "P1", "yes", "1 / 2"],
            ["2024/03/01 10:01:00", "a@x.org", "Ann", "P2", "no", "2 / 2"],
            ["2024/03/01 10:02:00", "b@x.org", "Bob", "P1", "yes", "1 / 2"],
            ["2024/03/01 10:03:00", "b@x.org", "Bob", "P2", "yes", "0 / 2"]]
    ds = read_text(csv(rows))
    assert ratings(ds) == {("P1", "Ann", "yes"), ("P2", "Ann", "no"), ("P1", "Bob", "yes"),
                           ("P2", "Bob", "yes")}
    assert "'Your name' names who responded" in notes(ds, "format", "guessed")[0].message
    assert {"Timestamp", "Email Address", "Score"} <= set(notes(ds, "format", "left out")[0].columns)


def test_openclinica_extract_lines_above_the_table_are_left_out():
    about = [["Dataset Name:", "reads"], ["Protocol ID:", "S-01"], ["Date:", "04-Mar-2024"], [""]]
    head = ["StudySubjectID", "ProtocolID", "EventName", "CRFName", "I_READ_GRADE_R1",
            "I_READ_GRADE_R2"]
    rows = [["SS_1", "S-01", "Read", "CRF", "1", "2"], ["SS_2", "S-01", "Read", "CRF", "2", "2"],
            ["SS_3", "S-01", "Read", "CRF", "1", "1"]]
    ds = read_text(csv(about + [head] + rows, "\t"))
    assert notes(ds, "title-lines")[0].rows == (1, 2, 3)
    assert set(ds.table.subject_ids) == {"SS_1", "SS_2", "SS_3"}
    assert set(ds.table.rater_ids) == {"I_READ_GRADE_R1", "I_READ_GRADE_R2"}
    assert notes(ds, "format", "guessed")[0].message.startswith("an OpenClinica dataset extract")


def test_label_studio_with_one_annotation_per_task_finds_the_choices():
    head = ["text", "id", "sentiment", "annotator", "annotation_id", "created_at"]
    tasks = (("good food", "Positive", "3"), ("cold soup", "Negative", "3"),
             ("slow, rude staff", "Negative", "4"), ("fine", "Positive", "4"))
    rows = [[t, str(k), v, a, str(10 + k), "2024-03-04"] for k, (t, v, a) in enumerate(tasks, 1)]
    text = "\n".join(",".join(f'"{c}"' for c in r) for r in [head] + rows) + "\n"
    ds = read_text(text)
    assert ratings(ds) == {("1", "3", "Positive"), ("2", "3", "Negative"), ("3", "4", "Negative"),
                           ("4", "4", "Positive")}
    assert "'sentiment' the rating" in notes(ds, "format", "guessed")[0].message


def test_redcap_repeat_instances_are_said_not_to_be_raters(tmp_path):
    from tapdesk.data.readers import ImportOptions, read_ratings
    path = tmp_path / "repeat.csv"
    path.write_text("record_id,redcap_repeat_instrument,redcap_repeat_instance,diagnosis,rating_complete\n"
                    + "".join(f"{r},rating,{i},{(r + i) % 2},2\n" for r in range(1, 6) for i in (1, 2, 3)),
                    encoding="utf-8")
    ds = read_ratings(path, ImportOptions())
    note = next(n for n in ds.import_notes if n.rule == "format")
    assert "repeat instance numbers are not read as raters" in note.message
    assert not ds.table.has_rater_ids and ds.table.n_ratings == 15
