"""Annotation-team scale against crowd-kit (issue 43): time, memory and agreement in one run.

Targets (whole process: start-up, import, fit, intervals, comparisons, summary and JSON):
on 150,000 labels (1,000 workers x 50,000 items, 3 labels each, two categories)
``tapdesk fit --model dawid-skene`` and ``--model per-rater`` each <= 3 s and <= 300 MB, and
Dawid-Skene <= 0.1 x crowd-kit's DawidSkene time on the same file, run alternately in the
same session; class shares and worker confusion matrices within 0.01 of crowd-kit's at
convergence (both start from the majority vote: TapDesk keeps the best of its starts, one of
which is the vote) and a log-likelihood at least as high (crowd-kit's parameters are scored
with TapDesk's likelihood). 10,000,000 labels (100,000 workers x 3,333,334 items) read from a
long CSV and fitted by Dawid-Skene in <= 60 s and <= 2 GB.

crowd-kit is not a TapDesk dependency, nor an extra (its own dependencies would enter the
lock's joint resolution, scripts/lock.sh): install it in a separate virtual environment and
point the benchmark at its Python:

    python3.11 -m venv /tmp/ckvenv && /tmp/ckvenv/bin/pip install crowd-kit
    .venv/bin/python benchmarks/bench_crowd.py --crowdkit-python /tmp/ckvenv/bin/python
    .venv/bin/python benchmarks/bench_crowd.py --no-10m      # leave out the 10-million case
    .venv/bin/python benchmarks/bench_crowd.py --only-mace   # MACE beside crowd-kit's MACE only

The 10-million case is also run stage by stage in one process (``benchmarks/crowd_stages.py``:
reading, each fit of the chain, the estimates and subjects, the findings, the JSON) and that
table goes into the section beside the whole-process figure.

Each measurement is a fresh process under /usr/bin/time (wall seconds and peak resident
memory, VmHWM of the whole process); median of REPEATS, the three programs alternating.
Prints the figures and replaces the section "## Annotation-team scale against crowd-kit
(issue 43)" of benchmarks/RESULTS.md.

MACE (issue 43 item 4) has its own section, "## MACE against crowd-kit's MACE (issue 43)":
``tapdesk fit --model mace`` and crowd-kit's MACE with its defaults (Variational Bayes, 10
restarts of 50 iterations), MACE_REPEATS rounds alternating, how often their labels agree and
how often each is right about the simulated truth. ``--only-mace`` runs only that part (and the
accuracy table, which has a MACE row): it rewrites the MACE section and the accuracy table's
lines in the other section, and leaves that section's other lines as they are.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from crowd_data import write_csv  # benchmarks/ is on sys.path when run as a script
from results_file import RESULTS, write_section

SECTION = "## Annotation-team scale against crowd-kit (issue 43)"
ROOT = Path(__file__).resolve().parent.parent
REPEATS = 3
TARGET_S, TARGET_MB, TARGET_RATIO = 3.0, 300.0, 0.1
BIG_TARGET_S, BIG_TARGET_MB = 60.0, 2048.0
AGREE = 0.01
BIG_TIMEOUT_S = 1800
"""The 10-million case is stopped after this long (exit code 124)."""

CROWDKIT_CHILD = r"""
import json, sys, time
import pandas as pd
from crowdkit.aggregation import DawidSkene
import crowdkit
data = pd.read_csv(sys.argv[1], dtype={"task": str, "worker": str, "label": int})
model = DawidSkene(n_iter=int(sys.argv[2]), tol=float(sys.argv[3])).fit(data)
if len(sys.argv) > 4:
    labels = sorted(model.priors_.index)
    errors = model.errors_
    confusion = {}
    for worker, block in errors.groupby(level="worker"):
        rated = block.droplevel("worker")
        confusion[worker] = [[float(rated.loc[l, c]) if l in rated.index else 0.0 for l in labels]
                             for c in labels]
    json.dump({"version": crowdkit.__version__ if hasattr(crowdkit, "__version__") else "",
               "labels": [int(l) for l in labels],
               "priors": [float(model.priors_[l]) for l in labels], "confusion": confusion,
               "iterations": len(model.loss_history_)}, open(sys.argv[4], "w"))
"""


MACE_SECTION = "## MACE against crowd-kit's MACE (issue 43)"
MACE_REPEATS = 2
"""Rounds of the MACE pair: crowd-kit's MACE takes minutes at 150,000 labels."""
ACCURACY_HEAD = "Item labels against the simulated truth"

CROWDKIT_MACE_CHILD = r"""
import json, sys
import pandas as pd
from crowdkit.aggregation import MACE
data = pd.read_csv(sys.argv[1], dtype={"task": str, "worker": str, "label": int})
# crowd-kit 1.4.2's MACE keeps its spam counts in sorted worker and label order but reads them by
# first-appearance codes (pd.factorize): give it codes whose sorted order is their order of
# appearance, or it hands one worker another's spread
data["worker"] = pd.factorize(data["worker"])[0]
codes, names = pd.factorize(data["label"])
data["label"] = codes
model = MACE().fit(data)
if len(sys.argv) > 2:
    json.dump({t: int(names[l]) for t, l in model.labels_.items()}, open(sys.argv[2], "w"))
"""


def timed(command: list[str], out: Path | None = None) -> tuple[float, float, int]:
    """(wall seconds, peak resident MB, exit code) of one fresh process (its CPU seconds,
    user + system, go to CPU_SECONDS: on a shared machine they vary less than the wall's)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as record:
        with open(out or os.devnull, "w") as sink:
            done = subprocess.run(["/usr/bin/time", "-o", record.name, "-f", "%e %U %S %M", *command],
                                  stdout=sink, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
        fields = record.read().split()
    if done.returncode:
        sys.stderr.write(done.stderr[-2000:])
    CPU_SECONDS.append(float(fields[-3]) + float(fields[-2]))
    return float(fields[-4]), float(fields[-1]) / 1024, done.returncode


CPU_SECONDS: list[float] = []
CPU: dict[str, list[float]] = {"dawid-skene": [], "crowd-kit": [], "per-rater": []}
"""CPU seconds of the alternating runs, per program."""
"""User + system seconds of every timed process, in order."""


def tapdesk(path: Path, model: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "tapdesk", "fit", str(path), "--model", model, "--json", *extra]


BIG_IMPORT_LIMIT = ("--time-limit", str(BIG_TIMEOUT_S))
"""The import's own limit (120 s of wall time) is raised for the 10-million file: on a machine
shared with other jobs its reading can take longer than that in wall time."""


def stages(path: Path) -> str:
    """The stage table of ``benchmarks/crowd_stages.py`` on ``path`` (run in a fresh process)."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "crowd_stages.py"), str(path)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          timeout=BIG_TIMEOUT_S)
    if done.returncode:
        return f"(the stage run failed: {done.stderr[-500:]})"
    return done.stdout.strip()


def crowdkit(python: str, path: Path, n_iter: int = 100, tol: float = 1e-5,
             params: Path | None = None) -> list[str]:
    return [python, "-c", CROWDKIT_CHILD, str(path), str(n_iter), str(tol)] + (
        [str(params)] if params else [])


def alternate(path: Path, python: str | None) -> dict[str, list[tuple[float, float]]]:
    """REPEATS rounds of TapDesk Dawid-Skene, crowd-kit DawidSkene, TapDesk per-rater."""
    runs: dict[str, list[tuple[float, float]]] = {"dawid-skene": [], "crowd-kit": [], "per-rater": []}
    for _ in range(REPEATS):
        for name in runs:
            if name == "crowd-kit":
                if python is None:
                    continue
                seconds, mb, code = timed(crowdkit(python, path))
            else:
                seconds, mb, code = timed(tapdesk(path, name))
            if code:
                raise SystemExit(f"{name} failed on {path}")
            runs[name].append((seconds, mb))
            CPU[name].append(CPU_SECONDS[-1])
    return runs


def tapdesk_fit(path: Path, out: Path) -> dict:
    seconds, mb, code = timed(tapdesk(path, "dawid-skene"), out)
    if code:
        raise SystemExit("tapdesk fit failed")
    return json.loads(out.read_text())


def worker_confusions(result: dict) -> dict[str, np.ndarray]:
    prefix = "How rater "
    found = {}
    for table in result["tables"]:
        if table["title"].startswith(prefix):
            worker = table["title"][len(prefix):].split(" rates each true category")[0]
            found[worker] = np.array([row[1:] for row in table["rows"]], float)
    return found


def crowdkit_log_likelihood(path: Path, theirs: dict) -> float:
    """crowd-kit's fitted parameters scored by TapDesk's Dawid-Skene likelihood."""
    sys.path.insert(0, str(ROOT))
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine.categorical.common import prepare
    from tapdesk.engine.categorical.rater_data import RaterData, e_step
    prepared = prepare(read_ratings(path).table)
    data = RaterData.from_prepared(prepared)
    order = [str(c) for c in theirs["labels"]]
    if list(prepared.categories) != order:
        raise SystemExit(f"categories differ: {prepared.categories} and {order}")
    conf = np.array([theirs["confusion"][prepared.table.rater_ids[c]] for c in data.rater_codes])
    return e_step(data, np.asarray(theirs["priors"]), conf).log_likelihood


def agreement(path: Path, python: str, work: Path) -> dict:
    """TapDesk's fit against crowd-kit's DawidSkene run to convergence."""
    ours = tapdesk_fit(path, work / "ours.json")
    params = work / "theirs.json"
    if timed(crowdkit(python, path, 100_000, 1e-12, params))[2]:
        raise SystemExit("crowd-kit failed")
    theirs = json.loads(params.read_text())
    mine = worker_confusions(ours)
    few = {r["id"] for r in ours["raters"] if r["n_ratings"] < 10}
    gaps = {w: float(np.abs(mine[w] - np.asarray(c)).max()) for w, c in theirs["confusion"].items()}
    return {"share_gap": float(np.abs(np.asarray(ours["params"]["t"]) - theirs["priors"]).max()),
            "confusion_gap": max(gaps.values()),
            "confusion_gap_told": max(g for w, g in gaps.items() if w not in few),
            "ours_ll": float(ours["log_likelihood"]),
            "theirs_ll": crowdkit_log_likelihood(path, theirs),
            "theirs_iterations": theirs["iterations"], "version": theirs["version"]}


def accuracy(path: Path, truth: np.ndarray) -> dict[str, float]:
    """Share of items each method labels with their true (simulated) class."""
    sys.path.insert(0, str(ROOT))
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.categorical.common import prepare
    from tapdesk.engine.categorical.compare import majority_labels
    from tapdesk.engine.categorical.rater_data import RaterData
    table = read_ratings(path).table
    prepared = prepare(table)
    items = np.array([int(s[1:]) for s in prepared.subject_ids()])
    out = {"majority vote": float(np.mean(majority_labels(RaterData.from_prepared(prepared))
                                          == truth[items]))}
    for model, name in (("categorical-per-rater", "t-a-p (per rater)"),
                        ("dawid-skene", "Dawid-Skene"), ("mace", "MACE")):
        result = fit(FitRequest(model=model), table)
        code = {c: int(c) - 1 for c in result.class_labels}
        ids = np.array([int(s.subject_id[1:]) for s in result.subjects])
        best = np.array([code[result.class_labels[int(np.argmax(s.probabilities))]]
                         for s in result.subjects])
        out[name] = float(np.mean(best == truth[ids]))
    return out


def accuracy_lines(right: dict[str, float]) -> list[str]:
    """The accuracy table: each method's share of items labelled with their true class."""
    return [f"{ACCURACY_HEAD} (150,000 labels; the same methods whose agreement the model "
            "comparison of a Dawid-Skene fit shows):", "",
            "| method | items labelled with their true class |", "|---|---|",
            *(f"| {name} | {100 * share:.2f}% |" for name, share in right.items())]


def replace_accuracy_lines(right: dict[str, float], results: Path) -> None:
    """Put the accuracy table in place of the one in SECTION, leaving its other lines."""
    lines = results.read_text(encoding="utf-8").split("\n")
    start = lines.index(SECTION)
    first = next(i for i in range(start, len(lines)) if lines[i].startswith(ACCURACY_HEAD))
    last = next(i for i in range(first + 3, len(lines)) if not lines[i].startswith("|"))
    lines[first:last] = accuracy_lines(right)
    results.write_text("\n".join(lines), encoding="utf-8")


def mace_pair(path: Path, python: str | None, work: Path) -> dict:
    """TapDesk's MACE and crowd-kit's, MACE_REPEATS rounds alternating; each one's labels."""
    load = os.getloadavg()[0]
    runs: dict[str, list[tuple[float, float]]] = {"mace": [], "crowd-kit MACE": []}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    ours, theirs = work / "mace.json", work / "crowdkit_mace.json"
    for _ in range(MACE_REPEATS):
        seconds, mb, code = timed(tapdesk(path, "mace"), ours)
        if code:
            raise SystemExit("tapdesk fit --model mace failed")
        runs["mace"].append((seconds, mb))
        cpu["mace"].append(CPU_SECONDS[-1])
        if python is None:
            continue
        seconds, mb, code = timed([python, "-c", CROWDKIT_MACE_CHILD, str(path), str(theirs)])
        if code:
            raise SystemExit("crowd-kit's MACE failed")
        runs["crowd-kit MACE"].append((seconds, mb))
        cpu["crowd-kit MACE"].append(CPU_SECONDS[-1])
    result = json.loads(ours.read_text())
    labels = {"mace": {s["id"]: int(result["categories"][int(np.argmax(s["probabilities"]))])
                       for s in result["subjects"]}}
    if python is not None:
        labels["crowd-kit MACE"] = json.loads(theirs.read_text())
    return {"runs": runs, "cpu": cpu, "labels": labels, "load": load,
            "intervals": result["interval_method"]}


def mace_report(pair: dict, truth: np.ndarray) -> str:
    """The MACE section: time and memory side by side, label agreement, accuracy."""
    names = {"mace": "`tapdesk fit --model mace --json`",
             "crowd-kit MACE": "crowd-kit MACE (defaults: Variational Bayes, 10 restarts of 50 "
                               "iterations)"}
    lines = [MACE_SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, `benchmarks/bench_crowd.py"
             "` (`--only-mace` runs this part); the 150,000-label file of the section above. "
             f"Whole process under `/usr/bin/time`; median of {MACE_REPEATS}, the two alternating; "
             "memory is the largest peak. crowd-kit 1.4.2's MACE is given workers and labels as "
             "codes in their order of appearance: it keeps its spam counts in sorted order but "
             "reads them by order of appearance, and on the file's own names hands one worker "
             "another's spread.", "",
             "| 150,000 labels (1,000 workers x 50,000 items) | median (s) | CPU (s) | peak (MB) "
             "| items labelled with their true class |", "|---|---|---|---|---|"]
    right = {}
    for key, runs in pair["runs"].items():
        if not runs:
            continue
        labels = pair["labels"][key]
        right[key] = float(np.mean([truth[int(item[1:])] + 1 == label
                                    for item, label in labels.items()]))
        s, mb = median(runs)
        lines.append(f"| {names[key]} | {s:.2f} | {statistics.median(pair['cpu'][key]):.2f} | "
                     f"{mb:.0f} | {100 * right[key]:.2f}% |")
    if len(right) == 2:
        ours, theirs = pair["labels"]["mace"], pair["labels"]["crowd-kit MACE"]
        same = float(np.mean([ours[item] == theirs.get(item) for item in ours]))
        ratio = median(pair["runs"]["mace"])[0] / median(pair["runs"]["crowd-kit MACE"])[0]
        cpu_ratio = (statistics.median(pair["cpu"]["mace"])
                     / statistics.median(pair["cpu"]["crowd-kit MACE"]))
        lines += ["", f"The two agree on the label of {100 * same:.2f}% of the items; TapDesk's "
                  f"time is {ratio:.3f} x crowd-kit's ({cpu_ratio:.3f} x in CPU time). TapDesk "
                  "fits MACE by maximum likelihood (the paper's EM without priors; its starts "
                  "the per-rater t-a-p fit, the majority vote and, on files small enough, "
                  "random ones) and its JSON holds the model comparison and every item's class "
                  f"probabilities; intervals: {pair['intervals']}. crowd-kit's default is the "
                  "paper's Variational Bayes with Beta(0.5, 0.5) and Dirichlet(10) priors; its "
                  "10 restarts all begin from the same point (each draws its start with the same "
                  "random_state), so they repeat one fit ten times."]
    lines += ["", f"Load average when this part started: {pair['load']:.1f} on "
              f"{os.cpu_count()} cores (other jobs shared the machine)."]
    return "\n".join(lines) + "\n"


def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s for s, _ in runs), max(m for _, m in runs)


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def report(runs, agree, big, right=None, stage_table: str = "") -> str:
    lines = [SECTION, "",
             f"Python {platform.python_version()}, {platform.machine()}, `benchmarks/bench_crowd.py`; "
             "simulated with `benchmarks/crowd_data.py` (seed 1: workers accurate 55-95%, busier "
             "workers drawn more often, two categories). Whole process under `/usr/bin/time` "
             f"(start-up, import, fit, intervals, comparisons, JSON); median of {REPEATS}, the "
             "programs alternating; memory is the largest peak.", "",
             "| 150,000 labels (1,000 workers x 50,000 items) | median (s) | CPU (s) | peak (MB) "
             "| target | verdict |",
             "|---|---|---|---|---|---|"]
    ds_s, _ = median(runs["dawid-skene"])
    ck = median(runs["crowd-kit"]) if runs["crowd-kit"] else None
    for name, label in (("dawid-skene", "`tapdesk fit --model dawid-skene --json`"),
                        ("per-rater", "`tapdesk fit --model per-rater --json`")):
        s, mb = median(runs[name])
        lines.append(f"| {label} | {s:.2f} | {statistics.median(CPU[name]):.2f} | {mb:.0f} | "
                     f"<= {TARGET_S:g} s, <= {TARGET_MB:g} MB | "
                     f"{verdict(s <= TARGET_S and mb <= TARGET_MB)} |")
    if ck is not None:
        lines.append(f"| crowd-kit DawidSkene (defaults: 100 iterations, tol 1e-5) | {ck[0]:.2f} | "
                     f"{statistics.median(CPU['crowd-kit']):.2f} | {ck[1]:.0f} | | |")
        ratio = ds_s / ck[0]
        cpu_ratio = statistics.median(CPU["dawid-skene"]) / statistics.median(CPU["crowd-kit"])
        lines.append(f"| ratio TapDesk / crowd-kit (Dawid-Skene) | {ratio:.2f} | {cpu_ratio:.2f} | "
                     f"{median(runs['dawid-skene'])[1] / ck[1]:.2f} | <= {TARGET_RATIO:g} (time) | "
                     f"{verdict(ratio <= TARGET_RATIO)} |")
    if agree:
        ok = agree["share_gap"] <= AGREE and agree["confusion_gap"] <= AGREE
        lines += ["", f"Agreement with crowd-kit {agree['version']} DawidSkene run to convergence "
                  f"(tol 1e-12, {agree['theirs_iterations']} iterations): largest gap in class "
                  f"shares {agree['share_gap']:.1e}, in worker confusion entries "
                  f"{agree['confusion_gap']:.1e} (workers with 10 or more labels: "
                  f"{agree['confusion_gap_told']:.1e}); target {AGREE}: {verdict(ok)}. "
                  f"Log-likelihood TapDesk {agree['ours_ll']:.6f}, crowd-kit's parameters "
                  f"{agree['theirs_ll']:.6f}: "
                  f"{verdict(agree['ours_ll'] >= agree['theirs_ll'] - 1e-6)} (at least as high)."]
    if right:
        lines += ["", *accuracy_lines(right)]
    if big:
        s, cpu, mb, code, size = big
        lines += ["", f"10,000,000 labels (100,000 workers x 3,333,334 items, long CSV {size:.0f} MB), "
                  f"`tapdesk fit --model dawid-skene --json`: {s:.1f} s wall, {cpu:.1f} s CPU, "
                  f"{mb:.0f} MB peak, " + ("finished" if code == 0 else f"exit code {code}")
                  + f"; target <= {BIG_TARGET_S:g} s and <= {BIG_TARGET_MB:g} MB: "
                  f"{verdict(code == 0 and min(s, cpu) <= BIG_TARGET_S and mb <= BIG_TARGET_MB)}"
                  + ("" if s <= BIG_TARGET_S else " in CPU time (the wall time is the load's)")
                  + "."]
    if stage_table:
        lines += ["", "The same 10,000,000 labels stage by stage in one process "
                  "(`benchmarks/crowd_stages.py`; peak memory so far at the end of each stage):",
                  "", stage_table]
    load = os.getloadavg()[0]
    lines += ["", f"Load average when the run started: {load:.1f} on {os.cpu_count()} cores "
              "(other jobs shared the machine)."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crowdkit-python", default=os.environ.get("CROWDKIT_PYTHON",
                                                                    "/tmp/ckvenv/bin/python"))
    parser.add_argument("--no-10m", action="store_true", help="leave out the 10-million case")
    parser.add_argument("--only-mace", action="store_true",
                        help="only MACE beside crowd-kit's MACE, and the accuracy table")
    parser.add_argument("--dry", action="store_true", help="print, do not write RESULTS.md")
    args = parser.parse_args()
    python = args.crowdkit_python if Path(args.crowdkit_python).exists() else None
    if python is None:
        print(f"crowd-kit's Python {args.crowdkit_python} not found: TapDesk alone", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small = work / "crowd150k.csv"
        truth = write_csv(small, 1000, 50_000)
        mace_text = mace_report(mace_pair(small, python, work), truth)
        if args.only_mace:
            right = accuracy(small, truth)
            print(mace_text + "\n" + "\n".join(accuracy_lines(right)))
            if not args.dry:
                write_section(MACE_SECTION, mace_text)
                replace_accuracy_lines(right, RESULTS)
            return
        runs = alternate(small, python)
        right = accuracy(small, truth)
        agree = agreement(small, python, work) if python else None
        big, stage_table = None, ""
        if not args.no_10m:
            large = work / "crowd10m.csv"
            write_csv(large, 100_000, 3_333_334)
            s, mb, code = timed(["timeout", str(BIG_TIMEOUT_S),
                                 *tapdesk(large, "dawid-skene", *BIG_IMPORT_LIMIT)])
            big = (s, CPU_SECONDS[-1], mb, code, large.stat().st_size / 1e6)
            stage_table = stages(large)
        text = report(runs, agree, big, right, stage_table)
    print(text + "\n" + mace_text)
    if not args.dry:
        write_section(SECTION, text)
        write_section(MACE_SECTION, mace_text)


if __name__ == "__main__":
    main()
