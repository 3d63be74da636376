"""The t-a-p fits of a batch of simulated studies: estimates and profile intervals together.

Every simulated study of a design is summarised by its R + 1 counts (how
many subjects got k Class-1 ratings, k = 0 .. R): that is all its t-a-p
fit reads. :func:`fit_counts` fits each distinct count vector once
(identical studies share one fit), all of them together
(:func:`~tapdesk.engine.planning.batch_fit.batch_fit`, then
:class:`~tapdesk.engine.planning.batch_profile.BatchProfile`), and reports
what the one-at-a-time fit (:func:`tapdesk.engine.binary.tap.tap_estimates`)
reports: estimates, profile intervals with the same end rules, and whether
EM converged. A study whose interval search does not settle in the batch is
fitted one at a time, by that very function, with its fallbacks.
``tests/engine/planning/test_batch.py`` compares the two on many studies.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.binary.mixture_fit import EDGE
from tapdesk.engine.binary.tap import tap_estimates
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.planning.batch_fit import batch_fit
from tapdesk.engine.planning.batch_profile import BatchProfile
from tapdesk.engine.request import FitRequest
from tapdesk.engine.run import drive


@dataclass(frozen=True)
class CountFits:
    """Per study (rows): (t, a, p), their intervals (studies x 3 x 2; NaN: none) and whether
    every EM start converged."""

    estimates: np.ndarray
    intervals: np.ndarray
    converged: np.ndarray


def class1_count_table(class1_counts: np.ndarray, raters: int) -> np.ndarray:
    """(studies, R + 1) counts of subjects with k Class-1 ratings, from each study's
    per-subject counts (studies x subjects)."""
    studies = len(class1_counts)
    offset = (np.arange(studies) * (raters + 1))[:, None]
    flat = np.bincount((class1_counts + offset).ravel(), minlength=studies * (raters + 1))
    return flat.reshape(studies, raters + 1)


def histogram_of(counts: np.ndarray) -> CountHistogram:
    """The count histogram of one study (the cells it saw), from its R + 1 counts."""
    raters = len(counts) - 1
    seen = np.flatnonzero(counts)
    return CountHistogram(np.full(len(seen), raters, np.int64), seen.astype(np.int64),
                          np.asarray(counts, np.int64)[seen])


def fit_counts(table: np.ndarray, request: FitRequest,
               cancel: CancelToken = NEVER_CANCELLED) -> CountFits | None:
    """The t-a-p fits of the studies whose counts are the rows of ``table``; None if cancelled.

    Parameters
    ----------
    table
        (studies, R + 1) counts of subjects with k = 0 .. R Class-1 ratings.
    request
        The fit's settings (starts, seed, tolerance, iteration limit, level), as
        ``tapdesk fit`` would run it.
    """
    unique, inverse = np.unique(table, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    fitted = batch_fit(unique, n_starts=request.n_starts, seed=request.seed,
                       tolerance=request.tolerance, max_iterations=request.max_iterations,
                       cancel=cancel)
    if cancel.requested:
        return None
    ends, failed = BatchProfile(unique, fitted.tap, fitted.log_likelihood,
                                request.level).intervals()
    ends[..., 0] = np.where(ends[..., 0] <= 2 * EDGE, 0.0, ends[..., 0])
    ends[..., 1] = np.where(ends[..., 1] >= 1 - 2 * EDGE, 1.0, ends[..., 1])
    estimates = fitted.tap.copy()
    for row in np.flatnonzero(failed.any(axis=1)):
        if cancel.requested:
            return None
        estimates[row], ends[row] = _one_at_a_time(unique[row], request, cancel)
    return CountFits(estimates[inverse], ends[inverse], fitted.converged[inverse])


def _one_at_a_time(counts: np.ndarray, request: FitRequest,
                   cancel: CancelToken) -> tuple[np.ndarray, np.ndarray]:
    """Estimates and intervals of one study by the single fit (its fallbacks included)."""
    _, estimates = drive(tap_estimates(histogram_of(counts), request, cancel, emit=False,
                                       standard_errors=False))
    intervals = np.array([e.ci if e.ci else (np.nan, np.nan) for e in estimates], float)
    return np.array([e.value for e in estimates]), intervals
