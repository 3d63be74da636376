"""Reading wide tables of many raters (issue 74): an annotation team's export of 1,500
subjects by 40 to 150 raters, read by this checkout and by a baseline checkout, each read in
a fresh process (timing ``read_text`` after the modules are loaded).

Goal: 150 raters read in under a tenth of the import's time limit, and time growing with
the cells (ratio of seconds per cell, 150 raters against 40, at most 2).

    git worktree add /tmp/tapdesk-wide-baseline 03db6514     # main before the screen
    .venv/bin/python benchmarks/bench_import_wide.py --baseline /tmp/tapdesk-wide-baseline

Prints the table and replaces the section "## Import: wide tables of many raters (issue 74)"
of RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path as a script

SECTION = "## Import: wide tables of many raters (issue 74)"
HERE = Path(__file__).resolve().parents[1]
SUBJECTS = 1500
RATERS = (40, 80, 150)
CHILD = r"""
import json, sys, time
import numpy as np
from tapdesk.data.readers import read_text
n, k = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(1)
lines = ["s\t" + "\t".join(f"r{j}" for j in range(k))]
lines += [f"S{i}\t" + "\t".join(map(str, rng.integers(1, 5, k))) for i in range(n)]
text = "\n".join(lines) + "\n"
t0 = time.perf_counter()
try:
    ds = read_text(text)
    out = {"raters": len(ds.table.rater_ids), "error": None}
except Exception as exc:   # the import's time limit, said as a DataError
    out = {"raters": 0, "error": str(exc)[:90]}
out["seconds"] = time.perf_counter() - t0
print(json.dumps(out))
"""


def read_once(checkout: Path, raters: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(SUBJECTS), str(raters)],
                         capture_output=True, text=True, check=True, env=env, cwd=str(checkout))
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = []
    for k in RATERS:
        found = {name: read_once(checkout, k)
                 for name, checkout in (("baseline", args.baseline), ("now", HERE))}
        rows.append((k, found))
        print(k, json.dumps(found), flush=True)
    per_cell = {k: f["now"]["seconds"] / (SUBJECTS * k) for k, f in rows}
    growth = per_cell[RATERS[-1]] / per_cell[RATERS[0]]
    lines = [SECTION, "", "`benchmarks/bench_import_wide.py`: a tab-separated table of "
             f"{SUBJECTS:,} subjects by k raters (values 1-4 at random), read by `{args.baseline.name}` "
             "and by this checkout, each in a fresh process; seconds of `read_text`. Load average "
             f"when the run started: {load:.1f} on {os.cpu_count()} cores.", "",
             "| raters | before (s) | now (s) | before / now | raters read now |", "|---|---|---|---|---|"]
    for k, f in rows:
        before = f["baseline"]
        said = f"{before['seconds']:.1f}" + (" (stopped: time limit)" if before["error"] else "")
        lines.append(f"| {k} | {said} | {f['now']['seconds']:.1f} | "
                     f"{before['seconds'] / f['now']['seconds']:.0f}x | {f['now']['raters']} |")
    lines += ["", f"Seconds per cell, {RATERS[-1]} raters against {RATERS[0]}: {growth:.2f} "
              f"(goal at most 2: {'met' if growth <= 2 else 'MISSED'})."]
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
