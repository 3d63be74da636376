"""The t-a-p maximum-likelihood fit of many simulated studies at once.

:func:`batch_fit` gives, for each row of counts, what
:func:`tapdesk.engine.binary.mixture_fit.fit_mixture` gives for that study's
histogram, by the same steps run on all studies together:

- EM from the same start points (the fit's fixed dispersed starts, then its
  seeded random ones), every start of every study advancing in one array
  pass, each stopping when its own relative change in log-likelihood falls
  below the tolerance (the same arithmetic cell by cell as
  :func:`~tapdesk.engine.binary.mixture_fit.em_steps`, so the same paths);
- the three best starts, near-duplicates left out, polished by the bounded
  Newton ascent (:mod:`tapdesk.engine.planning.batch_newton`), the best kept
  and relabelled so that q1 >= q0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import xlogy

from tapdesk.engine.binary.mixture_fit import EDGE, MAX_POLISH_STEPS, POLISH_TOL, start_points
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.planning.batch_likelihood import BatchLikelihood
from tapdesk.engine.planning.batch_newton import batch_newton_ascent

POLISHED = 3
"""The best this many EM results are polished (as in ``fit_mixture``)."""
DISTINCT = 1e-4
"""EM results closer than this (largest coordinate difference) count as one maximum."""


@dataclass(frozen=True)
class BatchFit:
    """Per study: the MLE (t, a, p), its log-likelihood, and whether every EM start converged."""

    tap: np.ndarray
    log_likelihood: np.ndarray
    converged: np.ndarray


def run_em_batch(weight: np.ndarray, starts: np.ndarray, tolerance: float, max_iterations: int,
                 cancel: CancelToken = NEVER_CANCELLED) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """EM of every start (columns) of every study (rows of ``weight``) at once.

    Returns the final (t, q1, q0) (studies x starts x 3), their log-likelihoods
    (the last evaluated one where a start converged, NaN where it did not:
    the caller evaluates those) and the converged flags.
    """
    n_studies, n_starts = len(weight), len(starts)
    cells = weight.shape[1]
    k = np.arange(cells, dtype=float)[:, None]
    n = np.full_like(k, cells - 1)
    m = n - k
    w_all = np.repeat(weight.T.astype(float), n_starts, axis=1)      # cells x (study, start)
    total_weight = w_all.sum(axis=0)
    size = n_studies * n_starts
    state = np.tile(starts, (n_studies, 1))                          # (t, q1, q0) per column
    out = state.copy()
    last = np.full(size, np.nan)
    converged = np.zeros(size, bool)
    idx = np.arange(size)
    t, q1, q0 = state[:, 0].copy(), state[:, 1].copy(), state[:, 2].copy()
    previous = np.full(size, -np.inf)
    w, tw = w_all, total_weight
    for _ in range(max_iterations):
        new_t, new_q1, new_q0, ll = _em_step(k, m, n, w, tw, t, q1, q0)
        done = np.abs(ll - previous) <= tolerance * (1.0 + np.abs(ll))
        if done.any():
            stopped = idx[done]
            out[stopped] = np.stack([t[done], q1[done], q0[done]], axis=1)
            last[stopped] = ll[done]
            converged[stopped] = True
            going = ~done
            idx, ll, w, tw = idx[going], ll[going], w[:, going], tw[going]
            new_t, new_q1, new_q0 = new_t[going], new_q1[going], new_q0[going]
        t, q1, q0, previous = new_t, new_q1, new_q0, ll
        if cancel.requested or not len(idx):
            break
    out[idx] = np.stack([t, q1, q0], axis=1)
    shape = (n_studies, n_starts)
    return out.reshape(*shape, 3), last.reshape(shape), converged.reshape(shape)


def _em_step(k, m, n, w, total_weight, t, q1, q0):
    """:func:`~tapdesk.engine.binary.mixture_fit.em_steps` with a weight column per mixture.

    The same arithmetic cell by cell, so the same values bit for bit: t, q1 and q0 stay
    inside [EDGE, 1 - EDGE], so every log is finite, k log q is (+-)0 where k = 0 (as
    xlogy), and the single fit's guards against an infinite total never act.
    """
    n_mix = len(t)
    q = np.concatenate([q1, q0])[None, :]
    dens = k * np.log(q) + m * np.log(1.0 - q)
    log1 = np.log(t) + dens[:, :n_mix]
    total = np.logaddexp(log1, np.log1p(-t) + dens[:, n_mix:])
    g1 = w * np.exp(log1 - total)
    g0 = w - g1
    column_sum = np.add.reduce
    new_t = column_sum(g1, axis=0) / total_weight
    new_q1 = column_sum(g1 * k, axis=0) / np.maximum(column_sum(g1 * n, axis=0), 1e-300)
    new_q0 = column_sum(g0 * k, axis=0) / np.maximum(column_sum(g0 * n, axis=0), 1e-300)
    return _inside(new_t), _inside(new_q1), _inside(new_q0), column_sum(w * total, axis=0)


def _inside(x: np.ndarray) -> np.ndarray:
    return np.minimum(np.maximum(x, EDGE), 1 - EDGE)


def _mixture_values(lik: BatchLikelihood, x: np.ndarray) -> np.ndarray:
    return lik.mixture_values(x[:, 0], x[:, 1], x[:, 2])


def _mixture_derivatives(lik: BatchLikelihood, x: np.ndarray):
    return lik.mixture_derivatives(x)


def exact_values(lik: BatchLikelihood, x: np.ndarray) -> np.ndarray:
    """ll at (t, q1, q0) as :func:`~tapdesk.engine.binary.likelihood.log_likelihood` computes
    it (0 log 0 = 0, no clipping of q), one row each."""
    k = lik.k
    m = lik.raters - k
    t, q1, q0 = x[:, 0:1], x[:, 1:2], x[:, 2:3]
    with np.errstate(divide="ignore", invalid="ignore"):
        log1 = np.log(t) + xlogy(k, q1) + xlogy(m, 1.0 - q1)
        log0 = np.log1p(-t) + xlogy(k, q0) + xlogy(m, 1.0 - q0)
        total = np.logaddexp(log1, log0)
    return np.where(lik.weight > 0, lik.weight * total, 0.0).sum(axis=1)


def polish_batch(lik: BatchLikelihood, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`~tapdesk.engine.binary.mixture_fit.polish` of each row: the better of start and
    Newton result, with its log-likelihood."""
    start = np.minimum(np.maximum(x, EDGE), 1 - EDGE)
    found, _, _ = batch_newton_ascent(lik, _mixture_derivatives, _mixture_values, start,
                                      np.ones(start.shape, bool), EDGE, 1 - EDGE,
                                      lambda value, _rows: POLISH_TOL * (1 + np.abs(value)),
                                      MAX_POLISH_STEPS)
    found_ll, start_ll = exact_values(lik, found), exact_values(lik, x)
    better = found_ll >= start_ll
    return np.where(better[:, None], found, x), np.where(better, found_ll, start_ll)


def _distinct(candidates: np.ndarray) -> np.ndarray:
    """(studies x POLISHED) mask: candidate j kept unless within DISTINCT of a kept earlier one."""
    n_studies, n_cand = candidates.shape[:2]
    keep = np.ones((n_studies, n_cand), bool)
    for j in range(1, n_cand):
        for i in range(j):
            near = np.abs(candidates[:, j] - candidates[:, i]).max(axis=1) <= DISTINCT
            keep[:, j] &= ~(near & keep[:, i])
    return keep


def batch_fit(weight: np.ndarray, *, n_starts: int, seed: int, tolerance: float,
              max_iterations: int, cancel: CancelToken = NEVER_CANCELLED) -> BatchFit:
    """The global MLE of each study (rows of ``weight``: counts of k = 0 .. R Class-1 ratings)."""
    starts = np.array([m.as_array() for m in start_points(n_starts, np.random.default_rng(seed))])
    lik = BatchLikelihood(np.asarray(weight, float))
    found, last, converged = run_em_batch(lik.weight, starts, tolerance, max_iterations, cancel)
    n_studies = len(weight)
    missing = np.isnan(last)
    if missing.any():
        rows = np.nonzero(missing)[0]
        last[missing] = exact_values(lik.rows(rows), found[missing])
    order = np.argsort(-last, axis=1, kind="stable")[:, :POLISHED]
    best = np.take_along_axis(found, order[:, :, None], axis=1)
    keep = _distinct(best)
    n_cand = best.shape[1]
    rows = np.repeat(np.arange(n_studies), n_cand)
    polished, polished_ll = polish_batch(lik.rows(rows), best.reshape(-1, 3))
    polished_ll = np.where(keep.reshape(-1), polished_ll, -np.inf).reshape(n_studies, n_cand)
    choice = np.argmax(polished_ll, axis=1)                      # the first of equal maxima
    mixture = polished.reshape(n_studies, n_cand, 3)[np.arange(n_studies), choice]
    swap = mixture[:, 1] < mixture[:, 2]
    mixture[swap] = np.stack([1 - mixture[swap, 0], mixture[swap, 2], mixture[swap, 1]], axis=1)
    return BatchFit(tap_from_mixture(mixture), exact_values(lik, mixture), np.all(converged, axis=1))


def tap_from_mixture(mixture: np.ndarray) -> np.ndarray:
    """(t, a, p) of each row (t, q1, q0), with p = t where a = 1 (as ``Mixture.p``)."""
    t, q1, q0 = mixture[:, 0], mixture[:, 1], mixture[:, 2]
    a = q1 - q0
    rest = 1.0 - a
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(rest > 1e-12, q0 / rest, t)
    return np.stack([t, a, p], axis=1)
