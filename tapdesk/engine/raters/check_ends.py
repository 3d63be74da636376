"""The rater check's interval, its ends put where the verdict's calibrated tests put them.

The tests (:func:`~tapdesk.engine.raters.check_calibration.margin_tests`) decide the
claims at -margin and at 0; the interval shown must say the same, so its lower end is
where the signed root reaches the largest critical value of the claims it decides
(``non-inferior`` at -margin, ``superior`` at 0) and its upper end where it reaches
``inferior``'s. Each end is found by the profile search of the Raters tab's interval
with that target; where that search and the test's own fit at a hypothesis value
disagree (a profile with two modes, where the search stopped at the nearer one), the
end is moved back to the hypothesis value, so no verdict rests on a search the test
contradicts.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
from scipy.special import ndtr

from tapdesk.engine.binary.per_rater_em import RaterData
from tapdesk.engine.binary.rater_standing import Contrast, profile_bounds
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.intervals import z_value
from tapdesk.engine.raters.check_calibration import (
    CalibratedInterval,
    MarginTest,
    margin_tests,
    resamples_for,
)
from tapdesk.engine.raters.check_result import RaterCheckRequest

Interval = tuple[float, float]


def level_of(root: float) -> float:
    """The level whose two-sided normal quantile is ``root`` (profile_bounds' target)."""
    return float(2 * ndtr(root) - 1)


def hypotheses(margin: float) -> tuple[float, ...]:
    """The values of d the verdicts are about: -margin (and 0, unless the margin is 0)."""
    return (-margin,) if margin == 0 else (-margin, 0.0)


def targets(tests: tuple[MarginTest, ...], z: float) -> tuple[float, float]:
    """The critical values of |r| at the (lower, upper) end: the largest of the tests that end
    decides (those whose r points up, resp. down), never below the large-sample ``z``."""
    lower = [t.critical for t in tests if t.critical is not None and t.upper]
    upper = [t.critical for t in tests if t.critical is not None and not t.upper]
    return max([z, *lower]), max([z, *upper])


def agreed(ends: Interval, tests: tuple[MarginTest, ...], critical: tuple[float, float]) -> Interval:
    """``ends`` moved back to a hypothesis value whose test, at the end's critical value, does
    not reject what the end would claim there (the lower end past -margin or 0, the upper end
    below -margin)."""
    low, high = ends
    for n, test in enumerate(tests):
        if test.root <= critical[0]:
            low = min(low, test.d0)
        if n == 0 and test.root >= -critical[1]:
            high = max(high, test.d0)
    return low, high


def calibrated_interval(data: RaterData, mle: np.ndarray, ll_max: float,
                        contrasts: tuple[Contrast, Contrast], request: RaterCheckRequest,
                        uncalibrated: Interval, limits: Interval, cancel: CancelToken,
                        request_id: int = 0) -> Generator[StageProgress, None, CalibratedInterval]:
    """Generator: the interval of d (``contrasts``: d and the rest of the panel's accuracy)
    with its ends calibrated for the verdict at ``request``'s margin and level.

    ``uncalibrated`` is the profile-likelihood interval at the level; an end whose
    target stays the large-sample value is kept as it is.
    """
    difference, level = contrasts[0], request.level
    tests = yield from margin_tests(data, mle, ll_max, contrasts, hypotheses(request.margin),
                                    level, request.seed, cancel, request_id)
    z = z_value(level)
    critical = targets(tests, z)
    centre, ends = difference.value(mle), list(uncalibrated)
    for side in (0, 1):
        if critical[side] > z and abs(uncalibrated[side] - limits[side]) > 1e-9:
            searched = (limits[0], centre) if side == 0 else (centre, limits[1])
            ends[side] = profile_bounds(data, mle, ll_max, difference, level_of(critical[side]),
                                        searched, abs(uncalibrated[side] - centre))[side]
    interval = agreed((ends[0], ends[1]), tests, critical)
    return CalibratedInterval(interval, uncalibrated, critical, resamples_for(level), tests)
