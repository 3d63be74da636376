"""Are the explanatory tests' simulated panels searched far enough? (issue 55, item 2)

The 3-category model's calibrated tests reject fewer panels with no effect than their 5% (groups
3.5%, age 3.9% over 8 and 12 raters: "Explanatory tests' size and naming: more panels"). A
reference T* that comes out too large makes a test strict; one way it could is a search stopped
short. Each simulated panel's T* is found as the app finds it (:func:`panel_statistic`: the
nested model's one local search from the nested fit moved off the box, the full model's from
its end, both to :data:`SIMULATION_TOLERANCE`), and again by global searches: the nested model
from that start, the nested fit itself and 6 random starts, the full model from the nested
maximum and 6 random starts, each to 1e-11. The two T* of the same simulated ratings are
compared. The observed T is compared with the same fit from 12 more starts.

Designs and panels as in ``bench_explain_size.py`` (no effect; 90 subjects in 3 groups of 30,
4 ratings each); seeds from ``--first-seed``, the simulated ratings from a stream of their own.

Run: ``nice .venv/bin/python benchmarks/bench_explain_search.py --designs categorical-8
categorical-12 --panels 40 --stars 6``; records go to ``out/bench_explain_search/*.jsonl`` as
they are made; ``--report`` writes the section below of benchmarks/RESULTS.md from them.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import bench_explain_size as size  # first: it keeps numpy to one thread and finds tapdesk
import numpy as np
from results_file import write_section

from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.explain import calibrate
from tapdesk.engine.explain.data import prepare
from tapdesk.engine.explain.model import layout_for
from tapdesk.engine.explain.optimise import Maximum, maximise, start_points
from tapdesk.engine.run import drive

SECTION = "## Explanatory tests: simulated panels against global searches (issue 55)"
OUT = Path(__file__).resolve().parents[1] / "out" / "bench_explain_search"
GLOBAL_TOLERANCE = 1e-11
RANDOM_STARTS = 6
MATTERS = 0.01
"""A difference in T* that could move a verdict (the 5% critical values are 3.84 to 9.49)."""


def best_of(layout, data, starts: list[np.ndarray]) -> Maximum:
    return drive(maximise(layout, data, starts, NEVER_CANCELLED, 0, max_iterations=5000,
                          tolerance=GLOBAL_TOLERANCE, emit=False))


def global_statistic(layout, data, nested: calibrate.Nested, y: np.ndarray, seed: int) -> float:
    """T* of the ratings ``y`` from global searches of both models."""
    ny = replace(nested.data, y=y)
    reduced = best_of(nested.layout, ny, [calibrate.search_start(nested.theta), nested.theta]
                      + start_points(nested.layout, ny, RANDOM_STARTS, seed))
    fy = replace(data, y=y)
    full = best_of(layout, fy, [nested.embed(reduced.theta)]
                   + start_points(layout, fy, RANDOM_STARTS, seed + 1))
    return max(2 * (full.log_likelihood - reduced.log_likelihood), 0.0)


def one_panel(d: size.Design, seed: int, stars: int) -> dict[str, object]:
    table, req = size.panel(d, seed), size.request(d, seed)
    prep = prepare(req, table)
    lay = layout_for(req, prep)
    best = best_of(lay, prep.data, start_points(lay, prep.data, req.n_starts, req.seed))
    more = best_of(lay, prep.data, [best.theta] + start_points(lay, prep.data, 12, seed + 999))
    rng = np.random.default_rng([seed, 77])
    record: dict[str, object] = {"seed": seed}
    tests = {"groups": calibrate.group_nested}
    if d.attribute:
        tests["age"] = calibrate.attribute_nested
    for name, nested_fit in tests.items():
        nested = drive(nested_fit(lay, prep.data, best.theta, req, NEVER_CANCELLED))
        ys = [calibrate.simulated_ratings(nested.layout, nested.data, nested.theta, rng)
              for _ in range(stars)]
        record[name] = {
            "T": 2 * (best.log_likelihood - nested.log_likelihood),
            "T_more_starts": 2 * (more.log_likelihood - nested.log_likelihood),
            "app": [calibrate.panel_statistic(lay, prep.data, nested, y, req.max_iterations)
                    for y in ys],
            "global": [global_statistic(lay, prep.data, nested, y, seed * 100 + i)
                       for i, y in enumerate(ys)]}
    return record


def run(keys: list[str], panels: int, stars: int, first_seed: int) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    by_key = {d.key: d for d in size.designs()}
    for key in keys:
        with (OUT / f"{key}.jsonl").open("a", encoding="utf-8") as out:
            for seed in range(first_seed, first_seed + panels):
                out.write(json.dumps(one_panel(by_key[key], seed, stars)) + "\n")
                out.flush()


def rows(key: str) -> list[str]:
    records = [json.loads(line) for line in (OUT / f"{key}.jsonl").open(encoding="utf-8")]
    label = {d.key: d.label for d in size.designs()}[key]
    out = []
    for test in ("groups", "age"):
        if test not in records[0]:
            continue
        app = np.array([x for r in records for x in r[test]["app"]])
        best = np.array([x for r in records for x in r[test]["global"]])
        gain = np.array([r[test]["T_more_starts"] - r[test]["T"] for r in records])
        out.append(f"| {label} | {test} | {len(records)} | {len(app)} | {app.mean():.3f} | "
                   f"{best.mean():.3f} | {np.abs(app - best).max():.4f} | "
                   f"{int((app - best > MATTERS).sum())} | {gain.max():.1e} |")
    return out


def report(keys: list[str], words: str) -> None:
    table = ["| design | test | panels | T* | app's T* mean | global T* mean | largest "
             "difference | app's T* larger by > 0.01 | T: largest gain from 12 more starts |",
             "|---|---|---|---|---|---|---|---|---|"]
    for key in keys:
        table += rows(key)
    text = "\n".join([SECTION, "", words.strip(), "", *table])
    print(text)
    write_section(SECTION, text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--designs", nargs="+", default=["categorical-8", "categorical-12"])
    parser.add_argument("--panels", type=int, default=40)
    parser.add_argument("--stars", type=int, default=6)
    parser.add_argument("--first-seed", type=int, default=60001)
    parser.add_argument("--report", metavar="WORDS_FILE", type=Path,
                        help="write the section from the records, with this file's words above "
                             "the table")
    args = parser.parse_args()
    if args.report:
        report(args.designs, args.report.read_text(encoding="utf-8"))
    else:
        run(args.designs, args.panels, args.stars, args.first_seed)


if __name__ == "__main__":
    main()
