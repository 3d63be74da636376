"""How often a panel's story names a rater who does not differ, and finds one who does (issue 39).

Panels from the per-rater model (t = 0.4, guesses say Class 1 half the time, 150 subjects,
every rater rates every subject), fitted by maximum likelihood as the app fits them:

- **Equal raters** (4, 6 and 8 raters, all a = 0.7): the share of panels where any rater's
  accuracy or guess rate is said to differ from the rest of the panel. The panel-wide
  procedure (a global likelihood-ratio test, then Holm; :mod:`tapdesk.engine.binary.rater_family`)
  must hold 5% within Monte Carlo error. Beside it, the rule before issue 39 on the same fits:
  any comparison's own 95% interval leaving out 0.
- **One weak rater** (a = 0.2 among five at 0.7): the share of panels naming that rater's
  accuracy as lower (the issue asks at least 80%).

Run: ``.venv/bin/python benchmarks/bench_rater_family.py [--scale S]`` (S = 1: about
15 minutes of CPU). Prints each row and replaces the section "## Rater verdicts across a panel
(issue 39)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np
from bench_rater_check import clopper_pearson  # benchmarks/ is on sys.path when run as a script
from results_file import write_section

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit

SECTION = "## Rater verdicts across a panel (issue 39)"
T, P, SUBJECTS, LEVEL = 0.4, 0.5, 150, 0.95
SCENARIOS = (  # (name, accuracies, panels)
    ("4 equal raters", (0.7,) * 4, 400),
    ("6 equal raters", (0.7,) * 6, 400),
    ("8 equal raters", (0.7,) * 8, 400),
    ("one weak rater (0.2 among five at 0.7)", (0.2,) + (0.7,) * 5, 200),
)


def simulated_panel(rng: np.random.Generator, accuracies: tuple[float, ...]) -> RatingsTable:
    a = np.asarray(accuracies)
    truth = rng.random(SUBJECTS) < T
    accurate = rng.random((SUBJECTS, len(a))) < a
    guess = rng.random((SUBJECTS, len(a))) < P
    ratings = np.where(accurate, truth[:, None], guess).astype(int)
    return RatingsTable.from_wide(ratings.tolist(), rater_ids=[f"R{j + 1}" for j in range(len(a))])


def run_scenario(accuracies: tuple[float, ...], panels: int, seed: int) -> dict[str, int]:
    counts = {"named": 0, "own": 0, "weak named": 0}
    for k in range(panels):
        table = simulated_panel(np.random.default_rng([seed, k]), accuracies)
        result = fit(FitRequest(model="per-rater", class1=("1",), seed=k, level=LEVEL), table)
        counts["named"] += any(c.differs for c in result.comparisons)
        counts["own"] += any(c.interval_excludes_zero for c in result.comparisons
                             if c.verdict != "unknown")
        weak = result.comparison("R1", "a")
        counts["weak named"] += weak is not None and weak.verdict == "lower"
    return counts


def rate(k: int, n: int) -> str:
    lo, hi = clopper_pearson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every panel count")
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rows, start = [], time.time()
    for name, accuracies, panels in SCENARIOS:
        n = max(10, int(panels * args.scale))
        found = run_scenario(accuracies, n, args.seed)
        if min(accuracies) < max(accuracies):
            row = f"| {name} | {n} | R1 named as less accurate: {rate(found['weak named'], n)} | - |"
        else:
            row = (f"| {name} | {n} | any rater named: {rate(found['named'], n)} | "
                   f"{rate(found['own'], n)} |")
        print(row, flush=True)
        rows.append(row)
    minutes = (time.time() - start) / 60
    text = "\n".join([
        SECTION, "",
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} cores, "
        f"shared), one process, {minutes:.0f} minutes; seed {args.seed}. Panels of "
        f"{SUBJECTS} subjects, t = {T}, p = {P}, per-rater maximum likelihood at {LEVEL:.0%}; "
        "rates with 95% Clopper-Pearson intervals. 'Before' is the rule before issue 39 on the "
        "same fits: any comparison's own interval leaving out 0.", "",
        "| panels of | studies | panel-wide verdicts (now) | before: each interval on its own |",
        "|---|---|---|---|", *rows, "",
        "Equal raters: the panel-wide procedure must stay at 5% within Monte Carlo error (the "
        "lower end of its interval at most 5%); one weak rater: named in at least 80%."])
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
