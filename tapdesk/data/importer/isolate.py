"""Run a native file reader where its crash cannot take the program down.

pyreadstat (C) can crash the whole process (segmentation fault) on a damaged
SPSS or Stata file, which no ``except`` clause can catch: the app would vanish
and the user lose their work. The reader therefore runs in a child process; a
crash or an overrun of the time limit there becomes a plain DataError. On Linux
the child is forked (at once, nothing to import again). Elsewhere fork is unsafe
(macOS) or absent (Windows), so the child is a new Python process ("spawn", as
the fit workers; about a second to import the reader again): ``work`` must then
be picklable, a module-level function or a ``functools.partial`` of one. In the
standalone bundle a spawned child is the bundle's program started again, which
``multiprocessing.freeze_support()`` in its entry script turns into the child.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import wait as wait_for
from typing import Any

from tapdesk.data.wording import Decimal, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

_CHUNK = 1 << 20


def fork_available() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def run_isolated(work: Callable[[], Any], *, seconds: float, file: str, what: str) -> Any:
    """``work()``'s result, computed in a child process.

    An exception in ``work`` comes back as a DataError with its message; a crash or a run
    past ``seconds`` is a DataError saying the file looks damaged.
    """
    if fork_available():
        return _run_forked(work, seconds, file, what)
    return _run_spawned(work, seconds, file, what)


def _run_forked(work: Callable[[], Any], seconds: float, file: str, what: str) -> Any:
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
        raise _crashed(signal.Signals(sig).name if sig else "no result", file, what)
    return _outcome(pickle.loads(data), file, what)


def _spawned_child(conn, work: Callable[[], Any]) -> None:
    """The spawned child: run ``work`` and send back its result or its error in words."""
    try:
        outcome: tuple = ("ok", work())
        conn.send(outcome)
    except BaseException as exc:                           # everything goes back as words
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _run_spawned(work: Callable[[], Any], seconds: float, file: str, what: str) -> Any:
    ctx = multiprocessing.get_context("spawn")
    receiver, sender = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_spawned_child, args=(sender, work), name="tapdesk-reader",
                        daemon=True)
    child.start()
    sender.close()
    try:
        if not wait_for([receiver, child.sentinel], seconds):
            child.kill()
            child.join()
            raise _too_long(seconds, file, what)
        try:
            outcome = receiver.recv()
        except (EOFError, OSError):                        # the child ended without a word
            child.join()
            raise _crashed(exit_name(child.exitcode), file, what) from None
    finally:
        receiver.close()
    child.join()
    return _outcome(outcome, file, what)


def exit_name(exitcode: int | None) -> str | Wording:
    """How a child process ended, for the message: a signal's name (POSIX) or the exit
    status (Windows reports a crash as a status such as 0xC0000005, access violation); the
    words in the language in force when the message is read."""
    if exitcode is None:
        # Translators: how a process ended when it gave no exit status at all.
        return Wording.of(N_("no result"))
    if exitcode < 0:
        try:
            return signal.Signals(-exitcode).name
        except ValueError:
            # Translators: how a process ended; {number} is a signal's number ("signal 34").
            return Wording.of(N_("signal {number}"), number=-exitcode)
    status = f"0x{exitcode:08X}" if exitcode > 0xFFFF else str(exitcode)
    # Translators: how a process ended; {status} is its exit status ("1", "0xC0000005").
    return Wording.of(N_("exit status {status}"), status=status)


def _outcome(outcome: tuple, file: str, what: str) -> Any:
    kind, value = outcome
    if kind == "error":
        # Translators: {what} is "SPSS" or "Stata"; {error} the reading library's own message.
        raise DataError(Wording.of(N_("cannot be read as {what} data ({error}); check that the "
                                      "file is not damaged"), what=what, error=value[:200]),
                        file=file)
    return value


def _crashed(name: str | Wording, file: str, what: str) -> DataError:
    # Translators: {what} is "SPSS" or "Stata"; {name} how the reader ended (a signal's name,
    # "SIGSEGV", or an exit status).
    return DataError(Wording.of(N_("cannot be read as {what} data: the reader crashed ({name}) on "
                                   "it, so the file is probably damaged; open it in the program "
                                   "that wrote it and save it again, or save the ratings as CSV"),
                                what=what, name=name), file=file)


def _too_long(seconds: float, file: str, what: str) -> DataError:
    # Translators: {what} is "SPSS" or "Stata"; {seconds} a number of seconds.
    return DataError(Wording.of(N_("reading the {what} file took longer than {seconds:g} s and "
                                   "was stopped; raise the time limit, or save the ratings as "
                                   "CSV"), what=what, seconds=Decimal(seconds)), file=file,
                     settings=("time_limit",))


def _read_all(fd: int, pid: int, seconds: float, file: str, what: str) -> bytes:
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(0.0, left))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise _too_long(seconds, file, what)
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
