"""Error rate and power of the bias index's verdict for three or more raters (issue 39, item 6).

Panels simulated from the t-a-p model: each subject is truly Class 1 with
probability t; each rater is accurate with probability a and otherwise guesses,
saying Class 1 with probability p (a rater's own p where one rater is biased).
Ratings go missing at random where the design says so. For each design,
``--sets`` data sets (1,000 by default) are analysed by
:func:`tapdesk.agreement_coefficients` exactly as the app does (Class 1 =
'yes', level 0.95, the default reshuffles and seed).

*Says differ* = the bias index's verdict says the raters differ in how often
they say Class 1: the exact reshuffling test of equal Class-1 rates rejects
(or, for code that gives the bias index an interval, the interval leaves out 0).
With equal raters that rate is the error rate and must be at most 5% within
Monte Carlo error (the lower end of its Clopper-Pearson 95% interval at most
5%); with one biased rater it is the power.

Run: ``.venv/bin/python benchmarks/bench_bias_index.py [--sets N]``. Prints each
row and replaces the section "## Bias index with more than two raters (issue 39)"
of benchmarks/RESULTS.md (not with --sets under 1000).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import numpy as np
from bench_rater_check import clopper_pearson  # benchmarks/ is on sys.path when run as a script
from results_file import write_section

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.coefficients.pabak import RESHUFFLES

SECTION = "## Bias index with more than two raters (issue 39)"
LEVEL = 0.95
ALLOWED = 1 - LEVEL
BEFORE = ("Before issue 39 the same script (1,000 data sets a design, seed 39, on commit "
          "16a10d1) found the delta-method interval of the mean gap leaving out 0 with equal "
          "raters in 11.3%, 12.6%, 22.4%, 34.1%, 51.8% and 76.3% of data sets (the first six "
          "designs, in order), and 83.7% and 96.4% in the power rows.")
DESIGNS = (  # (name, raters, subjects, t, a, p, missing share, biased rater's p or None)
    ("3 raters, 30 subjects, t = a = p = 0.5", 3, 30, 0.5, 0.5, 0.5, 0.0, None),
    ("3 raters, 60 subjects, t = 0.5, a = 0.6", 3, 60, 0.5, 0.6, 0.5, 0.0, None),
    ("4 raters, 100 subjects, high prevalence (t = p = 0.9, a = 0.7)", 4, 100, 0.9, 0.7, 0.9,
     0.0, None),
    ("5 raters, 200 subjects, very high prevalence (t = p = 0.97, a = 0.8)", 5, 200, 0.97, 0.8,
     0.97, 0.0, None),
    ("6 raters, 150 subjects, t = p = 0.4, a = 0.5, 30% of ratings missing", 6, 150, 0.4, 0.5,
     0.4, 0.3, None),
    ("8 raters, 80 subjects, t = p = 0.3, a = 0.6, 60% missing", 8, 80, 0.3, 0.6, 0.3, 0.6,
     None),
    ("4 raters, 5,000 subjects, t = p = 0.5, a = 0.3 (p from the chi-square limit)", 4, 5000,
     0.5, 0.3, 0.5, 0.0, None),
    ("100 raters, 10,000 subjects, about 4 ratings each, t = p = 0.4, a = 0.5 (chi-square "
     "limit)", 100, 10_000, 0.4, 0.5, 0.4, 0.96, None),
    ("power: 4 raters, 100 subjects, a = 0.6, p = 0.5, one rater p = 0.8", 4, 100, 0.5, 0.6, 0.5,
     0.0, 0.8),
    ("power: 6 raters, 150 subjects, 30% missing, a = 0.5, p = 0.4, one rater p = 0.7", 6, 150,
     0.4, 0.5, 0.4, 0.3, 0.7),
)


def panel(rng: np.random.Generator, raters: int, subjects: int, t: float, a: float, p: float,
          missing: float, biased: float | None) -> RatingsTable:
    """One simulated data set (the first rater guesses 'yes' at ``biased`` when given)."""
    guess = np.full(raters, p)
    if biased is not None:
        guess[0] = biased
    truth = rng.random((subjects, 1)) < t
    says = np.where(rng.random((subjects, raters)) < a, truth,
                    rng.random((subjects, raters)) < guess)
    kept = rng.random((subjects, raters)) >= missing
    subject, rater = np.nonzero(kept)
    return RatingsTable.from_labels(subject.tolist(), [f"R{g}" for g in rater],
                                    np.where(says[kept], "yes", "no").tolist(),
                                    scale=Scale(("no", "yes"), declared=True))


def says_differ(table: RatingsTable) -> bool:
    """The bias index's verdict: the test rejects, or (older code) the interval leaves out 0."""
    coef = agreement_coefficients(table, bootstrap=0, level=LEVEL).get("bias_index")
    p_value = getattr(coef, "p_value", None)
    if p_value is not None:
        return bool(p_value < ALLOWED)
    return coef.ci is not None and (coef.ci[0] > 0 or coef.ci[1] < 0)


def run(sets: int, seed: int) -> list[str]:
    rows = []
    for k, (name, raters, subjects, t, a, p, missing, biased) in enumerate(DESIGNS):
        rng = np.random.default_rng([seed, k])
        start = time.process_time()
        hits = sum(says_differ(panel(rng, raters, subjects, t, a, p, missing, biased))
                   for _ in range(sets))
        cpu = (time.process_time() - start) / sets
        low, high = clopper_pearson(hits, sets)
        within = "-" if biased is not None else ("yes" if low <= ALLOWED else "NO")
        row = (f"| {name} | {sets} | {100 * hits / sets:.1f}% ({100 * low:.1f}%-{100 * high:.1f}%)"
               f" | {within} | {1000 * cpu:.0f} ms |")
        print(row, flush=True)
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=1000, help="data sets per design")
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    rows = run(args.sets, args.seed)
    load_end = os.getloadavg()[0]
    text = "\n".join([
        SECTION, "",
        "`benchmarks/bench_bias_index.py`: panels from the t-a-p model (each subject truly "
        "Class 1 with probability t; a rater is accurate with probability a, otherwise guesses "
        "Class 1 with probability p), ratings missing at random where stated, analysed by "
        "`agreement_coefficients` as the app does (level 0.95). *Says differ* = the bias "
        "index's verdict that raters differ in how often they say Class 1 (the exact "
        f"reshuffling test of equal Class-1 rates, Cochran's Q, p from {RESHUFFLES:,} seeded "
        "reshuffles or, where the design says so, the chi-square limit, rejects at 5%), with its "
        "Clopper-Pearson 95% interval. With equal raters it is the error rate (*within* = the "
        "interval's lower end is at most 5%); in the *power* rows one rater guesses Class 1 "
        "more often than the others.", "",
        "| design | data sets | says differ | within 5% | CPU per data set |",
        "| --- | --- | --- | --- | --- |", *rows, "",
        BEFORE, "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared with other jobs), "
        f"Python {platform.python_version()}; seed {args.seed}; load average {load_start:.1f} at "
        f"the start, {load_end:.1f} at the end.", ""])
    if args.sets >= 1000:
        write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
