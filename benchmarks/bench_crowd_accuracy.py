"""MACE and Dawid-Skene accuracy beside crowd-kit's (issue 78 item 4), in one process.

Two binary crowds, a few seeds each, the true class-1 share 0.35:

* dense: 50,000 tasks x 3 labels (150,000 labels) from 1,000 workers (busier workers
  more often); 30% of them are biased guessers who answer 1 with probability 0.85
  whatever the task, the others are right with a worker-specific probability between
  0.6 and 0.95 (symmetric errors);
* sparse: 2,000 tasks x 3 labels from 1,000 workers, about 6 labels a worker, the same mix.

Side by side on the same labels: TapDesk's MACE, by maximum likelihood (``method='em'``) and as
the posterior mode under the paper's priors (``method='map'``), and Dawid-Skene
(``tapdesk.crowd``, default starts), crowd-kit's MACE (its defaults, ``random_state=0``) and
DawidSkene (``n_iter=100``), and the majority vote; accuracy against the simulated truth, the
class-1 share of the labels, how often the two MACE (and the two Dawid-Skene) labellings agree,
and seconds.

crowd-kit's MACE is run twice: on the rows as given and on the rows sorted by worker. Its
M-step (crowd-kit 1.4.2) takes each worker's spam counts from a group-by that orders workers by
name and label values by value, and writes them to workers and labels indexed by first
appearance; only when the rows come in that order does each worker get their own spread (the
sorted rows start with a worker who gave label 0, renamed to sort first, so that the labels too
first appear in order) (as given, its accuracy
swings with the row order: the table's two crowd-kit MACE columns). With a fixed
``random_state`` its ten restarts start from the same point (its ``_initialize`` draws with the
same seed each time) and so end at the same fit: one restart is run, the same labels ten times
faster.

crowd-kit is not a TapDesk dependency: point PYTHONPATH at an installation of it,

    PYTHONPATH=/tmp/ck:. .venv/bin/python benchmarks/bench_crowd_accuracy.py [--seeds 1 2 3]

Prints the table and replaces the section "## MACE and Dawid-Skene accuracy beside crowd-kit
(issue 78 item 4)" of benchmarks/RESULTS.md (``--no-write``: print only).
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd
from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## MACE and Dawid-Skene accuracy beside crowd-kit (issue 78 item 4)"
TRUE_SHARE = 0.35
GUESSER_SHARE = 0.3
GUESSER_ONES = 0.85
CROWDS = {"dense": (50_000, 1_000), "sparse": (2_000, 1_000)}
"""name: (tasks, workers); 3 labels a task."""
LABELS_PER_TASK = 3


def biased_crowd(n_tasks: int, n_workers: int, seed: int, per_task: int = LABELS_PER_TASK
                 ) -> tuple[pd.DataFrame, pd.Series]:
    """(labels task/worker/label, truth by task): honest workers right with probability
    U(0.6, 0.95); GUESSER_SHARE of the workers answer 1 with probability GUESSER_ONES."""
    rng = np.random.default_rng(seed)
    truth = (rng.random(n_tasks) < TRUE_SHARE).astype(int)
    guesser = rng.random(n_workers) < GUESSER_SHARE
    accuracy = rng.uniform(0.6, 0.95, n_workers)
    busy = rng.gamma(2.0, size=n_workers)
    workers = distinct_workers(n_tasks, per_task, busy / busy.sum(), rng)
    true = np.repeat(truth[:, None], per_task, axis=1)
    honest = np.where(rng.random(workers.shape) < accuracy[workers], true, 1 - true)
    guessed = (rng.random(workers.shape) < GUESSER_ONES).astype(int)
    labels = np.where(guesser[workers], guessed, honest)
    frame = pd.DataFrame({"task": np.repeat(np.arange(n_tasks), per_task).astype(str),
                          "worker": workers.ravel().astype(str), "label": labels.ravel()})
    return frame, pd.Series(truth, index=np.arange(n_tasks).astype(str))


def distinct_workers(n_tasks: int, per_task: int, p: np.ndarray,
                     rng: np.random.Generator) -> np.ndarray:
    """(tasks, per_task) workers drawn by ``p``, redrawn until no task has one twice."""
    chosen = rng.choice(len(p), size=(n_tasks, per_task), p=p)
    while True:
        ordered = np.sort(chosen, axis=1)
        repeated = (np.diff(ordered, axis=1) == 0).any(axis=1)
        if not repeated.any():
            return chosen
        chosen[repeated] = rng.choice(len(p), size=(int(repeated.sum()), per_task), p=p)


@dataclass(frozen=True)
class Scored:
    labels: np.ndarray
    accuracy: float
    share1: float
    seconds: float


def scored(fit: Callable[[], pd.Series], truth: pd.Series) -> Scored:
    start = time.perf_counter()
    labels = fit().reindex(truth.index).to_numpy()
    seconds = time.perf_counter() - start
    return Scored(labels, float(np.mean(labels == truth.to_numpy())),
                  float(np.mean(labels == 1)), seconds)


def in_crowdkit_order(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows in the order crowd-kit's MACE reads its counts back in: workers first appearing
    in sorted order, and so labels (renamed workers: one who gave the smallest label first)."""
    smallest = frame["label"].min()
    first = frame.loc[frame["label"] == smallest, "worker"].iloc[0]
    others = sorted(set(frame["worker"]) - {first})
    rename = {name: f"w{rank:06d}" for rank, name in enumerate([first, *others])}
    renamed = frame.assign(worker=frame["worker"].map(rename))
    return renamed.sort_values(["worker", "label"], kind="stable")


def methods(frame: pd.DataFrame) -> dict[str, Callable[[], pd.Series]]:
    import crowdkit.aggregation as ck

    import tapdesk.crowd as td
    by_worker = in_crowdkit_order(frame)
    return {
        "TapDesk MACE (ML)": lambda: td.MACE(random_state=0).fit_predict(frame),
        "TapDesk MACE (MAP)": lambda: td.MACE(random_state=0, method="map").fit_predict(frame),
        "crowd-kit MACE": lambda: ck.MACE(n_restarts=1, random_state=0).fit_predict(frame),
        "crowd-kit MACE, rows by worker":
            lambda: ck.MACE(n_restarts=1, random_state=0).fit_predict(by_worker),
        "TapDesk Dawid-Skene": lambda: td.DawidSkene(random_state=0).fit_predict(frame),
        "crowd-kit DawidSkene": lambda: ck.DawidSkene(n_iter=100).fit_predict(frame),
        "majority vote": lambda: ck.MajorityVote().fit_predict(frame),
    }


def measure(crowd: str, seed: int) -> dict[str, Scored]:
    n_tasks, n_workers = CROWDS[crowd]
    frame, truth = biased_crowd(n_tasks, n_workers, seed)
    out = {}
    for name, fit in methods(frame).items():
        out[name] = scored(fit, truth)
        print(f"{crowd} seed {seed} {name}: {out[name].accuracy:.4f} "
              f"share {out[name].share1:.3f} {out[name].seconds:.1f} s", flush=True)
    return out


def agreement(a: Scored, b: Scored) -> float:
    return float(np.mean(a.labels == b.labels))


def table(rows: list[tuple[str, int, dict[str, Scored]]]) -> list[str]:
    names = list(rows[0][2])
    lines = ["| crowd | seed | " + " | ".join(names) + " | MACE agree | DS agree |",
             "|---" * (len(names) + 4) + "|"]
    for crowd, seed, result in rows:
        cells = [f"{result[n].accuracy:.2%} ({result[n].share1:.3f}, {result[n].seconds:.1f} s)"
                 for n in names]
        mace = agreement(result["TapDesk MACE (MAP)"], result["crowd-kit MACE, rows by worker"])
        ds = agreement(result["TapDesk Dawid-Skene"], result["crowd-kit DawidSkene"])
        lines.append(f"| {crowd} | {seed} | " + " | ".join(cells) + f" | {mace:.2%} | {ds:.2%} |")
    return lines


def means(rows: list[tuple[str, int, dict[str, Scored]]]) -> list[str]:
    out = []
    for crowd in CROWDS:
        chosen = [r for c, _, r in rows if c == crowd]
        if not chosen:
            continue
        cells = ", ".join(f"{n} {np.mean([r[n].accuracy for r in chosen]):.2%}" for n in chosen[0])
        out.append(f"- {crowd}, mean over {len(chosen)} seeds: {cells}.")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--crowds", nargs="+", default=list(CROWDS), choices=list(CROWDS))
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    import crowdkit
    rows = [(crowd, seed, measure(crowd, seed)) for crowd in args.crowds for seed in args.seeds]
    text = "\n".join([
        SECTION, "",
        "`benchmarks/bench_crowd_accuracy.py` (one process, run with `nice -n 19` on a 2-core "
        f"machine shared with other jobs; crowd-kit {getattr(crowdkit, '__version__', '1.4.2')}). "
        f"Binary crowds, true class-1 share {TRUE_SHARE}: dense {CROWDS['dense'][0]:,} tasks x "
        f"{LABELS_PER_TASK} labels from {CROWDS['dense'][1]:,} workers, sparse "
        f"{CROWDS['sparse'][0]:,} tasks x {LABELS_PER_TASK} from {CROWDS['sparse'][1]:,} "
        f"(about 6 labels a worker); {GUESSER_SHARE:.0%} of the workers answer 1 with "
        f"probability {GUESSER_ONES} whatever the task, the others are right with probability "
        "U(0.6, 0.95). Each cell: accuracy against the truth (class-1 share of the labels, "
        "seconds). Agreement: TapDesk's MACE (MAP) against crowd-kit's on rows sorted by worker, "
        "and the two Dawid-Skene fits.", "",
        *table(rows), "", *means(rows), ""])
    print(text)
    if not args.no_write:
        write_section(SECTION, text)


if __name__ == "__main__":
    main()
