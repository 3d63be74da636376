"""Recovery, coverage, test size and speed of the explanatory models (issue 42).

Small simulated studies (simulated by :mod:`tapdesk.engine.explain.simulate`), each fitted by
maximum likelihood at 95% as ``tapdesk fit`` fits them:

- **Coverage**: the share of studies whose 95% profile interval holds the true value, for every
  group's class share t_g and every accuracy coefficient b (and the effect in points of
  accuracy). The issue asks 93-97%.
- **Size**: under no effect (equal class shares; accuracy not depending on the attribute), the
  share of studies whose likelihood-ratio test rejects at 5%.
- **Speed**: each explanatory fit's whole time against the per-rater fit of the same data (the
  issue asks at most 2x), median over the timed studies.

Run: ``.venv/bin/python benchmarks/bench_explain.py [--studies N]`` (N = 200 per scenario by
default). Prints each row and replaces the section "## Explanatory models (issue 42)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")    # as tapdesk/__init__.py sets before numpy loads

import argparse  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from bench_rater_check import clopper_pearson  # noqa: E402 - benchmarks/ is on sys.path
from results_file import write_section  # noqa: E402
from scipy.special import expit  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.explain.simulate import simulate_explained  # noqa: E402

SECTION = "## Explanatory models (issue 42)"
AGES = np.array([26.0, 33, 39, 45, 51, 57, 64])
GUESS = (0.6, 0.4)


@dataclass(frozen=True)
class Scenario:
    name: str
    model: str
    t: tuple[tuple[float, ...], ...]
    b: float
    group_size: int
    per_subject: int
    groups: bool
    attribute: bool
    guess: tuple[float, ...] = GUESS
    b0: float = 0.6


SCENARIOS = (
    Scenario("tap, class share by group, no difference", "tap", ((0.6, 0.4), (0.6, 0.4)), 0.0,
             60, 4, True, False),
    Scenario("tap, accuracy by age, no effect", "tap", ((0.55, 0.45),), 0.0, 120, 4, False, True),
    Scenario("tap, both, with effects", "tap", ((0.75, 0.25), (0.45, 0.55)), 0.05, 60, 4, True,
             True),
    Scenario("per-rater, class share by group, no difference", "per-rater",
             ((0.6, 0.4), (0.6, 0.4)), 0.0, 60, 4, True, False),
    Scenario("categorical (3), class shares by group, no difference", "categorical",
             ((0.3, 0.4, 0.3), (0.3, 0.4, 0.3)), 0.0, 60, 4, True, False, (0.3, 0.4, 0.3), 0.8),
)


@dataclass
class Tally:
    covered: dict[str, list[int]] = field(default_factory=dict)
    rejected: dict[str, int] = field(default_factory=dict)
    ratio: list[float] = field(default_factory=list)
    studies: int = 0

    def cover(self, name: str, inside: bool) -> None:
        self.covered.setdefault(name, [0, 0])
        self.covered[name][0] += int(inside)
        self.covered[name][1] += 1


def study(s: Scenario, seed: int):
    n_groups = len(s.t)
    labels = ("no", "yes") if len(s.t[0]) == 2 else tuple(str(c + 1) for c in range(len(s.t[0])))
    return simulate_explained(s.t, [s.group_size] * n_groups, AGES, s.b0, [s.b], s.guess, seed,
                              per_subject=s.per_subject, categories=labels,
                              attribute_names=("age",))


def request(s: Scenario, seed: int) -> FitRequest:
    return FitRequest(model=s.model, class1=("yes",) if s.model != "categorical" else None,
                      subject_group="group" if s.groups else None,
                      rater_attributes=("age",) if s.attribute else (), seed=seed)


def inside(interval, value: float) -> bool:
    return interval is not None and interval[0] <= value <= interval[1]


def run_scenario(s: Scenario, n: int, seed: int, timed: int) -> Tally:
    tally = Tally()
    for k in range(n):
        table = study(s, seed * 100_000 + k)
        start = time.process_time()
        result = fit(request(s, k), table)
        spent = time.process_time() - start
        tally.studies += 1
        _check(s, result, tally)
        if k < timed:
            start = time.process_time()
            fit(FitRequest(model="per-rater", class1=("yes",) if s.model != "categorical"
                           else (table.categories[-1],), seed=k), table)
            tally.ratio.append(spent / max(time.process_time() - start, 1e-9))
    return tally


def _check(s: Scenario, result, tally: Tally) -> None:
    if s.groups:
        for g in result.groups:
            index = int(g.group) - 1
            truth = s.t[index][1] if g.category is None else \
                s.t[index][result.categories.index(g.category)]
            tally.cover("t_g", inside(g.interval, truth))
        tally.rejected["groups differ"] = tally.rejected.get("groups differ", 0) + \
            int(result.group_test.p_value < 0.05)
    if s.attribute:
        effect, = result.effects
        tally.cover("b (per 10 years)", inside(effect.coefficient_interval, s.b * effect.per))
        centre = AGES.mean()
        truth = expit(s.b0 + s.b * (effect.high - centre)) - expit(s.b0 + s.b * (effect.low - centre))
        tally.cover("effect in points", inside(effect.interval, truth))
        tally.rejected["attribute matters"] = tally.rejected.get("attribute matters", 0) + \
            int(result.attribute_test.p_value < 0.05)


def rate(k: int, n: int) -> str:
    lo, hi = clopper_pearson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)"


def rows_for(s: Scenario, tally: Tally) -> list[str]:
    out = []
    for name, (k, n) in tally.covered.items():
        out.append(f"| {s.name} | {tally.studies} | coverage of {name} ({n} intervals) | "
                   f"{rate(k, n)} |")
    no_effect = s.b == 0 and all(row == s.t[0] for row in s.t)
    for name, k in tally.rejected.items():
        what = "size" if no_effect else "power"
        out.append(f"| {s.name} | {tally.studies} | {what}: test '{name}' rejects at 5% | "
                   f"{rate(k, tally.studies)} |")
    if tally.ratio:
        out.append(f"| {s.name} | {len(tally.ratio)} timed | time / per-rater fit of the same "
                   f"data (median, max) | {np.median(tally.ratio):.2f}x, "
                   f"{np.max(tally.ratio):.2f}x |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studies", type=int, default=200, help="studies per scenario")
    parser.add_argument("--timed", type=int, default=20, help="studies also timed per scenario")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    rows, start = [], time.time()
    for s in SCENARIOS:
        tally = run_scenario(s, args.studies, args.seed, args.timed)
        new = rows_for(s, tally)
        print("\n".join(new), flush=True)
        rows += new
    minutes = (time.time() - start) / 60
    text = "\n".join([
        SECTION, "",
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} cores, "
        f"shared), one process, {minutes:.0f} minutes; seed {args.seed}; {args.studies} studies "
        "per scenario. Studies: groups of 60 subjects (or 120 without groups), 7 raters aged 26 "
        "to 64, each subject rated by 4 of them; accuracy logit 0.6 + b (age - mean) (0.8 for "
        "the K-category model); maximum likelihood at 95%. Rates with 95% Clopper-Pearson "
        "intervals. Times are CPU seconds of the whole fit (estimates, profile intervals, "
        "effects, likelihood-ratio tests) over the per-rater fit of the same data.", "",
        "| scenario | studies | measure | rate |", "|---|---|---|---|", *rows, "",
        "Targets: coverage 93-97%; size at most 5% within Monte Carlo error; time at most 2x "
        "the per-rater fit."])
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
