"""The per-rater model t-a_j-p_j: each rater has their own accuracy and guess rate.

Subject i is truly Class 1 with probability t; rater j rates accurately with
probability a_j, otherwise guesses Class 1 with probability p_j. Reported per
rater: a_j, p_j, sensitivity q1_j = a_j + (1-a_j) p_j and false-positive rate
q0_j = (1-a_j) p_j, and per subject the posterior probability of Class 1
with the population t as prior. The likelihood is maximised by EM in
(t, q1_j, q0_j) (see :mod:`per_rater_em`), SQUAREM-accelerated (:mod:`per_rater_squarem`);
standard errors come from the exact
observed information, carried to (a_j, p_j) by the delta method, or from a
bootstrap over subjects. The raters' intervals are profile-likelihood
intervals (:mod:`per_rater_profile`) for up to PROFILE_MAX_RATERS raters:
the logit-Wald interval of the delta method is far too wide or too narrow
near a_j = 0 or 1. Beyond that many raters (or when a profile search fails, or where
the profile searches spend their work budget, :mod:`search_budget`: a sparse design with
estimates at 0 or 1) they are logit-Wald intervals, and the raters are compared from
their own labels (:mod:`crowd_standing`).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.common import MEANINGS, class1_share, class_words, counts_for
from tapdesk.engine.binary.crowd_family import Design, crowd_verdicts
from tapdesk.engine.binary.crowd_standing import crowd_comparisons
from tapdesk.engine.binary.held_fit import tested_comparisons
from tapdesk.engine.binary.likelihood_region import Region
from tapdesk.engine.binary.per_rater_counts import counts_table
from tapdesk.engine.binary.per_rater_em import (
    BlockCovariance,
    Covariance,
    RaterData,
    RaterParams,
    parameter_covariance,
    rater_data,
)
from tapdesk.engine.binary.per_rater_fit import MAX_PER_RATER_STARTS, PerRaterFit, bootstrap, fit_per_rater
from tapdesk.engine.binary.per_rater_profile import RaterProfile
from tapdesk.engine.binary.rater_family import panel_verdicts
from tapdesk.engine.binary.rater_own_labels import label_pairs
from tapdesk.engine.binary.rater_standing import compare_raters, labelling
from tapdesk.engine.binary.search_budget import ProfileBudgetSpent, profile_budget
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted
from tapdesk.engine.intervals import (
    BOUNDARY,
    POINT_ONLY,
    bootstrap_method,
    chi2_1,
    level_text,
    logit_wald_ends,
    logit_wald_interval,
    percentile_interval,
    z_value,
)
from tapdesk.engine.rater_words import (
    accuracy_range_sentence,
    chance_flag,
    chance_headline,
    chance_note,
    panel_level,
    panel_sentence_of,
)
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, RaterEstimate, fmt
from tapdesk.engine.subjects import SubjectTable
from tapdesk.engine.words import reason_once, share_line, untold, untold_reason
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.text import Count, Listed, Nn_, Number, plural, text

# Translators: what each per-rater quantity means (the Raters tab's headings' tooltips, the
# summary's "meaning" column); "Pr(says Class 1 | truly Class 1)" reads "the probability the
# rater says Class 1 when the subject is truly Class 1".
RATER_MEANINGS = {
    "a": N_("this rater's accuracy (probability a rating is not a guess)"),
    "p": N_("this rater's guess rate for Class 1"),
    "sensitivity": N_("Pr(says Class 1 | truly Class 1) = a + (1 - a) p"),
    "false_positive_rate": N_("Pr(says Class 1 | truly Class 0) = (1 - a) p"),
}
RATER_NAMES = ("a", "p", "sensitivity", "false_positive_rate")
WELL_BELOW = "accuracy well below the other raters"
"""A flag for a rater whose accuracy is under half the panel's median."""
PROFILE_MAX_RATERS = 50
"""Raters' intervals come from the profile likelihood up to this many raters (each costs a few
dozen constrained maximisations of the whole likelihood), from logit-Wald beyond."""
PROFILE_BUDGET = 15_000_000
"""... and while 4 x raters x ratings stays within this (50 raters x 1000 subjects, 1e7: about
6 s of CPU here; 10 raters x 5000 subjects, 2e6: 1.4 s)."""


def profile_affordable(n_raters: int, n_ratings: int) -> bool:
    """Whether the raters' profile-likelihood intervals fit the time budget."""
    return n_raters <= PROFILE_MAX_RATERS and 4 * n_raters * n_ratings <= PROFILE_BUDGET


def derived_values(q1: np.ndarray, q0: np.ndarray) -> np.ndarray:
    """(R, 4) array of a, p, sensitivity, false-positive rate."""
    a = q1 - q0
    rest = 1 - a
    p = np.where(rest > 1e-12, q0 / np.where(rest > 1e-12, rest, 1.0), 0.5)
    return np.column_stack([a, np.clip(p, 0, 1), q1, q0])


def derived_se(q1: np.ndarray, q0: np.ndarray, cov: np.ndarray) -> np.ndarray:
    """Delta-method SEs of (a, p, q1, q0), (R, 4), from each rater's 2 x 2 covariance of
    (q1, q0), ``cov`` (R, 2, 2)."""
    rest = np.maximum(1 - q1 + q0, 1e-12)
    zero, one = np.zeros_like(q1), np.ones_like(q1)
    grads = np.stack([np.stack([one, -one], -1), np.stack([q0 / rest ** 2, (1 - q1) / rest ** 2], -1),
                      np.stack([one, zero], -1), np.stack([zero, one], -1)], 1)     # (R, 4, 2)
    return np.sqrt(np.clip(np.einsum("rki,rij,rkj->rk", grads, cov, grads), 0, None))


def rater_se(params: RaterParams, cov: Covariance, known: np.ndarray) -> np.ndarray:
    """Every rater's delta-method SEs of (a, p, q1, q0), (R, 4): NaN where the covariance does
    not know the rater (and for q1 or q0 where it does not know that one); one pass over the
    raters' 2 x 2 blocks rather than a look-up for each of 100,000."""
    r = len(params.q1)
    one, zero = 1 + np.arange(r), 1 + r + np.arange(r)
    blocks = np.stack([np.stack([cov[one, one], cov[one, zero]], -1),
                       np.stack([cov[zero, one], cov[zero, zero]], -1)], 1)
    se = derived_se(params.q1, params.q0, blocks)
    knows = np.column_stack([known[one], known[zero]])
    se[~knows.any(axis=1)] = np.nan
    se[:, 2:][~knows] = np.nan
    return se


def interval(value: float, se: float | None, signed: bool,
             level: float = 0.95) -> tuple[float, float] | None:
    """Logit-Wald interval at ``level`` inside (0, 1); plain Wald clipped to [-1, 1] for a
    signed a."""
    if se is None or not np.isfinite(se) or se <= 0:
        return None
    if BOUNDARY < value < 1 - BOUNDARY:
        with np.errstate(over="ignore"):        # a huge SE maps to the whole of (0, 1)
            return logit_wald_interval(value, se, level)
    if signed:
        z = z_value(level)
        return max(-1.0, value - z * se), min(1.0, value + z * se)
    return None


def wald_table(values: np.ndarray, se: np.ndarray, level: float) -> tuple[list, list]:
    """Every rater's logit-Wald ends (:func:`~tapdesk.engine.intervals.logit_wald_ends`) of
    (a, p, q1, q0) at once, as lists: meaningful for the estimates inside (0, 1) with a
    standard error. One rater at a time took a second at a hundred thousand raters (issue 57)."""
    low, high = logit_wald_ends(values, se, level)
    return low.tolist(), high.tolist()


def rater_flag(values: np.ndarray, a_est: Estimate, n: int, n_class1: int, median_a: float,
               level: float = 0.95, panel: tuple[float, float] | None = None,
               n_raters: int = 1) -> str:
    """Why a rater's estimates deserve a closer look, in words ("" when they do not).

    A rater's a here is q1 - q0, which can fall below 0: the rater is flagged "no better than
    chance" only where ``panel``, the interval of a at the panel's level
    (:func:`~tapdesk.engine.rater_words.panel_level` over ``n_raters``), lies at or below 0
    (:func:`~tapdesk.engine.rater_words.chance_flag`, the per-rater models' one rule, issue
    78); an interval that merely reaches 0 gets words, not a flag
    (:func:`~tapdesk.engine.rater_words.chance_note`).
    """
    a = values[0]
    if n < 2:
        # Translators: why a rater is flagged (after "Rater {rater}: ").
        return said("only one rating: these estimates rest on almost nothing")
    if n_class1 in (0, n):
        # Translators: why a rater is flagged (after "Rater {rater}: ").
        return said("gave the same rating every time: accuracy cannot be told from guessing")
    below_chance = chance_flag(a_est, panel, level, n_raters)
    if below_chance:
        return below_chance
    if median_a > 0.2 and a < 0.5 * median_a:
        # Translators: why a rater is flagged (after "Rater {rater}: "); {a} the rater's
        # accuracy ("0.12"), {median} the panel's median accuracy. The caveats quote the words
        # before " (".
        return said("accuracy well below the other raters (a = {a}, median {median})",
                    a=made(fmt, a, 2), median=made(fmt, median_a, 2))
    return ""


def panel_interval(a: Estimate, basis: str, level: float, n_raters: int,
                   data: RaterData, params: RaterParams, rater: int,
                   samples: np.ndarray | None) -> tuple[float, float] | None:
    """The interval of rater ``rater``'s a at the panel's level, of the same kind as the one
    shown (``basis``), for a rater whose shown interval lies at or below 0 (None otherwise: no
    chance flag can rest on it)."""
    if a.ci is None or a.ci[1] > 0:
        return None
    wide = panel_level(level, n_raters)
    if basis == "bootstrap" and samples is not None:
        return percentile_interval(samples, wide)
    if basis == "profile":
        try:
            return RaterProfile(data, params, wide).interval(rater, "a", a.se)
        except (ValueError, FloatingPointError, np.linalg.LinAlgError):
            return None
    return interval(a.value, a.se, True, wide)


def flag_by_the_panel(rater: RaterEstimate, comparisons) -> RaterEstimate:
    """A rater flagged as "well below the other raters" keeps the flag only where the panel-wide
    verdict names their accuracy as lower (a claim about a person holds for the whole panel);
    without that verdict (no comparison made: a cancelled fit) the flag goes, for the median rule
    alone holds no panel-wide error rate."""
    return flags_by_the_panel((rater,), comparisons)[0]


def flags_by_the_panel(raters: tuple[RaterEstimate, ...], comparisons) -> tuple[RaterEstimate, ...]:
    """:func:`flag_by_the_panel` for every rater, the accuracy verdicts looked up once (a search
    through every comparison for each flagged rater took 3.5 s at ten million labels)."""
    if not any(r.flagged.startswith(WELL_BELOW) for r in raters):
        return raters
    lower: dict[str, bool] = {}
    for c in comparisons:
        if c.name == "a":
            lower.setdefault(c.rater_id, c.verdict == "lower")      # the first, as next() took
    return tuple(replace(r, flagged="") if r.flagged.startswith(WELL_BELOW)
                 and not lower.get(r.rater_id, False) else r for r in raters)


def rater_interval(profile: RaterProfile | None, rater: int, name: str, value: float,
                   se: float | None, level: float) -> tuple[tuple[float, float] | None, str]:
    """The profile interval of rater ``rater``'s ``name`` when a profile is given and its
    search settles, else the logit-Wald (plain Wald for a signed a) interval; with
    "profile" or "wald", the basis it rests on."""
    if profile is not None:
        try:
            return profile.interval(rater, name, se), "profile"
        except (ValueError, FloatingPointError, np.linalg.LinAlgError):
            pass
    return interval(value, se, name == "a", level), "wald"


def rater_estimates(data: RaterData, params: RaterParams, rater_ids: tuple[str, ...],
                    cov: Covariance, known: np.ndarray, samples: np.ndarray | None,
                    level: float = 0.95, profile: RaterProfile | None = None):
    """Every rater's estimates with intervals at ``level``: bootstrap percentiles when
    ``samples`` are given, else profile intervals when ``profile`` is, else logit-Wald."""
    r = data.n_raters
    values = derived_values(params.q1, params.q0)
    median_a = float(np.median(values[:, 0]))
    boot = None if samples is None else [derived_values(samples[:, 1:r + 1][:, j:j + 1].ravel(),
                                                        samples[:, r + 1:][:, j:j + 1].ravel())
                                         for j in range(r)]
    out = []
    every_se = rater_se(params, cov, known)
    ratings, class1 = data.rater_ratings, data.rater_class1      # once, not once a rater
    shown, errors = values.tolist(), np.where(np.isfinite(every_se) & (every_se > 0), every_se,
                                              np.nan).tolist()
    low, high = wald_table(values, every_se, level)
    for j in range(r):
        on_edge = [not (BOUNDARY < v < 1 - BOUNDARY) for v in shown[j][2:]]
        estimates, bases = [], []
        for k, name in enumerate(RATER_NAMES):
            value = shown[j][k]
            if boot is not None:
                col = boot[j][:, k]
                s = float(col.std(ddof=1)) if len(col) > 1 else None
                ci, basis = percentile_interval(col, level), "bootstrap"
            else:
                s = None if math.isnan(errors[j][k]) else errors[j][k]
                if profile is None and s is not None and BOUNDARY < value < 1 - BOUNDARY:
                    ci, basis = (low[j][k], high[j][k]), "wald"
                else:
                    ci, basis = rater_interval(profile, j, name, value, s, level)
            bases.append(basis)
            boundary = on_edge[k - 2] if k >= 2 else any(on_edge)
            estimates.append(Estimate(name, value, s, ci, RATER_MEANINGS[name],
                                      on_boundary=boundary))
        n, rater_id = int(ratings[j]), rater_ids[data.rater_codes[j]]
        panel = panel_interval(estimates[0], bases[0], level, r, data, params, j,
                               None if boot is None else boot[j][:, 0])
        flag = rater_flag(values[j], estimates[0], n, int(class1[j]), median_a, level, panel, r)
        note = "" if flag and not flag.startswith(WELL_BELOW) else \
            chance_note(rater_id, estimates[0], bases[0], level)    # a flag of standing may go
        out.append(RaterEstimate(rater_id, n, tuple(estimates), flag, note))
    return tuple(out)


def subject_estimates(data: RaterData, gamma: np.ndarray, table: RatingsTable) -> SubjectTable:
    ids = table.subject_ids
    gamma = np.asarray(gamma, float)
    return SubjectTable(tuple(ids[code] for code in data.subject_codes.tolist()),
                        data.n_per_subject.astype(np.int64), np.column_stack([1 - gamma, gamma]))


def t_estimate(value: float, cov: Covariance, known: np.ndarray, samples,
               level: float = 0.95, measured: bool = True) -> Estimate:
    """t with its interval. Where the information was ``measured`` (a fit not cancelled) and t
    lies inside its range but has no variance, the log-likelihood has no curvature in t at
    its maximum (:func:`parameter_covariance` keeps t's variance only where its information is
    positive): the data do not fix t, and it is marked not identified, so no surface states
    it as a finding. (The kappa paradox: 998 subjects rated 0, 0 and two 0, 1 gave t's
    information -9.5e-9 on one machine and, by rounding, a tiny positive one on another, whose
    interval then spanned the range; the verdict is the same either way now.)"""
    if samples is not None:
        col = samples[:, 0]
        return Estimate("t", value, float(col.std(ddof=1)) if len(col) > 1 else None,
                        percentile_interval(col, level), MEANINGS["t"])
    se = float(np.sqrt(cov[0, 0])) if known[0] and cov[0, 0] > 0 else None
    inside = BOUNDARY < value < 1 - BOUNDARY
    return Estimate("t", value, se, interval(value, se, False, level), MEANINGS["t"],
                    identified=se is not None or not (measured and inside), on_boundary=not inside)


def per_rater_notices(fit: PerRaterFit, raters, t: Estimate, dropped: int,
                      profiled: bool = False) -> list[Notice]:
    notes = []
    flagged = [r for r in raters if r.flagged]
    for r in flagged:
        # Translators: {rater} is a rater's name as the data file gives it; {flag} says what
        # was found ("no better than chance (...)").
        notes.append(Notice("rater-flag", text(N_("Rater {rater}: {flag}."), rater=r.rater_id,
                                               flag=r.flagged)))
    edge = [r.rater_id for r in raters if any(e.on_boundary for e in r.estimates)]
    if edge:
        names = (text("{names} ...", names=Listed.of(edge[:10])) if len(edge) > 10
                 else Listed.of(edge))
        notes.append(Notice("boundary", text(
            # Translators: {raters} lists raters' names ("J1, J4").
            N_("Some rater estimates sit on the edge of their range (raters {raters}); their "
               "standard errors mean little there, but their intervals stay right at the edge.")
            if profiled else
            # Translators: {raters} lists raters' names ("J1, J4").
            N_("Some rater estimates sit on the edge of their range (raters {raters}); their "
               "intervals are missing or rough there; resampling the subjects (set bootstrap "
               "resamples in the options) gives intervals there."), raters=names),
            settings=() if profiled else ("bootstrap",)))
    if fit.relabelled:
        notes.append(Notice("relabelled", text(N_(
            "The best fit had its two latent classes the other way "
            "round; it is reported with Class 1 as the class the raters (weighted "
            "by their number of ratings) more often call Class 1."))))
    if min(t.value, 1 - t.value) < 0.05:
        # Translators: {t} is the share of Class 1, a number ("0.031").
        notes.append(Notice("rare-class", text(N_(
            "Almost every subject is in one class (t = {t}). Each rater's sensitivity or "
            "false-positive rate then rests on very few subjects and can be far off (the kappa "
            "paradox)."), t=Number.of(t.value))))
    if dropped:
        # Translators: {n} is a count of raters.
        notes.append(Notice("raters-dropped", plural(Nn_(
            "{n} rater rated only subjects that were left out (fewer than two ratings), so they "
            "are not in the model.",
            "{n} raters rated only subjects that were left out (fewer than two ratings), so they "
            "are not in the model."), dropped, n=Count(dropped, grouped=True))))
    if not fit.converged:
        notes.append(Notice("not-converged", text(N_(
            "EM reached its iteration limit in some starts; check the convergence plot."))))
    if fit.log_likelihood < fit.average_log_likelihood - 1e-6 * abs(fit.average_log_likelihood):
        notes.append(Notice("below-average-model", text(N_(
            "The per-rater fit found a lower likelihood "
            "than the average-rater model, which it contains; the search stopped "
            "early. Raise the iteration limit."))))
    return notes


def per_rater_headline(t: Estimate, raters, counts, comparisons=(),
                       panel_test=None, level: float = 0.95) -> tuple[str, ...]:
    """The per-rater fit's sentences, kept as templates (written when shown)."""
    one, _ = class_words(counts.choice)
    reason = untold_reason(class1_share(counts))
    # Translators: follows "These data cannot tell"; {one} names Class 1.
    what = said("what share of the subjects truly belong to Class 1 ({one})", one=one)
    # Translators: {one} names the categories of Class 1 ("'gold'"); {x} is a share with its
    # interval ("54% (95% interval 44-65%)").
    share = (share_line(N_("About {x} of the subjects truly belong to Class 1 ({one})."),
                        t.value, t.ci, level, what, reason, one=one)
             if t.identified else untold(what, None, level, reason))
    lines: list[str] = [share, accuracy_range_sentence(raters)]
    standing = panel_sentence_of(comparisons, panel_test, one)
    if standing:
        lines.append(standing)
    if chance_headline(raters):
        lines.append(chance_headline(raters))
    n_flag = sum(bool(r.flagged) for r in raters)
    if n_flag:
        # Translators: {n} raters of {total} were flagged.
        lines.append(said_n("{n} of {total} raters flagged for a closer look (see the "
                            "warnings).", "{n} of {total} raters flagged for a closer look (see "
                            "the warnings).", len(raters), n=n_flag, total=len(raters)))
    lines.append(said("Each subject's probability of being in Class 1 combines the ratings it got "
                      "with the overall share t."))
    return reason_once(lines)


def wald_words(information: str, level: float) -> str:
    """The interval method when every interval is logit-Wald."""
    # Translators: how a fit's intervals were found; {information} says where the standard
    # errors come from ("observed information (exact Hessian of the likelihood)"); {level} "95%".
    return said("{information}, delta method for a and p; logit-Wald {level}",
                information=information, level=made(level_text, level))


def profile_words(information: str, level: float) -> str:
    """The interval method when the raters' intervals come from the profile likelihood."""
    # Translators: how a fit's intervals were found; {level} is "95%"; {information} says where
    # the standard errors come from ("observed information (exact Hessian of the likelihood)").
    return said("raters' a, p, sensitivity and false-positive rate: {level} profile likelihood "
                "(every other parameter re-maximised); t: logit-Wald {level}; standard errors "
                "from the {information}, delta method for a and p",
                level=made(level_text, level), information=information)


def profiled_raters(data: RaterData, params: RaterParams, fit: PerRaterFit, rater_ids,
                    cov: Covariance, known: np.ndarray, samples: np.ndarray | None, level: float,
                    profile: RaterProfile | None, cancel: CancelToken):
    """The raters' estimates, their comparisons and the panel's test on the profile path, or
    None where its searches spend their budget (:mod:`search_budget`: a sparse design whose
    estimates sit at 0 or 1); the many-raters path then compares the raters."""
    region = profile.region if profile is not None else \
        Region(fit.log_likelihood - chi2_1(level) / 2, labelling(data))
    try:
        with profile_budget():
            raters = rater_estimates(data, params, rater_ids, cov, known, samples, level, profile)
            comparisons = compare_raters(
                data, params, fit.log_likelihood, rater_ids, cov, known, level,
                lambda: cancel.requested, own=None if profile is None else profile.interval,
                region=region)
            if profile is not None and not cancel.requested:
                # the comparisons' searches may have met points beyond a rater's own interval
                again = rater_estimates(data, params, rater_ids, cov, known, samples, level,
                                        profile)
                if again != raters:
                    raters, comparisons = again, compare_raters(
                        data, params, fit.log_likelihood, rater_ids, cov, known, level,
                        lambda: cancel.requested, own=profile.interval, region=region)
            comparisons = tested_comparisons(data, params, fit.log_likelihood, comparisons,
                                             region, lambda: cancel.requested)
            comparisons, panel_test = panel_verdicts(data, params, fit.log_likelihood,
                                                     fit.average_log_likelihood, comparisons,
                                                     level)
    except ProfileBudgetSpent:
        return None
    return raters, comparisons, panel_test


def crowd_judged(data: RaterData, params: RaterParams, rater_ids: tuple[str, ...],
                 request: FitRequest, cancel: CancelToken):
    """Generator: every rater's comparisons from their own labels, judged together
    (:func:`crowd_verdicts`), the label pairs read once for both (and freed with this call's
    frame: the design held on into the subjects stage raised ten million labels' peak by 200
    MB)."""
    pairs = label_pairs(data)
    comparisons = crowd_comparisons(data, params, rater_ids, request.level,
                                    lambda: cancel.requested, pairs)
    design = Design.of(data, pairs)
    del pairs                               # its labels: the design keeps what it needs
    return (yield from crowd_verdicts(data, params, comparisons, request, cancel, design))


def fit_per_rater_model(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    counts = counts_for(request, table)
    data = rater_data(table, counts)
    yield FitStarted(request.request_id, "per-rater", min(request.n_starts, MAX_PER_RATER_STARTS))
    fit = yield from fit_per_rater(data, counts, table.rater_ids, request, cancel)
    params, level = fit.params, request.level
    profile = None
    if cancel.requested or request.point_only:    # no information matrix: no intervals
        cov: Covariance = BlockCovariance.zeros(data.n_raters)
        known = np.zeros(1 + 2 * data.n_raters, bool)
        # Translators: a fit's interval method when it was cancelled.
        interval_method: str = said("not computed: the fit was cancelled") if cancel.requested \
            else POINT_ONLY
    else:
        cov, known, information = parameter_covariance(data, params, BOUNDARY)
        interval_method = wald_words(information, level)
        if profile_affordable(data.n_raters, counts.n_ratings):
            profile = RaterProfile(data, params, level)
            interval_method = profile_words(information, level)
    samples = None
    if request.bootstrap and not cancel.requested and not request.point_only:
        samples = yield from bootstrap(data, params, request, cancel)
        interval_method, profile = bootstrap_method(len(samples), level), None
    t = t_estimate(params.t, cov, known, samples, level,
                   measured=not (cancel.requested or request.point_only))
    profiled = None
    if profile_affordable(data.n_raters, counts.n_ratings) and not cancel.requested \
            and not request.point_only:
        profiled = profiled_raters(data, params, fit, table.rater_ids, cov, known, samples, level,
                                   profile, cancel)
        if profiled is None and profile is not None:
            interval_method, profile = wald_words(information, level), None
    if profiled is not None:
        raters, comparisons, panel_test = profiled
    else:
        raters = rater_estimates(data, params, table.rater_ids, cov, known, samples, level)
        comparisons, panel_test = (), None
        if not cancel.requested and not request.point_only:
            comparisons, panel_test = yield from crowd_judged(data, params, table.rater_ids,
                                                              request, cancel)
    raters = flags_by_the_panel(raters, comparisons)
    dropped = table.n_raters - data.n_raters
    return FitResult(
        request=request, model="per-rater", title=SPEC.title, params=(t,),
        log_likelihood=LogLikelihood(fit.log_likelihood, counts.n_ratings),
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=fit.converged, iterations=fit.iterations, traces=fit.traces,
        warnings=tuple(per_rater_notices(fit, raters, t, dropped, profile is not None)),
        class_choice=counts.choice, categories=table.categories,
        class_labels=("Class 0", "Class 1"), raters=raters,
        subjects=() if cancel.requested else subject_estimates(data, fit.gamma, table),
        tables=() if cancel.requested else (counts_table(data, params, counts.choice),),
        headline=per_rater_headline(t, raters, counts, comparisons, panel_test, level),
        interval_method=interval_method, comparisons=comparisons, panel_test=panel_test,
        complete=not cancel.requested, n_parameters=1 + 2 * data.n_raters,
        provenance=table.provenance)


SPEC = ModelSpec(
    name="per-rater", title="t-a-p per rater (each rater their own accuracy and guess rate)",
    fit=fit_per_rater_model)
