"""Verdicts at crowd scale (issue 43 with issue 39's rule): who is named among 1,000 workers.

A crowd of 1,000 workers labels 50,000 items, 3 labels an item (150 labels a worker), past the
per-rater fit's profile-likelihood budget, so each worker's comparison with the rest of the
panel uses the Wald interval (:func:`tapdesk.engine.binary.rater_standing.panel_wald_bounds`).

The app claims no verdict there (``WALD_NOT_JUDGED``); this measures why, judging the
intervals together as the app would (Holm's step-down, :func:`wald_judged`):

- Power: 5% of the workers are right 55% of the time, the rest 95%: how many of the weak
  workers would be named "lower", and how many others at all; and what the app names.
- Panel-wide false naming: all workers right 80% of the time: in how many panels anyone
  would be named (accuracy or guess rate), against the stated 5%; and what the app names.

    .venv/bin/python benchmarks/bench_crowd_verdicts.py [--panels 40] [--workers 1000]

Replaces the section "## Verdicts at crowd scale (issue 43)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine" / "binary"))
from test_crowd_verdicts import crowd_fit, named, wald_judged  # noqa: E402  (the tests' simulation)

SECTION = "## Verdicts at crowd scale (issue 43)"


def power(workers: int, items: int, panels: int) -> tuple[int, int, int, int]:
    """(weak workers judged lower, weak workers, others judged, named by the app) summed
    over ``panels``."""
    found = weak_total = wrong = claimed = 0
    for seed in range(panels):
        accuracy = np.full(workers, 0.95)
        weak = np.arange(0, workers, 20)
        accuracy[weak] = 0.55
        weak_ids = {f"w{j}" for j in weak}
        result = crowd_fit(accuracy, items, 100 + seed)
        out = [c for c in wald_judged(result) if c.name == "a"]
        claimed += len(named(result))
        found += sum(c.rater_id in weak_ids and c.difference < 0 for c in out)
        wrong += sum(c.rater_id not in weak_ids for c in out)
        weak_total += len(weak)
    return found, weak_total, wrong, claimed


def false_naming(workers: int, items: int, panels: int) -> tuple[int, int, int]:
    """Panels of equal workers with anyone judged different on accuracy, on either quantity,
    and named by the app."""
    results = [crowd_fit(np.full(workers, 0.8), items, 1000 + seed) for seed in range(panels)]
    judged = [wald_judged(r) for r in results]
    return (sum(any(c.name == "a" for c in j) for j in judged), sum(bool(j) for j in judged),
            sum(bool(named(r)) for r in results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--panels", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1000)
    args = parser.parse_args()
    items = 50 * args.workers
    start = time.perf_counter()
    found, weak, wrong, claimed = power(args.workers, items, max(args.panels // 10, 2))
    on_a, on_any, app = false_naming(args.workers, items, args.panels)
    took = time.perf_counter() - start
    text = (f"{SECTION}\n\n{args.workers:,} workers, {items:,} items, 3 labels an item (Wald "
            f"path); {took:.0f} s in all.\n\n"
            f"| what | found |\n|---|---|\n"
            f"| workers right 55% among workers right 95%, judged lower | {found} of {weak} |\n"
            f"| workers right 95% judged different on accuracy | {wrong} |\n"
            f"| panels of equal workers (80%) with anyone judged different on accuracy "
            f"(stated: 5%) | {on_a} of {args.panels} |\n"
            f"| the same, accuracy or guess rate | {on_any} of {args.panels} |\n"
            f"| workers the app names, all panels | {claimed + app} |\n")
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
