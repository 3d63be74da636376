"""Import speed and memory (issue 5).

Targets: a long CSV with 1,000,000 ratings imports in < 2 s and < 1 GB; an
.xlsx with 100,000 cells in < 3 s. Each case runs in a fresh Python process
(so peak resident memory is that of one import, including Python, numpy and
pandas), timing ``read_ratings`` after the modules are loaded; median of 3.

    .venv/bin/python benchmarks/bench_import.py

Prints the figures and replaces the section "## Import (issue 5)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from results_file import write_section      # benchmarks/ is on sys.path when run as a script

import numpy as np
import pandas as pd

SECTION = "## Import (issue 5)"
MEMORY_TARGET_MB = 1024
REPEATS = 3

CHILD = r"""
import json, sys, time
from tapdesk.data.readers import read_ratings


def peak_mb():
    # VmHWM belongs to this process image (ru_maxrss would inherit the parent's peak)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")

t0 = time.perf_counter()
ds = read_ratings(sys.argv[1])
elapsed = time.perf_counter() - t0
summary = ds.summary()
print(json.dumps({"seconds": elapsed, "layout": ds.layout, "n_ratings": ds.table.n_ratings,
                  "n_subjects": ds.table.n_subjects, "n_raters": ds.table.n_raters,
                  "rss_mb": peak_mb()}))
"""


def make_long_csv(path: Path, n: int = 1_000_000) -> None:
    """50,000 subjects, 40 raters, 5 categories, about 1% missing ("NA")."""
    rng = np.random.default_rng(2026)
    rating = rng.integers(1, 6, n).astype(str).astype(object)
    rating[rng.random(n) < 0.01] = "NA"
    frame = pd.DataFrame({"subject": np.char.add("S", rng.integers(0, 50_000, n).astype(str)),
                          "rater": np.char.add("R", rng.integers(0, 40, n).astype(str)),
                          "rating": rating})
    frame.to_csv(path, index=False)


def make_xlsx(path: Path, n_subjects: int = 10_000, n_raters: int = 10) -> None:
    """Wide sheet: id column + 10 rater columns, 10,000 rows = 100,000 rating cells."""
    import openpyxl
    rng = np.random.default_rng(7)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Ratings")
    sheet.append(["id"] + [f"Rater {j + 1}" for j in range(n_raters)])
    grid = rng.integers(1, 5, (n_subjects, n_raters))
    for i in range(n_subjects):
        sheet.append([f"case{i + 1}"] + grid[i].tolist())
    book.save(path)


def run_case(path: Path) -> dict:
    runs = []
    for _ in range(REPEATS):
        out = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                             text=True, check=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    result = dict(runs[0])
    result["median_s"] = statistics.median(r["seconds"] for r in runs)
    result["first_s"] = runs[0]["seconds"]
    result["rss_mb"] = max(r["rss_mb"] for r in runs)
    result["size_mb"] = path.stat().st_size / 2**20
    return result


def report(cases: list[tuple[str, float, dict]]) -> str:
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, "
             "`benchmarks/bench_import.py`; each import runs in a fresh process, timing "
             "`read_ratings` (read, sniff, detect, clean, build the table) after the modules "
             f"are loaded; median of {REPEATS}.", "",
             "| case | file size (MB) | median (s) | first run (s) | target (s) | ratings | "
             "peak RSS (MB) | verdict |", "|---|---|---|---|---|---|---|---|"]
    for name, target, c in cases:
        ok = c["median_s"] < target and c["rss_mb"] < MEMORY_TARGET_MB
        lines.append(f"| {name} | {c['size_mb']:.1f} | {c['median_s']:.3f} | {c['first_s']:.3f} | "
                     f"{target:g} | {c['n_ratings']:,} | {c['rss_mb']:.0f} | "
                     f"{'meets target' if ok else 'MISSES target'} |")
    load = os.getloadavg()[0]
    lines += ["", f"Memory target: peak resident memory < {MEMORY_TARGET_MB} MB per process "
              "(VmHWM; includes Python, numpy and pandas). Load average when the run started: "
              f"{load:.1f} on {os.cpu_count()} cores (other jobs shared the machine, so the first "
              "run can be slow).", ""]
    return "\n".join(lines)




def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        csv_path, xlsx_path = Path(tmp) / "long_1M.csv", Path(tmp) / "wide_100k.xlsx"
        make_long_csv(csv_path)
        make_xlsx(xlsx_path)
        cases = [("(a) long CSV, 1,000,000 rating rows (50,000 subjects x 40 raters, 1% NA)", 2.0,
                  run_case(csv_path)),
                 ("(b) .xlsx, 10,000 rows x 10 raters = 100,000 rating cells (+ id column)", 3.0,
                  run_case(xlsx_path))]
    text = report(cases)
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
