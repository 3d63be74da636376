"""The expert-rater model P-a-P: raters guess Class 1 at the true rate (t = p).

When raters' guesses follow the true Class-1 share (p = t), the expected
Class-1 rate of the ratings is t for any accuracy a, because
t[a + (1-a)t] + (1-t)(1-a)t = t. The observed rate is therefore a good
start for t but not its maximum-likelihood value: the agreement pattern
carries information about t too (on a rare-class example the joint maximum
is 0.003 nats higher than the best a with t held at the rate). So (t, a) are
fitted jointly: the profile log-likelihood of t (a maximised for each t,
:func:`fit_accuracy`) is scanned on a logit grid around the rate and refined
by a bounded search; intervals are profile-likelihood intervals. In this
model Fleiss' kappa equals a^2 (Eubanks), so sqrt(kappa) is a moment estimate
of a that the maximum-likelihood a can be compared with.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq, minimize_scalar

from tapdesk.data.binary import CountHistogram
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.agreement import NONE_ONCE, binary_agreement
from tapdesk.engine.binary.common import MEANINGS, class_words, counts_for, resample_histogram
from tapdesk.engine.binary.likelihood import binomial_log_terms, from_tap, log_likelihood
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted, Iteration, StageProgress
from tapdesk.engine.intervals import (
    BOUNDARY,
    bootstrap_method,
    chi2_1,
    level_text,
    observed_information_se,
    percentile_interval,
)
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, fmt
from tapdesk.engine.words import percent, share_line, untold_reason
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import capitalised, made, said
from tapdesk.i18n.text import Number, text

# Translators: what each estimate of the expert-rater model is, in its table of estimates; t, a
# and p are the model's symbols, a^2 is a squared.
EXPERT_MEANINGS = {
    "t": N_("share of subjects truly in Class 1 (in this model also the expected Class-1 rate "
            "of the ratings)"),
    "p": N_("probability a guess is Class 1 (equal to t in this model)"),
    "a": MEANINGS["a"],
    "kappa": N_("Fleiss' kappa (chance-corrected agreement); a^2 in this model"),
    "sqrt_kappa": N_("square root of Fleiss' kappa: the moment estimate of a"),
}
SCAN = 41
"""Logit-spaced values of t scanned for the profile's best bracket (within +-6 of the rate)."""


def expert_loglik(hist: CountHistogram, t: float | None = None):
    """Log-likelihood of x = (a,) with t = p held at ``t``, or of x = (t, a) when t is None."""
    def ll(x: np.ndarray) -> float:
        tt, a = (float(np.clip(x[0], 0.0, 1.0)), x[1]) if t is None else (t, x[0])
        a = float(np.clip(a, 0.0, 1.0))
        return log_likelihood(hist, from_tap(tt, a, tt))
    return ll


def fit_accuracy(hist: CountHistogram, t: float) -> tuple[float, float]:
    """Maximum-likelihood a in [0, 1] for t = p = ``t``: (a, log-likelihood).

    Bounded Brent search, then the two ends of [0, 1] are compared too,
    because the maximum can sit on the boundary where the search only
    approaches it.
    """
    ll = expert_loglik(hist, t)
    res = minimize_scalar(lambda a: -ll(np.array([a])), bounds=(0.0, 1.0), method="bounded",
                          options={"xatol": 1e-10})
    candidates = [(float(res.x), -float(res.fun)), (0.0, ll(np.array([0.0]))),
                  (1.0, ll(np.array([1.0])))]
    return max(candidates, key=lambda pair: pair[1])


def joint_maximum(hist: CountHistogram, start: tuple[float, float] | None = None
                  ) -> tuple[float, float, float]:
    """Maximum-likelihood (t, a, log-likelihood) over t = p in (0, 1) and a in [0, 1].

    Without ``start``: the profile of t is scanned at SCAN logit-spaced values
    around the observed rate and maximised by a bounded search on the best
    bracket (robust to a second maximum). With ``start`` (bootstrap
    resamples, near the original fit): one local search from there.
    """
    rate = hist.n_class1_ratings / hist.n_ratings
    if not (BOUNDARY < rate < 1 - BOUNDARY):
        a, ll = fit_accuracy(hist, rate)
        return rate, a, ll

    def profile(z: float) -> float:
        return fit_accuracy(hist, float(1 / (1 + np.exp(-z))))[1]
    centre = np.log(rate / (1 - rate))
    if start is not None:
        x0 = np.log(start[0] / (1 - start[0]))
        res = minimize_scalar(lambda z: -profile(z), bracket=(x0 - 0.1, x0 + 0.1), tol=1e-10)
        best_z = float(res.x) if -res.fun >= profile(centre) else centre
    else:
        zs = centre + np.linspace(-6.0, 6.0, SCAN)
        values = np.array([profile(z) for z in zs])
        i = int(np.argmax(values))
        lo, hi = zs[max(i - 1, 0)], zs[min(i + 1, SCAN - 1)]
        res = minimize_scalar(lambda z: -profile(z), bounds=(lo, hi), method="bounded",
                              options={"xatol": 1e-10})
        best_z = float(res.x) if -res.fun >= values[i] else float(zs[i])
    t = float(1 / (1 + np.exp(-best_z)))
    a, ll = fit_accuracy(hist, t)
    return t, a, ll


def rate_se(hist: CountHistogram) -> float:
    """SE of the pooled Class-1 rate, treating subjects as the sampling units.

    The ratio estimator sum(c_i) / sum(n_i) with the usual linearisation
    variance sum (c_i - r n_i)^2 / (sum n_i)^2 * N / (N - 1).
    """
    w = hist.weight.astype(float)
    n_subj = w.sum()
    total = (w * hist.n_rated).sum()
    rate = (w * hist.n_class1).sum() / total
    resid = hist.n_class1 - rate * hist.n_rated
    var = (w * resid ** 2).sum() / total ** 2 * n_subj / max(n_subj - 1, 1)
    return float(np.sqrt(var))


def best_t(hist: CountHistogram, a: float, near: float) -> float:
    """max over t (logit-scanned around ``near``, then a bounded search) of the log-likelihood
    with accuracy held at ``a``: the profile of a."""
    def ll(z: float) -> float:
        t = float(1 / (1 + np.exp(-z)))
        return log_likelihood(hist, from_tap(t, a, t))
    centre = np.log(near / (1 - near))
    zs = centre + np.linspace(-6.0, 6.0, SCAN)
    values = np.array([ll(z) for z in zs])
    i = int(np.argmax(values))
    res = minimize_scalar(lambda z: -ll(z), bounds=(zs[max(i - 1, 0)], zs[min(i + 1, SCAN - 1)]),
                          method="bounded", options={"xatol": 1e-9})
    return max(-float(res.fun), float(values[i]))


def profile_ends(profile, centre: float, limits: tuple[float, float], target: float
                 ) -> tuple[float, float]:
    """Where a profile log-likelihood falls to ``target`` on either side of ``centre``."""
    ends = []
    for limit in limits:
        if profile(limit) >= target:
            ends.append(limit)
        else:
            ends.append(float(brentq(lambda v: profile(v) - target, *sorted((centre, limit)),
                                     xtol=1e-7)))
    return ends[0], ends[1]


def joint_estimates(hist: CountHistogram, t: float, a: float, ll_max: float,
                    level: float = 0.95) -> tuple[Estimate, Estimate]:
    """Estimates of t and a at the joint maximum: observed-information SEs and profile-likelihood
    intervals at ``level`` (each profile maximises the other parameter exactly in 1-D, so the
    interval ends are where the true profile has dropped chi2_1(level) / 2: 1.92 nats at 0.95)."""
    if not (BOUNDARY < t < 1 - BOUNDARY):
        t_est = Estimate("t", t, None, None, EXPERT_MEANINGS["t"], on_boundary=True)
        accuracy = EXPERT_MEANINGS["a"]        # (a name, not a text, inside said(): Babel)
        # Translators: {meaning} is what the estimate is ("probability a rating is accurate
        # (not a guess)").
        untold = said("{meaning}; not identified when every rating is in one class",
                      meaning=said(accuracy))
        return t_est, Estimate("a", float("nan"), None, None, untold, identified=False)
    boundary = not (BOUNDARY < a < 1 - BOUNDARY)
    se = observed_information_se(expert_loglik(hist), np.array([t, a]),
                                 np.array([True, not boundary]))
    target = ll_max - chi2_1(level) / 2
    t_ci = profile_ends(lambda v: fit_accuracy(hist, v)[1], t, (1e-9, 1 - 1e-9), target)
    a_ci = profile_ends(lambda v: best_t(hist, v, t), a, (0.0, 1.0), target)
    return (Estimate("t", t, float(se[0]) if np.isfinite(se[0]) else None, t_ci,
                     EXPERT_MEANINGS["t"]),
            Estimate("a", a, float(se[1]) if np.isfinite(se[1]) else None, a_ci,
                     EXPERT_MEANINGS["a"], on_boundary=boundary))


def kappa_estimates(kappa: float | None) -> tuple[Estimate, ...]:
    if kappa is None:
        return ()
    out = [Estimate("kappa", float(kappa), meaning=EXPERT_MEANINGS["kappa"])]
    if kappa >= 0:
        out.append(Estimate("sqrt_kappa", float(np.sqrt(kappa)),
                            meaning=EXPERT_MEANINGS["sqrt_kappa"]))
    return tuple(out)


def point_values(hist: CountHistogram, start: tuple[float, float] | None = None,
                 rated_once: tuple[int, int] = NONE_ONCE
                 ) -> tuple[float, float, float, float | None]:
    """(t, a, log-likelihood, kappa) for one histogram (the joint maximum); kappa is the
    agreement table's, the subjects rated once (``rated_once``) counted in its chance part."""
    t, a, ll = joint_maximum(hist, start)
    return t, a, ll, binary_agreement(hist, rated_once).kappa


def bootstrap(hist: CountHistogram, request: FitRequest, cancel: CancelToken,
              start: tuple[float, float] | None = None, rated_once: tuple[int, int] = NONE_ONCE):
    """Generator: (n, 4) array of resampled (t, a, kappa, sqrt_kappa); NaN where undefined.
    The subjects rated twice or more are resampled; those rated once are kept as they are."""
    rng = np.random.default_rng(request.seed + 1)
    rows = []
    for b in range(request.bootstrap):
        if cancel.requested:
            break
        t, a, _, kappa = point_values(resample_histogram(hist, rng), start, rated_once)
        k = np.nan if kappa is None else kappa
        rows.append((t, a, k, np.sqrt(k) if k >= 0 else np.nan))
        if (b + 1) % max(1, request.bootstrap // 50) == 0 or b + 1 == request.bootstrap:
            yield StageProgress(request.request_id, "bootstrap", b + 1, request.bootstrap)
    return np.array(rows, dtype=float).reshape(-1, 4)


def with_samples(est: Estimate, column: np.ndarray, level: float = 0.95) -> Estimate:
    col = column[np.isfinite(column)]
    se = float(col.std(ddof=1)) if len(col) > 1 else None
    return Estimate(est.name, est.value, se, percentile_interval(col, level), est.meaning,
                    est.category,
                    est.identified, est.on_boundary)


def expert_notices(t: float, a: Estimate, kappa: float | None, reason: str) -> list[Notice]:
    notes = []
    if kappa is None:
        # Translators: {reason} says why ("every subject has ratings in one class only").
        notes.append(Notice("kappa-undefined", text(N_("Fleiss' kappa is undefined: {reason}."),
                                                    reason=reason)))
    elif kappa < 0:
        # Translators: {kappa} is a negative number ("−0.12").
        notes.append(Notice("negative-kappa", text(N_(
            "Fleiss' kappa is negative ({kappa}): raters "
            "agree less than chance would predict. Its square root, the moment "
            "estimate of a, does not exist, and the expert model (t = p) does not "
            "describe these data well."), kappa=Number.of(kappa, 3, fmt(kappa)))))
    if not a.identified:
        notes.append(Notice("not-identified", text(N_(
            "Every rating is in the same class, so accuracy "
            "cannot be told from guessing."))))
    elif a.on_boundary:
        notes.append(Notice("boundary", text(
            N_("The best accuracy is a = 0: the ratings look like pure guesses. Its standard "
               "error is not defined, so its interval comes from the profile likelihood.")
            if a.value < 0.5 else
            N_("The best accuracy is a = 1: raters never disagree. Its standard error is "
               "not defined, so its interval comes from the profile likelihood."))))
    if min(t, 1 - t) < 0.05:
        # Translators: {rate} is the share of Class-1 ratings, a number ("0.031").
        notes.append(Notice("rare-class", text(N_(
            "Almost every rating is in one class (rate {rate}). "
            "With a rare class, high raw agreement can come with low kappa and "
            "unstable accuracy (the kappa paradox)."), rate=Number.of(t))))
    return notes


def expert_headline(t: Estimate, a: Estimate, kappa: float | None, counts,
                    level: float = 0.95) -> tuple[str, ...]:
    one, _ = class_words(counts.choice)
    rate = counts.n_class1.sum() / counts.n_ratings if counts.n_ratings else float("nan")
    reason = untold_reason(rate if counts.n_ratings else None)
    # Translators: {x} is a share with its interval ("54% (95% interval 44-65%)"); {one} names
    # Class 1's categories ("yes").
    share = share_line(N_("About {x} of the subjects truly belong to Class 1 ({one}); in the "
                          "expert model raters also guess Class 1 that often."), t.value, t.ci,
                       level, said("what share of the subjects truly belong to Class 1 ({one})",
                                   one=one), reason, one=one)
    # Translators: {sentence} is the sentence on the share truly in Class 1; {share} a percent
    # ("54%") that starts the second sentence.
    lines: list[str] = [said("{sentence} {share} of the ratings are Class 1.", sentence=share,
                        share=capitalised(made(percent, rate)))]
    if a.identified:
        lines.append(share_line(N_("Raters are accurate about {x} of the time."), a.value, a.ci,
                                level, said("how often raters are accurate"), reason))
    else:
        # Translators: the expert model's headline when accuracy cannot be estimated.
        lines.append(said("Accuracy cannot be estimated: every rating is in the same class."))
    if kappa is not None and kappa >= 0:
        # Translators: {kappa} and {root} are numbers ("0.412", "0.642").
        lines.append(said("Fleiss' kappa is {kappa}; its square root {root} is the simple "
                          "(moment) estimate of accuracy to compare with.",
                          kappa=made(fmt, kappa), root=made(fmt, float(np.sqrt(kappa)))))
    elif kappa is not None:
        # Translators: {kappa} is a number below zero ("−0.120").
        lines.append(said("Fleiss' kappa is {kappa}, below zero, so it gives no accuracy "
                          "estimate.", kappa=made(fmt, kappa)))
    return tuple(lines)


def fit_expert(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    counts = counts_for(request, table)
    hist = counts.histogram()
    yield FitStarted(request.request_id, "expert", 1)
    t_value, a_value, ll_max, kappa = point_values(hist, rated_once=counts.rated_once)
    yield Iteration(request.request_id, 0, 1, ll_max, ("t", "a"), (t_value, a_value))
    t_est, a_est = joint_estimates(hist, t_value, a_value, ll_max, request.level)
    extra = kappa_estimates(kappa)
    # Translators: how the expert model's intervals were found; {level} is "95%".
    interval_method: str = said("t and a: {level} profile likelihood (the other maximised); "
                                "kappa: none without bootstrap resamples",
                                level=made(level_text, request.level))
    if request.bootstrap and not cancel.requested:
        samples = yield from bootstrap(hist, request, cancel, (t_value, a_value),
                                       counts.rated_once)
        level = request.level
        t_est, a_est = (with_samples(t_est, samples[:, 0], level),
                        with_samples(a_est, samples[:, 1], level))
        extra = tuple(with_samples(e, samples[:, 2 if e.name == "kappa" else 3], level)
                      for e in extra)
        interval_method = bootstrap_method(len(samples), level)
    p_est = Estimate("p", t_est.value, t_est.se, t_est.ci, EXPERT_MEANINGS["p"],
                     on_boundary=t_est.on_boundary)
    reason = binary_agreement(hist, counts.rated_once).undefined_reason
    return FitResult(
        request=request, model="expert", title=SPEC.title, params=(t_est, p_est, a_est) + extra,
        log_likelihood=LogLikelihood(ll_max, hist.n_ratings, ll_max + binomial_log_terms(hist)),
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=True, iterations=1, warnings=tuple(expert_notices(t_value, a_est, kappa, reason)),
        class_choice=counts.choice, categories=table.categories, class_labels=("Class 0", "Class 1"),
        headline=expert_headline(t_est, a_est, kappa, counts, request.level),
        interval_method=interval_method,
        complete=not cancel.requested, n_parameters=2, provenance=table.provenance)


SPEC = ModelSpec(
    name="expert", title="Expert raters (they guess at the true rate, t = p)",
    fit=fit_expert)
