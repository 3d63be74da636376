"""Python's garbage collection, run in the GUI thread only and held back while fits run.

The app starts it (:func:`install_gui_gc`, :func:`freeze_startup_objects`); the fit and report
controllers hold its full collections while they run (:func:`hold_full_collections`).
"""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication


class GuiThreadGarbageCollector(QObject):
    """Python's cyclic garbage collector, run only in the GUI thread.

    Automatic collection runs in whichever thread happens to allocate, which
    during a fit is the worker thread. A cycle holding Qt wrappers of GUI
    objects (closed windows, replaced plots) was then destroyed in the worker:
    Qt printed "QBasicTimer::start: Timers cannot be started from another
    thread" and a widget destroyed off its thread can even deadlock. So
    automatic collection is switched off and this timer collects, generation
    by generation and with Python's own thresholds, in the GUI thread (the
    pattern of pyqtgraph's GarbageCollector).

    The full collection (generation 2) waits while a fit runs: it walks every object the
    session has made, 60-110 ms of the GUI thread with nothing to free as a rule, the longest
    stall left during a fit (issue 15). It runs at the first check after the fit.
    """

    def __init__(self, parent: QObject, interval_ms: int = 250) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.fits: weakref.WeakSet = weakref.WeakSet()
        """Objects with a ``running`` flag (the fit controllers, :func:`hold_full_collections`)."""
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setObjectName("tapdesk-gui-gc")
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> None:
        l0, l1, l2 = gc.get_count()
        if l0 > self.threshold[0]:
            gc.collect(0)
            if l1 > self.threshold[1]:
                gc.collect(1)
                if l2 > self.threshold[2] and not any(f.running for f in list(self.fits)):
                    gc.collect(2)


_COLLECTOR: GuiThreadGarbageCollector | None = None


def hold_full_collections(fits: QObject) -> None:
    """Hold the GUI thread's full garbage collection while ``fits.running`` is true."""
    if _COLLECTOR is not None:
        _COLLECTOR.fits.add(fits)


def freeze_startup_objects() -> None:
    """Leave the objects of start-up (modules, Qt wrappers, the window) out of every later
    collection (``gc.freeze``, after one collection of what is garbage already).

    A full collection walks every object the process holds: with the window open, 140,000
    of them, 120-220 ms on this machine, run in the GUI thread now and then during a fit
    (issue 15: the longest stall). Frozen, they are skipped, and a full collection takes
    under a millisecond plus what the session itself made. Start-up objects live until the
    app quits, so freezing them keeps nothing alive that would otherwise be freed.
    """
    gc.collect()
    gc.freeze()


def freeze_warm_up_objects() -> None:
    """Leave the modules the warm-up imported after start-up (the engine, scipy, pandas,
    pyqtgraph: some 80,000 objects) out of later collections too, where start-up objects were
    frozen (:func:`freeze_startup_objects`; not in tests, whose windows come and go). Without
    this a full collection in the GUI thread took 40-140 ms and could fall in an export."""
    if gc.get_freeze_count():
        gc.freeze()


def install_gui_gc(app: QApplication) -> GuiThreadGarbageCollector:
    """Collect garbage only in the GUI thread (once per application)."""
    global _COLLECTOR
    try:
        current = _COLLECTOR is not None and _COLLECTOR.parent() is app
    except RuntimeError:                     # its application was destroyed
        current = False
    if not current:
        _COLLECTOR = GuiThreadGarbageCollector(app)
    return _COLLECTOR
