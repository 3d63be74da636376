"""How long the whole test suite takes, and its slowest tests (issue 15).

Target: the whole suite (``bash scripts/test.sh -q``: pytest-xdist on every
core) in < 5 min on a quiet 2-core machine, with room left for the tests
still to come. Runs the suite once with ``--durations=20``, reports its wall
time, the machine's load, the result line, any failed test, the sum of all
test phases' times (against the wall time: how well the workers share the
work), the 20 slowest test phases, and a host probe before and after (a fixed CPU
workload: this machine is shared, and its speed changes by a third from hour to hour). It
keeps a table of the runs so far (the last KEEP_RUNS), with the SBC check's time beside each:
a fixed computation, so the best gauge of the host's speed at the time. The full output goes
to ``benchmarks/suite-last.log`` (not kept in git).

    .venv/bin/python benchmarks/bench_suite.py [extra pytest arguments]

Replaces the section "## Test suite (issue 15)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from results_file import RESULTS, write_section  # benchmarks/ is on sys.path as a script

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Test suite (issue 15)"
TARGET_S = 300
HISTORY = "Runs so far, newest last (the same suite's time moves with this shared host's speed):"
HISTORY_HEAD = ("| finished (UTC) | commit | how | wall (s) | phases (s) | SBC check (s) | "
                "host probe (s) | verdict |")
KEEP_RUNS = 16
SBC_TEST = "test_sbc_ranks_are_uniform"


def host_probe() -> float:
    """Seconds of a fixed CPU workload (numpy on 2 million values, then pure Python), best of 3.

    The machine is shared, and a load average near 0 does not mean the host is fast: the
    same suite took 4 min 30 s and 5 min 49 s an hour apart, and so did every test in it
    (its SBC check 12.1 s and 16.5 s). The probe, next to the wall time, tells the two apart.
    """
    x = np.linspace(0.001, 0.999, 2_000_000)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(5):
            np.log(x).sum()
            np.exp(-x).sum()
            np.sort(x[::-1])
        total = 0
        for i in range(300_000):
            total += i * i
        best = min(best, time.perf_counter() - start)
    return best


def earlier_runs(results: Path = RESULTS) -> list[str]:
    """The history table's rows from the section as it stands in RESULTS.md."""
    text = results.read_text(encoding="utf-8") if results.exists() else ""
    start = text.find(HISTORY_HEAD, text.find(SECTION)) if SECTION in text else -1
    if start < 0:
        return []
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("| "):
            break
        rows.append(line)
    return rows


def run_row(wall: float, total: float, phases: list[str], probes: tuple[float, float]) -> str:
    """This run as a row of the history table."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=ROOT).stdout.strip() or "-"
    sbc = next((line.split("s ", 1)[0] for line in phases if SBC_TEST in line), "-")
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    verdict = "meets" if wall < TARGET_S else "misses"
    return (f"| {when} | `{commit}` | bench_suite | {wall:.0f} | {total:.0f} | {sbc} | "
            f"{probes[0]:.3f} / {probes[1]:.3f} | {verdict} |")


def main() -> int:
    load_start = os.getloadavg()[0]
    probe_start = host_probe()
    start = time.perf_counter()
    done = subprocess.run(["bash", str(ROOT / "scripts" / "test.sh"), "-q", "--durations=0",
                           "-p", "no:cacheprovider", *sys.argv[1:]],
                          capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    load_end = os.getloadavg()[0]
    probe_end = host_probe()
    (ROOT / "benchmarks" / "suite-last.log").write_text(done.stdout + done.stderr, encoding="utf-8")
    out = done.stdout.splitlines()
    summary = next((line.strip("= ") for line in reversed(out)
                    if re.search(r"\d+ (passed|failed)", line)), "no result line")
    phases = [line for line in out if re.match(r"^\d+\.\d+s (setup|call|teardown) ", line)]
    total = sum(float(line.split("s ", 1)[0]) for line in phases)
    slow = phases[:20]
    runs = (earlier_runs() + [run_row(wall, total, phases, (probe_start, probe_end))])[-KEEP_RUNS:]
    failed = [line for line in out if line.startswith(("FAILED", "ERROR"))]
    print(f"{wall:.0f} s: {summary}; test phases add up to {total:.0f} s; host probe "
          f"{probe_start:.3f} s before, {probe_end:.3f} s after")
    print("\n".join(failed + slow))
    workers = os.environ.get("TAPDESK_TEST_WORKERS", "auto")
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
             f"load average {load_start:.1f} at the start and {load_end:.1f} at the end (other "
             "jobs share this machine; above 1 the time is pessimistic); "
             f"`benchmarks/bench_suite.py`: `bash scripts/test.sh -q --durations=0` "
             f"(pytest-xdist, -n {workers}, --dist loadscope).", "",
             "| measure | value | target | verdict |", "|---|---|---|---|",
             f"| whole suite, wall time (s) | {wall:.0f} | < {TARGET_S} | "
             f"{'meets target' if wall < TARGET_S else 'MISSES target'} |",
             f"| result | {summary} | all pass | {'yes' if done.returncode == 0 else 'NO'} |",
             f"| all test phases added up (s) | {total:.0f} | - | {total / wall:.1f}x the wall "
             "time |",
             f"| host probe before / after the suite (s; a fixed CPU workload, `host_probe`: "
             f"compare runs by it) | {probe_start:.3f} / {probe_end:.3f} | - | - |",
             "",
             *([f"Failed: {'; '.join(failed)}", ""] if failed else []),
             "The 20 slowest test phases (each worker's share runs in parallel with the other's):",
             "", "```", *slow, "```", "",
             HISTORY, "", HISTORY_HEAD, "|---|---|---|---|---|---|---|---|", *runs, ""]
    write_section(SECTION, "\n".join(lines))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
