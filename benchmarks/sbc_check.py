"""Shared by the simulation-based calibration benchmarks (sbc_tap.py, bench_pooled.py): the
rank of each true value among L_DRAWS thinned posterior draws should be uniform; a chi-square
test on BINS bins says whether it is, and one table row per quantity shows it."""

from __future__ import annotations

import numpy as np
from scipy import stats

L_DRAWS = 99
"""Posterior draws each true value is ranked among (ranks 0..L_DRAWS)."""
BINS = 10


def rank_counts(col: np.ndarray) -> np.ndarray:
    """How many ranks fall in each of the BINS bins."""
    return np.bincount(col * BINS // (L_DRAWS + 1), minlength=BINS)


def uniformity_p_values(ranks: np.ndarray) -> np.ndarray:
    """Chi-square p-value of the rank histogram for each column of ``ranks``."""
    return np.array([stats.chisquare(rank_counts(col)).pvalue for col in ranks.T])


def rank_rows(names, ranks: np.ndarray) -> tuple[list[str], np.ndarray]:
    """The table rows ("| name | p | counts | verdict |") and the p-values, one per column."""
    pvals = uniformity_p_values(ranks)
    rows = [f"| {name} | {pv:.3f} | {' '.join(map(str, rank_counts(col)))} | "
            f"{'uniform (p > 0.01)' if pv > 0.01 else 'NOT uniform'} |"
            for name, col, pv in zip(names, ranks.T, pvals)]
    return rows, pvals
