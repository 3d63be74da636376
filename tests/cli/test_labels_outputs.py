"""Labels from the file (SPSS/Stata) and from --labels reach every CLI output; --categories and
--fold-case speak plainly (issue 14, section 1)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from tapdesk.cli.main import main
from tapdesk.data.binary import choose_class1
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import DataError
from tapdesk.resources.examples import get_example

MEDALS = "1=no medal,2=bronze,3=silver,4=gold"
WINE = str(get_example("wine").path)


def run(capsys, *argv) -> str:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


@pytest.fixture(scope="module")
def medal_sav(tmp_path_factory):
    """The real wine ratings as an SPSS file whose value labels name the codes 1-4."""
    pyreadstat = pytest.importorskip("pyreadstat")
    frame = pd.read_csv(WINE).astype(float)
    path = tmp_path_factory.mktemp("sav") / "wine.sav"
    labels = {1: "no medal", 2: "bronze", 3: "silver", 4: "gold"}
    pyreadstat.write_sav(frame, str(path), variable_value_labels=dict.fromkeys(frame.columns, labels),
                         variable_measure=dict.fromkeys(frame.columns, "ordinal"))
    return path


def test_spss_codes_are_the_categories_and_value_labels_their_labels(medal_sav):
    ds = read_ratings(medal_sav)
    scale = ds.table.scale
    assert scale.categories == ("1", "2", "3", "4") and scale.ordinal
    assert scale.display_labels() == ("no medal", "bronze", "silver", "gold")
    assert choose_class1(scale, ["4"]).class1 == choose_class1(scale, ["gold"]).class1 == ("4",)
    # the counts are the wine data's own (178/237/228/89), so codes were not shuffled
    assert np.bincount(ds.table.rating).tolist() == [178, 237, 228, 89]


def test_spss_class1_by_code_or_label_gives_the_same_fit(medal_sav, capsys):
    by_code = json.loads(run(capsys, "fit", medal_sav, "--class1", "4", "--json"))
    by_label = json.loads(run(capsys, "fit", medal_sav, "--class1", "gold", "--json"))
    assert by_code["params"] == by_label["params"]
    assert by_code["class1"] == ["4"] and by_code["class1_labels"] == ["gold"]
    assert "Class 1 ('gold')" in run(capsys, "fit", medal_sav, "--class1", "gold")


def test_value_labels_keep_numeric_order_past_nine(tmp_path):
    pyreadstat = pytest.importorskip("pyreadstat")
    frame = pd.DataFrame({"r1": [1.0, 2, 9, 10, 11], "r2": [1.0, 10, 9, 11, 2]})
    labels = {k: f"level {k}" for k in (1, 2, 9, 10, 11)}
    path = tmp_path / "levels.sav"
    pyreadstat.write_sav(frame, str(path), variable_value_labels={"r1": labels, "r2": labels})
    scale = read_ratings(path).table.scale
    assert scale.categories == ("1", "2", "9", "10", "11")
    assert scale.label("10") == "level 10"


def test_categories_may_name_the_files_labels(medal_sav):
    ds = read_ratings(medal_sav, ImportOptions(categories=("no medal", "bronze", "silver", "gold")))
    assert ds.table.scale.categories == ("1", "2", "3", "4")


def test_categories_with_other_values_say_to_use_labels():
    with pytest.raises(DataError) as info:
        read_ratings(WINE, ImportOptions(categories=("no medal", "bronze", "silver", "gold")))
    message = str(info.value)
    assert "the declared categories list the values the file holds (1, 2, 3, 4)" in message
    assert 'give value labels (1=no medal,2=bronze,3=silver,4=gold)' in message
    assert "--" not in message and "labels" in info.value.settings


def test_categories_message_on_the_cli_exits_2(capsys):
    assert main(["fit", WINE, "--categories", "none,bronze,silver,gold", "--cut", "1"]) == 2
    assert "--labels" in capsys.readouterr().err


def test_fold_case_still_accepts_the_files_own_spelling(tmp_path, capsys):
    path = tmp_path / "mixed.csv"
    path.write_text("A,B,C\nYes,yes,no\nno,No,no\nYES,yes,yes\nno,no,No\nyes,Yes,no\n")
    for spelling in ("Yes", "YES", "yes"):
        payload = json.loads(run(capsys, "fit", path, "--fold-case", "--class1", spelling, "--json"))
        assert payload["class1"] == ["yes"]


@pytest.mark.parametrize("argv, expected", [
    (("fit", WINE, "--model", "categorical"), ["t: gold (4)", "'no medal' "]),
    (("fit", WINE, "--model", "dawid-skene"), ["correct: silver (3)", "rated gold (4)"]),
    (("fit", WINE, "--cut", "bronze"), ["Class 0 ('silver' or 'gold')"]),
    (("ordinal", WINE), ["no medal | bronze (1|2)", "bronze (2)"]),
    (("agreement", WINE, "--bootstrap", "0"), ["silver (3)", "gold (4)  "]),
    (("inspect", WINE), ["no medal (1): 178", "gold (4): 89"]),
    (("modelfit", WINE, "--cut", "no medal", "--bootstrap", "0"), ["Class 1 = {no medal}"]),
    (("posterior", WINE, "--cut", "no medal"), ["Class 1 ('no medal')"]),
])
def test_every_command_shows_labels(capsys, argv, expected):
    text = run(capsys, *argv, "--labels", MEDALS)
    for part in expected:
        assert part in text, part


@pytest.mark.parametrize("argv", [
    ("fit", WINE, "--model", "categorical", "--json"),
    ("agreement", WINE, "--bootstrap", "0", "--json"),
    ("ordinal", WINE, "--json"),
    ("inspect", WINE, "--json"),
])
def test_json_carries_the_labels(capsys, argv):
    payload = json.loads(run(capsys, *argv, "--labels", MEDALS))
    labels = payload["category_labels"]
    if isinstance(labels, dict):
        labels = [labels[c] for c in payload["categories"]]
    assert labels == ["no medal", "bronze", "silver", "gold"]


def test_per_category_rater_estimates_are_lists_in_json(capsys):
    payload = json.loads(run(capsys, "fit", WINE, "--model", "dawid-skene", "--json"))
    rater = payload["raters"][0]
    assert len(rater["correct"]) == 4 and len(rater["ci"]["correct"]) == 4
    assert isinstance(rater["accuracy"], float)
