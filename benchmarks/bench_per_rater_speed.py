"""Per-rater t-a-p beside TapDesk's own Dawid-Skene at crowd scale (issue 57), in one run.

Targets: ``tapdesk fit --model per-rater --json`` within 1.3 x ``--model dawid-skene --json``
(whole process: start-up, reading, the fit, its intervals and verdicts, the findings, the
JSON) at 150,000 and 1,000,000 labels (and 10,000,000 with ``--10m``), the two alternating
REPEATS rounds under /usr/bin/time; and each one's peak memory no more than crowd-kit
1.4.2's DawidSkene (the issue's figures, measured on this machine: 398 MB at a million
labels, 2.13 GB at ten million). The crowds are ``benchmarks/crowd_data.py``'s (seed 1, 3
labels an item, two categories).

With ``--10m`` the ten-million-label file is fitted once by each model (whole process), and
once stage by stage in one process (``benchmarks/crowd_stages.py --model per-rater``), beside
the floor of this machine: a bare ``python -c 'import numpy, scipy, pandas'`` and one numpy
pass over the labels (the file's bytes read and its lines counted).

    .venv/bin/python benchmarks/bench_per_rater_speed.py [--10m] [--dry] [--crowdkit-python PY]

With ``--crowdkit-python`` (a Python with crowd-kit 1.4.2, installed as ``bench_crowd.py``'s
docstring says, never into TapDesk's own environment) crowd-kit's DawidSkene runs in the same
alternation (``bench_crowd.crowdkit``: 100 iterations, tolerance 1e-5), and its measured peak,
not the issue's figure, is the memory bound.

Writes the section "## Per-rater t-a-p at the speed of Dawid-Skene (issue 57)" of RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from bench_crowd import CPU_SECONDS, ROOT, crowdkit, tapdesk, timed  # benchmarks/ is on sys.path
from crowd_data import write_csv
from results_file import write_section

SECTION = "## Per-rater t-a-p at the speed of Dawid-Skene (issue 57)"
REPEATS = 3
TARGET_RATIO = 1.3
CROWDKIT_MB = {1_000_002: 398.0, 10_000_002: 2130.0}
"""crowd-kit 1.4.2 DawidSkene's peak, whole process (issue 57's alternating run)."""
SIZES = ((1000, 50_000), (10_000, 333_334))
BIG = (100_000, 3_333_334)
MODELS = ("dawid-skene", "per-rater")


def alternate(path: Path, repeats: int, python: str | None = None
              ) -> dict[str, list[tuple[float, float, float]]]:
    """``repeats`` rounds of the two models (and crowd-kit's DawidSkene with ``python``),
    alternating: (wall s, CPU s, peak MB) each."""
    names = MODELS + (("crowd-kit",) if python else ())
    runs: dict[str, list[tuple[float, float, float]]] = {m: [] for m in names}
    for _ in range(repeats):
        for model in names:
            command = (crowdkit(python, path) if model == "crowd-kit" and python else
                       tapdesk(path, model, "--time-limit", "3600"))
            seconds, mb, code = timed(command)
            if code:
                raise SystemExit(f"{model} failed on {path}")
            runs[model].append((seconds, CPU_SECONDS[-1], mb))
            print(model, path.name, runs[model][-1], file=sys.stderr, flush=True)
    return runs


def median(runs: list[tuple[float, float, float]], k: int) -> float:
    return statistics.median(r[k] for r in runs)


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def row(labels: int, runs: dict) -> str:
    ds_cpu, pr_cpu = median(runs["dawid-skene"], 1), median(runs["per-rater"], 1)
    ds_wall, pr_wall = median(runs["dawid-skene"], 0), median(runs["per-rater"], 0)
    peaks = {m: max(r[2] for r in runs[m]) for m in MODELS}
    ratio = pr_cpu / ds_cpu
    measured = runs.get("crowd-kit")
    limit = max(r[2] for r in measured) if measured else CROWDKIT_MB.get(labels)
    memory = ("" if limit is None or labels not in CROWDKIT_MB else
              verdict(all(p <= limit for p in peaks.values())) + f" (<= {limit:,.0f} MB)")
    kit = (f" {median(measured, 0):.1f} / {median(measured, 1):.1f} |" if measured else "")
    return (f"| {labels:,} | {ds_wall:.1f} / {ds_cpu:.1f} | {pr_wall:.1f} / {pr_cpu:.1f} |{kit} "
            f"{ratio:.2f} ({pr_wall / ds_wall:.2f}) | {verdict(ratio <= TARGET_RATIO)} | "
            f"{peaks['dawid-skene']:,.0f} / {peaks['per-rater']:,.0f}"
            f"{f' / {limit:,.0f}' if measured else ''} | {memory} |")


def floor(path: Path) -> tuple[float, float]:
    """(CPU seconds of a bare import of numpy, scipy and pandas; seconds of one numpy pass
    over the labels: the file's bytes read and its lines counted)."""
    before = len(CPU_SECONDS)
    timed([sys.executable, "-c", "import numpy, scipy, pandas"])
    start = time.process_time()
    lines = int(np.count_nonzero(np.fromfile(path, dtype=np.uint8) == 10))
    passed = time.process_time() - start
    assert lines > 0 and len(CPU_SECONDS) == before + 1
    return CPU_SECONDS[-1], passed


def stages(path: Path) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "crowd_stages.py"), str(path),
                           "--model", "per-rater"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return done.stdout.strip() if not done.returncode else f"(failed: {done.stderr[-500:]})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--10m", dest="big", action="store_true", help="add ten million labels")
    parser.add_argument("--repeats", type=int, default=REPEATS)
    parser.add_argument("--dry", action="store_true", help="print, do not write RESULTS.md")
    parser.add_argument("--crowdkit-python", help="a Python with crowd-kit: run it alternately")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    lines = [SECTION, "",
             f"`benchmarks/bench_per_rater_speed.py`; whole process under `/usr/bin/time`, "
             f"`tapdesk fit FILE --model M --json`, the two models alternating, median of "
             f"{args.repeats} (10,000,000 labels: one each); CPU is user + system seconds, the "
             "steadier figure on a shared machine. Crowds of `benchmarks/crowd_data.py` (seed 1).",
             "", "| labels | Dawid-Skene wall / CPU (s) | per-rater wall / CPU (s) |"
             + (" crowd-kit wall / CPU (s) |" if args.crowdkit_python else "")
             + f" ratio, CPU (wall) | target <= {TARGET_RATIO} | peak MB, Dawid-Skene / per-rater"
             + (" / crowd-kit" if args.crowdkit_python else "") + " | peak <= crowd-kit's |",
             "|---|---|---|---|---|---|---|" + ("---|" if args.crowdkit_python else "")]
    with tempfile.TemporaryDirectory() as tmp:
        for workers, items in SIZES:
            path = Path(tmp) / f"crowd{workers}.csv"
            write_csv(path, workers, items)
            runs = alternate(path, args.repeats, args.crowdkit_python)
            lines.append(row(3 * items, runs))
        stage_text, floor_text = "", ""
        if args.big:
            path = Path(tmp) / "crowd10m.csv"
            write_csv(path, *BIG)
            lines.append(row(3 * BIG[1], alternate(path, 1, args.crowdkit_python)))
            imports, passed = floor(path)
            stage_text = stages(path)
            floor_text = (f"The floor of this machine at that size: a bare `python -c 'import numpy, "
                          f"scipy, pandas'` {imports:.2f} s CPU; one numpy pass over the labels "
                          f"(the file's {path.stat().st_size / 1e6:.0f} MB read, its lines "
                          f"counted) {passed:.2f} s CPU.")
    lines += ["", f"Load average when the run started: {load:.1f} on {os.cpu_count()} cores "
              "(other jobs shared the machine)."]
    if stage_text:
        lines += ["", "10,000,000 labels stage by stage in one process "
                  "(`benchmarks/crowd_stages.py --model per-rater`; peak memory so far at the end "
                  "of each stage):", "", stage_text, "", floor_text]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.dry:
        write_section(SECTION, text)


if __name__ == "__main__":
    main()
