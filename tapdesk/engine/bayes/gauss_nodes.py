"""Gauss-Legendre nodes and the polynomial through values at them (issue 29).

Shared by the nested rules (:mod:`.gauss_rule`) and the box rule
(:mod:`.box_rule`): both read a marginal off a Gauss rule's nodes and
interpolate it onto a fine mesh with the barycentric formula, which is
stable at Legendre nodes (no Runge oscillation) and costs one matrix
product; both state their error the same way and answer with an
:class:`Attempt`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tapdesk.engine.bayes.adaptive import Marginals
from tapdesk.i18n.deferred import said

FINE_BINS = 4096
FIGURE_ERROR = 0.005
"""Added to the stated error for the figures' reading (CDF knots, the HDI's smoothing), which
both rules share (as the adaptive grid's FIGURE_ERROR)."""


@lru_cache(maxsize=32)
def legendre(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gauss-Legendre nodes and weights on [-1, 1] and the nodes' barycentric weights."""
    x, w = np.polynomial.legendre.leggauss(n)
    bary = (-1.0) ** np.arange(n) * np.sqrt((1 - x * x) * w)
    for a in (x, w, bary):
        a.flags.writeable = False
    return x, w, bary


def interpolation_matrix(n: int, s: np.ndarray) -> np.ndarray:
    """(len(s), n): row i times the values at the n Gauss-Legendre nodes is the polynomial
    through them (degree n - 1) at s[i] in [-1, 1] (the barycentric formula of the second
    kind; a point on a node takes that node's value)."""
    nodes, _, bary = legendre(n)
    diff = np.subtract.outer(np.asarray(s, float), nodes)
    exact = diff == 0.0
    diff[exact] = 1.0
    c = np.divide(bary[None, :], diff, out=diff)
    c /= c.sum(axis=1, keepdims=True)
    hit = exact.any(axis=1)
    if hit.any():
        c[hit] = exact[hit]
    return c


@dataclass(frozen=True, eq=False)
class RuleMarginals(Marginals):
    """Marginals read off a Gauss rule: per parameter of ``names``, ``edges`` (logit bin
    edges) and ``masses`` (the mass of each bin); the stated error is the difference from a
    rule with fewer nodes."""

    names: tuple[str, ...]
    edges: dict
    masses: dict

    def logit_edges(self, name: str) -> np.ndarray:
        return self.edges[name]

    def marginal_mass(self, name: str) -> np.ndarray:
        return self.masses[name]

    @property
    def error_basis(self) -> str:
        """What the stated error is, for the verdict."""
        # Translators: what an exact posterior's stated error is, in brackets at the end of its
        # verdict.
        return said("the largest difference from a rule with fewer nodes, plus the reading of "
                    "the figures")


@dataclass(frozen=True)
class Attempt:
    """The rule's posterior, or None and why the adaptive grid must do it instead."""

    posterior: RuleMarginals | None
    reason: str = ""
