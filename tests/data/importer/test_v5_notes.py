"""What the issue-52 readings say (the corpus checks what they read): every guess is named in
its note, with what it guessed and why."""

from __future__ import annotations

import json
from pathlib import Path

from tapdesk.cli.main import main
from tapdesk.data.readers import ImportOptions, read_ratings
from tests.import_corpus.samples import (
    ESSAYS,
    MARKERS,
    SCORES,
    google_forms_csv,
    summary_first_book,
)


def _csv(tmp_path: Path, text: str, name: str = "f.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("cp1252"))
    return path


def _notes(ds, rule: str) -> list[str]:
    return [n.message for n in ds.import_notes if n.rule == rule]


def test_a_missing_value_mark_of_another_language_is_named(tmp_path):
    rows = "\n".join(f"{i};{1 + i % 3};{'s/d' if i == 4 else 1 + (i + 1) % 3}" for i in range(12))
    ds = read_ratings(_csv(tmp_path, "Patient;Untersucher A;Untersucher B\n" + rows + "\n"))
    assert ds.table.n_ratings == 23 and set(ds.table.scale.categories) == {"1", "2", "3"}
    (note,) = [m for m in _notes(ds, "not-a-rating") if "not on the scale" in m]
    assert "'s/d' (1 cell)" in note and "declare the categories" in note
    declared = read_ratings(ds.source_path, ImportOptions(categories=("1", "2", "3", "s/d")))
    assert "s/d" in declared.table.scale.categories          # a declared category is kept


def test_mean_and_sd_rows_in_portuguese_are_left_out_by_their_cells(tmp_path):
    body = "\n".join(f"{i + 1};{1 + i % 4};{1 + (i * 3) % 5};{1 + (i * 2) % 5}" for i in range(10))
    text = ("Paciente;Avaliador 1;Avaliador 2;Avaliador 3\n" + body +
            "\nMédia;2,50;2,80;3,00\nDesvio padrão;1,18;1,55;1,49\n")
    ds = read_ratings(_csv(tmp_path, text))
    assert ds.table.n_subjects == 10 and ds.table.scale.categories == ("1", "2", "3", "4", "5")
    (note,) = _notes(ds, "footer-rows")
    assert "'Média'" in note and "'Desvio padrão'" in note


def test_rater_item_columns_are_analysed_item_by_item(tmp_path):
    head = "id," + ",".join(f"R{r}_Q{q}" for r in (1, 2, 3) for q in (1, 2))
    body = "\n".join(f"s{i}," + ",".join(str(1 + (i + r * q) % 3) for r in (1, 2, 3)
                                          for q in (1, 2)) for i in range(8))
    path = _csv(tmp_path, head + "\n" + body + "\n")
    ds = read_ratings(path)
    assert ds.items == ("Q1", "Q2") and ds.table.rater_ids == ("R1", "R2", "R3")
    assert dict(ds.column_roles) == {"id": "subject", **dict.fromkeys(
        head.split(",")[1:], "ratings of one rater and item (read from its name)")}
    (note,) = _notes(ds, "header-words")
    assert "cross 3 raters (R1, R2, R3) with 2 items (Q1, Q2)" in note
    q2 = read_ratings(path, ImportOptions(item="Q2"))
    assert q2.item == "Q2" and q2.table.n_ratings == 24
    off = read_ratings(path, ImportOptions(rules_off=("header-words",)))
    assert off.table.n_raters == 6                    # the rule can be switched off


def test_the_sheet_read_after_a_summary_sheet_is_named(tmp_path, capsys):
    path = summary_first_book(tmp_path)
    ds = read_ratings(path)
    assert ds.provenance.sheet == "Ratings" and ds.table.n_ratings == 20
    (note,) = [m for m in _notes(ds, "sheet") if "was read" in m]
    assert "sheet 'Ratings' was read: sheet 'Summary' holds no ratings" in note
    assert main(["inspect", str(path), "--sheet", "Summary"]) == 2     # asked for: refused
    assert "agreement coefficients" in capsys.readouterr().err


def test_a_form_with_nothing_rated_yet_is_refused_in_one_sentence(tmp_path, capsys):
    body = "\n".join(f"P{i:03d};{30 + i};{'mw'[i % 2]};;" for i in range(10))
    path = _csv(tmp_path, "Patient;Alter;Geschlecht;Bewerter 1;Bewerter 2\n" + body + "\n")
    assert main(["inspect", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing here is ratings on one scale" in err
    assert "'Alter'" in err and "'Geschlecht'" in err


def test_the_columns_a_form_reader_leaves_out_follow_the_format_rule(tmp_path):
    """The Forms reader leaves its bookkeeping out under its own rule, 'format': switching
    'metadata-columns' off cannot claim to keep them while the reader still leaves them out,
    and its note says to switch 'format' off."""
    path = google_forms_csv(tmp_path / "Essay marking (Responses).csv")
    for off in ((), ("metadata-columns",)):
        ds = read_ratings(path, ImportOptions(rules_off=off))
        roles = dict(ds.column_roles)
        assert roles["Timestamp"] == roles["Email Address"] == "left out (format)", off
        [left] = [n for n in ds.import_notes if "Timestamp" in n.columns]
        assert left.rule == "format" and left.action == "left out" and left.switchable
        assert "hold Google Forms's bookkeeping" in left.message


def test_naming_some_roles_of_a_form_lets_the_rules_find_the_others(tmp_path, capsys):
    """A Google Forms file of one response per rating (every respondent marked several
    essays): naming only the rater, or switching the Forms reader off, still reads it as the
    automatic reading does -- the respondents answered more than once, so the rows are
    responses, not respondents, and the long rules find the subject and the rating."""
    path = google_forms_csv(tmp_path / "Essay marking (Responses).csv")
    auto = read_ratings(path)
    question = "Which essay are you marking?"
    assert auto.mapping[:3] == (("subject", question), ("rater", "Your name"), ("rating", "Score"))
    ratings = sorted(zip(auto.table.subject, auto.table.rating))
    for flags in (["--column-role", "Email Address=rater"], ["--rater-col", "Email Address"],
                  ["--no-rule", "format"], ["--column-role", "Score=rating"]):
        assert main(["inspect", str(path), "--json", *flags]) == 0, capsys.readouterr().err
        out = json.loads(capsys.readouterr().out)
        mapping = dict(out["mapping"])
        assert (mapping["subject"], mapping["rating"]) == (question, "Score"), flags
        assert out["layout"] == "long" and out["n_ratings"] == 30, flags
    ds = read_ratings(path, ImportOptions(column_roles=(("Email Address", "rater"),)))
    assert sorted(zip(ds.table.subject, ds.table.rating)) == ratings
    assert set(ds.table.rater_ids) == {"anna.berg@school.org", "tom.hale@school.org",
                                       "li.wei@school.org", "sam.ortiz@school.org",
                                       "mia.kern@school.org"}
    assert any(n.rule == "subject-by-structure" for n in ds.import_notes)
    off = read_ratings(path, ImportOptions(rules_off=("format",)))
    assert not any(n.rule == "format" for n in off.import_notes)


def test_a_reading_whose_ratings_are_the_files_ids_is_refused_naming_them(tmp_path, capsys):
    """A long sheet whose grade column holds the patient's number again, and one whose only
    other column is a remark: the 'ratings' would be the ids; refused in one line naming the
    columns. The same sheet with grades beside the numbered ids reads them as the ratings."""
    rows = [(s, r) for s in range(1, 11) for r in (1, 2, 3)]
    copied = _csv(tmp_path, "Patient;Gutachter;Note\n" +
                  "".join(f"{s};{r};{s}\n" for s, r in rows), "copied.csv")
    assert main(["inspect", str(copied)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'Note', holds the ids of the subjects in 'Patient'" in err
    remarks = _csv(tmp_path, "Patient;Gutachter;Bemerkung\n" + "".join(
        f"{s};{r};Bild {'unscharf' if (s + r) % 2 else 'gut lesbar'}, Nr. {s}/{r}\n"
        for s, r in rows), "remarks.csv")
    assert main(["inspect", str(remarks)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'Patient' and 'Gutachter' cross" in err
    assert "so 'Gutachter' holds ids, not ratings" in err
    graded = _csv(tmp_path, "Patient;Gutachter;Note\n" + "".join(
        f"{s};{r};{1 + (s * r) % 3}\n" for s, r in rows), "graded.csv")
    ds = read_ratings(graded)
    assert ds.mapping[:3] == (("subject", "Patient"), ("rater", "Gutachter"), ("rating", "Note"))


def test_the_scale_rule_refuses_no_table_a_long_reading_explains(tmp_path):
    """A Qualtrics export of one response per rating (a response id in every row, the
    marker's name repeated, the essay asked for, the score): read as one row per respondent,
    the question beside the score is on no one scale; a long reading explains it, so it is
    read long, said in a note, and the survey's one-row-per-respondent note is gone."""
    lines = ["StartDate,EndDate,Status,Progress,Finished,ResponseId,Name,"
             "Which essay are you marking?,Score"]
    for s, essay in enumerate(ESSAYS):
        for r, (_, name) in enumerate(MARKERS):
            k = 5 * s + r + 1
            lines.append(f"2024-03-14 10:{k:02d}:00,2024-03-14 10:{k:02d}:30,IP Address,100,"
                         f"True,R_{k:05d}x,{name},{essay},{SCORES[s][r]}")
    path = _csv(tmp_path, "\n".join(lines) + "\n", "qualtrics.csv")
    ds = read_ratings(path)
    assert ds.layout == "long" and ds.mapping[:3] == (
        ("subject", "Which essay are you marking?"), ("rater", "Name"), ("rating", "Score"))
    assert ds.table.n_ratings == 30 and set(ds.table.subject_ids) == set(ESSAYS)
    (note,) = [m for m in _notes(ds, "layout") if "read as one row per rating" in m]
    assert "the wide-rows reading holds nothing on one scale" in note
    assert not _notes(ds, "survey-orientation")
