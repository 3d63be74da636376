"""The command line's language: ``--language CODE`` anywhere, else LANG and its kin; the human
text follows it, argument parsing and machine output do not (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.cli.language import language_option
from tapdesk.cli.main import main


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def error_line(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err.strip()


def test_the_language_option_is_taken_from_anywhere_before_a_double_dash():
    assert language_option(["report", "x.csv", "--language", "de", "--json"]) == \
        (["report", "x.csv", "--json"], "de")
    assert language_option(["--language=fr", "fit", "x.csv"]) == (["fit", "x.csv"], "fr")
    assert language_option(["fit", "--", "--language", "de"]) == (["fit", "--", "--language", "de"], None)


@pytest.mark.parametrize(("argv", "start"), [
    (["fit", "missing.csv"], "tapdesk: error: "),
    (["fit", "missing.csv", "--language", "de"], "tapdesk: Fehler: "),
    (["--language=es", "fit", "missing.csv"], "tapdesk: error: "),
    (["fit", "missing.csv", "--language", "fr"], "tapdesk: erreur\u00a0: "),
])
def test_the_error_line_is_in_the_language_asked_for(capsys, tmp_path, monkeypatch, argv, start):
    monkeypatch.chdir(tmp_path)
    line = error_line(capsys, argv)
    assert line.startswith(start) and "missing.csv" in line


def test_lang_is_honoured_and_the_option_beats_it(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert error_line(capsys, ["fit", "missing.csv"]).startswith("tapdesk: Fehler: ")
    assert error_line(capsys, ["fit", "missing.csv", "--language", "en"]).startswith("tapdesk: error: ")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert error_line(capsys, ["fit", "missing.csv"]).startswith("tapdesk: erreur")


def test_a_language_not_shipped_is_refused_with_the_choices(capsys):
    line = error_line(capsys, ["--version", "--language", "xx"])
    assert line == ("tapdesk: error: no language 'xx': choose one of en (English), de (Deutsch), "
                    "es (Español), fr (Français)")


def test_the_help_names_the_option(capsys):
    assert main(["--help"]) == 0
    assert "--language CODE" in capsys.readouterr().out


def test_a_data_error_kept_as_a_text_is_written_in_the_language_asked_for(capsys, tmp_path,
                                                                        monkeypatch):
    """Class 1's errors are made in the data layer, kept as texts written when shown: the
    command line writes them in the language asked for (the flags it names stay as typed)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.csv").write_text("subject,A,B\n1,1,2\n2,2,3\n3,3,3\n4,1,1\n")
    english = error_line(capsys, ["fit", "r.csv", "--cut", "3"])
    assert "cut point '3' is the last category, so Class 0 would be empty" in english
    german = error_line(capsys, ["fit", "r.csv", "--cut", "3", "--language", "de"])
    assert german.startswith("tapdesk: Fehler: die Schwelle „3“ ist die letzte Kategorie"), german
    assert "1 und 2" in german
    level = error_line(capsys, ["fit", "r.csv", "--level", "x", "--language", "de"])
    assert "„x“ ist kein Niveau; geben Sie z. B. 0.95 oder 95% an" in level
