"""Dawid-Skene's chance flags on panels of equal raters, and for a rater at chance (issue 78, item 1).

Before issue 78 a Dawid-Skene fit flagged a rater "no better than chance (accuracy 0.22, chance
0.25)" whenever the estimate of the rater's accuracy was at or below chance. It now flags a
rater "accuracy not clearly above chance (...)" where the interval of the rater's accuracy
beyond chance, a, reaches 0 (the per-rater models' one rule, ``rater_words.chance_flag``).

Each panel has five raters and K equally common categories; every rating is right with the
t-a-p accuracy a and else a uniform guess, so a rater names the true category with probability
a + (1 - a) / K. Two kinds of panel, on the same seeds:

* equal: every rater names the true category 51% of the time (chance 1 / K);
* one at chance: four raters at 51% and R5 with a = 0 (ratings unrelated to the true category).

Counted, with 95% Wilson intervals: equal panels with any chance flag; equal panels where some
rater's interval of a lies wholly at or below 0 (what a verdict "no better than chance" would
need; the new fit only); equal panels whose headline says the data cannot tell the raters apart
(the new fit only); panels where the rater at chance is flagged, and where that rater's whole
interval lies at or below 0 (the new fit only); and how often the interval of a holds the true
a (the new fit only). The fit is the app's (``engine.fit``, default request).

Run: ``.venv/bin/python benchmarks/bench_ds_chance_flag.py [--panels N] [--quick]
[--json FILE] [--model categorical-per-rater]``; ``--compare BEFORE.json AFTER.json`` prints
the two runs side by side, the table of the section "## Dawid-Skene chance flags rest on an
interval (issue 78)" of benchmarks/RESULTS.md. Run it on the code before issue 78 (a copy of
that tree on PYTHONPATH) for BEFORE.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")    # as tapdesk/__init__.py sets before numpy loads

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.categorical.simulate import (  # noqa: E402
    simulate_codes,
    table_from_codes,
    tap_confusions,
)

DESIGNS = ((3, 30), (3, 60), (4, 30), (4, 40), (4, 60))
"""(categories K, subjects): issue 78's panel was K = 4, 40 subjects."""
RATERS, NAMING = 5, 0.51
SEED = 78_000


def equal_a(k: int) -> float:
    """The t-a-p a of a rater who names the true category NAMING of the time."""
    return (NAMING - 1 / k) / (1 - 1 / k)


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson score interval (95%) of the rate k / n (statsmodels' proportion_confint)."""
    if n == 0:
        return 0.0, 1.0
    from statsmodels.stats.proportion import proportion_confint
    low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
    return float(low), float(high)


def rate(k: int | None, n: int) -> str:
    """"9/100: 9.0% (4.8-16.2%)", or "-" where the run did not count it (the old fit)."""
    if k is None or not n:
        return "-"
    low, high = wilson(k, n)
    return f"{k}/{n}: {100 * k / n:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def one_panel(k: int, n_subjects: int, accuracies: list[float], seed: int,
              model: str = "dawid-skene") -> dict:
    """Fit one panel; what its raters' flags, intervals and headline say."""
    t = np.full(k, 1 / k)
    confusions = tap_confusions(accuracies, [t] * RATERS, RATERS)
    _, codes = simulate_codes(t, confusions, n_subjects, seed=seed)
    result = fit(FitRequest(model=model), table_from_codes(codes, k=k))
    flagged, below, covered, intervals = [], [], [], 0
    for rater, truth in zip(result.raters, accuracies):
        flagged.append("chance" in str(rater.flagged))
        a = next((e for e in rater.estimates if e.name == "a"), None)
        if a is not None and a.ci is not None:
            intervals += 1
            below.append(a.ci[1] <= 0)
            covered.append(a.ci[0] <= truth <= a.ci[1])
    apart = any("cannot tell the raters apart" in str(line) for line in result.headline)
    return {"flagged": flagged, "below": below, "covered": covered, "intervals": intervals,
            "apart": apart}


def run(panels: int, model: str = "dawid-skene") -> dict:
    out: dict = {"panels": panels, "model": model, "designs": {}}
    for k, n in DESIGNS:
        started = time.process_time()
        equal = [one_panel(k, n, [equal_a(k)] * RATERS, SEED + i, model) for i in range(panels)]
        chance = [one_panel(k, n, [equal_a(k)] * (RATERS - 1) + [0.0], SEED + i, model)
                  for i in range(panels)]
        seconds = time.process_time() - started
        shown = bool(equal[0]["intervals"])
        cover_equal = [c for p in equal for c in p["covered"]]
        cover_chance = [p["covered"][-1] for p in chance if p["covered"]]
        row = {
            "any_flag": sum(any(p["flagged"]) for p in equal),
            "raters_flagged": sum(sum(p["flagged"]) for p in equal),
            "whole_below": sum(any(p["below"]) for p in equal) if shown else None,
            "apart": sum(p["apart"] for p in equal) if shown else None,
            "chance_flagged": sum(p["flagged"][-1] for p in chance),
            "chance_below": sum(bool(p["below"]) and p["below"][-1] for p in chance)
            if shown else None,
            "cover_equal": [sum(cover_equal), len(cover_equal)] if shown else None,
            "cover_chance": [sum(cover_chance), len(cover_chance)] if shown else None,
            "cpu_per_panel": seconds / (2 * panels)}
        out["designs"][f"{k}x{n}"] = row
        print(f"K={k}, {n} subjects: any flag {rate(row['any_flag'], panels)}; rater at chance "
              f"flagged {rate(row['chance_flagged'], panels)}; {row['cpu_per_panel']:.2f} s "
              "a fit", flush=True)
    return out


def table(before: dict, after: dict) -> str:
    """Markdown: the two runs side by side, a row per design."""
    lines = ["| K | subjects | equal panels with any chance flag, before | after | "
             "equal panels with a rater's whole interval of a at or below 0 | equal panels "
             "whose headline says the raters cannot be told apart | rater at chance flagged, "
             "before | after | rater at chance with a whole interval of a at or below 0 | "
             "interval of a holds the true a: equal raters, rater at chance | "
             "CPU a fit, before / after (s) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    n_before, n_after = before["panels"], after["panels"]
    for key, now in after["designs"].items():
        old = before["designs"][key]
        k, n = key.split("x")
        cover = "; ".join(rate(*now[c]) if now[c] else "-" for c in ("cover_equal", "cover_chance"))
        lines.append(
            f"| {k} | {n} | {rate(old['any_flag'], n_before)} | {rate(now['any_flag'], n_after)} "
            f"| {rate(now['whole_below'], n_after)} | {rate(now['apart'], n_after)} | "
            f"{rate(old['chance_flagged'], n_before)} | {rate(now['chance_flagged'], n_after)} | "
            f"{rate(now.get('chance_below'), n_after)} | {cover} | "
            f"{old['cpu_per_panel']:.2f} / {now['cpu_per_panel']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--panels", type=int, default=150, help="panels of each kind and design")
    parser.add_argument("--quick", action="store_true", help="5 panels of each (a smoke run)")
    parser.add_argument("--json", type=Path, help="keep the counts in this file")
    parser.add_argument("--model", default="dawid-skene",
                        help="another model of several categories to count the same way (the "
                             "per-rater model's flag follows the same rule)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        print(table(before, after))
        return 0
    out = run(5 if args.quick else args.panels, args.model)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
