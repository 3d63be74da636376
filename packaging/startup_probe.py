"""Time from process start to the main window shown (used by the bundle benchmark).

Creates the application and the main window as ``tapdesk`` does, waits
until the window is exposed, prints ``window_shown_s=<seconds>`` and quits.
"""

from __future__ import annotations

import time


def run_probe(started: float) -> int:
    from PySide6.QtCore import QTimer

    from tapdesk.gui.app import make_app
    app = make_app(["tapdesk"])
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    window.show()

    def done() -> None:
        print(f"window_shown_s={time.perf_counter() - started:.3f}", flush=True)
        app.quit()

    QTimer.singleShot(0, done)        # runs once the show event has been processed
    app.exec()
    return 0
