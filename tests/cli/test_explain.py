"""Issue 42 on the command line: tapdesk fit --subject-group / --rater-attribute /
--raters-file, the JSON keys, and plain messages for settings that cannot work."""

from __future__ import annotations

import json

import pytest

from tapdesk.cli.main import main
from tapdesk.resources.examples import get_example

WRITING = str(get_example("writing").path)


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_fit_json_has_groups_effects_and_tests(capsys):
    code, out, err = run_cli(capsys, "fit", WRITING, "--cut", "2", "--subject-group", "year",
                             "--rater-attribute", "age", "--json")
    assert code == 0, err
    payload = json.loads(out)
    groups = payload["groups"]
    assert [g["group"] for g in groups] == ["1", "2", "3", "4"]
    assert all(set(g) >= {"group", "t", "interval"} and g["interval"][0] <= g["t"] <= g["interval"][1]
               for g in groups)
    assert set(payload["group_test"]) >= {"statistic", "df", "p_value"}
    assert payload["group_test"]["df"] == 3
    effect, = payload["effects"]
    assert set(effect) >= {"attribute", "level", "effect", "interval", "scale"}
    assert effect["attribute"] == "age" and "age 55" in effect["scale"]
    assert effect["interval"][0] <= effect["effect"] <= effect["interval"][1]
    assert set(payload["attribute_test"]) >= {"statistic", "df", "p_value", "method"}
    for test in ("group_test", "attribute_test"):     # issue 55: small data, simulated p
        assert payload[test]["simulated_panels"] == 200
        assert payload[test]["method"].startswith("from 200 panels simulated from the fit")
    assert effect["p_value"] == payload["attribute_test"]["p_value"]
    assert all("group" in s for s in payload["subjects"])
    assert any("Accuracy rises with age" in s for s in payload["explained"])


def test_fit_text_says_the_effect_in_points(capsys):
    code, out, _ = run_cli(capsys, "fit", WRITING, "--cut", "2", "--rater-attribute", "age")
    assert code == 0
    assert "Accuracy rises with age: raters with age 55 are accurate" in out
    assert "points more often than those with age 35 (95% interval" in out
    assert "Accuracy by rater attributes" in out


@pytest.mark.parametrize(("extra", "message"), [
    (("--subject-group", "site"), "there is no subject attribute 'site'; the subject attributes "
                                  "are 'year'"),
    (("--rater-attribute", "year"), "'year' is a subject attribute"),
    (("--model", "dawid-skene", "--subject-group", "year"), "cannot explain the ratings"),
    (("--guess-by-attributes",), "only when rater attributes are chosen"),
    (("--model", "categorical", "--rater-attribute", "age", "--guess-by-attributes"),
     "two-category models"),
])
def test_settings_that_cannot_work_get_a_plain_message(capsys, extra, message):
    code, out, err = run_cli(capsys, "fit", WRITING, "--cut", "2", *extra)
    assert code == 2 and not out
    assert message in err and "Traceback" not in err


def test_a_raters_file_adds_attributes_and_says_what_does_not_match(capsys, tmp_path):
    raters = tmp_path / "raters.csv"
    raters.write_text("Instructor,site\n" + "".join(
        f"instructor{j},{'north' if j % 3 else 'south'}\n" for j in range(1, 12)) +
        "instructor99,north\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "fit", WRITING, "--cut", "2", "--raters-file", str(raters),
                             "--rater-attribute", "site", "--json")
    assert code == 0, err
    assert "instructor99" in err and "row 13" in err and "'Instructor'" in err
    assert "instructor12" in err and "no row" in err
    effect, = json.loads(out)["effects"]
    assert (effect["attribute"], effect["level"], effect["reference"]) == ("site", "south",
                                                                           "north")


def test_inspect_shows_the_raters_file(capsys, tmp_path):
    raters = tmp_path / "raters.csv"
    raters.write_text("judge,years\n" + "".join(f"instructor{j},{j}\n" for j in range(1, 13)),
                      encoding="utf-8")
    code, out, _ = run_cli(capsys, "inspect", WRITING, "--raters-file", str(raters))
    assert code == 0
    assert "Rater attribute 'years' (12 raters)" in out


def test_the_paragraph_says_the_groups_and_the_effect(capsys):
    code, out, _ = run_cli(capsys, "fit", WRITING, "--cut", "2", "--subject-group", "year",
                           "--rater-attribute", "age", "--paragraph")
    assert code == 0
    assert "differs by year" in out and "Accuracy rises with age" in out
    assert "\n" not in out.strip()


def test_the_report_has_the_explanatory_tables_and_sentences(capsys, tmp_path):
    import html
    out = tmp_path / "writing.html"
    code, _, err = run_cli(capsys, "report", WRITING, "--cut", "2", "--subject-group", "year",
                           "--rater-attribute", "age", "--out", str(out), "--format", "html")
    assert code == 0, err
    text = html.unescape(out.read_text(encoding="utf-8"))
    for needed in ("Class share by subject group", "Accuracy by rater attributes",
                   "differs by year", "Accuracy rises with age"):
        assert needed in text, needed


def test_the_effect_is_told_between_the_values_the_user_chooses(capsys):
    code, out, err = run_cli(capsys, "fit", WRITING, "--cut", "2", "--rater-attribute", "age",
                             "--effect-at", "age=30,60", "--json")
    assert code == 0, err
    effect, = json.loads(out)["effects"]
    assert "age 60" in effect["scale"] and "age 30" in effect["scale"]
    code, out, err = run_cli(capsys, "fit", WRITING, "--cut", "2", "--rater-attribute", "age",
                             "--json")
    default, = json.loads(out)["effects"]
    assert abs(effect["effect"]) > abs(default["effect"])       # 30 years apart, not 20


@pytest.mark.parametrize("value, words", [
    ("age=60,30", "give the lower first"),
    ("year=1,2", "'year' is not one"),
    ("age", "takes COLUMN=LOW,HIGH"),
])
def test_effect_values_that_cannot_work_are_refused_in_words(capsys, value, words):
    code, _, err = run_cli(capsys, "fit", WRITING, "--cut", "2", "--rater-attribute", "age",
                           "--effect-at", value)
    assert code == 2 and words in err and "Traceback" not in err


def test_the_reproduce_command_carries_the_explanatory_settings():
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.report.reproduce import reproduce_command
    table = read_ratings(WRITING).table
    result = fit(FitRequest(model="tap", cut="2", subject_group="year", rater_attributes=("age",),
                            effect_at=(("age", 30, 60),)), table)
    command = reproduce_command(result)
    assert "--subject-group year --rater-attribute age --effect-at age=30,60" in command
