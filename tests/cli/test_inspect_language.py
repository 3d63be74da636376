"""``tapdesk inspect`` in the language asked for: its text and the import's notes in German,
its ``--json`` in English whatever the language (machine output, issue 54)."""

from __future__ import annotations

import json

from tapdesk.cli.main import main
from tests import IMPORT_FIXTURES
from tests.languages import english_after  # noqa: F401 - fixture

WORKBOOK = str(IMPORT_FIXTURES / "lo_wine_totals.xlsx")


def printed(capsys, argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_inspect_speaks_german_with_the_notes_and_their_flags(capsys):
    text = printed(capsys, ["inspect", WORKBOOK, "--language", "de"])
    assert text.startswith("Datei: lo_wine_totals.xlsx (Blatt 'Scores')\n"
                           "Aufbau: breit (eine Zeile je Fall, Beurteiler in Spalten) [wide], "
                           "Sicherheit 85\u00a0%\n")
    assert "Hinweis [footer-rows, left out]: Zeilen 12, 13 und 15 unter den Daten enthalten " \
           "Summen" in text
    assert "(zum Abschalten: --no-rule footer-rows)" in text
    assert "(6.783 Bytes)" in text


def test_inspect_json_stays_english_in_any_language(capsys):
    english = json.loads(printed(capsys, ["inspect", WORKBOOK, "--json"]))
    german = json.loads(printed(capsys, ["inspect", WORKBOOK, "--json", "--language", "de"]))
    assert german == english
    assert "rows 12, 13 and 15 below the data hold totals" in \
        " ".join(n["message"] for n in german["import_notes"])
