"""``--column-role COL=ROLE`` (issue 40): the roles the import preview offers, on the command line,
and ``tapdesk inspect`` showing every column's role, references and attributes."""

from __future__ import annotations

import json

import pytest

from tapdesk.cli.main import main

WIDE = ("case,Ann,Bob,Cy,Gold,Site,Remarks\n"
        "c1,yes,yes,no,yes,north,fine\n"
        "c2,no,no,no,no,north,\n"
        "c3,yes,no,yes,yes,south,odd one\n"
        "c4,no,no,yes,no,south,\n")


@pytest.fixture
def wide(tmp_path):
    path = tmp_path / "panel.csv"
    path.write_text(WIDE, encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_column_roles_reach_the_importer_and_inspect_shows_them(capsys, wide):
    code, out, err = run(capsys, "inspect", wide, "--column-role", "Gold=reference",
                         "--column-role", "Site=subject attribute", "--column-role",
                         "Remarks=leave out", "--json")
    assert code == 0, err
    payload = json.loads(out)
    roles = {r["column"]: r["role"] for r in payload["column_roles"]}
    assert roles == {"case": "subject", "Ann": "rater", "Bob": "rater", "Cy": "rater",
                     "Gold": "reference", "Site": "subject attribute", "Remarks": "leave out"}
    assert payload["n_raters"] == 3
    assert payload["references"] == {"Gold": {"c1": "yes", "c2": "no", "c3": "yes", "c4": "no"}}
    assert payload["subject_attributes"]["Site"]["c4"] == "south"


def test_inspect_text_names_the_roles_and_how_to_change_them(capsys, wide):
    code, out, err = run(capsys, "inspect", wide, "--column-role", "Gold=reference",
                         "--column-role", "Remarks=leave out", "--column-role", "Site=leave out")
    assert code == 0, err
    assert "'Gold' reference" in out and "--column-role COL=ROLE" in out
    assert "Reference answer 'Gold' (4 subjects): c1: yes" in out


def test_a_bad_role_says_the_closest_one(capsys, wide):
    code, out, err = run(capsys, "inspect", wide, "--column-role", "Gold=refrence")
    assert code == 2 and "did you mean 'reference'?" in err and "subject attribute" in err
    code, out, err = run(capsys, "inspect", wide, "--column-role", "Gold")
    assert code == 2 and "COL=ROLE" in err
    code, out, err = run(capsys, "inspect", wide, "--column-role", "Nobody=rater")
    assert code != 0 and "Nobody" in err and "--column-role" in err


def test_fold_case_merges_look_alikes_and_the_warning_names_the_flag(capsys, tmp_path):
    path = tmp_path / "pass.csv"
    rows = ["id,A,B"] + [f"{i},pass,{'pass' if i % 2 else 'fail'}" for i in range(20)] + \
        ["20,Pass ,fail"]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "inspect", str(path))
    assert code == 0, err
    assert "look-alike-labels" in out and "--fold-case" in out
    code, out, err = run(capsys, "inspect", str(path), "--fold-case", "--json")
    assert json.loads(out)["categories"] == ["fail", "pass"]
