"""Simulated studies of a design: simulate, fit with the engine, measure.

A chunk of studies is simulated one study at a time and fitted all together
(:mod:`tapdesk.engine.planning.batch`, the same estimates and intervals as
the one-at-a-time fit :func:`fit_study`). Runs in worker processes, so
everything here is picklable and module-level.
Studies are *nested*: simulated study number s of every design is the
top-left corner (first N subjects, first R raters) of one master study of
the largest design, drawn from the seed (plan seed, s). Each design's
studies are still exact draws from the model (subjects and ratings are
independent), but a bigger design adds subjects and raters to the smaller
one, so the differences between designs are not blurred by Monte Carlo noise.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix, table_from_matrix
from tapdesk.engine.binary.tap import tap_estimates
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.planning.accuracy import majority_accuracy, model_accuracy
from tapdesk.engine.planning.batch import CountFits, class1_count_table, fit_counts
from tapdesk.engine.request import DEFAULT_LEVEL, FitRequest
from tapdesk.engine.results import Estimate
from tapdesk.engine.run import drive

COLUMNS = ("sim", "width_t", "width_a", "width_p", "a_low", "a_high", "accuracy_model",
           "accuracy_majority", "converged")
"""Columns of a chunk's outcome array, one row per simulated study (NaN: no interval)."""


@dataclass(frozen=True)
class Chunk:
    """Simulated studies ``first`` .. ``stop - 1`` of one design (intervals at ``level``)."""

    t: float
    a: float
    p: float
    raters: int
    subjects: int
    max_raters: int
    max_subjects: int
    seed: int
    first: int
    stop: int
    n_starts: int
    tolerance: float
    level: float = DEFAULT_LEVEL


def study_seed(seed: int, sim: int) -> int:
    """The seed of master study ``sim`` of a plan seeded with ``seed``."""
    return int(np.random.SeedSequence([seed, sim]).generate_state(1)[0])


def simulate_study(chunk: Chunk, sim: int) -> tuple[np.ndarray, np.ndarray]:
    """(truth, ratings) of study ``sim`` of the chunk's design (a corner of the master)."""
    truth, ratings = simulate_matrix(TapParameters(chunk.t, chunk.a, chunk.p), chunk.max_subjects,
                                     chunk.max_raters, study_seed(chunk.seed, sim))
    return truth[:chunk.subjects], ratings[:chunk.subjects, :chunk.raters]


def fit_request(chunk: Chunk) -> FitRequest:
    """The engine request of every simulated study: the t-a-p model as ``tapdesk fit`` runs it,
    with intervals at the plan's level."""
    return FitRequest(model="tap", n_starts=chunk.n_starts, tolerance=chunk.tolerance,
                      level=chunk.level)


def fit_study(chunk: Chunk, ratings: np.ndarray,
              cancel: CancelToken = NEVER_CANCELLED) -> tuple[tuple[Estimate, ...], bool] | None:
    """(estimates, converged) of the t-a-p fit of one study; None when cancelled.

    The fit is the engine's (:func:`tapdesk.engine.binary.tap.tap_estimates`,
    as ``tapdesk fit`` runs it) without what the plan never reads: progress
    events and standard errors. Estimates and intervals are the same
    (``tests/engine/planning/test_planning.py`` checks it against the full fit).
    """
    request = fit_request(chunk)
    hist = counts_for(request, table_from_matrix(ratings)).histogram()
    fit, estimates = drive(tap_estimates(hist, request, cancel, emit=False,
                                         standard_errors=False))
    if cancel.requested:
        return None
    return estimates, fit.converged


def outcome_rows(chunk: Chunk, sims: np.ndarray, truths: np.ndarray, class1_counts: np.ndarray,
                 fits: CountFits) -> np.ndarray:
    """The COLUMNS rows of the studies ``sims`` (true classes and Class-1 counts: studies x
    subjects) from their fits."""
    ends = fits.intervals
    widths = ends[:, :, 1] - ends[:, :, 0]
    rows = np.empty((len(sims), len(COLUMNS)))
    rows[:, 0], rows[:, 1:4], rows[:, 4:6] = sims, widths, ends[:, 1, :]
    for i, (truth, counts, fitted) in enumerate(zip(truths, class1_counts, fits.estimates,
                                                    strict=True)):
        rows[i, 6] = model_accuracy(truth, counts, chunk.raters, *fitted)
        rows[i, 7] = majority_accuracy(truth, counts, chunk.raters)
    rows[:, 8] = fits.converged
    return rows


def run_chunk(chunk: Chunk, cancel: CancelToken = NEVER_CANCELLED) -> np.ndarray:
    """Outcome rows of the chunk's studies (none when cancelled).

    The studies are fitted together (:func:`~tapdesk.engine.planning.batch.fit_counts`), with
    the estimates and intervals of the one-at-a-time fit (:func:`fit_study`).
    """
    sims = np.arange(chunk.first, chunk.stop)
    empty = np.empty((0, len(COLUMNS)))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        # simulated data hit every edge case; the fits' numerical warnings would only be noise
        warnings.simplefilter("ignore", RuntimeWarning)
        studies = [simulate_study(chunk, int(sim)) for sim in sims]
        truths = np.array([truth for truth, _ in studies]).reshape(len(sims), chunk.subjects)
        counts = np.array([ratings.sum(axis=1) for _, ratings in studies]).reshape(truths.shape)
        if cancel.requested:
            return empty
        fits = fit_counts(class1_count_table(counts, chunk.raters), fit_request(chunk), cancel)
    if fits is None:
        return empty
    return outcome_rows(chunk, sims, truths, counts, fits)
