"""Issue 28, item 5: ``tapdesk FILE`` (a double click on a file) opens it in the main window.

From the command line's ``main`` to the window, with a display and the event loop returning
at once: a ``.tapdesk`` project ends with that project in the window; a ratings file goes
through the import preview, as File > Open and a drop do, and ends with those data loaded.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tapdesk.cli import launch
from tapdesk.cli.main import main
from tapdesk.gui import app as app_module
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tapdesk.gui.window.menus import load_example
from tests import WINE

pytestmark = pytest.mark.gui



@pytest.fixture
def launched(app, monkeypatch):
    """The windows ``tapdesk ARGV`` opens when a display is there (the event loop is not run:
    ``exec`` returns at once, and the windows are left for the test to look at)."""
    windows = []
    real_open_window = app_module.open_window

    def open_window(files):
        windows.append(real_open_window(files))
        return windows[-1]

    monkeypatch.setattr(launch, "has_display", lambda: True)
    monkeypatch.setattr(app_module, "open_window", open_window)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    yield windows
    for window in windows:
        window.close()
        assert window.controller.thread_count() == 0


def accept_the_import_preview(shown: list[str], tries: int = 250) -> None:
    """Press Open in the import preview once it is up (it is modal: ``open_path`` waits)."""
    def act(left: int = tries) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, ImportPreview):
            shown.append(box.layout_combo.currentData())
            box.accept()
        elif left:
            QTimer.singleShot(20, lambda: act(left - 1))
    QTimer.singleShot(20, act)


def saved_project(qtbot, path: Path) -> tuple[int, object]:
    """A project holding the PTSD example, saved at ``path``; (subjects, class-1 choice)."""
    from tapdesk.gui.window.main_window import MainWindow
    maker = MainWindow()
    qtbot.addWidget(maker)
    load_example(maker, "ptsd")
    assert maker.save_project(path)
    facts = maker.dataset_pane.table.n_subjects, maker.dataset_pane.binary_choice()
    maker.close()
    return facts


def test_tapdesk_project_file_opens_the_project_in_the_window(launched, qtbot, tmp_path):
    path = tmp_path / "study.tapdesk"
    subjects, choice = saved_project(qtbot, path)
    assert main([str(path)]) == 0
    [window] = launched
    assert window.isVisible() and window.project_path == path and not window.dirty
    assert len(window.sessions) == 1
    assert window.dataset_pane.table.n_subjects == subjects
    assert window.dataset_pane.binary_choice() == choice
    assert "study" in window.windowTitle()


def test_tapdesk_ratings_file_opens_it_through_the_import_preview(launched):
    shown: list[str] = []
    accept_the_import_preview(shown)
    assert main([str(WINE)]) == 0
    [window] = launched
    assert shown == ["wide"], "the import preview was not shown"
    assert window.isVisible() and window.session is not None
    assert window.session.source_path == WINE
    table = window.dataset_pane.table
    assert (table.n_subjects, table.n_raters) == (183, 4)
    assert window.statusBar().currentMessage().startswith("Opened wine.csv")


def test_cancelling_the_preview_leaves_the_window_open_and_empty(launched):
    def cancel(left: int = 250) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, ImportPreview):
            box.reject()
        elif left:
            QTimer.singleShot(20, lambda: cancel(left - 1))
    QTimer.singleShot(20, cancel)
    assert main([str(WINE)]) == 0
    [window] = launched
    assert window.isVisible() and window.session is None and not window.sessions
    assert "cancelled" in window.statusBar().currentMessage()
