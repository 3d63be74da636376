"""Benchmark the report and the standalone bundle (issue 7).

Measures: bundle build time (packaging/build.sh), unpacked size (target
< 330 MB), time from process start to the main window shown (target < 3 s;
bundle and source tree, offscreen), and the time of ``tapdesk report`` on
the shared wine data (bundle). Prints the figures and replaces the section
"## Report and bundle (issue 7)" of benchmarks/RESULTS.md.

Usage: python benchmarks/bench_bundle.py [--no-build] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
import platform_choices  # noqa: E402  (packaging/ is no package: its folder goes on the path)

BUNDLE = ROOT / "dist" / "tapdesk"
HEADING = "## Report and bundle (issue 7)"
SIZE_TARGET_MB = platform_choices.BUNDLE_SIZE_TARGET_MB   # check_release.sh checks the same
START_TARGET_S = 3.0


def headless_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", **extra)
    return env


def build() -> float:
    start = time.perf_counter()
    subprocess.run(["bash", str(ROOT / "packaging" / "build.sh"), sys.executable], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def window_shown(command: list[str], runs: int, **env: str) -> list[float]:
    times = []
    for _ in range(runs):
        done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                              env=headless_env(TAPDESK_STARTUP_PROBE="1", **env))
        found = re.search(r"window_shown_s=([0-9.]+)", done.stdout)
        if not found:
            raise RuntimeError(f"no startup figure: {done.stdout[-500:]} {done.stderr[-1500:]}")
        times.append(float(found.group(1)))
    return times


def report_time(runs: int) -> list[float] | None:
    data = ROOT.parent / "shared" / "data" / "wine.csv"
    if not data.exists():
        return None
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            start = time.perf_counter()
            subprocess.run([str(BUNDLE / "tapdesk"), "report", str(data), "--cut", "2", "--out",
                            f"{tmp}/r{i}.pdf"], check=True, capture_output=True, env=headless_env())
            times.append(time.perf_counter() - start)
    return times


def verdict(value: float, target: float) -> str:
    return "meets target" if value < target else "MISSES target"




def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="measure the existing dist/tapdesk")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    build_s = None if args.no_build else build()
    if not (BUNDLE / "tapdesk").exists():
        print("no bundle in dist/tapdesk: run without --no-build", file=sys.stderr)
        return 1
    size = size_mb(BUNDLE)
    bundle_start = window_shown([str(BUNDLE / "tapdesk")], args.runs)
    source_start = window_shown([sys.executable, str(ROOT / "packaging" / "tapdesk_entry.py")],
                                args.runs, PYTHONPATH=str(ROOT / "packaging"))
    reports = report_time(3)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    med_b, med_s = statistics.median(bundle_start), statistics.median(source_start)
    rows = [
        ("unpacked bundle size (MB)", f"{size:.0f}", f"< {SIZE_TARGET_MB}", verdict(size, SIZE_TARGET_MB)),
        (
            "build time, packaging/build.sh (s)",
            f"{build_s:.0f}" if build_s else "not rebuilt",
            "1-2 min in CI",
            "-",
        ),
        (
            f"start to window shown, bundle (s, median of {args.runs})",
            f"{med_b:.2f}",
            f"< {START_TARGET_S:g}",
            verdict(med_b, START_TARGET_S),
        ),
        (
            f"start to window shown, source tree (s, median of {args.runs})",
            f"{med_s:.2f}",
            f"< {START_TARGET_S:g}",
            verdict(med_s, START_TARGET_S),
        ),
    ]
    if reports:
        rows.append(("`tapdesk report wine.csv --cut 2` with the bundle (s, median of 3)",
                     f"{statistics.median(reports):.2f}", "-", "-"))
    lines = [HEADING, "",
             f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, "
             f"load average {load:.1f} when run; `benchmarks/bench_bundle.py`. One-folder "
             "PyInstaller bundle from `packaging/tapdesk.spec` (Linux). Start-up is measured "
             "offscreen (no display here): from process start to the main window's show event "
             "processed (`TAPDESK_STARTUP_PROBE=1`), so it includes unpacking nothing (one-folder) "
             "but importing Qt, numpy, scipy, pandas and pyqtgraph. Runs: "
             f"bundle {', '.join(f'{t:.2f}' for t in bundle_start)}; "
             f"source {', '.join(f'{t:.2f}' for t in source_start)}.", "",
             "| measure | value | target | verdict |", "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    text = "\n".join(lines) + "\n\n"
    print(text)
    write_section(HEADING, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
