"""macOS open-document events (QFileOpenEvent) open the file in the running window."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QFileOpenEvent

from tapdesk.gui.file_open_event import install_file_open_handler


def send_open(app, path) -> bool:
    return QCoreApplication.sendEvent(app, QFileOpenEvent(str(path)))


def test_a_file_sent_by_the_system_opens_in_the_window(app, window, shared_data, tmp_path):
    handler = install_file_open_handler(app, window.open_path)
    try:
        assert send_open(app, shared_data / "wine.csv")          # consumed by the filter
        assert [s.name for s in window.sessions.values()] == ["wine.csv"]
        assert window.dataset_pane.table.n_subjects == 183
        project = tmp_path / "wine study.tapdesk"
        assert window.save_project(project)
        window.clear_analysis()
        assert send_open(app, project)                           # a project opens as a project
        assert [s.name for s in window.sessions.values()] == ["wine.csv"]
        assert window.project_path == project
    finally:
        app.removeEventFilter(handler)


def test_other_events_and_empty_names_pass_through(app):
    opened: list[str] = []
    handler = install_file_open_handler(app, opened.append)
    try:
        assert not handler.eventFilter(app, QEvent(QEvent.Type.ApplicationActivate))
        assert not handler.eventFilter(app, QFileOpenEvent(""))
        assert handler.eventFilter(app, QFileOpenEvent("/Users/ann/Desktop/panel 2.tapdesk"))
        assert opened == ["/Users/ann/Desktop/panel 2.tapdesk"]
    finally:
        app.removeEventFilter(handler)
