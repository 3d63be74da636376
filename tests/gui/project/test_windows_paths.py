"""Projects and messages with Windows paths, checked on any system.

A project saved on Windows keeps its data files' paths as Windows wrote them
("C:\\Users\\..." or "data\\wine.csv"); it must open anywhere, since the ratings
travel inside it. Messages about files name the cause in words, never Python's
"[Errno 2] ... 'C:\\\\Users\\\\...'" with its doubled backslashes.
"""

from __future__ import annotations

import json
from pathlib import PureWindowsPath

from tapdesk.gui.project import file as project

WINDOWS_PATHS = ("C:\\Users\\Ann Müller\\Documents\\wine.csv", "data\\wine.csv")


def test_a_project_saved_with_windows_paths_opens_with_its_data(window, shared_data, tmp_path):
    assert window.open_path(shared_data / "wine.csv")
    saved = tmp_path / "saved here.tapdesk"
    assert window.save_project(saved)
    for windows_path in WINDOWS_PATHS:
        data = json.loads(saved.read_text(encoding="utf-8"))
        data["datasets"][0]["path"] = windows_path              # as TapDesk on Windows writes it
        moved = tmp_path / f"from windows {PureWindowsPath(windows_path).parent.name}.tapdesk"
        moved.write_text(json.dumps(data), encoding="utf-8")
        assert window.open_project(moved), window.last_error
        (session,) = window.sessions.values()
        assert session.dataset.table.n_subjects == 183 and session.name == "wine.csv"
        assert str(session.source_path) == windows_path        # kept as written, for a later save
        again = tmp_path / "saved again.tapdesk"
        assert window.save_project(again)
        assert project.read_state(again).sessions[0].path is not None
        assert json.loads(again.read_text(encoding="utf-8"))["datasets"][0]["path"] == windows_path


def test_a_missing_windows_project_is_named_in_words(window):
    missing = "C:\\Users\\Ann Müller\\Documents\\wine study.tapdesk"
    assert not window.open_project(missing)
    message = window.error_box.text()
    assert message.startswith("Could not open the project ") and "wine study.tapdesk" in message
    assert "[Errno" not in message and "\\\\" not in message
    assert "FileNotFoundError" not in message


def test_a_project_that_cannot_be_saved_says_why_without_the_temporary_file(window, shared_data,
                                                                             tmp_path):
    assert window.open_path(shared_data / "wine.csv")
    not_a_folder = tmp_path / "report.pdf"
    not_a_folder.write_bytes(b"%PDF-1.4")
    assert not window.save_project(not_a_folder / "study.tapdesk")
    message = window.error_box.text()
    assert message.startswith("Could not save the project to study.tapdesk: ")
    assert "[Errno" not in message and ".tmp" not in message and str(tmp_path) not in message
