"""The crowd-kit-shaped adaptor against crowd-kit itself (issue 56): the same code, one import
changed, on the same frame, alternately in one run.

crowd-kit's usage example (``DawidSkene(n_iter=100).fit_predict(df)``) runs in a fresh process
twice per round: once with ``from crowdkit.aggregation import DawidSkene`` (in a venv that has
crowd-kit: it is not a TapDesk dependency) and once with ``from tapdesk.crowd import
DawidSkene``. Reported: median seconds of ``fit_predict`` alone (reading the CSV left out), the
ratio, and the share of tasks given the same label. Targets: the same label on at least 99% of
the tasks; TapDesk's time at most crowd-kit's.

    python3.11 -m venv /tmp/ckvenv && /tmp/ckvenv/bin/pip install crowd-kit
    .venv/bin/python benchmarks/bench_crowd_adaptor.py --crowdkit-python /tmp/ckvenv/bin/python

Prints the figures and replaces the section "## crowd-kit's example with one import changed
(issue 56)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd
from crowd_data import write_csv  # benchmarks/ is on sys.path when run as a script
from results_file import write_section

SECTION = "## crowd-kit's example with one import changed (issue 56)"
EXAMPLE = r"""
import sys, time
import pandas as pd
{import_line}
df = pd.read_csv(sys.argv[1], dtype={{"task": str, "worker": str, "label": int}})
started = time.perf_counter()
result = DawidSkene(n_iter=100).fit_predict(df)
print(f"seconds={{time.perf_counter() - started:.4f}}")
result.to_csv(sys.argv[2])
"""
IMPORTS = {"crowd-kit": "from crowdkit.aggregation import DawidSkene",
           "tapdesk": "from tapdesk.crowd import DawidSkene"}


def run(python: str, which: str, data: Path, out: Path) -> float:
    code = EXAMPLE.format(import_line=IMPORTS[which])
    done = subprocess.run([python, "-c", code, str(data), str(out)], capture_output=True,
                          text=True, check=True)
    return float(done.stdout.split("seconds=")[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crowdkit-python", required=True,
                        help="a Python that has crowd-kit installed")
    parser.add_argument("--tasks", type=int, default=50_000, help="tasks (3 labels each)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pythons = {"crowd-kit": args.crowdkit_python, "tapdesk": sys.executable}
    with tempfile.TemporaryDirectory() as work:
        data = Path(work) / "crowd.csv"
        write_csv(data, n_workers=500, n_items=args.tasks, k=3)
        times: dict[str, list[float]] = {name: [] for name in pythons}
        for _ in range(args.rounds):
            for name, python in pythons.items():
                times[name].append(run(python, name, data, Path(work) / f"{name}.csv"))
        theirs = pd.read_csv(Path(work) / "crowd-kit.csv", index_col=0).iloc[:, 0]
        ours = pd.read_csv(Path(work) / "tapdesk.csv", index_col=0).iloc[:, 0]
    same = float((ours.loc[theirs.index] == theirs).mean())
    median = {name: statistics.median(values) for name, values in times.items()}
    ratio = median["tapdesk"] / median["crowd-kit"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    text = "\n".join([
        SECTION, "",
        f"crowd-kit's `DawidSkene(n_iter=100).fit_predict(df)` on {args.tasks:,} tasks x 3 "
        f"labels ({3 * args.tasks:,} labels, 500 workers, 3 classes; `benchmarks/crowd_data.py`, "
        f"seed 1), a fresh process each, the two alternating over {args.rounds} rounds; "
        f"median seconds of `fit_predict` alone; {os.cpu_count()} cores, load average "
        f"{load:.2f} at the end.", "",
        "| import | median fit_predict (s) |", "|---|---:|",
        *(f"| `{IMPORTS[name]}` | {median[name]:.2f} |" for name in pythons), "",
        f"Same label on {100 * same:.2f}% of the tasks "
        f"({'meets' if same >= 0.99 else 'MISSES'} the 99% target); TapDesk's time "
        f"{ratio:.2f} x crowd-kit's ({'meets' if ratio <= 1 else 'MISSES'} the target of at "
        "most 1x)."]) + "\n"
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
