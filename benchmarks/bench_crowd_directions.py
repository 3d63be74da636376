"""Crowd verdicts in both directions (issue 78 item 2): which way the false names point.

Crowds of equal workers (all right 80% of the time; 60 workers x 600 items x 3 labels, about 30
labels a worker, the issue's design) are fitted per rater on the crowd path (each worker's own
labels, judged together against simulated panels: :mod:`tapdesk.engine.binary.crowd_family`).
Every crowd in which anyone is named is a false naming; each false name is counted by its
direction: "lower"/"less" (below the rest of the panel) or "higher"/"more" (above it).

Each crowd's names are written as one JSON line to ``--out`` as it is fitted (runs on separate
seed ranges can be joined: ``--report FILE ...`` reads them and prints the figures).

    nice -n 19 .venv/bin/python benchmarks/bench_crowd_directions.py --crowds 500 \\
        --first-seed 0 --out /tmp/directions-0.jsonl
    .venv/bin/python benchmarks/bench_crowd_directions.py --report /tmp/directions-*.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine" / "binary"))
from test_crowd_verdicts import crowd_fit, named  # noqa: E402

WORKERS, ITEMS = 60, 600
"""The issue's crowds: 60 equal workers x 600 items, 3 labels an item (30 labels a worker)."""

BELOW = ("lower", "less")
"""The verdicts below the rest of the panel (accuracy lower, guesses less)."""


def crowd_names(seed: int) -> dict:
    """One crowd's fit: its seed, its false names (rater, quantity, verdict) and CPU seconds."""
    start = time.process_time()
    result = crowd_fit(np.full(WORKERS, 0.8), ITEMS, seed)
    took = time.process_time() - start
    assert result.panel_test is not None and "simulated panels" in result.panel_test.method
    return {"seed": seed, "cpu": took,
            "named": [(c.rater_id, c.name, c.verdict) for c in named(result)]}


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson 95% interval of a binomial rate k / n."""
    centre, spread = k + z * z / 2, z * math.sqrt(k * (n - k) / n + z * z / 4)
    return (centre - spread) / (n + z * z), (centre + spread) / (n + z * z)


def clopper_pearson(k: int, n: int) -> tuple[float, float]:
    """Clopper-Pearson (exact) 95% interval of a binomial rate k / n."""
    from scipy.stats import beta
    low = beta.ppf(0.025, k, n - k + 1) if k else 0.0
    high = beta.ppf(0.975, k + 1, n - k) if k < n else 1.0
    return float(low), float(high)


def report(rows: list[dict]) -> str:
    """The figures of the crowds ``rows``: panels named, false names by direction, CPU."""
    crowds = len(rows)
    hit = sum(bool(r["named"]) for r in rows)
    names = [n for r in rows for n in r["named"]]
    below = sum(n[2] in BELOW for n in names)
    above = len(names) - below
    low, high = clopper_pearson(hit, crowds)
    w_low, w_high = wilson(hit, crowds)
    cpu = np.array([r["cpu"] for r in rows])
    return (f"crowds: {crowds}; panels with anyone named: {hit} = {100 * hit / crowds:.1f}% "
            f"(Clopper-Pearson 95% {100 * low:.1f}-{100 * high:.1f}%, Wilson "
            f"{100 * w_low:.1f}-{100 * w_high:.1f}%); false names: {len(names)}, below "
            f"(lower/less) {below}, above (higher/more) {above}; by quantity and verdict: "
            f"{sorted(Counter((n[1], n[2]) for n in names).items())}; "
            f"CPU per fit: median {np.median(cpu):.2f} s")


def read(paths: list[str]) -> list[dict]:
    rows = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            rows[row["seed"]] = row
    return [rows[s] for s in sorted(rows)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crowds", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", default="crowd-directions.jsonl")
    parser.add_argument("--report", nargs="*", help="the JSON lines of earlier runs to sum up")
    args = parser.parse_args()
    if args.report:
        print(report(read(args.report)))
        return
    start, load = time.perf_counter(), os.getloadavg()[0]
    with open(args.out, "a", encoding="utf-8") as out:
        for seed in range(args.first_seed, args.first_seed + args.crowds):
            out.write(json.dumps(crowd_names(seed)) + "\n")
            out.flush()
    print(report(read([args.out])))
    print(f"{time.perf_counter() - start:.0f} s, load average {load:.1f} at the start")


if __name__ == "__main__":
    main()
