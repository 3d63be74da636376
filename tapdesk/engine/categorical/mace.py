"""MACE (Hovy et al. 2013): each worker knows the answer or guesses ("spams") from their own spread.

The t-a-p family's close relative: worker j's knowing rate theta_j is the
per-rater accuracy a_j and their spam spread xi_j the guess rates p_j, with
the true labels held equally common (:mod:`.mace_em`). The estimates are
named as the t-a-p ones ("a", "p") so every per-rater surface (Raters tab,
caterpillar plot) reads them; their meanings say MACE's words.
"""

from __future__ import annotations

import numpy as np
from scipy.special import chdtrc

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.common import (
    Prepared,
    deferred_share,
    estimates_from_se,
    not_converged_notice,
    prepare,
)
from tapdesk.engine.categorical.compare import (
    comparison_table,
    ds_restarts,
    fit_chain,
    label_agreement_table,
    mace_prior,
)
from tapdesk.engine.categorical.dawid_skene import FEW_LABELS, TOO_FEW, exact_information
from tapdesk.engine.categorical.mace_em import Mace
from tapdesk.engine.categorical.mace_information import mace_variance
from tapdesk.engine.categorical.per_rater import rater_chance, rater_flag
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.categorical.tap_k import subject_estimates
from tapdesk.engine.events import FitStarted
from tapdesk.engine.intervals import POINT_ONLY
from tapdesk.engine.rater_words import accuracy_range_sentence, chance_headline
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, RaterEstimate
from tapdesk.engine.words import p_words
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import said, said_n
from tapdesk.i18n.text import text

# Translators: what each estimate of the MACE model is, in its tables of estimates; theta and
# xi are the paper's symbols.
KNOWS = N_("how often this worker knows the answer rather than guessing (MACE's theta)")
# Translators: as above.
SPREAD = N_("how often this worker gives this label when guessing (MACE's xi)")
# Translators: as above.
EQUAL_SHARE = N_("share of subjects truly in this category: MACE holds every category equally "
                 "common (fixed, not estimated)")
METHOD_NOTE = N_("MACE fitted by maximum likelihood with the EM algorithm of Hovy et al. (2013), "
               "in which each item's true category and whether each label was known or a guess "
               "are the missing data; without the priors of the paper's Bayesian (variational) "
               "variant or the small smoothing its program adds.")
# Translators: the method note of a MACE fit with priors; {knows} is the prior on each worker's
# knowing rate ("Beta(1.5, 1.5)"), {spread} the one on their guessing spread ("Dirichlet(11)").
PRIOR_NOTE = N_("MACE fitted as the posterior mode (the EM algorithm of Hovy et al. 2013 with "
                "the priors added to its counts) under {knows} on each worker's knowing rate and "
                "{spread} on their guessing spread; no intervals are given for a posterior mode.")


def mace_estimates(prepared: Prepared, data: RaterData, params: Mace, level: float,
                   point_only: bool = False) -> tuple[tuple[Estimate, ...], str]:
    """Every worker's (theta_j, xi_j), with logit-Wald intervals from the exact observed
    information (:mod:`.mace_information`), and how the intervals were found. A worker who
    always knows (theta_j = 1) never guesses, so the data say nothing of their xi_j: no
    interval. With ``point_only``, the estimates alone."""
    names: list[tuple[str, str | None, str]] = []
    for _ in range(data.n_raters):
        names += [("a", None, KNOWS)] + [("p", c, SPREAD) for c in prepared.categories]
    variance = None if point_only else mace_variance(data, params)
    if variance is None:
        return (estimates_from_se(names, params.as_vector(), np.full(len(names), np.nan), level),
                POINT_ONLY if point_only else
                # Translators: a fit's interval method where none could be computed.
                said("none: the observed information could not be inverted here (too many "
                     "parameters, or some not identified by these data)"))
    return (estimates_from_se(names, params.as_vector(), np.sqrt(variance), level),
            exact_information(level))


def rater_estimates(prepared: Prepared, data: RaterData, estimates, level: float
                    ) -> tuple[RaterEstimate, ...]:
    """Per worker: theta and xi; a worker with fewer than FEW_LABELS labels gets the estimate
    without an interval or a verdict (issue 32's rule, as Dawid-Skene's)."""
    k = data.k
    per_col = np.asarray(data.counts.sum(axis=0)).ravel().reshape(data.n_raters, k)
    groups = [estimates[j * (k + 1): (j + 1) * (k + 1)] for j in range(data.n_raters)]
    out = []
    for j, group in enumerate(groups):
        n = int(per_col[j].sum())
        if n < FEW_LABELS:
            few = TOO_FEW
            group = tuple(Estimate(e.name, e.value, None, None, few, e.category, False,
                                   e.on_boundary) for e in group)
            flag = ""
        else:
            flag = rater_flag(n, int((per_col[j] > 0).sum()))
        rater_id = prepared.table.rater_ids[data.rater_codes[j]]
        note = "" if flag or n < FEW_LABELS else rater_chance(rater_id, group[0], level)
        out.append(RaterEstimate(rater_id, n, tuple(group), flag, note))
    return tuple(out)


def knowing_range(raters, level: float) -> list[str]:
    """The headline's range of knowing rates: the per-rater fits' one rule
    (:func:`~tapdesk.engine.rater_words.accuracy_range_sentence`) over the workers with enough
    labels to tell, and how many have too few."""
    told = [r for r in raters if r.estimates[0].identified]
    # Translators: MACE's headline; "accuracy" is the glossary's accuracy (a).
    out: list[str] = [said("A worker's accuracy here is how often they know the answer rather than guess.")]
    if told:
        out.append(accuracy_range_sentence(told, deferred_share(level)))
    few = len(raters) - len(told)
    if few:
        # Translators: {n} workers of {total} gave fewer than {labels} labels ("3").
        out.append(said_n("{n} of {total} worker gave fewer than {labels} labels: how often they "
                          "know the answer cannot be told from these data.",
                          "{n} of {total} workers gave fewer than {labels} labels: how often they "
                          "know the answer cannot be told from these data.", len(raters), n=few,
                          total=len(raters), labels=FEW_LABELS))
    return out


def chance_lines(raters) -> list[str]:
    """The headline's words on the workers these data cannot show rate better than chance."""
    line = chance_headline(raters)
    return [line] if line else []


def equal_shares_sentence(mace_ll: float, per_rater_ll: float, k: int) -> str:
    """MACE's one assumption beyond per-rater t-a-p, tested: are the categories equally common?
    (MACE is per-rater t-a-p with the shares fixed at 1/K: a likelihood-ratio test on K - 1 df.)"""
    statistic = max(0.0, 2 * (per_rater_ll - mace_ll))
    p_value = float(chdtrc(k - 1, statistic))
    if p_value < 0.05:
        # Translators: {p} is a p value ("p < 0.001").
        return said("MACE assumes every category is equally common; these data say otherwise "
                    "({p}), so prefer the per-rater t-a-p model, which estimates the shares.",
                    p=p_words(p_value))
    # Translators: {p} is a p value ("p = 0.27").
    return said("MACE assumes every category is equally common; these data do not contradict "
                "that ({p}).", p=p_words(p_value))


def notices(data: RaterData, raters, converged: bool, request: FitRequest) -> list[Notice]:
    notes = [Notice("rater-flag", text(N_("Rater {rater}: {flag}."), rater=r.rater_id,
                                       flag=r.flagged)) for r in raters if r.flagged]
    if data.n_raters < 3:
        notes.append(Notice("few-raters", text(N_(
            "With fewer than three workers MACE's knowing rates "
            "are only weakly identified; read them with care."))))
    notes += not_converged_notice(converged)
    if request.bootstrap:
        notes.append(Notice("no-bootstrap", text(N_(
            "Resampling the subjects is not offered for MACE; "
            "intervals come from the shape of the fit around its best values "
            "where that is affordable."))))
    prior = mace_prior(request)
    note = text(METHOD_NOTE) if prior is None else text(
        PRIOR_NOTE, knows=f"Beta({prior.knows:g}, {prior.guesses:g})",
        spread=f"Dirichlet({prior.spread:g})")
    notes.append(Notice("mace-method", note, kind="note"))
    return notes


def fit_mace_model(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    prepared = prepare(table)
    yield FitStarted(request.request_id, "mace", ds_restarts(request.n_starts, prepared.n_ratings))
    chain = yield from fit_chain(prepared, request, cancel, focus="mace")
    data, fit = chain.data, chain.mace
    params, k = fit.params, chain.data.k
    n_par = data.n_raters * k                     # theta_j and K - 1 free xi_jk per worker
    with_prior = mace_prior(request) is not None
    # a posterior mode: the likelihood's information and its ratio test do not apply to it
    estimates, interval_method = mace_estimates(prepared, data, params, request.level,
                                                request.point_only or with_prior)
    raters = rater_estimates(prepared, data, estimates, request.level)
    step = e_step(data, params.t, params.confusion())
    shares = tuple(Estimate("equal_share", 1.0 / k, None, None, EQUAL_SHARE, c)
                   for c in prepared.categories)      # not "t": no surface reads it as found
    headline = [*knowing_range(raters, request.level), *chance_lines(raters)]
    if not with_prior:
        headline.append(equal_shares_sentence(fit.log_likelihood,
                                              chain.per_rater.log_likelihood, k))
    return FitResult(
        request=request, model="mace", title=SPEC.title, params=shares,
        log_likelihood=LogLikelihood(fit.log_likelihood, prepared.n_ratings, None, n_categories=k),
        n_subjects=prepared.n_subjects, n_ratings=prepared.n_ratings,
        exclusions=prepared.exclusions, converged=fit.converged, iterations=fit.iterations,
        traces=fit.traces, warnings=tuple(notices(data, raters, fit.converged, request)),
        categories=prepared.categories, class_labels=prepared.categories, raters=raters,
        subjects=() if cancel.requested else subject_estimates(prepared, step.posterior),
        tables=() if request.point_only else (comparison_table(chain, k),
                                              label_agreement_table(chain)),
        headline=tuple(headline), interval_method=interval_method,
        complete=not cancel.requested, n_parameters=n_par, provenance=table.provenance)


SPEC = ModelSpec(
    name="mace", title="MACE (each worker knows the answer or guesses)", fit=fit_mace_model)
