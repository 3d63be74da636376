"""The K-category t-a-p model (average rater): prevalences t, accuracy a, guess rates p."""

from __future__ import annotations

import numpy as np

from tapdesk.data.binary import CountHistogram
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.mixture_fit import fit_mixture
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.average_em import AverageFit, fit_average, start_points
from tapdesk.engine.categorical.common import (
    MEANINGS,
    Prepared,
    accuracy_notices,
    boundary_notice,
    estimates_with_se,
    not_converged_notice,
    prepare,
    share_words,
    true_categories,
    unused_categories,
    unused_category_notices,
)
from tapdesk.engine.categorical.coords import blocks_for
from tapdesk.engine.categorical.likelihood import (
    CountPatterns,
    TapK,
    e_step,
    expected_krits_per_rating,
    krits_per_rating,
    natural_gradient,
)
from tapdesk.engine.events import FitStarted, StageProgress
from tapdesk.engine.intervals import bootstrap_method, wald_method, with_bootstrap
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, ResultTable
from tapdesk.engine.subjects import SubjectTable
from tapdesk.engine.words import share_line
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import said
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import text

KRITS_TITLE = N_("How predictable the ratings are (0 = fully predictable, 1 = random noise)")
KRITS_NOTE = N_("0 means the ratings are fully predictable, 1 that they look like uniform random "
                "noise: the surprise left in each rating, on a scale set by the number of "
                "categories.")


def tap_names(categories) -> list[tuple[str, str | None, str]]:
    return ([("t", c, MEANINGS["t"]) for c in categories] + [("a", None, MEANINGS["a"])]
            + [("p", c, MEANINGS["p"]) for c in categories])


def tap_blocks(k: int):
    return blocks_for([("simplex", k), ("prob", 1), ("simplex", k)])


def binary_start(patterns: CountPatterns, request: FitRequest, cancel: CancelToken):
    """For K = 2: the binary t-a-p global fit as a start (so both models land on one optimum)."""
    counts = np.repeat(patterns.counts, patterns.weight.astype(np.int64), axis=0)
    hist = CountHistogram.from_counts(counts.sum(axis=1), counts[:, 1])
    fit = yield from fit_mixture(hist, n_starts=request.n_starts, seed=request.seed,
                                 tolerance=request.tolerance, max_iterations=request.max_iterations,
                                 cancel=cancel, emit=False)
    mix = fit.mixture
    return TapK(np.array([1 - mix.t, mix.t]), float(mix.a), np.array([1 - mix.p, mix.p]))


def fit_patterns(patterns: CountPatterns, request: FitRequest, cancel: CancelToken, *,
                 emit: bool = True, names=None):
    """Generator: the global MLE on count patterns (binary start added when K = 2)."""
    extra = []
    if patterns.k == 2 and np.allclose(patterns.weight, np.round(patterns.weight)):
        extra.append((yield from binary_start(patterns, request, cancel)))
    fit = yield from fit_average(patterns, n_starts=request.n_starts, seed=request.seed,
                                 tolerance=request.tolerance, max_iterations=request.max_iterations,
                                 cancel=cancel, request_id=request.request_id, extra_starts=extra,
                                 names=names, emit=emit)
    return fit


def tap_estimates(patterns: CountPatterns, theta: TapK, categories,
                  level: float = 0.95) -> tuple[Estimate, ...]:
    def gradient(x):
        th = TapK.from_vector(x)
        return natural_gradient(e_step(patterns, th), th)
    return estimates_with_se(tap_names(categories), theta.as_vector(), tap_blocks(patterns.k),
                             gradient, level)


def bootstrap_samples(patterns: CountPatterns, request: FitRequest, best: TapK,
                      cancel: CancelToken):
    """Generator: refits on subject resamples (multinomial pattern weights); (B, 2K+1) array."""
    rng = np.random.default_rng(request.seed + 1)
    n = int(round(patterns.n_subjects))
    samples = []
    for b in range(request.bootstrap):
        if cancel.requested:
            break
        weight = rng.multinomial(n, patterns.weight / patterns.weight.sum()).astype(float)
        keep = weight > 0
        boot = CountPatterns(patterns.counts[keep], weight[keep], np.zeros(0, np.int64))
        starts = [best] + start_points(boot, 2, rng)
        fit = yield from fit_average(boot, n_starts=3, seed=request.seed + b, starts=starts,
                                     tolerance=request.tolerance,
                                     max_iterations=request.max_iterations, cancel=cancel,
                                     emit=False, n_polish=1)
        samples.append(fit.theta.as_vector())
        if (b + 1) % max(1, request.bootstrap // 50) == 0 or b + 1 == request.bootstrap:
            yield StageProgress(request.request_id, "bootstrap", b + 1, request.bootstrap)
    return np.array(samples).reshape(-1, 2 * patterns.k + 1)


def tap_headline(estimates: tuple[Estimate, ...], k: int, name=str,
                 level: float = 0.95) -> tuple[str, ...]:
    t, a, p = estimates[:k], estimates[k], estimates[k + 1:]
    return (share_line("Raters are accurate about {x} of the time.", a.value, a.ci, level,
                       "how often raters are accurate"),
            # Translators: {shares} lists categories with their shares ("'gold' 27%, 'silver'
            # 44%").
            said("When they guess, they pick {shares}.", shares=share_words(p, name)),
            true_categories(share_words(t, name)))



def krits_table(theta: TapK, ll_nats: float, n_ratings: float) -> ResultTable:
    k = theta.k
    rows = ((text(N_("these ratings, under the fitted model")),
             krits_per_rating(ll_nats, n_ratings, k)),
            (text(N_("expected, given the true category (many raters)")),
             expected_krits_per_rating(theta)),
            (text(N_("expected, given the true category, categories equally common")),
             expected_krits_per_rating(theta, uniform_t=True)),
            (text(N_("expected for one rating seen alone")),
             expected_krits_per_rating(theta, given_class=False)))
    return ResultTable(**kept(KRITS_TITLE, (N_("quantity"), N_("per rating (0 to 1)")), rows, KRITS_NOTE))


def tap_notices(fit: AverageFit, estimates, prepared: Prepared) -> list[Notice]:
    a = fit.theta.a
    return (unused_category_notices(prepared)
            + boundary_notice(estimates, unused_categories(prepared))
            + accuracy_notices(a) + not_converged_notice(fit.converged))


def subject_estimates(prepared: Prepared, posterior: np.ndarray) -> SubjectTable:
    return SubjectTable(prepared.subject_ids(), prepared.ratings_per_subject(),
                        np.asarray(posterior, float))


def fit_categorical(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    prepared = prepare(table)
    patterns = CountPatterns.from_counts(prepared.counts())
    cats = prepared.categories
    names = [f"t[{c}]" for c in cats] + ["a"] + [f"p[{c}]" for c in cats]
    yield FitStarted(request.request_id, "categorical", request.n_starts)
    fit = yield from fit_patterns(patterns, request, cancel, names=names)
    estimates = tap_estimates(patterns, fit.theta, cats, request.level)
    interval_method = wald_method(request.level)
    if request.bootstrap and not cancel.requested:
        samples = yield from bootstrap_samples(patterns, request, fit.theta, cancel)
        estimates = with_bootstrap(estimates, samples, request.level)
        interval_method = bootstrap_method(len(samples), request.level)
    ll = LogLikelihood(fit.log_likelihood, prepared.n_ratings,
                       fit.log_likelihood + patterns.multinomial_log_terms(), n_categories=len(cats))
    posterior = e_step(patterns, fit.theta).posterior[patterns.inverse]
    tables = [krits_table(fit.theta, fit.log_likelihood, prepared.n_ratings)]
    if table.scale.ordinal and len(cats) > 2 and not cancel.requested:
        from tapdesk.engine.categorical.ordinal import side_by_side_table
        tables.append(side_by_side_table(table, fit.theta, request))
    return FitResult(
        request=request,
        model="categorical",
        title=SPEC.title,
        params=estimates,
        log_likelihood=ll,
        n_subjects=prepared.n_subjects,
        n_ratings=prepared.n_ratings,
        exclusions=prepared.exclusions,
        converged=fit.converged,
        iterations=fit.iterations,
        traces=fit.traces,
        warnings=tuple(tap_notices(fit, estimates, prepared)),
        categories=cats,
        class_labels=cats,
        subjects=() if cancel.requested else subject_estimates(prepared, posterior),
        tables=tuple(tables),
        headline=tap_headline(estimates, len(cats), prepared.name, request.level),
        interval_method=interval_method,
        complete=not cancel.requested,
        n_parameters=2 * len(cats) - 1,
        provenance=table.provenance,
    )


SPEC = ModelSpec(
    name="categorical", title="t-a-p for several categories (average rater)",
    fit=fit_categorical)
