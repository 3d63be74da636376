"""The Dawid-Skene model (1979): one full K x K confusion matrix per rater."""

from __future__ import annotations

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.rater_standing import MIN_RATINGS
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.categorical.common import (
    MEANINGS,
    Prepared,
    estimates_from_se,
    estimates_with_se,
    not_converged_notice,
    prepare,
    share_words,
    true_categories,
    unused_category_notices,
)
from tapdesk.engine.categorical.compare import (
    comparison_table,
    ds_restarts,
    fit_chain,
    label_agreement_table,
)
from tapdesk.engine.categorical.coords import blocks_for
from tapdesk.engine.categorical.ds_crowd_information import crowd_covariance
from tapdesk.engine.categorical.ds_em import DawidSkene
from tapdesk.engine.categorical.ds_information import (
    MAX_FREE,
    ds_simplices,
    full_information,
    n_free,
    natural_covariance,
)
from tapdesk.engine.categorical.likelihood import TINY
from tapdesk.engine.categorical.per_rater import comparison_sentence, se_affordable
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.categorical.tap_k import subject_estimates
from tapdesk.engine.events import FitStarted
from tapdesk.engine.intervals import wald_method
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, RaterEstimate, ResultTable
from tapdesk.engine.words import category_phrase
from tapdesk.i18n import N_, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Listed, Nn_, Number, Text, english, plural, text

CORRECT = N_("probability a rating names the true category, for subjects truly in this category")


def ds_gradient(data: RaterData):
    j, k = data.n_raters, data.k

    def gradient(x):
        params = DawidSkene.from_vector(x, j, k)
        step = e_step(data, params.t, params.confusion)
        g_t = step.class_totals / np.maximum(params.t, TINY)
        g_pi = step.confusion / np.maximum(params.confusion, TINY)
        return np.concatenate([g_t, g_pi.ravel()])
    return gradient


def ds_estimates(prepared: Prepared, data: RaterData, params: DawidSkene, affordable: bool,
                 level: float = 0.95) -> tuple[tuple[Estimate, ...], str]:
    """Estimates of t and of every confusion entry, and how their intervals were found.

    A small model (``affordable``) takes the observed information by differences of the
    analytic gradient in unconstrained coordinates (:mod:`.coords`); a larger one the exact
    observed information summed over the labels (:mod:`.ds_information`), while its free
    parameters fit in one matrix (MAX_FREE)."""
    k, j = data.k, data.n_raters
    cats = prepared.categories
    names = [("t", c, MEANINGS["t"]) for c in cats]
    for _ in range(j):
        for c in cats:
            names += [(f"pi[{c}]", r, f"probability of rating this category when truly '{c}'")
                      for r in cats]
    if affordable:
        blocks = blocks_for([("simplex", k)] + [("simplex", k)] * (j * k))
        return (estimates_with_se(names, params.as_vector(), blocks, ds_gradient(data), level),
                wald_method(level))
    values = params.as_vector()
    simplices = ds_simplices(j, k)
    if n_free(values, simplices) > MAX_FREE:
        return crowd_estimates(names, data, params, level)
    covariance = natural_covariance(full_information(data, params.t, params.confusion),
                                    values, simplices)
    if covariance is None:
        return (estimates_from_se(names, values, np.full(len(values), np.nan), level),
                # Translators: a fit's interval method where none could be computed.
                said("none: the observed information could not be inverted here (some "
                     "parameters are not identified by these data)"))
    return (estimates_from_se(names, values, np.sqrt(covariance[0]), level),
            exact_information(level))


def exact_information(level: float) -> str:
    """The interval method of logit-Wald intervals from the exact observed information."""
    # Translators: how a fit's intervals were found; {wald} is "observed information (Wald on
    # the logit scale), 95%".
    return said("{wald}; the exact observed information, summed over the labels",
                wald=wald_method(level))


def crowd_estimates(names, data: RaterData, params: DawidSkene,
                    level: float) -> tuple[tuple[Estimate, ...], str]:
    """A crowd too large for one information matrix: intervals for the class shares only
    (:mod:`.ds_crowd_information`), and the words say why the workers have none."""
    values = params.as_vector()
    covariance = crowd_covariance(data, params.t, params.confusion)
    if covariance is None:
        return (estimates_from_se(names, values, np.full(len(values), np.nan), level),
                # Translators: a fit's interval method where none could be computed.
                said("none: the observed information could not be solved for the class shares "
                     "here (some parameters are not identified by these data)"))
    return (estimates_from_se(names, values, np.sqrt(covariance[0]), level),
            # Translators: how a fit's intervals were found; {wald} is "observed information
            # (Wald on the logit scale), 95%"; {n} the number of raters ("12,000").
            said("{wald}, for the class shares only (the exact observed information, summed "
                 "over the labels and solved for their part); none for each rater's table: "
                 "with {n} raters the whole matrix is too large to invert, and each rater's part "
                 "alone would give intervals too narrow to rest a verdict on",
                 wald=wald_method(level), n=made(formats.integer, data.n_raters)))


FEW_LABELS = MIN_RATINGS
"""A worker with fewer labels than this gets no interval and no verdict: the data cannot tell
(the per-rater comparisons' rule, issue 32)."""
# Translators: the meaning shown beside a rater's estimate when the rater gave too few labels;
# {n} is the least number of labels (10).
TOO_FEW = said("cannot be told from these data: fewer than {n} labels from this rater (the "
               "estimate is shown, not an interval or a verdict it cannot support)", n=FEW_LABELS)
"""What a worker with fewer than :data:`FEW_LABELS` labels gets instead of an estimate's meaning."""


def rater_estimates(prepared, data: RaterData, params: DawidSkene, estimates):
    k = data.k
    cats = prepared.categories
    per_col = np.asarray(data.counts.sum(axis=0)).ravel().reshape(data.n_raters, k)
    accuracy = params.accuracy()
    flags = chance_flags(prepared, data, params)
    out = []
    for j in range(data.n_raters):
        block = estimates[k + j * k * k: k + (j + 1) * k * k]
        diag = [block[c * k + c] for c in range(k)]
        few = per_col[j].sum() < FEW_LABELS
        ests = [Estimate("accuracy", float(accuracy[j]), None, None,
                         N_("probability a rating names the true category (all subjects)"),
                         identified=not few)]
        ests += [Estimate("correct", d.value, None, None, TOO_FEW,
                          cats[c], False, d.on_boundary) if few else
                 Estimate("correct", d.value, d.se, d.ci, CORRECT, cats[c], True, d.on_boundary)
                 for c, d in enumerate(diag)]
        rater_id = prepared.table.rater_ids[data.rater_codes[j]]
        out.append(RaterEstimate(rater_id, int(per_col[j].sum()), tuple(ests),
                                 english(flags.get(rater_id, ""))))
    return tuple(out)


def chance_flags(prepared, data: RaterData, params: DawidSkene) -> dict[str, Text]:
    """The raters whose accuracy is no better than chance (with enough labels to tell), by id,
    their flag as data."""
    k = data.k
    per_col = np.asarray(data.counts.sum(axis=0)).ravel().reshape(data.n_raters, k)
    accuracy = params.accuracy()
    chances = np.einsum("c,jcr,r->j", params.t, params.confusion, params.t)  # sum_c t_c Pr(rate c)
    flags = {}
    for j in range(data.n_raters):
        if accuracy[j] <= float(chances[j]) and per_col[j].sum() >= FEW_LABELS:
            # Translators: {accuracy} and {chance} are numbers ("0.31").
            flags[prepared.table.rater_ids[data.rater_codes[j]]] = text(
                # Translators: why a rater is flagged; {accuracy} and {chance} are numbers ("0.31").
                N_("no better than chance (accuracy {accuracy}, chance {chance})"),
                accuracy=Number.of(accuracy[j], 2), chance=Number.of(float(chances[j]), 2))
    return flags


def accuracy_range(raters) -> list[str]:
    """The headline's range of accuracies, over the raters with enough labels to tell."""
    told = sorted((r for r in raters if r.estimates[0].identified),
                  key=lambda r: r.estimates[0].value)
    few = len(raters) - len(told)
    out: list[str] = []
    if len(told) >= 2:
        # Translators: {low} and {high} are percents ("34%"), {worst} and {best} raters' names.
        out.append(said("Raters name the true category {low} ({worst}) to {high} ({best}) of the "
                        "time.", low=made(whole_percent, told[0].estimates[0].value),
                        worst=told[0].rater_id,
                        high=made(whole_percent, told[-1].estimates[0].value),
                        best=told[-1].rater_id))
    if few:
        # Translators: {n} raters of {total} gave fewer than {labels} labels ("3").
        out.append(said_n("{n} of {total} rater gave fewer than {labels} labels: how accurate "
                          "they are cannot be told from these data.",
                          "{n} of {total} raters gave fewer than {labels} labels: how accurate "
                          "they are cannot be told from these data.", len(raters), n=few,
                          total=len(raters), labels=FEW_LABELS))
    return out


def confusion_tables(prepared, data: RaterData, params: DawidSkene) -> list[ResultTable]:
    cats = prepared.categories
    tables = []
    names = [category_phrase(c, prepared.name(c)) for c in cats]
    # Translators: the first column of a rater's table of mistakes.
    columns = (N_("true category"), *[
        # Translators: a column of a rater's table of mistakes: {category} is a category's name
        # ("gold (4)").
        text(N_("rated {category}"), category=n) for n in names])
    for j, confusion in enumerate(params.confusion.tolist()):
        rid = prepared.table.rater_ids[data.rater_codes[j]]
        # Translators: a row of a rater's table of mistakes: {category} is a category's name.
        rows = tuple((text(N_("truly {category}"), category=n), *confusion[i])
                     for i, n in enumerate(names))
        # Translators: a table's title: {rater} is a rater's name as the data file gives it.
        title = text(N_("How rater {rater} rates each true category"), rater=rid)
        tables.append(ResultTable(**kept(title, columns, rows, N_(
            "Each row gives how this rater rates subjects truly in that category (rows sum to "
            "1)."))))
    return tables


def label_notices(params: DawidSkene, prepared: Prepared) -> list[Notice]:
    pooled = params.confusion.mean(axis=0)
    swapped = [prepared.categories[c] for c in range(len(params.t))
               if params.t[c] > 1e-6 and int(np.argmax(pooled[c])) != c]
    if not swapped:
        return []
    # Translators: {classes} lists categories' names, quoted ("'4'", "'3', '4'").
    return [Notice("label-switching", plural(Nn_(
        "For the latent class {classes} the raters' most common rating "
        "is another category: the latent classes may be relabelled (label "
        "switching) or the raters systematically confuse categories. Read the "
        "confusion matrices with care.",
        "For the latent classes {classes} the raters' most common rating "
        "is another category: the latent classes may be relabelled (label "
        "switching) or the raters systematically confuse categories. Read the "
        "confusion matrices with care."), len(swapped),
        classes=Listed.of(made(formats.quoted, str(prepared.name(c))) for c in swapped)))]


def fit_dawid_skene_model(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    prepared = prepare(table)
    yield FitStarted(request.request_id, "dawid-skene",
                     ds_restarts(request.n_starts, prepared.n_ratings))
    chain = yield from fit_chain(prepared, request, cancel, focus="dawid-skene")
    data, fit = chain.data, chain.dawid_skene
    params = fit.params
    k = data.k
    n_par = (k - 1) + data.n_raters * k * (k - 1)
    affordable = se_affordable(n_par, data.n_ratings) and n_par <= 400
    estimates, interval_method = ds_estimates(prepared, data, params, affordable, request.level)
    raters = rater_estimates(prepared, data, params, estimates)
    compare = comparison_table(chain, k)
    step = e_step(data, params.t, params.confusion)
    headline = [true_categories(share_words(estimates[:k], prepared.name)),
                *accuracy_range(raters)]
    headline.append(comparison_sentence(compare))
    notes = unused_category_notices(prepared) + label_notices(params, prepared)
    notes += [Notice("rater-flag", text(N_("Rater {rater}: {flag}."), rater=rater, flag=flag))
              for rater, flag in chance_flags(prepared, data, params).items()]
    if data.n_raters < 3:
        notes.append(Notice("few-raters", text(N_(
            "Dawid-Skene needs at least three raters to be "
            "identified; with fewer, its confusion matrices are not meaningful."))))
    notes += not_converged_notice(fit.converged)
    if request.bootstrap:
        notes.append(Notice("no-bootstrap", text(N_(
            "Resampling the subjects is not offered for "
            "Dawid-Skene (it would refit hundreds of numbers per resample); "
            "intervals come from the shape of the fit around its best values "
            "where that is affordable."))))
    return FitResult(
        request=request, model="dawid-skene", title=SPEC.title, params=estimates[:k],
        log_likelihood=LogLikelihood(fit.log_likelihood, prepared.n_ratings, None, n_categories=k),
        n_subjects=prepared.n_subjects, n_ratings=prepared.n_ratings,
        exclusions=prepared.exclusions, converged=fit.converged, iterations=fit.iterations,
        traces=fit.traces, warnings=tuple(notes), categories=prepared.categories,
        class_labels=prepared.categories, raters=raters,
        subjects=() if cancel.requested else subject_estimates(prepared, step.posterior),
        tables=(compare, label_agreement_table(chain), *confusion_tables(prepared, data, params)),
        headline=tuple(headline),
        interval_method=interval_method,
        complete=not cancel.requested, n_parameters=n_par, provenance=table.provenance)


SPEC = ModelSpec(
    name="dawid-skene", title="Dawid-Skene (each rater their own table of mistakes)",
    fit=fit_dawid_skene_model)


def whole_percent(share: float) -> str:
    """A share in whole percent: "34%" (f"{100 * x:.0f}%" in English), "34 %"."""
    return f"{100 * share:.0f}%" if is_source() else formats.percent(share)
