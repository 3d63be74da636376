"""Is this rater at least as accurate as the rest of the panel, within a margin? (issue 30,
part 4; issue 39)

The compared quantity, from the per-rater model t-a_j-p_j fitted to the whole panel, is the
one the per-rater fit's own comparisons read
(:func:`~tapdesk.engine.binary.rater_standing.accuracy_contrast`),

    d = a_j - sum_{k != j} w_k a_k / sum_{k != j} w_k,   w_k = ratings of rater k,

rater j's accuracy minus **the rest of the panel's**: the other raters' accuracies weighted by
how many ratings each gave (:func:`~tapdesk.engine.binary.rater_standing.accuracy_weights`).
Where every rater rated every subject this is the plain mean; on a sparse panel a rater who
rated a handful of subjects counts for a handful of ratings. The Raters tab, the feedback
sheets, the report and this check use this one definition, so the difference here is the
difference there.

Interval method. Both a_j and the others' a_k are estimated from the same
ratings and share the unknown true classes, so their estimates are
correlated; the interval for d must carry the uncertainty of both sides and
that correlation. It starts from the profile-likelihood interval
(:func:`tapdesk.engine.binary.rater_standing.profile_bounds`: t and every
rater's (q1, q0) re-maximised with d held fixed; d is linear in the model's
parameters, a = q1 - q0), the Raters tab's interval, which needs no
covariance and stays sensible near a = 0 or 1. That interval is a
large-sample one; a verdict is a one-sided test at -margin or 0, which on
small panels it does not hold. So the verdict's tests are calibrated by
simulation where the interval comes near enough to a verdict to matter
(:mod:`tapdesk.engine.raters.check_calibration` says how, and why the
calibration of issue 30 did not hold its level on 3 raters x 60 subjects),
and the interval's ends are moved to where those tests put them: it is
then "calibrated for the margin question", never narrower than the Raters
tab's. The rater's and the panel's own intervals, shown beside it, stay
profile-likelihood intervals. Where the per-rater fit itself would not
afford profile intervals
(:func:`~tapdesk.engine.binary.per_rater.profile_affordable`: very many
raters or ratings, where the likelihood is close to quadratic), every
interval is the Wald interval from the fit's joint covariance of all
parameters (the delta method, exact for these linear contrasts) and nothing
is simulated; ``method`` and ``calibration`` say which.

Level convention. The interval is the two-sided interval at ``level`` L; its
lower end is therefore a one-sided bound at (1 + L) / 2. Declaring a rater
``non-inferior`` when that lower end is above -margin is a one-sided test whose
error rate, for a rater exactly at the margin, is at most (1 - L) / 2
(2.5% at L = 0.95); benchmarks/bench_rater_check.py measures it. Verdicts:

- ``superior``: the whole interval is above 0;
- ``non-inferior``: the lower end is above -margin (but not above 0);
- ``inferior``: the upper end is below -margin;
- ``undecided``: otherwise (the interval contains -margin).
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater import profile_affordable
from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams, parameter_covariance, rater_data
from tapdesk.engine.binary.per_rater_fit import fit_per_rater
from tapdesk.engine.binary.per_rater_profile import rater_contrast
from tapdesk.engine.binary.rater_standing import (
    MIN_RATINGS,
    Contrast,
    accuracy_contrast,
    accuracy_weights,
    profile_bounds,
    wald_bounds,
)
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.intervals import BOUNDARY
from tapdesk.engine.raters.check_calibration import CalibratedInterval
from tapdesk.engine.raters.check_ends import calibrated_interval
from tapdesk.engine.raters.check_result import (
    CALIBRATED_METHOD,
    DEFAULT_MARGIN,
    PROFILE_METHOD,
    VERDICTS,
    WALD_METHOD,
    Interval,
    RaterCheckRequest,
    RaterCheckResult,
    names_shown,
    verdict,
)
from tapdesk.engine.request import DEFAULT_LEVEL
from tapdesk.engine.run import drive
from tapdesk.errors import FitCancelled, SettingError
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.formats import quoted

__all__ = ["DEFAULT_MARGIN", "VERDICTS", "RaterCheckRequest", "RaterCheckResult", "check_events",
           "check_rater", "simulated_panel", "simulated_verdicts", "verdict", "verdict_counts"]


def panel_contrast(r: int, j: int, weights: np.ndarray) -> Contrast:
    """The rest of the panel's accuracy as a function of (t, q1, q0): rater j's accuracy less
    the fit comparison's difference (:func:`accuracy_contrast`), so there is one definition."""
    grad = rater_contrast(r, j, "a").gradient(np.zeros(1 + 2 * r)) - \
        accuracy_contrast(r, j, weights).gradient(np.zeros(1 + 2 * r))
    return Contrast(lambda x: float(grad @ x), lambda x: grad)


def rater_index(data: RaterData, rater_ids: tuple[str, ...], name: str) -> int:
    """Rater ``name``'s position in the fit, or a SettingError naming the raters there are."""
    names = [str(rater_ids[code]) for code in data.rater_codes]
    if name not in names:
        # Translators: {name} is the rater asked for, {raters} the data's raters ("R1, R2, R3").
        raise SettingError(said("no rater {name} in these data (the raters are {raters})",
            name=made(quoted, name), raters=names_shown(names)),
                           settings=("rater",))
    return names.index(name)


def check_checkable(data: RaterData, j: int, name: str) -> None:
    """A SettingError when rater j cannot be compared (one rater, too few or identical ratings)."""
    n_j, n_one = int(data.rater_ratings[j]), int(data.rater_class1[j])
    if data.n_raters < 2:
        raise SettingError(said("the rater check needs at least two raters in the analysed data"))
    if n_j < MIN_RATINGS:
        # Translators: {name} is a rater's id as the data file gives it; {n} ratings, fewer than
        # {least}.
        raise SettingError(said_n("rater {name} gave only {n} rating here; the check needs at "
                                    "least {least}",
                                    "rater {name} gave only {n} ratings here; the check needs at "
                                    "least {least}", n_j, name=name, n=n_j,
                                    least=MIN_RATINGS),
                           settings=("rater",))
    if n_one in (0, n_j):
        # Translators: {name} is a rater's id as the data file gives it.
        raise SettingError(said("rater {name} gave the same rating every time, so their accuracy "
                             "cannot be told from guessing", name=name), settings=("rater",))


def contrast_intervals(data: RaterData, params: RaterParams, ll_max: float, j: int,
                       level: float, profiled: bool) -> tuple[dict[str, float], dict[str, Interval], str]:
    """Values and uncalibrated intervals of the rater's accuracy, the panel's and their
    difference (profile likelihood, or Wald when not ``profiled``)."""
    mle = params.vector()
    cov, known, _ = parameter_covariance(data, params, BOUNDARY)
    values, intervals, methods = {}, {}, set()
    for key, (contrast, limits) in contrasts_of(data, j).items():
        values[key] = contrast.value(mle)
        wald = wald_bounds(cov, known, mle, contrast, level)
        if profiled or wald is None:       # no covariance for a parameter on the edge: profile
            guess = (wald[1] - wald[0]) / 2 if wald is not None else 0.1
            intervals[key] = profile_bounds(data, mle, ll_max, contrast, level, limits, guess)
            methods.add(PROFILE_METHOD)
        else:
            intervals[key] = (max(wald[0], limits[0]), min(wald[1], limits[1]))
            methods.add(WALD_METHOD)
    return values, intervals, " and ".join(sorted(methods))


def contrasts_of(data: RaterData, j: int) -> dict[str, tuple[Contrast, Interval]]:
    """The rater's accuracy, the rest of the panel's and their difference, each with its range."""
    r, weights = data.n_raters, accuracy_weights(data)
    return {"rater": (rater_contrast(r, j, "a"), (-1.0, 1.0)),
            "panel": (panel_contrast(r, j, weights), (-1.0, 1.0)),
            "difference": (accuracy_contrast(r, j, weights), (-2.0, 2.0))}


def check_events(request: RaterCheckRequest, table: RatingsTable, cancel: CancelToken,
                 profiled: Callable[[int, int], bool] = profile_affordable,
                 ) -> Generator[StageProgress, None, RaterCheckResult]:
    """Generator: fit the per-rater model to ``table`` and check ``request.rater`` against
    the others; yields the calibration's progress, returns the result.

    ``profiled(n_raters, n_ratings)`` says whether profile-likelihood intervals
    (and the calibration by simulation) fit the time budget, else Wald
    intervals from the joint covariance. Raises FitCancelled once ``cancel``
    is set.
    """
    if not table.has_rater_ids:
        raise SettingError(said("the rater check needs to know which rater gave each rating, but "
                             "these data have no rater identities"))
    fit_request = request.fit_request()
    counts = counts_for(fit_request, table)
    data = rater_data(table, counts)
    j = rater_index(data, table.rater_ids, request.rater)
    check_checkable(data, j, request.rater)
    found = drive(fit_per_rater(data, counts, table.rater_ids, fit_request, cancel))
    if cancel.requested:
        raise FitCancelled(said("the rater check was cancelled"))
    use_profile = profiled(data.n_raters, counts.n_ratings)
    values, intervals, method = contrast_intervals(
        data, found.params, found.log_likelihood, j, request.level, use_profile)
    calibration: CalibratedInterval | None = None
    if method == PROFILE_METHOD:
        contrasts = contrasts_of(data, j)
        calibration = yield from calibrated_interval(
            data, found.params.vector(), found.log_likelihood,
            (contrasts["difference"][0], contrasts["panel"][0]), request,
            intervals["difference"], contrasts["difference"][1], cancel)
        intervals["difference"] = calibration.interval
        method = CALIBRATED_METHOD if calibration.simulated else PROFILE_METHOD
    others = tuple(str(table.rater_ids[c]) for k, c in enumerate(data.rater_codes) if k != j)
    return RaterCheckResult(request, values["rater"], intervals["rater"], values["panel"],
                            intervals["panel"], values["difference"], intervals["difference"],
                            others, data.n_subjects, method, calibration)


def check_rater(request: RaterCheckRequest, table: RatingsTable,
                profiled: Callable[[int, int], bool] = profile_affordable, *,
                on_event: Callable[[StageProgress], None] | None = None,
                cancel: CancelToken | None = None) -> RaterCheckResult:
    """:func:`check_events` run to the end (its progress events go to ``on_event``)."""
    return drive(check_events(request, table, cancel or NEVER_CANCELLED, profiled), on_event)


# ------------------------------------------------------------- error rates by simulation
def simulated_panel(rng: np.random.Generator, accuracies: np.ndarray, n_subjects: int,
                    t: float = 0.4, p: float = 0.5) -> RatingsTable:
    """Subjects x raters from the per-rater model: rater k (named R1, R2 ...) rates subject i's
    true class with probability ``accuracies[k]``, else guesses Class 1 ("1") with probability p."""
    a = np.asarray(accuracies, float)
    truth = rng.random(n_subjects) < t
    accurate = rng.random((n_subjects, len(a))) < a
    guess = rng.random((n_subjects, len(a))) < p
    ratings = np.where(accurate, truth[:, None], guess).astype(int)
    return RatingsTable.from_wide(ratings.tolist(), rater_ids=[f"R{k + 1}" for k in range(len(a))])


def simulated_verdicts(accuracies: np.ndarray, n_subjects: int, n_studies: int, margin: float,
                       level: float = DEFAULT_LEVEL, seed: int = 1) -> list[tuple[str, str]]:
    """Rater R1's verdict in each of ``n_studies`` simulated panels, and the verdict the
    uncalibrated profile-likelihood interval would have given there.

    A simulated panel whose every rating is the same for R1 (the check refuses
    it) counts as ``undecided`` for both.
    """
    rng = np.random.default_rng(seed)
    request = RaterCheckRequest("R1", margin, class1=("1",), level=level, n_starts=2)
    found = []
    for _study in range(n_studies):
        try:
            result = check_rater(request, simulated_panel(rng, accuracies, n_subjects))
        except SettingError:
            found.append(("undecided", "undecided"))
            continue
        before = result.interval if result.calibration is None else result.calibration.uncalibrated
        found.append((result.verdict, verdict(before, margin)))
    return found


def verdict_counts(accuracies: np.ndarray, n_subjects: int, n_studies: int, margin: float,
                   level: float = DEFAULT_LEVEL, seed: int = 1,
                   calibrated: bool = True) -> dict[str, int]:
    """How often each verdict is given for rater R1 over ``n_studies`` simulated panels
    (:func:`simulated_verdicts`; with ``calibrated`` False, the uncalibrated interval's)."""
    tally = dict.fromkeys(VERDICTS, 0)
    for pair in simulated_verdicts(accuracies, n_subjects, n_studies, margin, level, seed):
        tally[pair[0 if calibrated else 1]] += 1
    return tally
