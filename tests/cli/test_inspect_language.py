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
    assert text.startswith("Datei: lo_wine_totals.xlsx (Blatt „Scores“)\n"
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


def _mapping(capsys, name: str, *language: str) -> str:
    text = printed(capsys, ["inspect", str(IMPORT_FIXTURES / name), *language])
    return text.splitlines()[3]


def test_the_mapping_line_is_in_the_readers_language(capsys, monkeypatch):
    """The column mapping's names and "(row number)" in words, as the data pane's tooltip says
    them (one table, ``data.mapping_words``); the file's columns as they are, a headerless
    file's numbered columns in the reader's words."""
    assert _mapping(capsys, "headerless.csv") == \
        "Mapping: subject = (row number); raters = column 1, column 2, column 3"
    assert _mapping(capsys, "headerless.csv", "--language", "de") == \
        "Zuordnung: Fall = (Zeilennummer); Beurteiler = Spalte 1, Spalte 2, Spalte 3"
    assert _mapping(capsys, "long.csv", "--language", "de") == \
        "Zuordnung: Fall = Subject; Beurteiler = Rater; Bewertung = Rating"
    assert _mapping(capsys, "binary_counts.csv") == ("Mapping: subject = subject; raters per "
                                                     "subject = n; Class-1 ratings per subject = "
                                                     "class1")
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    pseudo = _mapping(capsys, "long.csv", "--language", "qps")
    assert pseudo.startswith("[") and pseudo.count("[") == 4, pseudo   # the line and each name


def test_the_mapping_keeps_its_keys_in_the_json(capsys):
    german = json.loads(printed(capsys, ["inspect", str(IMPORT_FIXTURES / "binary_counts.csv"),
                                         "--json", "--language", "de"]))
    assert german["mapping"] == {"subject": "subject", "n_raters": "n", "n_class1": "class1"}
