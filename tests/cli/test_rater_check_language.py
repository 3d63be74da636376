"""``tapdesk rater-check`` in the language in force (issue 54): every line of the answer in
pseudo brackets, German with German words and decimal commas, English byte for byte as before
(``tests/engine/raters/rater_check_cli_english.txt`` was written by the code before)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tapdesk.cli.main import main
from tests.languages import english_after  # noqa: F401 - fixture

ENGLISH = Path(__file__).parents[1] / "engine" / "raters" / "rater_check_cli_english.txt"
BRACKETED = re.compile(r"\[[^\[\]]*\]")


def _check(capsys, rater_check_csv, language, *more):
    assert main(["rater-check", str(rater_check_csv), "--rater", "R1", "--class1", "1", "--level", "0.9",
                 "--language", language, *more]) == 0
    return capsys.readouterr().out


def test_english_reads_as_before(capsys, rater_check_csv):
    assert _check(capsys, rater_check_csv, "en") == ENGLISH.read_text(encoding="utf-8")


def test_every_line_is_bracketed_in_the_pseudo_language(capsys, rater_check_csv, monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    lines = [line for line in _check(capsys, rater_check_csv, "qps").splitlines() if line]
    assert len(lines) == 7
    for line in lines:
        rest = line
        while BRACKETED.search(rest):
            rest = BRACKETED.sub(" ", rest)
        assert not re.search(r"[^\W\d_]{2,}", rest), (line, rest)   # no word outside brackets
        assert "," in line or ":" in line


def test_german_reads_german_with_decimal_commas(capsys, rater_check_csv):
    lines = _check(capsys, rater_check_csv, "de").splitlines()
    assert lines[0].startswith("Die Genauigkeit von Beurteiler R1 wird auf 20\u00a0% geschätzt, "
                               "die des übrigen Gremiums (die 3 anderen Beurteiler, gewichtet nach "
                               "ihren Bewertungen) auf 78\u00a0%; Differenz \u22120,58, "
                               "90\u00a0%-Intervall \u22120,71 bis \u22120,44"), lines[0]
    assert "Dieses Intervall liegt ganz unter \u22120,10 (zulässiger Rückstand: 10 Punkte)" in lines[0]
    assert lines[1].startswith("Die Toleranz ist der Rückstand")
    assert lines[3:] == ["Urteil: unterlegen",
                         "Beurteiler R1: a = 0,199 (90\u00a0%-Intervall 0,071 bis 0,322)",
                         "Übriges Gremium (R2, R3, R4), gewichtet nach Bewertungen: a = 0,776 "
                         "(90\u00a0%-Intervall 0,729 bis 0,817)",
                         "Differenz: \u22120,58 (90\u00a0%-Intervall \u22120,71 bis \u22120,44); "
                         "Toleranz 0,10 (10 Punkte)",
                         "Fälle: 200; Intervalle: 90\u00a0%, Profil-Likelihood (die Enden der "
                         "Differenz für das Urteil durch einen parametrischen Bootstrap "
                         "kalibriert), aus der t-a-p-Anpassung je Beurteiler für das ganze Gremium"]


def test_the_json_keeps_its_english_in_german(capsys, rater_check_csv):
    payload = json.loads(_check(capsys, rater_check_csv, "de", "--json"))
    assert payload["sentence"].startswith("Rater R1's accuracy is estimated at 20%")
    assert payload["margin_sentence"].startswith("The margin is the shortfall you accept")
    assert payload["verdict"] == "inferior"
