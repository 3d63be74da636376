"""The expert-rater model P-a-P: raters guess Class 1 at the true rate (t = p).

When raters' guesses follow the true Class-1 share (p = t), the overall
Class-1 rate of the ratings is t for any accuracy a, because
t[a + (1-a)t] + (1-t)(1-a)t = t. So t = p is the observed Class-1 rate, and
the accuracy a is found by maximising the likelihood over a alone with t held
there. In this model Fleiss' kappa equals a^2 (Eubanks), so sqrt(kappa) is a
moment estimate of a that the maximum-likelihood a can be compared with.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import minimize_scalar

from tapdesk.data.binary import CountHistogram
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.agreement import binary_agreement
from tapdesk.engine.binary.common import MEANINGS, class_words, counts_for, resample_histogram
from tapdesk.engine.binary.likelihood import binomial_log_terms, from_tap, log_likelihood
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted, Iteration, StageProgress
from tapdesk.engine.intervals import (BOUNDARY, logit_wald_interval, observed_information_se,
                                      percentile_interval, profile_interval)
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice

EXPERT_MEANINGS = {
    "t": "share of subjects truly in Class 1 (= the observed Class-1 rate)",
    "p": "probability a guess is Class 1 (equal to t in this model)",
    "a": MEANINGS["a"],
    "kappa": "Fleiss' kappa (chance-corrected agreement); a^2 in this model",
    "sqrt_kappa": "square root of Fleiss' kappa: the moment estimate of a",
}


def expert_loglik(hist: CountHistogram, t: float):
    """Log-likelihood of (a,) with t = p held at ``t``."""
    def ll(x: np.ndarray) -> float:
        a = float(np.clip(x[0], 0.0, 1.0))
        return log_likelihood(hist, from_tap(t, a, t))
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


def accuracy_estimate(hist: CountHistogram, t: float, a: float, ll_max: float) -> Estimate:
    if not (BOUNDARY < t < 1 - BOUNDARY):
        return Estimate("a", float("nan"), None, None, EXPERT_MEANINGS["a"] + "; not identified "
                        "when every rating is in one class", identified=False)
    loglik = expert_loglik(hist, t)
    x = np.array([a])
    boundary = not (BOUNDARY < a < 1 - BOUNDARY)
    se = observed_information_se(loglik, x, np.array([not boundary]))[0]
    ci = logit_wald_interval(a, se)
    if ci is None:
        try:
            ci = profile_interval(loglik, x, 0, ll_max, [(0.0, 1.0)])
        except (ValueError, RuntimeError):
            ci = None
    return Estimate("a", a, float(se) if np.isfinite(se) else None, ci, EXPERT_MEANINGS["a"],
                    on_boundary=boundary)


def kappa_estimates(kappa: float | None) -> tuple[Estimate, ...]:
    if kappa is None:
        return ()
    out = [Estimate("kappa", float(kappa), meaning=EXPERT_MEANINGS["kappa"])]
    if kappa >= 0:
        out.append(Estimate("sqrt_kappa", float(np.sqrt(kappa)),
                            meaning=EXPERT_MEANINGS["sqrt_kappa"]))
    return tuple(out)


def point_values(hist: CountHistogram) -> tuple[float, float, float, float | None]:
    """(t, a, log-likelihood, kappa) for one histogram."""
    t = hist.n_class1_ratings / hist.n_ratings
    a, ll = fit_accuracy(hist, t)
    return t, a, ll, binary_agreement(hist).kappa


def bootstrap(hist: CountHistogram, request: FitRequest, cancel: CancelToken):
    """Generator: (n, 4) array of resampled (t, a, kappa, sqrt_kappa); NaN where undefined."""
    rng = np.random.default_rng(request.seed + 1)
    rows = []
    for b in range(request.bootstrap):
        if cancel.requested:
            break
        t, a, _, kappa = point_values(resample_histogram(hist, rng))
        k = np.nan if kappa is None else kappa
        rows.append((t, a, k, np.sqrt(k) if k >= 0 else np.nan))
        if (b + 1) % max(1, request.bootstrap // 50) == 0 or b + 1 == request.bootstrap:
            yield StageProgress(request.request_id, "bootstrap", b + 1, request.bootstrap)
    return np.array(rows, dtype=float).reshape(-1, 4)


def with_samples(est: Estimate, column: np.ndarray) -> Estimate:
    col = column[np.isfinite(column)]
    se = float(col.std(ddof=1)) if len(col) > 1 else None
    return Estimate(est.name, est.value, se, percentile_interval(col), est.meaning, est.category,
                    est.identified, est.on_boundary)


def expert_notices(t: float, a: Estimate, kappa: float | None, reason: str) -> list[Notice]:
    notes = []
    if kappa is None:
        notes.append(Notice("kappa-undefined", f"Fleiss' kappa is undefined: {reason}."))
    elif kappa < 0:
        notes.append(Notice("negative-kappa", f"Fleiss' kappa is negative ({kappa:.3f}): raters "
                            "agree less than chance would predict. Its square root, the moment "
                            "estimate of a, does not exist, and the expert model (t = p) does not "
                            "describe these data well."))
    if not a.identified:
        notes.append(Notice("not-identified", "Every rating is in the same class, so accuracy "
                            "cannot be told from guessing."))
    elif a.on_boundary:
        edge = "0: the ratings look like pure guesses" if a.value < 0.5 else \
            "1: raters never disagree"
        notes.append(Notice("boundary", f"The best accuracy is a = {edge}. Its standard error is "
                            "not defined, so its interval comes from the profile likelihood."))
    if min(t, 1 - t) < 0.05:
        notes.append(Notice("rare-class", f"Almost every rating is in one class (rate {t:.3f}). "
                            "With a rare class, high raw agreement can come with low kappa and "
                            "unstable accuracy (the kappa paradox)."))
    return notes


def expert_headline(t: Estimate, a: Estimate, kappa: float | None, counts) -> tuple[str, ...]:
    one, _ = class_words(counts.choice)
    lines = [f"{100 * t.value:.0f}% of ratings are Class 1 ({one}); in the expert model that is "
             "also the share of subjects truly in Class 1 and the guess rate."]
    if a.identified:
        ci = f" (95% interval {100 * a.ci[0]:.0f}-{100 * a.ci[1]:.0f}%)" if a.ci else ""
        lines.append(f"Raters are accurate about {100 * a.value:.0f}%{ci} of the time.")
    else:
        lines.append("Accuracy cannot be estimated: every rating is in the same class.")
    if kappa is not None and kappa >= 0:
        lines.append(f"Fleiss' kappa is {kappa:.3f}; its square root {np.sqrt(kappa):.3f} is the "
                     "simple (moment) estimate of accuracy to compare with.")
    elif kappa is not None:
        lines.append(f"Fleiss' kappa is {kappa:.3f}, below zero, so it gives no accuracy estimate.")
    return tuple(lines)


def fit_expert(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    counts = counts_for(request, table)
    hist = counts.histogram()
    yield FitStarted(request.request_id, "expert", 1)
    t_value, a_value, ll_max, kappa = point_values(hist)
    yield Iteration(request.request_id, 0, 1, ll_max, ("t", "a"), (t_value, a_value))
    t_se = rate_se(hist)
    t_ci = logit_wald_interval(t_value, t_se)
    t_est = Estimate("t", t_value, t_se if t_se > 0 else None, t_ci, EXPERT_MEANINGS["t"],
                     on_boundary=not (BOUNDARY < t_value < 1 - BOUNDARY))
    a_est = accuracy_estimate(hist, t_value, a_value, ll_max)
    extra = kappa_estimates(kappa)
    interval_method = ("t: robust (subjects as units) Wald on the logit scale; a: observed "
                       "information with t held at the observed rate (profile likelihood at the "
                       "edges); kappa: none without --bootstrap; 95%")
    if request.bootstrap and not cancel.requested:
        samples = yield from bootstrap(hist, request, cancel)
        t_est, a_est = with_samples(t_est, samples[:, 0]), with_samples(a_est, samples[:, 1])
        extra = tuple(with_samples(e, samples[:, 2 if e.name == "kappa" else 3]) for e in extra)
        interval_method = (f"nonparametric bootstrap over subjects, {len(samples)} resamples, "
                           "percentile 95%")
    p_est = Estimate("p", t_est.value, t_est.se, t_est.ci, EXPERT_MEANINGS["p"],
                     on_boundary=t_est.on_boundary)
    reason = binary_agreement(hist).undefined_reason
    return FitResult(
        request=request, model="expert", title=SPEC.title, params=(t_est, p_est, a_est) + extra,
        log_likelihood=LogLikelihood(ll_max, hist.n_ratings, ll_max + binomial_log_terms(hist)),
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=True, iterations=1, warnings=tuple(expert_notices(t_value, a_est, kappa, reason)),
        class_choice=counts.choice, categories=table.categories, class_labels=("Class 0", "Class 1"),
        headline=expert_headline(t_est, a_est, kappa, counts), interval_method=interval_method,
        complete=not cancel.requested, n_parameters=2, provenance=table.provenance)


SPEC = ModelSpec(
    name="expert", title="Expert raters (they guess at the true rate, t = p)",
    description="Raters guess Class 1 exactly as often as it truly occurs (t = p), as experts who "
                "know the base rate would. Then Fleiss' kappa is a^2; reports the "
                "maximum-likelihood accuracy a beside kappa and its square root.",
    binary=True, needs_rater_ids=False, fit=fit_expert)
