"""The per-rater likelihood, its gradient and observed information on a panel's rating patterns.

The profile searches of the per-rater fit (:mod:`per_rater_profile`,
:mod:`rater_standing`) take a few hundred to a few thousand Newton steps,
each needing the log-likelihood of (t, q1, q0), its gradient and the
observed information at one point. With the few raters those searches run
for, subjects that gave the same ratings (the same count of Class-0 and
Class-1 ratings from every rater) contribute the same terms, so the sums run
over the distinct rows of the subjects x (rater, rating) count matrix, each
weighted by its number of subjects; the three quantities share one
posterior (gamma) per pattern. Small dense arrays keep each step to a few
dozen vector operations (the sparse products of :mod:`per_rater_em` suit
thousands of raters, not thousands of tiny steps).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.per_rater_em import RaterData

Vector = np.ndarray


@dataclass(frozen=True, eq=False)
class DenseCounts:
    """A panel's distinct rating patterns as dense arrays (patterns x raters).

    ``ones`` and ``zeros`` count each rater's Class-1 and Class-0 ratings in
    the pattern, ``weights`` how many subjects gave it; ``ones_total`` and
    ``zeros_total`` are the weighted column sums (every rater's number of
    Class-1 and Class-0 ratings).
    """

    ones: np.ndarray
    zeros: np.ndarray
    weights: np.ndarray
    ones_total: np.ndarray
    zeros_total: np.ndarray

    @classmethod
    def of(cls, data: RaterData) -> DenseCounts:
        patterns, weights = np.unique(data.counts.toarray(), axis=0, return_counts=True)
        weights = weights.astype(float)
        ones, zeros = patterns[:, 1::2], patterns[:, 0::2]
        return cls(ones, zeros, weights, weights @ ones, weights @ zeros)

    @property
    def n_raters(self) -> int:
        return self.ones.shape[1]


@dataclass(frozen=True)
class Point:
    """The log-likelihood and its gradient at x, with the per-pattern posterior they share."""

    x: Vector
    log_likelihood: float
    gradient: Vector
    gamma: Vector


def evaluate(counts: DenseCounts, x: Vector) -> Point:
    """The log-likelihood of (t, q1, q0) and its exact gradient: with gamma the posterior of
    Class 1, d ll / d q1_j = g1_j / q1_j - g0_j / (1 - q1_j), g the gamma-weighted Class-1 and
    Class-0 counts of rater j (the same with 1 - gamma for q0_j)."""
    r = counts.n_raters
    t, q1, q0 = float(x[0]), x[1:r + 1], x[r + 1:]
    c1, c0, w = counts.ones, counts.zeros, counts.weights
    u1 = np.log(t) + c1 @ np.log(q1) + c0 @ np.log1p(-q1)
    u0 = np.log1p(-t) + c1 @ np.log(q0) + c0 @ np.log1p(-q0)
    total = np.logaddexp(u1, u0)
    gamma = np.exp(u1 - total)
    wg = w * gamma
    g1, g0 = wg @ c1, wg @ c0
    h1, h0 = counts.ones_total - g1, counts.zeros_total - g0
    n1 = float(wg.sum())
    grad = np.empty(1 + 2 * r)
    grad[0] = n1 / t - (float(w.sum()) - n1) / (1 - t)
    grad[1:r + 1] = g1 / q1 - g0 / (1 - q1)
    grad[r + 1:] = h1 / q0 - h0 / (1 - q0)
    return Point(x, float(w @ total), grad, gamma)


def information(counts: DenseCounts, point: Point) -> np.ndarray:
    """Observed information of (t, q1, q0) at ``point``, the same matrix as
    per_rater_em.observed_information.

    Per subject, log p = log(e^u1 + e^u0) with posterior gamma of Class 1;
    minus its Hessian is gamma I1 + (1 - gamma) I0 - gamma (1 - gamma) d d',
    d the difference of the two classes' score vectors.
    """
    r = counts.n_raters
    x, gamma, w = point.x, point.gamma, counts.weights
    t, q1, q0 = float(x[0]), x[1:r + 1], x[r + 1:]
    c1, c0 = counts.ones, counts.zeros
    d = np.empty((len(gamma), 1 + 2 * r))
    d[:, 0] = 1 / (t * (1 - t))
    d[:, 1:r + 1] = c1 / q1 - c0 / (1 - q1)
    d[:, r + 1:] = c0 / (1 - q0) - c1 / q0
    wg = w * gamma
    g1, g0 = wg @ c1, wg @ c0
    h1, h0 = counts.ones_total - g1, counts.zeros_total - g0
    n1 = float(wg.sum())
    curvature = np.empty(1 + 2 * r)
    curvature[0] = n1 / t ** 2 + (float(w.sum()) - n1) / (1 - t) ** 2
    curvature[1:r + 1] = g1 / q1 ** 2 + g0 / (1 - q1) ** 2
    curvature[r + 1:] = h1 / q0 ** 2 + h0 / (1 - q0) ** 2
    info = -((d * (wg * (1 - gamma))[:, None]).T @ d)
    info.flat[::len(curvature) + 1] += curvature
    return info


def dense_information(counts: DenseCounts, x: Vector) -> np.ndarray:
    """Observed information of (t, q1, q0) at x (see :func:`information`)."""
    return information(counts, evaluate(counts, np.asarray(x, float)))


_DENSE: dict[int, tuple[RaterData, DenseCounts]] = {}


def dense_of(data: RaterData) -> DenseCounts:
    """The distinct patterns of ``data``, found once per panel (the last few kept)."""
    key = id(data)
    if key not in _DENSE or _DENSE[key][0] is not data:
        while len(_DENSE) >= 4:
            _DENSE.pop(next(iter(_DENSE)))
        _DENSE[key] = (data, DenseCounts.of(data))
    return _DENSE[key][1]
