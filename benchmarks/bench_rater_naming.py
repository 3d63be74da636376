"""How often each model names a rater on a panel of equal raters (issue 55 item 3).

A verdict about a person must hold its error rate for the whole panel. The two-class per-rater
model holds it by a global test and Holm's step (``bench_rater_family.py`` measures it); the
other models that estimate each rater (several categories per rater, Dawid-Skene, MACE) have no
such test, so they name no one. This benchmark fits panels of equal raters (every rater a =
0.6, the same guess rates) with each model as the app fits it, and counts the panels where
anything a committee reads names a rater: a comparison that says a rater differs, a flag that
puts a rater below the others, or the report conclusion's sentence on the raters
(:func:`tapdesk.report.conclusion.stand_out`). Beside it, on the same fits, the rules before
issue 55: the flag "accuracy well below the other raters" (under half the panel's median) and
the conclusion's "X was shown to be more accurate than Y" (the extreme raters' intervals do
not overlap). Rates with 95% Wilson intervals.

Run: ``.venv/bin/python benchmarks/bench_rater_naming.py [PANELS]`` (default 200 per model;
the Bayesian per-rater fits, slower, only with ``--models per-rater-mcmc per-rater-pooled
[--until HH:MM]``, which prints their rows and writes no section).
Progress is kept in ``out/bench_rater_naming.json`` (the counts reached stand if a run is
stopped). Prints the table and replaces the section "## Naming a rater on equal panels, every
model (issue 55)" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import calendar
import json
import sys
import time
from pathlib import Path

import numpy as np

from tapdesk.data.attributes import Attributes
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.rater_words import rater_accuracy
from tapdesk.engine.results import FitResult
from tapdesk.report.conclusion import stand_out
from tapdesk.report.context import Part, ReportContext

SECTION = "## Naming a rater on equal panels, every model (issue 55)"
PROGRESS = Path(__file__).resolve().parent.parent / "out" / "bench_rater_naming.json"
SUBJECTS, RATERS, ACCURACY = 80, 6, 0.6
GUESS = (0.5, 0.3, 0.2)
"""The guess rates of the three categories (every rater alike)."""
MODELS = (("t-a-p per rater, two classes", "per-rater", 2),
          ("t-a-p per rater, three categories", "categorical-per-rater", 3),
          ("Dawid-Skene, three categories", "dawid-skene", 3),
          ("MACE, three categories", "mace", 3),
          ("t-a-p, accuracy by the raters' ages (which do not matter), two classes", "tap-age", 2),
          ("t-a-p per rater, posterior draws (mcmc), two classes", "per-rater-mcmc", 2),
          ("t-a-p per rater, pooled toward the panel (mcmc), two classes", "per-rater-pooled",
           2))
BAYES = ("per-rater-mcmc", "per-rater-pooled")
"""The Bayesian per-rater fits (issue 55 item 3, measured later): each rater against the panel
by a simultaneous credible band over every comparison (:mod:`tapdesk.engine.bayes.rater_draws`),
the app's sampler settings."""
AGES = ("31", "38", "44", "50", "57", "63")
"""The raters' ages of the explained fit (accuracy by age; every rater is equally accurate)."""
STANDING = ("well below", "shown to be more accurate", "accurate less often",
            "accurate more often")
"""Words by which a flag or the conclusion puts one rater above or below the others."""


def equal_panel(rng: np.random.Generator, k: int) -> RatingsTable:
    """Every rater rates every subject; true classes and guesses from the same shares."""
    guess = np.array(GUESS[:k]) / sum(GUESS[:k])
    truth = rng.choice(k, SUBJECTS, p=guess)
    accurate = rng.random((SUBJECTS, RATERS)) < ACCURACY
    guessed = rng.choice(k, (SUBJECTS, RATERS), p=guess)
    grid = np.where(accurate, truth[:, None], guessed) + 1.0
    table = RatingsTable.from_wide(grid.tolist())
    return table.with_attributes(Attributes(raters={"age": dict(zip(table.rater_ids, AGES))}))


def request_for(model: str, seed: int) -> FitRequest:
    if model == "tap-age":
        return FitRequest(model="tap", seed=seed, class1=("1",), rater_attributes=("age",))
    if model in BAYES:
        return FitRequest(model="per-rater", method="mcmc", pooled=model == "per-rater-pooled",
                          seed=seed, class1=("1",))
    return FitRequest(model=model, seed=seed, **({"class1": ("1",)} if model == "per-rater" else {}))


def conclusion_line(result: FitResult, table: RatingsTable) -> str:
    """The report conclusion's sentence on the raters, as page 1 prints it."""
    context = ReportContext(None, [Part(1, result, table, "analysis")], [], "")  # type: ignore[arg-type]
    return stand_out(context)


def names_someone(result: FitResult, line: str) -> bool:
    """Whether a comparison, a flag or the conclusion puts a rater above or below the others."""
    return (any(c.differs for c in result.comparisons)
            or any(w in r.flagged for r in result.raters for w in STANDING)
            or any(w in line for w in STANDING))


def old_rules(result: FitResult) -> bool:
    """The rules before issue 55 on the same fit: a rater under half the median accuracy
    (median above 0.2), or the extreme raters' intervals apart; a fit with comparisons
    against the panel (the two-class per-rater model) read those then as now."""
    if result.comparisons:
        return any(c.differs for c in result.comparisons)
    values = [(est.value, est.ci) for r in result.raters
              if (est := rater_accuracy(r)) is not None and est.value == est.value]
    if len(values) < 2:
        return False
    median = float(np.median([v for v, _ in values]))
    below = median > 0.2 and any(v < 0.5 * median for v, _ in values)
    (_, low), (_, high) = min(values, key=lambda x: x[0]), max(values, key=lambda x: x[0])
    apart = low is not None and high is not None and low[1] < high[0]
    return below or apart


def utc_today(hh_mm: str) -> float:
    """``HH:MM`` UTC today as a time.time()."""
    hours, minutes = (int(x) for x in hh_mm.split(":"))
    now = time.gmtime()
    return calendar.timegm((now.tm_year, now.tm_mon, now.tm_mday, hours, minutes, 0, 0, 0, 0))


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval of the rate k / n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k} of {n}: {100 * k / n:.1f}% ({100 * low:.1f}%-{100 * high:.1f}%)" if n else "-"


def study(label: str, model: str, k: int, n: int, seed: int, progress: dict) -> dict:
    state = progress.setdefault(label, {"now": [], "old": [], "seconds": 0.0})
    rng = np.random.default_rng(seed)
    for _ in range(len(state["now"])):           # resume: the same panels in the same order
        equal_panel(rng, k)
    while len(state["now"]) < n:
        table = equal_panel(rng, k)
        begin = time.process_time()
        result = fit(request_for(model, len(state["now"])), table)
        state["now"].append(names_someone(result, conclusion_line(result, table)))
        state["old"].append(old_rules(result))
        state["seconds"] += time.process_time() - begin
        PROGRESS.write_text(json.dumps(progress), encoding="utf-8")
    return state


def some(keys: list[str], n: int, until: float | None) -> None:
    """Only the models ``keys``, a panel of each in turn (so a run stopped at ``until``, a
    time.time(), leaves about as many of each), to ``n`` panels; prints their rows and writes no
    section (the section's other rows stand as measured)."""
    PROGRESS.parent.mkdir(exist_ok=True)
    progress = json.loads(PROGRESS.read_text(encoding="utf-8")) if PROGRESS.exists() else {}
    chosen = [(i, m) for i, m in enumerate(MODELS) if m[1] in keys]
    while until is None or time.time() < until:
        behind = [(i, m) for i, m in chosen
                  if len(progress.get(m[0], {"now": []})["now"]) < n]
        if not behind:
            break
        for i, (label, model, k) in behind:
            reached = len(progress.get(label, {"now": []})["now"])
            study(label, model, k, reached + 1, 7100 + i, progress)
    for _, (label, _, _) in chosen:
        state = progress.get(label)
        if state and state["now"]:
            total = len(state["now"])
            print(f"| {label} | {rate(sum(state['now']), total)} | "
                  f"{rate(sum(state['old']), total)} | {state['seconds']:.0f} |")


def main() -> int:
    from results_file import write_section  # benchmarks/ is on sys.path when run as a script
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("panels", nargs="?", type=int, default=200, help="panels per model")
    parser.add_argument("--models", nargs="*", default=[],
                        help="only these models (keys: " + ", ".join(m for _, m, _ in MODELS)
                             + "), in turn; prints their rows, writes no section")
    parser.add_argument("--until", default=None,
                        help="with --models: start no panel after this UTC time, HH:MM (today)")
    args = parser.parse_args()
    n = args.panels
    if args.models:
        some(args.models, n, utc_today(args.until) if args.until else None)
        return 0
    PROGRESS.parent.mkdir(exist_ok=True)
    progress = json.loads(PROGRESS.read_text(encoding="utf-8")) if PROGRESS.exists() else {}
    lines = [SECTION, "",
             f"`benchmarks/bench_rater_naming.py`: panels of {RATERS} equal raters (a = "
             f"{ACCURACY}, guesses {', '.join(map(str, GUESS))} over three categories; two "
             f"classes: category 1 against the rest), {SUBJECTS} subjects each rated by every "
             "rater, fitted as the app fits them. A panel names someone where a comparison says "
             "a rater differs, a flag puts a rater below the others, or the report conclusion "
             "does (an explained fit's verdicts on the attributes themselves are measured by the "
             "attribute tests' size, not here). Dawid-Skene's overall accuracy has no interval, so "
             "the rule of intervals apart never fired for it. Rates with 95% Wilson intervals.",
             "",
             "| model | panels naming a rater now | by the rules before issue 55 | CPU (s) |",
             "|---|---|---|---|"]
    failed = False
    for i, (label, model, k) in enumerate(m for m in MODELS if m[1] not in BAYES):
        state = study(label, model, k, n, 7100 + i, progress)
        now, old = sum(state["now"]), sum(state["old"])
        total = len(state["now"])
        failed |= wilson(now, total)[0] > 0.05
        lines.append(f"| {label} | {rate(now, total)} | {rate(old, total)} | "
                     f"{state['seconds']:.0f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    write_section(SECTION, text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
