"""The fit with one comparison's difference held at a value, searched for its global maximum.

A comparison's p-value is the likelihood-ratio test of "difference d0" (0, or the rater
check's -margin): 2 (ll_max - ll_held(d0)) against chi-square on 1 df, where ll_held is the
*largest* log-likelihood with the difference held at d0. A search from the fit alone can stop
at a local maximum of the held likelihood (a per-rater mixture on a small panel has several),
and a local maximum is lower than the global one: the statistic comes out too large and the
p-value far too small (issue 55: 0.017 where an independent profile gives 0.38). The profile
interval shown beside it is the inversion of the same test, so the two must agree: p below
1 - level exactly when the interval leaves out d0.

So the held fit starts from every point that can lead to the global maximum
(:func:`held_starts`) and keeps the best: the fit itself; the fit projected onto d = d0
(along the difference's gradient, and by moving the compared rater's own parameters alone);
the points of the likelihood-ratio region the fit's profile searches met whose difference lies
nearest d0 on either side (:class:`~tapdesk.engine.binary.likelihood_region.Region`: the
interval's own searches passed through them); and fixed points spread over the box
(:func:`~tapdesk.engine.binary.rater_standing.spread_starts`). The maximum found joins the
region, so the interval's ends are checked against it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
from scipy.special import chdtrc

from tapdesk.engine.binary.likelihood_region import Region
from tapdesk.engine.binary.per_rater_em import EDGE, RaterData, RaterParams
from tapdesk.engine.binary.rater_standing import (
    DIFFERENCE_LIMITS,
    DIRECTIONS,
    MAX_EXTENSIONS,
    PROFILE_METHOD,
    Contrast,
    constrained_maximum,
    constrained_newton,
    constrained_on_box,
    contrast_for,
    labelling,
    profile_bounds,
    short,
    spread_starts,
    verdict,
)
from tapdesk.engine.results import RaterComparison

Vector = np.ndarray

REGION_STARTS = 3
"""Points of the region taken as starts on each side of d0 (the nearest ones)."""
OTHER_STEPS = 12
"""Newton steps allowed from a start other than the fit (one that settles does so in a handful;
a start that leads nowhere costs no more than this)."""


def projected(x: Vector, contrast: Contrast, target: float) -> Vector | None:
    """``x`` moved onto contrast = target along the contrast's gradient (a few Newton steps,
    kept inside the box), or None where that does not reach it."""
    y = np.clip(np.array(x, float), EDGE, 1 - EDGE)
    for _ in range(20):
        gap = target - contrast.value(y)
        if abs(gap) < 1e-9:
            return y
        grad = contrast.gradient(y)
        norm = float(grad @ grad)
        if norm == 0:
            return None
        y = np.clip(y + gap * grad / norm, EDGE, 1 - EDGE)
    return y if abs(target - contrast.value(y)) < 1e-6 else None


def own_moved(x: Vector, contrast: Contrast, target: float) -> Vector | None:
    """``x`` with only the compared rater's own (q1, q0) moved onto contrast = target (the
    coordinates where the contrast's gradient has its largest entries)."""
    grad = contrast.gradient(x)
    own = np.argsort(-np.abs(grad))[:2]
    mask = np.zeros(len(x), bool)
    mask[own] = True
    masked = Contrast(contrast.value, lambda y: np.where(mask, contrast.gradient(y), 0.0))
    return projected(x, masked, target)


def held_starts(data: RaterData, mle: Vector, contrast: Contrast, target: float,
                region: Region | None) -> list[Vector]:
    """Where the held fit's searches start (module docstring)."""
    starts = [mle]
    for move in (projected, own_moved):
        moved = move(mle, contrast, target)
        if moved is not None:
            starts.append(moved)
    if region is not None:
        starts += region.nearest(contrast.batch, target, REGION_STARTS)
    return starts + spread_starts(data)


def held_maximum(data: RaterData, mle: Vector, contrast: Contrast, target: float,
                 region: Region | None = None) -> tuple[float, Vector]:
    """The largest log-likelihood with the contrast held at ``target`` over every start of
    :func:`held_starts` (from the fit, every search
    :func:`~tapdesk.engine.binary.rater_standing.constrained_maximum`'s; from the others, its
    Newton steps alone, in and on the box: SLSQP, the last resort, is slow to load and each
    start is only a guess), and where it is; on the fit's side of the label swap where any
    search ends there (the region's side; the interval reads that side only). The point joins
    ``region`` (which keeps it when it lies inside)."""
    label = labelling(data)
    best: tuple[float, Vector] = (-np.inf, mle)
    best_any = best
    for n, start in enumerate(held_starts(data, mle, contrast, target, region)):
        found = constrained_maximum(data, start, contrast, target) if n == 0 else \
            constrained_newton(data, start, contrast, target, OTHER_STEPS) or \
            constrained_on_box(data, start, contrast, target, OTHER_STEPS)
        if found is None or not np.isfinite(found[0]):
            continue
        ll, x = found
        if ll > best_any[0]:
            best_any = (ll, x)
        if label @ x >= -1e-9 and ll > best[0]:
            best = (ll, x)
    found = best if np.isfinite(best[0]) else best_any
    if region is not None and np.isfinite(found[0]):
        region.add(*found)
    return found


def held_p_value(ll_max: float, ll_held: float) -> float:
    """The likelihood-ratio test's p-value (chi-square on 1 df; 1 where the held fit failed)."""
    if not np.isfinite(ll_held):
        return 1.0
    return float(chdtrc(1, 2 * max(ll_max - ll_held, 0.0)))


def tested_comparisons(data: RaterData, params: RaterParams, ll_max: float,
                       comparisons: tuple[RaterComparison, ...], region: Region,
                       cancelled: Callable[[], bool] = lambda: False
                       ) -> tuple[RaterComparison, ...]:
    """The comparisons whose interval is a profile-likelihood one, each with the p-value of
    its likelihood-ratio test of "no difference", in agreement with the interval.

    The test at 0 reads the held fit's global maximum (:func:`held_maximum`), and every point
    of ``region`` (the likelihood-ratio region at the comparisons' level) on 0's side of the
    estimate: the interval reaches 0 exactly when the region holds such a point, so the p-value
    is the largest the profile takes at 0 or beyond, and the interval its inversion. A held
    maximum inside the region beyond an interval's end moves that end out first (the interval
    was short, :func:`~tapdesk.engine.binary.rater_standing.profile_bounds`).
    """
    mle = params.vector()
    out = list(comparisons)
    codes = {rater: j for j, rater in enumerate(rater_order(comparisons))}
    tested = {k: contrast_for(data, params, codes[c.rater_id], c.name)
              for k, c in enumerate(out) if c.interval is not None and c.method == PROFILE_METHOD}
    held = {}
    for k, contrast in tested.items():
        if cancelled():
            return comparisons
        held[k] = held_maximum(data, mle, contrast, 0.0, region)[0]
    for _ in range(MAX_EXTENSIONS):
        moved = False
        for k, contrast in tested.items():
            old = out[k]
            assert old.interval is not None
            if cancelled():
                return comparisons
            if not short(region, contrast, old.interval):
                continue
            interval = profile_bounds(data, mle, ll_max, contrast, old.level,
                                      DIFFERENCE_LIMITS[old.name],
                                      (old.interval[1] - old.interval[0]) / 4, region)
            out[k] = replace(old, interval=interval, verdict=verdict(interval, DIRECTIONS[old.name]))
            moved = True
        if not moved:
            break
    for k, contrast in tested.items():
        side = float(np.sign(out[k].difference))
        beyond = region.highest_beyond(contrast.batch, 0.0, -side) if side else ll_max
        out[k] = replace(out[k], p_value=held_p_value(ll_max, max(held[k], beyond)))
    return tuple(out)


def rater_order(comparisons: tuple[RaterComparison, ...]) -> list[str]:
    """The raters in the order the comparisons went through them (the fit's order)."""
    return list(dict.fromkeys(c.rater_id for c in comparisons))
