"""crowd-kit's contract (issue 75 item 3): is ``tapdesk.crowd``'s ``fit_predict`` as quick as
crowd-kit's Dawid-Skene, now that it computes the estimates only?

On a simulated crowd of 900 labels (300 tasks x 3 labels, 30 workers, two classes;
``benchmarks/crowd_data.py``, seed 1), in one process that has both TapDesk and crowd-kit:
crowd-kit's ``DawidSkene(n_iter=100).fit_predict(df)``, TapDesk's
``PerRaterTAP(class1=1).fit_predict(df)`` and ``DawidSkene(n_iter=100).fit_predict(df)``,
alternating over the rounds of one run. Reported: each one's first call (TapDesk's includes
loading its engine, which ``import tapdesk`` defers) and the median of the later rounds, wall
seconds; each TapDesk time over crowd-kit's (target: at most 3x); the share of tasks given
crowd-kit's label, and the share given the simulated truth; and, for the record, the full
analysis (``analysis=True``: intervals, rater verdicts, model comparisons) timed once.

crowd-kit is no TapDesk dependency: run this with a venv that has both, e.g.

    python3.11 -m venv /tmp/ckvenv && /tmp/ckvenv/bin/pip install crowd-kit \\
        -r requirements/app.txt
    PYTHONPATH=. nice -n 10 /tmp/ckvenv/bin/python benchmarks/bench_crowd_contract.py

Prints the figures and replaces the section "## crowd-kit's contract: fit_predict against
crowd-kit's Dawid-Skene (issue 75, item 3)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import pandas as pd
from crowd_data import write_csv  # benchmarks/ is on sys.path when run as a script
from results_file import write_section

SECTION = "## crowd-kit's contract: fit_predict against crowd-kit's Dawid-Skene (issue 75, item 3)"


def timed(make, frame: pd.DataFrame) -> tuple[float, pd.Series]:
    """Wall seconds of ``make().fit_predict(frame)``, and its labels."""
    started = time.perf_counter()
    labels = make().fit_predict(frame)
    return time.perf_counter() - started, labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import crowdkit
    from crowdkit.aggregation import DawidSkene as CrowdKitDawidSkene

    import tapdesk
    from tapdesk.crowd import DawidSkene, PerRaterTAP
    runs = {
        "crowd-kit DawidSkene(n_iter=100)": lambda: CrowdKitDawidSkene(n_iter=100),
        "TapDesk PerRaterTAP(class1=1)": lambda: PerRaterTAP(class1=1),
        "TapDesk DawidSkene(n_iter=100)": lambda: DawidSkene(n_iter=100),
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "crowd.csv"
        truth = write_csv(path, n_workers=30, n_items=300, k=2, per_item=3, seed=1)
        frame = pd.read_csv(path, dtype={"task": str, "worker": str, "label": int})
    true_label = pd.Series(truth + 1, index=[f"t{i}" for i in range(len(truth))])
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    labels: dict[str, pd.Series] = {}
    for _ in range(args.rounds + 1):
        for name, make in runs.items():
            took, labels[name] = timed(make, frame)
            seconds[name].append(took)
    full_started = time.perf_counter()
    PerRaterTAP(class1=1, analysis=True).fit_predict(frame)
    full = time.perf_counter() - full_started
    theirs = labels["crowd-kit DawidSkene(n_iter=100)"]
    base = statistics.median(seconds["crowd-kit DawidSkene(n_iter=100)"][1:])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [SECTION, "",
             "900 labels (300 tasks x 3, 30 workers, two classes; `benchmarks/crowd_data.py`, "
             "seed 1), read with `pd.read_csv`; each aggregator's `fit_predict(df)` in one process "
             f"(crowd-kit {crowdkit.__version__}, TapDesk {tapdesk.__version__}), alternating over "
             f"{args.rounds + 1} rounds of one run: the first call, then the median of the other "
             f"{args.rounds}, wall seconds. {os.cpu_count()} cores, load average {load:.2f} at the "
             "end; `benchmarks/bench_crowd_contract.py`, run with `nice -n 10`.", "",
             "| aggregator | first call (s) | median (s) | over crowd-kit | same label as "
             "crowd-kit | right (simulated truth) |",
             "|---|---:|---:|---:|---:|---:|"]
    worst = 0.0
    for name in runs:
        median = statistics.median(seconds[name][1:])
        ratio = median / base
        if name.startswith("TapDesk"):
            worst = max(worst, ratio)
        same = float((labels[name].loc[theirs.index] == theirs).mean())
        right = float((labels[name] == true_label.loc[labels[name].index]).mean())
        lines.append(f"| `{name}` | {seconds[name][0]:.2f} | {median:.3f} | {ratio:.2f}x | "
                     f"{same:.1%} | {right:.1%} |")
    verdict = "within" if worst <= 3 else "OVER"
    lines += ["", f"TapDesk's `fit_predict` is {verdict} 3x crowd-kit's Dawid-Skene (the slower "
              f"of the two: {worst:.2f}x). The first call includes loading TapDesk's engine "
              "(`import tapdesk` defers it). The full analysis, "
              "`PerRaterTAP(class1=1, analysis=True).fit_predict(df)` (profile-likelihood "
              "intervals of every worker, the panel's comparisons), took "
              f"{full:.1f} s once: what every `fit_predict` computed before issue 75."]
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(SECTION, text)


if __name__ == "__main__":
    main()
