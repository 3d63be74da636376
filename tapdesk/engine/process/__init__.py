"""Run engine work in a separate worker process and stream its progress events back.

A fit computing in a thread of the app's own process competes with the GUI
thread for Python's GIL, so painting stalls while the engine runs; a crash in
a numerical library (or the system running out of memory) takes the whole app
down; and a fit that is stuck inside one long C call cannot be stopped. A
worker *process* has none of these problems. This package is the Qt-free
machinery for it (:mod:`.parent`, the app's side; :mod:`.child`, the
worker's; :mod:`.messages`, what they send each other):

* :class:`WorkerProcess` -- one child process (``multiprocessing``, "spawn"
  start method: safe beside Qt's threads and the same on every platform,
  including a PyInstaller bundle that calls ``multiprocessing.freeze_support``).
  It imports the engine once at start (``preload``) and then runs *tasks*
  one after another, so a fit does not pay Python's start-up each time.
* :class:`WorkerPool` -- keeps one warm process ready, hands it out, takes it
  back, and replaces a process that crashed or had to be killed.
* :class:`TaskHandle` -- one submitted task: stream its events, cancel it
  softly (the engine's :class:`~tapdesk.engine.cancel.CancelToken`, seen at
  the next iteration) or hard (kill the process when it does not stop), and
  get its value or a typed failure.

A task is ``func(*args, cancel=token, on_event=callback)`` where ``func`` is
a module-level function (pickled by name) and ``args`` are picklable; the
engine's requests, tables, events and results are frozen dataclasses and
pickle as they are. The current ratings table is sent to a process once and
reused while it stays the same object (a million ratings are 25 MB).
"""

from tapdesk.engine.process.messages import PROGRESS_HZ, Events, Failure, Ready, Returned
from tapdesk.engine.process.parent import (
                                           ENGINE_MODULES,
                                           HARD_CANCEL_S,
                                           MODEL_MODULES,
                                           SPARE_AFTER_S,
                                           SharedPool,
                                           TaskFailed,
                                           TaskHandle,
                                           WorkerDied,
                                           WorkerPool,
                                           WorkerProcess,
                                           describe_exit,
)

__all__ = ["ENGINE_MODULES", "HARD_CANCEL_S", "MODEL_MODULES", "PROGRESS_HZ", "SPARE_AFTER_S",
           "Events", "Failure",
           "Ready", "Returned", "SharedPool", "TaskFailed", "TaskHandle", "WorkerDied", "WorkerPool",
           "WorkerProcess", "describe_exit"]
