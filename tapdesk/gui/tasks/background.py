"""Run one blocking, Qt-free call (reading a big file) off the GUI thread, and wait for it.

:func:`call_off_gui_thread` starts the call in a plain Python thread and runs
a local Qt event loop until it returns, so the window keeps painting (wait
cursor, status message) while pandas parses. It returns the call's value or
re-raises its exception in the GUI thread, so callers keep their simple
synchronous code. The call must not touch Qt objects.

While the call runs, the GUI thread's full garbage collections wait
(:func:`~tapdesk.gui.collector.hold_full_collections`), as during a fit: the call's
allocations count towards them, and a full collection then walks every object the call is
building (ten thousand raters' feedback sheets: 300 ms of the GUI thread, issue 57).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEventLoop, QObject, Qt, Signal

T = TypeVar("T")


class _Finished(QObject):
    done = Signal()

    running = True
    """Read by the GUI thread's garbage collector: hold full collections while true."""


def call_off_gui_thread(func: Callable[[], T], name: str = "tapdesk-background") -> T:
    """``func()`` in a worker thread while the GUI thread's events are processed."""
    from tapdesk.gui.collector import hold_full_collections
    outcome: dict[str, object] = {}
    signal = _Finished()
    hold_full_collections(signal)
    loop = QEventLoop()
    # queued: quit() is delivered by the loop itself, so an early finish cannot be missed
    signal.done.connect(loop.quit, Qt.ConnectionType.QueuedConnection)

    def work() -> None:
        try:
            outcome["value"] = func()
        except BaseException as exc:   # noqa: BLE001 - handed to the GUI thread, re-raised there
            outcome["error"] = exc
        finally:
            signal.done.emit()

    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    try:
        loop.exec()
        thread.join()
    finally:
        signal.running = False
    if "error" in outcome:
        raise outcome["error"]            # type: ignore[misc]
    return outcome["value"]               # type: ignore[return-value]
