"""``tapdesk posterior`` in the language in force (issue 54): the posterior's table (title,
columns, note) and the exact posterior's verdict on its accuracy, in the pseudo-language and
German; English as it was."""

from __future__ import annotations

import pytest

from tapdesk.cli.main import main
from tests.conftest import SHARED_DATA

WINE = SHARED_DATA / "wine.csv"


@pytest.fixture(autouse=True)
def _wine():
    if not WINE.is_file():
        pytest.skip(f"shared data not found at {SHARED_DATA}")


def _lines(capsys, language):
    assert main(["posterior", str(WINE), "--cut", "2", "--language", language]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_posterior_table_and_its_verdict_are_bracketed(capsys, monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    lines = _lines(capsys, "qps")
    assert not any(line.startswith(("Posterior summary", "parameter", "Verdict")) for line in lines)
    verdict = next(line for line in lines if "Ĺéĝéñđŕé" in line)
    assert "accuracy confirmed" not in verdict and "density evaluations" not in verdict, verdict


def test_the_exact_verdict_reads_in_german_and_keeps_its_english(capsys):
    german = _lines(capsys, "de")
    assert any(line.startswith("Urteil: exakt, Genauigkeit bestätigt: berechnet mit "
                               "Gauß-Legendre-Regeln") for line in german), german
    english = _lines(capsys, "en")
    assert any(line.startswith("Verdict: exact, accuracy confirmed: computed with Gauss-Legendre "
                               "rules on the box that holds the posterior's mass (")
               for line in english), english


@pytest.mark.parametrize(("code", "said"), [("en", "Draws written to "),
                                             ("de", "Ziehungen geschrieben nach "),
                                             ("fr", "Tirages écrits dans "),
                                             ("es", "Extracciones escritas en ")])
def test_where_the_draws_went_is_said_in_the_language(capsys, tmp_path, code, said):
    out = tmp_path / "draws.csv"
    assert main(["posterior", str(WINE), "--cut", "2", "--method", "mcmc", "--chains", "2",
                 "--draws", "100", "--warmup", "100", "--seed", "4", "--draws-out", str(out),
                 "--language", code]) == 0
    assert f"{said}{out}" in capsys.readouterr().out
