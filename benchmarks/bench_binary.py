"""Speed and memory of the binary engine on 1,000,000 ratings (issue 2, section 6).

Cases, each in its own subprocess so peak memory is per case:

(a) count aggregation plus the t-a-p maximum-likelihood fit (target < 0.3 s),
(b) the per-rater EM fit with standard errors and subject posteriors (target < 3 s),
(c) peak resident memory of each process (target < 1 GB).

The data are 100,000 subjects x 10 raters simulated in memory (simulate_table;
not timed). Timings are the median of three runs after one warm-up fit on a
small table (so imports and first-call set-up are not counted); the first
(cold) fit on the large table is reported too.

Run: ``.venv/bin/python benchmarks/bench_binary.py``. Prints the figures and
replaces the section "## Binary engine (issue 2)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Binary engine (issue 2)"
N_SUBJECTS, N_RATERS = 100_000, 10
TARGETS = {"tap": 0.3, "per-rater": 3.0}
MEMORY_TARGET_MB = 1024

CHILD = r"""
import json, resource, statistics, sys, time
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table


model, n_subjects, n_raters = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
params = TapParameters(t=0.3, a=0.6, p=0.4, rater_a=tuple(0.3 + 0.6 * j / (n_raters - 1)
                                                         for j in range(n_raters)))
fit(FitRequest(model=model), simulate_table(params, 200, n_raters, seed=1))   # warm-up
table = simulate_table(params, n_subjects, n_raters, seed=2)
rss_data = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
times = []
for _ in range(4):
    start = time.perf_counter()
    result = fit(FitRequest(model=model), table)
    times.append(time.perf_counter() - start)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"model": model, "cold": times[0], "median": statistics.median(times[1:]),
                  "n_ratings": result.n_ratings, "iterations": result.iterations,
                  "rss_data_mb": rss_data / 1024, "rss_mb": rss / 1024}))
"""


def run_case(model: str, single_blas_thread: bool) -> dict:
    env = dict(os.environ)
    if single_blas_thread:
        env["OPENBLAS_NUM_THREADS"] = env["OMP_NUM_THREADS"] = env["MKL_NUM_THREADS"] = "1"
    out = subprocess.run([sys.executable, "-c", CHILD, model, str(N_SUBJECTS), str(N_RATERS)],
                         check=True, capture_output=True, text=True, env=env)
    case = json.loads(out.stdout.strip().splitlines()[-1])
    case["blas"] = "1 thread" if single_blas_thread else "default"
    return case


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def report(cases: list[dict]) -> str:
    lines = [SECTION, "",
             f"{N_SUBJECTS:,} subjects x {N_RATERS} raters = {N_SUBJECTS * N_RATERS:,} ratings, "
             f"in-memory RatingsTable from simulate_table. Python {platform.python_version()}, "
             f"{platform.machine()}, {os.cpu_count()} CPUs, load average "
             f"{os.getloadavg()[0]:.1f} when run; `benchmarks/bench_binary.py`. "
             "Each case runs in a fresh process, once as it comes and once with OPENBLAS_NUM_THREADS=1 "
             "set outside. The engine run directly sets no limit of its own: TapDesk limits BLAS "
             "to one thread in its own processes (the command line, the app, their workers) and "
             "around every function of the Python library (tapdesk/threads.py: OpenBLAS's pool "
             "made scipy's L-BFGS-B on 3-vectors several times slower on a busy machine), so the "
             "second row is what users get. The t-a-p fit includes the 95% "
             "profile-likelihood intervals.",
             "",
             "| case | BLAS | median of 3 (s) | first run (s) | target (s) | EM iterations | "
             "peak RSS (MB) | RSS with data only (MB) | verdict |",
             "|---|---|---|---|---|---|---|---|---|"]
    names = {"tap": "(a) counts + t-a-p MLE", "per-rater": "(b) per-rater EM + SEs + posteriors"}
    for case in cases:
        model = case["model"]
        ok = case["median"] < TARGETS[model] and case["rss_mb"] < MEMORY_TARGET_MB
        lines.append(f"| {names[model]} | {case['blas']} | {case['median']:.3f} | {case['cold']:.3f} | "
                     f"{TARGETS[model]} | {case['iterations']} | {case['rss_mb']:.0f} | "
                     f"{case['rss_data_mb']:.0f} | {verdict(ok)} |")
    lines += ["", f"(c) Memory target: peak resident memory < {MEMORY_TARGET_MB} MB per process "
              "(includes Python, numpy, scipy and the table itself).", ""]
    return "\n".join(lines)




def main() -> int:
    cases = [run_case(model, single) for model in ("tap", "per-rater") for single in (False, True)]
    text = report(cases)
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
