"""The fits File > Export report left out (and File > Print leaves out) are kept with the
project (issue 79): saved with File > Save as, read back by File > Open project, File > Print
prints only what Export wrote and the Export dialog opens with the same fits unticked."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from tests.gui.dialogs.test_plan_feedback import _fit, _load_panel
from tests.gui.window.test_one_story import _print
from tests.gui.window.test_print_selection import _export_without
from tests.render.pdftext import pdf_text

pytestmark = pytest.mark.gui


def _save_as(window, monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    window.action_save_as.trigger()
    assert path.exists() and not window.dirty


def _open(window, monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    window.action_open_project.trigger()
    assert window.project_path == path and not window.dirty


def test_the_print_selection_is_saved_with_the_project(window, qtbot, tmp_path, monkeypatch):
    _load_panel(window)
    _fit(window, qtbot, "tap")
    _fit(window, qtbot, "tap-a0a1")
    _export_without(window, tmp_path / "exported.pdf", left=1)
    assert window.dirty                                  # the selection is the project's now
    _save_as(window, monkeypatch, tmp_path / "p.tapdesk")
    window.action_new.trigger()
    assert not window.results_pane.entries
    _open(window, monkeypatch, tmp_path / "p.tapdesk")
    assert len(window.results_pane.entries) == 2
    (tmp_path / "print").mkdir()
    printed = pdf_text(_print(window, qtbot, tmp_path / "print"))
    assert "Analysis 1" in printed and "Analysis 2" not in printed
    assert _export_without(window, tmp_path / "again.pdf", left=None) == [True, False]
