"""Entry script of the standalone bundle: the ``tapdesk`` command, offline-guarded.

With ``--selftest`` (or ``TAPDESK_BLOCK_NETWORK=1``) every network access
from Python is refused and recorded (see ``tapdesk_netguard``); if any was
attempted the process exits with status 3 even when the walkthrough passed.
``TAPDESK_STARTUP_PROBE=1`` prints the seconds from process start to the
main window shown (for ``benchmarks/bench_bundle.py``).

The app runs its fits in worker processes (``tapdesk.engine.process``,
"spawn"): in the bundle each worker is this same program started again, and
``multiprocessing.freeze_support()`` turns that start into the worker. The
guard is installed before that and passed on through the environment, so a
bundled worker is offline as well.
"""

from __future__ import annotations

import os
import sys
import time

STARTED = time.perf_counter()


def give_windowed_program_streams() -> None:
    """A windowed program (``tapdeskw.exe`` on Windows) starts with ``sys.stdout`` and
    ``sys.stderr`` set to None; writes to them (Qt's messages, a worker's warnings) would
    raise. They go to the null device instead."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))    # noqa: SIM115


def main() -> int:
    guarded = "--selftest" in sys.argv or os.environ.get("TAPDESK_BLOCK_NETWORK") == "1"
    if guarded:
        import tapdesk_netguard
        tapdesk_netguard.install()
        os.environ["TAPDESK_BLOCK_NETWORK"] = "1"        # worker processes are guarded too
    import multiprocessing
    multiprocessing.freeze_support()                     # a worker process: runs it and exits
    if os.environ.get("TAPDESK_STARTUP_PROBE") == "1":
        from startup_probe import run_probe
        return run_probe(STARTED)
    from tapdesk.cli.main import main as tapdesk_main
    code = tapdesk_main(sys.argv[1:])
    if guarded:
        refused = tapdesk_netguard.attempts()
        if refused:
            print("tapdesk: network access was attempted (refused): " + "; ".join(refused),
                  file=sys.stderr)
            return code or 3
        if "--selftest" in sys.argv:
            print("tapdesk: self-test opened no network connection", file=sys.stderr)
    return code


if __name__ == "__main__":
    give_windowed_program_streams()      # before a worker process starts from here too
    import multiprocessing
    multiprocessing.freeze_support()     # study plans start worker processes from this executable
    sys.exit(main())
