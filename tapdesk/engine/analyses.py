"""Analyses beside the registered models, packed as FitResults for the front ends.

Two analyses are not models of the registry (they do not honour the model
contract: no likelihood, no per-method fitters) but users pick them next to
the models: the ordinal analysis by cut points
(:func:`tapdesk.engine.binary.ordinal.ordinal_analysis`) and the classical
agreement coefficients (:func:`tapdesk.engine.coefficients.agreement_coefficients`).
Each :class:`Analysis` runs with the same arguments as a fit plus an
``on_event`` callback for progress, and returns a frozen :class:`FitResult`
whose ``params``, ``tables`` and ``headline`` hold what the analysis found,
so history, comparison, projects and reports treat it like any fit.

The ordinal result stores t, a and p of each cut as Estimates whose
``category`` is the cut label (``"2|3"``: Class 1 = ratings at or below 2);
the coefficient result stores each coefficient as an Estimate (NaN value and
the reason as its meaning when undefined).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import FitStarted, Iteration, ProgressEvent, StageProgress, StartFinished
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import (
    Estimate,
    FitResult,
    Notice,
    ResultTable,
    fmt,
    labels_for,
)
from tapdesk.engine.words import level_percent as level_text  # not intervals: scipy
from tapdesk.errors import FitCancelled, SettingError
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import Text, made, said, said_n
from tapdesk.i18n.formats import quoted
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Interval, Level, text

ORDINAL_MODEL = "ordinal-cuts"
COEFFICIENTS_MODEL = "coefficients"
# Translators: titles of the ordinal analysis's tables (its Tables tab chooser).
CUTS_TABLE = N_("t-a-p at each cut point")
PAIRS_TABLE = N_("Conditional accuracy sqrt(kappa) by pair of categories")
WEIGHTS = ("none", "linear", "quadratic")

EventSink = Callable[[ProgressEvent], None]
Runner = Callable[..., FitResult]


@dataclass(frozen=True)
class Analysis:
    """An analysis a user can pick beside the registered models."""

    name: str
    title: str
    description: str
    run: Runner                                  # run(request, table, cancel, on_event, **options)
    unavailable: Callable[[RatingsTable], str]   # "" when the data allow it, else why not


# ---------------------------------------------------------------- ordinal
def ordinal_unavailable(table: RatingsTable) -> str:
    """Why the ordinal analysis cannot run on ``table`` ("" when it can): words that follow the
    analysis's name ("Ordinal: t-a-p at every cut point needs ...") or "it"."""
    if len(table.categories) < 3:
        # Translators: what the ordinal analysis needs that the data lack; it follows the
        # analysis's name or "it" ("it needs an ordered scale ...").
        return said("needs an ordered scale with at least three categories")
    if not table.scale.ordinal:
        # Translators: why the ordinal analysis cannot run; it follows the analysis's name or
        # "it", as "needs an ordered scale ..." does.
        return said("cannot run: the categories are not known to be ordered (mark the scale as "
                    "ordinal)")
    return ""


def _ci(est: Estimate) -> Interval:
    """An estimate's interval as a table cell: its ends, written when the table is shown."""
    return Interval.of(est.ci)


def _cut_estimates(ordinal) -> tuple[Estimate, ...]:
    out = []
    for c in ordinal.cuts:
        for est in (c.t, c.a, c.p):
            out.append(replace(est, category=c.label))
    return tuple(out)


def _cuts_table(ordinal) -> ResultTable:
    rows = tuple((c.label, c.class1_share, c.t.value, _ci(c.t), c.a.value, _ci(c.a), c.p.value,
                  _ci(c.p), c.kappa, c.sqrt_kappa, c.n_subjects) for c in ordinal.cuts)
    level = Level(ordinal.level)
    # Translators: columns of the table of t-a-p at each cut point; {level} is an interval's
    # level ("95%"). t, a and p are the model's parameters (kept as they are).
    t_ci, a_ci, p_ci = (text(N_("t {level} interval"), level=level),
                        # Translators: a column of the table of t-a-p at each cut point: the
                        # interval of accuracy a; {level} is its level ("95%"); keep the symbol a.
                        text(N_("a {level} interval"), level=level),
                        # Translators: a column of the table of t-a-p at each cut point: the
                        # interval of the guess rate p; {level} is its level ("95%"); keep the
                        # symbol p.
                        text(N_("p {level} interval"), level=level))
    # Translators: columns of the table of t-a-p at each cut point ("cut" is the cut point).
    columns = (N_("cut"), N_("Class 1 share"), "t", t_ci, "a", a_ci, "p", p_ci,
               N_("Fleiss kappa"), N_("sqrt(kappa)"), N_("subjects"))
    # Translators: the note under the table of t-a-p at each cut point.
    note = N_("Class 1 = ratings at or below the cut in scale order. When t = p (unbiased "
              "raters) Fleiss kappa = a^2, so sqrt(kappa) sits beside a.")
    return ResultTable(**kept(CUTS_TABLE, columns, rows, note))


def _ordinal_headline(ordinal) -> tuple[str, ...]:
    cuts = [c for c in ordinal.cuts if math.isfinite(c.a.value)]
    if not cuts:
        # Translators: the ordinal analysis's headline when no cut point could be fitted.
        return (said("No cut point could be fitted."),)
    # Translators: {n} is the number of cut points (2 or more), {scale} the scale's categories
    # in order ("1, 2, 3").
    lines = [said_n("The t-a-p model was fitted at each of the {n} cut point of the scale {scale} "
                    "(Class 1 = ratings at or below the cut).",
                    "The t-a-p model was fitted at each of the {n} cut points of the scale "
                    "{scale} (Class 1 = ratings at or below the cut).", len(ordinal.cuts),
                    n=len(ordinal.cuts),
                    scale=", ".join(map(str, map(ordinal.name, ordinal.categories))))]
    best = max(cuts, key=lambda c: c.a.value)
    worst = min(cuts, key=lambda c: c.a.value)
    if best is worst:
        # Translators: {a} is a number ("0.712"), {cut} a cut point's name.
        lines.append(said("Accuracy a = {a} at the cut {cut}.", a=made(fmt, best.a.value),
                          cut=str(best.label)))
    else:
        # Translators: {best} and {worst} are cut points' names, {a_best} and {a_worst} numbers.
        lines.append(said("Raters separate the scale best at the cut {best} (a = {a_best}) and "
                          "least well at {worst} (a = {a_worst}).", best=str(best.label),
                          a_best=made(fmt, best.a.value), worst=str(worst.label),
                          a_worst=made(fmt, worst.a.value)))
    pairs = [p for p in ordinal.pairs if p.sqrt_kappa is not None]
    if pairs:
        low = min(pairs, key=lambda p: p.sqrt_kappa)
        # Translators: {first} and {second} are categories' names, {value} a number ("0.412").
        lines.append(said("The two categories most often confused are {first} and {second} "
                          "(conditional accuracy sqrt(kappa) = {value}).",
                          first=str(ordinal.name(low.first)), second=str(ordinal.name(low.second)),
                          value=made(fmt, low.sqrt_kappa)))
    return tuple(lines)


def ordinal_result(ordinal, request: FitRequest, table: RatingsTable) -> FitResult:
    """Pack an :class:`~tapdesk.engine.binary.ordinal.OrdinalResult` as a FitResult."""
    # Translators: a note of the binary fit at one cut point: {cut} is the cut's category
    # ("2"), {note} the note.
    warnings = [Notice(w.code, text(N_("Cut {cut}: {note}"), cut=c.label, note=w.said))
                for c in ordinal.cuts for w in c.warnings] + list(ordinal.warnings)
    if not ordinal.complete:
        warnings.append(Notice("cancelled", text(N_("Cancelled before the end: some cut points "
                                                    "are missing or incomplete."))))
    level = made(level_text, request.level)
    # Translators: how the ordinal analysis's intervals were found; {level} is "95%".
    intervals = (said("per cut point: nonparametric bootstrap over subjects, percentile {level}",
                      level=level) if request.bootstrap
                 # Translators: how the ordinal analysis's intervals were found; {level} is "95%".
                 else said("per cut point: profile likelihood / observed information, {level} "
                           "(see the t-a-p model)", level=level))
    return FitResult(request=request, model=ORDINAL_MODEL, title="Ordinal: t-a-p at every cut point",
                     params=_cut_estimates(ordinal), log_likelihood=None,
                     n_subjects=max((c.n_subjects for c in ordinal.cuts), default=0),
                     n_ratings=table.n_ratings, exclusions=table.exclusions(),
                     warnings=tuple(warnings), categories=ordinal.categories,
                     tables=(_cuts_table(ordinal), ordinal.tables[1]),
                     headline=_ordinal_headline(ordinal),
                     interval_method=intervals, method="mle",
                     complete=ordinal.complete, n_parameters=3 * len(ordinal.cuts),
                     provenance=table.provenance,
                     category_labels=labels_for(table.scale, ordinal.categories))


def run_ordinal(request: FitRequest, table: RatingsTable, cancel: CancelToken | None = None,
                on_event: EventSink | None = None) -> FitResult:
    """t-a-p at every cut point and the category-pair accuracies, as one FitResult."""
    from tapdesk.engine.binary.ordinal import ordinal_analysis
    reason = ordinal_unavailable(table)
    if reason:
        # Translators: the ordinal analysis cannot run; {why} says why ("needs an ordered scale
        # with at least three categories").
        raise SettingError(said("the ordinal analysis {why}", why=reason))
    cancel = cancel or NEVER_CANCELLED
    n_cuts = len(table.categories) - 1
    cut_index = -1

    def forward(event: ProgressEvent) -> None:
        nonlocal cut_index
        if on_event is None:
            return
        if isinstance(event, FitStarted):
            cut_index += 1
            on_event(event)
            on_event(StageProgress(request.request_id, "cut point", cut_index, n_cuts))
            return
        if isinstance(event, (Iteration, StartFinished)):   # each cut's starts get their own lines
            event = replace(event, start=cut_index * request.n_starts + event.start)
        on_event(event)

    template = replace(request, model="tap", method="mle", class1=None, cut=None)
    ordinal = ordinal_analysis(table, template, cancel, on_event=forward)
    if cancel.requested and not ordinal.cuts:
        raise FitCancelled(said("cancelled before the first cut point"))
    if on_event is not None:
        on_event(StageProgress(request.request_id, "cut point", len(ordinal.cuts), n_cuts))
    return ordinal_result(ordinal, request, table)


# ------------------------------------------------------------ coefficients
def coefficients_unavailable(table: RatingsTable) -> str:
    return ""


def _weights_arg(weights: str | None):
    weights = (weights or "none").lower()
    if weights not in WEIGHTS:
        # Translators: {names} are the weights' names as the option takes them ("none, linear,
        # quadratic"); {weights} the name given.
        raise SettingError(said("weights must be one of {names}, not {weights}",
                                names=", ".join(WEIGHTS), weights=made(quoted, weights)))
    return None if weights == "none" else weights


def undefined_words(reason: str | None) -> Text:
    """A coefficient's meaning where the data cannot define it: why (written when shown)."""
    # Translators: a coefficient the data cannot define; {reason} says why.
    return said("undefined: {reason}", reason=reason or "")


# Translators: the classical coefficients analysis's title, for each kind of agreement weights.
COEFFICIENTS_TITLES = {"unweighted": N_("Classical agreement coefficients (unweighted)"),
                       "linear": N_("Classical agreement coefficients (linear weights)"),
                       "quadratic": N_("Classical agreement coefficients (quadratic weights)"),
                       "user matrix": N_("Classical agreement coefficients (user matrix weights)")}


def coefficients_title(weights: str) -> str:
    """The analysis's title for its weights (whole, so any surface translates it)."""
    return COEFFICIENTS_TITLES.get(weights, f"Classical agreement coefficients ({weights} weights)")


def coefficients_result(agreement, request: FitRequest, table: RatingsTable) -> FitResult:
    """Pack an :class:`~tapdesk.engine.coefficients.AgreementResult` as a FitResult."""
    from tapdesk.engine.coefficients.report import how_computed
    params = []
    for c in agreement.coefficients:
        params.append(Estimate(c.name, c.value if c.defined else math.nan, c.se, c.ci,
                               meaning=how_computed(c) if c.defined
                               else undefined_words(c.undefined_reason)))
    summary = agreement.summary()
    return FitResult(request=request, model=COEFFICIENTS_MODEL,
                     title=coefficients_title(agreement.weights), params=tuple(params),
                     log_likelihood=None, n_subjects=agreement.n_subjects,
                     n_ratings=agreement.n_ratings, exclusions=agreement.exclusions,
                     warnings=tuple(Notice("coefficients", w) for w in agreement.warnings),
                     categories=agreement.categories, tables=tuple(agreement.tables()[1:]),
                     headline=summary.headline,
                     # Translators: the coefficients' interval method; {level} is "95%".
                     interval_method=said("{level}: analytic standard errors, or a bootstrap "
                                          "over subjects where a row's method says so",
                                          level=made(level_text, agreement.level)),
                     method="classical", n_parameters=0, provenance=table.provenance,
                     category_labels=labels_for(table.scale, agreement.categories),
                     class_choice=agreement.class_choice)


def run_coefficients(request: FitRequest, table: RatingsTable, cancel: CancelToken | None = None,
                     on_event: EventSink | None = None, weights: str | None = None,
                     bootstrap: int = 1000) -> FitResult:
    """Every classical coefficient on the table's own scale, as one FitResult.

    ``bootstrap`` resamples serve the coefficients without an analytic
    variance (Krippendorff's alpha); the request's seed is used.
    """
    from tapdesk.engine.coefficients import agreement_coefficients
    cancel = cancel or NEVER_CANCELLED
    if on_event is not None:
        on_event(StageProgress(request.request_id, "coefficients", 0, 1))
    agreement = agreement_coefficients(table, weights=_weights_arg(weights), bootstrap=bootstrap,
                                       seed=request.seed, level=request.level)
    if cancel.requested:
        raise FitCancelled(said("cancelled"))
    if on_event is not None:
        on_event(StageProgress(request.request_id, "coefficients", 1, 1))
    return coefficients_result(agreement, request, table)


ANALYSES: tuple[Analysis, ...] = (
    Analysis(ORDINAL_MODEL, N_("Ordinal: t-a-p at every cut point"),
             N_("For an ordered scale: fit t-a-p with Class 1 = ratings at or below each cut point "
             "in turn, with Fleiss' kappa and its square root per cut, and how well raters tell each "
             "pair of categories apart."), run_ordinal, ordinal_unavailable),
    Analysis(COEFFICIENTS_MODEL, N_("Classical agreement coefficients"),
             N_("Percent agreement, Fleiss', Cohen's and Conger's kappa, Scott's pi, Gwet's AC1/AC2, "
             "Brennan-Prediger and Krippendorff's alpha on the whole scale, each with its margin of "
             "error and an "
             "interval (95% unless the level is set); optionally weighted for ordered scales."),
             run_coefficients, coefficients_unavailable),
)


def get_analysis(name: str) -> Analysis | None:
    return next((a for a in ANALYSES if a.name == name), None)
