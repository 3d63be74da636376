"""``tapdesk inspect`` and the shared import flags on the command line."""

from __future__ import annotations

import json
from pathlib import Path

from tapdesk.cli.main import main
from tests import IMPORT_FIXTURES

FIXTURES = IMPORT_FIXTURES
KEYS = {"layout", "mapping", "n_subjects", "n_raters", "n_ratings", "n_missing", "categories",
        "items", "warnings"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_inspect_json_has_the_documented_keys(capsys, shared_data):
    code, out, err = run(capsys, "inspect", str(shared_data / "ptsd.csv"), "--json")
    assert code == 0, err
    payload = json.loads(out)
    assert set(payload) >= KEYS
    assert payload["layout"] == "wide" and payload["items"] == ["Q1", "Q2", "Q3"]
    assert payload["mapping"]["item"] == "Question"
    assert payload["per_item"]["Q3"]["category_counts"] == {"1": 322, "2": 1678}


def test_inspect_text_and_export(capsys, tmp_path):
    out_csv = tmp_path / "clean.csv"
    code, out, err = run(capsys, "inspect", str(FIXTURES / "wide_missing.csv"),
                         "--export", str(out_csv))
    assert code == 0, err
    assert "Layout: wide" in out and "Missing cells: 6" in out
    assert "Wrote 9 ratings" in out and "1 row for subjects with no rating" in out
    assert out_csv.read_text(encoding="utf-8").splitlines()[0] == "subject,rater,rating"


def test_override_flags_reach_the_importer(capsys):
    code, out, _ = run(capsys, "inspect", str(FIXTURES / "long.csv"), "--json",
                       "--categories", "no,yes,maybe", "--ordinal", "--missing", "s3")
    payload = json.loads(out)
    assert code == 0
    assert payload["categories"] == ["no", "yes", "maybe"] and payload["ordinal"] is True
    code, out, _ = run(capsys, "inspect", str(FIXTURES / "headerless.csv"), "--json",
                       "--layout", "wide-rows", "--header")
    assert code == 0 and json.loads(out)["layout"] == "wide-rows"


def test_errors_exit_2_with_the_message_and_no_traceback(capsys, tmp_path):
    for argv in (["inspect", str(FIXTURES / "garbage.bin")],
                 ["inspect", str(FIXTURES / "measurements.csv")],
                 ["inspect", str(tmp_path / "absent.csv")],
                 ["inspect", str(FIXTURES / "long.csv"), "--rating-col", "nope"],
                 ["inspect", str(FIXTURES / "long.csv"), "--export",
                  str(FIXTURES / "long.csv")]):
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert err.startswith("tapdesk: error: ") and "Traceback" not in err
        assert Path(argv[1]).name in err


def test_fit_needs_an_item_when_the_data_have_several(capsys, shared_data):
    code, _, err = run(capsys, "fit", str(shared_data / "ptsd.csv"))
    assert code == 2 and "--item" in err and "Q1, Q2, Q3" in err
    code, out, err = run(capsys, "fit", str(shared_data / "ptsd.csv"), "--item", "Q1", "--json")
    assert code == 0, err
    assert json.loads(out)


def test_inspect_says_which_rule_left_out_each_row_and_column(capsys):
    path = str(FIXTURES / "lo_wine_totals.xlsx")
    code, out, err = run(capsys, "inspect", path)
    assert code == 0, err
    assert "Columns: 'Wine' subject; 'Judge 1', 'Judge 2', 'Judge 3', 'Judge 4' raters; " \
        "'Mean' left out (calculated-columns)" in out
    assert "Note [footer-rows, left out]: rows 12, 13 and 15 below the data" in out
    assert "Note [title-lines, left out]: row 1 above the table" in out
    code, out, _ = run(capsys, "inspect", path, "--json")
    payload = json.loads(out)
    footer = next(n for n in payload["import_notes"] if n["rule"] == "footer-rows")
    assert footer["rows"] == [12, 13, 15] and footer["action"] == "left out"
    assert {"column": "Mean", "role": "left out (calculated-columns)"} in payload["column_roles"]


def test_rules_can_be_switched_off_and_limits_raised(capsys, tmp_path):
    path = tmp_path / "f.csv"
    path.write_text("subject,R1,R2\ns1,1,2\ns2,2,2\ns3,1,1\ns4,2,1\ns5,1,2\nTotal,7,8\n",
                    encoding="utf-8")
    code, out, _ = run(capsys, "inspect", str(path), "--json")
    assert json.loads(out)["n_subjects"] == 5
    code, out, _ = run(capsys, "inspect", str(path), "--json", "--no-rule", "footer-rows")
    assert code == 0 and json.loads(out)["n_subjects"] == 6
    code, _, err = run(capsys, "inspect", str(path), "--max-file-mb", "0.00001")
    assert code == 2 and "--max-file-mb" in err and err.startswith(f"tapdesk: error: {path}:")
    code, _, err = run(capsys, "inspect", str(path), "--time-limit", "0")
    assert code == 2 and "--time-limit must be a positive number" in err
    code, _, err = run(capsys, "inspect", str(path), "--no-rule", "nonsense")
    assert code == 2
