"""The "exact" and "mcmc" fit generators of the average binary models.

Registered in :mod:`tapdesk.engine.models` with ``register_method``. The
per-rater and K-category samplers are in :mod:`.gibbs_methods`; the pieces
shared by both (running a sampler as progress events, building the
FitResult) are here.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from scipy.special import log_expit

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.bayes.diagnostics import verdict
from tapdesk.engine.bayes.grid import grid_posterior
from tapdesk.engine.bayes.posterior_result import PosteriorSummary, draw_densities, grid_densities
from tapdesk.engine.bayes.ridge_fibres import RIDGE_FIBRES
from tapdesk.engine.bayes.samplers import Batch, ChainsOutput, dispersed_starts, random_walk
from tapdesk.engine.bayes.summaries import ParameterSummary, summarise_draws, summarise_grid
from tapdesk.engine.bayes.targets import (HISTOGRAM_MODELS, LogitTarget, describe_priors,
                                          mixture_log_likelihood, priors_for)
from tapdesk.engine.binary.common import MEANINGS, class_words
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import Draws, FitStarted, RunningSummary, StageProgress
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, LogLikelihood, Notice, ResultTable
from tapdesk.errors import SettingError

INTERVAL_METHOD = "90% highest-density interval of the posterior"
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


# ------------------------------------------------------------------ streaming
class RunningDraws:
    """Collects kept draws as batches arrive and summarises them (for RunningSummary events)."""

    def __init__(self, request_id: int, names: tuple[str, ...]) -> None:
        self.request_id, self.names = request_id, names
        self.parts: list[np.ndarray] = []         # each: chains x batch draws x params

    def add(self, theta: np.ndarray) -> RunningSummary:
        self.parts.append(np.asarray(theta, dtype=float))
        kept = np.concatenate(self.parts, axis=1)
        pooled = kept.reshape(-1, kept.shape[2])
        q05, q50, q95 = np.quantile(pooled, [0.05, 0.5, 0.95], axis=0)
        sd = pooled.std(axis=0, ddof=1) if len(pooled) > 1 else np.zeros(pooled.shape[1])
        return RunningSummary(self.request_id, self.names, (kept.shape[1],) * kept.shape[0],
                              tuple(pooled.mean(axis=0).tolist()), tuple(sd.tolist()),
                              tuple(q05.tolist()), tuple(q50.tolist()), tuple(q95.tolist()))


def stream_chains(request: FitRequest, sampler, names: tuple[str, ...],
                  to_values: Callable[[np.ndarray], np.ndarray],
                  to_log_post: Callable[[np.ndarray, np.ndarray], np.ndarray],
                  max_names: int = 64):
    """Run a sampler generator, yielding Draws per chain per batch; returns its ChainsOutput.

    ``first_draw`` counts warm-up iterations from 0 for warm-up batches and
    kept draws from 0 afterwards. Events carry at most ``max_names`` values
    per draw (the first ones), to keep streaming cheap for large models.
    """
    total = request.warmup + request.draws
    shown = names[:max_names]
    running = RunningDraws(request.request_id, shown)
    while True:
        try:
            batch: Batch = next(sampler)
        except StopIteration as stop:
            return stop.value
        theta = to_values(batch.values)[:, :, :len(shown)]
        log_post = to_log_post(batch.values, batch.log_posterior)
        first = batch.first if batch.warmup else batch.first - request.warmup
        for chain in range(theta.shape[0]):
            yield Draws(request.request_id, chain, first, batch.warmup, shown,
                        tuple(map(tuple, theta[chain].tolist())), tuple(log_post[chain].tolist()))
        if not batch.warmup:
            yield running.add(theta)
        yield StageProgress(request.request_id, "warm-up" if batch.warmup else "sampling",
                            batch.first + batch.values.shape[1], total)


# ------------------------------------------------------------------ results
def estimates_from(summaries: tuple[ParameterSummary, ...]) -> tuple[Estimate, ...]:
    return tuple(Estimate(s.name, s.mean, s.sd, s.hdi90, MEANINGS.get(s.name, ""))
                 for s in summaries)


def posterior_notices(summary: PosteriorSummary) -> list[Notice]:
    notes = [Notice("prior", f"Priors: {summary.priors}.")]
    for p in summary.parameters:
        if p.multimodal:
            where = " and ".join(f"{m:.3f}" for m in p.modes)
            notes.append(Notice("multimodal", f"The posterior of {p.name} has several peaks (near "
                                f"{where}): the data support quite different values, so a single "
                                "estimate and interval hide this; look at its density plot."))
    if summary.method == "mcmc" and not summary.trustworthy:
        notes.append(Notice("chains-disagree", f"Sampler verdict: {summary.verdict}."))
    if not summary.complete:
        notes.append(Notice("cancelled", "The run was cancelled before the end: these numbers "
                            "come from the draws made so far and are incomplete."))
    return notes


def summary_table(summary: PosteriorSummary) -> ResultTable:
    rows = []
    for p in summary.parameters:
        d = p.diagnostics
        rows.append((p.name, p.mean, p.sd, p.quantiles[0], p.quantiles[2], p.quantiles[4],
                     p.hdi90[0], p.hdi90[1], "yes" if p.multimodal else "no",
                     d.rhat if d else None, d.ess_bulk if d else None, d.ess_tail if d else None))
    return ResultTable("Posterior summary",
                       ("parameter", "mean", "sd", "5%", "median", "95%", "90% credible low",
                        "90% credible high", "multimodal", "R-hat", "ESS bulk", "ESS tail"),
                       tuple(rows), f"Verdict: {summary.verdict}. Priors: {summary.priors}.")


def histogram_headline(values: dict[str, ParameterSummary], choice) -> tuple[str, ...]:
    one, _ = class_words(choice)

    def pct(name: str) -> str:
        s = values[name]
        return f"{100 * s.mean:.0f}% (90% credible interval {100 * s.hdi90[0]:.0f}-{100 * s.hdi90[1]:.0f}%)"

    lines = []
    for name in ("a", "a0", "a1"):
        if name in values:
            which = {"a": "", "a0": " on true Class 0 subjects", "a1": " on true Class 1 subjects"}[name]
            lines.append(f"Raters are accurate{which} about {pct(name)} of the time.")
    for name in ("p", "p0", "p1"):
        if name in values and name != "p":
            lines.append(f"On true Class {name[1]} subjects, guesses say Class 1 ({one}) {pct(name)} of the time.")
        elif name in values:
            lines.append(f"When they guess, they say Class 1 ({one}) {pct(name)} of the time.")
    lines.append(f"About {pct('t')} of the subjects truly belong to Class 1 ({one}).")
    return tuple(lines)


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
        notes.append(Notice("ridge", f"In this model {model.ridge[0]} and {model.ridge[1]} lie on a "
                            "ridge of (nearly) equal likelihood: the data fix a combination of them, "
                            "not each one. The joint density of "
                            f"{model.ridge[0]} and {model.ridge[1]} shows the ridge."))
    return FitResult(
        request=request, model=request.model, title=title_of(request.model),
        params=estimates_from(summary.parameters),
        log_likelihood=LogLikelihood(ll, hist.n_ratings),
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=summary.trustworthy, warnings=tuple(notes), class_choice=counts.choice,
        categories=table.categories, class_labels=("Class 0", "Class 1"),
        headline=histogram_headline(values, counts.choice), tables=(summary_table(summary),),
        interval_method=INTERVAL_METHOD, method=summary.method, complete=summary.complete,
        n_parameters=model.dim, provenance=table.provenance, posterior=summary)


def fit_exact(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Exact grid posterior (t-a-p and expert models)."""
    model, counts, hist, priors = _histogram_setup(request, table)
    if model.dim > 3:
        raise SettingError(f"the exact method is for models with at most 3 parameters; "
                           f"use --method mcmc for {request.model}")
    yield FitStarted(request.request_id, request.model, 1)
    grid = grid_posterior(model, hist, priors, cancelled=lambda: cancel.requested)
    yield StageProgress(request.request_id, "grid", 1, 1)
    params = tuple(summarise_grid(n, grid) for n in model.names)
    marginals, joints = grid_densities(grid)
    summary = PosteriorSummary("exact", params, describe_priors(priors),
                               "exact: computed on a grid, no sampling error" if grid.complete
                               else "cancelled: computed on a coarse grid only", True, 0, 0, 0,
                               grid.complete, marginals, joints, model.ridge)
    return _histogram_result(request, table, model, counts, hist, priors, summary)


def summarise_chains(method: str, names: tuple[str, ...], theta: np.ndarray, out: ChainsOutput,
                     request: FitRequest, priors_text: str, ridge=None, pairs=None,
                     summarise: tuple[str, ...] | None = None) -> PosteriorSummary:
    """PosteriorSummary from kept draws ``theta`` (chains, draws, params) on the probability scale."""
    keep = [i for i, n in enumerate(names) if summarise is None or n in summarise]
    params = tuple(summarise_draws(names[i], theta[:, :, i]) for i in keep)
    ok, words = verdict({p.name: p.diagnostics for p in params}, theta.shape[0])
    if out.extra.get("from_warmup"):
        ok, words = False, "cancelled during warm-up: these draws are rough and not to be trusted"
    marginals, joints = draw_densities(names, theta, pairs)
    return PosteriorSummary(method, params, priors_text, words, ok, theta.shape[0], theta.shape[1],
                            request.warmup, out.complete, marginals, joints, ridge, names, theta,
                            out.log_posterior, tuple(float(v) for v in out.accept_rate))


def fit_mcmc(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Random-walk Metropolis posterior of an average binary model.

    The ridge models (t-a0a1-p, t-a-p0p1, t-a0a1-p0p1) go to
    :func:`~tapdesk.engine.bayes.ridge_methods.fit_ridge_mcmc` instead: a random
    walk mixes badly along their ridge (see that module for the sampler used).
    """
    if request.model in RIDGE_FIBRES:
        from tapdesk.engine.bayes.ridge_methods import fit_ridge_mcmc
        return (yield from fit_ridge_mcmc(request, table, cancel))
    model, counts, hist, priors = _histogram_setup(request, table)
    yield FitStarted(request.request_id, request.model, request.chains)
    rng = np.random.default_rng(request.seed)
    target = LogitTarget(model, hist, priors)
    sampler = random_walk(target, dispersed_starts(model.dim, request.chains, rng), request.warmup,
                          request.draws, rng, lambda: cancel.requested)
    jacobian = lambda x: (log_expit(x) + log_expit(-x)).sum(axis=-1)      # noqa: E731
    out = yield from stream_chains(request, sampler, model.names, lambda x: np.exp(log_expit(x)),
                                   lambda x, lp: lp - jacobian(x))
    theta = np.exp(log_expit(out.values))
    out = ChainsOutput(out.values, out.log_posterior - jacobian(out.values), out.complete,
                       out.accept_rate, out.extra)
    summary = summarise_chains("mcmc", model.names, theta, out, request, describe_priors(priors),
                               model.ridge)
    return _histogram_result(request, table, model, counts, hist, priors, summary)
