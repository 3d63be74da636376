"""Pieces shared by the binary models: counts, estimates with intervals, notices."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import numpy as np

from tapdesk.data.binary import BinaryCounts, CountHistogram, binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.mixture_fit import EDGE
from tapdesk.engine.intervals import (
    BOUNDARY,
    logit_wald_interval,
    observed_information_se,
    profile_interval,
    wald_agrees_with_profile,
)
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, Notice
from tapdesk.engine.words import class_words, level_percent  # noqa: F401 - re-exported: every model names its classes so
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import Text, made, said
from tapdesk.i18n.text import Level, Listed, text

# Translators: what each parameter means, in the summary's "meaning" column.
MEANINGS = {
    "t": N_("share of subjects truly in Class 1"),
    "a": N_("probability a rating is accurate (not a guess)"),
    "p": N_("probability a guess is Class 1"),
    "a0": N_("accuracy on subjects truly in Class 0"),
    "a1": N_("accuracy on subjects truly in Class 1"),
    "p0": N_("guess rate for Class 1 on true Class 0 subjects"),
    "p1": N_("guess rate for Class 1 on true Class 1 subjects"),
    "q1": N_("Pr(rating = Class 1 | truly Class 1): sensitivity"),
    "q0": N_("Pr(rating = Class 1 | truly Class 0): false-positive rate"),
}


def counts_for(request: FitRequest, table: RatingsTable) -> BinaryCounts:
    return binary_counts(table, request.class1, request.cut)


def class1_share(counts) -> float | None:
    """The share of the ratings that are Class 1 (None without ratings)."""
    n = int(counts.n_ratings)
    return float(counts.n_class1.sum()) / n if n else None


def profile_note(level: float = 0.95) -> Text:
    """The interval method of the profile-likelihood fits, with its level (written when shown)."""
    # Translators: how a fit's intervals and standard errors were found; {level} is "95%".
    return said("{level} profile-likelihood intervals; standard errors from the observed "
                "information where the likelihood is close enough to its bell shape for them to "
                "mean something", level=made(level_percent, level))


PROFILE_NOTE = profile_note()


def probability_estimates(names: Sequence[str], values: np.ndarray,
                          loglik: Callable[[np.ndarray], float], ll_max: float,
                          value_and_grad: Callable | None = None,
                          profile: Callable[[int], tuple[float, float]] | None = None,
                          standard_errors: bool = True, level: float = 0.95
                          ) -> tuple[Estimate, ...]:
    """Estimates in [0, 1] with profile-likelihood intervals at ``level`` and honest SEs.

    Intervals come from the profile likelihood for every parameter: they stay
    in [0, 1], are asymmetric where the likelihood is, and keep their
    coverage near the edges, on ridges and with two modes, where Wald
    intervals fail. The observed-information standard error is reported only
    when no parameter sits on the boundary (a standard error conditional on a
    boundary value understates the uncertainty of the others) and its
    logit-Wald interval agrees with the profile interval; otherwise it is
    left blank rather than giving false precision. ``profile(i)``, when
    given, computes parameter i's profile interval faster (for the t-a-p
    model, :mod:`tapdesk.engine.binary.tap_profile`); if it fails, the
    generic search is used. With ``standard_errors=False`` (study planning,
    which reads only estimates and intervals) no standard error is reported
    and the observed information is computed only if a profile search fails
    and its logit-Wald interval is needed instead: the intervals are the same.
    ``profile`` must compute its intervals at ``level`` too.
    """
    values = np.asarray(values, dtype=float)
    boundary = (values < BOUNDARY) | (values > 1 - BOUNDARY)
    information = functools.cache(lambda: observed_information_se(loglik, values, ~boundary))
    bounds = [(EDGE, 1.0 - EDGE)] * len(values)
    extra = [np.full(len(values), 0.5), np.clip(1.0 - values, EDGE, 1.0 - EDGE)]
    out = []
    ci: tuple[float, float] | None
    for i, name in enumerate(names):
        try:
            ci = _fast_profile(profile, i) or profile_interval(loglik, values, i, ll_max, bounds,
                                                               extra, value_and_grad, level)
            ci = (0.0 if ci[0] <= 2 * EDGE else ci[0], 1.0 if ci[1] >= 1 - 2 * EDGE else ci[1])
        except (ValueError, RuntimeError):
            ci = logit_wald_interval(values[i], information()[i], level)
        se = information()[i] if standard_errors else np.nan
        trusted = (standard_errors and not boundary.any()
                   and wald_agrees_with_profile(logit_wald_interval(values[i], se, level), ci))
        out.append(Estimate(name, float(values[i]), float(se) if trusted else None, ci,
                            MEANINGS.get(name, ""), on_boundary=bool(boundary[i])))
    return tuple(out)


def _fast_profile(profile: Callable[[int], tuple[float, float]] | None,
                  index: int) -> tuple[float, float] | None:
    if profile is None:
        return None
    try:
        return profile(index)
    except (ValueError, FloatingPointError, np.linalg.LinAlgError):
        return None


def se_notices(estimates: Sequence[Estimate], level: float = 0.95) -> list[Notice]:
    """Say when standard errors were withheld, and why, in words."""
    missing = [e.name for e in estimates if e.se is None and e.identified]
    if not missing:
        return []
    # Translators: {names} lists the model's letters ("t, p"); {level} is a percent ("95%").
    return [Notice("no-standard-error", text(N_(
        "No standard error is given for {names}: "
        "the estimate is on the edge of its range, or the data support a wide spread "
        "or two separate sets of values, so a standard error would overstate the "
        "precision. Use the {level} intervals, which stay right there."),
        names=Listed.of(missing), level=Level(level)))]


def resample_histogram(hist: CountHistogram, rng: np.random.Generator) -> CountHistogram:
    """Nonparametric bootstrap over subjects, done on the histogram (same distribution)."""
    n = hist.n_subjects
    weight = rng.multinomial(n, hist.weight / n)
    keep = weight > 0
    return CountHistogram(hist.n_rated[keep], hist.n_class1[keep], weight[keep])


def boundary_notices(estimates: Sequence[Estimate]) -> list[Notice]:
    notes = []
    for est in estimates:
        if est.on_boundary:
            edge = "0" if est.value < 0.5 else "1"
            # Translators: {name} is a model letter ("a"); {edge} is 0 or 1; {meaning} says
            # what the letter is ("probability a guess is Class 1").
            notes.append(Notice("boundary", text(N_(
                "{name} = {edge} is on the edge of its range "
                "[0, 1] ({name}: {meaning})."), name=est.name, edge=edge,
                meaning=text(est.meaning))))
    return notes


def observed_class1_rate(hist: CountHistogram) -> float:
    return hist.n_class1_ratings / hist.n_ratings
