"""What the reading audit costs an import (issue 74): each file read by this checkout and by a
baseline checkout (the commit before import v6), side by side in one run, alternating, each
read in a fresh process (timing ``read_ratings`` after the modules are loaded); medians.

Goal: every case within 1.2x of the baseline's time.

    git worktree add /tmp/tapdesk-baseline d490947a      # main before import v6
    .venv/bin/python benchmarks/bench_import_audit.py --baseline /tmp/tapdesk-baseline
    .venv/bin/python benchmarks/bench_import_audit.py --baseline ... --quick   # no 10M crowd

Cases: bench_import.py's long CSV (1,000,000 rating rows) and .xlsx (100,000 cells); a wide
CSV of 50,000 subjects x 6 raters with a comment column (the audit's principles all run and
one acts: the file is read twice); the suite's crowd of 10,000,000 labels (crowd_data.py,
1,000 workers x 3,333,334 items x 3). Prints the table and replaces the section "## Import
v6: the audit's cost (issue 74)" of RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from bench_import import make_long_csv, make_xlsx  # benchmarks/ is on sys.path as a script
from crowd_data import write_csv as write_crowd
from results_file import write_section

SECTION = "## Import v6: the audit's cost (issue 74)"
GOAL = 1.2
HERE = Path(__file__).resolve().parents[1]
CHILD = r"""
import json, sys, time
from tapdesk.data.readers import read_ratings
t0 = time.perf_counter()
ds = read_ratings(sys.argv[1])
print(json.dumps({"seconds": time.perf_counter() - t0, "ratings": ds.table.n_ratings,
                  "raters": len(ds.table.rater_ids)}))
"""


def make_wide_with_comments(path: Path, n: int = 50_000, raters: int = 6) -> None:
    """A wide CSV whose last column holds a few comment words on a third of its rows."""
    rng = np.random.default_rng(74)
    truth = rng.integers(1, 5, n)
    grid = np.where(rng.random((n, raters)) < 0.75, truth[:, None], rng.integers(1, 5, (n, raters)))
    words = np.array(["", "", "", "ok", "unclear", "blurry"], dtype=object)
    notes = words[rng.integers(0, len(words), n)]
    with path.open("w", encoding="utf-8") as out:
        out.write("case," + ",".join(f"R{j + 1}" for j in range(raters)) + ",notes\n")
        for i in range(n):
            out.write(f"c{i}," + ",".join(map(str, grid[i])) + f",{notes[i]}\n")


def read_once(checkout: Path, path: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True,
                         check=True, env=env, cwd=str(checkout))
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(baseline: Path, path: Path, repeats: int) -> dict:
    """Alternating reads by the baseline and by this checkout; medians and the ratio."""
    times: dict[str, list[float]] = {"baseline": [], "now": []}
    last: dict[str, dict] = {}
    for _ in range(repeats):
        for name, checkout in (("baseline", baseline), ("now", HERE)):
            last[name] = read_once(checkout, path)
            times[name].append(last[name]["seconds"])
    base, now = statistics.median(times["baseline"]), statistics.median(times["now"])
    return {"baseline_s": base, "now_s": now, "ratio": now / base,
            "ratings": (last["baseline"]["ratings"], last["now"]["ratings"]),
            "raters": (last["baseline"]["raters"], last["now"]["raters"])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True)
    parser.add_argument("--quick", action="store_true", help="leave out the 10M-label crowd")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases = [("long CSV, 1,000,000 rating rows", folder / "long.csv", make_long_csv),
                 (".xlsx, 10,000 rows x 10 raters", folder / "wide.xlsx", make_xlsx),
                 ("wide CSV, 50,000 x 6 raters and a comment column", folder / "notes.csv",
                  make_wide_with_comments)]
        if not args.quick:
            cases.append(("crowd, 10,000,002 labels (long CSV)", folder / "crowd.csv",
                          lambda p: write_crowd(p, 1000, 3_333_334, 2, 3, 1)))
        for name, path, make in cases:
            make(path)
            found = compare(args.baseline, path, 1 if "crowd" in name else args.repeats)
            rows.append((name, found))
            print(name, json.dumps(found), flush=True)
    lines = [SECTION, "", "`benchmarks/bench_import_audit.py`: each file read by main before "
             f"import v6 (`{args.baseline.name}`) and by this checkout, alternating, each read in "
             "a fresh process; median seconds of `read_ratings`. Goal: at most "
             f"{GOAL:g}x. Load average when the run started: {load:.1f} on {os.cpu_count()} cores.",
             "", "| file | before (s) | now (s) | ratio | ratings before / now | raters before / "
             "now | goal |", "|---|---|---|---|---|---|---|"]
    for name, f in rows:
        lines.append(f"| {name} | {f['baseline_s']:.2f} | {f['now_s']:.2f} | {f['ratio']:.2f} | "
                     f"{f['ratings'][0]:,} / {f['ratings'][1]:,} | {f['raters'][0]} / "
                     f"{f['raters'][1]} | {'met' if f['ratio'] <= GOAL else 'MISSED'} |")
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
