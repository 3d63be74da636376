"""Qt fixtures for the GUI tests: Qt warnings fail, settings are isolated, no leaks.

Every test gets its own QSettings folder (Qt's and TapDesk's) and autosave folder (tmp_path), a
message handler that turns Qt warnings and criticals into test failures, and
a check that it left no fit thread running and no QTimer active.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QThread, QTimer, QtMsgType, qInstallMessageHandler  # noqa: E402

from tapdesk.gui.window.projects import DISCARD, ProjectMixin  # noqa: E402

REAL_ASK = ProjectMixin.ask_save_changes

# Harmless messages from the offscreen platform plugin, not from TapDesk.
IGNORED = ("propagateSizeHints", "QFont::setPointSizeF", "Populating font family aliases")


@pytest.fixture(autouse=True)
def qt_messages(qapp):
    """Collect Qt warnings/criticals; fail the test if any appeared."""
    seen: list[str] = []

    def handler(mode, context, message):
        serious = mode in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
        if serious and not any(s in message for s in IGNORED):
            seen.append(message)

    # the app's own handler first: make_app() installs it once per process, and installed
    # after this one (the first test of each worker) it took the warnings of that test away
    from tapdesk.gui.app import install_message_handler
    install_message_handler()
    previous = qInstallMessageHandler(handler)
    yield seen
    qInstallMessageHandler(previous)
    assert not seen, f"Qt warnings during the test: {seen}"


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, monkeypatch):
    """QSettings (TapDesk's and Qt's own, such as the file dialog's history) and autosave go
    to this test's tmp folder."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    monkeypatch.setenv("TAPDESK_AUTOSAVE_DIR", str(tmp_path / "autosave"))
    yield tmp_path


@pytest.fixture(autouse=True)
def no_modal_questions(monkeypatch):
    """"Save changes?" answers Discard unless a test says otherwise (a modal box would block)."""
    from tapdesk.gui.window.projects import DISCARD, ProjectMixin
    monkeypatch.setattr(ProjectMixin, "ask_save_changes", lambda self, action: DISCARD)


@pytest.fixture
def real_save_question(monkeypatch):
    """The real "Save changes?" message box (the test answers it)."""
    from tapdesk.gui.window import projects as window_project
    monkeypatch.setattr(window_project.ProjectMixin, "ask_save_changes", REAL_ASK)


@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-language before the window is made (as the self-test starts), English after."""
    from tapdesk import i18n
    from tapdesk.gui.language import choose_language
    monkeypatch.setenv(i18n.languages.PSEUDO_SWITCH, "1")
    choose_language(i18n.PSEUDO)
    yield
    choose_language("en")


@pytest.fixture
def german():
    """The window in German for the test, English again after it."""
    from tapdesk.gui.language import choose_language
    choose_language("de")
    yield
    choose_language("en")


@pytest.fixture
def window_in_english_after():
    """Whatever language a test chose through View > Language, the window in English after it."""
    yield
    from tapdesk.gui.language import apply_language
    apply_language("en")


@pytest.fixture
def app(qapp):
    from tapdesk.gui.app import make_app
    return make_app()


def _discard_on_close(w) -> None:
    from tapdesk.gui.window.projects import DISCARD
    w.ask_save_changes = lambda action: DISCARD


def _threads(root) -> list:
    return [t for t in root.findChildren(QThread) if t.isRunning()]


@pytest.fixture
def window(app, qtbot):
    """The main window; afterwards no fit thread may run and no timer may be active."""
    from tapdesk.gui.window.main_window import MainWindow
    w = MainWindow()
    w.preview_imports = False             # tests of the import preview turn it on themselves
    # pytest-qt closes its widgets before fixtures end: a test that failed while the real
    # "Save changes?" box was on must not leave that modal box blocking the teardown
    qtbot.addWidget(w, before_close_func=_discard_on_close)
    w.resize(1400, 900)
    w.show()
    yield w
    w.ask_save_changes = lambda action: DISCARD   # whatever the test answered
    w.close()
    assert w.controller.thread_count() == 0, "a fit thread is still running after close"
    active = [t for t in w.findChildren(QTimer) if t.isActive()]
    assert not active, f"timers still active after close: {[t.objectName() or t for t in active]}"
