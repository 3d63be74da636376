"""The per-rater likelihood, its gradient and observed information at one point, on a panel's
rating patterns.

The profile searches of the per-rater fit (:mod:`per_rater_profile`,
:mod:`rater_standing`) take a few hundred to a few thousand Newton steps,
each needing the log-likelihood of (t, q1, q0), its gradient and the
observed information at one point. With the few raters those searches run
for, subjects that gave the same ratings contribute the same terms, so the
sums run over the panel's distinct rating patterns
(:mod:`.rating_patterns`, the arithmetic the rater check's calibration runs
on hundreds of simulated studies at once), each weighted by its number of
subjects; the three quantities share one posterior (gamma) per pattern.
Small dense arrays keep each step to a few dozen vector operations (the
sparse products of :mod:`per_rater_em` suit thousands of raters, not
thousands of tiny steps).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.per_rater_em import RaterData
from tapdesk.engine.binary.rating_patterns import (
    PatternCounts,
    hessians,
    observed_patterns,
    scores,
)
from tapdesk.engine.binary.search_budget import spend

Vector = np.ndarray


@dataclass(frozen=True)
class Point:
    """The log-likelihood and its gradient at x, with the per-pattern posterior they share."""

    x: Vector
    log_likelihood: float
    gradient: Vector
    gamma: Vector


def evaluate(counts: PatternCounts, x: Vector) -> Point:
    """The log-likelihood of (t, q1, q0) and its exact gradient at x (one study of
    :func:`.rating_patterns.scores`); one evaluation of a fit's profile budget
    (:mod:`search_budget`)."""
    spend(counts.weight.shape[1], len(x))
    x = np.asarray(x, float)
    values, grad, gamma = scores(counts, x[None, :])
    return Point(x, float(values[0]), grad[0], gamma[0])


def information(counts: PatternCounts, point: Point) -> np.ndarray:
    """Observed information of (t, q1, q0) at ``point``, the same matrix as
    per_rater_em.observed_information (minus :func:`.rating_patterns.hessians`); one
    evaluation of a fit's profile budget (:mod:`search_budget`)."""
    spend(counts.weight.shape[1], len(point.x))
    return -hessians(counts, point.x[None, :], point.gamma[None, :])[0]


def dense_information(counts: PatternCounts, x: Vector) -> np.ndarray:
    """Observed information of (t, q1, q0) at x (see :func:`information`)."""
    return information(counts, evaluate(counts, x))


_DENSE: dict[int, tuple[RaterData, PatternCounts]] = {}


def dense_of(data: RaterData) -> PatternCounts:
    """The distinct patterns of ``data``, found once per panel (the last few kept)."""
    key = id(data)
    if key not in _DENSE or _DENSE[key][0] is not data:
        while len(_DENSE) >= 4:
            _DENSE.pop(next(iter(_DENSE)))
        _DENSE[key] = (data, observed_patterns(data))
    return _DENSE[key][1]
