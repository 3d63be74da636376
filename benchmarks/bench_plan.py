"""Speed of study planning (issue 16): a 4 x 4 design grid, 200 simulated studies each.

Cases:

(a) ``tapdesk plan --t .3 --a .6 --p .4 --raters 2,3,5,8 --subjects 50,100,200,400
    --sims 200 --versus .5 --json`` as a user runs it: wall time of the whole
    command (start-up, worker processes, 3,200 t-a-p fits), target < 60 s on
    2 cores. CPU seconds of the command and its workers are reported too: on a
    machine shared with other jobs the wall time grows, the CPU time much less,
    and CPU / cores is what the same run takes on a quiet machine.
(b) The t-a-p fit's profile-likelihood intervals, the bulk of each simulated
    study: the generic search (scipy L-BFGS-B inside a bracketing root search)
    against the exact-derivative Newton search the engine now uses
    (:mod:`tapdesk.engine.binary.tap_profile`), on the same 48 simulated data
    sets; milliseconds per fit (all three intervals) and the largest
    difference between the two.

Run: ``.venv/bin/python benchmarks/bench_plan.py``. Prints the figures and
replaces the section "## Study planning (issue 16)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Study planning (issue 16)"
TARGET_S = 60.0
PLAN_ARGS = ["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--raters", "2,3,5,8",
             "--subjects", "50,100,200,400", "--sims", "200", "--versus", ".5", "--json"]

PROFILE_CHILD = r"""
import json, time, warnings
import numpy as np
warnings.simplefilter("ignore")
from tapdesk.data.binary import binary_counts
from tapdesk.engine.binary import tap as T
from tapdesk.engine.binary.mixture_fit import EDGE, fit_mixture
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.binary.tap_profile import TapProfile
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.intervals import profile_interval
from tapdesk.engine.run import drive

cases = []
for i, (r, n) in enumerate([(r, n) for r in (2, 3, 5, 8) for n in (50, 100, 200, 400)] * 3):
    hist = binary_counts(simulate_table(TapParameters(.3, .6, .4), n, r, 100 + i)).histogram()
    fit = drive(fit_mixture(hist, n_starts=12, seed=1, tolerance=1e-10, max_iterations=5000,
                            cancel=NEVER_CANCELLED, emit=False))
    cases.append((hist, T.tap_values(fit.mixture), fit.log_likelihood))
bounds = [(EDGE, 1 - EDGE)] * 3
generic, fast, worst = 0.0, 0.0, 0.0
for hist, x, ll_max in cases:
    start = time.process_time()
    old = [profile_interval(T.tap_loglik(hist), x, i, ll_max, bounds,
                            [np.full(3, .5), np.clip(1 - x, EDGE, 1 - EDGE)],
                            T.tap_value_and_grad(hist)) for i in range(3)]
    middle = time.process_time()
    new = [TapProfile(hist, x, ll_max).interval(i) for i in range(3)]
    generic, fast = generic + middle - start, fast + time.process_time() - middle
    worst = max(worst, float(np.abs(np.array(old) - np.array(new)).max()))
print(json.dumps({"cases": len(cases), "generic_ms": 1000 * generic / len(cases),
                  "fast_ms": 1000 * fast / len(cases), "largest_difference": worst}))
"""


def tapdesk_command() -> list[str]:
    script = shutil.which("tapdesk", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "tapdesk"]


def run_plan() -> dict:
    """Case (a): the whole command, wall and CPU time (its own and its workers')."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(tapdesk_command() + PLAN_ARGS, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    result = json.loads(out.stdout)
    return {"wall": wall, "cpu": cpu, "engine": result["seconds"], "workers": result["workers"],
            "studies": sum(d["sims"] for d in result["designs"]), "load_before": load,
            "load_after": os.getloadavg()[0], "complete": result["complete"],
            "width_a": {f"{d['raters']}x{d['subjects']}": d["width_a"] for d in result["designs"]}}


def run_profiles() -> dict:
    out = subprocess.run([sys.executable, "-c", PROFILE_CHILD], check=True, capture_output=True,
                         text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(plan: dict, prof: dict) -> str:
    cores = os.cpu_count() or 1
    quiet = plan["cpu"] / min(cores, plan["workers"])
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, {cores} CPUs; "
             "`benchmarks/bench_plan.py`. Load average "
             f"{plan['load_before']:.1f} before and {plan['load_after']:.1f} after the run (other "
             "jobs shared the machine when the load is above the number of cores, which "
             "stretches the wall time but barely the CPU time).", "",
             "| measure | value | target | verdict |", "|---|---|---|---|",
             f"| (a) `tapdesk {' '.join(PLAN_ARGS)}`: wall time, whole command (s) | "
             f"{plan['wall']:.1f} | < {TARGET_S:.0f} on 2 cores | "
             f"{'meets target' if plan['wall'] < TARGET_S else 'over target on this run'} |",
             f"| (a) CPU time of the command and its {plan['workers']} worker processes (s) | "
             f"{plan['cpu']:.1f} | - | - |",
             f"| (a) CPU time / {min(cores, plan['workers'])} cores: the wall time on a quiet "
             f"machine (s) | {quiet:.1f} | < {TARGET_S:.0f} | "
             f"{'meets target' if quiet < TARGET_S else 'MISSES target'} |",
             f"| (a) simulated studies fitted | {plan['studies']:,} | 3,200 | "
             f"{'all' if plan['complete'] else 'incomplete'} |",
             f"| (b) t-a-p profile intervals, generic search (ms CPU per fit, {prof['cases']} "
             f"fits) | {prof['generic_ms']:.1f} | - | - |",
             f"| (b) t-a-p profile intervals, exact-derivative search (ms CPU per fit) | "
             f"{prof['fast_ms']:.1f} | - | {prof['generic_ms'] / prof['fast_ms']:.1f}x faster |",
             f"| (b) largest difference between the two searches' interval ends | "
             f"{prof['largest_difference']:.1e} | < 1e-4 | "
             f"{'same intervals' if prof['largest_difference'] < 1e-4 else 'DIFFER'} |", "",
             "Width of the 95% interval for a (median of 200 simulated studies) by raters x "
             "subjects, for reference: " + ", ".join(f"{k} {v:.3f}"
                                                    for k, v in plan["width_a"].items()) + "."]
    return "\n".join(lines) + "\n"


def main() -> None:
    plan = run_plan()
    prof = run_profiles()
    text = report(plan, prof)
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
