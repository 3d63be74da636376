"""The "exact" and "mcmc" fit generators of the average binary models.

Listed in the model table of :mod:`tapdesk.engine.models` (loaded when asked for). The
per-rater and K-category samplers are in :mod:`.gibbs_methods`; the pieces
shared by both (running a sampler as progress events, building the
FitResult) are here.
"""

from __future__ import annotations

import math

import numpy as np

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.bayes.coordinates import coordinates_for
from tapdesk.engine.bayes.diagnostics import verdict
from tapdesk.engine.bayes.grid import SCHEDULE, adaptive_grid, grid_posterior
from tapdesk.engine.bayes.grid_cache import histogram_key, remembered
from tapdesk.engine.bayes.grid_sampler import GridProposal, independence_sampler
from tapdesk.engine.bayes.posterior_result import PosteriorSummary, draw_densities, grid_densities
from tapdesk.engine.bayes.prior_words import beta_terms, prior_sentence, priors_in_words
from tapdesk.engine.bayes.samplers import ChainsOutput
from tapdesk.engine.bayes.streaming import RunningDraws, stream_chains  # noqa: F401 (re-export)
from tapdesk.engine.bayes.summaries import ParameterSummary, level_text, summarise_draws, summarise_grid
from tapdesk.engine.bayes.targets import (
    HISTOGRAM_MODELS,
    LogitTarget,
    describe_priors,
    mixture_log_likelihood,
    priors_for,
)
from tapdesk.engine.binary.common import MEANINGS, class1_share, class_words
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted, StageProgress
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, LogLikelihood, Notice, ResultTable
from tapdesk.engine.words import (
    CANNOT_TELL_SPAN,
    interval_name,
    level_percent,
    percent_range,
    reason_once,
    untold,
    untold_reason,
)
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source, language
from tapdesk.i18n.deferred import made, said, said_n, said_p, shown
from tapdesk.i18n.languages import SOURCE
from tapdesk.i18n.tables import kept
from tapdesk.i18n.text import Count, Level, Listed, Number, Percent, Span, Text, text


def interval_method(level: float) -> str:
    """The result's interval description, stating its level ("95% highest-density interval of
    the posterior"; :func:`tapdesk.engine.words.interval_level` reads the level back).

    Parameters
    ----------
    level : float
        The credible level (FitRequest.level).

    Returns
    -------
    str
        The description.
    """
    # Translators: how a Bayesian fit's intervals were found; {level} is "95%".
    return said("{level} highest-density interval of the posterior",
                level=made(level_percent, level))


TITLES = {"tap": "t-a-p (average rater)", "tap-a0a1": "t-a0a1-p (accuracy by true class)",
          "tap-p0p1": "t-a-p0p1 (guess rate by true class)",
          "tap-a0a1-p0p1": "t-a0a1-p0p1 (accuracy and guess rate by true class)",
          "expert": "expert model (t = p)", "per-rater": "t-a_j-p_j (per-rater)",
          "categorical": "K-category t-a-p (average rater)"}


def title_of(model: str) -> str:
    """The registered model's display title (the MLE fit's), with the method's own as fallback."""
    from tapdesk.engine.registry import get_model
    try:
        return get_model(model).title
    except SettingError:
        return TITLES.get(model, model)


# ------------------------------------------------------------------ results
def estimates_from(summaries: tuple[ParameterSummary, ...]) -> tuple[Estimate, ...]:
    return tuple(Estimate(s.name, s.mean, s.sd, s.hdi, MEANINGS.get(s.name, ""))
                 for s in summaries)


def priors_sentence(summary: PosteriorSummary) -> str | Text:
    """The priors as one sentence: plain words, or the formula for an older result."""
    # Translators: {priors} is the priors' formula ("t ~ Beta(1, 1), a ~ Beta(2, 2)").
    return prior_sentence(summary.priors_words) or text(N_("Priors: {priors}."),
                                                        priors=summary.priors)


def posterior_notices(summary: PosteriorSummary) -> list[Notice]:
    notes = [Notice("prior", priors_sentence(summary), kind="note")]
    for p in summary.parameters:
        if p.multimodal:
            # Translators: {name} is a model letter ("a"); {n} the number of peaks (2 or more);
            # {peaks} lists them ("near 0.031 (holding 42% of the mass) and near 0.978 (...)").
            notes.append(Notice("multimodal", text(N_(
                "The posterior of {name} has {n} "
                "separated peaks: {peaks}. The data support quite "
                "different values, so a single estimate and interval hide this; "
                "its density plot marks the peaks."), name=p.name, n=Count(len(p.modes)),
                peaks=modes_text(p))))
        if p.undetermined:
            notes.append(Notice("flat-posterior", undetermined_text(p)))
        if p.disjoint:
            notes.append(Notice("disjoint-region", region_notice(p)))
    if not summary.trustworthy and summary.complete:
        notes.append(Notice("not-trustworthy", summary.warning_text))
    if not summary.complete:
        notes.append(Notice("cancelled", text(N_(
            "The run was cancelled before the end: these numbers "
            "come from the draws made so far and are incomplete."))))
    return notes


def undetermined_text(p: ParameterSummary) -> Text:
    """Why a flat marginal's highest-density interval is not to be read closely."""
    # Translators: {name} is a model letter ("t"); {level} a percent ("95%"); {span} the
    # interval's two ends ("0.012-0.981").
    return text(N_("The posterior of {name} is nearly flat: every interval holding {level} of it "
                   "is almost as short as the shortest, so where its {level} highest-density "
                   "interval lies ({span}) is not determined by the data; its quantiles "
                   "are the stable summary."), name=p.name, level=Level(p.level),
                span=Span(p.hdi[0], p.hdi[1]))


def region_text(p: ParameterSummary) -> Listed:
    """The pieces of a highest-density region: '0.000-0.120 and 0.850-1.000'."""
    return Listed.joined(Span(lo, hi) for lo, hi in p.hdr)


def region_notice(p: ParameterSummary) -> Text:
    """The notice of a highest-density region in several pieces."""
    # Translators: {level} is a percent ("95%"); {name} a model letter; {n} the number of
    # pieces (2 or more); {pieces} lists them ("0.000-0.120 and 0.850-1.000"); {span} the
    # single interval's ends ("0.000-1.000").
    return text(N_("The {level} highest-density region of {name} is {n} separate pieces: "
                   "{pieces}. The single interval shown for it "
                   "({span}) is the shortest interval holding {level}, and it "
                   "includes values between the pieces that the posterior gives little weight."),
                level=Level(p.level), name=p.name, n=Count(len(p.hdr)), pieces=region_text(p),
                span=Span(p.hdi[0], p.hdi[1]))


def modes_text(p: ParameterSummary) -> Listed:
    """'near 0.031 (holding 42% of the mass) and near 0.978 (holding 35%)'."""
    # Translators: one peak of a posterior: {value} a number ("0.031"), {share} a percent ("42%").
    first = N_("near {value} (holding {share} of the mass)")
    # Translators: a further peak of a posterior, after "near 0.031 (holding 42% of the mass)".
    other = N_("near {value} (holding {share})")
    return Listed.joined(text(first if i == 0 else other, value=Number.of(m), share=Percent(w))
                         for i, (m, w) in enumerate(zip(p.modes, p.mode_masses)))


def _whole(ess: float | None) -> float | int | None:
    """An effective sample size as a whole number of draws (its decimals are noise)."""
    return int(round(ess)) if ess is not None and math.isfinite(ess) else ess


def summary_table(summary: PosteriorSummary) -> ResultTable:
    rows = []
    for p in summary.parameters:
        d = p.diagnostics
        # Translators: a posterior's peaks in the Posterior summary table: {value} a number,
        # {share} a percent ("0.031 (42%)").
        peaks = Listed.of(text(N_("{value} ({share})"), value=Number.of(m), share=Percent(w))
                          for m, w in zip(p.modes, p.mode_masses))
        rows.append((p.name, p.mean, p.sd, p.quantiles[0], p.quantiles[2], p.quantiles[4],
                     p.hdi[0], p.hdi[1], peaks if p.multimodal else text(N_("no")),
                     d.rhat if d else None, _whole(d.ess_bulk) if d else None,
                     _whole(d.ess_tail) if d else None))
    level = Level(summary.level)
    # Translators: a note of the Bayesian summary (it starts with a space: it follows another
    # sentence); {name} is a parameter ("a"), {level} a level ("95%"), {pieces} the region's pieces
    # ("0.10 to 0.20 and 0.50 to 0.70").
    regions = [text(N_(" {name}: the {level} highest-density region is {pieces}; its low and high "
                       "columns give the shortest single interval holding {level}."),
                    name=p.name, level=level, pieces=region_text(p))
               for p in summary.parameters if p.disjoint]
    # Translators: the Posterior summary table's note: {verdict} says whether the sampler's draws
    # can be trusted ("chains agree (...)"); {priors} is a sentence on the priors; {regions} is
    # empty or sentences on highest-density regions in pieces, each starting with a space.
    note = text(N_("Verdict: {verdict}. {priors}{regions}"), verdict=summary.verdict,
                priors=priors_sentence(summary), regions=Listed.of(regions, "", word=""))
    columns = (N_("parameter"), N_("mean"), N_("sd"), Percent(0.05), N_("median"), Percent(0.95),
               # Translators: a column: the low end of a {level} ("95%") credible interval.
               text(N_("{level} credible low"), level=level),
               # Translators: a column: the high end of a {level} ("95%") credible interval.
               text(N_("{level} credible high"), level=level),
               N_("peaks (mass)"), N_("R-hat"), N_("ESS bulk"), N_("ESS tail"))
    return ResultTable(**kept(N_("Posterior summary"), columns, tuple(rows), note))


def warning_first(summary: PosteriorSummary, lines: tuple[str, ...]) -> tuple[str, ...]:
    """The headline with the verdict's warning in front when the numbers cannot be trusted."""
    if not summary.complete:
        # Translators: the first line of a Bayesian fit's headline when it was cancelled.
        return (said("Incomplete: the run was cancelled before the end, so these numbers are "
                     "rough. Run it again to the end."),) + lines
    if not summary.warning_text:
        return lines
    with language(SOURCE):      # its English as the verdict says it, whatever is in force
        # Translators: a Bayesian fit's verdict as the first line of its headline; {warning} is
        # the verdict itself ("Not trustworthy yet: ..."), already translated: keep it as it is.
        line = said("{warning}", warning=summary.warning_text)
    return (line,) + lines


def posterior_line(template: str, s: ParameterSummary, what: str, reason: str = "",
                   **args: str) -> str:
    """``template`` with {x} the posterior mean and its credible interval, or, where the
    interval spans most of the range, that these data cannot tell ``what`` (one rule with
    maximum likelihood: :func:`tapdesk.engine.words.share_line`)."""
    region = s.hdr if s.disjoint else (s.hdi,)      # a region in pieces: their total length
    if sum(hi - lo for lo, hi in region) >= CANNOT_TELL_SPAN:
        return untold(what, s.hdi, s.level, reason)
    return said(template, x=made(posterior_share, s), **args)


def posterior_share(s: ParameterSummary) -> str:
    """"54% (95% credible interval 44-65%)": a posterior's mean with its credible interval."""
    mean = f"{100 * s.mean:.0f}%" if is_source() else formats.percent(s.mean)
    # Translators: a share with its credible interval; {share} is "54%", {interval} "95%
    # credible interval 44-65%".
    return _("{share} ({interval})").format(share=mean, interval=credible_text(s))


ACCURATE = {"a": (N_("Raters are accurate about {x} of the time."),
                  N_("how often raters are accurate")),
            # Translators: a sentence of the Bayesian summary; {x} is a share ("54%").
            "a0": (N_("Raters are accurate on true Class 0 subjects about {x} of the time."),
                   N_("how often raters are accurate on true Class 0 subjects")),
            # Translators: a sentence of the Bayesian summary; {x} is a share ("54%").
            "a1": (N_("Raters are accurate on true Class 1 subjects about {x} of the time."),
                   N_("how often raters are accurate on true Class 1 subjects"))}
"""The Bayesian headline's accuracy lines: {x} is a share with its credible interval."""


def histogram_headline(values: dict[str, ParameterSummary], choice,
                       class1_share: float | None = None) -> tuple[str, ...]:
    one, _ = class_words(choice)
    reason = untold_reason(class1_share)

    def line(template: str, name: str, what: str, **args: str) -> str:
        return posterior_line(template, values[name], what, reason, **args)

    lines = []
    for name in ("a", "a0", "a1"):
        if name in values:
            template, what = ACCURATE[name]
            lines.append(line(template, name, said(what)))
    for name in ("p0", "p1"):
        if name in values:
            # Translators: {x} is a share with its credible interval; {one} names Class 1's
            # categories ("yes").
            template = (N_("On true Class 0 subjects, guesses say Class 1 ({one}) {x} of the "
                           "time.") if name == "p0" else
                        # Translators: as "On true Class 0 subjects, guesses say ...".
                        N_("On true Class 1 subjects, guesses say Class 1 ({one}) {x} of the "
                           "time."))
            # Translators: what the data cannot tell; {one} names Class 1's categories ("yes").
            what = (said("how often guesses on true Class 0 subjects say Class 1 ({one})", one=one)
                    if name == "p0" else
                    # Translators: as "how often guesses on true Class 0 subjects ...".
                    said("how often guesses on true Class 1 subjects say Class 1 ({one})", one=one))
            lines.append(line(template, name, what, one=one))
    if "p" in values:
        # Translators: {x} is a share with its credible interval; {one} names Class 1's
        # categories ("yes").
        lines.append(line(N_("When they guess, they say Class 1 ({one}) {x} of the time."), "p",
                          # Translators: what the data cannot tell; {one} names Class 1's
                          # categories ("yes").
                          said("how often raters say Class 1 ({one}) when they guess", one=one),
                          one=one))
    # Translators: {x} is a share with its credible interval; {one} names Class 1's categories.
    lines.append(line(N_("About {x} of the subjects truly belong to Class 1 ({one})."), "t",
                      # Translators: what the data cannot tell; {one} names Class 1's categories.
                      said("what share of the subjects truly belong to Class 1 ({one})", one=one),
                      one=one))
    return reason_once(lines)


def credible_text(s: ParameterSummary) -> str:
    """'95% credible interval 12-30%' of one parameter, in percent ('95% highest-density region
    0-12% and 85-100%, in separate pieces' where the region is several).

    Parameters
    ----------
    s : ParameterSummary
        The parameter's summary.

    Returns
    -------
    str
        Its credible interval in words, at its level.
    """
    if s.disjoint:
        if is_source():
            pieces = " and ".join(percent_range(*piece) for piece in s.hdr)
        else:
            pieces = formats.joined([percent_range(*piece) for piece in s.hdr])
        # Translators: a credible region in several pieces; {level} is "95%", {pieces} its
        # pieces ("0-12% and 85-100%").
        return _("{level} highest-density region {pieces}, in separate pieces").format(
            level=level_text(s.level), pieces=pieces)
    # Translators: a credible interval; {interval} is its name ("95% credible interval"),
    # {range} its ends ("12-30%").
    return _("{interval} {range}").format(interval=shown(interval_name("exact", s.level)),
                                          range=percent_range(*s.hdi))


# ------------------------------------------------------------------ histogram fits
def _histogram_setup(request: FitRequest, table: RatingsTable):
    model = HISTOGRAM_MODELS[request.model]
    counts = binary_counts(table, request.class1, request.cut)
    return model, counts, counts.histogram(), priors_for(request, model.names)


def _histogram_result(request, table, model, counts, hist, priors, summary: PosteriorSummary):
    from tapdesk.engine.results import FitResult
    values = {p.name: p for p in summary.parameters}
    means = [values[n].mean for n in model.names]
    ll = float(mixture_log_likelihood(hist, *model.mixture(*means)))
    notes = posterior_notices(summary)
    if model.ridge:
        # Translators: {first} and {second} are a model's letters ("a", "p").
        notes.append(Notice("ridge", text(N_(
            "In this model {first} and {second} can "
            "trade off against each other with (nearly) no change in the fit: the "
            "data fix a combination of them, not each one. The joint density of "
            "{first} and {second} shows the trade-off."), first=model.ridge[0],
            second=model.ridge[1])))
    return FitResult(
        request=request, model=request.model, title=title_of(request.model),
        params=estimates_from(summary.parameters),
        log_likelihood=LogLikelihood(ll, hist.n_ratings),
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=summary.trustworthy, warnings=tuple(notes), class_choice=counts.choice,
        categories=table.categories, class_labels=("Class 0", "Class 1"),
        headline=warning_first(summary, histogram_headline(values, counts.choice,
                                                           class1_share(counts))),
        tables=(summary_table(summary),),
        interval_method=interval_method(summary.level), method=summary.method,
        complete=summary.complete,
        n_parameters=model.dim, provenance=table.provenance, posterior=summary)


EXACT_OK = 0.02
"""An exact posterior is trusted when its grid's stated error is at most this many sd."""
# Translators: the advice on an exact posterior whose grid is not accurate enough; "mcmc" is the
# method's name as the option takes it.
MCMC_ADVICE = N_("Use the mcmc method and run it until it reports its draws trustworthy: its "
                 "draws are corrected by the exact density, so this grid's error does not carry "
                 "over (running the exact method again gives the same grid).")
"""The way out of an exact posterior whose error is too large. The sampler's own advice names
the exact method only where that confirms its accuracy, so the two never send the user round
in a circle (issue 25: on perfect agreement each advised the other)."""
PROPOSAL_TOLERANCE = 0.05
"""The sampler's proposal grid need not be exact (the Metropolis step corrects it)."""


def run_again() -> str:
    """The advice on a Bayesian fit that was cancelled before its end."""
    # Translators: the advice on a Bayesian fit that was cancelled before its end.
    return said("Run it again to the end.")


def exact_verdict(grid, what: str | None = None) -> tuple[str, bool, str]:
    """(words, trustworthy, advice) of an exact grid posterior: its accuracy said in words
    (``what``: what was computed exactly, "computed" when it is the whole posterior)."""
    if not grid.complete:
        # Translators: an exact Bayesian fit's verdict when it was stopped before its grid was
        # fine enough; shown after "Not trustworthy yet: ".
        return said("cancelled: computed on a coarse grid only"), False, run_again()
    if grid.error <= EXACT_OK:
        # Translators: an exact posterior's verdict; {what} is "computed" (or what was computed
        # exactly), {how} how ("on an adaptive grid of 12,345 cells"), {error} a number ("0.004"),
        # {basis} what that error is; "sd" is the standard deviation.
        return said("exact, accuracy confirmed: {what} {how}; its estimated error is {error} "
                    "posterior sd at most on every mean, sd, quantile and interval end ({basis})",
                    what=what or said_p("an exact posterior's verdict: what was computed",
                                        "computed"),
                    how=grid.how, error=made(formats.decimal, grid.error, 3),
                    basis=grid.error_basis), True, ""
    cells = int(grid.mass.size)
    # Translators: an exact posterior's verdict when its grid is not accurate enough; {error} and
    # {limit} are numbers ("0.031", "0.02"), {n} a count of cells.
    return said_n("the exact grid's estimated error is {error} posterior sd ({n} cell), above the "
                  "{limit} it must meet",
                  "the exact grid's estimated error is {error} posterior sd ({n} cells), above the "
                  "{limit} it must meet", cells, error=made(formats.decimal, grid.error, 3),
                  n=made(formats.integer, cells), limit=made(formats.decimal, EXACT_OK, 2)), \
        False, said(MCMC_ADVICE)


def exact_summary(model, grid, priors, params=None, densities=None,
                  what: str | None = None, level: float = 0.95) -> PosteriorSummary:
    """PosteriorSummary of an exact grid posterior (parameters and densities from the grid
    unless given; intervals at ``level``)."""
    params = params or tuple(summarise_grid(n, grid, level) for n in model.names)
    marginals, joints = densities or grid_densities(grid)
    words, ok, advice = exact_verdict(grid, what)
    return PosteriorSummary("exact", params, describe_priors(priors), words, ok, 0, 0, 0,
                            grid.complete, marginals, joints, model.ridge, advice=advice,
                            priors_words=priors_in_words(beta_terms(priors)),
                            grid_error=float(grid.error), grid_cells=int(grid.mass.size),
                            level=level)


def fit_exact(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Exact grid posterior (t-a-p and expert models)."""
    model, counts, hist, priors = _histogram_setup(request, table)
    if model.dim > 3:
        # Translators: {n} is the model's number of parameters (4 or more); "exact" and
        # "MCMC" are the Bayesian methods' names.
        raise SettingError(said("the exact method is for models with at most 3 parameters, and "
                                "this one has {n}; choose the MCMC method for it", n=model.dim),
                           settings=("method",))
    yield FitStarted(request.request_id, request.model, 1)
    grid = remembered(("exact", model.name, histogram_key(hist), priors, request.level),
                      lambda: grid_posterior(model, hist, priors,
                                             cancelled=lambda: cancel.requested,
                                             level=request.level),
                      lambda: cancel.requested)
    yield StageProgress(request.request_id, "grid", 1, 1)
    summary = exact_summary(model, grid, priors, level=request.level)
    return _histogram_result(request, table, model, counts, hist, priors, summary)


def summarise_chains(method: str, names: tuple[str, ...], theta: np.ndarray, out: ChainsOutput,
                     request: FitRequest, priors_text: str, ridge=None, pairs=None,
                     summarise: tuple[str, ...] | None = None, has_exact: bool = False,
                     preface: str = "", priors_words: str | Text = "") -> PosteriorSummary:
    """PosteriorSummary from kept draws ``theta`` (chains, draws, params) on the probability scale
    (``priors_text`` the priors' formula, ``priors_words`` the same in plain words)."""
    keep = [i for i, n in enumerate(names) if summarise is None or n in summarise]
    params = tuple(summarise_draws(names[i], theta[:, :, i], request.level) for i in keep)
    diagnostics = {}
    for p in params:
        assert p.diagnostics is not None        # summarise_draws diagnoses every parameter
        diagnostics[p.name] = p.diagnostics
    judged = verdict(diagnostics, theta.shape[0], theta.shape[1], has_exact)
    words: str | Text = (Text("{preface}{verdict}", (("preface", preface), ("verdict", judged.words)))
                         if preface else judged.words)
    ok, advice = judged.trustworthy, judged.fix
    if out.extra.get("from_warmup"):
        # Translators: a Bayesian fit's verdict when it was stopped before its draws began (the
        # warm-up is the sampler's adaptation); shown after "Not trustworthy yet: ".
        ok, words = False, said("cancelled during warm-up: these draws are rough")
        advice = run_again()
    marginals, joints = draw_densities(names, theta, pairs)
    return PosteriorSummary(method, params, priors_text, words, ok, theta.shape[0], theta.shape[1],
                            request.warmup, out.complete, marginals, joints, ridge, names, theta,
                            out.log_posterior, tuple(float(v) for v in out.accept_rate),
                            advice=advice, level=request.level, priors_words=priors_words)


def fit_mcmc(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """MCMC posterior of an average binary model: independence Metropolis-Hastings proposing
    from the exact grid (:mod:`.grid_sampler`; why not a random walk is said there).

    The ridge models (t-a0a1-p, t-a-p0p1, t-a0a1-p0p1) have their own
    (:func:`~tapdesk.engine.bayes.ridge_methods.fit_ridge_mcmc`, in :mod:`tapdesk.engine.models`).
    """
    model, counts, hist, priors = _histogram_setup(request, table)
    yield FitStarted(request.request_id, request.model, request.chains)
    coordinates = coordinates_for(model, hist, priors, unfolded=False)
    cancelled = lambda: cancel.requested                                  # noqa: E731
    grid = remembered(("proposal", model.name, histogram_key(hist), priors),
                      lambda: adaptive_grid(coordinates, SCHEDULE[model.dim], PROPOSAL_TOLERANCE,
                                            cancelled), cancelled)
    yield StageProgress(request.request_id, "grid", 1, 1)
    target = LogitTarget(model, hist, priors)
    to_values = parameter_map(coordinates, model.names)
    sampler = independence_sampler(coordinate_density(coordinates), GridProposal(grid),
                                   request.chains, request.warmup, request.draws,
                                   np.random.default_rng(request.seed), cancelled)

    def mapper(z: np.ndarray, _lp: np.ndarray):
        theta = to_values(z)
        return theta, target.log_posterior(theta)
    out = yield from stream_chains(request, sampler, model.names, mapper)
    theta = out.values
    summary = summarise_chains("mcmc", model.names, theta, out, request, describe_priors(priors),
                               model.ridge, has_exact=True,
                               priors_words=priors_in_words(beta_terms(priors)))
    return _histogram_result(request, table, model, counts, hist, priors, summary)


def coordinate_density(coordinates):
    """log_target(z) for z (n, dim) logit coordinates."""
    return lambda z: coordinates.log_density([z[:, k] for k in range(z.shape[1])])


def parameter_map(coordinates, names: tuple[str, ...]):
    """z (..., dim) logit coordinates -> (..., len(names)) parameters on the probability scale."""
    def to_values(z: np.ndarray) -> np.ndarray:
        found = coordinates.parameters([z[..., k] for k in range(z.shape[-1])])
        return np.stack([np.exp(found[n][0]) for n in names], axis=-1)
    return to_values
