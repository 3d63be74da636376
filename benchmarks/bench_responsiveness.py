"""Responsiveness: how fast a fit stops when cancelled, and how long the GUI thread stalls.

Targets: a sampler stops within 100 ms of a cancel (issue 4); the app frees its
interface within 200 ms of Cancel (issue 6); the GUI thread's longest stall
during every fit of the self-test (MCMC with live plots included) stays
< 100 ms on a quiet 2-core machine and < 250 ms with another process keeping
one core busy (issue 15).

1. Engine: each case runs the fit's event generator in a thread, cancels it
   after 0.5 s, and times how long the generator takes to return its
   (incomplete) result.
2. Worker process (the app runs every fit in one, ``tapdesk.engine.process``):
   start of a cold worker, cost of the process hop for a small fit, soft
   cancel through the process, hard cancel of a task that never checks, and
   how soon a warm worker is back after a crash.
3. GUI: ``tapdesk --selftest`` reports the longest gap between ticks of a
   10 ms GUI-thread timer during each fit; run 3 times on the machine as it
   is and 3 times with a busy-loop process keeping one core busy.

Writes "## Responsiveness (issues 4, 6, 15)" in benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/bench_responsiveness.py [--runs N] [--gui-only]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

from tapdesk.engine import CancelToken, FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.process import TaskFailed, WorkerDied, WorkerPool
from tapdesk.engine.run import fit_events
from tapdesk.errors import FitCancelled
from tapdesk.gui.tasks.fit_task import WORKER_PRELOAD, run_fit

SECTION = "## Responsiveness (issues 4, 6, 15)"
QUIET_TARGET_MS, BUSY_TARGET_MS = 100, 250
PRELOAD = WORKER_PRELOAD
"""What the benchmark's workers import before they answer: the app's list, so a timed fit
does not pay for an import the app's worker has done."""


def cancel_latency(request: FitRequest, table, after_s: float) -> tuple[float, bool]:
    """Seconds from cancel() to the fit returning, and whether it returned incomplete.

    A fit that finishes before the cancel gives a negative latency (reported as such).
    """
    token, done, out = CancelToken(), threading.Event(), {}

    def run() -> None:
        gen = fit_events(request, table, token)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                out["result"] = stop.value
                break
        out["end"] = time.perf_counter()
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(after_s)
    start = time.perf_counter()
    token.cancel()
    done.wait(60)
    worker.join()
    return out["end"] - start, not out["result"].complete


def engine_cases():
    small = simulate_table(TapParameters(0.3, 0.6, 0.4), 1000, 5, seed=1)
    big = simulate_table(TapParameters(0.3, 0.6, 0.4), 100_000, 10, seed=2)
    return [
        ("t-a-p MLE, 5000 bootstrap resamples, 1000 x 5", FitRequest(bootstrap=5000), small,
         0.5, 0.2),
        ("t-a-p MCMC, 4 x 200,000 draws, 1000 x 5",
         FitRequest(method="mcmc", draws=200_000), small, 0.5, 0.1),
        ("t-a-p MCMC, 4 x 200,000 draws, 100,000 x 10",
         FitRequest(method="mcmc", draws=200_000), big, 0.5, 0.1),
        ("per-rater MCMC (Gibbs), 4 x 200,000 draws, 1000 x 5",
         FitRequest(model="per-rater", method="mcmc", draws=200_000), small, 0.5, 0.1),
        ("t-a0a1-p MCMC (independent draws), 4 x 200,000, 1000 x 5",
         FitRequest(model="tap-a0a1", method="mcmc", draws=200_000), small, 0.5, 0.1),
        ("per-rater EM, 100,000 x 10 (cancel at 50 ms)",
         FitRequest(model="per-rater", n_starts=4), big, 0.05, 0.2),
        ("K-category EM, 100,000 x 10 (cancel at 50 ms)", FitRequest(model="categorical"), big,
         0.05, 0.2),
    ]


# ------------------------------------------------------------ worker process
def echo(value, *, cancel, on_event):
    return value


def deaf(seconds: float, *, cancel, on_event):
    """A long call that never checks the cancel token (one long C call)."""
    time.sleep(seconds)


def crash(*, cancel, on_event):
    import ctypes
    ctypes.string_at(0)


def cancel_later(token, seconds: float) -> dict[str, float]:
    """Cancel ``token`` (or a task handle) in ``seconds``; the returned dict gets the moment."""
    mark: dict[str, float] = {}

    def go() -> None:
        mark["at"] = time.perf_counter()
        token.cancel()

    threading.Timer(seconds, go).start()
    return mark


def worker_figures(runs: int) -> list[tuple[str, float, str]]:
    """(what, milliseconds, note) for the worker process."""
    medals = simulate_table(TapParameters(0.3, 0.6, 0.4), 183, 4, seed=6)
    rows = []
    cold = []
    for _ in range(runs):
        pool = WorkerPool(preload=PRELOAD)
        start = time.perf_counter()
        pool.run(echo, 1)
        cold.append(time.perf_counter() - start)
        pool.shutdown()
    rows.append(("cold worker: start, import the engine, answer", statistics.median(cold),
                 "paid once, in the background while the user chooses a file (the app starts "
                 "its worker as soon as the window is shown and its results pane built)"))
    pool = WorkerPool(preload=PRELOAD)
    pool.wait_warm(120)
    request = FitRequest(class1=("1",))
    pool.run(run_fit, None, request, medals, cancel=CancelToken())
    here, there = [], []
    for _ in range(runs):
        start = time.perf_counter()
        fit(request, medals)
        here.append(time.perf_counter() - start)
        start = time.perf_counter()
        pool.run(run_fit, None, request, medals, cancel=CancelToken())
        there.append(time.perf_counter() - start)
    rows.append(("t-a-p fit of 183 x 4 in this process", statistics.median(here), ""))
    rows.append(("the same fit in the warm worker, with the results views' extras",
                 statistics.median(there), "includes the classical coefficients computed beside it"))
    soft, hard, back = [], [], []
    big = simulate_table(TapParameters(0.3, 0.6, 0.4), 1000, 5, seed=1)
    for _ in range(runs):
        handle = pool.submit(run_fit, None, FitRequest(method="mcmc", draws=200_000), big)
        mark = cancel_later(handle, 0.5)                 # as the app's Cancel does
        try:
            handle.result()
        except (TaskFailed, FitCancelled):
            pass
        soft.append(time.perf_counter() - mark["at"])
        token = CancelToken()
        mark = cancel_later(token, 0.3)
        try:
            pool.run(deaf, 60.0, cancel=token)
        except FitCancelled:
            pass
        hard.append(time.perf_counter() - mark["at"])
        pool.wait_warm(120)
        start = time.perf_counter()
        try:
            pool.run(crash)
        except WorkerDied:
            pass
        pool.run(echo, 1)
        back.append(time.perf_counter() - start)
    rows.append(("soft cancel through the process (t-a-p MCMC 4 x 200,000, 1000 x 5)",
                 statistics.median(soft), "from cancel to the worker's answer; target 100 ms"))
    rows.append(("hard cancel of a task that never checks", statistics.median(hard),
                 "killed after 1 s without an answer"))
    rows.append(("crash to a warm worker answering again", statistics.median(back),
                 "the replacement starts at once"))
    pool.shutdown()
    return rows


# ------------------------------------------------------------------- GUI
def selftest_stalls(runs: int, busy: bool) -> tuple[list[dict[str, float]], list[dict[str, float]]]:
    """Per run and self-test fit: the longest GUI-thread stall, and the most GUI-thread CPU
    time between two ticks (what that stall would be with nothing else running), in ms."""
    out, cpu = [], []
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    hog = None
    if busy:
        hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                proc = subprocess.run([sys.executable, "-m", "tapdesk", "--selftest", "--out",
                                       folder], capture_output=True, text=True, env=env,
                                      timeout=900)
                line = json.loads(proc.stdout.strip().splitlines()[-1])
                if not line["ok"]:
                    raise RuntimeError(f"self-test failed: {line['failed']}")
                out.append(line["gui_stall_ms_by_fit"])
                cpu.append(line["gui_busy_ms_by_fit"])
    finally:
        if hog is not None:
            hog.kill()
            hog.wait()
    return out, cpu


def stall_lines(title: str, runs: list[dict[str, float]], target: float) -> list[str]:
    fits = list(runs[0])
    lines = [f"| {title} | " + " | ".join(f"{max(r[f] for r in runs):.0f}" for f in fits)
             + f" | {max(max(r.values()) for r in runs):.0f} | < {target} | "
             + ("meets target" if max(max(r.values()) for r in runs) < target else "MISSES")
             + " |"]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--gui-only", action="store_true", help="skip the engine and worker cases")
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    rows, workers = [], []
    if not args.gui_only:
        for name, request, table, after_s, target in engine_cases():
            runs = [cancel_latency(request, table, after_s) for _ in range(args.runs)]
            latency = statistics.median(r[0] for r in runs)
            incomplete = all(r[1] for r in runs)
            rows.append((name, latency, target, incomplete))
            print(f"{name}: {1000 * latency:.1f} ms (target {1000 * target:.0f} ms), "
                  f"incomplete: {incomplete}", flush=True)
        workers = worker_figures(args.runs)
        for what, seconds, _ in workers:
            print(f"{what}: {1000 * seconds:.0f} ms", flush=True)
    quiet, quiet_cpu = selftest_stalls(args.runs, busy=False)
    print(f"self-test stalls, machine as it is: {quiet}; GUI-thread CPU: {quiet_cpu}", flush=True)
    busy, busy_cpu = selftest_stalls(args.runs, busy=True)
    print(f"self-test stalls, one core kept busy: {busy}; GUI-thread CPU: {busy_cpu}", flush=True)
    load_end = os.getloadavg()[0]
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
             f"load average {load_start:.1f} at the start and {load_end:.1f} at the end (other "
             "jobs share this machine; above 1 the figures are pessimistic); "
             f"`benchmarks/bench_responsiveness.py`, medians of {args.runs}.", ""]
    if rows:
        lines += ["Cancel latency in the engine: from CancelToken.cancel() (0.5 s into the fit) "
                  "to the fit returning its result, which must be marked incomplete.", "",
                  "| case | cancel latency (ms) | target (ms) | returned incomplete | verdict |",
                  "|---|---|---|---|---|"]
        for name, latency, target, incomplete in rows:
            ok = latency < target and incomplete
            lines.append(f"| {name} | {1000 * latency:.1f} | {1000 * target:.0f} | "
                         f"{'yes' if incomplete else 'NO'} | "
                         f"{'meets target' if ok else 'MISSES'} |")
        lines += ["", "The worker process that runs every fit of the app:", "",
                  "| measure | ms | note |", "|---|---|---|"]
        lines += [f"| {what} | {1000 * seconds:.0f} | {note} |" for what, seconds, note in workers]
        lines.append("")
    fits = list(quiet[0])
    lines += ["GUI thread: the longest gap between ticks of a 10 ms GUI-thread timer during each "
              f"fit of `tapdesk --selftest` (worst of {args.runs} runs, ms; a fit's window runs "
              "from pressing Fit to its results shown, live plots and result rendering "
              "included; the screenshots are not counted).", "",
              "| machine | " + " | ".join(fits) + " | worst | target | verdict |",
              "|---|" + "---|" * len(fits) + "---|---|---|"]
    lines += stall_lines("as it is", quiet, QUIET_TARGET_MS)
    lines += stall_lines("one core kept busy by another process", busy, BUSY_TARGET_MS)
    lines += stall_lines("GUI-thread CPU time in its longest busy stretch (a quiet machine's "
                         "stall)", quiet_cpu + busy_cpu, QUIET_TARGET_MS)
    lines += ["", "Each fit runs in a worker process (`tapdesk/engine/process.py`): the GUI "
              "thread only receives event batches (20 a second) and paints; the live plots keep "
              "their axes as cached pixmaps. The test "
              "tests/gui/test_behaviour.py::test_gui_thread_keeps_ticking_during_a_long_fit "
              "guards against a freeze at 10x the target (1 s); the target itself is this "
              "benchmark's. Cancel frees the interface at once (the controller emits `cancelled` "
              "before the worker stops).", ""]
    write_section(SECTION, "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
