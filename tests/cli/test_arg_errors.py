"""Issue 28, part 2: an argument error is one line naming it, then where the help is; exit 2.

argparse printed the whole usage (18 lines for ``tapdesk fit``) before its error. Now every
kind of argparse error (unknown option, invalid choice, missing argument, bad type, unknown
command) is ``tapdesk fit: error: ...`` and ``see: tapdesk fit --help`` on stderr, and
nothing on stdout.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tapdesk.cli.main import main
from tests import WINE as WINE_PATH

WINE = str(WINE_PATH)


@pytest.mark.parametrize("argv, command, error", [
    (["fit", "x.csv", "--model", "nosuch"], "fit",
     "argument --model: invalid choice: 'nosuch' (choose from 'tap', "),
    (["fit", WINE, "--cut", "1", "--foo"], "fit", "unrecognized arguments: --foo"),
    (["fit", WINE, "--cut", "1", "surplus"], "fit", "unrecognized arguments: surplus"),
    (["fit"], "fit", "the following arguments are required: DATA"),
    (["fit", WINE, "--bootstrap", "many"], "fit", "argument --bootstrap: invalid int value: 'many'"),
    (["fit", WINE, "--level", "abc"], "fit", "argument --level: 'abc' is not a level"),
    (["simulate", "--t"], "simulate", "argument --t: expected one argument"),
    (["agreement", WINE, "--weights", "cubic"], "agreement", "argument --weights: invalid choice"),
    (["inspect", WINE, "--layout=zz"], "inspect", "argument --layout: invalid choice: 'zz'"),
    (["--bogus"], None, "unrecognized arguments: --bogus"),
    (["--out"], None, "argument --out: expected one argument"),
    (["nosuchcommand"], None, "no such command or file: nosuchcommand"),
])
def test_an_argument_error_is_one_line_and_the_way_to_the_help(capsys, argv, command, error):
    status = main(argv)
    out, err = capsys.readouterr()
    prog = f"tapdesk {command}" if command else "tapdesk"
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith(f"{prog}: error: {error}")
    assert lines[1] == f"see: {prog} --help"


def test_the_readme_example_is_exactly_two_lines_and_exit_2_as_a_program():
    """The console command itself (a fresh interpreter), as a user types it."""
    done = subprocess.run([sys.executable, "-c",
                           "import sys; from tapdesk.cli.main import main; sys.exit(main())",
                           "fit", "x.csv", "--model", "nosuch"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "tapdesk fit: error: argument --model: invalid choice: 'nosuch' (choose from 'tap', "
        "'tap-a0a1', 'tap-p0p1', 'tap-a0a1-p0p1', 'expert', 'per-rater', 'categorical', "
        "'categorical-per-rater', 'dawid-skene', 'mace')",
        "see: tapdesk fit --help"]


@pytest.mark.parametrize("argv", [["--help"], ["fit", "--help"], ["--version"]])
def test_help_and_version_still_print_and_exit_0(capsys, argv):
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.strip() and err == ""


def test_the_top_level_help_tells_of_tapdesk_file(capsys):
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "tapdesk [FILE ...]" in out and "'tapdesk FILE' opens a project (.tapdesk)" in out


def test_errors_found_after_parsing_stay_one_line_without_the_help_pointer(capsys):
    """A value argparse accepts but the command refuses (a TapDeskError) is one line."""
    assert main(["fit", WINE, "--cut", "4"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("tapdesk: error: ")
