"""t-a-p variants that counts cannot pin down: t-a0a1-p, t-a-p0p1, t-a0a1-p0p1.

On count data a subject's ratings are a mixture of two binomials, so only
three quantities are identified: t, q1 = Pr(Class 1 | truly 1) = a1 + (1-a1) p1
and q0 = Pr(Class 1 | truly 0) = (1-a0) p0. Each variant has more than three
parameters, so a whole set of parameter values (a ridge) reaches the same
maximum likelihood. These fits report the identified (t, q1, q0) with
intervals, and the ridge: the range of every other parameter and points along
it, never one arbitrary ridge point as "the estimate".

The ridges follow from solving the two equations for q1 and q0:

* t-a0a1-p: p in [q0, q1], a1 = (q1 - p)/(1 - p), a0 = 1 - q0/p.
* t-a-p0p1: a in [0, min(q1, 1 - q0)], p1 = (q1 - a)/(1 - a), p0 = q0/(1 - a).
* t-a0a1-p0p1: the product of two curves, a1 in [0, q1] with
  p1 = (q1 - a1)/(1 - a1), and a0 in [0, 1 - q0] with p0 = q0/(1 - a0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import CountHistogram
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.common import (
    MEANINGS,
    boundary_notices,
    class1_share,
    class_words,
    counts_for,
    probability_estimates,
    profile_note,
    se_notices,
)
from tapdesk.engine.binary.likelihood import Mixture, binomial_log_terms, log_likelihood
from tapdesk.engine.binary.mixture_fit import EDGE, fit_mixture, value_and_gradient
from tapdesk.engine.binary.tap import bootstrap_samples
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted
from tapdesk.engine.intervals import bootstrap_method, with_bootstrap
from tapdesk.engine.registry import ModelSpec
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, LogLikelihood, Notice, ResultTable
from tapdesk.engine.words import IDENTIFIED_WORDS, percent_with_interval, share_line, untold_reason
from tapdesk.i18n import N_, formats
from tapdesk.i18n.deferred import Text, joined_text, made, said
from tapdesk.i18n.text import Number, text

N_RIDGE_POINTS = 11
# Translators: the titles of the tables of a model whose parameters the data cannot pin down.
RANGE_TABLE = N_("Ranges of equally good values")
# Translators: as above.
POINTS_TABLE = N_("Equally good parameter sets")


def _ratio(num: np.ndarray | float, den: np.ndarray | float, fallback: float) -> np.ndarray:
    """num / den, with ``fallback`` where den is 0 (the parameter is then free)."""
    num, den = np.broadcast_arrays(np.asarray(num, float), np.asarray(den, float))
    out = np.full(num.shape, fallback)
    ok = den > 1e-15
    out[ok] = num[ok] / den[ok]
    return np.clip(out, 0.0, 1.0)


@dataclass(frozen=True)
class Ridge:
    """Points of equal likelihood: parameter names and one row per point."""

    names: tuple[str, ...]
    points: np.ndarray          # (n_points, len(names))
    note: str

    def ranges(self) -> list[tuple[str, float, float]]:
        return [(n, float(self.points[:, i].min()), float(self.points[:, i].max()))
                for i, n in enumerate(self.names)]


def ridge_a0a1(q1: float, q0: float, n: int = N_RIDGE_POINTS) -> Ridge:
    """t-a0a1-p: p runs from q0 to q1; a1 and a0 follow from it."""
    p = np.linspace(q0, q1, n)
    a1 = _ratio(q1 - p, 1 - p, 1.0)      # p = 1 needs q1 = 1: any a1; 1 is the limit
    a0 = 1 - _ratio(q0, p, 0.0)          # p = 0 needs q0 = 0: a0 free; report the limit 1
    a0[p <= 1e-15] = 1.0
    # Translators: the note under a table of equally good parameter sets; a0, a1, p are the
    # parameters' symbols.
    return Ridge(("a0", "a1", "p"), np.column_stack([a0, a1, p]),
                 N_("each row is one set of (a0, a1, p) that fits equally well; p runs between the "
                    "two rates of saying Class 1"))


def ridge_p0p1(q1: float, q0: float, n: int = N_RIDGE_POINTS) -> Ridge:
    """t-a-p0p1: a runs from 0 to min(q1, 1 - q0); p1 and p0 follow from it."""
    a = np.linspace(0.0, min(q1, 1 - q0), n)
    p1 = _ratio(q1 - a, 1 - a, 0.0)
    p0 = _ratio(q0, 1 - a, 1.0)
    # Translators: as above; a, p0, p1 are the parameters' symbols.
    return Ridge(("a", "p0", "p1"), np.column_stack([a, p0, p1]),
                 N_("each row is one set of (a, p0, p1) that fits equally well; a runs from 0 to "
                    "the smaller of the rate of saying Class 1 when truly Class 1 and of saying "
                    "Class 0 when truly Class 0"))


def ridge_a0a1p0p1(q1: float, q0: float, n: int = N_RIDGE_POINTS) -> Ridge:
    """t-a0a1-p0p1: two independent curves, one for each true class."""
    a1 = np.linspace(0.0, q1, n)
    p1 = _ratio(q1 - a1, 1 - a1, 0.0)
    a0 = np.linspace(0.0, 1 - q0, n)
    p0 = _ratio(q0, 1 - a0, 1.0)
    # Translators: as above; a0, a1, p0, p1 are the parameters' symbols.
    return Ridge(("a0", "a1", "p0", "p1"), np.column_stack([a0, a1, p0, p1]),
                 N_("the set is two-dimensional: any (a1, p1) of one row combined with any "
                    "(a0, p0) of any row has the same likelihood"))


def ridge_q(names: tuple[str, ...], row: np.ndarray) -> tuple[float, float]:
    """(q1, q0) implied by one ridge point (used to check the ridge)."""
    v = dict(zip(names, row))
    a1 = v.get("a1", v.get("a"))
    a0 = v.get("a0", v.get("a"))
    p1 = v.get("p1", v.get("p"))
    p0 = v.get("p0", v.get("p"))
    # every ridge names a (or a0 and a1) and p (or p0 and p1)
    assert a1 is not None and a0 is not None and p1 is not None and p0 is not None
    return a1 + (1 - a1) * p1, (1 - a0) * p0


@dataclass(frozen=True)
class RidgeVariant:
    name: str
    title: str
    free: str
    ridge: Callable[[float, float], Ridge]


# Translators: what a class-dependent model assumes; follows "This model assumes".
_FREE_A0A1 = said("accuracy differs by true class (a1 for Class 1, a0 for Class 0)")
# Translators: what a class-dependent model assumes; follows "This model assumes".
_FREE_P0P1 = said("the guess rate differs by true class (p1 for Class 1, p0 for Class 0)")
# Translators: what a class-dependent model assumes; follows "This model assumes".
_FREE_BOTH = said("both accuracy and guess rate differ by true class")

VARIANTS = {
    "tap-a0a1": RidgeVariant("tap-a0a1", "t-a-p, accuracy depends on the true class",
                             _FREE_A0A1, ridge_a0a1),
    "tap-p0p1": RidgeVariant("tap-p0p1", "t-a-p, guessing depends on the true class",
                             _FREE_P0P1, ridge_p0p1),
    "tap-a0a1-p0p1": RidgeVariant("tap-a0a1-p0p1", "t-a-p, accuracy and guessing depend on "
                                  "the true class", _FREE_BOTH, ridge_a0a1p0p1),
}


def mixture_loglik(hist: CountHistogram):
    def ll(x: np.ndarray) -> float:
        # Kept EDGE inside [0, 1] so profile searches at the bounds see finite values.
        t, q1, q0 = np.clip(x, EDGE, 1.0 - EDGE)
        return log_likelihood(hist, Mixture(t, q1, q0))
    return ll


def ridge_estimates(ridge: Ridge) -> tuple[Estimate, ...]:
    """Ridge parameters as unidentified estimates (no value, no interval)."""
    out = []
    for name, lo, hi in ridge.ranges():
        # Translators: an unidentified parameter's meaning in the table of estimates; {meaning}
        # is what the parameter is ("accuracy on subjects truly in Class 0"), {low} and {high}
        # numbers ("0.120").
        meaning = said("{meaning}; not identified: any value from {low} to {high} fits equally "
                       "well", meaning=said(MEANINGS[name]), low=made(formats.decimal, lo, 3),
                       high=made(formats.decimal, hi, 3))
        out.append(Estimate(name, float("nan"), None, None, meaning, identified=False))
    return tuple(out)


def ridge_tables(ridge: Ridge) -> tuple[ResultTable, ResultTable]:
    # Translators: the columns and the note of the table of ranges of equally good values.
    ranges = ResultTable(RANGE_TABLE, (N_("parameter"), N_("lowest"), N_("highest")),
                         tuple((n, lo, hi) for n, lo, hi in ridge.ranges()),
                         N_("every value in these ranges belongs to some parameter set with the "
                            "maximum likelihood; the data cannot choose between them"))
    points = ResultTable(POINTS_TABLE, ridge.names,
                         tuple(tuple(float(v) for v in row) for row in ridge.points), ridge.note)
    return ranges, points



def ridge_notices(variant: RidgeVariant, ridge: Ridge, relabelled: bool, converged: bool,
                  identified: tuple[Estimate, ...], level: float = 0.95) -> list[Notice]:
    # Translators: one parameter's range of equally good values; {name} is its symbol ("a0"),
    # {low} and {high} numbers ("0.12").
    ranges = joined_text(", ", [said("{name} from {low} to {high}", name=n,
                                     low=made(formats.decimal, float(lo), 2),
                                     high=made(formats.decimal, float(hi), 2))
                                for n, lo, hi in ridge.ranges()])
    # Translators: {free} is what the model assumes ("accuracy differs by true class ...");
    # {identified} the three numbers counts reveal; {ranges} the parameters' ranges ("a0 from
    # 0.12 to 0.45, a1 from ...").
    notes = [Notice("not-identified", said(
        "This model assumes {free}. Counts of Class-1 ratings only reveal {identified}, and this "
        "model has more parameters than that, so many parameter sets fit the data exactly "
        "equally well ({ranges}). No single value of those parameters is an estimate; only "
        "those three numbers are.", free=variant.free, identified=IDENTIFIED_WORDS,
        ranges=ranges))]
    notes += boundary_notices(identified) + se_notices(identified, level)
    if relabelled:
        notes.append(Notice("relabelled", text(N_(
            "The best fit had its two latent classes the other way "
            "round; it is reported with Class 1 as the class raters more often call "
            "Class 1 (q1 >= q0)."))))
    t, q1, q0 = (e.value for e in identified)
    if q1 - q0 < 0.05:
        # Translators: {q1} and {q0} are numbers ("0.412").
        notes.append(Notice("weak-separation", text(N_(
            "q1 = {q1} and q0 = {q0} are nearly "
            "equal: ratings barely depend on the true class, so t cannot be told "
            "from the data either."), q1=Number.of(q1), q0=Number.of(q0))))
    if min(t, 1 - t) < 0.05:
        # Translators: {t} is the share of Class 1, a number ("0.031").
        notes.append(Notice("rare-class", text(N_(
            "Almost every subject is in one class (t = {t}); "
            "q1 or q0 then rests on very few subjects and can be far off (the "
            "kappa paradox)."), t=Number.of(t))))
    if not converged:
        notes.append(Notice("not-converged", text(N_(
            "EM reached its iteration limit in some starts; the "
            "polished best fit is reported, but check the convergence plot."))))
    return notes


def ridge_headline(variant: RidgeVariant, identified, ridge: Ridge, counts,
                   level: float = 0.95) -> tuple[str, ...]:
    t, q1, q0 = identified
    one, _ = class_words(counts.choice)

    def pct(est: Estimate) -> Text:
        return made(percent_with_interval, est.value, est.ci, level)

    return (share_line(N_("About {x} of the subjects truly belong to Class 1 ({one})."), t.value,
                       t.ci, level, said("what share of the subjects truly belong to Class 1 "
                                         "({one})", one=one),
                       untold_reason(class1_share(counts)), one=one),
            rated_line(pct(q1), pct(q0)),
            # Translators: {names} are the model's parameter symbols ("a0, a1, p").
            said("The data cannot separate {names}: many combinations fit equally well, so this "
                 "model gives their possible ranges instead of single values.",
                 names=", ".join(ridge.names)))


def rated_line(q1: Text, q0: Text) -> Text:
    """"A subject truly in Class 1 is rated Class 1 54% (95% interval ...) of the time; ...":
    the identified q1 and q0, each a share with its interval."""
    # Translators: {q1} and {q0} are shares with their intervals ("54% (95% interval 44-65%)").
    return said("A subject truly in Class 1 is rated Class 1 {q1} of the time; a subject truly "
                "in Class 0 is rated Class 1 {q0} of the time.", q1=q1, q0=q0)


def fit_ridge_model(variant: RidgeVariant, request: FitRequest, table: RatingsTable,
                    cancel: CancelToken):
    counts = counts_for(request, table)
    hist = counts.histogram()
    yield FitStarted(request.request_id, variant.name, request.n_starts)
    fit = yield from fit_mixture(hist, n_starts=request.n_starts, seed=request.seed,
                                 tolerance=request.tolerance, max_iterations=request.max_iterations,
                                 cancel=cancel, request_id=request.request_id)
    mix = fit.mixture
    identified = probability_estimates(
        ("t", "q1", "q0"), mix.as_array(), mixture_loglik(hist), fit.log_likelihood,
        lambda x: value_and_gradient(hist, np.clip(x, EDGE, 1.0 - EDGE)), level=request.level)
    interval_method: str = profile_note(request.level)
    if request.bootstrap and not cancel.requested:
        tap_samples = yield from bootstrap_samples(hist, request, mix, cancel)
        t, a, p = tap_samples.T
        identified = with_bootstrap(identified, np.column_stack([t, a + (1 - a) * p, (1 - a) * p]),
                                    request.level)
        interval_method = bootstrap_method(len(t), request.level)
    ridge = variant.ridge(mix.q1, mix.q0)
    ll = LogLikelihood(fit.log_likelihood, hist.n_ratings,
                       fit.log_likelihood + binomial_log_terms(hist))
    return FitResult(
        request=request, model=variant.name, title=variant.title,
        params=identified + ridge_estimates(ridge), log_likelihood=ll,
        n_subjects=counts.n_subjects, n_ratings=counts.n_ratings, exclusions=counts.exclusions,
        converged=fit.converged, iterations=fit.iterations, traces=fit.traces,
        warnings=tuple(ridge_notices(variant, ridge, fit.relabelled, fit.converged, identified,
                                     request.level)),
        class_choice=counts.choice, categories=table.categories,
        class_labels=("Class 0", "Class 1"), tables=ridge_tables(ridge),
        headline=ridge_headline(variant, identified, ridge, counts, request.level),
        # Translators: a fit's interval method; {method} says how ("95% profile-likelihood
        # intervals; ...").
        interval_method=said("{method} (for t, q1, q0; the other parameters are not identified)",
                             method=interval_method),
        complete=not cancel.requested, n_parameters=3, provenance=table.provenance)


def _fitter(name: str):
    def fit(request: FitRequest, table: RatingsTable, cancel: CancelToken):
        return (yield from fit_ridge_model(VARIANTS[name], request, table, cancel))
    fit.__name__ = f"fit_{name.replace('-', '_')}"
    return fit


def _spec(name: str) -> ModelSpec:
    return ModelSpec(name=name, title=VARIANTS[name].title, fit=_fitter(name))


SPEC_A0A1 = _spec("tap-a0a1")
SPEC_P0P1 = _spec("tap-p0p1")
SPEC_A0A1_P0P1 = _spec("tap-a0a1-p0p1")
SPECS = (SPEC_A0A1, SPEC_P0P1, SPEC_A0A1_P0P1)
