"""The "mcmc" fit generators of the per-rater and K-category models (Gibbs samplers)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from tapdesk.data.binary import binary_counts, class1_mask
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.bayes.gibbs import PatternData, RaterData, categorical_gibbs, per_rater_gibbs
from tapdesk.engine.bayes.methods import (
    interval_method,
    posterior_line,
    posterior_notices,
    stream_chains,
    summarise_chains,
    summary_table,
    title_of,
    warning_first,
)
from tapdesk.engine.bayes.posterior_result import PosteriorSummary
from tapdesk.engine.bayes.prior_words import PriorTerm, priors_in_words
from tapdesk.engine.bayes.rater_draws import compare_from_draws
from tapdesk.engine.bayes.samplers import ChainsOutput
from tapdesk.engine.bayes.summaries import hdi_from_draws
from tapdesk.engine.bayes.targets import check_prior_names
from tapdesk.engine.binary.common import class_words
from tapdesk.engine.binary.per_rater import RATER_MEANINGS
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted
from tapdesk.engine.rater_words import (
    accuracy_range_sentence,
    chance_headline,
    chance_note,
    panel_sentence_of,
)
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, Notice, RaterEstimate, SubjectEstimate
from tapdesk.engine.words import untold_reason
from tapdesk.errors import DataError
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import said
from tapdesk.i18n.text import Count, text


def _stratified(rng: np.random.Generator, chains: int, size: int) -> np.ndarray:
    """Starts spread over (0.05, 0.95): each chain in its own stratum of every coordinate."""
    strata = (rng.permuted(np.tile(np.arange(chains), (size, 1)), axis=1).T
              + rng.random((chains, size))) / chains
    return 0.05 + 0.9 * strata


def _estimate(s, meaning: str, category: str | None = None) -> Estimate:
    return Estimate(s.name if category is None else s.name.split("[")[0], s.mean, s.sd, s.hdi,
                    meaning, category)


# ------------------------------------------------------------------ per-rater
def rater_data(request: FitRequest, table: RatingsTable):
    counts = binary_counts(table, request.class1, request.cut)
    keep_subject = np.zeros(table.n_subjects, bool)
    keep_subject[counts.subject_index] = True
    known = table.rater >= 0
    use = keep_subject[table.subject] & known
    if not use.any():
        raise DataError(said("no rating has a rater identity, so per-rater accuracies cannot be "
                             "estimated"))
    row = np.full(table.n_subjects, -1)
    row[counts.subject_index] = np.arange(counts.n_subjects)
    raters_used = np.unique(table.rater[use])
    col = np.full(len(table.rater_ids), -1)
    col[raters_used] = np.arange(len(raters_used))
    is1 = class1_mask(table, counts.choice)[use]
    shape = (counts.n_subjects, len(raters_used))
    ones = np.zeros(shape)
    zeros = np.zeros(shape)
    np.add.at(ones, (row[table.subject[use]], col[table.rater[use]]), is1)
    np.add.at(zeros, (row[table.subject[use]], col[table.rater[use]]), ~is1)
    ids = tuple(table.rater_ids[r] for r in raters_used)
    return counts, RaterData(ones, zeros), ids, int((~known & keep_subject[table.subject]).sum())


def fit_per_rater_mcmc(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Gibbs posterior of t-a_j-p_j with subjects' Pr(Class 1) (the pooled model is
    :mod:`.pooled_methods`, which the registry asks first)."""
    counts, data, ids, n_anonymous = rater_data(request, table)
    j = data.n_raters
    names = ("t", *(f"a[{r}]" for r in ids), *(f"p[{r}]" for r in ids))
    check_prior_names(request, ("t", "a", "p"))
    priors = {n: request.prior_for(n) for n in "tap"}
    yield FitStarted(request.request_id, request.model, request.chains)
    rng = np.random.default_rng(request.seed)
    sampler = per_rater_gibbs(data, priors, _stratified(rng, request.chains, 1 + 2 * j),
                              request.warmup, request.draws, rng, lambda: cancel.requested)
    out = yield from stream_chains(request, sampler, names)
    prior_text = (f"t ~ Beta({priors['t'].alpha:g}, {priors['t'].beta:g}); every a_j ~ "
                  f"Beta({priors['a'].alpha:g}, {priors['a'].beta:g}); every p_j ~ "
                  f"Beta({priors['p'].alpha:g}, {priors['p'].beta:g})")
    words = priors_in_words((PriorTerm("t", "t", priors["t"].alpha, priors["t"].beta),
                             # Translators: a prior on every rater's own {symbol} ("a", "p").
                             *(PriorTerm(said("every rater's {symbol}", symbol=n), n,
                                         priors[n].alpha, priors[n].beta) for n in "ap")))
    summary = summarise_chains("mcmc", names, out.values, out, request, prior_text,
                               pairs=[(1 + i, 1 + j + i) for i in range(j)], priors_words=words)
    return per_rater_result(request, table, RaterFit(counts, data, ids, n_anonymous), summary,
                            out)


@dataclass(frozen=True, eq=False)
class RaterFit:
    """The data a per-rater posterior was sampled from (:func:`rater_data`)."""

    counts: Any
    data: RaterData
    ids: tuple[str, ...]
    n_anonymous: int


def per_rater_result(request: FitRequest, table: RatingsTable, fitted: RaterFit,
                     summary: PosteriorSummary, out: ChainsOutput) -> FitResult:
    """The FitResult of a per-rater posterior whose draws begin (t, a_1..a_J, p_1..p_J)
    (the pooled model's draws go on with its population)."""
    counts, data, ids, n_anonymous = fitted.counts, fitted.data, fitted.ids, fitted.n_anonymous
    j = data.n_raters
    theta = out.values
    a, p = theta[:, :, 1:1 + j], theta[:, :, 1 + j:1 + 2 * j]
    sens, fpr = a + (1 - a) * p, (1 - a) * p
    raters = []
    for i, rid in enumerate(ids):
        ests = [_estimate(summary.parameter(f"a[{rid}]"), RATER_MEANINGS["a"]),
                _estimate(summary.parameter(f"p[{rid}]"), RATER_MEANINGS["p"])]
        for key, draws in (("sensitivity", sens[:, :, i]), ("false_positive_rate", fpr[:, :, i])):
            x = draws.ravel()          # (mean, sd and interval only: no diagnostics needed)
            ests.append(Estimate(key, float(x.mean()), float(x.std(ddof=1)),
                                 hdi_from_draws(x, request.level),
                                 RATER_MEANINGS[key]))
        ests = [Estimate(e.name.split("[")[0], e.value, e.se, e.ci, e.meaning) for e in ests]
        # a posterior's a is bounded to [0, 1]: its interval never lies wholly at or below 0,
        # so no rater is flagged for chance; one whose interval reaches it gets the words
        note = chance_note(rid, ests[0], "posterior", request.level)
        n = int(data.ones[:, i].sum() + data.zeros[:, i].sum())
        raters.append(RaterEstimate(rid, n, tuple(ests), "", note))
    ones, zeros = data.ones.sum(axis=0), data.zeros.sum(axis=0)
    comparisons, panel_test = compare_from_draws(a.reshape(-1, j), p.reshape(-1, j), ids,
                                                 ones + zeros, ones, request.level)
    one, _ = class_words(counts.choice)
    standing = panel_sentence_of(comparisons, panel_test, one)
    prob = out.extra["prob_class1"]
    subject_ids = [table.subject_ids[s] for s in counts.subject_index]
    per_subject = (data.ones + data.zeros).sum(axis=1).astype(int)
    subjects = tuple(SubjectEstimate(sid, int(n), (float(1 - q), float(q)))
                     for sid, n, q in zip(subject_ids, per_subject, prob))
    notes = posterior_notices(summary)
    if n_anonymous:
        # Translators: {n} is a count of ratings (English writes the plural even for 1).
        notes.append(Notice("no-rater", text(N_(
            "{n} ratings have no rater identity and were left out of the per-rater model."),
            n=Count(n_anonymous))))
    t = summary.parameter("t")
    n_all = int(ones.sum() + zeros.sum())
    headline = warning_first(summary, (
        posterior_line(N_("About {x} of the subjects truly belong to Class 1 ({one})."), t,
                       said("what share of the subjects truly belong to Class 1 ({one})",
                            one=one),
                       untold_reason(float(ones.sum()) / n_all if n_all else None), one=one),
        accuracy_range_sentence(raters),
        *((standing,) if standing else ()),
        *((chance,) if (chance := chance_headline(raters)) else ())))
    return FitResult(
        request=request, model=request.model, title=title_of("per-rater"),
        params=(_estimate(t, "share of subjects truly in Class 1"),), log_likelihood=None,
        n_subjects=counts.n_subjects, n_ratings=int(data.ones.sum() + data.zeros.sum()),
        exclusions=counts.exclusions, converged=summary.trustworthy, warnings=tuple(notes),
        class_choice=counts.choice, categories=table.categories,
        class_labels=("Class 0", "Class 1"), raters=tuple(raters), subjects=subjects,
        headline=headline, tables=(summary_table(summary), posterior_counts_table(
            table, counts, ids, float(theta[:, :, 0].mean()), sens, fpr)),
        interval_method=interval_method(request.level),
        method="mcmc", complete=summary.complete, n_parameters=1 + 2 * j,
        provenance=table.provenance, posterior=summary, comparisons=comparisons,
        panel_test=panel_test)


def posterior_counts_table(table: RatingsTable, counts, ids: tuple[str, ...], t: float,
                           sens: np.ndarray, fpr: np.ndarray):
    """The observed-and-expected table at the posterior means (the "Observed vs fitted" plot,
    the Tables tab and the report read it, as they read the maximum-likelihood fit's).

    A rating without a known rater (left out of the model) is expected at the panel's mean.
    """
    from tapdesk.engine.binary.per_rater_counts import counts_table
    from tapdesk.engine.binary.per_rater_em import RaterParams
    from tapdesk.engine.binary.per_rater_em import rater_data as sparse_rater_data
    data = sparse_rater_data(table, counts)
    q1_of = dict(zip(ids, sens.reshape(-1, len(ids)).mean(axis=0)))
    q0_of = dict(zip(ids, fpr.reshape(-1, len(ids)).mean(axis=0)))
    names = [str(table.rater_ids[c]) if c >= 0 else "" for c in data.rater_codes]
    q1 = np.array([q1_of.get(n, np.mean(list(q1_of.values()))) for n in names])
    q0 = np.array([q0_of.get(n, np.mean(list(q0_of.values()))) for n in names])
    return counts_table(data, RaterParams(t, q1, q0), counts.choice)


# ------------------------------------------------------------------ K categories
def pattern_data(table: RatingsTable):
    per = table.ratings_per_subject()
    keep = per >= 2
    if not keep.any():
        raise DataError(said("no subject has two or more ratings, so agreement cannot be measured"))
    k = table.scale.size
    counts = np.bincount(table.subject * k + table.rating,
                         minlength=table.n_subjects * k).reshape(table.n_subjects, k)[keep]
    patterns, index, weight = np.unique(counts, axis=0, return_inverse=True, return_counts=True)
    return np.flatnonzero(keep), PatternData(patterns, weight, index.ravel())


def fit_categorical_mcmc(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Gibbs posterior of the K-category average model with Dirichlet priors on t and p."""
    kept, data = pattern_data(table)
    cats = table.categories
    k = data.k
    names = (*(f"t[{c}]" for c in cats), "a", *(f"p[{c}]" for c in cats))
    check_prior_names(request, ("t", "a", "p"))
    priors = {n: request.prior_for(n) for n in "tap"}
    yield FitStarted(request.request_id, request.model, request.chains)
    rng = np.random.default_rng(request.seed)
    raw = _stratified(rng, request.chains, 2 * k + 1)
    start = np.column_stack([raw[:, :k] / raw[:, :k].sum(axis=1, keepdims=True), raw[:, k],
                             raw[:, k + 1:] / raw[:, k + 1:].sum(axis=1, keepdims=True)])
    sampler = categorical_gibbs(data, priors, start, request.warmup, request.draws, rng,
                                lambda: cancel.requested)
    out = yield from stream_chains(request, sampler, names)
    prior_text = (f"t ~ Dirichlet({priors['t'].alpha:g}, ..., {priors['t'].alpha:g}); "
                  f"a ~ Beta({priors['a'].alpha:g}, {priors['a'].beta:g}); "
                  f"p ~ Dirichlet({priors['p'].alpha:g}, ..., {priors['p'].alpha:g})")
    words = priors_in_words((PriorTerm("t", "t", priors["t"].alpha, 1.0, k),
                             PriorTerm("a", "a", priors["a"].alpha, priors["a"].beta),
                             PriorTerm("p", "p", priors["p"].alpha, 1.0, k)))
    summary = summarise_chains("mcmc", names, out.values, out, request, prior_text, pairs=[],
                               priors_words=words)
    params = tuple(_estimate(s, "share of subjects truly in this category" if s.name.startswith("t[")
                             else "probability a guess names this category", s.name[2:-1])
                   if "[" in s.name else _estimate(s, "probability a rating is accurate (not a guess)")
                   for s in summary.parameters)
    probs = out.extra["class_probs"][data.index]
    n_per = data.counts.sum(axis=1)[data.index]
    subjects = tuple(SubjectEstimate(table.subject_ids[s], int(n), tuple(float(v) for v in row))
                     for s, n, row in zip(kept, n_per, probs))
    a = summary.parameter("a")
    headline = warning_first(summary, (
        posterior_line(N_("Raters are accurate about {x} of the time."), a,
                       said("how often raters are accurate")),
        # Translators: {category} is a category as the data file writes it.
        said("Most common true category: {category}.",
             category=max(cats, key=lambda c: summary.parameter(f"t[{c}]").mean))))
    exclusions = table.exclusions()
    return FitResult(
        request=request, model=request.model, title=title_of("categorical"), params=params,
        log_likelihood=None, n_subjects=len(kept), n_ratings=int(data.counts.sum(axis=1)[data.index].sum()),
        exclusions=exclusions, converged=summary.trustworthy,
        warnings=tuple(posterior_notices(summary)), categories=cats, class_labels=cats,
        subjects=subjects, headline=headline, tables=(summary_table(summary),),
        interval_method=interval_method(request.level), method="mcmc", complete=summary.complete,
        n_parameters=2 * k - 1, provenance=table.provenance, posterior=summary)
