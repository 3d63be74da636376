"""The rater check's tests at the margin and at 0, calibrated by simulation.

What a verdict claims. ``non-inferior`` rejects d <= -margin, ``superior``
rejects d <= 0, ``inferior`` rejects d >= -margin (d: the rater's accuracy
minus the rest of the panel's), each one-sided at (1 - level) / 2. Each
claim is decided by the signed root of the likelihood-ratio statistic at
its own hypothesis value d0 (-margin or 0),

    r(d0) = sign(d_hat - d0) sqrt(2 (ll_max - ll_max given d = d0)),

against a critical value simulated at that d0: a parametric bootstrap (a
Monte Carlo test, Hope 1968) of r with the observed design, B studies each
refitted held at d0 and free (:mod:`tapdesk.engine.raters.check_batch`),
the critical value the order statistic with (tail) (B + 1) studies beyond it.

Why the calibration before this one (issue 30) did not hold its level on
small panels (issue 39). It simulated at the two ends of the profile
interval, from the fit to the observed ratings constrained there, and moved
each end to where r reached the simulated quantile. Three things went wrong:

1. *The decision was not where the calibration was.* A rater passes when r at
   -margin is large, but the critical value was simulated at the interval's
   end, wherever that fell (at 0.05 or -0.15 for a margin of 0.10), and used
   at -margin. ``superior`` read the same end, simulated for neither question.
2. *The nuisance parameters were the observed data's.* r's spread grows with
   the panel's accuracy (:mod:`tapdesk.engine.raters.check_nuisance` gives the
   numbers: on 3 raters x 60 subjects its 97.5% point runs from 1.4 to 2.2),
   and a study in which a rater at the margin looks good is mostly one in
   which the panel's accuracy came out low, so its simulated critical value
   came out low as well (1.6 and 1.8 in passing studies, where the truth's
   is 1.76 to 2.06): the error of the critical value and of r go together,
   and the pass rate at the margin rose to 4.7%; some raters 10 points worse
   than the panel were even called superior.
3. *Below the large-sample value.* Those low critical values made the
   interval narrower than the uncalibrated one, so the calibration could
   only add passes where it mattered.

What is done now. For each claim the observed r points towards (|r| above
the large-sample value; otherwise the claim fails with no simulation), the
studies are simulated at two points of the hypothesis d = d0: the fit
constrained to d0 and the most accurate panel the data allow there
(:func:`~tapdesk.engine.raters.check_nuisance.most_accurate_panel`), and the
critical value is the largest of the two simulated ones and the large-sample
one (Berger and Boos' bound over the nuisance set, with
:data:`~tapdesk.engine.raters.check_nuisance.NUISANCE_TAIL` of the error
spent on the set; the calibration only ever widens the interval). The
interval shown has each end where r reaches the critical value of the
claims that end decides: the lower end the largest of -margin's and 0's
(``non-inferior`` and ``superior``), the upper end -margin's
(``inferior``); so the verdict read from the interval is the tests'.
The simulation is seeded from the request's seed: a check gives the same
answer every time.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from math import ceil, floor

import numpy as np

from tapdesk.engine.binary.per_rater_em import RaterData
from tapdesk.engine.binary.rater_standing import Contrast, constrained_maximum
from tapdesk.engine.binary.rating_patterns import patterns_of
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.intervals import z_value
from tapdesk.engine.raters.check_batch import fit_studies
from tapdesk.engine.raters.check_nuisance import NUISANCE_TAIL, most_accurate_panel
from tapdesk.engine.raters.check_simulate import simulate
from tapdesk.errors import FitCancelled
from tapdesk.i18n.deferred import said

RESAMPLES = 399
"""Studies simulated at each point (at least; see :func:`resamples_for`)."""
MAX_RESAMPLES = 3999
"""... and at most."""
TAIL_STUDIES = 10
"""The simulated studies wanted beyond each critical value (10 of 400 at level 0.95)."""
CHUNK_CELLS = 1_000_000
"""Studies are simulated and fitted together, between progress reports and cancel checks, up
to this many (study, subject, rater) cells at a time."""
STAGE = "calibrating the verdict by simulation"
MAX_ROOT = 8.0
"""Critical values are kept below this (a level beyond 1 - 1e-15 has no target)."""


@dataclass(frozen=True)
class MarginTest:
    """The test at one hypothesis value ``d0``: the observed signed root and, for the side it
    points to, the critical value (None where r did not even reach the large-sample value,
    so nothing was simulated) and the critical values simulated at each point."""

    d0: float
    root: float
    critical: float | None = None
    simulated: tuple[float, ...] = ()

    @property
    def upper(self) -> bool:
        """Whether r points above d0 (towards ``non-inferior`` or ``superior``)."""
        return self.root > 0

    def rejects(self, large_sample: float) -> bool:
        """Whether r passes the critical value (the large-sample one when none was simulated)."""
        return abs(self.root) > (large_sample if self.critical is None else self.critical)


@dataclass(frozen=True)
class CalibratedInterval:
    """The calibrated interval, the uncalibrated one, the critical values of |r| used at its
    (lower, upper) end (1.96 for both at 95% without calibration), the studies simulated at
    each point and the tests behind them."""

    interval: tuple[float, float]
    uncalibrated: tuple[float, float]
    critical: tuple[float, float]
    resamples: int
    tests: tuple[MarginTest, ...] = ()

    @property
    def simulated(self) -> bool:
        """Whether any test needed the simulation (for a check saved before issue 39, which
        kept no tests: whether its interval was moved)."""
        return any(test.critical is not None for test in self.tests) or \
            (not self.tests and self.interval != self.uncalibrated)


def resamples_for(level: float) -> int:
    """Studies to simulate at each point: :data:`RESAMPLES`, or more for a level whose tail
    (1 - level) / 2 would leave fewer than :data:`TAIL_STUDIES` of them beyond the critical
    value (1999 at 0.99), at most :data:`MAX_RESAMPLES`."""
    wanted = ceil(TAIL_STUDIES / ((1 - level) / 2) - 1e-9) - 1
    return int(min(max(RESAMPLES, wanted), MAX_RESAMPLES))


def verdict_tail(level: float) -> float:
    """The one-sided error left for the test once the nuisance set has had its share."""
    return (1 - level) / 2 - NUISANCE_TAIL


def order_critical(roots: np.ndarray, tail: float, upper: bool) -> float:
    """The Monte Carlo test's critical value of sorted ``roots``: the one with floor(tail (B + 1))
    studies beyond it (at least one), from the top for ``upper``, else from the bottom
    (negated, so both are positive). Were the data drawn from the simulated model, their r
    passes it with probability at most ``tail``, however few the B."""
    b = len(roots)
    k = max(1, floor(tail * (b + 1) + 1e-9))
    value = roots[b - k] if upper else -roots[k - 1]
    return float(min(value, MAX_ROOT))


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
            raise FitCancelled(said("the rater check was cancelled"))
        size = min(chunk, n_studies - first)
        counts = patterns_of(simulate(design, fitted, size, rng), design)
        held_theta, held = fit_studies(counts, np.tile(fitted, (size, 1)), contrast,
                                       np.full(size, d0))
        roots.append(signed_roots(contrast, d0, fit_studies(counts, held_theta), held))
        yield StageProgress(request_id, STAGE, progress[0] + first + size, progress[1])
    return np.sort(np.concatenate(roots))


def held_fit(data: RaterData, mle: np.ndarray, contrast: Contrast, d0: float,
             ll_max: float) -> tuple[float, np.ndarray, float]:
    """(r(d0), the maximum with d held at d0, its log-likelihood): the best of two searches,
    from the fit and from the fit with the checked rater's accuracy moved onto d0 (a
    profile with two modes must not make r look larger than it is)."""
    gradient = contrast.gradient(mle)
    moved = mle.copy()
    j = int(np.argmax(gradient[: (len(mle) + 1) // 2]))          # the rater's q1: coefficient 1
    moved[j] = np.clip(moved[j] + d0 - contrast.value(mle), 1e-6, 1 - 1e-6)
    tried = [constrained_maximum(data, start, contrast, d0) for start in (mle, moved)]
    ll, x = max(tried, key=lambda found: found[0])
    root = float(np.sign(contrast.value(mle) - d0) * np.sqrt(2 * max(ll_max - ll, 0.0)))
    return root, x, ll


def margin_tests(data: RaterData, mle: np.ndarray, ll_max: float, contrasts: tuple[Contrast, Contrast],
                 points: tuple[float, ...], level: float, seed: int, cancel: CancelToken,
                 request_id: int = 0) -> Generator[StageProgress, None, tuple[MarginTest, ...]]:
    """Generator: the test at each hypothesis value in ``points`` (-margin, then 0).

    ``contrasts`` are d and the panel's accuracy. A test is simulated only on
    the side its observed r points to, and only where |r| exceeds the
    large-sample value (below it the claim fails whatever the simulation says,
    the critical value never being smaller); only the upper side at 0.
    """
    difference, panel = contrasts
    z, studies, found = z_value(level), resamples_for(level), []
    observed = [held_fit(data, mle, difference, d0, ll_max) for d0 in points]
    wanted = [n for n, (root, _, _) in enumerate(observed)
              if abs(root) > z and (root > 0 or n == 0)]
    total = 2 * studies * len(wanted)
    for n, (d0, (root, x, ll)) in enumerate(zip(points, observed)):
        if n not in wanted:
            found.append(MarginTest(d0, root))
            continue
        at = (x, most_accurate_panel(data, x, ll, difference, panel))
        simulated = []
        for k, point in enumerate(at):
            rng = np.random.default_rng(np.random.SeedSequence([seed, 39, n, k]))
            done = 2 * studies * wanted.index(n) + k * studies
            roots = yield from simulated_roots(data, point, difference, d0, studies, rng, cancel,
                                               (done, total), request_id)
            simulated.append(order_critical(roots, verdict_tail(level), upper=root > 0))
        found.append(MarginTest(d0, root, max(z, *simulated), tuple(simulated)))
    return tuple(found)
