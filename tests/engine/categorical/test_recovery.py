"""Simulation recovery of the K-category t-a-p model (issue 3's design)."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.categorical.likelihood import CountPatterns
from tapdesk.engine.categorical.simulate import simulate_table
from tapdesk.engine.categorical.tap_k import fit_patterns
from tapdesk.engine.request import FitRequest

TRUTH_T, TRUTH_A, TRUTH_P = (0.1, 0.2, 0.3, 0.4), 0.5, (0.4, 0.3, 0.2, 0.1)
NAMES = ["t1", "t2", "t3", "t4", "a", "p1", "p2", "p3", "p4"]


def run(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def test_recovery_100_subjects_5_raters_20_seeds():
    truth = np.concatenate([TRUTH_T, [TRUTH_A], TRUTH_P])
    request = FitRequest(model="categorical", n_starts=6)
    estimates = []
    for seed in range(20):
        table = simulate_table(TRUTH_T, TRUTH_A, TRUTH_P, n_subjects=100, n_raters=5,
                               seed=1000 + seed)
        patterns = CountPatterns.from_counts(table.category_counts())
        fit = run(fit_patterns(patterns, request, NEVER_CANCELLED, emit=False))
        estimates.append(fit.theta.as_vector())
    estimates = np.array(estimates)
    mean, sd = estimates.mean(axis=0), estimates.std(axis=0, ddof=1)
    lo, hi = estimates.min(axis=0), estimates.max(axis=0)
    print("\nparameter  truth   mean     sd      min     max")
    for i, name in enumerate(NAMES):
        print(f"{name:<9} {truth[i]:.3f}  {mean[i]:.3f}  {sd[i]:.3f}  {lo[i]:.3f}  {hi[i]:.3f}")
    assert np.all(np.abs(mean - truth) < 0.05), dict(zip(NAMES, np.round(mean - truth, 3)))
