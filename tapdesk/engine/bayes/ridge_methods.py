"""The "exact" and "mcmc" posteriors of the ridge models t-a0a1-p, t-a-p0p1, t-a0a1-p0p1.

Counts identify only (t, q1, q0), so the posterior of these 4- and
5-parameter models is a thin ridge whose position along it only the prior
decides; a random walk on the model's own parameters mixes badly there
(R-hat 1.08-1.34 at the default 4 x 2000 draws). The posterior factorises
exactly into the 3-D posterior of (t, q1, q0) and the prior restricted to
the fibre through (q1, q0) (:mod:`.ridge_fibres`), so

* "exact" computes (t, q1, q0) by Gauss rules on a box (:mod:`.ridge_box`),
  or where they cannot be trusted on t-a-p's adaptive nested grid
  (:mod:`.ridge_grid`), and every ridge parameter's marginal by quadrature
  along the fibres (:mod:`.ridge_marginals`), with the rules' or the grid's
  stated error;
* "mcmc" runs independence Metropolis-Hastings on (t, q1, q0) proposing
  from that grid (:mod:`.grid_sampler`, exact density in the acceptance
  step), and draws every ridge coordinate from its exact conditional along
  the fibre (:mod:`.ridge_draws`).

Both report t, q1 and q0 (what the data pin down) beside the model's own
parameters, and the joint density of the ridge pair (a0-a1 or p0-p1), which
shows the ridge.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.bayes.grid_cache import histogram_key, remembered
from tapdesk.engine.bayes.grid_sampler import GridProposal, independence_sampler
from tapdesk.engine.bayes.logit_density import RuleCancelled
from tapdesk.engine.bayes.methods import (
    PROPOSAL_TOLERANCE,
    _histogram_setup,
    coordinate_density,
    estimates_from,
    exact_summary,
    histogram_headline,
    interval_method,
    parameter_map,
    posterior_line,
    posterior_notices,
    posterior_share,
    summarise_chains,
    summary_table,
    title_of,
    warning_first,
)
from tapdesk.engine.bayes.posterior_result import PosteriorSummary
from tapdesk.engine.bayes.prior_words import beta_terms, priors_in_words
from tapdesk.engine.bayes.ridge_box import RidgeBoxPosterior, ridge_box_posterior
from tapdesk.engine.bayes.ridge_draws import fibre_draws
from tapdesk.engine.bayes.ridge_fibres import RIDGE_FIBRES, prior_map
from tapdesk.engine.bayes.ridge_grid import (
    SWAPPING,
    RidgeCoordinates,
    RidgePosterior,
    exact_log_g,
    ridge_grid,
)
from tapdesk.engine.bayes.ridge_marginals import exact_marginals, marginal_densities, ridge_joints
from tapdesk.engine.bayes.streaming import stream_chains
from tapdesk.engine.bayes.summaries import summarise_grid
from tapdesk.engine.bayes.targets import LogitTarget, describe_priors, mixture_log_likelihood
from tapdesk.engine.binary.common import MEANINGS, class_words
from tapdesk.engine.binary.ridge import rated_line
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted, StageProgress
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult, LogLikelihood, Notice
from tapdesk.engine.words import IDENTIFIED_WORDS
from tapdesk.i18n import N_, formats
from tapdesk.i18n.deferred import made, said

RIDGE_MODELS = tuple(RIDGE_FIBRES)
IDENTIFIED = ("t", "q1", "q0")
# Translators: how the sampler ran; it comes before its verdict ("Metropolis-Hastings ...: the
# sampler's chains do not agree closely enough ...").
_MH_PREFACE = said("Metropolis-Hastings proposing from the exact grid: ")
SWAP_NOTICE = 0.01
"""Weight of the class-swapped reading above which a notice explains it."""


def _setup(request: FitRequest, table: RatingsTable):
    model, counts, hist, priors = _histogram_setup(request, table)
    return model, counts, hist, priors, RIDGE_FIBRES[model.name], prior_map(priors)


def _grid(request: FitRequest, model, hist, fibres, pmap, cancel: CancelToken, tolerance=None):
    """The ridge grid: the exact fit's (``tolerance`` None, in unfolded coordinates) or the
    sampler's proposal grid (folded: see MixtureCoordinates.unfolded)."""
    post = remembered(("ridge", model.name, histogram_key(hist), tuple(pmap.values()), tolerance,
                       request.level),
                      lambda: ridge_grid(model.name, hist, fibres, pmap, tolerance,
                                         cancelled=lambda: cancel.requested,
                                         level=request.level, unfolded=tolerance is None),
                      lambda: cancel.requested)
    yield StageProgress(request.request_id, "grid", 1, 1)
    return post


def _ridge_pairs(model) -> list[tuple[str, str]]:
    return list(combinations([n for n in model.names if n != "t"], 2))


def _box(request: FitRequest, model, hist, fibres, pmap, cancel: CancelToken):
    """The exact fit's (t, q1, q0) by Gauss rules on a box, or None (then the grid's)."""
    def compute():
        try:
            return ridge_box_posterior(model.name, hist, fibres, pmap,
                                       lambda: cancel.requested, request.level)
        except RuleCancelled:
            return None
    return remembered(("ridge-box", model.name, histogram_key(hist), tuple(pmap.values()),
                       request.level), compute, lambda: cancel.requested)


def fit_ridge_exact(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Exact posterior: (t, q1, q0) by Gauss rules on a box (else on a grid), ridge parameters
    by quadrature along the ridge."""
    model, counts, hist, priors, fibres, pmap = _setup(request, table)
    yield FitStarted(request.request_id, request.model, 1)
    post = _box(request, model, hist, fibres, pmap, cancel)
    if post is None:
        post = yield from _grid(request, model, hist, fibres, pmap, cancel)
    names = model.names + ("q1", "q0")
    marginals = exact_marginals(post, fibres, pmap, names)
    densities = (marginal_densities(marginals),
                 ridge_joints(post, fibres, pmap, marginals, _ridge_pairs(model)))
    summary = exact_summary(model, post.grid, priors,
                            tuple(summarise_grid(n, marginals, request.level) for n in names),
                            # Translators: what an exact posterior of a ridge model computed,
                            # inside its verdict ("exact, accuracy confirmed: t, q1 and q0
                            # computed (...) on an adaptive grid ..."); t, q1, q0: keep them.
                            densities, said("t, q1 and q0 computed (the other parameters by "
                                            "integrating along the ridge)"), request.level)
    return _ridge_result(request, table, model, counts, hist, post, summary)


def fit_ridge_mcmc(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Independence Metropolis-Hastings on (t, q1, q0) proposing from the exact grid, with every
    ridge coordinate drawn from its exact conditional along the fibre (see :mod:`.ridge_draws`)."""
    model, counts, hist, priors, fibres, pmap = _setup(request, table)
    yield FitStarted(request.request_id, request.model, request.chains)
    post = yield from _grid(request, model, hist, fibres, pmap, cancel, PROPOSAL_TOLERANCE)
    names = model.names + ("q1", "q0")
    exact = RidgeCoordinates(hist, pmap["t"], exact_log_g(fibres, pmap), ("t", "q1", "q0"),
                             swap=model.name in SWAPPING, unfolded=False)
    target = LogitTarget(model, hist, priors)
    rng = np.random.default_rng(request.seed)
    fibre_rng = np.random.default_rng([request.seed, 1])
    to_identified = parameter_map(exact, ("t", "q1", "q0"))

    def mapper(z: np.ndarray, _lp: np.ndarray):
        found = dict(zip(("t", "q1", "q0"), np.moveaxis(to_identified(z), -1, 0)))
        found.update(fibre_draws(fibres, found["q1"], found["q0"], pmap, fibre_rng))
        theta = np.stack([found[n] for n in names], axis=-1)
        return theta, target.log_posterior(theta[..., :model.dim])
    sampler = independence_sampler(coordinate_density(exact), GridProposal(post.grid),
                                   request.chains, request.warmup, request.draws, rng,
                                   lambda: cancel.requested)
    out = yield from stream_chains(request, sampler, names, mapper)
    summary = summarise_chains("mcmc", names, out.values, out, request, describe_priors(priors),
                               model.ridge, has_exact=True,
                               priors_words=priors_in_words(beta_terms(priors)),
                               preface=_MH_PREFACE)
    return _ridge_result(request, table, model, counts, hist, post, summary)


# ------------------------------------------------------------------ result
def _ridge_notices(model, grid: RidgePosterior | RidgeBoxPosterior,
                   summary: PosteriorSummary) -> list[Notice]:
    ridge_names = ", ".join(n for n in model.names if n != "t")
    notes = posterior_notices(summary)
    # Translators: {identified} is the three numbers counts reveal; {names} the model's other
    # parameter symbols ("a0, a1"); {first} and {second} the two whose joint density is shown.
    notes.append(Notice("ridge", said(
        "Counts of Class-1 ratings only reveal {identified}; in this model {names} can trade off "
        "against each other without changing the fit, so the data fix a combination of them, "
        "not each one. Their estimates spread along that trade-off as the priors dictate "
        "(change a prior and they move; the three numbers hardly do). The joint density of "
        "{first} and {second} shows the trade-off.", identified=IDENTIFIED_WORDS,
        names=ridge_names, first=model.ridge[0], second=model.ridge[1])))
    swapped = grid.swapped
    if swapped > SWAP_NOTICE:
        # Translators: {share} is the posterior's weight on the swapped reading ("12%").
        notes.append(Notice("class-swap", said(
            "The data fit exactly as well with the two classes swapped and raters whose "
            "accuracy is near 0 (guessing with a different guess rate for each class); the "
            "posterior gives that reading {share} of its weight, as the priors decide. "
            "Informative priors on accuracy or the guess rates settle it.",
            share=made(formats.percent, float(swapped), 0))))
    return notes


def _headline(summary: PosteriorSummary, model, choice) -> tuple[str, ...]:
    values = {p.name: p for p in summary.parameters}
    one, _ = class_words(choice)

    ridge_names = ", ".join(n for n in model.names if n != "t")
    lines = (posterior_line(N_("About {x} of the subjects truly belong to Class 1 ({one})."),
                            values["t"], said("what share of the subjects truly belong to Class 1 "
                                              "({one})", one=one), one=one),
             rated_line(made(posterior_share, values["q1"]), made(posterior_share, values["q0"])),
             # Translators: {names} are the model's parameter symbols besides t ("a0, a1, p").
             said("The data cannot separate {names}: the figures below follow the ridge of "
                  "equally good fits and depend on the priors.", names=ridge_names))
    return lines + histogram_headline(values, choice)[:-1]


def _unidentified(name: str) -> str:
    """An unidentified parameter's meaning in the table of estimates, written when shown."""
    meaning = MEANINGS[name]               # (a name, not a text, inside said(): Babel)
    # Translators: an unidentified parameter's meaning in a Bayesian fit's table of estimates;
    # {meaning} is what the parameter is ("accuracy on subjects truly in Class 0").
    return said("{meaning}; not identified by the data: its posterior follows the prior along "
                "the ridge", meaning=said(meaning))


def _ridge_result(request, table, model, counts, hist, grid: RidgePosterior | RidgeBoxPosterior,
                  summary: PosteriorSummary):
    t, q1, q0 = grid.best()
    ll = float(mixture_log_likelihood(hist, t, q1, q0))
    estimates = tuple(e if e.name in IDENTIFIED else
                      type(e)(e.name, e.value, e.se, e.ci, _unidentified(e.name))
                      for e in estimates_from(summary.parameters))
    return FitResult(
        request=request,
        model=request.model,
        title=title_of(request.model),
        params=estimates,
        log_likelihood=LogLikelihood(ll, hist.n_ratings),
        n_subjects=counts.n_subjects,
        n_ratings=counts.n_ratings,
        exclusions=counts.exclusions,
        converged=summary.trustworthy,
        warnings=tuple(_ridge_notices(model, grid, summary)),
        class_choice=counts.choice,
        categories=table.categories,
        class_labels=("Class 0", "Class 1"),
        headline=warning_first(summary, _headline(summary, model, counts.choice)),
        tables=(summary_table(summary),),
        # Translators: a Bayesian fit's interval method; {method} is "95% highest-density
        # interval of the posterior".
        interval_method=said("{method} (t, q1, q0 identified by the data; the other parameters "
                             "by the data and the priors together)",
                             method=interval_method(summary.level)),
        method=summary.method,
        complete=summary.complete,
        n_parameters=model.dim,
        provenance=table.provenance,
        posterior=summary,
    )
