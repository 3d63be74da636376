"""Speed, memory and mixing of the ridge-model posteriors (issues 4, 29): t-a0a1-p, t-a-p0p1,
t-a0a1-p0p1.

Whole process first (issue 29's targets): ``tapdesk posterior FILE --model M
--method exact`` on a 300 x 5 and a 100,000 x 10 CSV, each run alternating
with a ``tapdesk fit`` of the 300 x 5 file in the same session (so the load of
a shared machine cancels in the ratio), with its peak resident memory (the
child's own VmHWM; targets: <= 3x the fit and <= 400 MB). Then where an
exact fit's CPU time goes, phase by phase, in-process. Then in-process, for
each model on 300 subjects x 5 raters (t = 0.3, a = 0.7, p = 0.4): the "mcmc"
method (independent draws from the factorised posterior, 4 chains x 2000
draws) and the "exact" method, end to end from an in-memory table to the
FitResult (median of 3 after a warm-up fit); beside them, for contrast, the
generic adaptive random walk on the model's own parameters with the same
settings (4 x 2000 after 1000 warm-up), which the ridge models used before.
Also the exact method on 100,000 subjects x 10 raters.

Run: ``.venv/bin/python benchmarks/bench_bayes_ridge.py`` (``--runs N``: whole-process
runs per command, default 3). Prints the figures and replaces the section
"## Ridge-model posteriors (issue 4)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

from tapdesk.data.binary import binary_counts
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes import grid_cache
from tapdesk.engine.bayes.diagnostics import diagnose
from tapdesk.engine.bayes.ridge_grid import coarse_table
from tapdesk.engine.bayes.samplers import dispersed_starts, random_walk
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, LogitTarget
from tapdesk.engine.binary.simulate import TapParameters, simulate_table, write_simulation_csv
from tapdesk.engine.request import Prior

SECTION = "## Ridge-model posteriors (issue 4)"
MODELS = ("tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1")
SMALL = (TapParameters(0.3, 0.7, 0.4), 300, 5, 4)
LARGE = (TapParameters(0.2, 0.8, 0.3), 100_000, 10, 1)
TARGET_RATIO, TARGET_MB = 3.0, 400.0
CHILD = ("import atexit, sys\n"
         "def _peak():\n"
         "    for line in open('/proc/self/status'):\n"
         "        if line.startswith('VmHWM:'):\n"
         "            sys.stderr.write('PEAK_KB ' + line.split()[1] + '\\n')\n"
         "atexit.register(_peak)\n"
         "from tapdesk.cli.main import main\n"
         "sys.exit(main(sys.argv[1:]))\n")
"""A fresh ``tapdesk`` process that reports its own peak resident memory (VmHWM belongs to
this process image; ru_maxrss of a child can carry its parent's peak from the fork)."""


def whole_process(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, peak resident MB) of one fresh ``tapdesk ARGV`` process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, *argv], check=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    peak = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK_KB")]
    return wall, (peak[0] / 1024 if peak else float("nan"))


def whole_process_rows(folder: Path, runs: int) -> list[str]:
    """Per model and data set: the posterior's median wall time, the fit's alongside, their
    ratio and the posterior's largest peak RSS, runs alternating posterior and fit."""
    files = {}
    for label, (params, n, raters, seed) in (("300 x 5", SMALL), ("100,000 x 10", LARGE)):
        files[label] = folder / f"ridge-{n}x{raters}.csv"
        write_simulation_csv(files[label], params, n, raters, seed)
    fit_argv = ["fit", str(files["300 x 5"]), "--class1", "1"]
    whole_process(fit_argv)                        # uncounted: compiles the bytecode once
    rows = []
    for model in MODELS:
        for label, path in files.items():
            argv = ["posterior", str(path), "--class1", "1", "--model", model, "--method", "exact",
                    "--json"]
            posterior, fits = [], []
            for _ in range(runs):
                posterior.append(whole_process(argv))
                fits.append(whole_process(fit_argv))
            wall = statistics.median(w for w, _ in posterior)
            fit_wall = statistics.median(w for w, _ in fits)
            peak = max(p for _, p in posterior)
            ok = wall / fit_wall <= TARGET_RATIO and peak <= TARGET_MB
            line = (f"| {model} | {label} | {wall:.2f} | {fit_wall:.2f} | {wall / fit_wall:.1f} | "
                    f"{peak:.0f} | {'meets targets' if ok else 'MISSES a target'} |")
            print(line, flush=True)
            rows.append(line)
    return rows


PHASES = (("ridge_box.py", "ridge_box_posterior", "Gauss rules on boxes of (t, q1, q0) (tried first)"),
          ("boxes.py", "find_boxes", "the boxes, zoomed onto (inside the rules)"),
          ("ridge_fibres.py", "log_fibre_mass", "fibre masses g at the node pairs (inside the rules)"),
          ("ridge_grid.py", "__init__", "fibre tables (coarse and fine; the grid only)"),
          ("grid.py", "adaptive_grid", "grids of (t, q1, q0) (rough, then fine)"),
          ("ridge_grid.py", "log_g", "fibre-table look-ups (inside the grids)"),
          ("ridge_grid.py", "parameters", "cells' (t, q1, q0) from their (t, r, u) (grids, bins)"),
          ("grid_marginals.py", "inner_marginals", "grids' marginals of q1, q0 (every pass)"),
          ("ridge_marginals.py", "exact_marginals", "ridge marginals"),
          ("ridge_marginals.py", "ridge_joints", "ridge joint densities"),
          ("summaries.py", "summarise_grid", "summaries (modes, intervals)"))
"""(file, function, label) of the phases of an exact fit, timed by their cumulative time."""


MEMORY_NOTE = (
    "Where the memory goes (issue 29; found by sampling each process's resident size with the "
    "stack that grew it): the ridge code no longer holds arrays of all (q1, q0) cells x fibre "
    "nodes at once. The fibre tables are integrated in blocks of rows, the ridge marginals' "
    "pieces are made and binned a chunk of cells at a time on fixed fine bins "
    "(`ridge_pieces.PieceBins`; a fibre's neighbouring pieces share an end, binned once, "
    "`PieceBins.add_rows`), and the cells' (t, q1, q0) are mapped in blocks without "
    "looking g up (the issue's 800 MB on 300 x 5 were mostly the pieces and the fine table). "
    "A grid's marginals of q1 and q0 (intervals, smearing and binning of every cell: a dozen "
    "arrays of the grid's size at once, 180 MB for 1.8 million cells) are made a block of "
    "outermost cells at a time (`grid_marginals.inner_marginals`; the same masses to rounding), "
    "and the ridge grid keeps the cells' logits of q1 and q0 only. What is left of the peak on "
    "100,000 x 10 is the CSV import (about 245 MB while reading the 1,000,000 ratings; after "
    "it the table holds about 35 MB and the C allocator about 115 MB of freed heap, which the "
    "fit reuses: releasing it with malloc_trim before the fit did not lower the peak), then the "
    "grid's cells and the passes' arrays (about 240-265 MB in all where the grid is used). The "
    "CLI keeps no DataFrame: the table is numpy arrays of subjects, raters and ratings. The CSV "
    "import itself takes about 0.7 s of the whole process on 100,000 x 10 (1,000,000 ratings), "
    "against about 0.5 s for the whole fit of 300 x 5, so the 3x target leaves about 0.3 s for "
    "the posterior there. On tap-p0p1 and tap-a0a1-p0p1 the two readings (classes swapped or "
    "not) are peaks 0.001 wide and 0.6 apart on 100,000 x 10: one box around both could not be "
    "trusted (0.6 CPU s lost before the grid's 0.9 s); each now gets a box of its own "
    "(`boxes.find_boxes`), and the rules settle there as on one peak.")


BEFORE_NOTE = (
    "Before issue 29 (main at ffc2782, `/usr/bin/time` of the same commands by hand, load "
    "1.0-1.5, a fit 1.4-1.5 s): peak RSS 744 / 418 / 295 MB (tap-a0a1 / tap-p0p1 / "
    "tap-a0a1-p0p1) on 300 x 5 and 1,097 / 504 / 1,042 MB on 100,000 x 10; wall 8.9 / 7.4 / "
    "6.6 s on 300 x 5 (4.3-6.3x the fit). The figures moved at most 0.0003 sd on 300 x 5 and "
    "0.004 sd on 100,000 x 10 (tap-p0p1's p0, a nearly flat marginal's interval end), "
    "within the stated error (0.008-0.013 sd). "
    "The grid's second round (branch h-ridge3; the grid is now the fallback where the box "
    "rule cannot be trusted, and the mcmc method's proposal): the fine-table grid goes on from "
    "the rough grid's last pass (no second range search and early passes), the grid's "
    "marginals in blocks of cells (half the time too), fibre pieces binned as chains, and the "
    "grid's (q1, q0) cells on 192 bins per axis instead of 320. On the grid alone (before the "
    "box rule: main at 053e59d against this branch at c1fc119; alternating fresh processes, "
    "load 2.2-2.4, fits 0.50-0.64 s) whole processes "
    "went on 300 x 5 from 2.58 / 1.65 / 1.80 s (tap-a0a1 / tap-p0p1 / tap-a0a1-p0p1; 4.9 / "
    "3.0 / 3.5x a fit) to 1.89 / 1.35 / 1.42 s (3.7 / 2.6 / 2.7x), peak RSS 216 / 145 / 213 MB to "
    "167 / 136 / 159 MB; on 100,000 x 10 from 4.25 / 3.02 / 2.19 s (6.7 / 5.8 / 4.4x) to "
    "3.12 / 1.93 / 1.85 s (5.2 / 3.5 / 3.7x), peak RSS 424 / 404 / 256 MB to 281 / 238 / "
    "245 MB; figures moved at most 0.005 sd (tap-p0p1's "
    "nearly flat p0's HDI end on 100,000 x 10), within the stated errors (0.007-0.012 sd).")


def phase_rows(model: str, label: str, table) -> list[str]:
    """Cumulative CPU seconds of each of PHASES in one exact fit, in-process under cProfile
    (after a warm-up fit, so without the imports; the coarse fibre table, kept per model and
    priors for the next fit in one process, made afresh)."""
    import cProfile
    import pstats
    request = FitRequest(model=model, method="exact")
    fit(request, table)
    grid_cache.forget_all()
    coarse_table.cache_clear()
    profile = cProfile.Profile(time.process_time)
    profile.runcall(fit, request, table)
    stats = pstats.Stats(profile).stats
    total = max(ct for (_, _, _, ct, _) in stats.values())
    rows = []
    for file, function, phase in PHASES:
        found = [(calls, ct) for (path, _, name), (_, calls, _, ct, _) in stats.items()
                 if path.endswith(file) and name == function]
        seconds = sum(ct for _, ct in found)
        if not sum(calls for calls, _ in found):    # e.g. the grid, where the box rule settled
            rows.append(f"| {model} | {label} | {phase} | not run | - |")
            continue
        rows.append(f"| {model} | {label} | {phase} | {seconds:.2f} | {100 * seconds / total:.0f}% |")
    return rows + [f"| {model} | {label} | whole fit | {total:.2f} | 100% |"]


def timed(request: FitRequest, table) -> tuple[float, object]:
    fit(request, table)
    times, result = [], None
    for _ in range(3):
        grid_cache.forget_all()           # time the whole fit, not a kept grid (grid_cache)
        start = time.perf_counter()
        result = fit(request, table)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def worst(result) -> tuple[float, float]:
    diag = result.posterior.diagnostics_json()
    return diag["max_rhat"], diag["min_ess"]


def random_walk_figures(model: str, table, seed: int = 20261121) -> tuple[float, float, float]:
    """(seconds, max R-hat, min ESS) of the generic random walk, 4 x 2000 after 1000 warm-up."""
    spec = HISTOGRAM_MODELS[model]
    hist = binary_counts(table).histogram()
    start = time.perf_counter()
    rng = np.random.default_rng(seed)
    walk = random_walk(LogitTarget(spec, hist, tuple(Prior(n) for n in spec.names)),
                       dispersed_starts(spec.dim, 4, rng), 1000, 2000, rng, lambda: False)
    while True:
        try:
            next(walk)
        except StopIteration as stop:
            out = stop.value
            break
    theta = 1 / (1 + np.exp(-out.values))
    diags = [diagnose(theta[:, :, i]) for i in range(spec.dim)]
    return (time.perf_counter() - start, max(d.rhat for d in diags),
            min(min(d.ess_bulk, d.ess_tail) for d in diags))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        process_rows = whole_process_rows(Path(tmp), args.runs)
    load_after = os.getloadavg()[0]
    small, large = simulate_table(*SMALL), simulate_table(*LARGE)
    phases = (phase_rows("tap-a0a1", "300 x 5", small)
              + phase_rows("tap-a0a1", "100,000 x 10", large)
              + phase_rows("tap-p0p1", "100,000 x 10", large))       # two boxes: two readings
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
             "`benchmarks/bench_bayes_ridge.py`. Whole process (issue 29): `tapdesk posterior "
             "FILE --class1 1 --model M --method exact --json` on simulated CSVs, median of "
             f"{args.runs} fresh processes, each followed by a `tapdesk fit` of the 300 x 5 file "
             "(the ratio's denominator, its median over the same runs, so the load of this "
             "shared machine cancels); peak RSS: the largest of the posterior's runs. Targets: "
             f"<= {TARGET_RATIO:g}x the fit and <= {TARGET_MB:.0f} MB. Load average "
             f"{load_before:.2f} at the start, {load_after:.2f} at the end of these runs.", "",
             "| model | data | posterior wall (s) | fit 300 x 5 wall (s) | ratio | peak RSS (MB) | "
             "verdict |", "|---|---|---|---|---|---|---|", *process_rows, "",
             "Where an exact fit's time goes (CPU seconds in-process, after a warm-up fit, so "
             "without the imports; the coarse fibre table, kept per model and priors for the next "
             "fit in one process, made afresh):", "",
             "| model | data | phase | CPU (s) | share |", "|---|---|---|---|---|", *phases, "",
             MEMORY_NOTE, "", BEFORE_NOTE, "",
             "In-process, all models:", "",
             f"Python {platform.python_version()}, {platform.machine()}, "
             "`benchmarks/bench_bayes_ridge.py`; end to end from an in-memory table (simulated, "
             "not timed) to the FitResult; median of 3 after a warm-up fit. \"before\" is the "
             "generic adaptive random walk on the model's own parameters (what these models used "
             "until now), same seed and settings, sampler only. Load average at the start: "
             f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (others' jobs inflate the "
             "figures).", "",
             "| model | case | seconds | max R-hat | min ESS |", "|---|---|---|---|---|"]
    # the random walks run after every timed fit: OpenBLAS threads left spinning by their
    # matrix products slowed the fits that followed them on a busy 2-core machine
    rows_of = {}
    for model in MODELS:
        seconds, result = timed(FitRequest(model=model, method="mcmc"), small)
        rows = [("mcmc (independent draws) 4x2000, 300 x 5", seconds, *worst(result))]
        seconds, _ = timed(FitRequest(model=model, method="exact"), small)
        rows.append(("exact, 300 x 5", seconds, None, None))
        seconds, _ = timed(FitRequest(model=model, method="exact"), large)
        rows.append(("exact, 100,000 x 10", seconds, None, None))
        rows_of[model] = rows
    for model in MODELS:
        seconds, rhat, ess = random_walk_figures(model, small)
        rows = [("before: random walk 4x2000, 300 x 5", seconds, rhat, ess)] + rows_of[model]
        for case, seconds, rhat, ess in rows:
            line = (f"| {model} | {case} | {seconds:.3f} | {'-' if rhat is None else f'{rhat:.3f}'} | "
                    f"{'-' if ess is None else f'{ess:.0f}'} |")
            print(line, flush=True)
            lines.append(line)
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
