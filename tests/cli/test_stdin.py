"""Issue 44: ``-`` reads the data from standard input, for every command that reads DATA.

Real pipes for the reading itself (``cat ratings.csv | tapdesk fit -``); the name messages
and provenance give it is "standard input".
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tapdesk.cli import main as cli_main
from tapdesk.cli.main import main
from tests import WINE
from tests.import_corpus.samples import summary_first_book

CLI = [sys.executable, "-m", "tapdesk"]
PROGRAM = b"\x7fELF\x02\x01\x01" + b"\x00" * 200

DATA_COMMANDS = {
    "fit": ["fit", "-"],
    "agreement": ["agreement", "-"],
    "ordinal": ["ordinal", "-"],
    "posterior": ["posterior", "-"],
    "modelfit": ["modelfit", "-"],
    "rater-check": ["rater-check", "-", "--rater", "J1", "--margin", "0.1"],
    "report": ["report", "-", "--out", "never.pdf"],
    "feedback": ["feedback", "-", "--out", "never"],
    "inspect": ["inspect", "-"],
    "plan --from": ["plan", "--from", "-"],
}


def piped(argv: list[str], data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *argv], input=data, capture_output=True, timeout=120)


def test_inspect_reads_standard_input_and_names_it():
    done = piped(["inspect", "-", "--json"], WINE.read_bytes())
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["file"] == "standard input" and summary["n_subjects"] == 183


def test_a_piped_workbook_is_read_from_its_ratings_sheet_after_a_summary(tmp_path):
    """``cat book.xlsx | tapdesk inspect -`` tries the other sheets as the file's path does."""
    book = summary_first_book(tmp_path)
    done = piped(["inspect", "-", "--json"], book.read_bytes())
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["file"] == "standard input" and summary["n_ratings"] == 20
    assert any("sheet 'Ratings' was read: sheet 'Summary' holds no ratings" in n
               for n in summary["warnings"])


def test_fit_reads_a_piped_csv_as_it_reads_the_file():
    from_pipe = piped(["fit", "-", "--cut", "1", "--json"], WINE.read_bytes())
    from_file = subprocess.run([*CLI, "fit", str(WINE), "--cut", "1", "--json"],
                               capture_output=True, timeout=120)
    assert from_pipe.returncode == from_file.returncode == 0, from_pipe.stderr
    piped_fit, file_fit = json.loads(from_pipe.stdout), json.loads(from_file.stdout)
    assert (piped_fit["params"], piped_fit["ci"]) == (file_fit["params"], file_fit["ci"])


@pytest.mark.parametrize("command", DATA_COMMANDS)
def test_every_data_command_reads_standard_input(command, monkeypatch, capsys, tmp_path):
    """A program piped in is refused in the importer's words, naming standard input: the
    command read it from there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli_main, "start_early", lambda *_: None)  # no figure process (report)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PROGRAM)))
    assert main(DATA_COMMANDS[command]) == 2
    assert capsys.readouterr().err.startswith(
        "tapdesk: error: standard input: this is a program (Linux ELF), not a data file")


def test_nothing_piped_in_is_one_line(monkeypatch, capsys):
    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(io.BytesIO(b"")))
    assert main(["fit", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tapdesk: error: '-' reads the ratings from standard input, but "
                          "nothing is piped in") and len(err.splitlines()) == 1
