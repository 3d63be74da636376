"""Issue 79 on the command line: ``tapdesk fit --subject-group`` of a number (a patient's age,
59 different values) is refused by name with what to do, not fitted as 59 groups;
``--subject-bands N`` groups the subjects in bands of it, and the report's reproduce command
carries it."""

from __future__ import annotations

import json

from tapdesk.cli.main import main
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.report.reproduce import explain_words
from tests import FIXTURES

PATIENTS = str(FIXTURES / "patients_age_ward.csv")
AGE = "Alter Patient (Jahre)"


def test_a_number_as_subject_groups_is_refused_with_what_to_do(capsys):
    code = main(["fit", PATIENTS, "--class1", "yes", "--subject-group", AGE])
    out, err = capsys.readouterr()
    assert code == 2 and not out
    assert f"'{AGE}' is a number with 59 different values" in err
    assert "not made one group of subjects per value" in err
    assert "--subject-bands N" in err and "Traceback" not in err


def test_bands_group_the_subjects_and_a_ward_code_by_value(capsys):
    code = main(["fit", PATIENTS, "--class1", "yes", "--subject-group", AGE, "--subject-bands", "4",
                 "--starts", "2", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    groups = json.loads(out)["groups"]
    assert [g["group"] for g in groups] == ["18\u201331", "32\u201346", "47\u201361", "62\u201376"]
    assert [g["n_subjects"] for g in groups] == [15, 15, 15, 15]
    code = main(["fit", PATIENTS, "--class1", "yes", "--subject-group", "ward code", "--starts", "2",
                 "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert [g["group"] for g in json.loads(out)["groups"]] == ["1", "2", "3"]


def test_bands_of_a_ward_are_refused(capsys):
    code = main(["fit", PATIENTS, "--class1", "yes", "--subject-group", "ward", "--subject-bands", "3"])
    _out, err = capsys.readouterr()
    assert code == 2 and "'ward' holds values that are not numbers" in err
    assert "leave the bands out" in err


def test_the_reproduce_command_carries_the_bands():
    table = read_ratings(PATIENTS).table
    result = fit(FitRequest(model="tap", class1=("yes",), subject_group=AGE, subject_bands=4,
                            n_starts=2), table)
    words = explain_words(result.request)
    assert words[:4] == ["--subject-group", AGE, "--subject-bands", "4"]
