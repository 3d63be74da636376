"""Speed and mixing of the ridge-model posteriors (issue 4): t-a0a1-p, t-a-p0p1, t-a0a1-p0p1.

For each model on 300 subjects x 5 raters (t = 0.3, a = 0.7, p = 0.4): the
"mcmc" method (independent draws from the factorised posterior, 4 chains x
2000 draws) and the "exact" method, end to end from an in-memory table to the
FitResult (median of 3 after a warm-up fit); beside them, for contrast, the
generic adaptive random walk on the model's own parameters with the same
settings (4 x 2000 after 1000 warm-up), which the ridge models used before.
Also the exact method on 100,000 subjects x 10 raters.

Run: ``.venv/bin/python benchmarks/bench_bayes_ridge.py``. Prints the figures
and replaces the section "## Ridge-model posteriors (issue 4)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

from tapdesk.data.binary import binary_counts
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes import grid_cache
from tapdesk.engine.bayes.diagnostics import diagnose
from tapdesk.engine.bayes.samplers import dispersed_starts, random_walk
from tapdesk.engine.bayes.targets import HISTOGRAM_MODELS, LogitTarget
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.request import Prior

SECTION = "## Ridge-model posteriors (issue 4)"
MODELS = ("tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1")


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
    small = simulate_table(TapParameters(0.3, 0.7, 0.4), 300, 5, 4)
    large = simulate_table(TapParameters(0.2, 0.8, 0.3), 100_000, 10, 1)
    lines = [SECTION, "",
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
