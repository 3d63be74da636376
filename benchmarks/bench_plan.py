"""Speed of study planning (issues 16 and 29): a 4 x 4 design grid, 200 simulated studies each.

Cases:

(a) ``tapdesk plan --t .3 --a .6 --p .4 --raters 2,3,5,8 --subjects 50,100,200,400
    --sims 200 --versus .5 --json`` as a user runs it: wall time of the whole
    command (start-up, worker processes, 3,200 t-a-p fits), target (issue 29)
    under 6 s on a quiet machine with 2 cores. CPU seconds of the command and
    its workers are reported too: on a machine shared with other jobs the wall
    time grows, the CPU time much less. With ``--before DIR`` the same command
    is run from the source tree DIR too (the code before the change), in the
    same session.
(b) The t-a-p fit's profile-likelihood intervals, the bulk of each one-at-a-time
    fit: the generic search (scipy L-BFGS-B inside a bracketing root search)
    against the exact-derivative Newton search of the single fit
    (:mod:`tapdesk.engine.binary.tap_profile`), on the same 48 simulated data
    sets; milliseconds per fit (all three intervals) and the largest
    difference between the two.
(c) The plan's batched fits (:mod:`tapdesk.engine.planning.batch`) of all
    3,200 studies of (a), in one process, against the one-at-a-time fit
    (:func:`tapdesk.engine.planning.studies.fit_study`) of the first 10 studies
    of each design: CPU milliseconds per study both ways, the largest
    difference in interval ends, and the studies whose estimates differ (on a
    ridge of equal maxima only).
(d) ``tapdesk plan --t .3 --a .6 --p .4 --raters 3,5 --subjects 100,400 --sims 200``
    against ``tapdesk fit`` of a 300 x 5 file (t-a-p), run alternately in the
    same session (so load cancels): median wall times and their ratio, target
    (issue 29) at most 4.

Run: ``.venv/bin/python benchmarks/bench_plan.py [--before DIR]``. Prints the figures and
replaces the section "## Study planning (issue 16)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Study planning (issue 16)"
TARGET_S = 6.0
TARGET_RATIO = 4.0
RATIO_RUNS = 5
SMALL_PLAN_ARGS = ["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--raters", "3,5",
                   "--subjects", "100,400", "--sims", "200", "--json"]
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


BATCH_CHILD = r"""
import json, time, warnings
import numpy as np
warnings.simplefilter("ignore")
np.seterr(all="ignore")
from tapdesk.engine.planning import PlanRequest
from tapdesk.engine.planning.batch import class1_count_table, fit_counts
from tapdesk.engine.planning.run import chunks
from tapdesk.engine.planning.studies import fit_request, fit_study, simulate_study

request = PlanRequest(.3, .6, .4)
single = batched = 0.0
worst_end = 0.0
ridge = compared = batch_studies = 0
for chunk in chunks(request):
    ratings = [simulate_study(chunk, sim)[1] for sim in range(chunk.first, chunk.stop)]
    start = time.process_time()
    table = class1_count_table(np.array([r.sum(axis=1) for r in ratings]), chunk.raters)
    fits = fit_counts(table, fit_request(chunk))
    middle = time.process_time()
    one = [fit_study(chunk, r) for r in ratings[:SINGLE]]
    single, batched = single + time.process_time() - middle, batched + middle - start
    batch_studies += len(ratings)
    for row, (estimates, _) in enumerate(one):
        ends = np.array([e.ci for e in estimates])
        worst_end = max(worst_end, float(np.abs(ends - fits.intervals[row]).max()))
        ridge += int(np.abs(np.array([e.value for e in estimates]) - fits.estimates[row]).max() > 1e-6)
        compared += 1
print(json.dumps({"studies": compared, "batch_studies": batch_studies,
                  "single_ms": 1000 * single / compared, "batched_ms": 1000 * batched / batch_studies,
                  "largest_end_difference": worst_end, "ridge": ridge}))
""".replace("SINGLE", "10")


def tapdesk_command() -> list[str]:
    script = shutil.which("tapdesk", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "tapdesk"]


def source_env(source: str | None) -> dict[str, str]:
    """The environment of a child that imports TapDesk from ``source`` (None: as this one)."""
    env = dict(os.environ)
    if source:
        env["PYTHONPATH"] = source
    return env


def run_plan(source: str | None = None) -> dict:
    """Case (a): the whole command, wall and CPU time (its own and its workers')."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(tapdesk_command() + PLAN_ARGS, check=True, capture_output=True, text=True,
                         env=source_env(source))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    result = json.loads(out.stdout)
    return {"wall": wall, "cpu": cpu, "engine": result["seconds"], "workers": result["workers"],
            "studies": sum(d["sims"] for d in result["designs"]), "load_before": load,
            "load_after": os.getloadavg()[0], "complete": result["complete"],
            "width_a": {f"{d['raters']}x{d['subjects']}": d["width_a"] for d in result["designs"]},
            "designs": result["designs"]}


def largest_change(plan: dict, before: dict, names: tuple[str, ...]) -> tuple[float, str]:
    """The largest difference between two plans' design figures ``names``, and where."""
    worst, where = 0.0, "no design changed"
    for new, old in zip(plan["designs"], before["designs"], strict=True):
        for name in names:
            if new.get(name) is not None and old.get(name) is not None:
                change = abs(new[name] - old[name])
                if change > worst:
                    worst, where = change, f"{name}, {new['raters']} x {new['subjects']}"
    return worst, where


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(tapdesk_command() + args, check=True, capture_output=True)
    return time.perf_counter() - start


def run_ratio() -> dict:
    """Case (d): the 2 x 2 plan and a fit of a 300 x 5 file, alternately."""
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        data = str(Path(folder) / "sim300x5.csv")
        timed(["simulate", "--t", ".3", "--a", ".6", "--p", ".4", "--subjects", "300",
               "--raters", "5", "--seed", "1", "--out", data])
        fits, plans = [], []
        for _ in range(RATIO_RUNS):
            fits.append(timed(["fit", data, "--json"]))
            plans.append(timed(SMALL_PLAN_ARGS))
    fit, plan = statistics.median(fits), statistics.median(plans)
    return {"fit": fit, "plan": plan, "ratio": plan / fit, "load": load,
            "load_after": os.getloadavg()[0]}


def run_child(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def verdict(ok: bool, missed: str = "MISSES target") -> str:
    return "meets target" if ok else missed


def report(plan: dict, prof: dict, batch: dict, ratio: dict, before: dict | None) -> str:
    cores = os.cpu_count() or 1
    quiet = plan["cpu"] / min(cores, plan["workers"])
    command = f"`tapdesk {' '.join(PLAN_ARGS)}`"
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, {cores} CPUs; "
             "`benchmarks/bench_plan.py`. Load average "
             f"{plan['load_before']:.1f} before and {plan['load_after']:.1f} after run (a), "
             f"{ratio['load']:.1f} before and {ratio['load_after']:.1f} after case (d) (other "
             "jobs shared the machine when the load is above the number of cores, which "
             "stretches the wall time but barely the CPU time). Each simulated study's t-a-p "
             "fit is batched with the other studies of its design (issue 29): distinct count "
             "vectors fitted once, EM of every start of every study in one array pass, the "
             "polish and the profile-interval searches as vectorised Newton steps over all "
             "studies and interval ends.", "",
             "| measure | value | target | verdict |", "|---|---|---|---|",
             f"| (a) {command}: wall time, whole command (s) | {plan['wall']:.1f} | "
             f"< {TARGET_S:.0f} on a quiet machine | "
             f"{verdict(plan['wall'] < TARGET_S, 'over target on this run')} |",
             f"| (a) CPU time of the command and its {plan['workers']} worker processes (s) | "
             f"{plan['cpu']:.1f} | - | - |",
             f"| (a) CPU time / {min(cores, plan['workers'])} cores: about the wall time on a "
             f"quiet machine (s) | {quiet:.1f} | < {TARGET_S:.0f} | {verdict(quiet < TARGET_S)} |",
             f"| (a) simulated studies fitted | {plan['studies']:,} | 3,200 | "
             f"{'all' if plan['complete'] else 'incomplete'} |"]
    if before is not None:
        lines += [f"| (a) before (one fit at a time), same command and session: wall (s) | "
                  f"{before['wall']:.1f} | - | {before['wall'] / plan['wall']:.1f}x the time |",
                  f"| (a) before: CPU time (s) | {before['cpu']:.1f} | - | "
                  f"{before['cpu'] / plan['cpu']:.1f}x the CPU |"]
        same, where = largest_change(plan, before, ("width_t", "width_a", "width_p", "power",
                                                    "accuracy_majority"))
        lines.append(f"| (a) largest change from before in any width, power or majority-vote "
                     f"accuracy ({where}) | {same:.1e} | < 1e-4 | "
                     f"{'unchanged' if same < 1e-4 else 'CHANGED'} |")
        for raters in sorted({d["raters"] for d in plan["designs"]}):
            one = {**plan, "designs": [d for d in plan["designs"] if d["raters"] == raters]}
            old = {**before, "designs": [d for d in before["designs"] if d["raters"] == raters]}
            change, where = largest_change(one, old, ("accuracy_model",))
            error = max(d["mc_error"]["accuracy_model"] for d in old["designs"])
            lines.append(f"| (a) largest change from before in the model's share of subjects "
                         f"right, {raters} raters ({where}) | {change:.1e} | - | "
                         f"{change / error:.1f} Monte Carlo errors |")
    lines += [f"| (b) t-a-p profile intervals, generic search (ms CPU per fit, {prof['cases']} "
              f"fits) | {prof['generic_ms']:.1f} | - | - |",
              f"| (b) t-a-p profile intervals, exact-derivative search (ms CPU per fit) | "
              f"{prof['fast_ms']:.1f} | - | {prof['generic_ms'] / prof['fast_ms']:.1f}x faster |",
              f"| (b) largest difference between the two searches' interval ends | "
              f"{prof['largest_difference']:.1e} | < 1e-4 | "
              f"{'same intervals' if prof['largest_difference'] < 1e-4 else 'DIFFER'} |",
              f"| (c) one-at-a-time t-a-p fit with intervals (ms CPU per study, {batch['studies']} "
              f"studies) | {batch['single_ms']:.1f} | - | - |",
              f"| (c) batched fits, all {batch['batch_studies']:,} studies of (a) in one process "
              f"(ms CPU per study) | {batch['batched_ms']:.2f} | "
              f"- | {batch['single_ms'] / batch['batched_ms']:.0f}x faster |",
              f"| (c) largest difference in interval ends, batched vs one at a time (those "
              f"{batch['studies']} studies) | "
              f"{batch['largest_end_difference']:.1e} | < 1e-4 | "
              f"{'same intervals' if batch['largest_end_difference'] < 1e-4 else 'DIFFER'} |",
              f"| (c) studies whose estimates differ by more than 1e-6 (a ridge of equal maxima) | "
              f"{batch['ridge']} of {batch['studies']} | - | - |",
              f"| (d) `tapdesk {' '.join(SMALL_PLAN_ARGS)}`: wall, median of {RATIO_RUNS} (s) | "
              f"{ratio['plan']:.2f} | - | - |",
              f"| (d) `tapdesk fit` of a 300 x 5 file, alternating with it: wall, median (s) | "
              f"{ratio['fit']:.2f} | - | - |",
              f"| (d) plan / fit | {ratio['ratio']:.1f}x | <= {TARGET_RATIO:.0f}x | "
              f"{verdict(ratio['ratio'] <= TARGET_RATIO)} |", "",
              *(() if before is None else (
                  "Before and after are the same plan (same seed, same simulated studies). With 2 "
                  "raters per subject the t-a-p maximum is a ridge of equally likely (t, a, p): "
                  "which point of it a fit reports is decided by rounding, in the one-at-a-time "
                  "fit as in the batched one, and the model's share of subjects right is computed "
                  "at that point; the intervals, and so the widths and the power, are the same.",
                  "")),
              "Width of the 95% interval for a (median of 200 simulated studies) by raters x "
              "subjects, for reference: " + ", ".join(f"{k} {v:.3f}"
                                                     for k, v in plan["width_a"].items()) + "."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="DIR",
                        help="also run case (a) with TapDesk imported from this source tree")
    args = parser.parse_args()
    batch = run_child(BATCH_CHILD)
    plan = run_plan()
    before = run_plan(args.before) if args.before else None
    ratio = run_ratio()
    prof = run_child(PROFILE_CHILD)
    text = report(plan, prof, batch, ratio, before)
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
