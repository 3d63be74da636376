"""Error rates of the rater check (issue 30, part 4; issue 39), by simulation.

Panels from the per-rater model (t = 0.4, guesses say Class 1 half the
time), every rater rating every subject; the checked rater R1, margin 0.10,
level 0.95 (one-sided error allowed: (1 - 0.95) / 2 = 2.5%).

- **At the margin**: R1's accuracy is exactly the others' minus 0.10. The
  share of studies declaring R1 ``non-inferior`` or ``superior`` ("passed")
  is the test's type-I error; the share declaring it ``superior`` is that of
  a rater 10 points *worse* than the panel called better.
- **Equal**: R1 exactly as accurate as the others. The share declared
  ``superior`` is the superiority claim's type-I error; the share passed is
  the power at equality.
- **Better**: R1 20 points more accurate than the others; the share passed
  is the power where a rater is clearly better.

*Within* (the criterion of both error rates): the rate's exact
(Clopper-Pearson) 95% interval reaches down to 2.5% or below, i.e. these
studies do not show the rate to exceed 2.5% beyond Monte Carlo error. The
same studies' uncalibrated verdict (the profile-likelihood interval alone,
the Raters tab's) is read too.

Run: ``.venv/bin/python benchmarks/bench_rater_check.py [--scale S]`` (S = 1:
the studies below; about half an hour on one core). Prints each row and
replaces the section "## Rater check error rates on small panels (issue 39)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script
from scipy.stats import beta

from tapdesk.engine.raters.check import simulated_verdicts
from tapdesk.engine.raters.check_calibration import RESAMPLES

SECTION = "## Rater check error rates on small panels (issue 39)"
MARGIN, LEVEL, BETTER = 0.10, 0.95, 0.20
ALLOWED = (1 - LEVEL) / 2
PASSES = ("non-inferior", "superior")


@dataclass(frozen=True)
class Scenario:
    """A panel design and how many studies to simulate for each kind of rater R1."""

    raters: int
    subjects: int
    panel: float
    at_margin: int
    equal: int
    better: int

    @property
    def name(self) -> str:
        return f"{self.raters} raters x {self.subjects} subjects, panel a = {self.panel:.2f}"


SCENARIOS = (Scenario(3, 60, 0.60, 1000, 1000, 200),
             Scenario(5, 200, 0.60, 1000, 1000, 200),
             Scenario(3, 60, 0.85, 400, 0, 0))


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact binomial interval of a rate k / n."""
    tail = (1 - level) / 2
    low = beta.ppf(tail, k, n - k + 1) if k > 0 else 0.0
    high = beta.ppf(1 - tail, k + 1, n - k) if k < n else 1.0
    return float(low), float(high)


def rate(k: int, n: int) -> str:
    """"2.1% (1.3%-3.2%)": the rate and its Clopper-Pearson interval ("-" for no studies)."""
    if n == 0:
        return "-"
    low, high = clopper_pearson(k, n)
    return f"{k / n:.1%} ({low:.1%}-{high:.1%})"


def within(k: int, n: int) -> str:
    """"yes" when the rate's interval reaches down to the allowed rate (module docstring)."""
    if n == 0:
        return "-"
    return "yes" if clopper_pearson(k, n)[0] <= ALLOWED else "NO"


def run(scenario: Scenario, seed: int, scale: float) -> dict:
    """Every kind of study of one scenario: (calibrated, uncalibrated) verdict pairs, timed."""
    start, cpu = time.perf_counter(), time.process_time()
    others = [scenario.panel] * (scenario.raters - 1)
    found = {}
    for n, (kind, shift, studies) in enumerate((("at_margin", -MARGIN, scenario.at_margin),
                                               ("equal", 0.0, scenario.equal),
                                               ("better", BETTER, scenario.better))):
        count = round(scale * studies)
        found[kind] = simulated_verdicts(np.array([scenario.panel + shift] + others),
                                         scenario.subjects, count, MARGIN, LEVEL,
                                         seed=seed + 1000 * n) if count else []
    checks = sum(len(v) for v in found.values())
    found["seconds"] = (time.perf_counter() - start) / max(checks, 1)
    found["cpu"] = (time.process_time() - cpu) / max(checks, 1)
    return found


def tally(pairs: list[tuple[str, str]], which: int, verdicts: tuple[str, ...]) -> tuple[int, int]:
    return sum(pair[which] in verdicts for pair in pairs), len(pairs)


def row(scenario: Scenario, found: dict) -> str:
    margin, equal, better = found["at_margin"], found["equal"], found["better"]
    passed, superior = tally(margin, 0, PASSES), tally(margin, 0, ("superior",))
    equal_superior = tally(equal, 0, ("superior",))
    cells = [scenario.name, str(len(margin)), rate(*passed), within(*passed),
             rate(*tally(margin, 1, PASSES)), rate(*superior), within(*superior),
             rate(*tally(margin, 1, ("superior",))), str(len(equal)), rate(*equal_superior),
             within(*equal_superior), rate(*tally(equal, 1, ("superior",))),
             rate(*tally(equal, 0, PASSES)), rate(*tally(better, 0, PASSES)),
             f"{found['seconds']:.2f} s ({found['cpu']:.2f} s)"]
    return "| " + " | ".join(cells) + " |"


def section(rows: list[str]) -> str:
    lines = [SECTION, "",
             f"`benchmarks/bench_rater_check.py`: panels of R raters rating every subject (t = 0.4, "
             f"p = 0.5), rater R1 checked at margin {MARGIN:.2f}, level {LEVEL} (two-sided "
             f"interval; the one-sided error allowed is {ALLOWED:.1%}); per-rater t-a-p fit with 2 "
             "EM starts. The verdict's tests at -margin and 0 are calibrated as "
             "`tapdesk/engine/raters/check_calibration.py` describes (where the observed signed "
             f"root passes the large-sample value, {RESAMPLES} studies with the same design "
             "simulated at the fit held at the hypothesis and at the most accurate panel the data "
             "allow there; the larger critical value, never below the large-sample one). "
             "*Passed* = verdict non-inferior or superior; rates with their Clopper-Pearson 95% "
             f"interval. *Within* = that interval reaches down to {ALLOWED:.1%} or below (the "
             f"studies do not show the rate to exceed {ALLOWED:.1%}). *Uncalibrated* = the verdict "
             "of the profile-likelihood interval alone (the Raters tab's) in the same studies. "
             f"*Better* = R1 {BETTER:.2f} more accurate than the others. Time per check: wall "
             "(CPU), averaged over every study of the row.", "",
             "| scenario | studies at margin | passed at margin (type I) | within | uncalibrated | "
             "called superior at margin (10 points worse) | within | uncalibrated | studies "
             "equal | called superior when equal (type I) | within | uncalibrated | passed when "
             "equal (power) | passed when better (power) | time per check |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
             "| --- |"]
    lines += rows
    lines += ["", f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared with other "
                  f"jobs), Python {platform.python_version()}; date {time.strftime('%Y-%m-%d')}."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every scenario's number of studies by this")
    parser.add_argument("--only", type=int, default=None, metavar="K",
                        help="run only the K-th scenario (from 0) and print its row (run the "
                             "scenarios side by side, then --assemble their rows)")
    parser.add_argument("--assemble", nargs="+", default=None, metavar="FILE",
                        help="write the section from the rows printed by --only runs")
    args = parser.parse_args()
    if args.assemble:
        rows = [line.strip() for path in args.assemble
                for line in Path(path).read_text(encoding="utf-8").splitlines()
                if line.startswith("| ")]
    else:
        rows = []
        for i, scenario in enumerate(SCENARIOS):
            if args.only is None or i == args.only:
                rows.append(row(scenario, run(scenario, seed=100 + i, scale=args.scale)))
                print(rows[-1], flush=True)
        if args.only is not None:
            return
    text = section(rows)
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
