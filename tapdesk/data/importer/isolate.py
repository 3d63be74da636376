"""Run a native file reader where its crash cannot take the program down.

pyreadstat (C) can crash the whole process (segmentation fault) on a damaged
SPSS or Stata file, which no ``except`` clause can catch: the app would vanish
and the user lose their work. On Linux the reader therefore runs in a forked
child process; a crash or an overrun of the time limit there becomes a plain
DataError. Elsewhere (fork is unsafe on macOS, absent on Windows) it runs in
this process as before.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

from tapdesk.errors import DataError

_CHUNK = 1 << 20


def fork_available() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def run_isolated(work: Callable[[], Any], *, seconds: float, file: str, what: str) -> Any:
    """``work()``'s result, computed in a child process when that is safe.

    An exception in ``work`` comes back as a DataError with its message; a crash or a run
    past ``seconds`` is a DataError saying the file looks damaged.
    """
    if not fork_available():
        return work()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                           # the child: never returns
        os.close(read_end)
        try:
            payload = pickle.dumps(("ok", work()), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:                       # everything goes back as words
            payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        with os.fdopen(write_end, "wb") as out:
            out.write(payload)
        os._exit(0)
    os.close(write_end)
    try:
        data = _read_all(read_end, pid, seconds, file, what)
    finally:
        os.close(read_end)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) or not data:
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        name = signal.Signals(sig).name if sig else "no result"
        raise DataError(f"cannot be read as {what} data: the reader crashed ({name}) on it, so the "
                        "file is probably damaged; open it in the program that wrote it and save "
                        "it again, or save the ratings as CSV", file=file)
    kind, value = pickle.loads(data)
    if kind == "error":
        raise DataError(f"cannot be read as {what} data ({value[:200]}); check that the file is "
                        "not damaged", file=file)
    return value


def _read_all(fd: int, pid: int, seconds: float, file: str, what: str) -> bytes:
    chunks = []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(0.0, left))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise DataError(f"reading the {what} file took longer than {seconds:g} s and was "
                            "stopped; raise the time limit, or save the ratings as CSV", file=file,
                            settings=("time_limit",))
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
