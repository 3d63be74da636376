"""Import what the first window does not show, in a background thread, once it is shown.

The main window shows first with only its left side (data, analysis): its results pane
needs the engine, pandas, scipy and pyqtgraph, over two seconds of imports on a busy
machine (issue 41). :class:`WarmUp` imports them in a plain thread while the user
chooses a file; the window then builds the pane in its own thread, from the imported
modules, in a moment. Whoever needs a module sooner calls :meth:`WarmUp.join` first, so
the same module is never imported in two threads at once.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable

HEAVY_MODULES = ("numpy", "pandas", "scipy.special", "scipy.optimize", "pyqtgraph",
                 "tapdesk.data.readers", "tapdesk.engine.analyses", "tapdesk.gui.results.pane")
"""Imported by the warm-up, in this order; the last brings in all the results pane needs."""


class WarmUp:
    """One background import of :data:`HEAVY_MODULES`; started once, joined before use."""

    def __init__(self, modules: tuple[str, ...] = HEAVY_MODULES) -> None:
        self.modules = modules
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None

    def start(self, done: Callable[[], object]) -> None:
        """Import the modules in a thread, then call ``done`` from it (emit a queued signal)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, args=(done,),
                                            name="tapdesk-warm-up")
            self._thread.start()

    def _run(self, done: Callable[[], object]) -> None:
        try:
            for name in self.modules:
                importlib.import_module(name)
        except Exception as exc:   # noqa: BLE001 - imported again, and reported, where needed
            self.error = exc
        try:
            done()
        except RuntimeError:       # the window was deleted meanwhile: nothing to build
            pass

    def join(self) -> None:
        """Wait for the imports (at once if they were never started or are done)."""
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
