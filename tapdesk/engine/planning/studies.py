"""One simulated study of a design: simulate, fit with the engine, measure.

Runs in worker processes, so everything here is picklable and module-level.
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
    (``tests/test_planning.py`` checks it against the full fit).
    """
    request = fit_request(chunk)
    hist = counts_for(request, table_from_matrix(ratings)).histogram()
    fit, estimates = drive(tap_estimates(hist, request, cancel, emit=False,
                                         standard_errors=False))
    if cancel.requested:
        return None
    return estimates, fit.converged


def study_outcome(chunk: Chunk, sim: int, cancel: CancelToken = NEVER_CANCELLED) -> list[float] | None:
    """One row of COLUMNS for study ``sim``; None when cancelled during its fit."""
    truth, ratings = simulate_study(chunk, sim)
    fitted_study = fit_study(chunk, ratings, cancel)
    if fitted_study is None:
        return None
    params, converged = fitted_study
    est = {e.name: e for e in params}
    widths = [est[name].ci[1] - est[name].ci[0] if est[name].ci else np.nan for name in "tap"]
    a_low, a_high = est["a"].ci if est["a"].ci else (np.nan, np.nan)
    counts = ratings.sum(axis=1)
    fitted = (est["t"].value, est["a"].value, est["p"].value)
    return [sim, *widths, a_low, a_high,
            model_accuracy(truth, counts, chunk.raters, *fitted),
            majority_accuracy(truth, counts, chunk.raters), float(converged)]


def run_chunk(chunk: Chunk, cancel: CancelToken = NEVER_CANCELLED) -> np.ndarray:
    """Outcome rows of the chunk's studies (fewer when cancelled)."""
    rows = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        # simulated data hit every edge case; the fits' numerical warnings would only be noise
        warnings.simplefilter("ignore", RuntimeWarning)
        for sim in range(chunk.first, chunk.stop):
            if cancel.requested:
                break
            row = study_outcome(chunk, sim, cancel)
            if row is None:
                break
            rows.append(row)
    return np.array(rows, dtype=float).reshape(-1, len(COLUMNS))
