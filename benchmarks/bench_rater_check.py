"""Error rates of the rater check (issue 30, part 4), by simulation.

Panels of five raters from the per-rater model (t = 0.4, guesses say Class 1
half the time); the checked rater R1, margin 0.10, level 0.95 (one-sided
error allowed: (1 - 0.95) / 2 = 2.5%).

- **At the margin**: R1's accuracy is exactly the others' minus 0.10. The
  share of studies declaring R1 ``non-inferior`` or ``superior`` is the
  test's type-I error; it must not exceed 2.5% beyond Monte Carlo error
  (the check: the lower end of its 95% Clopper-Pearson interval is at most
  2.5%).
- **Equal**: R1 as accurate as the others; the share declared
  ``non-inferior`` or ``superior`` is the power.

Each study is checked once (the interval calibrated by simulation, 399
studies at each end, all refitted in one batched pass); the same study's
uncalibrated profile-likelihood interval is read too, so the two verdicts
are compared on the same data.

Run: ``.venv/bin/python benchmarks/bench_rater_check.py [--scale S]`` (S = 1:
the studies below, about 10 minutes of CPU). Prints each row and
replaces the section "## Rater check error rates (issue 30)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script
from scipy.stats import beta, binom

from tapdesk.engine.raters.check import simulated_verdicts
from tapdesk.engine.raters.check_calibration import RESAMPLES

SECTION = "## Rater check error rates (issue 30)"
REPEAT_SECTION = "## Rater check error rates, a repeat at the margin, seed {seed} (issue 30)"
PANEL_T, PANEL_P = 0.4, 0.5      # simulated_panel's truth share and guess rate
UNCALIBRATED_STUDIES = 40_000
"""Studies simulated for the uncalibrated verdict's rate at the margin (the control variate)."""
MARGIN, LEVEL = 0.10, 0.95
ALLOWED = (1 - LEVEL) / 2
SCENARIOS = (  # (name, panel accuracy, subjects, studies at the margin, studies equal)
    ("panel a = 0.60, 200 subjects", 0.60, 200, 1000, 300),
    ("panel a = 0.85, 200 subjects", 0.85, 200, 300, 100),
    ("panel a = 0.60, 600 subjects", 0.60, 600, 100, 50),
)


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact binomial interval of a rate k / n."""
    tail = (1 - level) / 2
    low = beta.ppf(tail, k, n - k + 1) if k > 0 else 0.0
    high = beta.ppf(1 - tail, k + 1, n - k) if k < n else 1.0
    return float(low), float(high)


PASSES = ("non-inferior", "superior")


def passed(verdicts: list[str]) -> int:
    return sum(v in PASSES for v in verdicts)


def run_scenario(name: str, panel: float, subjects: int, at_margin: int, equal: int,
                 seed: int) -> dict:
    """Type-I error at the margin and power at equality for one panel, calibrated and not."""
    start, cpu = time.perf_counter(), time.process_time()
    margin = simulated_verdicts(np.array([panel - MARGIN] + [panel] * 4), subjects, at_margin,
                                MARGIN, LEVEL, seed=seed)
    same = simulated_verdicts(np.array([panel] * 5), subjects, equal, MARGIN, LEVEL,
                              seed=seed + 1000)
    return {"name": name, "at_margin": margin, "equal": same,
            "seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu}


def rate(k: int, n: int) -> str:
    low, high = clopper_pearson(k, n)
    return f"{k / n:.1%} ({low:.1%}-{high:.1%})"


def row(found: dict) -> str:
    n, m = len(found["at_margin"]), len(found["equal"])
    calibrated, before = ([pair[i] for pair in found["at_margin"]] for i in (0, 1))
    k = passed(calibrated)
    low, _ = clopper_pearson(k, n)
    ok = "yes" if k / n <= ALLOWED and low < ALLOWED else "NO"
    power = passed([pair[0] for pair in found["equal"]]) / m
    power_before = passed([pair[1] for pair in found["equal"]]) / m
    undecided = sum(v == "undecided" for v in calibrated) / n
    wall, cpu = found["seconds"] / (n + m), found["cpu"] / (n + m)
    return (f"| {found['name']} | {n} | {rate(k, n)} | {ok} | {rate(passed(before), n)} | "
            f"{undecided:.0%} | {m} | {power:.0%} ({power_before:.0%}) | {wall:.2f} s "
            f"({cpu:.2f} s) |")


def excess_note(rows: list[tuple[str, int, int]]) -> str:
    """How surprising each (name, passed, studies) rate at the margin would be were the true
    rate exactly the allowed one: the one-sided binomial chance of this many passes or more."""
    parts = [f"{name}: {k} of {n}, p = {binom.sf(k - 1, n, ALLOWED):.2f}" for name, k, n in rows]
    return (f"Were the true rate at the margin exactly {ALLOWED:.1%}, the chance of at least "
            f"as many passes as seen (one-sided binomial): {'; '.join(parts)}. A check whose "
            f"rate is exactly {ALLOWED:.1%} shows a point estimate above {ALLOWED:.1%} in about "
            "half of such runs.")


def margin_tally(found: dict) -> tuple[str, int, int]:
    return found["name"], passed([pair[0] for pair in found["at_margin"]]), len(found["at_margin"])


def section(results: list[dict]) -> str:
    lines = [SECTION, "",
             f"`benchmarks/bench_rater_check.py`: five raters (t = 0.4, p = 0.5), rater R1 checked "
             f"at margin {MARGIN:.2f}, level {LEVEL} (two-sided interval; the one-sided error "
             f"allowed is {ALLOWED:.1%}). The interval for R1's accuracy minus the simple mean "
             "of the others' (per-rater t-a-p fit, 2 EM starts) is the profile-likelihood "
             f"interval with each end calibrated by simulation ({RESAMPLES} studies with the "
             "same design simulated from the fit constrained to that end, all refitted in one "
             "batched Newton pass; `tapdesk/engine/raters/check_calibration.py`). *Passed* = "
             "verdict non-inferior or superior; rates with their Clopper-Pearson 95% interval. "
             f"*Within* = the rate at the margin is at most {ALLOWED:.1%} and its interval's "
             f"lower end below {ALLOWED:.1%}. *Uncalibrated* = the verdict the profile-likelihood "
             "interval alone gives in the same studies (the check before this calibration).",
             "",
             "| scenario | studies at margin | passed at margin (type I) | within | same studies, "
             "uncalibrated | undecided at margin | studies equal | passed when equal (power; "
             "uncalibrated) | time per check, wall (CPU) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    lines += [row(found) for found in results]
    lines += ["", excess_note([margin_tally(found) for found in results])]
    lines += ["", f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared with other "
                  f"jobs), Python {platform.python_version()}; date {time.strftime('%Y-%m-%d')}."]
    return "\n".join(lines) + "\n"


def uncalibrated_rate(panel: float, subjects: int, studies: int, seed: int) -> tuple[int, int]:
    """(passes, studies) of the uncalibrated verdict at the margin, from many simulated studies
    fitted in batches: the uncalibrated interval's lower end is above -margin exactly when
    the signed root at -margin exceeds z, so only that root is computed."""
    from tapdesk.engine.binary.rater_standing import accuracy_contrast
    from tapdesk.engine.binary.rating_patterns import patterns_of
    from tapdesk.engine.intervals import z_value
    from tapdesk.engine.raters.check_batch import fit_studies
    from tapdesk.engine.raters.check_calibration import signed_roots
    from tapdesk.engine.raters.check_simulate import simulate

    a = np.array([panel - MARGIN] + [panel] * 4)
    x = np.concatenate([[PANEL_T], a + (1 - a) * PANEL_P, (1 - a) * PANEL_P])
    design = np.ones((subjects, len(a)), int)
    contrast = accuracy_contrast(len(a), 0, np.ones(len(a)))
    rng, k = np.random.default_rng(seed), 0
    for first in range(0, studies, 4000):
        size = min(4000, studies - first)
        counts = patterns_of(simulate(design, x, size, rng), design)
        held_theta, held = fit_studies(counts, np.tile(x, (size, 1)), contrast,
                                       np.full(size, -MARGIN))
        roots = signed_roots(contrast, -MARGIN, fit_studies(counts, held_theta), held)
        k += int((roots > z_value(LEVEL)).sum())
    return k, studies


def control_variate(pairs: list[tuple[str, str]], known: tuple[int, int]) -> str:
    """The calibrated rate at the margin estimated with the uncalibrated verdict as a control
    variate: its rate ``known`` closely, plus the paired difference in these studies."""
    n = len(pairs)
    calibrated = np.array([pair[0] in PASSES for pair in pairs], float)
    before = np.array([pair[1] in PASSES for pair in pairs], float)
    only_before, only_calibrated = int(((before == 1) & (calibrated == 0)).sum()), \
        int(((calibrated == 1) & (before == 0)).sum())
    base = known[0] / known[1]
    difference = calibrated - before
    estimate = base + difference.mean()
    se = np.sqrt(base * (1 - base) / known[1] + difference.var(ddof=1) / n)
    return (f"The same rate estimated with the uncalibrated verdict as a control variate: that "
            f"verdict's rate at the margin is known closely from {known[1]} studies simulated "
            f"and fitted in batches ({known[0]} passed, {base:.2%}); in these {n} studies the "
            f"calibrated verdict passed {only_calibrated} that the uncalibrated did not and "
            f"failed {only_before} that it passed, so the calibrated rate is {base:.2%} "
            f"{'-' if difference.mean() < 0 else '+'} {abs(difference.mean()):.2%} = "
            f"{estimate:.2%} (standard error {se:.2%}).")


def repeat_section(found: dict, seed: int, known: tuple[int, int]) -> str:
    """The section of a repeat of the first scenario's studies at the margin, with new seeds."""
    n = len(found["at_margin"])
    calibrated, before = ([pair[i] for pair in found["at_margin"]] for i in (0, 1))
    k = passed(calibrated)
    low, _ = clopper_pearson(k, n)
    ok = "yes" if k / n <= ALLOWED and low < ALLOWED else "NO"
    return "\n".join([
        REPEAT_SECTION.format(seed=seed), "",
        f"`benchmarks/bench_rater_check.py --repeat {n} --seed {seed}`: {n} more studies of "
        f"the first scenario above ({found['name']}) at the margin only, drawn with seed "
        f"{seed} (the run above used 100); the same check, columns as above.", "",
        "| scenario | studies at margin | passed at margin (type I) | within | same studies, "
        "uncalibrated | time per check, wall (CPU) |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| {found['name']} | {n} | {rate(k, n)} | {ok} | {rate(passed(before), n)} | "
        f"{found['seconds'] / n:.2f} s ({found['cpu'] / n:.2f} s) |", "",
        excess_note([margin_tally(found)]), "",
        control_variate(found["at_margin"], known), "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared with other jobs), Python "
        f"{platform.python_version()}; date {time.strftime('%Y-%m-%d')}."]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every scenario's number of studies by this")
    parser.add_argument("--repeat", type=int, default=0, metavar="N",
                        help="only repeat the first scenario's studies at the margin, N of them "
                             "(written to their own section)")
    parser.add_argument("--seed", type=int, default=200, help="the repeat's seed")
    args = parser.parse_args()
    if args.repeat:
        name, panel, subjects, _, _ = SCENARIOS[0]
        found = run_scenario(name, panel, subjects, args.repeat, 0, seed=args.seed)
        known = uncalibrated_rate(panel, subjects, UNCALIBRATED_STUDIES, seed=args.seed + 1)
        text = repeat_section(found, args.seed, known)
        print(text)
        write_section(REPEAT_SECTION.format(seed=args.seed), text)
        return
    results = []
    for i, (name, panel, subjects, at_margin, equal) in enumerate(SCENARIOS):
        results.append(run_scenario(name, panel, subjects, max(1, round(args.scale * at_margin)),
                                    max(1, round(args.scale * equal)), seed=100 + i))
        print(row(results[-1]), flush=True)
    text = section(results)
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
