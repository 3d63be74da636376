"""A crowd of annotators for the tests of many raters (issue 43): 1,000 workers, each item
labelled by 3 of them, accuracies spread as in crowd work and 20 spammers."""

from __future__ import annotations

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale


def crowd_table(n_raters: int = 1000, n_items: int = 3000, per_item: int = 3,
                seed: int = 4) -> RatingsTable:
    rng = np.random.default_rng(seed)
    truth = rng.random(n_items) < 0.3
    accuracy = rng.beta(6, 2, n_raters)
    accuracy[:20] = 0.05
    subject = np.repeat(np.arange(n_items), per_item)
    rater = np.concatenate([rng.choice(n_raters, per_item, replace=False) for _ in range(n_items)])
    accurate = rng.random(len(rater)) < accuracy[rater]
    guess = rng.random(len(rater)) < 0.4
    rating = np.where(accurate, truth[subject], guess).astype(np.int64)
    return RatingsTable(subject, rater, rating, tuple(f"item{i}" for i in range(n_items)),
                        tuple(f"worker{j}" for j in range(n_raters)), Scale(("0", "1")))
