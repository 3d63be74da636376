"""Simulated studies of one design for the rater check's calibration (per-rater model).

The rater check calibrates its interval by simulating a few hundred studies
with the observed design and refitting each
(:mod:`tapdesk.engine.raters.check_calibration`); the studies are then counts
over rating patterns (:mod:`tapdesk.engine.binary.rating_patterns`), whose
likelihood the per-rater fit shares.
"""

from __future__ import annotations

import numpy as np


def simulate(design: np.ndarray, params: np.ndarray, n_studies: int,
             rng: np.random.Generator) -> np.ndarray:
    """Studies from the per-rater model with the observed design.

    Parameters
    ----------
    design
        (subjects, R) number of ratings each rater gave each subject (0 where missing).
    params
        (t, q1_1..q1_R, q0_1..q0_R).

    Returns
    -------
    (studies, subjects, R) Class-1 counts: subject i is truly Class 1 with
    probability t; each of rater j's ratings of it is Class 1 with
    probability q1_j (truly Class 1) or q0_j (truly Class 0).
    """
    design = np.rint(design).astype(np.int64)
    r = design.shape[1]
    t, q1, q0 = params[0], params[1:r + 1], params[r + 1:]
    truth = rng.random((n_studies, design.shape[0])) < t
    q = np.where(truth[:, :, None], q1, q0)
    if design.max() <= 1:                 # one rating per cell at most: a uniform draw each
        return ((rng.random(q.shape) < q) & (design > 0)).astype(np.int64)
    return rng.binomial(np.broadcast_to(design, q.shape), q)
