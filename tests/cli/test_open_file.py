"""Issue 28, item 5: ``tapdesk FILE`` (a double click on a project or a ratings file).

The command line side: which words open files, the one-line errors for a missing file, a
folder or a word that is neither a command nor a file, and what happens with no display.
That the window then holds the project or the data is tests/gui/test_open_file_arg.py.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tapdesk.cli import launch
from tapdesk.cli.main import main, positional_words
from tests import WINE


@pytest.fixture
def opened(monkeypatch):
    """The keyword arguments ``launch_app`` was called with (the app itself is not started)."""
    calls: list[dict] = []
    monkeypatch.setattr(launch, "launch_app", lambda **kw: calls.append(kw) or 0)
    return calls


def test_an_existing_file_is_opened_not_taken_for_a_command(opened, tmp_path):
    project = tmp_path / "study.tapdesk"
    project.write_text("{}")
    assert main([str(WINE), str(project)]) == 0
    assert opened == [{"files": [WINE, project]}]


def test_a_file_named_like_a_command_is_still_the_command(opened, tmp_path, monkeypatch, capsys):
    (tmp_path / "examples").write_text("not a command")
    monkeypatch.chdir(tmp_path)
    assert main(["examples"]) == 0
    assert opened == [] and "wine" in capsys.readouterr().out


@pytest.mark.parametrize("word", ["nowhere/ratings.csv", "ratings.xlsx"])
def test_a_missing_file_is_one_line_and_exit_2(opened, capsys, word, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([word]) == 2
    out, err = capsys.readouterr()
    assert out == "" and opened == []
    assert err == f"tapdesk: error: {word}: the file does not exist; check the name and folder\n"


@pytest.mark.parametrize("name", ["nosuch.csv", "nowhere/ratings.xlsx"])
def test_a_missing_file_is_worded_the_same_to_open_and_to_analyse(opened, capsys, name, tmp_path,
                                                                 monkeypatch):
    """Issue 44: ``tapdesk FILE`` and ``tapdesk fit FILE`` refuse a missing file in one wording."""
    monkeypatch.chdir(tmp_path)
    assert main([name]) == 2
    to_open = capsys.readouterr().err
    assert main(["fit", name]) == 2
    assert capsys.readouterr().err == to_open and opened == []


def test_a_folder_is_worded_the_same_to_open_and_to_analyse(opened, capsys, tmp_path):
    assert main([str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"tapdesk: error: {tmp_path}: this is a folder, not a data file\n"
    assert main(["inspect", str(tmp_path)]) == 2 and capsys.readouterr().err == err
    assert opened == []


def test_a_second_word_that_is_no_file_stops_before_anything_opens(opened, capsys):
    assert main([str(WINE), "nosuch"]) == 2
    assert capsys.readouterr().err.startswith("tapdesk: error: no such command or file: nosuch\n")
    assert opened == []


def test_selftest_with_a_file_is_an_argument_error(opened, capsys):
    assert main([str(WINE), "--selftest"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "tapdesk: error: --selftest opens no file: run it alone", "see: tapdesk --help"]
    assert opened == []


@pytest.mark.parametrize("env, reason", [
    ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "QT_QPA_PLATFORM is 'offscreen'"),
    ({"QT_QPA_PLATFORM": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""},
     "neither DISPLAY nor WAYLAND_DISPLAY is set"),
])
def test_with_no_display_opening_a_file_says_so_in_one_line(monkeypatch, capsys, env, reason):
    """No display: a file to open cannot be shown,
    so one line says why, exit 2, and no Qt is started."""
    monkeypatch.setattr(sys, "platform", "linux")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main([str(WINE)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("tapdesk: error: opening wine.csv needs a display") and reason in err


def test_with_no_display_no_qt_is_imported():
    code = ("import sys; from tapdesk.cli.main import main; status = main(sys.argv[1:]); "
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'tapdesk.gui')))); "
            "sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code, str(WINE)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 2 and done.stdout.strip() == "[]"
    assert "needs a display" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("argv, words", [
    (["a.csv", "--out", "dir", "b.csv"], ["a.csv", "b.csv"]),
    (["--out=dir", "a.csv"], ["a.csv"]),
    (["--", "-odd-name.csv"], ["-odd-name.csv"]),
    (["--selftest"], []),
])
def test_positional_words_skip_options_and_their_values(argv, words):
    assert positional_words(argv) == words
