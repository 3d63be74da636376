"""The command line: `tapdesk fit`, JSON output, and bad input without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tapdesk.cli.main import main

REQUIRED = ("model", "params", "se", "ci", "log_likelihood", "bits_per_rating", "n_subjects",
            "n_ratings", "n_excluded", "converged", "warnings")


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def binary_csv(tmp_path):
    path = tmp_path / "panel.csv"
    rows = ["subject,rater,rating"]
    pattern = [(1, 1, 1), (0, 0, 0), (1, 1, 0), (0, 0, 1), (1, 1, 1), (0, 0, 0)]
    for i in range(60):
        for j, value in enumerate(pattern[i % 6]):
            rows.append(f"s{i},r{j},{value}")
    rows.append("s60,r0,1")          # a subject with one rating: excluded, and reported
    path.write_text("\n".join(rows) + "\n")
    return path


def test_fit_json_has_the_documented_keys(capsys, binary_csv):
    code, out, err = run_cli(capsys, "fit", str(binary_csv), "--json")
    assert code == 0, err
    payload = json.loads(out)
    for key in REQUIRED:
        assert key in payload
    assert set(payload["params"]) == {"t", "a", "p"}
    assert payload["n_subjects"] == 60 and payload["n_ratings"] == 180
    assert payload["n_excluded"] == 1 and "one rating" in payload["exclusions"][0]["reason"]
    assert payload["class1"] == ["1"] and "larger numeric" in payload["class1_reason"]
    lo, hi = payload["ci"]["a"]
    assert lo < payload["params"]["a"] < hi


def test_fit_text_output_speaks_plainly(capsys, shared_data):
    code, out, _ = run_cli(capsys, "fit", str(shared_data / "wine.csv"), "--cut", "1")
    assert code == 0
    assert "Raters are accurate about 54%" in out
    assert "27%" in out and "Class 1" in out


def test_bootstrap_intervals_are_seeded(capsys, binary_csv):
    args = ("fit", str(binary_csv), "--bootstrap", "40", "--seed", "5", "--json")
    first = json.loads(run_cli(capsys, *args)[1])
    second = json.loads(run_cli(capsys, *args)[1])
    assert first["ci"] == second["ci"]
    assert "bootstrap" in first["interval_method"]


@pytest.mark.parametrize("argv, fragment", [
    (["fit", "no-such-file.csv"], "does not exist"),
    (["fit", "{wine}"], "--class1"),
    (["fit", "{wine}", "--class1", "7"], "'7' is not a category"),
    (["fit", "{wine}", "--cut", "4"], "last category"),
    (["fit", "{wine}", "--model", "nonsense"], "invalid choice"),
    (["fit", "{wine}", "--cut", "1", "--bootstrap", "-3"], "bootstrap"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, shared_data, argv, fragment):
    argv = [a.replace("{wine}", str(shared_data / "wine.csv")) for a in argv]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert "Traceback" not in err
    assert len([line for line in err.splitlines() if line.startswith("tapdesk")]) == 1


def test_console_entry_point_runs_as_module(binary_csv):
    out = subprocess.run([sys.executable, "-m", "tapdesk", "fit", str(binary_csv), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["model"] == "tap"


def test_fit_each_item_of_a_questionnaire(capsys, shared_data):
    """ptsd.csv: 200 subjects x 3 questions x 10 raters; --item all fits each question."""
    code, out, err = run_cli(capsys, "fit", str(shared_data / "ptsd.csv"), "--item", "all",
                             "--class1", "2", "--json")
    assert code == 0, err
    items = json.loads(out)["items"]
    assert list(items) == ["Q1", "Q2", "Q3"]
    assert all(r["n_subjects"] == 200 and r["n_ratings"] == 2000 for r in items.values())
    code, out, _ = run_cli(capsys, "fit", str(shared_data / "ptsd.csv"), "--item", "Q2",
                           "--class1", "2", "--json")
    assert json.loads(out)["params"] == items["Q2"]["params"]
    code, _, err = run_cli(capsys, "fit", str(shared_data / "ptsd.csv"), "--class1", "2")
    assert code == 2 and "--item all" in err


def test_subjects_out_writes_every_subjects_labels(capsys, shared_data, tmp_path):
    """Issue 43: --subjects-out writes the rows of tapdesk.report.labels, one per subject."""
    import csv

    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.report.labels import subject_labels
    path = tmp_path / "labels.csv"
    code, out, err = run_cli(capsys, "fit", str(shared_data / "wine.csv"), "--model", "dawid-skene",
                             "--subjects-out", str(path), "--review-below", "0.8")
    assert code == 0, err
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))
    table = read_ratings(shared_data / "wine.csv").table
    assert len(rows) == 1 + table.n_subjects
    assert rows[0][:3] == ["Subject", "Ratings", "Probability of 1"]
    expected = subject_labels(fit(FitRequest(model="dawid-skene"), table), table, 0.8)
    assert [r[0] for r in rows[1:]] == [r[0] for r in expected.rows]
    assert sum(r[-2] == "yes" for r in rows[1:]) == expected.n_review
    assert f"({expected.n_review} need review)" in out


@pytest.mark.parametrize("name, extra, fragment", [
    ("labels.txt", [], "must end in .csv or .parquet"),
    ("labels.csv", ["--review-below", "0.2"], "between 0.5 and 1"),
    ("labels.csv", ["--item", "all"], "one item"),
])
def test_subjects_out_refuses_plainly_before_the_fit(capsys, shared_data, tmp_path, name, extra,
                                                     fragment):
    code, out, err = run_cli(capsys, "fit", str(shared_data / "wine.csv"), "--class1", "4",
                             "--subjects-out", str(tmp_path / name), *extra)
    assert code == 2 and fragment in err and "Traceback" not in err and not out


def test_fit_model_mace_reads_a_crowd_file_and_writes_its_labels(capsys, tmp_path):
    """Issue 43 item 4: `tapdesk fit FILE --model mace`, its summary and its labels file."""
    import csv
    from pathlib import Path
    crowd = Path(__file__).resolve().parents[1] / "fixtures" / "crowd_small.csv"
    path = tmp_path / "labels.csv"
    code, out, err = run_cli(capsys, "fit", str(crowd), "--model", "mace",
                             "--subjects-out", str(path))
    assert code == 0, err
    assert "MACE (each worker knows the answer or guesses)" in out
    assert "how often they know the answer rather than guess" in out
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines()))
    assert len(rows) == 1 + 300
    code, out, err = run_cli(capsys, "fit", str(crowd), "--model", "mace", "--json")
    payload = json.loads(out)
    assert code == 0 and payload["model"] == "mace" and len(payload["raters"]) == 30
    assert all(key in payload for key in REQUIRED)


def test_fit_json_makes_no_text_and_the_text_is_the_one_it_made(capsys, binary_csv, monkeypatch):
    """``--json`` does not build the summary it does not print (issue 57); without it the text
    is the one the outcome made before: the summary with its findings, the checks, a newline."""
    from tapdesk.cli.main import build_parser
    from tapdesk.engine import fit
    from tapdesk.library import fit as cmd_fit
    from tapdesk.library.fitted import result_text
    from tapdesk.library.settings import FitSettings
    from tapdesk.library.validity import checks_for, validity_text

    def refused(*_):
        raise AssertionError("the text was made for --json")
    with monkeypatch.context() as patched:
        patched.setattr(cmd_fit, "result_text", refused)
        code, out, err = run_cli(capsys, "fit", str(binary_csv), "--json")
    assert code == 0, err
    assert json.loads(out)["model"] == "tap"
    code, out, err = run_cli(capsys, "fit", str(binary_csv))
    args = FitSettings.of(build_parser().parse_args(["fit", str(binary_csv)]))
    dataset = cmd_fit.load_dataset(args)
    result = fit(cmd_fit.fit_request(args), dataset.table)
    old = result_text(result, dataset.table) + validity_text(checks_for(dataset, result)) + "\n"
    assert code == 0 and out == old
