"""Issue 44: ``tapdesk help [COMMAND]``, "did you mean" for a mistyped command, and a top-level
help that lists the commands by task and ends with examples that run (and that the README
shows)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tapdesk.cli.commands import COMMANDS, GROUPS
from tapdesk.cli.main import main
from tapdesk.cli.overview import EXAMPLES
from tests import ROOT

CLI = [sys.executable, "-m", "tapdesk"]


def test_a_close_miss_of_a_command_says_did_you_mean_with_exit_2():
    done = subprocess.run([*CLI, "fitt", "data.txt2"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["tapdesk: error: no such command or file: fitt; did you "
                                        "mean 'fit'?", "see: tapdesk --help"]


def test_a_word_far_from_every_command_gets_no_guess(capsys):
    assert main(["zzzz"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "tapdesk: error: no such command or file: zzzz"


@pytest.mark.parametrize("words, same_as", [([], ["--help"]), (["fit"], ["fit", "--help"]),
                                            (["help"], ["--help"])])
def test_help_prints_the_help_of_the_whole_or_of_a_command(capsys, words, same_as):
    assert main(["help", *words]) == 0
    shown = capsys.readouterr().out
    assert main(same_as) == 0
    assert shown == capsys.readouterr().out and shown.startswith("usage: tapdesk")


@pytest.mark.parametrize("word, line", [
    ("agrement", "tapdesk: error: no such command: agrement; did you mean 'agreement'?"),
    ("nosuch", "tapdesk: error: no such command: nosuch"),
])
def test_help_for_no_such_command_is_an_error_with_did_you_mean(capsys, word, line):
    assert main(["help", word]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [line, "see: tapdesk --help"]


def grouped_commands(help_text: str) -> dict[str, list[str]]:
    """The commands under each group heading of the top-level help."""
    groups: dict[str, list[str]] = {}
    current = None
    for line in help_text.splitlines():
        if line.startswith("  ") and line.strip().rstrip(":") in GROUPS and line.endswith(":"):
            current = groups.setdefault(line.strip().rstrip(":"), [])
        elif current is not None and line.startswith("    ") and line[4] != " ":
            current.append(line.split()[0])
        elif not line.strip():
            current = None
    return groups


def test_top_level_help_lists_every_command_once_by_task_and_ends_with_examples(capsys):
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    groups = grouped_commands(shown)
    assert list(groups) == list(GROUPS)
    listed = [name for names in groups.values() for name in names]
    assert sorted(listed) == sorted(entry.name for entry in COMMANDS) and len(COMMANDS) == 13
    tail = shown.split("\nexamples:\n")[1].splitlines()
    assert [line.strip() for line in tail[::2]] == [command for command, _ in EXAMPLES]


def test_the_readme_shows_the_help_s_examples():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command, _ in EXAMPLES:
        assert command in readme


def test_the_help_s_examples_run_in_order(tmp_path):
    """Each example as a newcomer types it, in an empty folder: the first copies the data the
    others read."""
    for command, _ in EXAMPLES:
        line = command.replace("tapdesk", f"{sys.executable} -m tapdesk")
        done = subprocess.run(line, shell=True, cwd=tmp_path, capture_output=True, text=True,
                              timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0 and done.stdout.strip(), (command, done.stderr)
