"""Speed of the Bayesian posteriors (issue 4, section 6).

Cases (end to end: from an in-memory RatingsTable to the finished FitResult,
summaries and diagnostics included):

(a) t-a-p MCMC, 4 chains x 2000 draws (+1000 warm-up), 300 subjects x 5 raters: target < 0.5 s
(b) the same on 100,000 subjects x 10 raters: target < 2 s
(c) exact grid posterior of t-a-p (300 x 5 and 100,000 x 10): target < 1 s
(d) per-rater model MCMC, 1000 subjects x 5 raters, 4 x 2000 draws: target < 5 s

Weak cases (issue 11): the issue's weakly identified data sets, each fitted
by the default MCMC and by the exact method; for the MCMC its time, the
smallest bulk and tail ESS, ESS per second, the largest R-hat and the worst
difference of any mean or 5/25/50/75/95% quantile from the exact posterior
(in posterior sd); for the exact method its time, stated error and the worst
difference from the brute-force Gauss-Legendre reference
(tests/engine/bayes/reference.py). Then the Gibbs samplers at defaults on
1000 x 5 (run-until-ESS included).

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
from pathlib import Path

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.bayes import grid_cache
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix, simulate_table

SECTION = "## Posteriors (issue 4)"


def timed(request: FitRequest, table) -> tuple[float, object]:
    times, result = [], None
    fit(request, table)
    for _ in range(3):
        grid_cache.forget_all()           # time the whole fit, not a kept grid (grid_cache)
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
    yield "(c) t-a-p exact, 300 x 5", 1.0, FitRequest(method="exact"), small
    yield "(c) t-a-p exact, 100,000 x 10", 1.0, FitRequest(method="exact"), large
    yield ("(d) per-rater MCMC 4x2000, 1000 x 5", 5.0,
           FitRequest(model="per-rater", method="mcmc"), raters)


WEAK = {"t=.2, a=.1, p=.5; 300 x 5": ((0.2, 0.1, 0.5), 300, 5),
        "t=.9, a=.2, p=.5; 300 x 5": ((0.9, 0.2, 0.5), 300, 5),
        "t=.95, a=.5, p=.1; 200 x 5": ((0.95, 0.5, 0.1), 200, 5),
        "t=.8, a=.3, p=.6; 300 x 5": ((0.8, 0.3, 0.6), 300, 5)}


def once(request: FitRequest, table) -> tuple[float, object]:
    grid_cache.forget_all()               # time the whole fit, not a kept grid (grid_cache)
    start = time.perf_counter()
    result = fit(request, table)
    return time.perf_counter() - start, result


def weak_rows() -> list[str]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    import bayes_reference as reference
    rows = []
    for name, (params, n, j) in WEAK.items():
        table = simulate_table(TapParameters(*params), n, j, 1)
        t_mcmc, mcmc = once(FitRequest(method="mcmc"), table)
        t_exact, exact = once(FitRequest(method="exact"), table)
        gl = reference.tap_reference(table)
        diag = [p.diagnostics for p in mcmc.posterior.parameters]
        bulk, tail = min(d.ess_bulk for d in diag), min(d.ess_tail for d in diag)
        err = max(float(np.max(np.abs(np.array([m.mean, *m.quantiles]) - np.array([e.mean, *e.quantiles]))
                               / e.sd))
                  for m, e in zip(mcmc.posterior.parameters, exact.posterior.parameters))
        exact_err = max(float(np.max(np.abs(np.array([p.mean, p.sd, *p.quantiles, *p.hdi]) - gl[p.name])
                                     / gl[p.name][1])) for p in exact.posterior.parameters)
        print(f"{name}: mcmc {t_mcmc:.2f} s ESS {bulk:.0f}/{tail:.0f} err {err:.3f}; exact "
              f"{t_exact:.2f} s err {exact_err:.4f}", flush=True)
        rows.append(f"| {name} | {t_mcmc:.2f} | {bulk:.0f} | {tail:.0f} | {bulk / t_mcmc:.0f} | "
                    f"{max(d.rhat for d in diag):.3f} | {err:.3f} | {t_exact:.2f} | "
                    f"{exact.posterior.grid_error:.4f} | {exact_err:.4f} |")
    return rows


def gibbs_rows() -> list[str]:
    from tapdesk.data.ratings import RatingsTable
    rng = np.random.default_rng(4)
    truth = rng.choice(3, 1000, p=[0.5, 0.3, 0.2])
    ratings = np.where(rng.random((1000, 5)) < 0.6, truth[:, None],
                       rng.choice(3, (1000, 5), p=[0.2, 0.3, 0.5]))
    tables = {"per-rater (a_j = .1, .3, .5, .7, .9)": ("per-rater", simulate_table(
        TapParameters(0.2, 0.5, 0.4, rater_a=(0.1, 0.3, 0.5, 0.7, 0.9)), 1000, 5, 2)),
        "K = 3 categories (a = .6)": ("categorical", RatingsTable.from_wide(
            np.array(["lo", "mid", "hi"])[ratings].tolist())),
        "K = 2 categories (t = .2, a = .5, p = .4)": ("categorical", RatingsTable.from_wide(
            np.array(["no", "yes"])[simulate_matrix(TapParameters(0.2, 0.5, 0.4), 1000, 5,
                                                    2)[1]].tolist()))}
    rows = []
    for name, (model, table) in tables.items():
        seconds, result = once(FitRequest(model=model, method="mcmc"), table)
        diag = [p.diagnostics for p in result.posterior.parameters]
        bulk = min(d.ess_bulk for d in diag)
        rows.append(f"| {name} | {seconds:.2f} | {result.posterior.n_draws} | {bulk:.0f} | "
                    f"{min(d.ess_tail for d in diag):.0f} | {bulk / seconds:.0f} | "
                    f"{max(d.rhat for d in diag):.3f} |")
        print(rows[-1], flush=True)
    return rows


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
    lines += ["", "Weak cases (issue 11), one fit each at default settings (4 chains x 2000 draws "
              "after 1000 warm-up for MCMC); errors in posterior sd:", "",
              "| data | MCMC (s) | min bulk ESS | min tail ESS | ESS/s | max R-hat | MCMC vs exact "
              "| exact (s) | exact stated error | exact vs brute force |",
              "|---|---|---|---|---|---|---|---|---|---|", *weak_rows(), "",
              "Gibbs samplers at defaults on 1000 x 5 (they run on past 2000 draws per chain, up to "
              "8000, until every parameter has 1000 effective draws):", "",
              "| data | time (s) | draws per chain | min bulk ESS | min tail ESS | ESS/s | "
              "max R-hat |", "|---|---|---|---|---|---|---|", *gibbs_rows()]
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
