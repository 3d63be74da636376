"""The t-a-p model (average rater): t, a, p by global maximum likelihood."""

from __future__ import annotations

import numpy as np

from tapdesk.data.binary import BinaryCounts, CountHistogram
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.agreement import NONE_ONCE, binary_agreement
from tapdesk.engine.binary.common import (
    boundary_notices,
    class1_share,
    class_words,
    counts_for,
    probability_estimates,
    profile_note,
    resample_histogram,
    se_notices,
)
from tapdesk.engine.binary.likelihood import Mixture, binomial_log_terms, from_tap, log_likelihood
from tapdesk.engine.binary.mixture_fit import EDGE, MixtureFit, fit_mixture, start_points, value_and_gradient
from tapdesk.engine.binary.tap_profile import TapProfile
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted, StageProgress
from tapdesk.engine.intervals import bootstrap_method, with_bootstrap
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, fmt
from tapdesk.engine.words import reason_once, share_line, untold_reason
from tapdesk.i18n import N_, NC_
from tapdesk.i18n.deferred import said
from tapdesk.i18n.text import Number, Percent, ctext, text


def tap_values(mix: Mixture) -> np.ndarray:
    return np.array([mix.t, mix.a, mix.p])


def tap_loglik(hist: CountHistogram):
    def ll(x: np.ndarray) -> float:
        # EDGE, not 0/1: at t = 0 (say) the likelihood is -inf for some data, and the
        # profile search's finite differences would then subtract infinities.
        t, a, p = np.clip(x, EDGE, 1.0 - EDGE)
        return log_likelihood(hist, from_tap(t, a, p))
    return ll


def kappa_paradox_notice(hist: CountHistogram, rated_once: tuple[int, int] = NONE_ONCE
                         ) -> Notice | None:
    """Explain the kappa paradox when nearly all ratings fall in one class (``rated_once``:
    the subjects rated once beside the histogram, as :func:`binary_agreement` takes them)."""
    agreement = binary_agreement(hist, rated_once)
    share = agreement.class1_rate
    if 0.05 <= share <= 0.95:
        return None
    kappa = (ctext("Fleiss' kappa", NC_("Fleiss' kappa", "undefined")) if agreement.kappa is None
             else Number.of(agreement.kappa, 3, fmt(agreement.kappa)))
    # Translators: {share} and {agreement} are percents ("97.3%"); {kappa} is a number ("0.12")
    # or the word "undefined". "The exact posterior (method 'exact')": a fitting method.
    return Notice("kappa-paradox", text(N_(
        "Kappa paradox: {share} of the ratings are Class 1, so raters agree on "
        "{agreement} of rating pairs almost whatever their skill, "
        "while Fleiss' kappa is {kappa}. Such data say little about accuracy: accurate raters "
        "and raters who mostly guess the common class fit them about equally well. The exact "
        "posterior (method 'exact') shows how much weight each explanation gets."),
        share=Percent(share, 1), agreement=Percent(agreement.percent_agreement, 1), kappa=kappa))


def tap_notices(fit: MixtureFit, estimates: tuple[Estimate, ...],
                hist: CountHistogram, level: float = 0.95,
                rated_once: tuple[int, int] = NONE_ONCE) -> list[Notice]:
    t, a, p = (e.value for e in estimates)
    notes = boundary_notices(estimates) + se_notices(estimates, level)
    paradox = kappa_paradox_notice(hist, rated_once)
    if paradox is not None:
        notes.append(paradox)
    if fit.relabelled:
        notes.append(Notice("relabelled", text(N_(
            "The best fit had its two latent classes the other way "
            "round; it is reported with Class 1 as the class raters more often call "
            "Class 1 (so a >= 0). t refers to that class."))))
    if a < 0.05:
        # Translators: {a} is the accuracy, a number ("0.012"); a, t are the model's letters.
        notes.append(Notice("not-identified", text(N_(
            "Accuracy a = {a} is near zero: the ratings look "
            "like guesses, and then t (the true Class-1 share) cannot be told from "
            "the data. Ignore t and treat agreement as chance."), a=Number.of(a))))
    if a > 1 - 1e-6:
        notes.append(Notice("not-identified", text(N_(
            "Accuracy a = 1: raters never guess, so the guess "
            "rate p cannot be seen in the data and its value is not meaningful."))))
    if min(t, 1 - t) < 0.05 and a >= 0.05 and paradox is None:
        # Translators: {t} is the share of Class 1, a number ("0.031").
        notes.append(Notice("rare-class", text(N_(
            "Almost every subject is in one class (t = {t}). "
            "Accuracy then rests on very few subjects of the other class and can "
            "be far off: with rare classes, high raw agreement can coexist with low "
            "or unstable accuracy (the kappa paradox)."), t=Number.of(t))))
    if not fit.converged:
        notes.append(Notice("not-converged", text(N_(
            "EM reached its iteration limit in some starts; the "
            "polished best fit is reported, but check the convergence plot."))))
    return notes


def tap_value_and_grad(hist: CountHistogram):
    """Log-likelihood and gradient in (t, a, p), by the chain rule from (t, q1, q0)."""
    def vg(x: np.ndarray) -> tuple[float, np.ndarray]:
        t, a, p = np.clip(x, EDGE, 1.0 - EDGE)
        mix = from_tap(t, a, p)
        value, (g_t, g_q1, g_q0) = value_and_gradient(hist, np.clip(mix.as_array(), EDGE, 1 - EDGE))
        # q1 = a + (1 - a) p, q0 = (1 - a) p
        return value, np.array([g_t, g_q1 * (1 - p) - g_q0 * p, (g_q1 + g_q0) * (1 - a)])
    return vg


def tap_headline(estimates, counts: BinaryCounts, level: float = 0.95) -> tuple[str, ...]:
    """The t-a-p fit's three sentences, kept as templates (written when shown)."""
    t, a, p = estimates
    one, zero = class_words(counts.choice)
    reason = untold_reason(class1_share(counts))
    return reason_once((
        # Translators: {x} is a share with its interval ("54% (95% interval 44-65%)").
        share_line(N_("Raters are accurate about {x} of the time."), a.value, a.ci, level,
                   # Translators: follows "These data cannot tell".
                   said("how often raters are accurate"), reason),
        # Translators: {one} names the categories of Class 1 ("'gold'"); {x} is a share with its
        # interval ("54% (95% interval 44-65%)").
        share_line(N_("When they guess, they say Class 1 ({one}) {x} of the time."), p.value, p.ci,
                   # Translators: follows "These data cannot tell"; {one} names Class 1.
                   level, said("how often raters say Class 1 ({one}) when they guess", one=one),
                   reason, one=one),
        # Translators: {one} and {zero} name the categories of Class 1 and Class 0; {x} is a
        # share with its interval ("54% (95% interval 44-65%)").
        share_line(N_("About {x} of the subjects truly belong to Class 1 ({one}); the rest to "
                      "Class 0 ({zero})."), t.value, t.ci, level,
                   # Translators: follows "These data cannot tell"; {one} names Class 1.
                   said("what share of the subjects truly belong to Class 1 ({one})", one=one),
                   reason, one=one, zero=zero)))


def bootstrap_samples(hist: CountHistogram, request: FitRequest, best: Mixture,
                      cancel: CancelToken):
    """Generator: refit on resampled histograms; returns an (n, 3) array of (t, a, p)."""
    rng = np.random.default_rng(request.seed + 1)
    samples = []
    for b in range(request.bootstrap):
        if cancel.requested:
            break
        boot = resample_histogram(hist, rng)
        starts = [best] + start_points(3, rng)
        fit = yield from fit_mixture(boot, n_starts=len(starts), seed=request.seed + b,
                                     tolerance=request.tolerance, max_iterations=request.max_iterations,
                                     cancel=cancel, starts=starts, emit=False)
        samples.append(tap_values(fit.mixture))
        if (b + 1) % max(1, request.bootstrap // 50) == 0 or b + 1 == request.bootstrap:
            yield StageProgress(request.request_id, "bootstrap", b + 1, request.bootstrap)
    return np.array(samples).reshape(-1, 3)


def tap_estimates(hist: CountHistogram, request: FitRequest, cancel: CancelToken, *,
                  emit: bool = True, standard_errors: bool = True):
    """Generator: the global MLE of (t, a, p) and its profile intervals at ``request.level``.

    Returns (MixtureFit, estimates). ``emit=False`` yields no per-iteration
    events and ``standard_errors=False`` leaves the standard errors out (see
    :func:`probability_estimates`); neither changes an estimate or interval.
    """
    fit = yield from fit_mixture(hist, n_starts=request.n_starts, seed=request.seed,
                                 tolerance=request.tolerance, max_iterations=request.max_iterations,
                                 cancel=cancel, request_id=request.request_id, emit=emit)
    values = tap_values(fit.mixture)
    estimates = probability_estimates(("t", "a", "p"), values, tap_loglik(hist), fit.log_likelihood,
                                      tap_value_and_grad(hist),
                                      TapProfile(hist, values, fit.log_likelihood,
                                                 request.level).interval,
                                      standard_errors=standard_errors, level=request.level)
    return fit, estimates


def fit_tap(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    counts = counts_for(request, table)
    hist = counts.histogram()
    yield FitStarted(request.request_id, "tap", request.n_starts)
    fit, estimates = yield from tap_estimates(hist, request, cancel)
    interval_method: str = profile_note(request.level)
    if request.bootstrap and not cancel.requested:
        samples = yield from bootstrap_samples(hist, request, fit.mixture, cancel)
        estimates = with_bootstrap(estimates, samples, request.level)
        interval_method = bootstrap_method(len(samples), request.level)
    ll = LogLikelihood(fit.log_likelihood, hist.n_ratings,
                       fit.log_likelihood + binomial_log_terms(hist))
    return FitResult(
        request=request, model="tap", title=SPEC.title, params=estimates, log_likelihood=ll,
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=fit.converged, iterations=fit.iterations, traces=fit.traces,
        warnings=tuple(tap_notices(fit, estimates, hist, request.level, counts.rated_once)),
        class_choice=counts.choice,
        categories=table.categories, class_labels=("Class 0", "Class 1"),
        headline=tap_headline(estimates, counts, request.level), interval_method=interval_method,
        complete=not cancel.requested, n_parameters=3, provenance=table.provenance)


SPEC = ModelSpec(
    name="tap", title="t-a-p (average rater)",
    fit=fit_tap)
