"""The explanatory models' likelihood-ratio tests, calibrated by simulation on small data
(issue 55).

The group test (one class share for every group) and the attribute test (constant accuracy)
compare a model with the model nested in it by ``T = 2 (ll_full - ll_nested)``. The chi-square
distribution is T's large-sample limit; on small panels it is too lenient: an audit saw 7.3% of
panels (4.7-10.9%) called "age matters" at 5% with 6 raters, 4 per subject and 90 subjects in
3 groups, and the per-rater and 3-category models' group tests rejected 7% of panels with no
difference (benchmarks/RESULTS.md, "Explanatory tests' size").

Where the data hold fewer than :data:`ASYMPTOTIC_RATINGS` ratings per free parameter of the
full model, T's p value comes from a parametric bootstrap (a Monte Carlo test, Hope 1968;
Davison & Hinkley 1997, section 4.2): :data:`SIMULATED_PANELS` panels are simulated from the
nested model's fit with the observed design (the same subjects and groups, the same raters with
their attributes, the same rater on the same subject), each panel is fitted by both models (the
nested one from the truth it was simulated from, moved off the box where the fit put a rate on
it (:data:`SEARCH_START`), the full one from the nested one's maximum, so T* >= 0 as T is),
and ``p = (1 + #{T* >= T}) / (1 + B)``. A test that draws no interval stops as soon as h
panels reach T (Besag & Clifford 1991, Biometrika 78:301-304; h =
:func:`stop_count`, 10 at the 95% level): its p, h over the panels simulated, is then not below
1 - level, as the whole B would have said, and a panel with no effect costs a few dozen
simulated panels instead of 200. The
simulation is seeded from the request's seed: the same fit gives the same p every time.

The ratio rule rests on benchmarks/bench_explain_size.py: below 100 ratings per parameter (13
to 60) the chi-square rejected up to 7.8% of panels with no effect (6.7%, 6.1-7.4%, over five
group-test designs), the simulated test 5.5% (4.9-6.2%). At 100 per parameter, where the rule
first stood, the chi-square was still too lenient (issue 78, item 5): on T's law at the truth
(t-a-p, 6 raters, 4 a subject, 3 groups of 50 subjects, rating sets simulated with no effect and
T found by searches from the truth, which equal the app's fits on the data) its mean is 3.8%
(groups) and 8.5% (age) above the df and the chi-square rejects 5.5% and 6.2% at 5%, the
attribute test's interval above 5%. The excess is the large-sample limit's and shrinks as the
data grow: at 200 ratings per parameter (3 groups of 100) the mean is 1.3% and 3.5% above the df
and the chi-square rejects 5.0% and 5.4%, within chance of 5% (benchmarks/RESULTS.md,
"Explanatory tests at the chi-square switch (issue 78, item 5)"), so the simulation now runs up
to there. It costs time: t-a-p with 1,188 ratings (198 a parameter) took 5.1 to 8.5 CPU seconds
a fit where the chi-square's took 1.1 to 1.3 (at 98 a parameter, the most the old rule
simulated, 4.2 to 5.0).

An attribute test of one accuracy coefficient (one df) is the coefficient's own test, so its
interval is made consistent with it: :func:`interval_level` is the level whose chi-square
quantile is the simulated critical value, and the coefficient's profile intervals drop that far,
so an interval leaves out 0 exactly when the calibrated p is below 1 - level.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from math import ceil

import numpy as np
from scipy.special import chdtr, chdtrc

from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.explain.inference import nested_maximum, without_attributes, without_groups
from tapdesk.engine.explain.likelihood import ExplainData, Layout, unpack
from tapdesk.engine.explain.optimise import local_maximum
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import LikelihoodRatioTest
from tapdesk.i18n import formats
from tapdesk.i18n.deferred import made, said, said_n

SIMULATED_PANELS = 200
"""Panels simulated under the nested model for a calibrated p. p = (1 + #{T* >= T}) / (B + 1)
takes the values k / (B + 1) and the app rejects when p is below 1 - level: where T is as likely
as each T* to be the largest, the test rejects with the largest k / (B + 1) below 1 - level.
With B = 200 that is 10/201 (4.975%) at 95%, 20/201 at 90%, 2/201 at 99%; with B = 199 it was
9/200, 4.5% at 95%, a tenth below the level (issue 55; benchmarks/RESULTS.md)."""
ASYMPTOTIC_RATINGS = 200
"""From this many ratings per free parameter of the full model the chi-square limit is used: at
100 it rejected about 6% of panels with no effect at 5% (issue 78, item 5; the module's
docstring)."""
SIMULATION_TOLERANCE = 1e-6
"""The simulated panels' searches stop at this relative change (the statistic needs no more)."""
SEARCH_START = 6.0
"""A simulated panel's searches start from the nested fit with each coordinate moved within
+-SEARCH_START (a probability from 0.0025 to 0.9975). A fit often puts a rater's accuracy or
guess rate on the box (+-BOUND, 6e-6 from 0 or 1: 174 of 391 per-rater fits with 6 raters and
90 subjects), where the likelihood's slope in the coordinate is about 1e-5 of the ratings' pull,
so a search started there stopped there: on 40 panels simulated from such fits the nested and
the full searches stopped short of the maxima that fits from 13 starts find on the same ratings
in 10 (from the moved start: the nested one in 5, the full one in 7; issue 55)."""
STAGE = "simulated panels"


@dataclass(frozen=True, eq=False)
class Nested:
    """The nested model's fit to the observed ratings, and how a point of it sits in the full
    model (``embed``: the nested coordinates to the full model's, the extra ones at 0 or equal)."""

    layout: Layout
    data: ExplainData
    theta: np.ndarray
    log_likelihood: float
    embed: Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class TestSetting:
    """What one test is and how it is computed: ``absent`` says what the nested model lacks
    ("no difference between the groups"), ``df`` the chi-square's degrees of freedom."""

    question: str
    absent: str
    df: int
    seed: int
    max_iterations: int
    request_id: int = 0
    interval: bool = False


def group_nested(layout: Layout, data: ExplainData, theta: np.ndarray, request: FitRequest,
                 cancel: CancelToken):
    """Generator: the model with one class share for every group, fitted (from ``theta``, the
    full model's maximum, and fresh starts)."""
    lay, one, start = without_groups(layout, data, theta)
    found = yield from nested_maximum(lay, one, start, cancel, request.seed,
                                      request.max_iterations, request.tolerance)
    return Nested(lay, one, found.theta, found.log_likelihood, group_embedding(layout, lay))


def attribute_nested(layout: Layout, data: ExplainData, theta: np.ndarray, request: FitRequest,
                     cancel: CancelToken):
    """Generator: the model with constant accuracy, fitted as :func:`group_nested` is."""
    lay, none, start = without_attributes(layout, data, theta)
    found = yield from nested_maximum(lay, none, start, cancel, request.seed,
                                      request.max_iterations, request.tolerance)
    return Nested(lay, none, found.theta, found.log_likelihood, attribute_embedding(layout, lay))


def group_setting(layout: Layout, request: FitRequest) -> TestSetting:
    # Translators: what a test asks (before ": likelihood ratio ..."); {column} is a column of
    # the data file, as it names it.
    return TestSetting(said("the class shares differ between the groups of {column}",
                            column=made(formats.quoted, request.subject_group or "")),
                       # Translators: what the simpler model lacks, after "simulated from the fit
                       # with".
                       said("no difference between the groups"),
                       (layout.n_groups - 1) * (layout.k - 1), request.seed,
                       request.max_iterations, request.request_id)


def attribute_setting(layout: Layout, request: FitRequest, columns: tuple[str, ...]
                      ) -> TestSetting:
    """The attribute test; with one coefficient (one df) it is the coefficient's own test, and
    its critical value draws the coefficient's intervals."""
    joined = made(formats.joined, tuple(columns))
    df = layout.n_coefficients * (2 if layout.guess == "linear" else 1)
    # Translators: what a test asks; {columns} are columns of the data file ("age and years").
    return TestSetting(said("accuracy depends on {columns}", columns=joined),
                       # Translators: what the simpler model lacks, after "simulated from the fit
                       # with"; {columns} as above.
                       said("no effect of {columns}", columns=joined), df,
                       request.seed, request.max_iterations, request.request_id, df == 1)


def needs_simulation(layout: Layout, data: ExplainData) -> bool:
    """The rule: simulate when the data hold fewer than ASYMPTOTIC_RATINGS ratings per free
    parameter of the full model."""
    return data.n_ratings < ASYMPTOTIC_RATINGS * layout.size


def group_embedding(full: Layout, nested: Layout) -> Callable[[np.ndarray], np.ndarray]:
    """One class share for every group: the same shares in each group of the full model."""
    def embed(theta: np.ndarray) -> np.ndarray:
        return np.concatenate([np.tile(theta[: nested.n_t], full.n_groups), theta[nested.n_t:]])
    return embed


def attribute_embedding(full: Layout, nested: Layout) -> Callable[[np.ndarray], np.ndarray]:
    """Constant accuracy (and guess rate, when it was linear): every coefficient at 0."""
    zeros = np.zeros(full.n_coefficients)

    def embed(theta: np.ndarray) -> np.ndarray:
        guess = theta[nested.guess_slice]
        if full.guess == "linear":
            guess = np.concatenate([guess[:1], zeros])
        return np.concatenate([theta[: nested.n_t], theta[nested.accuracy_slice], zeros, guess])
    return embed


def simulated_ratings(layout: Layout, data: ExplainData, theta: np.ndarray,
                      rng: np.random.Generator) -> np.ndarray:
    """New ratings for ``data``'s design from the model at ``theta``: each subject's true class
    from its group's shares, each rating accurate with its rater's accuracy, else a guess."""
    par = unpack(layout, data, theta)
    truth = _draw(par.t[data.group], rng)
    guess = _draw(par.p[data.rater], rng)
    accurate = rng.random(data.n_ratings) < par.a[data.rater]
    return np.where(accurate, truth[data.subject], guess)


def _draw(probabilities: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One category per row of ``probabilities``."""
    cumulative = np.cumsum(probabilities, axis=1)
    u = rng.random(len(probabilities))[:, None] * cumulative[:, -1:]
    return np.minimum((u > cumulative).sum(axis=1), probabilities.shape[1] - 1)


def simulated_statistic(full: Layout, data: ExplainData, nested: Nested, rng: np.random.Generator,
                        max_iterations: int) -> float:
    """T* of one panel simulated from the nested model's fit."""
    y = simulated_ratings(nested.layout, nested.data, nested.theta, rng)
    return panel_statistic(full, data, nested, y, max_iterations)


def search_start(theta: np.ndarray) -> np.ndarray:
    """Where a simulated panel's searches start: the nested fit with every coordinate within
    +-SEARCH_START (see there)."""
    return np.clip(theta, -SEARCH_START, SEARCH_START)


def panel_statistic(full: Layout, data: ExplainData, nested: Nested, y: np.ndarray,
                    max_iterations: int, start: np.ndarray | None = None) -> float:
    """T* of the ratings ``y`` (a panel simulated from the nested fit): the nested model's
    search from ``start`` (default :func:`search_start`), the full model's from its maximum."""
    begin = search_start(nested.theta) if start is None else start
    reduced, _ = local_maximum(nested.layout, replace(nested.data, y=y), begin,
                               max_iterations=max_iterations, tolerance=SIMULATION_TOLERANCE)
    best, _ = local_maximum(full, replace(data, y=y), nested.embed(reduced.theta),
                            max_iterations=max_iterations, tolerance=SIMULATION_TOLERANCE)
    return max(2 * (best.log_likelihood - reduced.log_likelihood), 0.0)


def simulated_statistics(full: Layout, data: ExplainData, nested: Nested, setting: TestSetting,
                         cancel: CancelToken, stop_above: float | None = None,
                         stop_after: int = SIMULATED_PANELS
                         ) -> Generator[StageProgress, None, np.ndarray | None]:
    """Generator: T* of SIMULATED_PANELS panels (None when cancelled between two of them), or
    fewer: once ``stop_after`` of them reach ``stop_above`` (Besag & Clifford's stop)."""
    rng = np.random.default_rng(setting.seed)
    out = np.empty(SIMULATED_PANELS)
    reached = 0
    yield StageProgress(setting.request_id, STAGE, 0, SIMULATED_PANELS)
    for b in range(SIMULATED_PANELS):
        if cancel.requested:
            return None
        out[b] = simulated_statistic(full, data, nested, rng, setting.max_iterations)
        yield StageProgress(setting.request_id, STAGE, b + 1, SIMULATED_PANELS)
        reached += stop_above is not None and out[b] >= stop_above
        if reached == stop_after:
            return out[: b + 1]
    return out


def calibrated_test(full: Layout, data: ExplainData, ll_full: float, nested: Nested,
                    setting: TestSetting, cancel: CancelToken, level: float):
    """Generator: the likelihood-ratio test of ``nested`` within ``full`` (None if cancelled),
    its p from simulated panels where :func:`needs_simulation` says so, else the chi-square's.
    A test whose critical value draws an interval (``setting.interval``) simulates every
    panel; another stops once EXCEEDANCES panels reached the data's statistic."""
    statistic = max(2 * (ll_full - nested.log_likelihood), 0.0)
    if not needs_simulation(full, data):
        return LikelihoodRatioTest(float(statistic), setting.df,
                                   float(chdtrc(setting.df, statistic)), setting.question,
                                   method=asymptotic_method(full, data, setting.df))
    reach = statistic - 1e-9 * max(statistic, 1.0)
    stop = stop_count(level)
    simulated = yield from simulated_statistics(full, data, nested, setting, cancel,
                                                None if setting.interval else reach, stop)
    if simulated is None:
        return None
    larger = int((simulated >= reach).sum())
    if len(simulated) < SIMULATED_PANELS:
        return LikelihoodRatioTest(float(statistic), setting.df, larger / len(simulated),
                                   setting.question, simulated_panels=len(simulated),
                                   method=simulated_method(len(simulated), setting, stop))
    return LikelihoodRatioTest(float(statistic), setting.df,
                               (1 + larger) / (1 + len(simulated)), setting.question,
                               method=simulated_method(len(simulated), setting),
                               simulated_panels=len(simulated),
                               critical=critical_value(simulated, level))


def critical_value(simulated: np.ndarray, level: float) -> float:
    """The statistic the calibrated test rejects above at ``1 - level``: p < 1 - level exactly
    when T exceeds it (the m-th largest T*, m the first count of larger T* that fails)."""
    ranked = np.sort(simulated)[::-1]
    m = ceil(round((1 - level) * (len(ranked) + 1) - 1, 9))
    return float(ranked[min(max(m, 1), len(ranked)) - 1])


def interval_level(test: LikelihoodRatioTest, level: float) -> float:
    """The level whose 1-df chi-square quantile is the calibrated critical value (``level``
    itself for a chi-square test): a profile interval dropping that far leaves out the nested
    value exactly when the test rejects."""
    if test.critical is None:
        return level
    return float(chdtr(1, test.critical))


def stop_count(level: float) -> int:
    """Simulated statistics reaching T after which a test stops: a count at which neither the
    whole SIMULATED_PANELS ((1 + h) / (B + 1)) nor the stopped test (h over at most B panels)
    can reject at 1 - level (10 at 95%)."""
    return max(1, ceil(round((1 - level) * SIMULATED_PANELS, 9)))


def simulated_method(panels: int, setting: TestSetting, stopped_at: int = 0) -> str:
    """How a simulated p was found, after "p = 0.03" (the same fit gives it again: the seed)."""
    if stopped_at:
        # Translators: how a p value was found, after "p = 0.03": {panels} panels were simulated
        # under the simpler model, which has {absent} ("no difference between the groups"); the
        # simulation stopped once {stopped} of them reached the data's statistic; {seed} is the
        # random seed.
        return said_n("from {panels} panel simulated from the fit with {absent}, with the same "
                      "raters and subjects, stopped once {stopped} had a likelihood ratio as large "
                      "as the data's (seed {seed})",
                      "from {panels} panels simulated from the fit with {absent}, with the same "
                      "raters and subjects, stopped once {stopped} had a likelihood ratio as large "
                      "as the data's (seed {seed})", panels, panels=panels, absent=setting.absent,
                      stopped=stopped_at, seed=str(setting.seed))
    # Translators: as above, for a simulation run to the end.
    return said_n("from {panels} panel simulated from the fit with {absent}, with the same raters "
                  "and subjects (seed {seed})",
                  "from {panels} panels simulated from the fit with {absent}, with the same raters "
                  "and subjects (seed {seed})", panels, panels=panels, absent=setting.absent,
                  seed=str(setting.seed))


def asymptotic_method(full: Layout, data: ExplainData, df: int) -> str:
    """How a chi-square p was found, and why the chi-square was trusted."""
    per = data.n_ratings / full.size
    # Translators: how a p value was found, after "p = 0.03": {df} degrees of freedom, {per}
    # ratings per free parameter ("1,200"), {threshold} the fewest for which the chi-square is
    # trusted ("40").
    return said("from the chi-square distribution with {df} df ({per} ratings per free "
                "parameter; below {threshold}, p comes from simulated panels)", df=df,
                per=made(formats.integer, round(per)), threshold=ASYMPTOTIC_RATINGS)
