"""Benchmark: K-category t-a-p EM and Dawid-Skene EM on 100,000 subjects x 10 raters, K = 5.

Targets (issue 3): categorical EM < 3 s, Dawid-Skene EM < 5 s, peak memory < 1.5 GB.
Each timing runs in its own fresh process, so peak memory is per fit. Prints
the figures and replaces the section "## K-category and Dawid-Skene (issue 3)"
of benchmarks/RESULTS.md.

Run: .venv/bin/python benchmarks/bench_categorical.py
"""

from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
import time

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## K-category and Dawid-Skene (issue 3)"
N_SUBJECTS, N_RATERS, K = 100_000, 10, 5
T = (0.1, 0.15, 0.2, 0.25, 0.3)
P = (0.3, 0.25, 0.2, 0.15, 0.1)
A = 0.55


def run_one(model: str) -> dict:
    """In this (child) process: simulate, fit, and report time and peak memory."""
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.categorical.simulate import simulate_table
    from tapdesk.engine.registry import all_models
    all_models()                       # load the registry before timing
    table = simulate_table(T, A, P, N_SUBJECTS, N_RATERS, seed=1)
    start = time.perf_counter()
    result = fit(FitRequest(model=model), table)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"model": model, "seconds": seconds, "peak_mb": peak_mb,
            "iterations": result.iterations, "converged": result.converged,
            "log_likelihood": result.log_likelihood.nats,
            "t": [round(e.value, 4) for e in result.params if e.name == "t"]}




def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        print(json.dumps(run_one(sys.argv[2])))
        return
    rows = []
    targets = {"categorical": 3.0, "dawid-skene": 5.0}
    for model in ("categorical", "dawid-skene"):
        out = subprocess.run([sys.executable, __file__, "--child", model], capture_output=True,
                             text=True, check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        figures = json.loads(out.stdout.strip().splitlines()[-1])
        rows.append(figures)
        print(f"{model:<12} {figures['seconds']:6.2f} s  (target < {targets[model]:.0f} s)  "
              f"peak {figures['peak_mb']:7.0f} MB  iterations {figures['iterations']}  "
              f"converged {figures['converged']}  t {figures['t']}")
    lines = [
        f"Data: {N_SUBJECTS:,} subjects x {N_RATERS} raters, K = {K}, simulated from the "
        f"t-a-p model (t = {T}, a = {A}, p = {P}); default request (12 starts, tolerance "
        "1e-10). Wall time of the whole fit (registry already loaded) "
        "(EM restarts, polish, standard errors, subject "
        "probabilities; Dawid-Skene also runs the average and per-rater t-a-p fits it "
        "starts from and compares with). Peak memory = peak RSS of a fresh process that "
        "simulates the data and fits.",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"run {time.strftime('%Y-%m-%d')}, load average {os.getloadavg()[0]:.1f} at the end "
        "(other work shared the machine, so these times are pessimistic).",
        "",
        "| fit | seconds | target | peak memory (MB) | EM iterations (all starts) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for fig in rows:
        lines.append(f"| {fig['model']} | {fig['seconds']:.2f} | < {targets[fig['model']]:.0f} | "
                     f"{fig['peak_mb']:.0f} (< 1536) | {fig['iterations']} |")
    write_section(SECTION, "\n".join(lines))


if __name__ == "__main__":
    main()
