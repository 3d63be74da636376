"""Create the QApplication and open the main window (``tapdesk`` with no arguments)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, Qt, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from tapdesk import __version__
from tapdesk.gui import accessibility, settings, style
from tapdesk.gui.collector import freeze_startup_objects, install_gui_gc
from tapdesk.gui.language import apply_language, start_language
from tapdesk.gui.plots.config import configure_plots
from tapdesk.gui.widgets.wheel_guard import install_wheel_guard
from tapdesk.resources import icons
from tapdesk.threads import limit_this_process

if TYPE_CHECKING:
    from tapdesk.gui.window.main_window import MainWindow

GIL_SWITCH_INTERVAL_S = 0.0005


def keep_gui_responsive() -> None:
    """Hand the GIL over every 0.5 ms instead of Python's default 5 ms.

    PySide releases the GIL around each call into Qt, and re-acquiring it
    while another thread runs Python code waits up to one switch interval
    (the GIL "convoy effect"). Redrawing a plot makes hundreds of Qt calls, so
    with the default 5 ms the GUI thread stalled for up to a second while a fit
    computed in a thread. Fits now compute in a worker process
    (:mod:`tapdesk.gui.tasks.worker`), but a big file is still read in a thread of
    this process (:mod:`tapdesk.gui.tasks.background`), so the short interval stays.
    """
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)


# Harmless, repeated notes of Qt's headless "offscreen" platform (the self-test, CI); dropped.
DROPPED_MESSAGES = ("This plugin does not support propagateSizeHints()",)
_MESSAGE_LEVELS = {QtMsgType.QtDebugMsg: "debug", QtMsgType.QtInfoMsg: "info",
                   QtMsgType.QtWarningMsg: "warning", QtMsgType.QtCriticalMsg: "critical",
                   QtMsgType.QtFatalMsg: "fatal"}


SERIOUS = (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
HARMLESS = ("QFont::setPointSizeF", "Populating font family aliases")
"""Warnings about the machine's fonts, not TapDesk's doing: printed, never collected (as the
GUI tests ignore them)."""
_WATCHERS: list[list[str]] = []
"""The lists :func:`watch_qt_warnings` handed out: each collects every serious message."""


def qt_message_handler(mode, context, message: str) -> None:
    """Forward Qt's messages to stderr, except the harmless ones in ``DROPPED_MESSAGES``; a
    warning (or worse) also goes, with where it came from, to every :func:`watch_qt_warnings`
    list."""
    if message in DROPPED_MESSAGES:
        return
    sys.stderr.write(f"Qt {_MESSAGE_LEVELS.get(mode, 'message')}: {message}\n")
    if mode in SERIOUS and _WATCHERS and not any(h in message for h in HARMLESS):
        seen = f"{message} ({message_origin()})"
        for watcher in _WATCHERS:
            watcher.append(seen)


def message_origin() -> str:
    """Where a Qt message was printed: the thread, and the innermost TapDesk (else Python) line
    running in it; a warning from a thread other than the GUI's names the culprit at once."""
    import threading
    import traceback
    stack = traceback.extract_stack()[:-3]          # this function and the handler left out
    ours = [frame for frame in stack if "tapdesk" in frame.filename.replace("\\", "/")]
    frame = (ours or stack or [None])[-1]
    where = f", at {Path(frame.filename).name}:{frame.lineno} {frame.name}" if frame else ""
    return f"thread {threading.current_thread().name}{where}"


def watch_qt_warnings() -> list[str]:
    """A list that collects from now on every Qt warning, critical or fatal message, from any
    thread, with the thread and the code line it came from (the self-test fails on any)."""
    install_message_handler()
    seen: list[str] = []
    _WATCHERS.append(seen)
    return seen


_HANDLER_INSTALLED = False


def install_message_handler() -> None:
    global _HANDLER_INSTALLED
    if not _HANDLER_INSTALLED:
        qInstallMessageHandler(qt_message_handler)
        _HANDLER_INSTALLED = True


def app_icon() -> QIcon:
    """TapDesk's icon in every rendered size (a missing file leaves that size out)."""
    icon = QIcon()
    for size in icons.SIZES:
        if icons.png(size).is_file():
            icon.addFile(str(icons.png(size)), QSize(size, size))
    return icon


def make_app(argv: list[str] | None = None) -> QApplication:
    """The one QApplication (created if needed), high-DPI aware and styled."""
    keep_gui_responsive()
    install_message_handler()
    app = QApplication.instance()
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    QCoreApplication.setOrganizationName(settings.ORGANISATION)
    QCoreApplication.setApplicationName(settings.APPLICATION)
    QCoreApplication.setApplicationVersion(__version__)
    apply_language(start_language())   # View > Language's choice, else the system's
    app.setWindowIcon(app_icon())
    QGuiApplication.setDesktopFileName("tapdesk")     # Wayland finds the icon via tapdesk.desktop
    style.apply(app)
    accessibility.install(app)
    install_gui_gc(app)
    install_wheel_guard(app)
    if "pyqtgraph" in sys.modules:      # else when the main window builds its results pane
        configure_plots()
    return app


def open_window(files: Sequence[str | Path] = ()) -> MainWindow:
    """The main window, shown, with ``files`` opened in it as File > Open does (``tapdesk FILE``).

    A ``.tapdesk`` project replaces the (empty) analysis; a ratings file goes through the
    import preview, as when it is dropped on the window.
    """
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    from tapdesk.gui.file_open_event import install_file_open_handler
    install_file_open_handler(QApplication.instance(), window.open_path)  # macOS: from the Finder
    window.show()
    # once the window has painted: a full collection of start-up's objects held its first paint
    QTimer.singleShot(0, freeze_startup_objects)
    window.offer_recovery()
    for path in files:
        window.open_path(path)
    return window


def run_app(argv: list[str] | None = None, files: Sequence[str | Path] = ()) -> int:
    """Open the main window (and ``files``), run the event loop, return its exit code."""
    limit_this_process()               # the app's own process: one BLAS thread (tapdesk/threads.py)
    app = make_app(argv)
    window = open_window(files)
    try:
        return app.exec()
    finally:
        from tapdesk.gui.tasks.report_task import shutdown_report_pool
        from tapdesk.gui.tasks.worker import shutdown_worker_pool
        shutdown_worker_pool()
        shutdown_report_pool()
        del window                     # the window lives as long as the event loop
