"""Size of the explanatory models' tests on small panels (issue 55, item 2).

Panels are simulated with no effect (every group the same class shares, accuracy not depending
on the raters' age) and fitted as ``tapdesk fit --subject-group group --rater-attribute age``
fits them: the maximum from the request's starts, each nested model from its own starts
(:mod:`tapdesk.engine.explain.calibrate`), T = 2 (ll_full - ll_nested). For every panel the
chi-square test's verdict is kept, and ``--stars`` panels (8 by default) are simulated from the
panel's own nested fit and refitted (:func:`~tapdesk.engine.explain.calibrate.simulated_statistic`,
as the app does for each of its 199), from a random stream of their own. The calibrated test's
size is measured by the warp-speed method (Giacomini, Politis & White 2013, Econometric Theory
29:567-589): the share of panels whose T exceeds the critical value of the simulated T* pooled
over all panels (each T* a draw of the calibrated test's reference distribution at that panel's
fit). With one T* per panel the critical value's error is as large as the binomial error of the
share; a T* costs a single warm-started search (a seventh to a twentieth of the panel's own
multi-start fit), so several per panel buy that error down cheaply. ``--full N`` instead counts
the app's own p < 0.05 over N whole fits (199 simulated panels each) at one design, to check the
warp-speed figure against the real thing.

Designs: 90 subjects in 3 groups of 30, each rated by 4 raters drawn at random from 4, 6, 8 or
12 raters with ages 26 to 64 (the audit's design had 6; 4 raters: ages 30 and 60, two each);
t-a-p and 3 categories with groups and age (both tests), per rater with groups. "At the rule"
designs have 100 ratings per free parameter, where the app starts using the chi-square
(calibrate.ASYMPTOTIC_RATINGS).

Run: ``nice .venv/bin/python benchmarks/bench_explain_size.py run --panels 400 --designs ...``
(the designs in turn, one panel each; records go to ``out/bench_explain_size/*.jsonl`` as they
are made, so a run stopped early keeps its counts; a second run adds to them); ``... sizes
--out DIR`` prints the app's sizes for every design a run with ``--out DIR`` made; ``...
report`` to write the section "## Explanatory tests' size: the remaining designs, sharper (issue
55)" of benchmarks/RESULTS.md.

The switch to the chi-square (issue 78, item 5): ``... run --designs tap-rule tap-200 --out
out/bench_explain_size/switch78 --first-seed 780001`` (data sets at 100 and 200 ratings per free
parameter), ``... truth`` (T's law at the truth on the same designs: rating sets simulated from
the true no-effect model, T by searches started at the truth, records to the same folder) and
``... switch`` to print the table of the section "Explanatory tests at the chi-square switch
(issue 78, item 5)".
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")    # as tapdesk/__init__.py sets before numpy loads

import argparse  # noqa: E402
import calendar  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass, replace  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from results_file import write_section  # noqa: E402 - benchmarks/ is on sys.path
from scipy.special import chdtrc, chdtri  # noqa: E402
from scipy.stats import binom, binomtest  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.engine.cancel import NEVER_CANCELLED  # noqa: E402
from tapdesk.engine.explain.calibrate import (  # noqa: E402
    ASYMPTOTIC_RATINGS,
    SIMULATED_PANELS,
    SIMULATION_TOLERANCE,
    Nested,
    attribute_embedding,
    attribute_nested,
    critical_value,
    group_embedding,
    group_nested,
    needs_simulation,
    panel_statistic,
    search_start,
    simulated_ratings,
    simulated_statistic,
)
from tapdesk.engine.explain.data import prepare  # noqa: E402
from tapdesk.engine.explain.design import MIN_NUMERIC_LEVELS  # noqa: E402
from tapdesk.engine.explain.inference import without_attributes, without_groups  # noqa: E402
from tapdesk.engine.explain.model import layout_for  # noqa: E402
from tapdesk.engine.explain.optimise import local_maximum, maximise, start_points  # noqa: E402
from tapdesk.engine.explain.simulate import simulate_explained  # noqa: E402
from tapdesk.engine.run import drive  # noqa: E402

SECTION = "## Explanatory tests' size: the remaining designs, sharper (issue 55)"
EXTREMES = "## Explanatory tests' size: the two extreme designs, and 200 simulated panels (issue 55)"
EXTREME_DESIGNS = ("per-rater-6", "categorical-4")
OUT = Path(__file__).resolve().parents[1] / "out" / "bench_explain_size"
SETTLED_OUT = OUT / "settled"
SETTLED = "## Explanatory tests' size: per rater settled? (issue 55)"
SETTLED_DESIGNS = ("per-rater-4", "per-rater-6", "per-rater-8")
NEW_OUT = OUT / "new"
PULLED_OUT = OUT / "pulled"
NEW8_OUT = OUT / "new8"
NEW = "## Explanatory tests' size: per rater, new panels (issue 55)"
EARLIER = (3000, (0.060, 0.052, 0.069))
"""The per-rater group test with 6 raters on the seeds 1 to 3,000 (the section EXTREMES: the
200-panel test, its interval widened to the Wilson interval); its records are not kept."""
SWITCH = "## Explanatory tests at the chi-square switch (issue 78, item 5)"
SWITCH_OUT = OUT / "switch78"
SWITCH_DESIGNS = ("tap-rule", "tap-200")
TRUTH_SIZE = 20_000
"""Subjects in each group of the panel whose nested fits stand for the true parameters."""
LEVEL = 0.95
TARGET = (0.035, 0.065)
"""Each design's size must lie within this band (issue 55)."""


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
    # issue 78 item 5: t-a-p at twice the old rule (200 ratings per free parameter)
    above_rule = [Design("tap-200", "tap", 6, 100, True)]
    return tuple(small + at_rule + above_rule)


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


def double_star(full, data, nested: Nested, rng: np.random.Generator, max_iterations: int
                ) -> tuple[float, float]:
    """T* of one panel simulated from the nested fit, as simulated_statistic computes it, and
    T** of one panel simulated from that panel's own nested fit (the second level of a double
    bootstrap, Davidson & MacKinnon 2007, Journal of Econometrics 133:421-441)."""
    y = simulated_ratings(nested.layout, nested.data, nested.theta, rng)
    reduced, _ = local_maximum(nested.layout, replace(nested.data, y=y),
                               search_start(nested.theta), max_iterations=max_iterations,
                               tolerance=SIMULATION_TOLERANCE)
    best, _ = local_maximum(full, replace(data, y=y), nested.embed(reduced.theta),
                            max_iterations=max_iterations, tolerance=SIMULATION_TOLERANCE)
    star = max(2 * (best.log_likelihood - reduced.log_likelihood), 0.0)
    second = Nested(nested.layout, replace(nested.data, y=y), reduced.theta,
                    reduced.log_likelihood, nested.embed)
    return star, simulated_statistic(full, replace(data, y=y), second, rng, max_iterations)


def pulled_off_the_box(theta: np.ndarray, pull: float) -> np.ndarray:
    """The nested fit with every logit-scale coordinate within +-``pull`` (a rate the fit put
    on the box, 6e-6 from 0 or 1, moved to about 1.8% from it at 4)."""
    return np.clip(theta, -pull, pull)


def one_panel(d: Design, seed: int, stars: int = 1, double: bool = False,
              paired: bool = False, pull: float = 0.0) -> dict[str, object]:
    """The panel's statistics: for each test T, its chi-square p and ``stars`` simulated T*
    (from a random stream of their own, not the data's); with ``double``, each T* with a T**
    (``T_2star``) from the T* panel's own nested fit; with ``paired``, each T* also as the
    searches from the nested fit itself found it before issue 55's moved start
    (``T_star_before``, the same simulated ratings); with ``pull``, each T* also from panels
    simulated from the nested fit pulled within +-pull (``T_star_pulled``, the same random
    numbers, so only the rates on the box change the simulated ratings)."""
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
        entry: dict[str, object] = {"T": statistic, "df": df,
                                    "chi2_p": float(chdtrc(df, statistic))}
        if double:
            pairs = [double_star(lay, prep.data, nested, rng, req.max_iterations)
                     for _ in range(stars)]
            entry |= {"T_star": [a for a, _ in pairs], "T_2star": [b for _, b in pairs]}
        else:
            twin = np.random.default_rng()
            twin.bit_generator.state = rng.bit_generator.state
            ys = [simulated_ratings(nested.layout, nested.data, nested.theta, rng)
                  for _ in range(stars)]
            if pull:
                theta = pulled_off_the_box(nested.theta, pull)
                entry["T_star_pulled"] = [
                    panel_statistic(lay, prep.data, nested,
                                    simulated_ratings(nested.layout, nested.data, theta, twin),
                                    req.max_iterations) for _ in range(stars)]
            entry["T_star"] = [panel_statistic(lay, prep.data, nested, y, req.max_iterations)
                               for y in ys]
            if paired:      # the same panels, searched from the nested fit itself (before)
                entry["T_star_before"] = [panel_statistic(lay, prep.data, nested, y,
                                                          req.max_iterations, nested.theta)
                                          for y in ys]
        out[name] = entry
    return out


def true_nested(d: Design) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The full model's and each nested model's fit to a panel of TRUTH_SIZE subjects a group
    simulated as ``d``'s panels are: the true parameters, in each model's coordinates."""
    big = replace(d, group_size=TRUTH_SIZE)
    req = request(big, 5)
    prep = prepare(req, panel(big, 5))
    lay = layout_for(req, prep)
    best = drive(maximise(lay, prep.data, start_points(lay, prep.data, 2, 5), NEVER_CANCELLED, 0,
                          max_iterations=req.max_iterations, tolerance=req.tolerance, emit=False))
    nested = {"groups": group_nested}
    if d.attribute:
        nested["age"] = attribute_nested
    return best.theta, {name: drive(fit_nested(lay, prep.data, best.theta, req, NEVER_CANCELLED)
                                    ).theta for name, fit_nested in nested.items()}


def truth_panel(d: Design, seed: int, draws: int, truth: tuple[np.ndarray, dict[str, np.ndarray]]
                ) -> dict[str, object]:
    """T's law at the truth on panel ``seed``'s design (its subjects, groups and raters):
    ``draws`` rating sets simulated from the true no-effect model, each T by searches started at
    the truth (the nested one) and at the nested maximum (the full one)."""
    req = request(d, seed)
    prep = prepare(req, panel(d, seed))
    lay = layout_for(req, prep)
    rng = np.random.default_rng([seed, 781])
    full_theta, nested_theta = truth
    cuts = {"groups": (without_groups, group_embedding),
            "age": (without_attributes, attribute_embedding)}
    out: dict[str, object] = {"seed": seed, "ratings": prep.data.n_ratings,
                              "parameters": lay.size}
    for name, theta in nested_theta.items():
        cut, embedding = cuts[name]
        small, small_data, _ = cut(lay, prep.data, full_theta)
        nested = Nested(small, small_data, theta, 0.0, embedding(lay, small))
        out[name] = [panel_statistic(lay, prep.data, nested,
                                     simulated_ratings(small, small_data, theta, rng),
                                     req.max_iterations, start=theta) for _ in range(draws)]
    return out


def run_truth(keys: list[str], panels: int, draws: int, first_seed: int, out: Path) -> None:
    """:func:`truth_panel` for ``panels`` designs of each chosen design, records to
    ``out/truth-KEY.jsonl`` (the CPU seconds of each record with it)."""
    out.mkdir(parents=True, exist_ok=True)
    for d in (d for d in designs() if d.key in keys):
        truth = true_nested(d)
        with (out / f"truth-{d.key}.jsonl").open("a") as sink:
            for seed in range(first_seed, first_seed + panels):
                begin = time.process_time()
                record = truth_panel(d, seed, draws, truth)
                record["cpu"] = time.process_time() - begin
                sink.write(json.dumps(record) + "\n")
                sink.flush()


def full_panel(d: Design, seed: int) -> dict[str, object]:
    """The app's own fit (199 simulated panels per test): its p values."""
    result = fit(replace(request(d, seed), seed=seed + 10_000), panel(d, seed))
    out: dict[str, object] = {"seed": seed}
    for name, test in (("groups", result.group_test), ("age", result.attribute_test)):
        if test is not None:
            out[name] = {"p": test.p_value, "panels": test.simulated_panels}
    return out


def run(keys: list[str], panels: int, full: int, stars: int, double: bool = False,
        paired: bool = False, out: Path = OUT, first_seed: int = 1,
        until: float | None = None, pull: float = 0.0) -> None:
    """The chosen designs in turn, one panel each round, so that a run stopped at any time
    leaves about as many panels of each. Panels are numbered from ``first_seed`` (seeds below
    it are panels earlier runs drew); with ``until`` (a time.time()), no panel is started
    after that moment. Each record is written as soon as it is made."""
    out.mkdir(parents=True, exist_ok=True)
    chosen = [d for d in designs() if not keys or d.key in keys]
    paths = {d.key: out / (f"{d.key}-full.jsonl" if full else f"{d.key}.jsonl") for d in chosen}
    done = {key: {json.loads(line)["seed"] for line in path.open()} if path.exists() else set()
            for key, path in paths.items()}
    wanted, start = full or panels, time.time()
    for seed in range(first_seed, first_seed + 10 * wanted):
        todo = [d for d in chosen if len(done[d.key]) < wanted and seed not in done[d.key]]
        if all(len(done[d.key]) >= wanted for d in chosen):
            break
        if until is not None and time.time() >= until:
            break
        for d in todo:
            record = (full_panel(d, seed) if full
                      else one_panel(d, seed, stars, double, paired, pull))
            with paths[d.key].open("a") as sink:
                sink.write(json.dumps(record) + "\n")
            done[d.key].add(seed)
        if todo and seed % 20 == 0:
            counts = ", ".join(f"{k} {len(v)}" for k, v in done.items())
            print(f"{time.time() - start:.0f} s: {counts}", flush=True)


def utc_today(hh_mm: str) -> float:
    """``HH:MM`` UTC today as a time.time()."""
    hours, minutes = (int(x) for x in hh_mm.split(":"))
    now = time.gmtime()
    return calendar.timegm((now.tm_year, now.tm_mon, now.tm_mday, hours, minutes, 0, 0, 0, 0))


def wilson_bounds(k: int, n: int) -> tuple[float, float, float]:
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return k / n, ci.low, ci.high


def wilson(k: int, n: int) -> str:
    return shown(*wilson_bounds(k, n))


def shown(size: float, lo: float, hi: float) -> str:
    return f"{100 * size:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)"


def widest(one: tuple[float, float, float], other: tuple[float, float, float]
           ) -> tuple[float, float, float]:
    return one[0], min(one[1], other[1]), max(one[2], other[2])


def judged(lo: float, hi: float) -> str:
    """Whether a 95% interval settles the size against the target band."""
    if TARGET[0] <= lo and hi <= TARGET[1]:
        return "within"
    if hi < TARGET[0] or lo > TARGET[1]:
        return "outside"
    return "not settled"


def statistics(records: list[dict], name: str) -> tuple[np.ndarray, np.ndarray, int]:
    """T, the T* (one row per panel; a first run's records hold one T* as a number) and the
    chi-square's rejections."""
    t = np.array([r[name]["T"] for r in records])
    star = np.array([np.atleast_1d(r[name]["T_star"]) for r in records])
    return t, star, int(sum(r[name]["chi2_p"] < 1 - LEVEL for r in records))


def rows_of(d: Design) -> list[str]:
    path = OUT / f"{d.key}.jsonl"
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.open()]
    n, out = len(records), []
    per = records[0]["ratings"] / records[0]["parameters"]
    used = "simulated" if records[0]["simulated"] else "chi-square"
    for name in ("groups", "age"):
        if name not in records[0]:
            continue
        t, star, chi2 = statistics(records, name)
        warp = pooled_warp_size([(t, star)])
        bartlett = pooled_warp_size([(t, star)], bartlett_critical(records[0][name]["df"]))
        app = warp if used == "simulated" else wilson_bounds(chi2, n)
        if used == "simulated":     # no narrower than the binomial error alone (0 of n)
            app = widest(warp, wilson_bounds(round(warp[0] * n), n))
        test = "groups differ" if name == "groups" else "age matters"
        out.append(f"| {d.label} | {per:.0f} ({used}) | {test} | {n} x {star.shape[1]} | "
                   f"{wilson(chi2, n)} | {shown(*warp)} | {judged(*app[1:])} | {shown(*bartlett)} |")
    return out


def bartlett_critical(df: int) -> Callable[[np.ndarray], float]:
    """The critical value of T scaled by its simulated null mean (a bootstrap Bartlett
    correction, Rocke 1989): T df / mean(T*) against the chi-square's 95% point."""
    return lambda star: float(chdtri(df, 1 - LEVEL) * star.mean() / df)


def percentile_critical(star: np.ndarray) -> float:
    return critical_value(star, LEVEL)


def pooled_warp_size(designs: list[tuple[np.ndarray, np.ndarray]],
                     critical: Callable[[np.ndarray], float] = percentile_critical,
                     resamples: int = 2000) -> tuple[float, float, float]:
    """The calibrated test's size by the warp-speed method: the share of panels whose T is
    above the critical value of all the design's T* pooled (over several designs, each by its
    own). The 95% percentile interval resamples the panels (each T with its row of T*) within
    each design, so it holds the critical value's error as well as the binomial one."""
    def rejected(t: np.ndarray, star: np.ndarray) -> int:
        return int((t > critical(star.ravel())).sum())
    n = sum(len(t) for t, _ in designs)
    size = sum(rejected(t, star) for t, star in designs) / n
    rng = np.random.default_rng(0)
    sizes = np.zeros(resamples)
    for t, star in designs:
        for r, i in enumerate(rng.integers(0, len(t), (resamples, len(t)))):
            sizes[r] += rejected(t[i], star[i]) / n
    lo, hi = np.percentile(sizes, [2.5, 97.5])
    return size, lo, hi


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
            t, star, rejected = statistics(records, name)
            pairs.append((t, star))
            chi2 += rejected
            n += len(records)
        if n:
            warp = pooled_warp_size(pairs)
            judge = widest(warp, wilson_bounds(round(warp[0] * n), n))
            out.append(f"| these {len(pairs)} designs with 4 to 12 raters | - | {test} | {n} | "
                       f"{wilson(chi2, n)} | {shown(*warp)} | {judged(*judge[1:])} | - |")
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


def load_words() -> str:
    """The machine's load while the run went, from ``load.log`` (``date loadavg`` lines that
    a shell loop wrote every 2 minutes beside the run), if there is one."""
    path = OUT / "load.log"
    if not path.exists():
        return "load not recorded"
    loads = np.array([float(line.split()[1]) for line in path.open() if line.strip()])
    return (f"1-minute load average {loads.mean():.1f} on average ({loads.min():.1f} to "
            f"{loads.max():.1f}, {len(loads)} readings)")


def monte_carlo_size(t: np.ndarray, star: np.ndarray, panels: int) -> float:
    """The size of the app's Monte Carlo test with ``panels`` simulated panels, by warp speed:
    each panel's T has the chance q of each T* to reach it (q from the design's pooled T*), so
    the app's count of T* reaching T is binomial (panels, q), and the test rejects when
    (1 + count) / (panels + 1) is below 1 - LEVEL."""
    pooled = np.sort(star.ravel())
    q = 1 - np.searchsorted(pooled, t, side="left") / len(pooled)
    rejecting = sum((1 + c) / (panels + 1) < round(1 - LEVEL, 12) for c in range(panels + 1))
    return float(binom.cdf(rejecting - 1, panels, q).mean())


def fast_double_size(t: np.ndarray, star: np.ndarray, second: np.ndarray) -> float:
    """The fast double bootstrap's size by warp speed (Davidson & MacKinnon 2007): it rejects
    when the single bootstrap's p is below level' = P(T** > c), c the T*'s critical value,
    that is when T is above the T*'s critical value at level'."""
    c = critical_value(star.ravel(), LEVEL)
    adjusted = float((second.ravel() > c).mean())
    return float((t > critical_value(star.ravel(), 1 - adjusted)).mean())


def resampled(rule: Callable[..., float], arrays: tuple[np.ndarray, ...],
              resamples: int = 1000) -> tuple[float, float, float]:
    """``rule`` on the panels, with a 95% percentile interval from resampling the panels (each
    T with its own T* and T**)."""
    rng = np.random.default_rng(0)
    n = len(arrays[0])
    sizes = [rule(*(a[i] for a in arrays)) for i in rng.integers(0, n, (resamples, n))]
    lo, hi = np.percentile(sizes, [2.5, 97.5])
    return rule(*arrays), float(lo), float(hi)


def extreme_rows(d: Design) -> list[str]:
    """Per test: the chi-square; the calibrated test with unlimited panels, with the 199 the app
    used and with the SIMULATED_PANELS it uses now (each by warp speed); the fast double
    bootstrap, a candidate, on the panels that hold T**."""
    path = OUT / f"{d.key}.jsonl"
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.open()]
    out = []
    for name in ("groups", "age") if d.attribute else ("groups",):
        t, star, chi2 = statistics(records, name)
        n = len(records)
        ideal = resampled(lambda a, b: float((a > critical_value(b.ravel(), LEVEL)).mean()),
                          (t, star))
        before = resampled(lambda a, b: monte_carlo_size(a, b, 199), (t, star))
        now = resampled(lambda a, b: monte_carlo_size(a, b, SIMULATED_PANELS), (t, star))
        now = widest(now, wilson_bounds(round(now[0] * n), n))
        doubles = [r for r in records if "T_2star" in r[name]]
        fdb = "-"
        if doubles:
            arrays = tuple(np.array([r[name][k] for r in doubles])
                           for k in ("T", "T_star", "T_2star"))
            fdb = f"{shown(*resampled(fast_double_size, arrays))} of {len(doubles)}"
        test = "groups differ" if name == "groups" else "age matters"
        out.append(f"| {d.label} | {test} | {n} x {star.shape[1]} | {wilson(chi2, n)} | "
                   f"{shown(*ideal)} | {shown(*before)} | {shown(*now)} | {judged(*now[1:])} | "
                   f"{fdb} |")
    return out


def report_extremes() -> None:
    rows = [row for d in designs() if d.key in EXTREME_DESIGNS for row in extreme_rows(d)]
    print("\n".join(rows))
    text = [EXTREMES, "",
            f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} "
            f"cores shared by 7 other helpers' work; {load_words()}), `nice -n 10`, one process "
            "per design. Designs and panels as in the sections above (no effect; 90 subjects "
            "in 3 groups of 30, 4 ratings each). Sizes at 5% with 95% intervals: the "
            "chi-square's Wilson interval; the others by warp speed (8 T* per panel, each from "
            "a random stream of its own, pooled over the design) with percentile intervals "
            "from 1,000 resamples of the panels. 'Unlimited': T above the pooled T*'s 95% "
            "point, the test with endless simulated panels (the sections above). '199' and "
            f"'{SIMULATED_PANELS}': the app's Monte Carlo test with that many simulated panels, "
            "which rejects when p = (1 + #T* >= T) / (B + 1) is below 0.05: each panel's count "
            "is binomial (B, q), q the share of the design's pooled T* at or above its T; "
            f"'judged' reads the {SIMULATED_PANELS}-panel test's interval (widened to its "
            "Wilson interval where that is wider). 'Fast double bootstrap': a candidate, not "
            "what the app does (Davidson & MacKinnon 2007): each T* panel's own nested fit "
            "gives a T**, and T is tested at level' = P(T** > the T*'s critical value) "
            "instead of 5%, on the panels that hold T**.", "",
            "| design | test | panels | chi-square | unlimited | 199 panels (before) | "
            f"{SIMULATED_PANELS} panels (now) | judged | fast double bootstrap |",
            "|---|---|---|---|---|---|---|---|---|", *rows]
    write_section(EXTREMES, "\n".join(text))


def settled_rows(d: Design) -> list[str]:
    """The per-rater group test: the chi-square; the app's 200-panel test with the searches'
    moved start (now) and, on the same simulated ratings, from the nested fit itself (before),
    by warp speed; now minus before, the panels resampled in pairs."""
    path = SETTLED_OUT / f"{d.key}.jsonl"
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.open()]
    n = len(records)
    t, star, chi2 = statistics(records, "groups")
    before = np.array([r["groups"]["T_star_before"] for r in records])
    now = resampled(lambda a, b: monte_carlo_size(a, b, SIMULATED_PANELS), (t, star))
    now = widest(now, wilson_bounds(round(now[0] * n), n))
    old = resampled(lambda a, b: monte_carlo_size(a, b, SIMULATED_PANELS), (t, before))
    change = resampled(lambda a, b, c: monte_carlo_size(a, b, SIMULATED_PANELS)
                       - monte_carlo_size(a, c, SIMULATED_PANELS), (t, star, before))
    moved = float((np.abs(star - before) > 1e-3).mean())
    return [f"| {d.label} | {n} x {star.shape[1]} | {wilson(chi2, n)} | {shown(*old)} | "
            f"{shown(*now)} | {judged(*now[1:])} | {100 * change[0]:+.2f} ({100 * change[1]:+.2f} "
            f"to {100 * change[2]:+.2f}) | {100 * moved:.1f}% |"]


def report_settled() -> None:
    """Prints the rows of the section SETTLED (its text is written by hand around them)."""
    loads = SETTLED_OUT / "load.log"
    if loads.exists():
        values = np.array([float(line.split()[1]) for line in loads.open() if line.strip()])
        print(f"load {values.mean():.1f} ({values.min():.1f}-{values.max():.1f}, {len(values)})")
    print("| design | panels | chi-square | 200 panels, before | 200 panels, now | judged | "
          "now - before, points | T* moved |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(row for d in designs() if d.key in SETTLED_DESIGNS
                    for row in settled_rows(d)))


def pooled_with_earlier(size: tuple[float, float, float], n: int,
                        earlier: tuple[int, tuple[float, float, float]] = EARLIER
                        ) -> tuple[float, float, float]:
    """The size over the earlier panels and ``n`` new ones (distinct seeds): the two shares
    weighted by their panels, the 95% interval from their standard errors (each read off its
    own 95% interval, half its width over 1.96), no narrower than the pooled share's Wilson
    interval."""
    m, (old, old_lo, old_hi) = earlier
    share = (m * old + n * size[0]) / (m + n)
    se = np.hypot(m * (old_hi - old_lo), n * (size[2] - size[1])) / (2 * 1.96 * (m + n))
    return widest((share, share - 1.96 * se, share + 1.96 * se),
                  wilson_bounds(round(share * (m + n)), m + n))


def new_records(paths: tuple[Path, ...]) -> list[dict]:
    """The records of the per-rater 6-rater design in ``paths`` (each panel once, by seed)."""
    seen: dict[int, dict] = {}
    for path in paths:
        if path.exists():
            for line in path.open():
                if line.strip():
                    record = json.loads(line)
                    seen.setdefault(record["seed"], record)
    return [seen[k] for k in sorted(seen)]


def app_size(records: list[dict], star_key: str = "T_star", test: str = "groups"
             ) -> tuple[float, float, float]:
    """The app's 200-panel test by warp speed, interval from 1,000 resamples of the panels,
    widened to the Wilson interval of the same share where that is wider."""
    t = np.array([r[test]["T"] for r in records])
    star = np.array([r[test][star_key] for r in records])
    size = resampled(lambda a, b: monte_carlo_size(a, b, SIMULATED_PANELS), (t, star))
    return widest(size, wilson_bounds(round(size[0] * len(t)), len(t)))


def load_summary(where: Path) -> str | None:
    """"9.4 (0.9-15.1, 44 readings)": the 1-minute load averages a run in ``where`` logged
    (their mean, range and count); None where it logged none."""
    loads = where / "load.log"
    if not loads.exists():
        return None
    values = np.array([float(line.split()[1]) for line in loads.open() if line.strip()])
    return f"{values.mean():.1f} ({values.min():.1f}-{values.max():.1f}, {len(values)} readings)"


def report_new() -> None:
    """Prints the rows of the section NEW (its text is written by hand around them)."""
    path = f"{next(d for d in designs() if d.key == 'per-rater-6').key}.jsonl"
    for where in (NEW_OUT, PULLED_OUT):
        if (load := load_summary(where)) is not None:
            print(f"{where.name}: load {load}")
    print("| panels (seeds) | count | chi-square | 200 panels | judged |")
    print("|---|---|---|---|---|")
    sets = {"new run": new_records((NEW_OUT / path,)),
            "candidate's run": new_records((PULLED_OUT / path,))}
    sets["all new"] = new_records((NEW_OUT / path, PULLED_OUT / path))
    for name, records in sets.items():
        if not records:
            continue
        n = len(records)
        chi2 = sum(r["groups"]["chi2_p"] < 1 - LEVEL for r in records)
        size = app_size(records)
        seeds = (f"{records[0]['seed']}-{records[-1]['seed']}" if name != "all new"
                 else "both")
        print(f"| {name} ({seeds}) | {n} x {len(records[0]['groups']['T_star'])} | "
              f"{wilson(chi2, n)} | {shown(*size)} | {judged(*size[1:])} |")
    every = sets["all new"]
    if every:
        m, (old, lo, hi) = EARLIER
        pooled = pooled_with_earlier(app_size(every), len(every))
        print(f"| earlier (1-{m}) | {m} x 8 | 7.5% (6.6-8.5%) | {shown(old, lo, hi)} | "
              f"{judged(lo, hi)} |")
        print(f"| all ({m} + {len(every)}) | {m + len(every)} | - | {shown(*pooled)} | "
              f"{judged(*pooled[1:])} |")
    eight = new_records((NEW8_OUT / "per-rater-8.jsonl",))
    if eight:
        n = len(eight)
        chi2 = sum(r["groups"]["chi2_p"] < 1 - LEVEL for r in eight)
        size = app_size(eight)
        print(f"| 8 raters ({eight[0]['seed']}-{eight[-1]['seed']}) | {n} x "
              f"{len(eight[0]['groups']['T_star'])} | {wilson(chi2, n)} | {shown(*size)} | "
              f"{judged(*size[1:])} |")
    pulled = [r for r in sets["candidate's run"] if "T_star_pulled" in r["groups"]]
    if pulled:
        print(pulled_rows(pulled))


def pulled_rows(records: list[dict]) -> str:
    """The candidate (T* simulated from the nested fit pulled off the box) against the app's T*
    on the same panels and random numbers: each size, their paired difference (the panels
    resampled in pairs), the share of T* that changed and each pooled 95% point."""
    t = np.array([r["groups"]["T"] for r in records])
    star = np.array([r["groups"]["T_star"] for r in records])
    pulled = np.array([r["groups"]["T_star_pulled"] for r in records])
    now, candidate = app_size(records), app_size(records, "T_star_pulled")
    change = resampled(lambda a, b, c: monte_carlo_size(a, c, SIMULATED_PANELS)
                       - monte_carlo_size(a, b, SIMULATED_PANELS), (t, star, pulled))
    moved = float((np.abs(star - pulled) > 1e-3).mean())
    return "\n".join([
        "", "| panels | 200 panels, now | 200 panels, pulled | pulled - now, points | T* moved "
        "| 95% point of the T*, now / pulled |", "|---|---|---|---|---|---|",
        f"| {len(t)} x {star.shape[1]} | {shown(*now)} | {shown(*candidate)} | "
        f"{100 * change[0]:+.2f} ({100 * change[1]:+.2f} to {100 * change[2]:+.2f}) | "
        f"{100 * moved:.1f}% | {critical_value(star.ravel(), LEVEL):.2f} / "
        f"{critical_value(pulled.ravel(), LEVEL):.2f} |"])


def report_sizes(where: Path) -> None:
    """Prints, for every design with records in ``where`` (a run's ``--out``), each test's
    size: the chi-square's and the app's 200-panel test's, judged against the band (its text
    is written by hand around them)."""
    if (load := load_summary(where)) is not None:
        print(f"load {load}")
    print("| design | test | panels (seeds) | chi-square | 200 panels | judged |")
    print("|---|---|---|---|---|---|")
    together: dict[tuple[str, str], list[tuple[np.ndarray, np.ndarray]]] = {}
    for d in designs():
        records = new_records((where / f"{d.key}.jsonl",))
        for name in ("groups", "age") if records else ():
            if name not in records[0]:
                continue
            n = len(records)
            chi2 = sum(r[name]["chi2_p"] < 1 - LEVEL for r in records)
            size = app_size(records, test=name)
            test = "groups differ" if name == "groups" else "age matters"
            print(f"| {d.label} | {test} | {n} x {len(records[0][name]['T_star'])} "
                  f"({records[0]['seed']}-{records[-1]['seed']}) | {wilson(chi2, n)} | "
                  f"{shown(*size)} | {judged(*size[1:])} |")
            together.setdefault((d.model, test), []).append(
                (np.array([r[name]["T"] for r in records]),
                 np.array([r[name]["T_star"] for r in records])))
    for (model, test), sets in together.items():
        if len(sets) > 1:
            n = sum(len(t) for t, _ in sets)
            size = pooled_app_size(sets)
            size = widest(size, wilson_bounds(round(size[0] * n), n))
            print(f"| {model}, these {len(sets)} designs together | {test} | {n} | - | "
                  f"{shown(*size)} | {judged(*size[1:])} |")


def truth_size(where: Path, d: Design, name: str, df: int) -> tuple[str, str]:
    """The chi-square's size on T's law at the truth (Wilson interval over every T drawn) and
    the mean T over df; dashes where the design has no such records."""
    path = where / f"truth-{d.key}.jsonl"
    if not path.exists():
        return "-", "-"
    draws = np.array([json.loads(line)[name] for line in path.open()]).ravel()
    rejected = int((draws > chdtri(df, 1 - LEVEL)).sum())
    return f"{wilson(rejected, len(draws))} of {len(draws)}", f"{draws.mean() / df:.3f}"


def report_switch(where: Path = SWITCH_OUT) -> None:
    """Prints the section SWITCH's table: each design's data panels (the chi-square's size,
    the app's 200-panel test by warp speed) and T's law at the truth (the chi-square's size,
    mean T / df), with the test the app uses there."""
    print("| design | ratings per parameter | test | app uses | panels | chi-square | 200 panels "
          "| chi-square at the truth (T drawn) | mean T / df at the truth |")
    print("|---|---|---|---|---|---|---|---|---|")
    for d in (d for d in designs() if d.key in SWITCH_DESIGNS):
        records = new_records((where / f"{d.key}.jsonl",))
        for name in ("groups", "age") if records else ():
            n, df = len(records), records[0][name]["df"]
            per = records[0]["ratings"] / records[0]["parameters"]
            used = "simulated" if per < ASYMPTOTIC_RATINGS else "chi-square"
            chi2 = sum(r[name]["chi2_p"] < 1 - LEVEL for r in records)
            at_truth, mean = truth_size(where, d, name, df)
            test = "groups differ" if name == "groups" else "age matters"
            print(f"| {d.label} | {per:.0f} | {test} | {used} | {n} x "
                  f"{len(records[0][name]['T_star'])} | {wilson(chi2, n)} | "
                  f"{shown(*app_size(records, test=name))} | {at_truth} | {mean} |")


def pooled_app_size(sets: list[tuple[np.ndarray, np.ndarray]], resamples: int = 1000
                    ) -> tuple[float, float, float]:
    """The app's 200-panel test over several designs by warp speed, each design's panels
    against its own pooled T*: the designs' sizes weighted by their panels, the 95% percentile
    interval from resampling the panels within each design."""
    n = sum(len(t) for t, _ in sets)
    size = sum(len(t) * monte_carlo_size(t, star, SIMULATED_PANELS) for t, star in sets) / n
    rng = np.random.default_rng(0)
    sizes = np.zeros(resamples)
    for t, star in sets:
        for r, i in enumerate(rng.integers(0, len(t), (resamples, len(t)))):
            sizes[r] += len(t) * monte_carlo_size(t[i], star[i], SIMULATED_PANELS) / n
    lo, hi = np.percentile(sizes, [2.5, 97.5])
    return size, float(lo), float(hi)


def report() -> None:
    rows = [row for d in designs() for row in rows_of(d)]
    rows += pooled_rows(tuple(d.key for d in designs() if d.group_size == 30))
    full = full_rows()
    print("\n".join(rows + full))
    text = [SECTION, "",
            f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} "
            f"cores shared by other work; {load_words()}), `nice`, two processes. Panels with "
            "no effect as in the section above. Size: the share of panels rejected at 5%; the "
            "chi-square's with Wilson 95% intervals. 'Calibrated' is the test the app uses "
            f"below {ASYMPTOTIC_RATINGS} ratings per free parameter (p from 199 panels "
            "simulated from the nested model's fit), measured by the warp-speed method with "
            "several simulated panels per panel ('panels': panels x T* per panel and test, "
            "each T* from a random stream of its own): the critical value is the 95% point of "
            "all the design's T* pooled, so its error shrinks with the T* per panel while the "
            "binomial error stays; the 95% percentile interval resamples the panels (judged "
            "with the Wilson interval of the same share where that is wider). 'Judged': "
            f"within {100 * TARGET[0]:.1f}-{100 * TARGET[1]:.1f}% when the interval of the "
            "test the app uses at that design (calibrated below the rule, chi-square at it) "
            "lies inside the band, outside when it misses it, else not settled. "
            "'Bartlett-corrected': not what the app does, measured as a candidate: T scaled "
            "by df over the mean of the design's pooled T* (Rocke 1989, the mean standing for "
            "the 199 panels' mean at each fit) against the chi-square's 95% point, interval "
            "as for the calibrated size.", "",
            "| design | ratings per parameter | test | panels | chi-square size | calibrated "
            "size | judged | Bartlett-corrected size |", "|---|---|---|---|---|---|---|---|",
            *rows]
    if full:
        text += ["", "The app's own fits (`fit`, 199 simulated panels per test, p < 0.05):", "",
                 "| design | test | panels | size |", "|---|---|---|---|", *full]
    write_section(SECTION, "\n".join(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("run", "report", "extremes", "settled", "new", "sizes",
                                         "truth", "switch"))
    parser.add_argument("--panels", type=int, default=400, help="panels per design")
    parser.add_argument("--full", type=int, default=0,
                        help="instead: this many whole fits of the app (199 simulated panels)")
    parser.add_argument("--designs", nargs="*", default=[], help="design keys (default all)")
    parser.add_argument("--stars", type=int, default=8,
                        help="simulated T* per panel and test (their pooled 95%% point is the "
                             "critical value; more of them shrink its error)")
    parser.add_argument("--double", action="store_true",
                        help="each T* with a T** from the T* panel's own nested fit (the double "
                             "bootstrap's second level)")
    parser.add_argument("--paired", action="store_true",
                        help="each T* also from the searches started at the nested fit itself "
                             "(before issue 55's moved start), on the same simulated ratings; "
                             "records to out/bench_explain_size/settled/")
    parser.add_argument("--first-seed", type=int, default=1,
                        help="number the panels from this seed (earlier runs drew seeds 1 to "
                             "3,000 of every design)")
    parser.add_argument("--out", type=Path, default=None,
                        help="directory of the records (default out/bench_explain_size/, or "
                             "its settled/ with --paired)")
    parser.add_argument("--pull", type=float, default=0.0,
                        help="each T* also from panels simulated from the nested fit with every "
                             "logit coordinate within +-PULL (a candidate; T_star_pulled)")
    parser.add_argument("--draws", type=int, default=4,
                        help="truth: rating sets simulated at the truth on each panel's design")
    parser.add_argument("--until", default=None,
                        help="start no panel after this UTC time, HH:MM (today)")
    args = parser.parse_args()
    if args.what == "run":
        run(args.designs, args.panels, args.full, args.stars, args.double, args.paired,
            args.out or (SETTLED_OUT if args.paired else OUT), args.first_seed,
            utc_today(args.until) if args.until else None, args.pull)
    elif args.what == "extremes":
        report_extremes()
    elif args.what == "settled":
        report_settled()
    elif args.what == "new":
        report_new()
    elif args.what == "truth":
        run_truth(args.designs or list(SWITCH_DESIGNS), args.panels, args.draws,
                  args.first_seed, args.out or SWITCH_OUT)
    elif args.what == "switch":
        report_switch(args.out or SWITCH_OUT)
    elif args.what == "sizes":
        report_sizes(args.out or OUT)
    else:
        report()


if __name__ == "__main__":
    main()
