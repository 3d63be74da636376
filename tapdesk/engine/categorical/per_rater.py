"""The per-rater K-category t-a-p model: accuracy a_j and guess rates p_j for each rater.

Intervals: logit-Wald from the observed information for t and the guess
rates; each rater's accuracy a_j gets a profile-likelihood interval
(:mod:`per_rater_profile`) for up to PROFILE_MAX_RATERS raters, since near
a_j = 0 the logit-Wald interval is far from the likelihood's shape.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.common import (
    MEANINGS,
    Prepared,
    accuracy_notices,
    deferred_share,
    estimates_with_se,
    not_converged_notice,
    prepare,
    share_words,
    true_categories,
    unused_categories,
    unused_category_notices,
)
from tapdesk.engine.categorical.compare import comparison_table, fit_chain, label_agreement_table
from tapdesk.engine.categorical.coords import blocks_for
from tapdesk.engine.categorical.per_rater_em import PerRaterTap, fit_per_rater, natural_gradient
from tapdesk.engine.categorical.per_rater_profile import AccuracyProfile
from tapdesk.engine.categorical.rater_data import RaterData, e_step, resample
from tapdesk.engine.categorical.tap_k import subject_estimates
from tapdesk.engine.events import FitStarted, StageProgress
from tapdesk.engine.intervals import bootstrap_method, level_text, wald_method, with_bootstrap
from tapdesk.engine.rater_words import accuracy_range_sentence, chance_headline, chance_note
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, RaterEstimate, ResultTable
from tapdesk.engine.words import p_words
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.text import Count, Nn_, plural, text

SE_BUDGET = 60_000_000
"""Observed-information SEs cost 2 x parameters E-steps; skipped above this many rating-steps."""
PROFILE_MAX_RATERS = 30
"""Raters' accuracies get profile-likelihood intervals up to this many raters (each costs a
few dozen maximisations of the whole likelihood), logit-Wald beyond ..."""
PROFILE_BUDGET = 3_000_000
"""... and while raters x ratings stays within this (K = 3: 30 raters x 1000 subjects, 9e5,
took 1.5 s of CPU here; 10 x 5000, 5e5, 0.4 s)."""


def profile_affordable(n_raters: int, n_ratings: float) -> bool:
    """Whether the accuracies' profile-likelihood intervals fit the time budget."""
    return n_raters <= PROFILE_MAX_RATERS and n_raters * n_ratings <= PROFILE_BUDGET


def se_affordable(n_params: int, n_ratings: float) -> bool:
    return 2 * n_params * n_ratings <= SE_BUDGET


def param_names(prepared: Prepared, data: RaterData):
    cats = prepared.categories
    names: list[tuple[str, str | None, str]] = [("t", c, MEANINGS["t"]) for c in cats]
    for _ in range(data.n_raters):
        names += [("a", None, MEANINGS["a"])] + [("p", c, MEANINGS["p"]) for c in cats]
    return names


def all_estimates(prepared: Prepared, data: RaterData, params: PerRaterTap, affordable: bool,
                  level: float = 0.95):
    k, j = data.k, data.n_raters
    blocks = blocks_for([("simplex", k)] + [("prob", 1), ("simplex", k)] * j)

    def gradient(x):
        pr = PerRaterTap.from_vector(x, k)
        return natural_gradient(e_step(data, pr.t, pr.confusion()), pr)
    return estimates_with_se(param_names(prepared, data), params.as_vector(), blocks,
                             gradient if affordable else None, level)


def bootstrap_samples(data: RaterData, request: FitRequest, best: PerRaterTap, cancel):
    rng = np.random.default_rng(request.seed + 1)
    samples = []
    for b in range(request.bootstrap):
        if cancel.requested:
            break
        fit = yield from fit_per_rater(resample(data, rng), starts=[best],
                                       tolerance=request.tolerance,
                                       max_iterations=request.max_iterations, cancel=cancel,
                                       emit=False, polish_best=False)
        samples.append(fit.params.as_vector())
        if (b + 1) % max(1, request.bootstrap // 50) == 0 or b + 1 == request.bootstrap:
            yield StageProgress(request.request_id, "bootstrap", b + 1, request.bootstrap)
    return np.array(samples).reshape(len(samples), -1)


def rater_flag(n: int, n_used: int) -> str:
    """Why rater's estimates deserve a closer look, in words ("" when they do not).

    Never for chance: this model's a is bounded to [0, 1], so its interval cannot lie wholly at
    or below 0, which a flag "no better than chance" needs (the per-rater models' one rule,
    :func:`~tapdesk.engine.rater_words.chance_flag`, issue 78); where a's interval reaches 0
    the rater gets words instead (:func:`rater_chance`). A rater is never flagged for
    standing below the others here: this model has no test that holds its error rate for the
    whole panel (the two-class per-rater model's global test and Holm's step,
    :mod:`tapdesk.engine.binary.rater_family`), and a rule such as "under half the median"
    names someone on most panels of equal raters.
    """
    if n < 2:
        # Translators: why a rater is flagged (after "Rater {rater}: ").
        return said("only one rating: these estimates rest on almost nothing")
    if n_used == 1:
        # Translators: why a rater is flagged (after "Rater {rater}: ").
        return said("gave the same rating every time: accuracy cannot be told from guessing")
    return ""


def rater_chance(rater_id: str, a: Estimate, level: float = 0.95, profiled: bool = False) -> str:
    """The words where a's interval (the profile interval when ``profiled``, else the plain
    Wald interval) reaches chance (:func:`~tapdesk.engine.rater_words.chance_note`)."""
    return chance_note(rater_id, a, "profile" if profiled else "wald", level)


def rater_estimates(prepared: Prepared, data: RaterData, estimates,
                    level: float = 0.95, profiled: bool = False) -> tuple[RaterEstimate, ...]:
    k = data.k
    per_rater = [estimates[k + j * (k + 1): k + (j + 1) * (k + 1)] for j in range(data.n_raters)]
    per_col = np.asarray(data.counts.sum(axis=0)).ravel().reshape(data.n_raters, k)
    out = []
    for j, group in enumerate(per_rater):
        n = int(per_col[j].sum())
        rater_id = prepared.table.rater_ids[data.rater_codes[j]]
        flag = rater_flag(n, int((per_col[j] > 0).sum()))
        note = "" if flag else rater_chance(rater_id, group[0], level, profiled)
        out.append(RaterEstimate(rater_id, n, tuple(group), flag, note))
    return tuple(out)


def with_profiled_accuracy(estimates: tuple[Estimate, ...], profile: AccuracyProfile
                           ) -> tuple[tuple[Estimate, ...], bool]:
    """The estimates with every rater's a interval from the profile likelihood; False (and
    the estimates unchanged) if any profile search fails."""
    out = list(estimates)
    for j in range(profile.data.n_raters):
        i = profile.k + j * (profile.k + 1)
        try:
            out[i] = replace(out[i], ci=profile.interval(j, out[i].se))
        except (ValueError, FloatingPointError, np.linalg.LinAlgError):
            return estimates, False
    return tuple(out), True


def headline(t_estimates, raters, name=str, level: float = 0.95) -> tuple[str, ...]:
    ranked = sorted(raters, key=lambda r: r.estimates[0].value)
    lines = [true_categories(share_words(t_estimates, name))]
    if len(ranked) >= 2:
        lines.append(accuracy_range_sentence(ranked, deferred_share(level)))
    if chance_headline(raters):
        lines.append(chance_headline(raters))
    n_flag = sum(bool(r.flagged) for r in raters)
    # Translators: {n} raters of {total} were flagged (1 or more).
    lines.append(said_n("{n} of {total} rater flagged for a closer look (see the warnings).",
                        "{n} of {total} raters flagged for a closer look (see the warnings).",
                        len(raters), n=n_flag, total=len(raters))
                 if n_flag else said("No rater is flagged for a closer look."))
    return tuple(lines)


SIZE_SCORE = N_("The fit score that charges for model size")
"""BIC, in words (the glossary and the comparison table's tooltip name it)."""


def comparison_sentence(table: ResultTable) -> str:
    """Is the per-rater t-a-p description enough, against Dawid-Skene? Plain words, and when
    the likelihood-ratio test and BIC disagree, which to follow and why (written when shown)."""
    row = next(r for r in table.rows if r[0] == "t-a-p (per rater)")
    bic_simple = min(table.rows, key=lambda r: r[7])[0].startswith("t-a-p")
    p_value, extra = row[5], row[4]
    if p_value is None:
        if bic_simple:
            # Translators: the per-rater t-a-p fit against Dawid-Skene when no test is possible;
            # "the fit score that charges for model size" is BIC in words.
            return said("Per-rater t-a-p against the full Dawid-Skene model: the fit score that "
                        "charges for model size prefers the simpler t-a-p description.")
        # Translators: as above, when BIC prefers Dawid-Skene.
        return said("Per-rater t-a-p against the full Dawid-Skene model: the fit score that "
                    "charges for model size prefers Dawid-Skene: the raters' mistakes have more "
                    "structure than guessing.")
    p = p_words(p_value)
    better = p_value < 0.05
    if better and bic_simple:
        # Translators: {p} is a p value ("p < 0.001"), {n} how many more parameters Dawid-Skene
        # has; "the fit score that charges for ..." is BIC in words.
        return said_n("The data fit the full Dawid-Skene model better than per-rater t-a-p ({p}), "
                      "but the fit score that charges for its {n} extra parameter prefers t-a-p. "
                      "Follow that score here: the test only says the raters' mistakes are not "
                      "pure guessing somewhere, its p-value is approximate with this many "
                      "parameters, and the simpler t-a-p description is estimated more reliably.",
                      "The data fit the full Dawid-Skene model better than per-rater t-a-p ({p}), "
                      "but the fit score that charges for its {n} extra parameters prefers t-a-p. "
                      "Follow that score here: the test only says the raters' mistakes are not "
                      "pure guessing somewhere, its p-value is approximate with this many "
                      "parameters, and the simpler t-a-p description is estimated more reliably.",
                      int(extra), p=p, n=int(extra))
    if better:
        # Translators: {p} is a p value ("p < 0.001").
        return said("The data fit the full Dawid-Skene model much better than per-rater t-a-p "
                    "({p}), and the fit score that charges for model size agrees: the raters' "
                    "mistakes have more structure than guessing, so read the per-rater confusion "
                    "tables.", p=p)
    if bic_simple:
        # Translators: {p} is a p value ("p = 0.27").
        return said("The full Dawid-Skene model fits no better than per-rater t-a-p ({p}), and "
                    "the fit score that charges for model size agrees: the simpler t-a-p "
                    "description is enough.", p=p)
    # Translators: {p} is a p value ("p = 0.27").
    return said("The fit score that charges for model size prefers the full Dawid-Skene model, "
                "but it fits no significantly better than per-rater t-a-p ({p}). Follow the test "
                "and keep the simpler t-a-p description: the evidence for the extra structure is "
                "weak.", p=p)


def notices(prepared, data, raters, fit, estimates) -> list[Notice]:
    notes = unused_category_notices(prepared)
    unused = unused_categories(prepared)
    for r in raters:
        if r.flagged:
            notes.append(Notice("rater-flag", text(N_("Rater {rater}: {flag}."), rater=r.rater_id,
                                                   flag=r.flagged)))
    edge = [e for e in estimates if e.on_boundary and e.category not in unused]
    if edge:
        # Translators: {n} is a count of estimates.
        notes.append(Notice("boundary", plural(Nn_(
            "{n} estimate on the edge of their range have no standard error (resampling the "
            "subjects gives them intervals).",
            "{n} estimates on the edge of their range have no standard error (resampling the "
            "subjects gives them intervals)."), len(edge), n=Count(len(edge), grouped=True))))
    dropped = prepared.table.n_raters - data.n_raters
    if dropped:
        # Translators: {n} is a count of raters.
        notes.append(Notice("raters-dropped", plural(Nn_(
            "{n} rater rated only subjects that were left out (fewer than two ratings), so they "
            "are not in the model.",
            "{n} raters rated only subjects that were left out (fewer than two ratings), so they "
            "are not in the model."), dropped, n=Count(dropped, grouped=True))))
    if data.n_raters < 3:
        notes.append(Notice("few-raters", text(N_(
            "With fewer than three raters the per-rater "
            "accuracies are only weakly identified; read them with care."))))
    mean_a = float(np.mean(fit.params.a))
    notes += accuracy_notices(mean_a, N_("Mean accuracy"))
    notes += not_converged_notice(fit.converged)
    return notes


def fit_categorical_per_rater(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    prepared = prepare(table)
    yield FitStarted(request.request_id, "categorical-per-rater", request.n_starts)
    chain = yield from fit_chain(prepared, request, cancel, focus="per-rater")
    data, fit = chain.data, chain.per_rater
    params = fit.params
    n_par = (data.k - 1) + data.n_raters * data.k
    affordable = se_affordable(n_par, data.n_ratings)
    level = request.level
    estimates = all_estimates(prepared, data, params, affordable, level)
    # Translators: a fit's interval method where none could be computed.
    interval_method = (wald_method(level) if affordable else
                       said("none: too many parameters for observed information on data this "
                            "large (bootstrap resamples give them)"))
    profiled = False
    if affordable and profile_affordable(data.n_raters, data.n_ratings) and not cancel.requested:
        profile = AccuracyProfile(data, params, level)
        estimates, profiled = with_profiled_accuracy(estimates, profile)
        if profiled:
            # Translators: how a fit's intervals were found; {level} is "95%"; {wald} is
            # "observed information (Wald on the logit scale), 95%".
            interval_method = said("raters' accuracy a: {level} profile likelihood (every other "
                                   "parameter re-maximised); t and p: {wald}",
                                   level=made(level_text, level), wald=wald_method(level))
    if request.bootstrap and not cancel.requested:
        samples = yield from bootstrap_samples(data, request, params, cancel)
        estimates = with_bootstrap(estimates, samples, level)
        interval_method, profiled = bootstrap_method(len(samples), level), False
    k = data.k
    raters = rater_estimates(prepared, data, estimates, level, profiled)
    step = e_step(data, params.t, params.confusion())
    compare = comparison_table(chain, k)
    ll = LogLikelihood(fit.log_likelihood, prepared.n_ratings, None, n_categories=k)
    return FitResult(
        request=request, model="categorical-per-rater", title=SPEC.title, params=estimates[:k],
        log_likelihood=ll, n_subjects=prepared.n_subjects, n_ratings=prepared.n_ratings,
        exclusions=prepared.exclusions, converged=fit.converged, iterations=fit.iterations,
        traces=fit.traces, warnings=tuple(notices(prepared, data, raters, fit, estimates)),
        categories=prepared.categories, class_labels=prepared.categories, raters=raters,
        subjects=() if cancel.requested else subject_estimates(prepared, step.posterior),
        tables=(compare, label_agreement_table(chain)),
        headline=(headline(estimates[:k], raters, prepared.name, level)
                  + (comparison_sentence(compare),)),
        interval_method=interval_method, complete=not cancel.requested, n_parameters=n_par,
        provenance=table.provenance)


SPEC = ModelSpec(
    name="categorical-per-rater", title="t-a-p for several categories (per rater)",
    fit=fit_categorical_per_rater)
