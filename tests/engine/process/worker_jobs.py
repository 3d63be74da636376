"""Tasks for the worker-process tests: module-level, so the worker imports them by name.

Each takes the task arguments and the keywords ``cancel`` and ``on_event``
that :mod:`tapdesk.engine.process` passes. The failing ones also serve as GUI
jobs (``job(request, table, cancel, on_event)``), so they accept any arguments.
"""

from __future__ import annotations

import os
import signal
import sys
import time

from tapdesk.engine.events import StageProgress
from tapdesk.errors import FitCancelled, SettingError


def echo(value, *, cancel, on_event):
    return value


def worker_pid(*, cancel, on_event):
    return os.getpid()


def steps(n: int, pause_s: float, *, cancel, on_event):
    """n progress events, ``pause_s`` apart; returns n."""
    for i in range(n):
        on_event(StageProgress(0, "step", i + 1, n))
        time.sleep(pause_s)
    return n


def stage_then_quiet(seconds: float, *, cancel, on_event):
    """Two quick events, then a long computation that reports nothing."""
    on_event(StageProgress(0, "fit", 1, 1))
    on_event(StageProgress(0, "exact posterior", 0, 1))
    time.sleep(seconds)
    return "done"


def until_cancelled(limit_s: float, *, cancel, on_event):
    """Checks the cancel token as an engine loop does; raises FitCancelled when it is set."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if cancel.requested:
            raise FitCancelled("stopped at the user's request")
        time.sleep(0.005)
    return "not cancelled"


def deaf(seconds: float, *, cancel, on_event):
    """A long call that never looks at the cancel token (as one long C call)."""
    time.sleep(seconds)
    return "finished anyway"


def deaf_fit(*_args, **_kw):
    """A GUI job stuck in one long call for two minutes."""
    time.sleep(120)


def refuse(*, cancel, on_event):
    raise SettingError("--draws must be at least 100")


def internal_bug(*, cancel, on_event):
    return {}["missing"]


def segfault(*_args, **_kw):
    import ctypes
    ctypes.string_at(0)           # reads address 0: SIGSEGV


def killed_by_the_system(*_args, **_kw):
    os.kill(os.getpid(), signal.SIGKILL)   # what the out-of-memory killer does
    time.sleep(10)


def exhaust_memory(*_args, **_kw):
    """Allocate far more than the address-space limit set here allows: MemoryError."""
    import resource

    import numpy as np
    with open("/proc/self/statm", encoding="ascii") as handle:
        used = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    limit = used + 256 * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    hoard = [np.ones(2**27) for _ in range(64)]      # 64 GB, 1 GB at a time
    return len(hoard)


def address_space_limit(*, cancel, on_event):
    import resource
    return resource.getrlimit(resource.RLIMIT_AS)


def table_seen(table, *, cancel, on_event):
    """The identity of the table object inside the worker, and its size."""
    return id(table), table.n_ratings


def qt_modules_after_a_fit(request, table, *, cancel, on_event):
    """Run a real GUI fit task, then list any Qt module loaded in this process."""
    from tapdesk.gui.tasks.fit_task import run_fit
    outcome = run_fit(None, request, table, cancel=cancel, on_event=on_event)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6",
                                                                 "pyqtgraph"))
    return outcome.result.complete, loaded
