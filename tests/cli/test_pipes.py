"""Issue 28, part 2: output into a pipe that closes early ends quietly.

``tapdesk fit DATA --json | head -3`` and the like: no traceback and no "Exception ignored
... BrokenPipeError" on stderr, for every command, text or JSON, and for the bundle's entry
script, which calls the same ``main``. Real pipes: a reader that reads one line and
closes, and a reader that closes before anything was written (then the command's very
first write meets the closed pipe, and the exit status is 141 = 128 + SIGPIPE).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tapdesk.cli.main import BROKEN_PIPE_STATUS
from tests import ROOT

WINE = str(ROOT / "tapdesk" / "resources" / "example_data" / "wine.csv")
CLI = ["-c", "import sys; from tapdesk.cli.main import main; sys.exit(main())"]
ENTRY = [str(ROOT / "packaging" / "tapdesk_entry.py")]

COMMANDS = {
    "fit --json": ["fit", WINE, "--cut", "1", "--json"],
    "fit text": ["fit", WINE, "--cut", "1"],
    "agreement text": ["agreement", WINE, "--bootstrap", "0"],
    "examples": ["examples"],
    "inspect": ["inspect", WINE],
}
HELP = {"--help": ["--help"], "fit --help": ["fit", "--help"], "--version": ["--version"]}


def piped(argv: list[str], *, read_line: bool, program: list[str] = CLI) -> tuple[int, str, str]:
    """(exit status, first line read or "", stderr) of ``tapdesk ARGV`` into a pipe that closes
    after one line (``read_line``) or before anything was read."""
    proc = subprocess.Popen([sys.executable, *program, *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline() if read_line else ""
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    return proc.wait(timeout=120), first, err


def assert_quiet(err: str) -> None:
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err


@pytest.mark.parametrize("name", list(COMMANDS) + list(HELP))
def test_a_reader_that_stops_after_one_line_gets_no_traceback(name):
    argv = {**COMMANDS, **HELP}[name]
    status, first, err = piped(argv, read_line=True)
    assert first.strip(), f"{name} printed nothing"
    assert_quiet(err)
    assert status in (0, BROKEN_PIPE_STATUS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_pipe_closed_before_the_output_ends_quietly_with_status_141(name):
    status, _, err = piped(COMMANDS[name], read_line=False)
    assert_quiet(err)
    assert err == ""
    assert status == BROKEN_PIPE_STATUS


@pytest.mark.parametrize("name", list(HELP))
def test_help_and_version_into_a_closed_pipe_end_quietly(name):
    status, _, err = piped(HELP[name], read_line=False)
    assert_quiet(err)
    assert status in (0, BROKEN_PIPE_STATUS)


def test_the_bundle_entry_script_ends_quietly_too():
    status, _, err = piped(["fit", WINE, "--cut", "1", "--json"], read_line=False, program=ENTRY)
    assert_quiet(err)
    assert status == BROKEN_PIPE_STATUS


def test_a_reader_that_reads_everything_gets_everything_and_status_0():
    done = subprocess.run([sys.executable, *CLI, "examples"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert "wine" in done.stdout and "ptsd" in done.stdout
