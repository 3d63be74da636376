"""The engine's errors a plan's or a fit's settings meet, as the command line shows them (issue 54): in
the pseudo-language each is accented (the command line's frame brackets the whole line, so the
check is that no plain English word is left but the program's and options' names and the values
given), in German they read German."""

from __future__ import annotations

import re

import pytest

from tapdesk.cli.main import main
from tests.conftest import SHARED_DATA

PLAIN_WORD = re.compile(r"(?<![^\W\d_])[a-z]{3,}(?![^\W\d_])")
"""A word of plain ASCII letters (the pseudo-language accents every word it translates)."""
BASE = ["plan", "--t", ".3", "--a", ".6", "--p", ".4"]
NAMES = {"tapdesk", "ten", "sims", "raters", "subjects", "cost", "subject", "need", "width",
         "target", "versus", "power", "level", "line", "mace", "tap", "categorical", "per",
         "rater", "mle", "mcmc", "nosuchcol", "attribute", "model", "Nobody"}
WINE = str(SHARED_DATA / "wine.csv")


@pytest.mark.parametrize("args", [
    ["plan", "--t", ".3", "--a", ".6", "--p", "1.5"],
    [*BASE, "--raters", "1,2"],
    [*BASE, "--subjects", "2"],
    [*BASE, "--sims", "5"],
    [*BASE, "--subjects", "ten"],
    [*BASE, "--subject-cost", "-1"],
    [*BASE, "--raters", ",".join(str(r) for r in range(2, 14)), "--subjects",
     ",".join(str(10 * n) for n in range(1, 10))],
])
def test_a_plans_engine_error_is_bracketed(args, capsys, monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main([*args, "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES
    assert err.count("[") >= 2 and not english, err


def test_a_plans_engine_error_reads_in_german(capsys):
    assert main([*BASE, "--raters", "1,2", "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert "jede Zahl von Beurteilern je Fall muss zwischen 2 und 200 liegen" in err


@pytest.mark.parametrize("args", [
    ["fit", WINE, "--model", "mace", "--subject-group", "year"],
    ["fit", WINE, "--model", "tap", "--cut", "2", "--rater-attribute", "nosuchcol"],
    ["rater-check", WINE, "--rater", "Nobody", "--cut", "2"],
    ["posterior", WINE, "--model", "mace"],
])
def test_a_fits_engine_error_is_bracketed(args, capsys, monkeypatch):
    if not (SHARED_DATA / "wine.csv").is_file():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main([*args, "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES
    assert err.count("[") >= 2 and not english, err


@pytest.mark.parametrize("command", [["ordinal"], ["fit", "--model", "categorical"]])
def test_a_data_error_raised_inside_a_fit_is_bracketed(command, tmp_path, capsys, monkeypatch):
    """A fit runs in English; its errors are kept as data and written in the language read."""
    one = tmp_path / "one.csv"
    one.write_text("subject,rater,rating\n" + "".join(f"s{s},{r},x\n" for s in range(6)
                                                       for r in "ABC"))
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main([command[0], str(one), *command[1:], "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES
    assert err.count("[") >= 2 and not english, err
