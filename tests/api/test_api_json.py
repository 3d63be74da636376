"""The Python API (issue 56): every command's call gives, through ``to_dict()``, what the
command prints with ``--json`` on the same data (the command run in this process)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import tapdesk
from tapdesk.cli.main import main
from tapdesk.errors import SettingError

WINE = tapdesk.example("wine")
CROWD = str(Path(__file__).parents[1] / "fixtures" / "crowd_small.csv")


def cli_json(capsys, *argv: str) -> dict:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# (the command line's words, the API call): every command that prints JSON
CASES = {
    "inspect": (["inspect", WINE], lambda: tapdesk.inspect(WINE)),
    "fit": (["fit", WINE, "--cut", "2"], lambda: tapdesk.fit(WINE, cut="2")),
    "fit per-rater": (["fit", WINE, "--model", "per-rater", "--cut", "2", "--level", "90%"],
                      lambda: tapdesk.fit(WINE, model="per-rater", cut=2, level="90%")),
    "fit categorical paragraph": (["fit", WINE, "--model", "categorical", "--paragraph"],
                                  lambda: tapdesk.fit(WINE, model="categorical", paragraph=True)),
    "fit crowd long": (["fit", CROWD, "--model", "dawid-skene"],
                       lambda: tapdesk.fit(CROWD, model="dawid-skene")),
    "explain": (["fit", CROWD, "--model", "dawid-skene", "--rater-attribute", "worker"],
                None),   # filled below: the crowd file has no attribute; see test_explain
    "fit every item": (["fit", tapdesk.example("ptsd"), "--item", "all", "--cut", "1"],
                       lambda: tapdesk.fit(tapdesk.example("ptsd"), item="all", cut="1")),
    "agreement": (["agreement", WINE, "--bootstrap", "50", "--weights", "linear"],
                  lambda: tapdesk.agreement(WINE, bootstrap=50, weights="linear")),
    "ordinal": (["ordinal", WINE], lambda: tapdesk.ordinal(WINE)),
    "posterior": (["posterior", WINE, "--cut", "2"], lambda: tapdesk.posterior(WINE, cut="2")),
    "modelfit": (["modelfit", WINE, "--cut", "2", "--bootstrap", "20"],
                 lambda: tapdesk.modelfit(WINE, cut="2", bootstrap=20)),
    "rater-check": (["rater-check", WINE, "--rater", "J2", "--cut", "2", "--margin", "15%"],
                    lambda: tapdesk.rater_check(WINE, "J2", cut="2", margin="15%")),
    "plan": (["plan", "--t", "0.3", "--a", "0.6", "--p", "0.4", "--raters", "2,3",
              "--subjects", "40", "--sims", "20", "--workers", "1"],
             lambda: tapdesk.plan(t=0.3, a=0.6, p=0.4, raters=[2, 3], subjects=[40], sims=20,
                                  workers=1)),
    "plan target": (["plan", "--from", WINE, "--cut", "2", "--raters", "3", "--subjects", "40",
                     "--sims", "20", "--workers", "1", "--target-width", "0.4"],
                    lambda: tapdesk.plan(WINE, cut="2", raters=[3], subjects=[40], sims=20,
                                         workers=1, target_width=0.4)),
    "examples": (["examples"], lambda: tapdesk.examples()),
}
CASES.pop("explain")


@pytest.mark.parametrize("name", list(CASES))
def test_to_dict_is_the_command_lines_json(capsys, name):
    argv, call = CASES[name]
    expected = cli_json(capsys, *argv)
    result = call()
    got = result.to_dict()
    assert result.summary().strip() and "<h4>" in result._repr_html_()
    if name.startswith("plan"):          # the time the simulations took
        assert expected.pop("seconds") > 0 and got.pop("seconds") > 0
    assert got == expected


def test_explain_is_fit_with_the_attributes(capsys, tmp_path):
    """A subject group and a rater attribute (a second table of raters), as ``tapdesk fit``."""
    data = tmp_path / "panel.csv"
    raters = tmp_path / "raters.csv"
    frame = pd.read_csv(WINE).rename_axis("wine").reset_index().melt(
        id_vars="wine", var_name="judge", value_name="score")
    frame["year"] = ["2019" if wine % 2 else "2020" for wine in frame["wine"]]
    frame.to_csv(data, index=False)
    raters.write_text("rater,trained\nJ1,no\nJ2,yes\nJ3,no\nJ4,yes\n")
    expected = cli_json(capsys, "fit", str(data), "--cut", "2", "--subject-group", "year",
                        "--rater-attribute", "trained", "--raters-file", str(raters))
    got = tapdesk.explain(data, cut="2", subject_group="year", rater_attributes="trained",
                          raters_file=raters)
    assert got.to_dict() == expected
    assert {g["group"] for g in got.to_dict()["groups"]} == {"2019", "2020"}


@pytest.mark.parametrize("command", ["report", "feedback", "pack"])
def test_files_written_as_the_command_writes_them(capsys, tmp_path, command):
    """The same files, named in the same JSON, for the commands that write files."""
    out = tmp_path / ("report.html" if command == "report" else command)
    words = ["--format", "html", "--no-coefficients"] if command == "report" else []
    expected = cli_json(capsys, command, WINE, "--cut", "2", "--out", str(out), *words)
    options = {"format": "html", "no_coefficients": True} if command == "report" else {}
    call = tapdesk.write_report if command == "report" else getattr(tapdesk, command)
    got = call(WINE, out=out, cut="2", **options)
    assert got.to_dict() == expected
    assert Path(out).exists()


def test_simulate_gives_the_frame_the_command_writes(capsys, tmp_path):
    out = tmp_path / "sim.csv"
    assert main(["simulate", "--t", "0.3", "--a", "0.7", "--p", "0.4", "--subjects", "30",
                 "--raters", "4", "--seed", "5", "--out", str(out)]) == 0
    capsys.readouterr()
    frame = tapdesk.simulate(0.3, 0.7, 0.4, subjects=30, raters=4, seed=5)
    pd.testing.assert_frame_equal(frame, pd.read_csv(out))
    with pytest.raises(SettingError, match="--a must lie between 0 and 1"):
        tapdesk.simulate(0.3, 1.7, 0.4, subjects=30, raters=4)


def test_a_dataframe_reads_as_its_csv_file(tmp_path):
    """Wide and long frames give the fit the file gives; a whole-number column with a gap
    (floats in pandas) keeps its labels."""
    wide = pd.read_csv(WINE)
    assert tapdesk.fit(wide, cut="2").to_dict()["params"] == \
        tapdesk.fit(WINE, cut="2").to_dict()["params"]
    long = pd.read_csv(CROWD).rename(columns={"task": "item id", "worker": "who",
                                              "label": "answer"})
    long.loc[0, "answer"] = None                   # a missing label: the column becomes floats
    path = tmp_path / "crowd.csv"
    long.to_csv(path, index=False)
    options = dict(layout="long", subject_col="item id", rater_col="who", rating_col="answer")
    from_frame = tapdesk.read(long, **options)
    assert from_frame.table.scale.categories == ("1", "2", "3")
    assert tapdesk.fit(from_frame, model="dawid-skene").to_dict()["params"] == \
        tapdesk.fit(path, model="dawid-skene", **options).to_dict()["params"]


def test_ratings_show_what_the_importer_did():
    ratings = tapdesk.read(WINE)
    assert ratings.table.n_raters == 4
    assert list(ratings.notes.columns) == ["rule", "action", "message", "rows", "columns"]
    assert set(ratings.ratings.columns) >= {"subject", "rater", "rating"}
    assert len(ratings.ratings) == ratings.table.n_ratings
    assert "subjects" in repr(ratings) and "<pre>" in ratings._repr_html_()


def test_arguments_are_checked_as_the_command_line_checks_them():
    with pytest.raises(TypeError, match="did you mean 'bootstrap'"):
        tapdesk.fit(WINE, bootstrapp=10)
    with pytest.raises(SettingError, match="model: 'tapp' is not one of"):
        tapdesk.fit(WINE, model="tapp")
    with pytest.raises(SettingError, match="level"):
        tapdesk.fit(WINE, cut="2", level="150%")
    with pytest.raises(TypeError, match="'out'"):
        tapdesk.feedback(WINE)  # type: ignore[call-arg]


def test_a_result_keeps_the_engines_fields_and_shows_its_tables(capsys):
    tap = tapdesk.fit(WINE, cut="2")
    assert tap.value("a") == tap.result.value("a") == tap.params["a"]
    fitted = tapdesk.fit(WINE, model="per-rater", cut="2")
    assert fitted.model == "per-rater" and fitted.result.model == "per-rater"
    assert main(["fit", WINE, "--model", "per-rater", "--cut", "2"]) == 0
    assert fitted.summary() == capsys.readouterr().out
    assert list(fitted.raters["id"]) == ["J1", "J2", "J3", "J4"]
    assert fitted.raters["a"].between(0, 1).all()
    subjects = fitted.subjects
    assert len(subjects) == fitted.result.n_subjects
    assert subjects[["Class 0", "Class 1"]].sum(axis=1).round(9).eq(1).all()
    assert set(fitted.comparisons["verdict"]) <= {c.verdict for c in fitted.result.comparisons}
    page = fitted._repr_html_()
    assert fitted.result.headline[0].split()[0] in page
    assert "<h5>Raters</h5>" in page and "<h5>Estimates</h5>" in page
    with pytest.raises(AttributeError, match="has no 'nothing'"):
        _ = fitted.nothing


def test_agreement_coefficients_as_a_frame():
    coefficients = tapdesk.agreement(WINE, bootstrap=0)
    frame = coefficients.coefficients
    assert "Fleiss' kappa" in set(frame["name"])
    values = [None if pd.isna(v) else v for v in frame["value"]]      # undefined: null in JSON
    assert values == [c["value"] for c in coefficients.to_dict()["coefficients"]]
    assert "<h5>Coefficients</h5>" in coefficients._repr_html_()


def test_ratings_read_once_take_an_item_but_no_other_import_setting():
    ptsd = tapdesk.read(tapdesk.example("ptsd"))
    second = ptsd.dataset.items[1]
    assert tapdesk.fit(ptsd, item=second, cut="1").to_dict() == \
        tapdesk.fit(tapdesk.example("ptsd"), item=second, cut="1").to_dict()
    with pytest.raises(SettingError, match="labels: these ratings were read already"):
        tapdesk.fit(ptsd, item=second, labels={1: "one"})
