"""Import order and thread limits (issue 75 item 4): does it matter whether a notebook imports
pandas or TapDesk first?

``PerRaterTAP(class1=1).fit_predict(df)`` (tapdesk.crowd) on a simulated crowd of 900 labels
(300 tasks x 3 labels, 30 workers, two classes; ``benchmarks/crowd_data.py``, seed 1), each in a
fresh process whose environment holds no thread variable (as a user's notebook): once with
``import pandas, numpy`` before ``import tapdesk``, once the other way round, alternating over
the rounds of one run. Reported: the median seconds of ``fit_predict`` alone, wall and CPU
(every thread of the process), their ratio between the two orders (target: within 1.3x), and
the BLAS thread counts threadpoolctl reports before and after the fit (the user's own, which
TapDesk leaves as they were). With ``--before DIR`` (a folder holding an older ``tapdesk``
package, e.g. ``git archive COMMIT tapdesk | tar -x -C DIR``) the same runs of that code are
timed in the same run, for comparison.

    nice -n 10 .venv/bin/python benchmarks/bench_import_order.py [--rounds 3] [--before DIR]

Prints the figures and replaces the section "## Import order and thread limits (issue 75, item
4)" of benchmarks/RESULTS.md.
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

from crowd_data import write_csv  # benchmarks/ is on sys.path when run as a script
from results_file import write_section

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Import order and thread limits (issue 75, item 4)"
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
ORDERS = {
    "pandas first": "import pandas, numpy\nimport tapdesk, tapdesk.crowd\n",
    "tapdesk first": "import tapdesk, tapdesk.crowd\nimport pandas, numpy\n",
}
CHILD = r"""
import json, sys, time
{imports}
import threadpoolctl

def blas():
    found = {{}}
    for info in threadpoolctl.threadpool_info():
        if info["user_api"] == "blas":
            path = info["filepath"].replace("\\", "/")
            name = next((n for n in ("numpy", "scipy") if f"/{{n}}" in path), path.split("/")[-1])
            found[name] = info["num_threads"]
    return found

df = pandas.read_csv(sys.argv[1], dtype={{"task": str, "worker": str, "label": int}})
before = blas()
wall, cpu = time.perf_counter(), time.process_time()
labels = tapdesk.crowd.PerRaterTAP(class1=1).fit_predict(df)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({{"wall": wall, "cpu": cpu, "before": before, "after": blas(),
                  "tasks": len(labels)}}))
"""


def run(order: str, data: Path, package_root: Path, work: Path) -> dict:
    """One fresh process: ``order``'s imports, then the timed fit (``package_root`` holds the
    ``tapdesk`` package imported)."""
    env = {name: value for name, value in os.environ.items() if name not in THREAD_VARIABLES}
    env["PYTHONPATH"] = str(package_root)
    code = CHILD.format(imports=ORDERS[order])
    done = subprocess.run([sys.executable, "-c", code, str(data)], capture_output=True, text=True,
                          check=True, env=env, cwd=work)
    return json.loads(done.stdout.strip().splitlines()[-1])


def threads(found: dict[str, int]) -> str:
    """"numpy 2, scipy 1": each BLAS library's threads."""
    return ", ".join(f"{name} {n}" for name, n in sorted(found.items())) or "-"


def table(runs: dict[str, list[dict]]) -> tuple[list[str], dict[str, float]]:
    """The rows of one code's two orders, and its ratios (pandas first over tapdesk first)."""
    median = {order: {key: statistics.median(r[key] for r in rows) for key in ("wall", "cpu")}
              for order, rows in runs.items()}
    rows = [f"| {order} | {median[order]['wall']:.2f} | {median[order]['cpu']:.2f} | "
            f"{threads(rows[0]['before'])} | {threads(rows[0]['after'])} |"
            for order, rows in runs.items()]
    ratios = {key: median["pandas first"][key] / median["tapdesk first"][key]
              for key in ("wall", "cpu")}
    return rows, ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", type=Path,
                        help="a folder holding an older tapdesk package, timed in the same run")
    parser.add_argument("--before-name", help="what the older package is (default: its folder)")
    args = parser.parse_args()
    codes = {"now": ROOT} | ({"before": args.before.resolve()} if args.before else {})
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        data = work / "crowd.csv"
        write_csv(data, n_workers=30, n_items=300, k=2, per_item=3, seed=1)
        runs = {code: {order: [] for order in ORDERS} for code in codes}
        for _ in range(args.rounds):
            for code, package_root in codes.items():
                for order in ORDERS:
                    runs[code][order].append(run(order, data, package_root, work))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [SECTION, "",
             "`PerRaterTAP(class1=1).fit_predict(df)` (`tapdesk.crowd`) on 900 labels (300 tasks x "
             "3, 30 workers, two classes; `benchmarks/crowd_data.py`, seed 1), each in a fresh "
             "process without OPENBLAS/OMP/MKL_NUM_THREADS (as a notebook), `import pandas, numpy` "
             "before `import tapdesk` or after it, the orders alternating over "
             f"{args.rounds} rounds of one run; median seconds of `fit_predict` alone (CPU: every "
             "thread of the process); BLAS threads as threadpoolctl reports them in the user's "
             f"process before and after the fit (numpy's, SciPy's). {os.cpu_count()} cores, load "
             f"average {load:.2f} at the end; `benchmarks/bench_import_order.py`, run with "
             "`nice -n 10`.", ""]
    ratios = {}
    for code in codes:
        rows, ratios[code] = table(runs[code])
        title = ("TapDesk now (one BLAS thread inside its computations only)" if code == "now"
                 else f"Before: {args.before_name or args.before}")
        lines += [f"**{title}**", "",
                  "| order | wall (s) | CPU (s) | BLAS threads before | BLAS threads after |",
                  "|---|---:|---:|---|---|", *rows, "",
                  f"Pandas first over TapDesk first: {ratios[code]['wall']:.2f}x wall, "
                  f"{ratios[code]['cpu']:.2f}x CPU.", ""]
    wall = ratios["now"]["wall"]
    verdict = "changes no timing" if max(wall, 1 / wall) <= 1.3 else "STILL changes the timing"
    lines.append(f"Now the order {verdict} (target: within 1.3x; {wall:.2f}x wall).")
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
