"""``tapdesk agreement``: exit codes, JSON keys, text output, options."""

from __future__ import annotations

import json

import pytest

from tapdesk.cli.main import main

KEYS = {"coefficients", "pairwise_cohen", "per_category_fleiss", "n_subjects", "n_ratings",
        "n_excluded", "categories", "warnings"}
COEF_KEYS = {"name", "value", "se", "ci", "method", "undefined_reason"}


@pytest.fixture
def long_csv(tmp_path):
    rows = ["subject,rater,rating"]
    data = {"s1": "1 1 2", "s2": "2 2 2", "s3": "3 3 2", "s4": "1 2 1", "s5": "3 3 3",
            "s6": "2 3 3", "s7": "1 1 1", "s8": "2 2 1"}
    for subject, ratings in data.items():
        for rater, rating in zip("ABC", ratings.split()):
            rows.append(f"{subject},{rater},{rating}")
    rows.append("s9,A,2")                         # a single rating: excluded and reported
    path = tmp_path / "ratings.csv"
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.fixture
def wide_csv(tmp_path):
    path = tmp_path / "wide.csv"
    path.write_text("subject,J1,J2\na,low,low\nb,high,mid\nc,mid,mid\nd,low,mid\ne,high,high\n")
    return path


def run_json(capsys, *argv) -> dict:
    code = main(["agreement", *map(str, argv), "--json"])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)


def test_json_has_every_key_and_no_nan(capsys, long_csv):
    payload = run_json(capsys, long_csv, "--bootstrap", "50", "--seed", "3")
    assert payload.keys() >= KEYS
    assert payload["n_subjects"] == 8 and payload["n_excluded"] == 1
    assert payload["n_ratings"] == 24 and payload["categories"] == ["1", "2", "3"]
    for coef in payload["coefficients"]:
        assert coef.keys() >= COEF_KEYS
        assert (coef["value"] is None) == bool(coef["undefined_reason"])
    by_key = {c["key"]: c for c in payload["coefficients"]}
    assert by_key["krippendorff_alpha_nominal"]["method"] == \
        "bootstrap, 50 resamples, seed 3, percentile 95%"
    assert by_key["fleiss_kappa"]["method"].startswith("analytic")
    assert len(by_key["fleiss_kappa"]["ci"]) == 2
    assert "exactly two raters" in by_key["cohen_kappa"]["undefined_reason"]
    assert payload["pairwise_cohen"]["raters"] == ["A", "B", "C"]
    assert len(payload["pairwise_cohen"]["matrix"]) == 3
    assert [c["category"] for c in payload["per_category_fleiss"]] == ["1", "2", "3"]
    assert any("left out" in w for w in payload["warnings"])


def test_weights_add_weighted_coefficients(capsys, long_csv):
    payload = run_json(capsys, long_csv, "--weights", "quadratic", "--bootstrap", "0")
    keys = {c["key"] for c in payload["coefficients"]}
    assert {"gwet_ac1", "gwet_ac2", "fleiss_kappa_weighted", "conger_kappa_weighted"} <= keys
    assert payload["weights"] == "quadratic"
    assert payload["pairwise_cohen"]["weights"] == "quadratic"


def test_declared_categories_keep_unused_and_text_order(capsys, wide_csv):
    payload = run_json(capsys, wide_csv, "--categories", "low,mid,high,top", "--ordinal",
                       "--weights", "linear", "--bootstrap", "0")
    assert payload["categories"] == ["low", "mid", "high", "top"]
    assert payload["unused_categories"] == ["top"]
    dropped = run_json(capsys, wide_csv, "--categories", "low,mid,high,top", "--ordinal",
                       "--no-keep-unused", "--bootstrap", "0")
    assert dropped["categories"] == ["low", "mid", "high"]
    by_key = {c["key"]: c for c in payload["coefficients"]}
    assert by_key["cohen_kappa_weighted"]["value"] is not None


def test_weight_matrix_file(capsys, wide_csv, tmp_path):
    matrix = tmp_path / "w.csv"
    matrix.write_text("1,0.5,0\n0.5,1,0.5\n0,0.5,1\n")
    payload = run_json(capsys, wide_csv, "--categories", "low,mid,high", "--ordinal",
                       "--weight-matrix", matrix, "--bootstrap", "0")
    assert payload["weights"] == "user matrix"
    linear = run_json(capsys, wide_csv, "--categories", "low,mid,high", "--ordinal",
                      "--weights", "linear", "--bootstrap", "0")
    ours = {c["key"]: c["value"] for c in payload["coefficients"]}
    theirs = {c["key"]: c["value"] for c in linear["coefficients"]}
    assert ours["cohen_kappa_weighted"] == pytest.approx(theirs["cohen_kappa_weighted"])


def test_plain_text_lists_every_coefficient(capsys, long_csv):
    assert main(["agreement", str(long_csv), "--bootstrap", "20"]) == 0
    out = capsys.readouterr().out
    for name in ("Percent agreement", "Fleiss' kappa", "Conger's kappa", "Gwet's AC1",
                 "Brennan-Prediger", "Krippendorff's alpha (interval)", "bootstrap, 20 resamples",
                 "Pairwise Cohen's kappa", "undefined"):
        assert name in out


@pytest.mark.parametrize("extra, message", [
    (["--weights", "linear"], "ordered categories"),
    (["--bootstrap", "-1"], "--bootstrap"),
    (["--categories", "low,mid"], "high"),
])
def test_bad_settings_exit_2_with_message(capsys, wide_csv, extra, message):
    code = main(["agreement", str(wide_csv), *extra])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_missing_file_and_bad_weights_choice_exit_2(capsys, tmp_path):
    assert main(["agreement", str(tmp_path / "nope.csv")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["agreement", str(tmp_path / "nope.csv"), "--weights", "cubic"]) == 2
