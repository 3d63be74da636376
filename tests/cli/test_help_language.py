"""``tapdesk --help`` and every command's help in the language asked for (issue 54): in the
pseudo-language every human text carries its brackets (an option's name, metavar and choices
stay as typed), in German the words and the decimal comma are German's; English is pinned by
the other help tests."""

from __future__ import annotations

import re

import pytest

from tapdesk.cli.commands import COMMANDS
from tapdesk.cli.main import main
from tapdesk.engine.analyses import ANALYSES
from tapdesk.engine.registry import model_titles
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

HELPS = [["--help"]] + [[command.name, "--help"] for command in COMMANDS]


def help_text(capsys, argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def outside_brackets(text: str) -> str:
    """``text`` without its bracketed (pseudo-translated) pieces, nested ones included."""
    before = None
    while before != text:
        before, text = text, re.sub(r"\[[^\[\]]*\]", " ", text)
    return text


MODEL_NAMES = {name for name, _title in model_titles()} | {a.name for a in ANALYSES}


def untranslated_words(text: str) -> set[str]:
    """The words of a help text outside the pseudo-language's brackets, leaving out what is
    typed as it is: the usage lines, each option's names, metavar and choices, the commands'
    names in the list of commands, the example commands, and the models' list (the models'
    titles are the engine's, translated there)."""
    body = text.split("\n\n", 1)[1] if "\n\n" in text else ""     # the usage block left out
    kept = [line for line in body.splitlines()
            if not line.strip().startswith(("tapdesk ", "cat "))
            and line.strip().split(" ")[0] not in MODEL_NAMES
            and not line.startswith(" " * 25)]        # a model's title, wrapped

    words: set[str] = set()
    for line in outside_brackets("\n".join(kept)).splitlines():
        line = re.sub(r"^ {4}[a-z-]+ +", " ", line)  # a command's name in "tapdesk --help"
        if re.match(r"\s+(-|[A-Z]+\b)", line):   # an option or a positional: names, metavars
            continue
        words |= set(re.findall(r"[^\W\d_]{2,}", line))
    return words


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("argv", HELPS, ids=lambda argv: argv[0])
def test_every_help_is_whole_in_the_pseudo_language(capsys, argv):
    text = help_text(capsys, ["--language", "qps", *argv])
    assert "[" in text and "ĥ" in text
    assert untranslated_words(text) == set()


def test_the_check_finds_a_text_left_in_english():
    assert untranslated_words("usage: x\n\n  --fit N   [ţĥé\n   ţĥé]\n  the model\n") == \
        {"the", "model"}


@pytest.mark.parametrize("argv", HELPS, ids=lambda argv: argv[0])
def test_every_help_is_in_german(capsys, argv):
    text = help_text(capsys, [*argv, "--language", "de"])
    assert text.startswith("Aufruf: tapdesk")
    assert "Optionen:" in text
    assert "show this help" not in text and "(default" not in text


def test_the_german_help_says_german_words_and_a_decimal_comma(capsys):
    top = help_text(capsys, ["--help", "--language", "de"])
    assert "Befehle (tapdesk help COMMAND listet die Optionen eines Befehls):" in top
    assert "ein Beurteilermodell nach der Maximum-Likelihood-Methode" in top
    fit = " ".join(help_text(capsys, ["fit", "--help", "--language", "de"]).split())
    assert "(Standard 0,9) oder der Mehrheitsentscheid abweicht" in fit
    assert "Importeinstellungen (Standard: erkennen):" in fit


def test_an_argument_error_is_one_line_in_german(capsys):
    assert main(["fit", "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert err == ("tapdesk fit: Fehler: diese Argumente fehlen: DATA\n"
                   "siehe: tapdesk fit --help\n")


def test_the_help_is_english_again_after_another_language(capsys):
    help_text(capsys, ["--help", "--language", "de"])
    assert help_text(capsys, ["--help"]).startswith("usage: tapdesk")


def test_a_result_line_and_a_setting_error_in_german(capsys, tmp_path):
    out = tmp_path / "sim.csv"
    assert main(["simulate", "--t", "0.4", "--a", "0.7", "--p", "0.5", "--subjects", "10",
                 "--raters", "3", "--out", str(out), "--language", "de"]) == 0
    assert capsys.readouterr().out == f"10 Fälle x 3 Beurteiler nach {out} geschrieben\n"
    assert main(["simulate", "--t", "1.5", "--a", "0.7", "--p", "0.5", "--subjects", "10",
                 "--raters", "3", "--out", str(out), "--language", "de"]) == 2
    assert capsys.readouterr().err == \
        "tapdesk: Fehler: --t muss zwischen 0 und 1 liegen; angegeben: 1.5\n"


def test_the_pseudo_language_reaches_the_result_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    out = tmp_path / "sim.csv"
    assert main(["simulate", "--t", "0.4", "--a", "0.7", "--p", "0.5", "--subjects", "10",
                 "--raters", "3", "--out", str(out), "--language", "qps"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("[") and line.endswith("]") and str(out) in line
