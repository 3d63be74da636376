"""The rater check's interval for d = a_j - (mean of the other a_k), calibrated by simulation.

Why calibrate. The profile-likelihood interval puts its ends where the
signed root of the likelihood-ratio statistic,

    r(d0) = sign(d_hat - d0) sqrt(2 (ll_max - ll_max given d = d0)),

crosses -+ z, the standard normal quantile at (1 + level) / 2. That r is
standard normal only in the limit: with 200 subjects and five raters a rater
exactly at the margin was passed 3.0% and 3.7% of the time in two runs of
900 and 1000 studies, where a 95% interval allows 2.5%; 8000 studies
simulated at the margin (t = 0.4, p = 0.5, 200 subjects, all fitted to their
maxima) put P(r > 1.96) at 2.6% for panels with a = 0.60 and 3.2% with
a = 0.85. There r's upper tail is also heavier than a normal's with r's own
mean and spread (its 97.5% point 2.09 against 2.01), so correcting only r's
mean and variance by simulation would not be enough; the simulated
quantiles themselves are used.

What is done (a parametric bootstrap of the signed root, the calibration of
DiCiccio, Martin and Stern 2001 and Lee and Young 2005). For each end of
the uncalibrated interval, at the value d0 found there:

1. the per-rater model is fitted to the observed ratings with d held at d0
   (the hypothesis that end tests);
2. :data:`RESAMPLES` studies are simulated from that constrained fit with
   the observed design: the same subjects, each rated by the same raters as
   many times as in the data (missing cells stay missing);
3. each is fitted with d held at d0 (from the parameters it was simulated
   from) and then free (from that constrained maximum, so the statistic is
   never negative), all of them together in one vectorised Newton pass over
   their rating patterns (:mod:`tapdesk.engine.raters.check_batch`), giving
   r*(d0);
4. the critical value is an order statistic of the r*: the upper end of
   the interval uses the ((1 - level) / 2 (B + 1))-th smallest, the lower
   end the same from the top (the rule of a Monte Carlo test, Hope 1968:
   were the data drawn from the simulated model, the chance that their r
   passes that order statistic is exactly the stated tail, however few
   the B, so the simulation's own noise costs power but does not raise
   the error rate; B = 399 puts 10 of 400 beyond it at level 0.95, and
   higher levels simulate more, :func:`resamples_for`, so that about 10
   remain beyond);
5. the calibrated end is where r(d) reaches that critical value (the
   profile search of :func:`~tapdesk.engine.binary.rater_standing.profile_bounds`
   with the new target).

A rater at the margin is declared non-inferior when the lower end is above
-margin, i.e. when r(-margin) passes the simulated critical value; with the
end near -margin (the only case where the verdict could change), the
calibration point is near -margin too. The simulation is seeded from the
request's seed, so a check gives the same answer every time.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from math import ceil

import numpy as np
from scipy.stats import norm

from tapdesk.engine.binary.per_rater_em import RaterData
from tapdesk.engine.binary.rater_standing import Contrast, constrained_maximum, profile_bounds
from tapdesk.engine.binary.rating_patterns import patterns_of
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.intervals import z_value
from tapdesk.engine.raters.check_batch import fit_studies
from tapdesk.engine.raters.check_simulate import simulate
from tapdesk.errors import FitCancelled

RESAMPLES = 399
"""Studies simulated at each end of the interval (at least; see :func:`resamples_for`)."""
MAX_RESAMPLES = 3999
"""... and at most."""
TAIL_STUDIES = 10
"""The simulated studies wanted beyond each critical value (10 of 400 at level 0.95)."""
CHUNK_CELLS = 1_000_000
"""Studies are simulated and fitted together, between progress reports and cancel checks, up
to this many (study, subject, rater) cells at a time."""
STAGE = "calibrating the interval by simulation"
MAX_ROOT = 8.0
"""Critical values are kept within (1e-3, MAX_ROOT) (a level beyond 1 - 1e-15 has no target)."""


@dataclass(frozen=True)
class EndCalibration:
    """The simulated signed roots at one end's hypothesis value ``d0``, sorted."""

    d0: float
    roots: np.ndarray

    def critical(self, level: float, upper: bool) -> float:
        """The order statistic that r must pass: from the top for the lower end (``upper``),
        from the bottom for the upper end (negated there, so both are positive)."""
        b = len(self.roots)
        k = max(1, b + 1 - ceil((1 + level) / 2 * (b + 1) - 1e-9))   # studies beyond it
        value = self.roots[b - k] if upper else -self.roots[k - 1]
        return float(np.clip(value, 1e-3, MAX_ROOT))


@dataclass(frozen=True)
class CalibratedInterval:
    """The calibrated interval, the uncalibrated one, and the critical values used.

    ``critical`` holds (lower end's, upper end's) values of |r| (1.96 for
    both at 95% without calibration); an end at its limit is left as found.
    """

    interval: tuple[float, float]
    uncalibrated: tuple[float, float]
    critical: tuple[float, float]
    resamples: int


def resamples_for(level: float) -> int:
    """Studies to simulate at each end: :data:`RESAMPLES`, or more for a level whose tail
    (1 - level) / 2 would leave fewer than :data:`TAIL_STUDIES` of them beyond the critical
    value (1999 at 0.99), at most :data:`MAX_RESAMPLES`."""
    wanted = ceil(TAIL_STUDIES / ((1 - level) / 2) - 1e-9) - 1
    return int(min(max(RESAMPLES, wanted), MAX_RESAMPLES))


def design_of(data: RaterData) -> np.ndarray:
    """(subjects, R) number of ratings each rater gave each subject."""
    dense = data.counts.toarray()
    return dense[:, 0::2] + dense[:, 1::2]


def signed_roots(contrast: Contrast, d0: float, free: tuple[np.ndarray, np.ndarray],
                 held: np.ndarray) -> np.ndarray:
    """r = sign(d_hat - d0) sqrt(2 (ll_max - ll_held)), row by row."""
    theta, ll_max = free
    d_hat = theta @ contrast.gradient(theta[0])
    return np.sign(d_hat - d0) * np.sqrt(2 * np.maximum(ll_max - held, 0.0))


def simulated_roots(data: RaterData, fitted: np.ndarray, contrast: Contrast, d0: float,
                    n_studies: int, rng: np.random.Generator, cancel: CancelToken,
                    progress: tuple[int, int],
                    request_id: int = 0) -> Generator[StageProgress, None, np.ndarray]:
    """Generator: r*(d0) of ``n_studies`` studies simulated from ``fitted`` (d = d0 there).

    ``progress`` is (studies done before, studies in the whole stage) for the events.
    """
    design = design_of(data)
    chunk = max(1, min(n_studies, CHUNK_CELLS // design.size))
    roots = []
    for first in range(0, n_studies, chunk):
        if cancel.requested:
            raise FitCancelled("the rater check was cancelled")
        size = min(chunk, n_studies - first)
        counts = patterns_of(simulate(design, fitted, size, rng), design)
        held_theta, held = fit_studies(counts, np.tile(fitted, (size, 1)), contrast,
                                       np.full(size, d0))
        roots.append(signed_roots(contrast, d0, fit_studies(counts, held_theta), held))
        yield StageProgress(request_id, STAGE, progress[0] + first + size, progress[1])
    return np.sort(np.concatenate(roots))


def level_of(root: float) -> float:
    """The level whose two-sided normal quantile is ``root`` (profile_bounds' target)."""
    return float(2 * norm.cdf(root) - 1)


def calibrated_interval(data: RaterData, mle: np.ndarray, ll_max: float, contrast: Contrast,
                        level: float, uncalibrated: tuple[float, float],
                        limits: tuple[float, float], seed: int, cancel: CancelToken,
                        request_id: int = 0) -> Generator[StageProgress, None, CalibratedInterval]:
    """Generator: the interval of ``contrast`` with each end calibrated by simulation.

    Parameters
    ----------
    data, mle, ll_max
        The ratings, their maximum-likelihood (t, q1, q0) and log-likelihood.
    contrast
        The linear contrast d (its gradient is its coefficients).
    level
        The two-sided level.
    uncalibrated
        The profile-likelihood interval at ``level`` (where the simulations are made).
    limits
        The contrast's range; an uncalibrated end on it is kept.
    seed
        Seeds the simulations (one stream per end).
    """
    centre = contrast.value(mle)
    ends, critical = list(uncalibrated), [z_value(level)] * 2
    todo = [side for side in (0, 1) if abs(uncalibrated[side] - limits[side]) > 1e-9
            and abs(uncalibrated[side] - centre) > 1e-9]
    studies = resamples_for(level)
    for n, side in enumerate(todo):
        d0 = uncalibrated[side]
        _, fitted = constrained_maximum(data, mle, contrast, d0)
        rng = np.random.default_rng(np.random.SeedSequence([seed, 30, side]))
        roots = yield from simulated_roots(data, fitted, contrast, d0, studies, rng, cancel,
                                           (n * studies, len(todo) * studies), request_id)
        critical[side] = EndCalibration(d0, roots).critical(level, upper=side == 0)
        searched = (limits[0], centre) if side == 0 else (centre, limits[1])
        ends[side] = profile_bounds(data, mle, ll_max, contrast, level_of(critical[side]),
                                    searched, abs(d0 - centre))[side]
    return CalibratedInterval((ends[0], ends[1]), uncalibrated, (critical[0], critical[1]),
                              studies)
