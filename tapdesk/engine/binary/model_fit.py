"""Does the t-a-p model fit? Observed versus expected counts, G^2 (misfit) and likelihood-ratio tests.

Three nested models of the binary count histogram are fitted by maximum
likelihood:

* ``independent`` (a = 0, no agreement): every rating is Class 1 with
  probability c, independently. One parameter; the MLE is the observed
  Class-1 rate.
* ``expert`` (t = p = s, a free): raters guess in the true proportions. Two
  parameters, fitted by a bounded 1-D search of a at s = observed rate (under
  t = p the rate of Class-1 ratings equals s), then polished jointly in
  (s, a) so the likelihood-ratio tests compare true maxima. It contains the
  independent model (a = 0).
* ``tap`` (t, a, p): the global MLE of :mod:`mixture_fit`; contains the expert
  model (t = p).

For each number of raters n the expected number of subjects with k Class-1
ratings is N_n Pr(k | n) under each model. The goodness-of-fit statistic is
the likelihood-ratio G^2 = 2 sum O log(O / E) against the saturated
multinomial of each number-of-raters group; small expected counts make its
chi-square reference unreliable, so its p-value comes from a seeded
parametric bootstrap: the same N_n are simulated from the fitted model, the
model is refitted and G^2 recomputed; p = (1 + #{G*^2 >= G^2}) / (B + 1).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import minimize, minimize_scalar

from tapdesk.data.binary import ClassChoice, CountHistogram, binary_counts
from tapdesk.data.ratings import Exclusion, RatingsTable
from tapdesk.engine.binary.information import InformationSummary, information_summary
from tapdesk.engine.binary.likelihood import Mixture, binomial_pmf, from_tap, log_likelihood
from tapdesk.engine.binary.mixture_fit import EDGE, fit_mixture, start_points
from tapdesk.engine.binary.model_fit_words import TITLES, model_fit_text
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import ProgressEvent, StageProgress
from tapdesk.engine.request import check_level
from tapdesk.engine.results import Notice, ResultTable, _clean
from tapdesk.engine.run import drive
from tapdesk.errors import SettingError
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import said
from tapdesk.i18n.text import Count, Listed, Number, english, text

MODELS = ("independent", "expert", "tap")
N_PARAMETERS = {"independent": 1, "expert": 2, "tap": 3}


@dataclass(frozen=True)
class NestedFit:
    """One fitted model: its (t, a, p), mixture form and log-likelihood in nats."""

    model: str
    t: float
    a: float
    p: float
    mixture: Mixture
    log_likelihood: float

    @property
    def n_parameters(self) -> int:
        return N_PARAMETERS[self.model]


@dataclass(frozen=True)
class GoodnessOfFit:
    model: str
    g2: float
    g2_by_group: tuple[tuple[int, float], ...]
    p_value: float | None
    p_by_group: tuple[tuple[int, float | None], ...]
    n_bootstrap: int


@dataclass(frozen=True)
class LikelihoodRatioTest:
    null: str
    alternative: str
    statistic: float
    df: int
    p_value: float
    reference: str
    """The reference distribution in English words (marked: the text output translates it)."""


# ------------------------------------------------------------------ fits
def _drive(gen: Generator):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def fit_independent(hist: CountHistogram) -> NestedFit:
    c = float(np.clip(hist.n_class1_ratings / hist.n_ratings, EDGE, 1 - EDGE))
    mix = Mixture(c, c, c)     # t is not identified at a = 0; reported as t = p = c
    return NestedFit("independent", c, 0.0, c, mix, log_likelihood(hist, mix))


def _expert_ll(hist: CountHistogram, s: float, a: float) -> float:
    return log_likelihood(hist, from_tap(s, a, s))


def fit_expert(hist: CountHistogram) -> NestedFit:
    c = float(np.clip(hist.n_class1_ratings / hist.n_ratings, EDGE, 1 - EDGE))
    grid = np.linspace(0.0, 1.0 - EDGE, 41)
    best = grid[int(np.argmax([_expert_ll(hist, c, a) for a in grid]))]
    lo, hi = max(0.0, best - 0.025), min(1.0 - EDGE, best + 0.025)
    res = minimize_scalar(lambda a: -_expert_ll(hist, c, a), bounds=(lo, hi), method="bounded",
                          options={"xatol": 1e-10})
    x0 = np.array([c, float(res.x)])
    joint = minimize(lambda x: -_expert_ll(hist, x[0], x[1]), x0, method="L-BFGS-B",
                     bounds=[(EDGE, 1 - EDGE), (0.0, 1 - EDGE)],
                     options={"ftol": 1e-15, "gtol": 1e-10})
    s, a = (joint.x if -joint.fun >= _expert_ll(hist, *x0) else x0)
    mix = from_tap(float(s), float(a), float(s))
    return NestedFit("expert", float(s), float(a), float(s), mix, log_likelihood(hist, mix))


def fit_tap_mle(hist: CountHistogram, *, seed: int, n_starts: int = 12,
                starts: list[Mixture] | None = None, tolerance: float = 1e-10,
                max_iterations: int = 5000, cancel: CancelToken = NEVER_CANCELLED) -> NestedFit:
    fit = _drive(fit_mixture(hist, n_starts=n_starts, seed=seed, tolerance=tolerance,
                             max_iterations=max_iterations, cancel=cancel, starts=starts,
                             emit=False))
    mix = fit.mixture
    return NestedFit("tap", mix.t, mix.a, mix.p, mix, fit.log_likelihood)


def fit_model(model: str, hist: CountHistogram, *, seed: int, n_starts: int = 12,
              near: NestedFit | None = None) -> NestedFit:
    if model == "independent":
        return fit_independent(hist)
    if model == "expert":
        return fit_expert(hist)
    if near is not None:
        # Bootstrap refit: EM from the original fit plus two random starts, stopped early
        # (fit_mixture then polishes the best with Newton steps to full precision).
        starts = [near.mixture] + start_points(2, np.random.default_rng(seed))
        return fit_tap_mle(hist, seed=seed, starts=starts, tolerance=1e-7, max_iterations=300)
    return fit_tap_mle(hist, seed=seed, n_starts=n_starts)


# ------------------------------------------------------ expected counts, G^2
def group_sizes(hist: CountHistogram) -> dict[int, float]:
    return {int(n): float(hist.weight[hist.n_rated == n].sum()) for n in np.unique(hist.n_rated)}


def observed_by_group(hist: CountHistogram) -> dict[int, np.ndarray]:
    out = {}
    for n in group_sizes(hist):
        counts = np.zeros(n + 1)
        sel = hist.n_rated == n
        np.add.at(counts, hist.n_class1[sel], hist.weight[sel])
        out[n] = counts
    return out


def count_probabilities(mix: Mixture, n: int) -> np.ndarray:
    k = np.arange(n + 1)
    return mix.t * binomial_pmf(k, n, mix.q1) + (1 - mix.t) * binomial_pmf(k, n, mix.q0)


def g_squared(observed: np.ndarray, expected: np.ndarray) -> float:
    """2 sum O log(O / E) over cells with O > 0 (cells with O = 0 add nothing)."""
    pos = observed > 0
    return float(2.0 * (observed[pos] * np.log(observed[pos] / np.maximum(expected[pos], 1e-300))).sum())


def g2_by_group(hist: CountHistogram, mix: Mixture) -> dict[int, float]:
    return {n: g_squared(obs, obs.sum() * count_probabilities(mix, n))
            for n, obs in observed_by_group(hist).items()}


def simulate_histogram(mix: Mixture, sizes: dict[int, float], rng: np.random.Generator) -> CountHistogram:
    """Counts for the same number of subjects per number of raters, drawn from ``mix``."""
    n_rated, n_class1, weight = [], [], []
    for n, size in sizes.items():
        draws = rng.multinomial(int(round(size)), count_probabilities(mix, n))
        keep = np.flatnonzero(draws)
        n_rated += [n] * len(keep); n_class1 += list(keep); weight += list(draws[keep])
    return CountHistogram(np.array(n_rated, np.int64), np.array(n_class1, np.int64),
                          np.array(weight, np.int64))


# ------------------------------------------------------------ LRTs
# Translators: a test's reference distribution, in brackets after its p value (the next two
# too); keep chi-square(0), chi-square(1), chi-square(2), a = 0 and t = p as they are.
REFERENCE_EDGE = N_("50:50 mixture of chi-square(0) and chi-square(1): the null a = 0 is on the "
                    "edge of the range of a")
# Translators: as above.
REFERENCE_INSIDE = N_("chi-square(1): the null t = p is inside the parameter space")
# Translators: as above.
REFERENCE_BOTH = N_("50:50 mixture of chi-square(1) and chi-square(2) (a = 0 on the edge); "
                    "approximate, because t is not identified when a = 0")


def likelihood_ratio_tests(fits: dict[str, NestedFit]) -> tuple[LikelihoodRatioTest, ...]:
    """a = 0 vs expert vs t-a-p, with boundary-aware reference distributions."""
    from scipy.stats import chi2  # here, not at the top: scipy.stats costs start-up (issue 15)

    def stat(null, alt):
        return max(0.0, 2.0 * (fits[alt].log_likelihood - fits[null].log_likelihood))

    s1 = stat("independent", "expert")
    s2 = stat("expert", "tap")
    s3 = stat("independent", "tap")
    return (
        LikelihoodRatioTest("independent", "expert", s1, 1, float(0.5 * chi2.sf(s1, 1)),
                            REFERENCE_EDGE),
        LikelihoodRatioTest("expert", "tap", s2, 1, float(chi2.sf(s2, 1)),
                            REFERENCE_INSIDE),
        LikelihoodRatioTest("independent", "tap", s3, 2,
                            float(0.5 * chi2.sf(s3, 1) + 0.5 * chi2.sf(s3, 2)),
                            REFERENCE_BOTH),
    )


# -------------------------------------------------------------- result
@dataclass(frozen=True)
class ModelFitResult:
    """Observed versus expected counts, goodness of fit and LRTs for the three nested models."""

    fits: tuple[NestedFit, ...]
    observed: tuple[tuple[int, tuple[float, ...]], ...]
    goodness_of_fit: tuple[GoodnessOfFit, ...]
    tests: tuple[LikelihoodRatioTest, ...]
    information: InformationSummary
    n_subjects: float
    n_ratings: float
    n_bootstrap: int
    seed: int
    complete: bool = True
    class_choice: ClassChoice | None = None
    exclusions: tuple[Exclusion, ...] = ()
    warnings: tuple[Notice, ...] = ()
    level: float = 0.95
    """The tests speak of a difference when p < 1 - level (0.05 at the usual 95%)."""

    def fit(self, model: str) -> NestedFit:
        return next(f for f in self.fits if f.model == model)

    def gof(self, model: str) -> GoodnessOfFit:
        return next(g for g in self.goodness_of_fit if g.model == model)

    def test(self, null: str, alternative: str) -> LikelihoodRatioTest:
        return next(t for t in self.tests if t.null == null and t.alternative == alternative)

    @property
    def tables(self) -> tuple[ResultTable, ...]:
        return (self._counts_table(), self._gof_table(), self._lrt_table(), self._params_table())

    def _counts_table(self) -> ResultTable:
        rows = []
        for n, obs in self.observed:
            size = float(sum(obs))
            expected = [size * count_probabilities(f.mixture, n) for f in self.fits]
            for k, o in enumerate(obs):
                rows.append((n, k, o, *(float(e[k]) for e in expected)))
        return ResultTable(N_("Observed and expected subjects by number of Class-1 ratings"),
                           ("raters", "class1_ratings", "observed",
                            *(f"expected_{f.model}" for f in self.fits)), tuple(rows),
                           "For each number of raters, how many subjects got k Class-1 ratings, "
                           "and how many each fitted model expects.")

    def _gof_table(self) -> ResultTable:
        rows = []
        for g in self.goodness_of_fit:
            p_group = dict(g.p_by_group)
            for n, value in g.g2_by_group:
                rows.append((TITLES[g.model], str(n), value, p_group.get(n)))
            rows.append((TITLES[g.model], "all", g.g2, g.p_value))
        note = (f"G^2 against the saturated model of each number-of-raters group; p-values from "
                f"{self.n_bootstrap} parametric-bootstrap resamples (seed {self.seed})."
                if self.n_bootstrap else "No bootstrap was run, so there are no p-values; "
                "ask for bootstrap resamples to get them.")
        return ResultTable("Goodness of fit", ("model", "raters", "G2", "p_value"), tuple(rows), note)

    def _lrt_table(self) -> ResultTable:
        rows = tuple((TITLES[t.null], TITLES[t.alternative], t.statistic, t.df, t.p_value,
                      t.reference) for t in self.tests)
        return ResultTable("Likelihood-ratio tests", ("null", "alternative", "statistic", "df",
                                                      "p_value", "reference"), rows,
                           "Nested models: a = 0 is the expert model with a = 0; the expert model "
                           "is t-a-p with t = p.")

    def _params_table(self) -> ResultTable:
        rows = tuple((TITLES[f.model], f.t, f.a, f.p, f.log_likelihood, f.n_parameters)
                     for f in self.fits)
        return ResultTable("Fitted models", ("model", "t", "a", "p", "log_likelihood", "parameters"),
                           rows, "At a = 0, t is not identified and is shown equal to p.")

    def to_dict(self) -> dict[str, Any]:
        out = {
            "models": {f.model: {"t": f.t, "a": f.a, "p": f.p, "log_likelihood": f.log_likelihood,
                                 "n_parameters": f.n_parameters} for f in self.fits},
            "observed": {str(n): list(obs) for n, obs in self.observed},
            "goodness_of_fit": {g.model: {"g2": g.g2, "p_value": g.p_value,
                                          "by_raters": {str(n): v for n, v in g.g2_by_group},
                                          "p_by_raters": {str(n): v for n, v in g.p_by_group}}
                                for g in self.goodness_of_fit},
            "likelihood_ratio_tests": [{"null": t.null, "alternative": t.alternative,
                                        "statistic": t.statistic, "df": t.df, "p_value": t.p_value,
                                        "reference": t.reference} for t in self.tests],
            "information": self.information.to_dict(),
            "n_subjects": self.n_subjects, "n_ratings": self.n_ratings,
            "n_bootstrap": self.n_bootstrap, "seed": self.seed, "complete": self.complete,
            "level": self.level,
            "warnings": [english(w.said) for w in self.warnings],
            "warning_codes": [w.code for w in self.warnings],
            "tables": [{"title": t.title, "columns": list(t.columns), "rows": [list(r) for r in t.rows],
                        "note": t.note} for t in self.tables],
        }
        if self.class_choice is not None:
            out["class1"] = list(self.class_choice.class1)
            out["class1_labels"] = [self.class_choice.name(c) for c in self.class_choice.class1]
            out["class1_reason"] = self.class_choice.reason
        return _clean(out)

    def as_text(self) -> str:
        """Plain words first, then the numbers, then the precise terms (model_fit_words)."""
        return model_fit_text(self)


# ------------------------------------------------------------- driver
def _bootstrap_gof(hist: CountHistogram, fit: NestedFit, n_boot: int, seed: int, cancel: CancelToken,
                   request_id: int) -> Generator[ProgressEvent, None, GoodnessOfFit]:
    observed = g2_by_group(hist, fit.mixture)
    total = sum(observed.values())
    sizes = group_sizes(hist)
    rng = np.random.default_rng([seed, MODELS.index(fit.model)])
    exceed_total, exceed_group, done = 0, dict.fromkeys(observed, 0), 0
    for b in range(n_boot):
        if cancel.requested:
            break
        sim = simulate_histogram(fit.mixture, sizes, rng)
        refit = fit_model(fit.model, sim, seed=seed + b, near=fit)
        sim_g2 = g2_by_group(sim, refit.mixture)
        exceed_total += sum(sim_g2.values()) >= total - 1e-9
        for n in observed:
            exceed_group[n] += sim_g2.get(n, 0.0) >= observed[n] - 1e-9
        done += 1
        if done % max(1, n_boot // 20) == 0 or done == n_boot:
            yield StageProgress(request_id, f"bootstrap {fit.model}", done, n_boot)
    p = (1 + exceed_total) / (done + 1) if done else None
    p_group = tuple((n, (1 + exceed_group[n]) / (done + 1) if done else None) for n in observed)
    return GoodnessOfFit(fit.model, total, tuple(observed.items()), p, p_group, done)


def model_fit_events(hist: CountHistogram, *, bootstrap: int = 0, seed: int = 20261121,
                     n_starts: int = 12, cancel: CancelToken | None = None, request_id: int = 0,
                     class_choice: ClassChoice | None = None,
                     exclusions: tuple[Exclusion, ...] = (), level: float = 0.95,
                     ) -> Generator[ProgressEvent, None, ModelFitResult]:
    """Generator of bootstrap progress events whose return value is the ModelFitResult."""
    cancel = cancel or NEVER_CANCELLED
    if bootstrap < 0:
        # Translators: bootstrap is a setting's name (the number of resamples): keep it.
        raise SettingError(said("bootstrap must be 0 (none) or a positive number of resamples"),
                           settings=("bootstrap",))
    if hist.n_ratings <= 0 or len(hist.weight) == 0:
        raise SettingError(said("there are no ratings to check the model against"))
    fits = {"independent": fit_independent(hist), "expert": fit_expert(hist),
            "tap": fit_tap_mle(hist, seed=seed, n_starts=n_starts, cancel=cancel)}
    gofs = []
    for model in MODELS:
        gof = yield from _bootstrap_gof(hist, fits[model], bootstrap, seed, cancel, request_id)
        gofs.append(gof)
    complete = not cancel.requested
    tap = fits["tap"]
    notes = _notices(hist, bootstrap, complete)
    return ModelFitResult(
        fits=tuple(fits[m] for m in MODELS),
        observed=tuple((n, tuple(float(v) for v in obs)) for n, obs in observed_by_group(hist).items()),
        goodness_of_fit=tuple(gofs), tests=likelihood_ratio_tests(fits),
        information=information_summary(hist, tap.t, tap.a, tap.p),
        n_subjects=float(hist.n_subjects), n_ratings=float(hist.n_ratings), n_bootstrap=bootstrap,
        seed=seed, complete=complete, class_choice=class_choice, exclusions=exclusions,
        warnings=tuple(notes), level=check_level(level))


def _notices(hist: CountHistogram, bootstrap: int, complete: bool) -> list[Notice]:
    notes = []
    if not complete:
        notes.append(Notice("cancelled", text(N_(
            "Cancelled before the end: the bootstrap p-values rest on "
            "fewer resamples than asked for, or are missing."))))
    if bootstrap == 0:
        notes.append(Notice("no-bootstrap", text(N_(
            "No bootstrap resamples were asked for, so the "
            "goodness-of-fit statistics have no p-values."))))
    elif bootstrap < 100:
        # Translators: {n} is a count (below 100); {smallest} a number ("0.020").
        notes.append(Notice("few-resamples", text(N_(
            "Only {n} bootstrap resamples: p-values are "
            "coarse (the smallest possible is {smallest})."), n=Count(bootstrap),
            smallest=Number.of(1 / (bootstrap + 1)))))
    small = [n for n, size in group_sizes(hist).items() if size < 20]
    if small:
        # Translators: {counts} lists numbers of raters ("2, 3").
        notes.append(Notice("small-groups", text(N_(
            "Few subjects were rated by {counts} raters; their rows of the "
            "observed-versus-expected table say little on their own."),
            counts=Listed.of(Count(n) for n in small))))
    return notes


def model_fit(hist: CountHistogram, *, on_event: Callable[[ProgressEvent], None] | None = None,
              **options) -> ModelFitResult:
    """Run :func:`model_fit_events` to the end (events go to ``on_event``)."""
    return drive(model_fit_events(hist, **options), on_event)


def model_fit_table(table: RatingsTable, class1=None, cut: str | None = None,
                    **options) -> ModelFitResult:
    """Model fit on a ratings table, with Class 1 chosen by ``class1`` or ``cut``."""
    counts = binary_counts(table, class1, cut)
    return model_fit(counts.histogram(), class_choice=counts.choice,
                     exclusions=counts.exclusions, **options)
