"""The points of a per-rater fit's likelihood-ratio region that its profile searches have met.

A profile-likelihood interval at ``level`` is the shadow of the likelihood-ratio region
{x: ll(x) >= ll_max - chi2_1(level) / 2} on the quantity: its ends are the furthest the
quantity reaches over the region. A search that goes out from the estimate finds the first
point where the profile falls below the cut-off; where the region has a second part (a second
mode of the mixture, or a ridge along which a quantity the data cannot estimate runs to 0 or 1)
or bends back, the region reaches further than that first crossing.

One fit's profile searches (every rater's a, p, sensitivity and false-positive rate, every
comparison with the rest of the panel) trace the region along many directions, each from
the fit and from its own warm starts; every maximiser they find inside the region is a point
of it. :class:`Region` keeps them, so that each interval end can be checked against all of
them for free: a point inside the region where the quantity lies beyond the end proves the
end short, and the search goes on outward from that point (:mod:`per_rater_profile`,
:mod:`rater_standing`). Where no point lies beyond, the end stands: the first crossing,
checked by every other search of the fit (the tests compare the ends with an independent
multi-start optimiser on weakly identified panels).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Vector = np.ndarray
Batch = Callable[[np.ndarray], Vector]
"""A quantity at many parameter vectors at once: (n, 1 + 2R) -> (n,)."""


class Region:
    """Points of the likelihood-ratio region {ll >= floor} met by one fit's profile searches.

    ``label`` is the gradient of the labelling constraint label @ x >= 0 (the fit's side of
    the label swap: the mirror image, every accuracy negated, is the same likelihood, not
    another answer); a point on the other side is not kept.
    """

    def __init__(self, floor: float, label: Vector) -> None:
        self.floor = floor
        self.label = label
        self._points: list[Vector] = []
        self._lls: list[float] = []
        self._matrix: np.ndarray | None = None

    def add(self, log_likelihood: float, x: Vector) -> None:
        """Keep ``x`` when it is inside the region (its log-likelihood at least the floor, on
        the fit's side of the label swap)."""
        if np.isfinite(log_likelihood) and log_likelihood >= self.floor and self.label @ x >= 0:
            self._points.append(np.array(x, float))
            self._lls.append(float(log_likelihood))
            self._matrix = None

    def __len__(self) -> int:
        return len(self._points)

    def nearest(self, values: Batch, target: float, each_side: int) -> list[Vector]:
        """Up to ``each_side`` points on each side of ``target`` where the quantity
        (``values``) comes nearest it (starts for a fit held at ``target``)."""
        if not self._points:
            return []
        if self._matrix is None:
            self._matrix = np.array(self._points)
        gap = values(self._matrix) - target
        found = []
        for side in (gap < 0, gap >= 0):
            index = np.flatnonzero(side)
            found += [self._matrix[i] for i in index[np.argsort(np.abs(gap[index]))][:each_side]]
        return found

    def highest_beyond(self, values: Batch, target: float, side: float) -> float:
        """The largest log-likelihood among the points where the quantity lies at ``target``
        or beyond it towards ``side`` (-inf where none does)."""
        if not self._points:
            return -np.inf
        if self._matrix is None:
            self._matrix = np.array(self._points)
        beyond = side * (values(self._matrix) - target) >= 0
        return float(np.max(np.array(self._lls)[beyond], initial=-np.inf))

    def furthest(self, values: Batch, side: float) -> tuple[float, Vector] | None:
        """The point where the quantity (``values``) goes furthest towards ``side`` (+1 up,
        -1 down), with the quantity's value there (None while there are no points)."""
        if not self._points:
            return None
        if self._matrix is None:
            self._matrix = np.array(self._points)
        found = side * values(self._matrix)
        best = int(np.argmax(found))
        return float(side * found[best]), self._matrix[best]
