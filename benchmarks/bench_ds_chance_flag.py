"""Per-rater chance flags on panels of equal raters, and for a rater at chance (issue 78, item 1).

The rule measured (``rater_words.chance_words``): a rater is flagged "accuracy no better than
chance (...)" only where the whole interval of the rater's accuracy a at the panel's level
(Bonferroni over the J raters: 1 - 0.05 / J) lies at or below 0; where the 95% interval shown
merely reaches 0 the rater gets words ("These data cannot show that R3 rates better than
chance: ..."), without a flag. Before this rule every per-rater fit flagged "accuracy not
clearly above chance (...)" wherever the 95% interval reached 0.

Each panel has five raters. K categories (Dawid-Skene, the categorical per-rater t-a-p model):
K equally common categories, every rating right with the t-a-p accuracy a and else a uniform
guess, so a rater names the true category with probability a + (1 - a) / K. Two classes (the
two-class per-rater t-a-p model, "per-rater"): t = 1/2, accuracy a, guesses Class 1 half the
time. Two kinds of panel, on the same seeds:

* equal: every rater names the true category 51% of the time (K categories; a = 0.35 for two
  classes);
* one at chance: four raters as in the equal panel and R5 with a = 0 (ratings unrelated to the
  true category), in one design only (``--power``).

Counted, with 95% Wilson intervals: equal panels with any flag for chance; equal panels where
some rater gets the words (the 95% interval reaches 0); panels where the rater at chance is
flagged, and where it gets the words. The fit is the app's (``engine.fit``, default request).

Run: ``.venv/bin/python benchmarks/bench_ds_chance_flag.py [--panels N] [--quick]
[--json FILE] [--model dawid-skene|categorical-per-rater|per-rater] [--power N]
[--designs 4x40,4x60]``; ``--table
FILE...`` prints the runs' rows, the table of the section "## Per-rater chance flags hold at the
panel's error rate (issue 78)" of benchmarks/RESULTS.md.
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

DESIGNS = {"dawid-skene": ((3, 30), (3, 60), (4, 30), (4, 40), (4, 60)),
           "categorical-per-rater": ((3, 30), (3, 60), (4, 30), (4, 40), (4, 60)),
           "per-rater": ((2, 40),)}
"""(categories K, subjects) for each model: issue 78's panel was K = 4, 40 subjects."""
POWER_DESIGN = {"dawid-skene": (4, 40), "categorical-per-rater": (4, 40), "per-rater": (2, 40)}
RATERS, NAMING, BINARY_A = 5, 0.51, 0.35
SEED = 78_000


def equal_a(k: int) -> float:
    """The t-a-p a of a rater who names the true category NAMING of the time (K > 2), or
    BINARY_A for two classes."""
    return BINARY_A if k == 2 else (NAMING - 1 / k) / (1 - 1 / k)


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson score interval (95%) of the rate k / n (statsmodels' proportion_confint)."""
    if n == 0:
        return 0.0, 1.0
    from statsmodels.stats.proportion import proportion_confint
    low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
    return float(low), float(high)


def rate(k: int | None, n: int) -> str:
    """"9/100: 9.0% (4.8-16.2%)", or "-" where the run did not count it."""
    if k is None or not n:
        return "-"
    low, high = wilson(k, n)
    return f"{k}/{n}: {100 * k / n:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def one_panel(k: int, n_subjects: int, accuracies: list[float], seed: int,
              model: str = "dawid-skene") -> dict:
    """Fit one panel; which raters are flagged for chance and which get the words."""
    t = np.full(k, 1 / k)
    confusions = tap_confusions(accuracies, [t] * RATERS, RATERS)
    _, codes = simulate_codes(t, confusions, n_subjects, seed=seed)
    result = fit(FitRequest(model=model), table_from_codes(codes, k=k))
    flagged = ["chance" in str(r.flagged) for r in result.raters]
    noted = [bool(getattr(r, "chance", "")) for r in result.raters]
    return {"flagged": flagged, "noted": noted}


def run(panels: int, model: str = "dawid-skene", power: int = 0,
        designs: tuple[tuple[int, int], ...] | None = None) -> dict:
    out: dict = {"panels": panels, "power_panels": power, "model": model, "designs": {}}
    for k, n in designs or DESIGNS[model]:
        started = time.process_time()
        equal = [one_panel(k, n, [equal_a(k)] * RATERS, SEED + i, model) for i in range(panels)]
        chance = [one_panel(k, n, [equal_a(k)] * (RATERS - 1) + [0.0], SEED + i, model)
                  for i in range(power)] if (k, n) == POWER_DESIGN[model] else []
        seconds = time.process_time() - started
        row = {"any_flag": sum(any(p["flagged"]) for p in equal),
               "any_noted": sum(any(p["noted"]) for p in equal),
               "chance_panels": len(chance),
               "chance_flagged": sum(p["flagged"][-1] for p in chance),
               "chance_noted": sum(p["noted"][-1] for p in chance),
               "cpu_per_panel": seconds / max(len(equal) + len(chance), 1)}
        out["designs"][f"{k}x{n}"] = row
        print(f"{model} K={k}, {n} subjects: any flag {rate(row['any_flag'], panels)}; words "
              f"{rate(row['any_noted'], panels)}; rater at chance flagged "
              f"{rate(row['chance_flagged'], len(chance))}; {row['cpu_per_panel']:.2f} s a fit",
              flush=True)
    return out


def table(runs: list[dict]) -> str:
    """Markdown: a row per model and design."""
    lines = ["| model | K | subjects | equal panels with a chance flag | equal panels where some "
             "rater gets the words (95% interval reaches 0) | rater at chance flagged | rater at "
             "chance gets the words | CPU a fit (s) |", "|---|---|---|---|---|---|---|---|"]
    for out in runs:
        for key, row in out["designs"].items():
            k, n = key.split("x")
            m = row["chance_panels"]
            lines.append(f"| {out['model']} | {k} | {n} | {rate(row['any_flag'], out['panels'])} | "
                         f"{rate(row['any_noted'], out['panels'])} | "
                         f"{rate(row['chance_flagged'], m)} | {rate(row['chance_noted'], m)} | "
                         f"{row['cpu_per_panel']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--panels", type=int, default=200, help="equal panels of each design")
    parser.add_argument("--power", type=int, default=0,
                        help="panels with a rater at chance, in the model's one power design")
    parser.add_argument("--quick", action="store_true", help="5 panels of each (a smoke run)")
    parser.add_argument("--json", type=Path, help="keep the counts in this file")
    parser.add_argument("--model", default="dawid-skene", choices=sorted(DESIGNS))
    parser.add_argument("--designs", help="only these designs, as 4x40,4x60 (K x subjects)")
    parser.add_argument("--table", nargs="+", type=Path, metavar="RUN")
    args = parser.parse_args(argv)
    if args.table:
        print(table([json.loads(p.read_text(encoding="utf-8")) for p in args.table]))
        return 0
    designs = tuple((int(d.split("x")[0]), int(d.split("x")[1])) for d in args.designs.split(",")) \
        if args.designs else None
    out = run(5 if args.quick else args.panels, args.model, 5 if args.quick else args.power,
              designs)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
