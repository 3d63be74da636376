"""Projects holding kept sentences are format version 4 (issue 54): TapDesk 1.0 and 1.1 read
version 3 at most, so they refuse such a file as made by a newer TapDesk instead of reading its
``{"__text__": ...}`` entries as plain dicts; this TapDesk still opens version 3 files."""

from __future__ import annotations

import json

import pytest

from tapdesk.errors import DataError
from tapdesk.gui.project import file as project
from tapdesk.gui.window.menus import load_example
from tests import FIXTURES

SAVED_BY_1_0 = FIXTURES / "projects" / "saved_by_1_0.tapdesk"


def test_a_version_3_project_still_opens(window):
    assert json.loads(SAVED_BY_1_0.read_text())["version"] == 3
    assert window.open_project(SAVED_BY_1_0)
    assert len(window.results_pane.entries) == 12


def test_a_project_with_kept_sentences_is_refused_by_an_older_tapdesk(window, qtbot, tmp_path, monkeypatch):
    load_example(window, "wine")
    assert window.model_pane.select("tap", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=60000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    path = tmp_path / "again.tapdesk"
    assert window.save_project(path)
    text = path.read_text(encoding="utf-8")
    assert '"__text__"' in text and json.loads(text)["version"] == project.VERSION == 4
    monkeypatch.setattr(project, "VERSION", 3)                # TapDesk 1.0 / 1.1 read version 3 at most
    with pytest.raises(DataError, match="newer TapDesk"):
        project.parse_project(text, path)
    monkeypatch.undo()
    assert window.open_project(path)                           # and this TapDesk opens its own file
    assert len(window.results_pane.entries) == 1
