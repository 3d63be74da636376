"""Verdicts at crowd scale (issue 43 with issue 39's rule): who is named among 1,000 workers.

A crowd of 1,000 workers labels 50,000 items, 3 labels an item (150 labels a worker), past the
per-rater fit's profile-likelihood budget: each worker is compared with the rest of the panel
from their own labels (:mod:`tapdesk.engine.binary.crowd_standing`), and the comparisons are
judged together against simulated panels of equal workers (:mod:`crowd_family`). Measured:

- Panel-wide false naming: all workers right 80% of the time: in how many panels anyone is
  named (accuracy or guess rate), against the stated 5%, with the exact (Clopper-Pearson)
  95% interval of the rate; at 1,000 workers and, for more panels in the time, at 150.
- Power: 5% of the workers are right 55% of the time, the rest 95%: how many of the weak
  workers are named "lower", and how many others are named at all.
- The time of one fit at 1,000 workers (the comparisons and the simulated panels included).
- Small sparse panels (12, 20 and 30 equal workers, 300 items, 3 labels an item), which the
  profile searches' work budget (:mod:`tapdesk.engine.binary.search_budget`) sends to the same
  path: panel-wide false naming there (``--only-sparse`` prints these rows alone).

    .venv/bin/python benchmarks/bench_crowd_verdicts.py [--panels 40] [--small-panels 100]
        [--sparse-panels 100] [--only-sparse]

Replaces the section "## Verdicts at crowd scale (issue 43)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np
from results_file import write_section  # benchmarks/ is on sys.path when run as a script
from scipy.stats import beta

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine" / "binary"))
from test_crowd_verdicts import REQUEST, crowd_fit, crowd_table, named  # noqa: E402

from tapdesk.engine import fit  # noqa: E402
from tapdesk.engine.binary import per_rater  # noqa: E402

SECTION = "## Verdicts at crowd scale (issue 43)"


def exact_interval(k: int, n: int) -> tuple[float, float]:
    """Clopper-Pearson 95% interval of a binomial rate k / n."""
    low = beta.ppf(0.025, k, n - k + 1) if k else 0.0
    high = beta.ppf(0.975, k + 1, n - k) if k < n else 1.0
    return float(low), float(high)


def power(workers: int, panels: int) -> tuple[int, int, int, list[float]]:
    """(weak workers named lower, weak workers, others named, seconds per fit) over ``panels``."""
    found = weak_total = wrong = 0
    times = []
    for seed in range(panels):
        accuracy = np.full(workers, 0.95)
        weak = np.arange(0, workers, 20)
        accuracy[weak] = 0.55
        weak_ids = {f"w{j}" for j in weak}
        start = time.perf_counter()
        result = crowd_fit(accuracy, 50 * workers, 100 + seed)
        times.append(time.perf_counter() - start)
        said = named(result)
        found += sum(c.rater_id in weak_ids and c.name == "a" and c.verdict == "lower"
                     for c in said)
        wrong += sum(c.rater_id not in weak_ids for c in said)
        weak_total += len(weak)
    return found, weak_total, wrong, times


def false_naming(workers: int, panels: int, first_seed: int) -> tuple[int, int]:
    """(panels with anyone named, comparisons named) among ``panels`` crowds of equal workers."""
    results = (named(crowd_fit(np.full(workers, 0.8), 50 * workers, first_seed + seed))
               for seed in range(panels))
    counts = [len(said) for said in results]
    return sum(bool(c) for c in counts), sum(counts)


SPARSE_ITEMS = 300
"""Items of the small sparse panels (3 labels an item: 75 labels a worker at 12 workers, 30 at
30, as tests/fixtures/crowd_small.csv)."""


def many_raters_fit(workers: int, seed: int):
    """A small sparse panel of equal workers (80%) fitted on the many-raters path (own labels
    and simulated panels), the path the profile budget sends such designs to."""
    affordable = per_rater.profile_affordable
    per_rater.profile_affordable = lambda n_raters, n_ratings: False   # type: ignore
    try:
        return fit(REQUEST, crowd_table(np.full(workers, 0.8), SPARSE_ITEMS, seed))
    finally:
        per_rater.profile_affordable = affordable


def chosen_path(workers: int, seed: int) -> str:
    """The path the per-rater fit itself takes on one such panel."""
    result = crowd_fit(np.full(workers, 0.8), SPARSE_ITEMS, seed)
    simulated = result.panel_test is not None and "simulated panels" in result.panel_test.method
    return "own labels" if simulated else "profile likelihood"


def sparse_row(workers: int, panels: int, first_seed: int) -> str:
    """False naming on ``panels`` small sparse panels of equal workers."""
    counts = [len(named(many_raters_fit(workers, first_seed + k))) for k in range(panels)]
    hit = sum(bool(c) for c in counts)
    low, high = exact_interval(hit, panels)
    return (f"| {workers} equal workers (80%), {SPARSE_ITEMS} items, {3 * SPARSE_ITEMS // workers}"
            f" labels a worker, own labels and simulated panels (the fit itself takes: "
            f"{chosen_path(workers, first_seed)}): panels with anyone named | {hit} of {panels} = "
            f"{100 * hit / panels:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%; "
            f"{sum(counts)} comparisons named in all) |\n")


def sparse_rows(panels: int) -> str:
    return "".join(sparse_row(workers, panels, 9000 + 1000 * k)
                   for k, workers in enumerate((12, 20, 30)))


def row(workers: int, panels: int, seed: int) -> str:
    hit, claims = false_naming(workers, panels, seed)
    low, high = exact_interval(hit, panels)
    return (f"| {workers:,} equal workers (80%), {50 * workers:,} items: panels with anyone "
            f"named | {hit} of {panels} = {100 * hit / panels:.1f}% (95% interval "
            f"{100 * low:.1f}-{100 * high:.1f}%; {claims} comparisons named in all) |\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--panels", type=int, default=40)
    parser.add_argument("--small-panels", type=int, default=100)
    parser.add_argument("--power-panels", type=int, default=4)
    parser.add_argument("--sparse-panels", type=int, default=100)
    parser.add_argument("--only-sparse", action="store_true",
                        help="print the small sparse panels' rows only (RESULTS.md untouched)")
    args = parser.parse_args()
    if args.only_sparse:
        start = time.perf_counter()
        print(sparse_rows(args.sparse_panels), end="")
        print(f"{time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}")
        return
    start = time.perf_counter()
    load = os.getloadavg()[0]
    found, weak, wrong, times = power(1000, args.power_panels)
    rows = row(1000, args.panels, 1000) + row(150, args.small_panels, 5000) + \
        sparse_rows(args.sparse_panels)
    took = time.perf_counter() - start
    text = (f"{SECTION}\n\n"
            "Each worker against the rest of the panel from their own labels (likelihood ratio, "
            "the other workers and t held at the fit, each item's class from the other workers' "
            "labels alone), the comparisons judged together against 39 simulated panels of "
            "equal workers (a max-statistic test in each direction: a worker is named only where "
            "their signed root is beyond the largest of every simulated panel in its direction, "
            "each direction at 2.5%; 19 panels and one test on the largest |root| before issue "
            "78). Crowds simulated by "
            "`tests/engine/binary/test_crowd_verdicts.py` (3 labels an item, 150 a worker; "
            f"guesses say yes 40% of the time; 30% of items yes). {took:.0f} s in all, load "
            f"average {load:.1f} at the start on 2 cores.\n\n"
            "| what | found |\n|---|---|\n"
            f"| 1,000 workers: workers right 55% among workers right 95%, named lower | "
            f"{found} of {weak} ({args.power_panels} crowds) |\n"
            f"| the same crowds: workers right 95% named | {wrong} |\n"
            + rows +
            f"| a crowd of 1,000 workers x 50,000 items simulated, read and fitted, in-process "
            f"(median; at the load above) | "
            f"{np.median(times):.1f} s |\n\n"
            "Stated panel-wide rate: 5%. Before (the Wald intervals judged by Holm's procedure, "
            "20 panels of 1,000 equal workers): anyone named on accuracy in 6 of 20 panels, on "
            "accuracy or guess rate in 19 of 20; 39 of 100 weak workers named.\n")
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
