"""Exact posteriors of the ridge models' (t, q1, q0) by Gauss rules on a box (issue 29).

The density of (t, q1, q0) is pi(t) L(t, q1, q0) g(q1, q0), g the prior
mass of the fibre through (q1, q0) (:mod:`.ridge_fibres`): t-a-p's shape with
another prior. On a tensor rule g is needed only at the pairs of q1 and q0
nodes (a few thousand fibre integrals per rule), so it is computed exactly,
with no table to interpolate; the rules, the box and the ladder are t-a-p's
(:func:`.box_rule.rules_on_a_box`). The ridge parameters' marginals are then
integrated along the fibres as on the grid (:mod:`.ridge_marginals`), over
the rule's (q1, q0) node pairs (:meth:`RidgeBoxPosterior.q_cells`).

The prior of t-a0a1-p gives no mass where q1 < q0 (its fibre p in [q0, q1]
is empty there): the density has a kink along q1 = q0, where Gauss rules
converge slowly, so data whose mass lies there are left to the grid when two
rules do not agree.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import logit

from tapdesk.data.binary import CountHistogram
from tapdesk.engine.bayes.adaptive import DEFAULT_LEVEL, TOLERANCE
from tapdesk.engine.bayes.box_rule import (
    BoxPosterior,
    TensorDensity,
    along,
    log_pair,
    rules_on_a_box,
    usable,
)
from tapdesk.engine.bayes.logit_density import RuleCancelled
from tapdesk.engine.bayes.ridge_fibres import Fibre
from tapdesk.engine.bayes.ridge_grid import (
    MERGE_BELOW,
    Q_BINS,
    binned_axis_cells,
    binned_q_cells,
    table_log_g,
)
from tapdesk.engine.bayes.targets import log_mixture_likelihood
from tapdesk.engine.request import Prior

NAMES = ("t", "q1", "q0")


class RidgeDensity(TensorDensity):
    """log pi(t) + log L(t, q1, q0) + log g(q1, q0) on the probability scale, from the axes."""

    def __init__(self, hist: CountHistogram, fibres: tuple[Fibre, ...], priors: dict[str, Prior],
                 cancelled=lambda: False) -> None:
        self.hist, self.fibres, self.priors = hist, fibres, priors
        self.cancelled = cancelled

    def log_density(self, axes: list[np.ndarray]) -> np.ndarray:
        if self.cancelled():
            raise RuleCancelled
        t, q1, q0 = axes
        lt, l1t = (v.reshape(along(0, 3)) for v in log_pair(t))
        lq1, l1q1 = (v.reshape(along(1, 3)) for v in log_pair(q1))
        lq0, l1q0 = (v.reshape(along(2, 3)) for v in log_pair(q0))
        # in blocks of rows (all pairs at once held a dozen arrays of pairs x fibre nodes:
        # 780 MB on a rule of 192 x 192 pairs under Beta priors)
        log_g = table_log_g(self.fibres, self.priors, logit(q1), logit(q0))
        prior = self.priors["t"]
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            ll = log_mixture_likelihood(self.hist, lt, l1t, lq1, l1q1, lq0, l1q0)
            return ll + (prior.alpha - 1) * lt + (prior.beta - 1) * l1t + log_g[None, :, :]


@dataclass(frozen=True, eq=False)
class RidgeBoxPosterior:
    """What :class:`~.ridge_grid.RidgePosterior` offers, from a box rule (``grid`` a
    :class:`~.box_rule.BoxPosterior` of t, q1, q0; no fibre table): its (q1, q0) cells are
    the rule's node pairs."""

    grid: BoxPosterior

    @property
    def complete(self) -> bool:
        return self.grid.complete

    def _pairs(self):
        """Per part of the rule: (q1 nodes, q0 nodes, (q1, q0) mass at the node pairs,
        weights per axis)."""
        for part in self.grid.parts:
            axes, weights = part.axes()
            yield axes[1], axes[2], part.mass.sum(axis=0), weights

    @property
    def swapped(self) -> float:
        return float(sum(mass[q1[:, None] < q0[None, :]].sum()
                         for q1, q0, mass, _ in self._pairs()))

    def best(self) -> tuple[float, float, float]:
        """(t, q1, q0) of the node with the highest density."""
        best, where = -np.inf, None
        for part in self.grid.parts:
            axes, w = part.axes()
            dens = part.mass / (w[0][:, None, None] * w[1][None, :, None] * w[2][None, None, :])
            i = np.unravel_index(int(np.argmax(dens)), dens.shape)
            if dens[i] > best:
                t, q1, q0 = (float(axes[k][i[k]]) for k in range(3))
                best, where = float(dens[i]), (t, q1, q0)
        assert where is not None                # the densities are >= 0: the first part sets it
        return where

    def q_cells(self, threshold: float = 1e-10, bins: int = Q_BINS,
                merge_below: float = MERGE_BELOW):
        """(q1, q0, mass) of the rule's node pairs (their mass summed over t), binned as the
        grid's cells (:func:`~.ridge_grid.binned_q_cells`).

        The node pairs are the rule's own quadrature of (q1, q0), so the ridge marginals
        integrate over them as the rule integrates t, q1 and q0. (The polynomial through the
        nodes, read at the centres of finer cells, rang between the two readings of t-a-p0p1,
        normal and class-swapped, and put 9% of the p0-p1 joint where the draws put none.)"""
        rows1, rows0, masses = [], [], []
        for q1, q0, mass, _ in self._pairs():
            a, b = np.meshgrid(logit(q1), logit(q0), indexing="ij")
            rows1.append(a.ravel())
            rows0.append(b.ravel())
            masses.append(mass.ravel())
        x1, x0, m = (np.concatenate(v) for v in (rows1, rows0, masses))
        keep = m > threshold * m.max()
        return binned_q_cells(x1[keep], x0[keep], m[keep], bins, merge_below)

    def axis_cells(self, name: str, threshold: float = 1e-10, bins: int = Q_BINS):
        """(values, mass) of q1 or q0 alone on ``bins`` logit cells: the rule's marginal."""
        edges, mass = self.grid.logit_edges(name), self.grid.marginal_mass(name)
        keep = mass > threshold * mass.max()
        return binned_axis_cells(((edges[1:] + edges[:-1]) / 2)[keep], mass[keep], bins)


def ridge_box_posterior(model_name: str, hist: CountHistogram, fibres: tuple[Fibre, ...],
                        priors: dict[str, Prior], cancelled=lambda: False,
                        level: float = DEFAULT_LEVEL,
                        tolerance: float = TOLERANCE) -> RidgeBoxPosterior | None:
    """The exact posterior of a ridge model's (t, q1, q0) by Gauss rules on a box, or None
    where the rules cannot be trusted (two rules disagree, or a prior's shape is below 1).
    Raises RuleCancelled when ``cancelled()`` turns true meanwhile."""
    if not usable(tuple(priors.values())):
        return None
    attempt = rules_on_a_box(RidgeDensity(hist, fibres, priors, cancelled), NAMES,
                             tolerance, level)
    if attempt.posterior is None:
        return None
    assert isinstance(attempt.posterior, BoxPosterior)     # the rules on a box give one
    return RidgeBoxPosterior(attempt.posterior)

