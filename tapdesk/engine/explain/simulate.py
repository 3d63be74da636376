"""Simulate ratings from an explanatory model (issue 42): for tests, benchmarks and the worked
example. Subjects of group g are truly in class c with probability ``t[g][c]``; rater j is
accurate with probability ``expit(b0 + b . (x_j - mean))`` and otherwise guesses from ``p``.
Each subject is rated by ``per_subject`` raters drawn at random (every rater when None)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.special import expit

from tapdesk.data.attributes import Attributes
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale


def simulate_explained(t: Sequence[Sequence[float]], group_sizes: Sequence[int],
                       attributes: np.ndarray, b0: float, b: Sequence[float], p: Sequence[float],
                       seed: int, *, per_subject: int | None = None,
                       categories: Sequence[str] | None = None,
                       group_labels: Sequence[str] | None = None,
                       attribute_names: Sequence[str] | None = None,
                       raters_of: Sequence[Sequence[int]] | None = None) -> RatingsTable:
    """A table with subject attribute "group" and the raters' numeric attributes;
    ``raters_of`` names each subject's raters (default: ``per_subject`` at random, or all)."""
    rng = np.random.default_rng(seed)
    t_arr, p_arr = np.asarray(t, float), np.asarray(p, float)
    k = t_arr.shape[1]
    x = np.asarray(attributes, float).reshape(len(attributes), -1)
    n_raters = x.shape[0]
    accuracy = expit(b0 + (x - x.mean(axis=0)) @ np.asarray(b, float))
    group = np.repeat(np.arange(len(group_sizes)), group_sizes)
    truth = np.array([rng.choice(k, p=t_arr[g]) for g in group])
    subj, rat, val = [], [], []
    for i, z in enumerate(truth):
        raters = _raters(i, n_raters, per_subject, raters_of, rng)
        for j in raters:
            accurate = rng.random() < accuracy[j]
            subj.append(i)
            rat.append(int(j))
            val.append(z if accurate else rng.choice(k, p=p_arr))
    cats = tuple(categories) if categories is not None else tuple(str(c) for c in range(k))
    labels = list(group_labels) if group_labels is not None else \
        [str(g + 1) for g in range(len(group_sizes))]
    names = list(attribute_names) if attribute_names is not None else \
        [f"x{m + 1}" for m in range(x.shape[1])]
    subject_ids = tuple(f"S{i + 1}" for i in range(len(truth)))
    rater_ids = tuple(f"R{j + 1}" for j in range(n_raters))
    table = RatingsTable(np.array(subj), np.array(rat), np.array(val), subject_ids, rater_ids,
                         Scale(cats, ordinal=True))
    attrs = Attributes({"group": {s: labels[g] for s, g in zip(subject_ids, group)}},
                       {name: {r: f"{x[j, m]:g}" for j, r in enumerate(rater_ids)}
                        for m, name in enumerate(names)})
    return table.with_attributes(attrs)


def _raters(i: int, n_raters: int, per_subject: int | None,
            raters_of: Sequence[Sequence[int]] | None, rng: np.random.Generator) -> np.ndarray:
    if raters_of is not None:
        return np.asarray(raters_of[i], dtype=np.int64)
    if per_subject is None:
        return np.arange(n_raters)
    return rng.choice(n_raters, size=per_subject, replace=False)
