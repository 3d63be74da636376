"""One test per class of file that used to be read wrong, hang or be refused (issue 10).

Each reads small files of that class (real R and LibreOffice exports among the fixtures,
the rest written here) and checks the reading, the ImportNote that explains it, and the
near misses that must stay untouched.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tapdesk.data.importer.budget import Budget
from tapdesk.data.readers import ImportOptions, export_long_csv, read_ratings
from tapdesk.errors import DataError
from tapdesk.library.hints import error_text, note_text
from tests import IMPORT_FIXTURES
from tests.import_corpus.samples import google_forms_csv

FIXTURES = IMPORT_FIXTURES


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def triples(ds) -> Counter:
    f = ds.table.to_frame()
    return Counter(zip(f["subject"], f["rater"], f["rating"]))


def notes(ds, rule: str, action: str | None = None) -> list:
    return [n for n in ds.import_notes if n.rule == rule and (action is None or n.action == action)]


def refusal(path: Path, **options) -> str:
    with pytest.raises(DataError) as info:
        read_ratings(path, ImportOptions(**options))
    assert "--" not in str(info.value)             # flags are the command line's (issue 26)
    message = error_text(info.value)
    assert message.startswith(str(path)) and "\n" not in message
    assert "internal error" not in message and "C error" not in message
    return message


WIDE = "subject,R1,R2,R3\ns1,1,2,2\ns2,2,2,3\ns3,1,1,1\ns4,3,2,3\ns5,2,2,2\n"


# 1 --------------------------------------------------------------- row names
def test_row_name_column_from_r_write_csv():
    ds = read_ratings(FIXTURES / "r_write_csv_rownames.csv")
    assert ds.table.rater_ids == ("R1", "R2", "R3")               # never a rater
    note, = notes(ds, "row-names", "left out")
    assert note.columns == ("column 1",) and "'subject' holds the subject ids" in note.message
    alone = read_ratings(FIXTURES / "r_write_csv_rownames_only.csv")
    assert alone.table.subject_ids == tuple(str(i) for i in range(1, 13))
    assert alone.table.rater_ids == ("R1", "R2", "R3")
    assert notes(alone, "row-names", "kept")
    short = read_ratings(FIXTURES / "r_write_table.txt")           # row names are the ids here
    assert short.table.subject_ids == tuple(f"s{i:02d}" for i in range(1, 13))
    assert "one name fewer" in notes(short, "row-names")[0].message
    long = read_ratings(FIXTURES / "r_long_reshape.csv")
    assert long.layout == "long" and long.table.rater_ids == ("R1", "R2", "R3")


def test_row_names_near_misses_keep_real_ids_and_raters(tmp_path):
    # a numeric first column 1..N beside no other id column is the subject id
    ds = read_ratings(write(tmp_path, "nr.csv", "Nr,K,L\n1,2,2\n2,1,1\n3,2,1\n4,1,1\n"))
    assert ds.table.subject_ids == ("1", "2", "3", "4") and ds.table.rater_ids == ("K", "L")
    # R's write.csv of a transposed matrix: rater names as row names, subject ids across
    ds = read_ratings(write(tmp_path, "t.csv", '"","s1","s2","s3"\n"Anna",1,2,1\n"Ben",1,2,2\n'))
    assert ds.layout == "wide-rows" and ds.table.rater_ids == ("Anna", "Ben")
    # ... but a named first column beside raters with short ids stays the subject
    ds = read_ratings(write(tmp_path, "a.csv", "Photo,A1,A2,A3\ncat.jpg,1,2,1\ndog.jpg,2,2,2\n"
                                              "owl.jpg,1,1,2\n"))
    assert ds.table.subject_ids == ("cat.jpg", "dog.jpg", "owl.jpg")
    # R's table(): the empty corner over category labels is a contingency table
    ds = read_ratings(write(tmp_path, "c.csv", '"","no","yes"\n"no",20,5\n"yes",3,12\n'))
    assert ds.layout == "contingency" and ds.table.n_subjects == 40 and not notes(ds, "row-names")
    # a rater really called N, next to one called K, gives ratings, not counts
    ds = read_ratings(write(tmp_path, "n.csv", "patient,n,k,Dr X\np1,0,1,1\np2,1,1,0\np3,0,0,0\n"
                                              "p4,1,0,1\n"))
    assert ds.layout == "wide" and ds.table.rater_ids == ("n", "k", "Dr X")


# 2 -------------------------------------------------------- footers, calculated
def test_footer_rows_and_calculated_columns_of_real_spreadsheets():
    for name in ("lo_wine_totals.xlsx", "lo_wine_totals.ods", "excel_sep_semicolon.csv"):
        ds = read_ratings(FIXTURES / name)
        assert ds.table.subject_ids == tuple(f"W{i:02d}" for i in range(1, 9)), name
        assert ds.table.rater_ids == ("Judge 1", "Judge 2", "Judge 3", "Judge 4"), name
        footer, = notes(ds, "footer-rows", "left out")
        assert {"'Total'", "'SD'"} <= set(footer.message.replace(",", " ").split()) or \
            ("'Total'" in footer.message and "'SD'" in footer.message)
        calc, = notes(ds, "calculated-columns")
        assert calc.columns == ("Mean",)
    formulas = read_ratings(FIXTURES / "lo_consensus_formulas.ods")
    assert formulas.table.rater_ids == ("R1", "R2", "R3")
    assert {n.columns for n in notes(formulas, "calculated-columns")} == {("Consensus",), ("Agree?",)}


def test_footer_words_in_several_languages_and_notes(tmp_path):
    text = ("id;A;B;C\ns1;1;2;2\ns2;2;2;3\ns3;1;1;1\ns4;3;2;3\n;;;\nGesamt;7;7;9\n"
            "Moyenne;1,75;1,75;2,25\nAnmerkung: B war krank;;;\n")
    ds = read_ratings(write(tmp_path, "f.csv", text))
    assert ds.table.subject_ids == ("s1", "s2", "s3", "s4")
    note, = notes(ds, "footer-rows", "left out")
    assert note.rows == (7, 8, 9)
    assert "rows 7-9" in note.message
    assert note.message in ds.notes                             # same sentence, plain text too


def test_footer_near_misses_are_kept(tmp_path):
    middle = "subject,R1,R2\ns1,1,2\nTotal,2,2\ns3,1,1\ns4,2,1\n"
    ds = read_ratings(write(tmp_path, "m.csv", middle))
    assert "Total" in ds.table.subject_ids and not notes(ds, "footer-rows")
    last = "subject,R1,R2\ns1,1,2\ns2,2,2\ns3,1,1\nN,2,1\n"
    ds = read_ratings(write(tmp_path, "l.csv", last))
    assert "N" in ds.table.subject_ids
    assert notes(ds, "footer-rows", "kept") and not notes(ds, "footer-rows", "left out")
    rare = "subject,R1,R2\ns1,1,2\ns2,2,2\ns3,1,1\nMax,4,2\n"   # the only 4: still a rating
    assert "Max" in read_ratings(write(tmp_path, "x.csv", rare)).table.subject_ids
    rater_n = "rater,a,b,c\nJ,1,2,1\nK,2,2,1\nN,1,1,2\n"
    ds = read_ratings(write(tmp_path, "r.csv", rater_n))
    assert ds.layout == "wide-rows" and ds.table.rater_ids == ("J", "K", "N")
    off = read_ratings(write(tmp_path, "o.csv", WIDE + "Total,9,9,11\n"),
                       ImportOptions(rules_off=("footer-rows",), max_categories=40))
    assert "Total" in off.table.subject_ids                    # the rule can be switched off


def test_calculated_columns_by_name_and_by_value(tmp_path):
    text = ("subject,R1,R2,R3,Total,overall\ns1,1,2,2,5,1.67\ns2,2,2,3,7,2.33\ns3,1,1,1,3,1\n"
            "s4,3,2,3,8,2.67\ns5,2,2,2,6,2\n")
    ds = read_ratings(write(tmp_path, "c.csv", text))
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    why = {n.columns[0]: n.message for n in notes(ds, "calculated-columns")}
    assert "totals the others" in why["Total"] and "the mean of" in why["overall"]
    comments = ("subject,R1,R2,R3,Comments,feedback\ns1,1,2,2,,check again\ns2,2,2,3,ok,\n"
                "s3,1,1,1,,seen twice by rater 1\ns4,3,2,3,,\n")
    ds = read_ratings(write(tmp_path, "n.csv", comments))
    assert ds.table.rater_ids == ("R1", "R2", "R3")
    assert {n.columns for n in notes(ds, "comment-columns")} == {("Comments",), ("feedback",)}
    # a rater who agrees with everyone is not the panel's mean
    agree = "subject,R1,R2,R3\ns1,1,1,1\ns2,2,2,2\ns3,3,3,3\ns4,1,1,1\n"
    assert read_ratings(write(tmp_path, "a.csv", agree)).table.n_raters == 3


# 3 ---------------------------------------------------------- repeated header
def test_repeated_header_rows(tmp_path):
    pasted = WIDE + "Export 2,,,\nsubject,R1,R2,R3\ns6,1,2,1\ns7,2,2,2\n"
    ds = read_ratings(write(tmp_path, "p.csv", pasted))
    assert ds.table.subject_ids == ("s1", "s2", "s3", "s4", "s5", "s6", "s7")
    note, = notes(ds, "repeated-header")
    assert note.rows == (7, 8)
    other = WIDE + "subject,R3,R2,R1\ns6,1,2,1\n"
    assert "row 7" in refusal(write(tmp_path, "o.csv", other))


# 4 ----------------------------------------------------------- metadata columns
def test_metadata_columns_of_redcap_and_qualtrics(tmp_path):
    redcap = ("record_id,redcap_event_name,redcap_repeat_instrument,redcap_repeat_instance,"
              "rater1_dx,rater2_dx,rating_form_complete\n"
              "1,baseline_arm_1,,,1,2,2\n2,baseline_arm_1,,,2,2,2\n3,baseline_arm_1,,,1,1,0\n"
              "4,baseline_arm_1,,,3,3,2\n")
    ds = read_ratings(write(tmp_path, "redcap.csv", redcap))
    assert ds.table.rater_ids == ("rater1_dx", "rater2_dx") and ds.table.n_subjects == 4
    assert set(notes(ds, "metadata-columns")[0].columns) == {
        "redcap_event_name", "redcap_repeat_instrument", "redcap_repeat_instance",
        "rating_form_complete"}
    head = ["StartDate", "EndDate", "Status", "IPAddress", "Progress", "Duration (in seconds)",
            "Finished", "RecordedDate", "ResponseId", "DistributionChannel", "UserLanguage",
            "Q1", "Q2", "Q3"]
    texts = ["Start Date", "End Date", "Response Type", "IP Address", "Progress",
             "Duration (in seconds)", "Finished", "Recorded Date", "Response ID",
             "Distribution Channel", "User Language", "How severe is case 1?",
             '"Case 2, severe?\n(one)"', "Case 3"]
    ids = ['{""ImportId"":""' + h + '""}' for h in head]
    rows = [",".join(head), ",".join(texts), ",".join(f'"{i}"' for i in ids)]
    for k, answers in enumerate((("Mild", "Severe", "Mild"), ("Mild", "Mild", "Severe"),
                                 ("Severe", "Severe", "Mild"))):
        rows.append(f"2023-05-0{k + 1},2023-05-0{k + 1},IP Address,10.0.0.{k},100,{300 + k},True,"
                    f"2023-05-0{k + 1},R_abc{k},anonymous,EN," + ",".join(answers))
    ds = read_ratings(write(tmp_path, "qualtrics.csv", "\n".join(rows) + "\n", "utf-8-sig"))
    assert ds.layout == "wide-rows"
    assert ds.table.rater_ids == ("R_abc0", "R_abc1", "R_abc2")
    assert ds.table.subject_ids == ("Q1", "Q2", "Q3")
    # rows as a spreadsheet numbers them: the quoted line break in row 2 starts no new row
    assert notes(ds, "extra-header-rows")[0].rows == (2, 3)
    assert notes(ds, "survey-orientation", "guessed")                 # rows as raters is a guess, said
    forms = ('"Timestamp","Essay 1","Essay 2","Essay 3"\n"2024/03/01 10:10:00 AM GMT+1","4","3","4"\n'
             '"2024/03/01 11:02:00 AM GMT+1","4","2","3"\n')
    ds = read_ratings(write(tmp_path, "forms.csv", forms))
    assert ds.layout == "wide-rows" and ds.table.rater_ids == ("R1", "R2")
    assert ds.table.subject_ids == ("Essay 1", "Essay 2", "Essay 3")


# 5 ----------------------------------------------- lines above, ragged rows
def test_text_lines_above_the_header(tmp_path):
    cases = {"sep.csv": "sep=;\r\n" + WIDE.replace(",", ";").replace("\n", "\r\n"),
             "hash.csv": "# exported 2024-01-05, by J. Doe\n# site A\n" + WIDE,
             "title.csv": "Inter-rater study 2023,,,\n,,,\n" + WIDE,
             "bare_title.csv": "Inter-rater study 2023\n\n" + WIDE}
    for name, text in cases.items():
        ds = read_ratings(write(tmp_path, name, text))
        assert ds.table.subject_ids == ("s1", "s2", "s3", "s4", "s5"), name
        assert ds.table.rater_ids == ("R1", "R2", "R3"), name
        assert notes(ds, "title-lines", "left out"), name
    hashed_header = read_ratings(write(tmp_path, "h.csv", "#,R1,R2\n1,1,2\n2,2,2\n3,1,1\n"))
    assert hashed_header.table.rater_ids == ("R1", "R2")       # '#' names a column here
    merged = read_ratings(FIXTURES / "lo_merged_header.xlsx")
    assert merged.table.rater_ids == ("Dr Adams", "Dr Baker", "Dr Chen")
    assert notes(merged, "title-lines", "kept")[0].rows == (1, 2)


def test_ragged_rows(tmp_path):
    ragged = "subject,R1,R2,R3\ns1,1,2,2,,\ns2,2,2\ns3,1,1,1,\ns4,3,2,3\n"
    ds = read_ratings(write(tmp_path, "r.csv", ragged))
    assert triples(ds)[("s2", "R3", "2")] == 0 and ds.table.n_missing == 1
    assert ds.table.n_ratings == 11 and notes(ds, "ragged-rows")
    said = notes(ds, "ragged-rows")[0].message              # what was found, not "extra" fields
    assert said.startswith("lines end with up to 2 empty fields after the table's last column")
    extra = "subject,R1,R2\ns1,1,2\ns2,2,2,3,4\ns3,1,1\n"
    message = refusal(write(tmp_path, "x.csv", extra))
    assert "row 3" in message and "5 fields" in message
    quote = 'subject,R1,R2\ns1,1,2\ns2,"2,2\ns3,1,1\n'
    assert "row 3" in refusal(write(tmp_path, "q.csv", quote))


def test_a_comma_inside_a_quoted_comment_is_no_empty_field_at_the_line_end(tmp_path):
    """Issue 79: a form's optional comment, empty in most rows and once "odd, really" (quoted,
    holding the delimiter), is a named column's answers: no line has a field beyond the
    header's columns, so no note on empty fields after the table's last column (the comma
    inside the quotes made the grid one column wider, empty in every row). A file whose rows
    do have more fields than the header still gets the note, with its count."""
    body = "s1,1,2,\ns2,2,2,\ns3,1,1,\ns4,2,1,\n"
    quoted = 'Subject,R1,R2,Comments\ns0,1,1,"odd, really"\n' + body
    ds = read_ratings(write(tmp_path, "c.csv", quoted))
    assert not notes(ds, "ragged-rows"), [n.message for n in notes(ds, "ragged-rows")]
    assert ds.table.rater_ids == ("R1", "R2") and ds.table.n_subjects == 5
    assert dict(ds.column_roles)["Comments"].startswith("left out")
    forms = google_forms_csv(tmp_path / "Essay marking (Responses).csv")   # "Weak ending, ..."
    assert not notes(read_ratings(forms), "ragged-rows")
    for extra, n in ((',', "1 empty field"), (',,', "up to 2 empty fields")):   # near misses
        longer = quoted.replace("s2,2,2,\n", f"s2,2,2,{extra}\n")
        [note] = notes(read_ratings(write(tmp_path, "x.csv", longer)), "ragged-rows")
        assert note.message.startswith(f"lines end with {n} after the table's last column")


# 6 -------------------------------------------------------------- header words
@pytest.mark.parametrize("header, sep", [("item,judge,score", ","), ("case,coder,code", ","),
                                         ("patient,clinician,diagnosis", ","),
                                         ("Proband;Bewerter;Urteil", ";"),
                                         ("sujet;évaluateur;note", ";"),
                                         ("sujeto;evaluador;puntuación", ";"),
                                         ("subject,name,value", ",")])     # tidyr pivot_longer
def test_header_words_in_several_languages(tmp_path, header, sep):
    rows = [header] + [sep.join([f"x{s}", f"J{j}", str((s + j) % 3 + 1)])
                       for s in range(1, 6) for j in range(1, 4)]
    ds = read_ratings(write(tmp_path, "w.csv", "\n".join(rows) + "\n"))
    assert ds.layout == "long" and not ds.items
    assert ds.table.subject_ids == ("x1", "x2", "x3", "x4", "x5")
    assert ds.table.rater_ids == ("J1", "J2", "J3")


def test_item_column_is_the_subject_unless_items_repeat(tmp_path):
    ds = read_ratings(write(tmp_path, "i.csv", "Item,R1,R2\nQ1,1,2\nQ2,2,2\nQ3,1,1\nQ4,2,1\n"))
    assert ds.table.subject_ids == ("Q1", "Q2", "Q3", "Q4") and not ds.items
    assert notes(ds, "header-words", "guessed")
    repeated = "subject,item,R1,R2\ns1,Q1,1,2\ns1,Q2,2,2\ns2,Q1,1,1\ns2,Q2,2,1\n"
    ds = read_ratings(write(tmp_path, "r.csv", repeated))
    assert ds.items == ("Q1", "Q2")


def test_rating_column_mixing_text_and_numbers(tmp_path):
    mixed = "item,judge,score\na,J1,1\na,J2,good\nb,J1,2\nb,J2,3\n"
    message = refusal(write(tmp_path, "m.csv", mixed))
    assert "column 'score'" in message and "'good'" in message
    other = "item,judge,score,grade\na,J1,1,A\na,J2,good,B\nb,J1,2,A\nb,J2,3,C\n"
    ds = read_ratings(write(tmp_path, "o.csv", other))
    assert ds.table.scale.categories == ("A", "B", "C")
    assert any("'grade'" in n.message for n in notes(ds, "header-words", "guessed"))


# 7 ------------------------------------------------------------ missing codes
def test_plus_and_minus(tmp_path):
    ds = read_ratings(write(tmp_path, "pm.csv", "subject,R1,R2\ns1,+,-\ns2,-,-\ns3,+,+\n"))
    assert set(ds.table.scale.categories) == {"+", "-"} and ds.table.n_ratings == 6
    ds = read_ratings(write(tmp_path, "m.csv", "subject,R1,R2\ns1,1,-\ns2,2,2\ns3,1,1\n"))
    assert ds.table.scale.categories == ("1", "2") and ds.table.n_missing == 1


def test_suspect_missing_code_is_named_with_the_way_to_declare_it(tmp_path):
    text = "subject,R1,R2,R3\n" + "".join(f"s{i},{i % 3 + 1},{999 if i % 4 == 0 else 2},1\n"
                                         for i in range(12))
    path = write(tmp_path, "c.csv", text)
    ds = read_ratings(path)
    note, = notes(ds, "missing-code-suspect")
    assert note.action == "warning" and note.suggested_missing == "999"
    assert "--missing 999" in note_text(note) and note.message in ds.warnings
    assert "--" not in note.message and note.settings == ("missing",)
    declared = read_ratings(path, ImportOptions(missing=("999",)))
    assert "999" not in declared.table.scale.categories and not notes(declared, "missing-code-suspect")


def test_infinities_and_errors_are_never_categories(tmp_path):
    text = "subject,R1,R2\ns1,1,inf\ns2,2,#DIV/0!\ns3,NaN,1\ns4,2,-inf\n"
    ds = read_ratings(write(tmp_path, "i.csv", text), ImportOptions(default_missing=False))
    assert ds.table.scale.categories == ("1", "2") and ds.table.n_missing == 4
    assert "'inf' (1)" in notes(ds, "not-a-rating")[0].message


def test_spss_user_missing_codes_leave_no_empty_category(tmp_path):
    import pyreadstat
    frame = pd.DataFrame({"id": [1.0, 2, 3, 4], "r1": [1.0, 2, 9, 1], "r2": [2.0, 9, 2, 1]})
    path = tmp_path / "um.sav"
    pyreadstat.write_sav(frame, path, variable_value_labels={
        c: {1: "no", 2: "yes", 9: "not assessed"} for c in ("r1", "r2")},
        missing_ranges={c: [9] for c in ("r1", "r2")})
    ds = read_ratings(path)
    assert ds.table.scale.categories == ("1", "2") and ds.table.n_missing == 2
    assert ds.table.scale.label_pairs() == (("1", "no"), ("2", "yes"))     # no '9' behind
    assert "not assessed" in notes(ds, "value-labels", "left out")[0].message


# 8 ----------------------------------------------------------------- no hang
def _cli(*args: str, timeout: float = 60.0) -> tuple[int, str, float]:
    """Run the command line in a child process (a hang cannot stall the test run)."""
    start = time.perf_counter()
    code = "import sys; from tapdesk.cli.main import main; sys.exit(main(sys.argv[1:]))"
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                         text=True, timeout=timeout, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return out.returncode, out.stderr, time.perf_counter() - start


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_pipes_devices_and_huge_lines_are_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    long_line = tmp_path / "line.csv"
    long_line.write_bytes(b"a," * 700_000 + b"\n1,2\n")
    digits = tmp_path / "digits.csv"                   # a regex once backtracked on this for hours
    digits.write_bytes(b"a,b,c\n" + b"1" * 400_000 + b"x,1,2\n1,2,3\n")
    for path, words in ((fifo, "named pipe"), (Path("/dev/zero"), "device"), (long_line, "row 1")):
        if not path.exists():
            continue
        code, err, seconds = _cli("inspect", str(path))
        assert code == 2 and err.startswith(f"tapdesk: error: {path}"), (path, err)
        assert words in err and err.count("\n") == 1
        assert seconds < 60                             # typically under 2 s with start-up
    code, err, seconds = _cli("inspect", str(digits))
    assert code == 0 and seconds < 60, err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the reader is isolated on Linux")
def test_a_damaged_spss_file_that_crashes_the_reader_is_refused():
    # three bytes of a valid file changed: pyreadstat's C code dies of SIGSEGV on it
    path = FIXTURES / "crash" / "damaged.sav"
    code, err, _ = _cli("inspect", str(path))
    assert code == 2 and "reader crashed" in err and err.startswith(f"tapdesk: error: {path}")
    assert read_ratings(FIXTURES / "medals.sav").table.n_ratings == 5     # sound files still read


def test_size_and_time_budgets_say_so(tmp_path):
    path = write(tmp_path, "w.csv", WIDE)
    assert "--max-file-mb" in refusal(path, max_megabytes=1e-5)
    with pytest.raises(DataError, match="Raise the time limit") as info:
        Budget(10, 0.0, "w.csv", started=time.monotonic() - 1).check("reading")
    assert "--time-limit" in error_text(info.value)
    assert "time limit for an import is 1e-09 s" in refusal(path, time_limit=1e-9)
    relative = Path(os.path.relpath(path))
    with pytest.raises(DataError) as info:
        read_ratings(relative, ImportOptions(max_megabytes=1e-5))
    assert str(info.value).startswith(f"{relative}:")          # the path as the user gave it


# 9 -------------------------------------------------------- mixed delimiters
def test_rows_with_different_delimiters_are_refused_with_the_row(tmp_path):
    text = "subject;R1;R2\ns1;1;2\ns2;2;2\ns3,1,1\ns4;2;1\ns5;1;1\n"
    message = refusal(write(tmp_path, "d.csv", text))
    assert "row 4" in message and "commas" in message and "semicolons" in message


# 10 ------------------------------------------------------------- round trip
def test_export_round_trip_keeps_the_scale_and_escapes_formulas(tmp_path):
    for name, options in (("medals.sav", {}), ("lo_wine_totals.ods", {}),
                          ("case_labels.csv", {}), ("wide_missing.csv", {}),
                          ("long.csv", {"categories": ("yes", "no", "maybe"), "ordinal": True})):
        ds = read_ratings(FIXTURES / name, ImportOptions(**options))
        out = tmp_path / f"{name}.csv"
        export_long_csv(ds, out)
        again = read_ratings(out)
        assert triples(again) == triples(ds), name
        assert again.table.subject_ids == ds.table.subject_ids, name
        assert again.table.scale == ds.table.scale, name
        text = out.read_text(encoding="utf-8")
        assert "=1+1" not in text.replace("'=1+1", ""), name       # formulas stay escaped
    exported = (tmp_path / "case_labels.csv.csv").read_text(encoding="utf-8")
    assert "'=1+1" in exported and "'@SUM(A1)" in exported
    unused = np.array(read_ratings(tmp_path / "long.csv.csv").table.scale.categories)
    assert list(unused) == ["yes", "no", "maybe"]                   # the unused category too


def test_an_import_leaves_no_budget_behind_in_its_thread() -> None:
    """An import's time limit is its own: once it returns, or refuses, no later stage run in
    the same thread (a preview left open for minutes) is checked against it."""
    from tapdesk.data.importer import budget
    from tapdesk.data.readers import read_text
    from tapdesk.errors import DataError

    token = budget._CURRENT.set(None)        # whatever a test before left in this thread
    try:
        read_text("case\tR1\tR2\nc1\t1\t2\nc2\t2\t2\nc3\t1\t1\n")
        assert budget._CURRENT.get() is None
        with pytest.raises(DataError):
            read_text("just one line\n")
        assert budget._CURRENT.get() is None
    finally:
        budget._CURRENT.reset(token)
