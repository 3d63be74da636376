"""The "exact" and "mcmc" posteriors of the ridge models t-a0a1-p, t-a-p0p1, t-a0a1-p0p1.

Why these methods and not the generic random walk of :mod:`.methods`: counts
identify only (t, q1, q0), so the posterior of these 4- and 5-parameter
models is a thin ridge whose position along it only the prior decides; a
random walk mixes badly there (R-hat 1.08-1.34 at the default 4 x 2000
draws). The posterior factorises exactly into the 3-D posterior of
(t, q1, q0) and the prior restricted to the fibre through (q1, q0)
(:mod:`.ridge_fibres`), so

* "exact" computes (t, q1, q0) on a zoomed grid (:mod:`.ridge_grid`) and
  every ridge parameter's marginal by quadrature along the fibres
  (:mod:`.ridge_marginals`): no sampling error;
* "mcmc" draws independent samples from that same factorised posterior
  (:mod:`.ridge_draws`): draws to export and plot, with honest diagnostics.

Both report t, q1 and q0 (what the data pin down) beside the model's own
parameters, and the joint density of the ridge pair (a0-a1 or p0-p1), which
shows the ridge.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from scipy.special import expit

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.bayes.diagnostics import verdict
from tapdesk.engine.bayes.methods import (INTERVAL_METHOD, RunningDraws, _histogram_setup,
                                          estimates_from, histogram_headline, posterior_notices,
                                          summary_table, title_of)
from tapdesk.engine.bayes.posterior_result import PosteriorSummary, draw_densities
from tapdesk.engine.bayes.ridge_draws import independent_draws
from tapdesk.engine.bayes.ridge_fibres import RIDGE_FIBRES, prior_map
from tapdesk.engine.bayes.ridge_grid import RidgeGrid, ridge_grid
from tapdesk.engine.bayes.ridge_marginals import exact_marginals, marginal_densities, ridge_joints
from tapdesk.engine.bayes.summaries import summarise_draws, summarise_grid
from tapdesk.engine.bayes.targets import LogitTarget, describe_priors, mixture_log_likelihood
from tapdesk.engine.binary.common import MEANINGS, class_words
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Draws, FitStarted, StageProgress
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import FitResult, LogLikelihood, Notice

RIDGE_MODELS = tuple(RIDGE_FIBRES)
IDENTIFIED = ("t", "q1", "q0")
SWAP_NOTICE = 0.01
"""Weight of the class-swapped reading above which a notice explains it."""


def _setup(request: FitRequest, table: RatingsTable):
    model, counts, hist, priors = _histogram_setup(request, table)
    return model, counts, hist, priors, RIDGE_FIBRES[model.name], prior_map(priors)


def _grid(request: FitRequest, hist, fibres, pmap, cancel: CancelToken):
    grid = ridge_grid(hist, fibres, pmap["t"], pmap, cancelled=lambda: cancel.requested)
    yield StageProgress(request.request_id, "grid", 1, 1)
    return grid


def _ridge_pairs(model) -> list[tuple[str, str]]:
    return list(combinations([n for n in model.names if n != "t"], 2))


def fit_ridge_exact(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Exact posterior: (t, q1, q0) on a grid, ridge parameters by quadrature along the ridge."""
    model, counts, hist, priors, fibres, pmap = _setup(request, table)
    yield FitStarted(request.request_id, request.model, 1)
    grid = yield from _grid(request, hist, fibres, pmap, cancel)
    names = model.names + ("q1", "q0")
    post = exact_marginals(grid, fibres, pmap, names)
    params = tuple(summarise_grid(n, post) for n in names)
    words = ("exact: t, q1 and q0 computed on a grid, the other parameters by integrating along "
             "the ridge; no sampling error" if grid.complete
             else "cancelled: computed on a coarse grid only")
    summary = PosteriorSummary("exact", params, describe_priors(priors), words, True, 0, 0, 0,
                               grid.complete, marginal_densities(post),
                               ridge_joints(grid, fibres, pmap, post, _ridge_pairs(model)),
                               model.ridge)
    return _ridge_result(request, table, model, counts, hist, grid, summary)


def fit_ridge_mcmc(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Independent draws from the exact factorised posterior (see :mod:`.ridge_draws`)."""
    model, counts, hist, priors, fibres, pmap = _setup(request, table)
    yield FitStarted(request.request_id, request.model, request.chains)
    grid = yield from _grid(request, hist, fibres, pmap, cancel)
    names = model.names + ("q1", "q0")
    target = LogitTarget(model, hist, priors)
    sampler = independent_draws(grid, fibres, pmap, names, target.log_posterior, request.chains,
                                request.draws, np.random.default_rng(request.seed),
                                lambda: cancel.requested)
    running = RunningDraws(request.request_id, names)
    while True:
        try:
            batch = next(sampler)
        except StopIteration as stop:
            out = stop.value
            break
        for chain in range(batch.values.shape[0]):
            yield Draws(request.request_id, chain, batch.first, False, names,
                        tuple(map(tuple, batch.values[chain].tolist())),
                        tuple(batch.log_posterior[chain].tolist()))
        yield running.add(batch.values)
        yield StageProgress(request.request_id, "sampling", batch.first + batch.values.shape[1],
                            request.draws)
    theta = out.values
    params = tuple(summarise_draws(n, theta[:, :, i]) for i, n in enumerate(names))
    ok, words = verdict({p.name: p.diagnostics for p in params}, theta.shape[0])
    words = "independent draws from the exact posterior (no Markov chain needed): " + words
    complete = out.complete and grid.complete
    if not grid.complete:
        ok, words = False, "cancelled while computing the grid: rough draws from a coarse grid"
    marginals, joints = draw_densities(names, theta)
    summary = PosteriorSummary("mcmc", params, describe_priors(priors), words, ok, theta.shape[0],
                               theta.shape[1], 0, complete, marginals, joints, model.ridge, names,
                               theta, out.log_posterior)
    return _ridge_result(request, table, model, counts, hist, grid, summary)


# ------------------------------------------------------------------ result
def _best_cell(grid: RidgeGrid) -> tuple[float, float, float]:
    """(t, q1, q0) of the grid cell with the most mass (canonical orientation)."""
    i, j, k = np.unravel_index(np.argmax(grid.mass_a + grid.mass_b), grid.mass_a.shape)
    return tuple(float(expit(grid.axes[d][idx])) for d, idx in enumerate((i, j, k)))


def _ridge_notices(model, grid: RidgeGrid, summary: PosteriorSummary) -> list[Notice]:
    ridge_names = ", ".join(n for n in model.names if n != "t")
    notes = posterior_notices(summary)
    notes.append(Notice("ridge", f"Counts of Class-1 ratings only reveal t, q1 and q0; in this "
                        f"model {ridge_names} lie on a ridge of equal likelihood, so the data fix "
                        "a combination of them, not each one. Their posteriors spread along the "
                        "ridge as the priors dictate (change a prior and they move; t, q1 and q0 "
                        f"hardly do). The joint density of {model.ridge[0]} and {model.ridge[1]} "
                        "shows the ridge."))
    swapped = float(grid.mass_b.sum())
    if swapped > SWAP_NOTICE:
        notes.append(Notice("class-swap", f"The data fit exactly as well with the two classes "
                            f"swapped and raters whose accuracy is near 0 (guessing with a "
                            f"different guess rate for each class); the posterior gives that "
                            f"reading {100 * swapped:.0f}% of its weight, as the priors decide. "
                            "Informative priors on accuracy or the guess rates settle it."))
    return notes


def _headline(summary: PosteriorSummary, model, choice) -> tuple[str, ...]:
    values = {p.name: p for p in summary.parameters}
    one, _ = class_words(choice)

    def pct(name: str) -> str:
        s = values[name]
        return f"{100 * s.mean:.0f}% (90% credible interval {100 * s.hdi90[0]:.0f}-{100 * s.hdi90[1]:.0f}%)"

    ridge_names = ", ".join(n for n in model.names if n != "t")
    lines = (f"About {pct('t')} of the subjects truly belong to Class 1 ({one}).",
             f"A subject truly in Class 1 is rated Class 1 {pct('q1')} of the time; a subject "
             f"truly in Class 0 is rated Class 1 {pct('q0')} of the time.",
             f"The data cannot separate {ridge_names}: the figures below follow the ridge of "
             "equally good fits and depend on the priors.")
    return lines + histogram_headline(values, choice)[:-1]


def _ridge_result(request, table, model, counts, hist, grid: RidgeGrid, summary: PosteriorSummary):
    t, q1, q0 = _best_cell(grid)
    ll = float(mixture_log_likelihood(hist, t, q1, q0))
    estimates = tuple(e if e.name in IDENTIFIED else
                      type(e)(e.name, e.value, e.se, e.ci, f"{MEANINGS.get(e.name, '')}; not "
                              "identified by the data: its posterior follows the prior along the "
                              "ridge")
                      for e in estimates_from(summary.parameters))
    return FitResult(
        request=request, model=request.model, title=title_of(request.model), params=estimates,
        log_likelihood=LogLikelihood(ll, hist.n_ratings),
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=summary.trustworthy, warnings=tuple(_ridge_notices(model, grid, summary)),
        class_choice=counts.choice, categories=table.categories,
        class_labels=("Class 0", "Class 1"), headline=_headline(summary, model, counts.choice),
        tables=(summary_table(summary),),
        interval_method=INTERVAL_METHOD + " (t, q1, q0 identified by the data; the other "
                                          "parameters by the data and the priors together)",
        method=summary.method, complete=summary.complete, n_parameters=model.dim,
        provenance=table.provenance, posterior=summary)
