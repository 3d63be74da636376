"""The two-binomial mixture likelihood of many count histograms at once (study planning).

Every simulated study of a design has R raters per subject, so its data are
the R + 1 counts n_k of subjects with k Class-1 ratings. A batch holds one
row of counts per problem (a study, or a study's profile search); every
function here evaluates all rows together, with the same per-cell
arithmetic as the single-study code (:class:`~tapdesk.engine.binary.mixture_newton.MixtureLikelihood`
and :class:`~tapdesk.engine.binary.tap_profile.TapLikelihood`): cells a study
did not see have weight 0 and add nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.engine.binary.mixture_newton import Q_EDGE
from tapdesk.engine.binary.tap_profile import tap_chain_rule


@dataclass(frozen=True)
class BatchLikelihood:
    """Log-likelihoods of (t, q1, q0) or (t, a, p), one per row of ``weight``.

    Parameters
    ----------
    weight
        (problems, R + 1) counts of subjects with k = 0 .. R Class-1 ratings.
    """

    weight: np.ndarray

    @property
    def raters(self) -> int:
        return self.weight.shape[1] - 1

    @property
    def k(self) -> np.ndarray:
        return np.arange(self.raters + 1, dtype=float)

    def rows(self, index: np.ndarray) -> BatchLikelihood:
        """The problems ``index`` (an index array or boolean mask) as a batch of their own."""
        return BatchLikelihood(self.weight[index])

    def mixture_values(self, t: np.ndarray, q1: np.ndarray, q0: np.ndarray) -> np.ndarray:
        """ll of each row at its own (t, q1, q0) (1-D arrays, one value per row)."""
        k = self.k
        m = self.raters - k
        q1 = np.minimum(np.maximum(q1, Q_EDGE), 1 - Q_EDGE)[:, None]
        q0 = np.minimum(np.maximum(q0, Q_EDGE), 1 - Q_EDGE)[:, None]
        l1 = np.log(t)[:, None] + np.log(q1) * k + np.log1p(-q1) * m
        l0 = np.log1p(-t)[:, None] + np.log(q0) * k + np.log1p(-q0) * m
        return (np.logaddexp(l1, l0) * self.weight).sum(axis=1)

    def tap_values(self, x: np.ndarray) -> np.ndarray:
        """ll of each row at its own (t, a, p) (``x`` is problems x 3)."""
        t, a, p = x[:, 0], x[:, 1], x[:, 2]
        return self.mixture_values(t, a + (1 - a) * p, (1 - a) * p)

    def mixture_derivatives(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """ll (P,), gradient (P, 3) and Hessian (P, 3, 3) in (t, q1, q0) at ``x`` (P x 3).

        The formulas of :meth:`MixtureLikelihood.mixture_derivatives`, row by row.
        """
        t = x[:, 0:1]
        q1 = np.minimum(np.maximum(x[:, 1:2], Q_EDGE), 1 - Q_EDGE)
        q0 = np.minimum(np.maximum(x[:, 2:3], Q_EDGE), 1 - Q_EDGE)
        k = self.k
        m = self.raters - k
        w = self.weight
        l1 = np.log(t) + np.log(q1) * k + np.log1p(-q1) * m
        l0 = np.log1p(-t) + np.log(q0) * k + np.log1p(-q0) * m
        total = np.logaddexp(l1, l0)
        g = np.exp(l1 - total)
        h = 1.0 - g
        s1 = k / q1 - m / (1 - q1)
        s0 = k / q0 - m / (1 - q0)
        c1 = -k / q1 ** 2 - m / (1 - q1) ** 2
        c0 = -k / q0 ** 2 - m / (1 - q0) ** 2
        gh = g * h
        rows = np.empty((10,) + total.shape)            # every weighted sum from one product
        rows[0], rows[1], rows[2], rows[3] = total, g, g * s1, h * s0
        rows[4], rows[5] = g * c1 + gh * s1 * s1, h * c0 + gh * s0 * s0
        rows[6], rows[7], rows[8] = gh, gh * s1, gh * s0
        rows[9] = rows[7] * s0
        ll, g_sum, g_q1, g_q0, h_11, h_00, gh_sum, gh_s1, gh_s0, gh_s10 = (rows * w).sum(axis=2)
        total_weight = w.sum(axis=1)
        t = t[:, 0]
        dt = 1 / (t * (1 - t))
        g_t = g_sum / t - (total_weight - g_sum) / (1 - t)
        h_tt = -g_sum / t ** 2 - (total_weight - g_sum) / (1 - t) ** 2 + gh_sum * dt * dt
        h_t1, h_t0, h_10 = dt * gh_s1, -dt * gh_s0, -gh_s10
        grad = np.empty((len(t), 3))
        grad[:, 0], grad[:, 1], grad[:, 2] = g_t, g_q1, g_q0
        hess = _symmetric(h_tt, h_t1, h_t0, h_11, h_10, h_00)
        return ll, grad, hess

    def tap_derivatives(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """ll, gradient and Hessian in (t, a, p) at ``x`` (P x 3), by the chain rule of
        :meth:`TapLikelihood.derivatives`."""
        a, p = x[:, 1], x[:, 2]
        mixture = np.empty_like(x)
        mixture[:, 0], mixture[:, 1], mixture[:, 2] = x[:, 0], a + (1 - a) * p, (1 - a) * p
        ll, (g_t, g_q1, g_q0), hess = self._unpacked(*self.mixture_derivatives(mixture))
        h_tt, h_t1, h_t0, h_11, h_10, h_00 = hess
        g_a, g_p, (h_ta, h_tp, h_aa, h_ap, h_pp) = tap_chain_rule(
            a, p, (g_q1, g_q0), (h_t1, h_t0, h_11, h_10, h_00))
        grad = np.empty((len(a), 3))
        grad[:, 0], grad[:, 1], grad[:, 2] = g_t, g_a, g_p
        return ll, grad, _symmetric(h_tt, h_ta, h_tp, h_aa, h_ap, h_pp)

    @staticmethod
    def _unpacked(ll: np.ndarray, grad: np.ndarray, hess: np.ndarray):
        return (ll, (grad[:, 0], grad[:, 1], grad[:, 2]),
                (hess[:, 0, 0], hess[:, 0, 1], hess[:, 0, 2], hess[:, 1, 1], hess[:, 1, 2],
                 hess[:, 2, 2]))


def _symmetric(h00, h01, h02, h11, h12, h22) -> np.ndarray:
    """(P, 3, 3) symmetric matrices from their six distinct entries (arrays of length P)."""
    out = np.empty((len(h00), 3, 3))
    out[:, 0, 0], out[:, 1, 1], out[:, 2, 2] = h00, h11, h22
    out[:, 0, 1] = out[:, 1, 0] = h01
    out[:, 0, 2] = out[:, 2, 0] = h02
    out[:, 1, 2] = out[:, 2, 1] = h12
    return out
