"""Size of the explanatory models' tests on small panels (issue 55, item 2).

Panels are simulated with no effect (every group the same class shares, accuracy not depending
on the raters' age) and fitted as ``tapdesk fit --subject-group group --rater-attribute age``
fits them: the maximum from the request's starts, each nested model from its own starts
(:mod:`tapdesk.engine.explain.calibrate`), T = 2 (ll_full - ll_nested). For every panel the
chi-square test's verdict is kept, and one panel is simulated from the panel's own nested fit and
refitted (:func:`~tapdesk.engine.explain.calibrate.simulated_statistic`, as the app does for each
of its 199). The calibrated test's size is measured by the warp-speed method (Giacomini, Politis
& White 2013, Econometric Theory 29:567-589): the share of panels whose T exceeds the critical
value of the simulated T* pooled over all panels (each T* a draw of the calibrated test's
reference distribution at that panel's fit). It costs one simulated panel per panel instead of
199. ``--full N`` instead counts the app's own p < 0.05 over N whole fits (199 simulated panels
each) at one design, to check the warp-speed figure against the real thing.

Designs: 90 subjects in 3 groups of 30, each rated by 4 raters drawn at random from 4, 6, 8 or
12 raters with ages 26 to 64 (the audit's design had 6; 4 raters: ages 30 and 60, two each);
t-a-p and 3 categories with groups and age (both tests), per rater with groups. "At the rule"
designs have 100 ratings per free parameter, where the app starts using the chi-square
(calibrate.ASYMPTOTIC_RATINGS).

Run: ``nice .venv/bin/python benchmarks/bench_explain_size.py run --panels 400`` (records go to
``out/bench_explain_size/*.jsonl`` as they are made, so a run stopped early keeps its counts; a
second run adds to them), then ``... report`` to write the section "## Explanatory tests' size
(issue 55)" of benchmarks/RESULTS.md with Wilson 95% intervals.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")    # as tapdesk/__init__.py sets before numpy loads

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, replace  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from results_file import write_section  # noqa: E402 - benchmarks/ is on sys.path
from scipy.special import chdtrc  # noqa: E402
from scipy.stats import binomtest  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.cancel import NEVER_CANCELLED  # noqa: E402
from tapdesk.engine.explain.calibrate import (  # noqa: E402
    ASYMPTOTIC_RATINGS,
    attribute_nested,
    critical_value,
    group_nested,
    needs_simulation,
    simulated_statistic,
)
from tapdesk.engine.explain.data import prepare  # noqa: E402
from tapdesk.engine.explain.design import MIN_NUMERIC_LEVELS  # noqa: E402
from tapdesk.engine.explain.model import layout_for  # noqa: E402
from tapdesk.engine.explain.optimise import maximise, start_points  # noqa: E402
from tapdesk.engine.explain.simulate import simulate_explained  # noqa: E402
from tapdesk.engine.run import drive  # noqa: E402

SECTION = "## Explanatory tests' size (issue 55)"
OUT = Path(__file__).resolve().parents[1] / "out" / "bench_explain_size"
LEVEL = 0.95


@dataclass(frozen=True)
class Design:
    """One design: the model, the raters, the subjects in each of the 3 groups, whether age is
    asked for, the categories."""

    key: str
    model: str
    raters: int
    group_size: int
    attribute: bool
    k: int = 2

    @property
    def label(self) -> str:
        what = {"tap": "t-a-p, groups and age", "per-rater": "per rater, groups",
                "categorical": "3 categories, groups and age"}[self.model]
        return f"{what}; {self.raters} raters, 3 x {self.group_size} subjects"


def designs() -> tuple[Design, ...]:
    small = [Design(f"{m}-{r}", m, r, 30, m != "per-rater", 3 if m == "categorical" else 2)
             for m in ("tap", "per-rater", "categorical") for r in (4, 6, 8, 12)]
    # at the rule: 100 ratings per free parameter (t-a-p: 3 shares, a, b, p; per rater: 3
    # shares and 2 x 6 raters; 3 categories: 6 shares, a, b, 2 guesses), 4 ratings per subject
    at_rule = [Design("tap-rule", "tap", 6, 50, True), Design("per-rater-rule", "per-rater", 6,
                                                              125, False),
               Design("categorical-rule", "categorical", 6, 84, True, 3)]
    return tuple(small + at_rule)


def ages(raters: int) -> np.ndarray:
    """Ages 26 to 64; with fewer than 5 raters (too few values for a number, which the app then
    reads as categories, one effect each) two ages, 30 and 60, in turn: one effect."""
    if raters < MIN_NUMERIC_LEVELS:
        return np.resize([30.0, 60.0], raters)
    return np.linspace(26, 64, raters).round()


def panel(d: Design, seed: int):
    t = [[0.3, 0.4, 0.3]] * 3 if d.k == 3 else [[0.55, 0.45]] * 3
    guess = (0.3, 0.4, 0.3) if d.k == 3 else (0.6, 0.4)
    labels = ("1", "2", "3") if d.k == 3 else ("no", "yes")
    return simulate_explained(t, [d.group_size] * 3, ages(d.raters), 0.8 if d.k == 3 else 0.6,
                              [0.0],
                              guess, seed, per_subject=4, categories=labels,
                              attribute_names=("age",))


def request(d: Design, seed: int) -> FitRequest:
    return FitRequest(model=d.model, class1=None if d.k == 3 else ("yes",),
                      subject_group="group", rater_attributes=("age",) if d.attribute else (),
                      seed=seed)


def one_panel(d: Design, seed: int) -> dict[str, object]:
    """The panel's statistics: for each test T, its chi-square p and one simulated T*."""
    table = panel(d, seed)
    req = request(d, seed)
    prep = prepare(req, table)
    lay = layout_for(req, prep)
    best = drive(maximise(lay, prep.data, start_points(lay, prep.data, req.n_starts, req.seed),
                          NEVER_CANCELLED, 0, max_iterations=req.max_iterations,
                          tolerance=req.tolerance, emit=False))
    rng = np.random.default_rng([seed, 55])     # not the panel's own stream (its seed alone)
    out: dict[str, object] = {"seed": seed, "simulated": needs_simulation(lay, prep.data),
                              "ratings": prep.data.n_ratings, "parameters": lay.size}
    nested_fits = {"groups": group_nested}
    if d.attribute:
        nested_fits["age"] = attribute_nested
    for name, nested_fit in nested_fits.items():
        nested = drive(nested_fit(lay, prep.data, best.theta, req, NEVER_CANCELLED))
        df = lay.size - nested.layout.size
        statistic = max(2 * (best.log_likelihood - nested.log_likelihood), 0.0)
        out[name] = {"T": statistic, "df": df, "chi2_p": float(chdtrc(df, statistic)),
                     "T_star": simulated_statistic(lay, prep.data, nested, rng,
                                                   req.max_iterations)}
    return out


def full_panel(d: Design, seed: int) -> dict[str, object]:
    """The app's own fit (199 simulated panels per test): its p values."""
    result = fit(replace(request(d, seed), seed=seed + 10_000), panel(d, seed))
    out: dict[str, object] = {"seed": seed}
    for name, test in (("groups", result.group_test), ("age", result.attribute_test)):
        if test is not None:
            out[name] = {"p": test.p_value, "panels": test.simulated_panels}
    return out


def run(keys: list[str], panels: int, full: int) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    chosen = [d for d in designs() if not keys or d.key in keys]
    for d in chosen:
        path = OUT / (f"{d.key}-full.jsonl" if full else f"{d.key}.jsonl")
        done = {json.loads(line)["seed"] for line in path.open()} if path.exists() else set()
        wanted = full or panels
        start = time.time()
        with path.open("a") as sink:
            for seed in range(1, 10 * wanted):
                if len(done) >= wanted:
                    break
                if seed in done:
                    continue
                record = full_panel(d, seed) if full else one_panel(d, seed)
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                done.add(seed)
        print(f"{d.key}: {len(done)} panels ({time.time() - start:.0f} s)", flush=True)


def wilson(k: int, n: int) -> str:
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return f"{100 * k / n:.1f}% ({100 * ci.low:.1f}-{100 * ci.high:.1f}%)"


def rows_of(d: Design) -> list[str]:
    path = OUT / f"{d.key}.jsonl"
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.open()]
    n, out = len(records), []
    per = records[0]["ratings"] / records[0]["parameters"]
    rule = "simulated" if records[0]["simulated"] else "chi-square"
    for name in ("groups", "age"):
        if name not in records[0]:
            continue
        t = np.array([r[name]["T"] for r in records])
        star = np.array([r[name]["T_star"] for r in records])
        chi2 = int(sum(r[name]["chi2_p"] < 1 - LEVEL for r in records))
        test = "groups differ" if name == "groups" else "age matters"
        out.append(f"| {d.label} | {per:.0f} ({rule}) | {test} | {n} | {wilson(chi2, n)} | "
                   f"{warp_size(t, star)} |")
    return out


def warp_size(t: np.ndarray, star: np.ndarray) -> str:
    """The calibrated test's size by the warp-speed method, with a percentile interval from
    resampling the panels (each a pair T, T*): unlike a binomial interval it holds the error
    of the critical value, which is estimated from the same number of T*."""
    return pooled_warp_size([(t, star)])


def pooled_warp_size(designs: list[tuple[np.ndarray, np.ndarray]],
                     resamples: int = 2000) -> str:
    """The share rejected over several designs, each by its own critical value; the interval
    resamples the panels within each design."""
    def rejected(t: np.ndarray, star: np.ndarray) -> int:
        return int((t > critical_value(star, LEVEL)).sum())
    n = sum(len(t) for t, _ in designs)
    size = sum(rejected(t, star) for t, star in designs) / n
    rng = np.random.default_rng(0)
    sizes = np.zeros(resamples)
    for t, star in designs:
        for r, i in enumerate(rng.integers(0, len(t), (resamples, len(t)))):
            sizes[r] += rejected(t[i], star[i]) / n
    lo, hi = np.percentile(sizes, [2.5, 97.5])
    return f"{100 * size:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)"


def pooled_rows(keys: tuple[str, ...]) -> list[str]:
    """Over the small designs (4 to 12 raters) together, for each test."""
    out = []
    for name, test in (("groups", "groups differ"), ("age", "age matters")):
        pairs, chi2, n = [], 0, 0
        for d in designs():
            path = OUT / f"{d.key}.jsonl"
            if d.key not in keys or not path.exists():
                continue
            records = [json.loads(line) for line in path.open()]
            if name not in records[0]:
                continue
            pairs.append((np.array([r[name]["T"] for r in records]),
                          np.array([r[name]["T_star"] for r in records])))
            chi2 += sum(r[name]["chi2_p"] < 1 - LEVEL for r in records)
            n += len(records)
        if n:
            out.append(f"| all {len(pairs)} designs with 4 to 12 raters | - | {test} | {n} | "
                       f"{wilson(chi2, n)} | {pooled_warp_size(pairs)} |")
    return out


def full_rows() -> list[str]:
    out = []
    for d in designs():
        path = OUT / f"{d.key}-full.jsonl"
        if not path.exists():
            continue
        records = [json.loads(line) for line in path.open()]
        for name in ("groups", "age"):
            if name in records[0]:
                k = sum(r[name]["p"] < 1 - LEVEL for r in records)
                test = "groups differ" if name == "groups" else "age matters"
                out.append(f"| {d.label} | {test} | {len(records)} | {wilson(k, len(records))} |")
    return out


def report() -> None:
    rows = [row for d in designs() for row in rows_of(d)]
    rows += pooled_rows(tuple(d.key for d in designs() if not d.key.endswith("-rule")))
    full = full_rows()
    print("\n".join(rows + full))
    text = [SECTION, "",
            f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} "
            "cores, shared by other work), `nice`. Panels with no effect: every group's class "
            "shares (0.55, 0.45) (3 categories: 0.3, 0.4, 0.3), accuracy logit 0.6 (0.8) not "
            "depending on age, guesses (0.6, 0.4) ((0.3, 0.4, 0.3)); 3 groups, 4 ratings per "
            "subject from raters drawn at random. Size: the share of panels rejected at 5%; "
            "the chi-square's with Wilson 95% intervals. 'Calibrated' is the test the app uses "
            "below "
            f"{ASYMPTOTIC_RATINGS} ratings per free parameter (p from 199 panels simulated "
            "from the nested model's fit), measured by the warp-speed method (one simulated "
            "panel per panel, pooled; the module docstring says why this is the calibrated "
            "test's size), with a 95% percentile interval from resampling the panels, which "
            "holds the error of the pooled critical value as well as the binomial error. "
            "Ratings per parameter: the design's, and which test the app uses there.", "",
            "| design | ratings per parameter | test | panels | chi-square size | calibrated "
            "size |", "|---|---|---|---|---|---|", *rows]
    if full:
        text += ["", "The app's own fits (`fit`, 199 simulated panels per test, p < 0.05):", "",
                 "| design | test | panels | size |", "|---|---|---|---|", *full]
    text += ["", "Target: every calibrated size within 3.5-6.5%; at the rule (100 ratings per "
             "free parameter) the chi-square, which the app uses from there on, within it too."]
    write_section(SECTION, "\n".join(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("run", "report"))
    parser.add_argument("--panels", type=int, default=400, help="panels per design")
    parser.add_argument("--full", type=int, default=0,
                        help="instead: this many whole fits of the app (199 simulated panels)")
    parser.add_argument("--designs", nargs="*", default=[], help="design keys (default all)")
    args = parser.parse_args()
    if args.what == "run":
        run(args.designs, args.panels, args.full)
    else:
        report()


if __name__ == "__main__":
    main()
