"""Seeded annotation-team data (issue 43): many workers, many items, a few labels per item.

Each item has a true class drawn from ``shares``; it is labelled by
``labels_per_item`` distinct workers drawn at random (busier workers more
often); each worker has their own confusion matrix (Dawid-Skene): accurate
with a worker-specific probability, otherwise a label drawn from a
worker-specific spread. Written as a long CSV ``task,worker,label``.

    python benchmarks/crowd_data.py OUT.csv --workers 1000 --items 50000 [--k 2] [--seed 1]

Memory is proportional to the number of labels (chunks of items).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pandas as pd

CHUNK = 500_000


def worker_confusions(n_workers: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """(J, K, K): accuracy between 0.55 and 0.95, the rest spread over the other classes."""
    accuracy = rng.uniform(0.55, 0.95, n_workers)
    spread = rng.dirichlet(np.ones(k), size=n_workers)
    conf = (1 - accuracy)[:, None, None] * spread[:, None, :]
    conf = conf + accuracy[:, None, None] * np.eye(k)[None]
    return conf / conf.sum(axis=2, keepdims=True)


def draw_workers(n_items: int, per_item: int, n_workers: int,
                 rng: np.random.Generator) -> np.ndarray:
    """(items, per_item) distinct workers per item, busier workers chosen more often."""
    busy = rng.gamma(2.0, size=n_workers)
    busy /= busy.sum()
    chosen = rng.choice(n_workers, size=(n_items, per_item), p=busy)
    for _ in range(20):                      # redraw repeated workers within an item
        ordered = np.sort(chosen, axis=1)
        dup = (np.diff(ordered, axis=1) == 0).any(axis=1)
        if not dup.any():
            break
        chosen[dup] = rng.choice(n_workers, size=(int(dup.sum()), per_item), p=busy)
    return chosen


def simulate(n_workers: int, n_items: int, k: int = 2, per_item: int = 3, seed: int = 1,
             shares: np.ndarray | None = None):
    """Yield (task, worker, label, truth-of-task) chunks; and the truth for all items last."""
    rng = np.random.default_rng(seed)
    shares = np.asarray(shares if shares is not None else np.linspace(2, 1, k) / np.linspace(2, 1, k).sum())
    conf = worker_confusions(n_workers, k, rng)
    cdf = np.cumsum(conf, axis=2)
    truth = rng.choice(k, size=n_items, p=shares)
    for start in range(0, n_items, CHUNK):
        items = np.arange(start, min(start + CHUNK, n_items))
        workers = draw_workers(len(items), per_item, n_workers, rng)
        rows = cdf[workers, truth[items][:, None]]              # items, per_item, K
        label = np.minimum((rng.random((len(items), per_item, 1)) > rows).sum(axis=2), k - 1)
        yield np.repeat(items, per_item), workers.ravel(), label.ravel()
    yield truth


def write_csv(path: Path, n_workers: int, n_items: int, k: int = 2, per_item: int = 3,
              seed: int = 1) -> np.ndarray:
    """Write the long CSV; return each item's true class (0-based; labels are 1..K)."""
    with open(path, "w", encoding="utf-8") as out:
        out.write("task,worker,label\n")
        truth = None
        for chunk in simulate(n_workers, n_items, k, per_item, seed):
            if not isinstance(chunk, tuple):
                truth = chunk
                break
            task, worker, label = chunk
            frame = pd.DataFrame({"task": np.char.add("t", task.astype(str)),
                                  "worker": np.char.add("w", worker.astype(str)),
                                  "label": label + 1})
            frame.to_csv(out, header=False, index=False)
    assert truth is not None
    return truth


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--workers", type=int, default=1000)
    parser.add_argument("--items", type=int, default=50_000)
    parser.add_argument("--k", type=int, default=2)
    parser.add_argument("--per-item", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    write_csv(args.out, args.workers, args.items, args.k, args.per_item, args.seed)


if __name__ == "__main__":
    main()
