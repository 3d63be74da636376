"""The Dawid-Skene model (1979): one full K x K confusion matrix per rater."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

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
from tapdesk.engine.categorical.ds_profile import (
    SD_FLOOR,
    beyond_chance_values,
    panel_intervals,
    profile_affordable,
    profile_intervals,
    wald_sd,
)
from tapdesk.engine.categorical.likelihood import TINY
from tapdesk.engine.categorical.per_rater import comparison_sentence, se_affordable
from tapdesk.engine.categorical.rater_data import RaterData, e_step
from tapdesk.engine.categorical.tap_k import subject_estimates
from tapdesk.engine.events import FitStarted
from tapdesk.engine.intervals import POINT_ONLY, level_text, logit_wald_interval, wald_method, z_value
from tapdesk.engine.rater_words import chance_headline, chance_words, panel_level
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, RaterEstimate, ResultTable
from tapdesk.engine.words import (
    ACCURACY_BELOW_CHANCE,
    category_phrase,
    level_percent,
    percent_with_interval,
)
from tapdesk.i18n import N_, formats
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import Text, made, said, said_n
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Listed, Nn_, plural, text

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
    names = estimate_names(prepared, data)
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


def point_estimates(prepared: Prepared, data: RaterData, params: DawidSkene,
                    level: float) -> tuple[Estimate, ...]:
    """The estimates of t and of every confusion entry without intervals (a ``point_only``
    request), named as :func:`ds_estimates` names them."""
    values = params.as_vector()
    return estimates_from_se(estimate_names(prepared, data), values, np.full(len(values), np.nan),
                             level)


def estimate_names(prepared: Prepared, data: RaterData) -> list[tuple[str, str | None, str]]:
    """(name, category, meaning) of t and of every rater's confusion entries, in the order of
    :meth:`DawidSkene.as_vector`."""
    cats = prepared.categories
    names: list[tuple[str, str | None, str]] = [("t", c, MEANINGS["t"]) for c in cats]
    for _ in range(data.n_raters):
        for c in cats:
            names += [(f"pi[{c}]", r, f"probability of rating this category when truly '{c}'")
                      for r in cats]
    return names


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


# Translators: the meaning shown beside a Dawid-Skene rater's accuracy (a): how far the rater's
# share of ratings naming the true category lies above chance, on the t-a-p models' scale.
BEYOND_CHANCE = N_("accuracy beyond chance: 0 for ratings unrelated to the true category, 1 for "
                   "a rater always right (the t-a-p models' accuracy a)")
NAMING = N_("probability a rating names the true category (all subjects)")


@dataclass(frozen=True)
class RaterIntervals:
    """Every rater's interval of a (accuracy beyond chance) and of the accuracy, by rater index,
    and the kind they are: "profile" or "signed-wald" (:func:`rater_intervals`)."""

    a: dict[int, tuple[float, float]]
    accuracy: dict[int, tuple[float, float]]
    basis: str
    se: dict[str, dict[int, float]] = field(default_factory=dict)
    panel: dict[int, tuple[float, float]] = field(default_factory=dict)
    """The interval of a at the panel's level (:func:`~tapdesk.engine.rater_words.panel_level`)
    for the raters whose interval of a lies at or below 0: the one a chance flag rests on."""

    @classmethod
    def none(cls) -> RaterIntervals:
        return cls({}, {}, "")


def rater_intervals(data: RaterData, params: DawidSkene, level: float, told: list[int],
                    cancel: CancelToken) -> RaterIntervals:
    """The intervals each flag and the headline rest on (issue 78), for the raters ``told``.

    Profile likelihood where affordable (:mod:`.ds_profile`, which says why); else Wald
    intervals from the exact observed information (on the natural scale for a, which may reach
    below 0; on the logit scale for the accuracy); none for a crowd too large for one matrix
    (its interval method says why), and then no rater is flagged."""
    if not told or cancel.requested:
        return RaterIntervals.none()
    if profile_affordable(data.n_raters, data.n_ratings):
        found = profile_intervals(data, params.t, params.confusion, level, told, cancel)
        if found is not None:
            below = [j for j, ci in found["a"].items() if ci[1] <= 0]
            panel = panel_intervals(data, params.t, params.confusion,
                                          panel_level(level, data.n_raters), below, cancel)
            return RaterIntervals(found["a"], found["accuracy"], "profile", panel=panel)
    crowd = n_free(params.as_vector(), ds_simplices(data.n_raters, data.k)) > MAX_FREE
    sd = None if cancel.requested or crowd else wald_sd(data, params.t, params.confusion, told)
    if sd is None:
        return RaterIntervals.none()
    z = z_value(level)
    own = data.ratings_per_rater()
    a_values = beyond_chance_values(params.t, params.confusion)
    accuracy = params.accuracy()
    out = RaterIntervals({}, {}, "signed-wald", {"a": {}, "accuracy": {}}, {})
    for j in told:
        se_a, se_acc = sd["a"][j], sd["accuracy"][j]
        naming = logit_wald_interval(float(accuracy[j]), se_acc, level)
        if naming is None or min(se_a, se_acc) < SD_FLOOR * 0.5 / math.sqrt(own[j]):
            continue            # held at 0 by entries on the edge: no interval, no verdict
        out.a[j] = (max(-1.0, a_values[j] - z * se_a), min(1.0, a_values[j] + z * se_a))
        if out.a[j][1] <= 0:
            wide = z_value(panel_level(level, data.n_raters)) * se_a
            out.panel[j] = (max(-1.0, a_values[j] - wide), min(1.0, a_values[j] + wide))
        out.accuracy[j] = naming
        out.se["a"][j], out.se["accuracy"][j] = se_a, se_acc
    return out


def rater_estimates(prepared, data: RaterData, params: DawidSkene, estimates,
                    intervals: RaterIntervals | None = None, level: float = 0.95):
    """Per rater: a (accuracy beyond chance), the accuracy (naming the true category), and the
    chance of a right rating in each true category; the flag where a's interval adjusted over
    the panel lies at or below 0, else the words where a's interval reaches 0
    (:func:`~tapdesk.engine.rater_words.chance_words`, the per-rater models' one rule, issue 78).
    A rater with fewer than :data:`FEW_LABELS` labels gets the estimates without an interval
    or a verdict."""
    k = data.k
    intervals = intervals or RaterIntervals.none()
    cats = prepared.categories
    per_col = np.asarray(data.counts.sum(axis=0)).ravel().reshape(data.n_raters, k)
    accuracy = params.accuracy()
    a_values = beyond_chance_values(params.t, params.confusion)
    out = []
    for j in range(data.n_raters):
        block = estimates[k + j * k * k: k + (j + 1) * k * k]
        diag = [block[c * k + c] for c in range(k)]
        few = per_col[j].sum() < FEW_LABELS
        a_est = Estimate("a", float(a_values[j]), intervals.se.get("a", {}).get(j),
                         _around(intervals.a.get(j), a_values[j]), BEYOND_CHANCE,
                         identified=not few and bool(np.isfinite(a_values[j])))
        ests = [a_est, Estimate("accuracy", float(accuracy[j]),
                                intervals.se.get("accuracy", {}).get(j),
                                _around(intervals.accuracy.get(j), accuracy[j]), NAMING)]
        if few:
            ests = [Estimate(e.name, e.value, None, None, TOO_FEW, identified=False) for e in ests]
        ests += [Estimate("correct", d.value, None, None, TOO_FEW,
                          cats[c], False, d.on_boundary) if few else
                 Estimate("correct", d.value, d.se, d.ci, CORRECT, cats[c], True, d.on_boundary)
                 for c, d in enumerate(diag)]
        rater_id = prepared.table.rater_ids[data.rater_codes[j]]
        flag, note = ("", "") if few or not intervals.basis else \
            chance_words(rater_id, a_est, intervals.basis, level, data.n_raters,
                         intervals.panel.get(j), ACCURACY_BELOW_CHANCE)
        out.append(RaterEstimate(rater_id, int(per_col[j].sum()), tuple(ests), flag, note))
    return tuple(out)


def _around(interval: tuple[float, float] | None, value: float) -> tuple[float, float] | None:
    """An interval that holds the estimate shown (the profile's maximum, polished, can lie a
    hair from the EM fit's)."""
    if interval is None or not math.isfinite(value):
        return None
    return min(interval[0], float(value)), max(interval[1], float(value))


def accuracy_range(raters, level: float = 0.95) -> list[str]:
    """The headline's words on how often the raters name the true category, over the raters with
    enough labels to tell: where every rater's interval shares a stretch of values, that these
    data cannot tell the raters apart (a range of estimates would read as a difference, issue
    78); else the range, each end with its interval."""
    told = sorted((r for r in raters if r.get("accuracy").identified),
                  key=lambda r: r.get("accuracy").value)
    few = len(raters) - len(told)
    out: list[str] = []
    if len(told) >= 2:
        intervals = [r.get("accuracy").ci for r in told]
        common = (max(ci[0] for ci in intervals), min(ci[1] for ci in intervals)) \
            if all(ci is not None for ci in intervals) else None
        if common is not None and common[0] <= common[1]:
            out.append(cannot_tell_apart(common, level))
        else:
            worst, best = told[0].get("accuracy"), told[-1].get("accuracy")
            # Translators: {low} and {high} are percents ("34%", or "34% (95% interval
            # 20-50%)"), {worst} and {best} raters' names.
            out.append(said("Raters name the true category {low} ({worst}) to {high} ({best}) "
                            "of the time.", low=_share(worst, level), worst=told[0].rater_id,
                            high=_share(best, level), best=told[-1].rater_id))
    if few:
        # Translators: {n} raters of {total} gave fewer than {labels} labels ("3").
        out.append(said_n("{n} of {total} rater gave fewer than {labels} labels: how accurate "
                          "they are cannot be told from these data.",
                          "{n} of {total} raters gave fewer than {labels} labels: how accurate "
                          "they are cannot be told from these data.", len(raters), n=few,
                          total=len(raters), labels=FEW_LABELS))
    return out


def _share(est: Estimate, level: float) -> Text:
    if est.ci is None:
        return made(whole_percent, est.value)
    return made(percent_with_interval, est.value, est.ci, level)


def cannot_tell_apart(common: tuple[float, float], level: float) -> Text:
    """"These data cannot tell the raters apart ...": every rater's interval holds the shares
    ``common`` (the stretch is given in whole percent inside it, or its middle where it is
    narrower than a point)."""
    low, high = math.ceil(100 * common[0] - 1e-9) / 100, math.floor(100 * common[1] + 1e-9) / 100
    if low >= high:
        # Translators: {level} is an interval's level ("95%"), {share} a percent ("41%").
        return said("These data cannot tell the raters apart by how often they name the true "
                    "category: every rater's {level} interval includes {share}.",
                    level=made(level_percent, level),
                    share=made(whole_percent, (common[0] + common[1]) / 2))
    # Translators: {level} is an interval's level ("95%"), {low} and {high} percents ("38%",
    # "45%"): every rater's interval includes all the shares from {low} to {high}.
    return said("These data cannot tell the raters apart by how often they name the true "
                "category: every rater's {level} interval includes {low} to {high}.",
                level=made(level_percent, level), low=made(whole_percent, low),
                high=made(whole_percent, high))


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
    interval_method: str
    if request.point_only:
        estimates = point_estimates(prepared, data, params, request.level)
        intervals, interval_method = RaterIntervals.none(), POINT_ONLY
    else:
        affordable = se_affordable(n_par, data.n_ratings) and n_par <= 400
        estimates, interval_method = ds_estimates(prepared, data, params, affordable,
                                                  request.level)
        told = [j for j, n in enumerate(data.ratings_per_rater()) if n >= FEW_LABELS]
        intervals = rater_intervals(data, params, request.level, told, cancel)
        interval_method = with_rater_method(interval_method, intervals.basis, request.level)
    raters = rater_estimates(prepared, data, params, estimates, intervals, request.level)
    step = e_step(data, params.t, params.confusion)
    headline = [true_categories(share_words(estimates[:k], prepared.name)),
                *accuracy_range(raters, request.level)]
    if chance_headline(raters):
        headline.append(chance_headline(raters))
    compared = () if request.point_only else (comparison_table(chain, k),
                                              label_agreement_table(chain))
    if compared:
        headline.append(comparison_sentence(compared[0]))
    notes = unused_category_notices(prepared) + label_notices(params, prepared)
    notes += [Notice("rater-flag", text(N_("Rater {rater}: {flag}."), rater=r.rater_id,
                                        flag=r.flagged)) for r in raters if r.flagged]
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
        tables=(*compared, *confusion_tables(prepared, data, params)),
        headline=tuple(headline),
        interval_method=interval_method,
        complete=not cancel.requested, n_parameters=n_par, provenance=table.provenance)


def with_rater_method(method: str, basis: str, level: float) -> str:
    """The fit's interval method with what the raters' a and accuracy rest on."""
    if basis == "profile":
        # Translators: how a fit's intervals were found; {level} is "95%"; {method} how the
        # other intervals were found ("observed information (Wald on the logit scale), 95%").
        return said("raters' accuracy a and share naming the true category: {level} profile "
                    "likelihood (every other parameter re-maximised); the rest: {method}",
                    level=made(level_text, level), method=method)
    if basis == "signed-wald":
        # Translators: as above, where the raters' intervals are Wald intervals from the exact
        # observed information (on the natural scale for a, which may reach below 0).
        return said("raters' accuracy a and share naming the true category: {level} Wald "
                    "intervals from the exact observed information (a on its own scale, the "
                    "share on the logit scale); the rest: {method}",
                    level=made(level_text, level), method=method)
    return method


SPEC = ModelSpec(
    name="dawid-skene", title="Dawid-Skene (each rater their own table of mistakes)",
    fit=fit_dawid_skene_model)


def whole_percent(share: float) -> str:
    """A share in whole percent: "34%" (f"{100 * x:.0f}%" in English), "34 %"."""
    return f"{100 * share:.0f}%" if is_source() else formats.percent(share)
