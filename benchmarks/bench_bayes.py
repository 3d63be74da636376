"""Speed of the Bayesian posteriors (issue 4, section 6).

Cases (end to end: from an in-memory RatingsTable to the finished FitResult,
summaries and diagnostics included):

(a) t-a-p MCMC, 4 chains x 2000 draws (+1000 warm-up), 300 subjects x 5 raters: target < 0.5 s
(b) the same on 100,000 subjects x 10 raters: target < 2 s
(c) exact grid posterior of t-a-p (300 x 5 and 100,000 x 10): target < 1 s
(d) per-rater model MCMC, 1000 subjects x 5 raters, 4 x 2000 draws: target < 5 s

Timings are the median of three runs after one warm-up fit (imports and
first-call set-up not counted). Run: ``.venv/bin/python benchmarks/bench_bayes.py``.
Prints the figures and replaces the section "## Posteriors (issue 4)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time

from results_file import write_section      # benchmarks/ is on sys.path when run as a script

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table


SECTION = "## Posteriors (issue 4)"


def timed(request: FitRequest, table) -> tuple[float, object]:
    times, result = [], None
    fit(request, table)
    for _ in range(3):
        start = time.perf_counter()
        result = fit(request, table)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def cases():
    small = simulate_table(TapParameters(0.3, 0.6, 0.4), 300, 5, 1)
    large = simulate_table(TapParameters(0.3, 0.6, 0.4), 100_000, 10, 2)
    raters = simulate_table(TapParameters(0.2, 0.5, 0.4, rater_a=(0.1, 0.3, 0.5, 0.7, 0.9)),
                            1000, 5, 2)
    yield "(a) t-a-p MCMC 4x2000, 300 x 5", 0.5, FitRequest(method="mcmc"), small
    yield "(b) t-a-p MCMC 4x2000, 100,000 x 10", 2.0, FitRequest(method="mcmc"), large
    yield "(c) t-a-p exact grid, 300 x 5", 1.0, FitRequest(method="exact"), small
    yield "(c) t-a-p exact grid, 100,000 x 10", 1.0, FitRequest(method="exact"), large
    yield ("(d) per-rater MCMC 4x2000, 1000 x 5", 5.0,
           FitRequest(model="per-rater", method="mcmc"), raters)


def report(rows) -> str:
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, "
             "`benchmarks/bench_bayes.py`; end to end from an in-memory table (simulated, not "
             "timed) to the FitResult with summaries and diagnostics; median of 3 after a warm-up "
             "fit.", "",
             "| case | median (s) | target (s) | verdict | sampler verdict | min ESS |",
             "|---|---|---|---|---|---|"]
    for name, seconds, target, result in rows:
        diag = result.posterior.diagnostics_json()
        ess = diag["min_ess"]
        lines.append(f"| {name} | {seconds:.3f} | {target} | "
                     f"{'meets target' if seconds < target else 'MISSES target'} | "
                     f"{result.posterior.verdict.split('(')[0].strip()} | "
                     f"{'-' if ess is None else f'{ess:.0f}'} |")
    return "\n".join(lines) + "\n"




def main() -> int:
    rows = []
    for name, target, request, table in cases():
        seconds, result = timed(request, table)
        print(f"{name}: {seconds:.3f} s (target {target})", flush=True)
        rows.append((name, seconds, target, result))
    text = report(rows)
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
