"""Is this rater at least as accurate as the rest of the panel, within a margin? (issue 30, part 4)

The compared quantity, from the per-rater model t-a_j-p_j fitted to the whole panel, is

    d = a_j - (1 / (R - 1)) sum_{k != j} a_k,

rater j's accuracy minus **the panel's accuracy**, defined here as the simple
(unweighted) mean of the other R - 1 raters' accuracies: every other rater
counts the same, however many subjects they rated. (The per-rater fit's own
"differs from the rest of the panel" comparison weights the others by their
number of ratings; this check asks about the panel as a group of raters.)

Interval method. Both a_j and the others' a_k are estimated from the same
ratings and share the unknown true classes, so their estimates are
correlated; the interval for d must carry the uncertainty of both sides and
that correlation. The per-rater code already finds profile-likelihood
intervals for exactly such a contrast
(:func:`tapdesk.engine.binary.rater_standing.profile_bounds`: t and every
rater's (q1, q0) re-maximised with d held fixed), and d is linear in the
model's parameters (a = q1 - q0), so that is the method used: it needs no
covariance, accounts for the shared truth through the joint likelihood, and
stays honest near a = 0 or 1, where the delta-method (Wald) interval from the
joint covariance does not. Where the per-rater fit itself would not afford
profile intervals (:func:`~tapdesk.engine.binary.per_rater.profile_affordable`:
very many raters or ratings, where the likelihood is close to quadratic), the
interval is the Wald interval of d from the fit's joint covariance of all
parameters (the delta method, exact for this linear contrast); ``method``
says which.

Level convention. The interval is the two-sided interval at ``level`` L; its
lower end is therefore a one-sided bound at (1 + L) / 2. Declaring a rater
``non-inferior`` when that lower end is above -margin is a one-sided test whose
error rate, for a rater exactly at the margin, is meant to be (1 - L) / 2
(2.5% at L = 0.95). The profile interval is a large-sample approximation:
with a couple of hundred subjects the real rate is somewhat higher
(benchmarks/bench_rater_check.py measures it). Verdicts:

- ``superior``: the whole interval is above 0;
- ``non-inferior``: the lower end is above -margin (but not above 0);
- ``inferior``: the upper end is below -margin;
- ``undecided``: otherwise (the interval contains -margin).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.common import counts_for
from tapdesk.engine.binary.per_rater import profile_affordable
from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams, parameter_covariance, rater_data
from tapdesk.engine.binary.per_rater_fit import fit_per_rater
from tapdesk.engine.binary.per_rater_profile import rater_contrast
from tapdesk.engine.binary.rater_standing import (
    MIN_RATINGS,
    Contrast,
    accuracy_contrast,
    profile_bounds,
    wald_bounds,
)
from tapdesk.engine.cancel import NEVER_CANCELLED
from tapdesk.engine.intervals import BOUNDARY
from tapdesk.engine.request import DEFAULT_LEVEL, FitRequest, check_level
from tapdesk.engine.run import drive
from tapdesk.engine.words import count, level_percent, percent
from tapdesk.errors import SettingError

VERDICTS = ("superior", "non-inferior", "undecided", "inferior")
DEFAULT_MARGIN = 0.10
PROFILE_METHOD = "profile likelihood"
WALD_METHOD = "Wald (delta method, joint observed information)"
Interval = tuple[float, float]


def verdict(interval: Interval, margin: float) -> str:
    """The verdict for a difference whose interval is ``interval``, at shortfall ``margin``.

    ``superior`` when the lower end is above 0, ``non-inferior`` when it is
    above -margin, ``inferior`` when the upper end is below -margin, else
    ``undecided``.
    """
    low, high = interval
    if low > 0:
        return "superior"
    if low > -margin:
        return "non-inferior"
    if high < -margin:
        return "inferior"
    return "undecided"


@dataclass(frozen=True)
class RaterCheckRequest:
    """Everything that decides a rater check.

    Parameters
    ----------
    rater
        The checked rater's identity, as in the data.
    margin
        The allowed shortfall in accuracy (0.10: the rater may be up to 10
        points less accurate than the panel and still pass), in [0, 1).
    class1, cut
        How Class 1 is formed (as in :class:`~tapdesk.engine.request.FitRequest`).
    level
        Level L of the two-sided interval; the test is one-sided at (1 + L) / 2.
    seed, n_starts
        The per-rater fit's random seed and number of EM starts.
    """

    rater: str
    margin: float = DEFAULT_MARGIN
    class1: tuple[str, ...] | None = None
    cut: str | None = None
    level: float = DEFAULT_LEVEL
    seed: int = FitRequest.seed
    n_starts: int = 4

    def __post_init__(self) -> None:
        if self.class1 is not None and not isinstance(self.class1, tuple):
            object.__setattr__(self, "class1", tuple(str(c) for c in self.class1))
        object.__setattr__(self, "rater", str(self.rater))
        check_level(self.level)
        if not 0 <= self.margin < 1:
            raise SettingError(f"the margin must be between 0 and 1 (0.10 for 10 points of "
                               f"accuracy), not {self.margin}", settings=("margin",))

    def fit_request(self) -> FitRequest:
        """The per-rater fit the check reads."""
        return FitRequest(model="per-rater", class1=self.class1, cut=self.cut, seed=self.seed,
                          n_starts=self.n_starts, level=self.level)


def points(value: float, sign: bool = True, avoid: tuple[float, ...] = (0.0,)) -> str:
    """An accuracy difference in percentage points, "+7", "-3"; a decimal more when the whole
    number would read as one of ``avoid`` (0 or the margin) without being it."""
    for digits in (0, 1, 2):
        text = f"{100 * value:{'+' if sign else ''}.{digits}f}"
        if not any(float(text) == round(100 * a, digits) and abs(value - a) > 1e-12
                   for a in avoid):
            break
    return "0" if float(text) == 0 else text


def points_words(value: float, sign: bool = True, avoid: tuple[float, ...] = (0.0,)) -> str:
    """:func:`points` with its unit: "+7 points", "-1 point"."""
    text = points(value, sign, avoid)
    return f"{text} {'point' if text.lstrip('+-') == '1' else 'points'}"


VERDICT_WORDS = {
    "superior": "lies wholly above 0, so {name} is more accurate than the panel (and so "
                "certainly within the allowed shortfall of {m_words})",
    "non-inferior": "lies wholly above the allowed shortfall of {m_words} (-{m}), so {name} is "
                    "at least as accurate as the panel within that margin",
    "inferior": "lies wholly below the allowed shortfall of {m_words} (-{m}), so {name} is "
                "less accurate than the panel by more than that margin",
    "undecided": "reaches both sides of the allowed shortfall of {m_words} (-{m}), so these "
                 "ratings cannot tell whether {name} is within that margin of the panel (more "
                 "subjects would narrow the interval)",
}


@dataclass(frozen=True)
class RaterCheckResult:
    """A rater's accuracy against the panel's, with the verdict at the request's margin and level.

    ``difference`` is the rater's accuracy minus ``panel_accuracy`` (the simple
    mean of the other raters' accuracies), ``interval`` its two-sided interval
    at ``level``; ``method`` says how the intervals were found.
    """

    request: RaterCheckRequest
    rater_accuracy: float
    rater_interval: Interval
    panel_accuracy: float
    panel_interval: Interval
    difference: float
    interval: Interval
    others: tuple[str, ...]
    n_subjects: int
    method: str

    @property
    def rater(self) -> str:
        return self.request.rater

    @property
    def margin(self) -> float:
        return self.request.margin

    @property
    def level(self) -> float:
        return self.request.level

    @property
    def verdict(self) -> str:
        return verdict(self.interval, self.margin)

    def sentence(self) -> str:
        """The answer in one sentence, with the difference and its interval in points."""
        avoid = (0.0, -self.margin)
        low, high = (points(v, avoid=avoid) for v in self.interval)
        others = "other rater" if len(self.others) == 1 else \
            f"other {count(len(self.others), 'rater')}"
        verdict_words = VERDICT_WORDS[self.verdict].format(
            name=self.rater, m=points(self.margin, sign=False),
            m_words=points_words(self.margin, sign=False))
        return (f"Rater {self.rater} is accurate {percent(self.rater_accuracy)} of the time, the "
                f"{others} {percent(self.panel_accuracy)} on average; the difference, "
                f"{points_words(self.difference, avoid=avoid)} ({level_percent(self.level)} "
                f"interval {low} to {high}), {verdict_words}.")

    def margin_sentence(self) -> str:
        """What the margin and the level mean for this verdict."""
        return (f"The margin is the shortfall you accept: a rater up to "
                f"{points_words(self.margin, sign=False)} of accuracy below the panel still "
                "counts as good enough. The panel's accuracy is the simple mean of the other "
                f"raters' accuracies. The verdict reads the {level_percent(self.level)} interval, "
                f"whose lower end is a one-sided {level_percent((1 + self.level) / 2)} bound: a "
                f"rater exactly at the margin is meant to pass by mistake no more than "
                f"{level_percent((1 - self.level) / 2)} of the time (the interval is approximate: "
                "with a few hundred subjects or fewer the real rate can be a little higher).")

    def summary(self) -> tuple[str, ...]:
        """The plain-words answer, the margin explained, then the numbers."""
        lv = level_percent(self.level)
        return (self.sentence(), self.margin_sentence(), "",
                f"Verdict: {self.verdict}",
                f"Rater {self.rater}: a = {self.rater_accuracy:.3f} ({lv} interval "
                f"{self.rater_interval[0]:.3f} to {self.rater_interval[1]:.3f})",
                f"Panel ({names_shown(self.others)}), simple mean: a = {self.panel_accuracy:.3f} "
                f"({lv} interval {self.panel_interval[0]:.3f} to {self.panel_interval[1]:.3f})",
                f"Difference: {self.difference:+.3f} ({lv} interval {self.interval[0]:+.3f} to "
                f"{self.interval[1]:+.3f}); margin {self.margin:.3f}",
                f"Subjects: {self.n_subjects}; intervals: {lv} {self.method}, from the "
                "per-rater t-a-p fit of the whole panel")

    def as_json(self) -> dict[str, Any]:
        """Every number, with the keys ``verdict``, ``difference``, ``interval``, ``margin``,
        ``level``."""
        return {"rater": self.rater, "verdict": self.verdict, "difference": self.difference,
                "interval": list(self.interval), "margin": self.margin, "level": self.level,
                "rater_accuracy": self.rater_accuracy, "rater_interval": list(self.rater_interval),
                "panel_accuracy": self.panel_accuracy, "panel_interval": list(self.panel_interval),
                "panel_definition": "simple mean of the other raters' accuracies",
                "others": list(self.others), "n_subjects": self.n_subjects,
                "method": self.method, "one_sided_level": (1 + self.level) / 2,
                "sentence": self.sentence(), "margin_sentence": self.margin_sentence()}


def panel_contrast(r: int, j: int) -> Contrast:
    """The simple mean of every rater's accuracy but rater j's, as a function of (t, q1, q0)."""
    coef = np.full(r, 1.0 / (r - 1))
    coef[j] = 0.0
    grad = np.concatenate([[0.0], coef, -coef])
    return Contrast(lambda x: float(grad @ x), lambda x: grad)


def names_shown(names: list[str] | tuple[str, ...], most: int = 12) -> str:
    """"R1, R2, R3" (the first ``most`` names, then " ...")."""
    return ", ".join(names[:most]) + (" ..." if len(names) > most else "")


def rater_index(data: RaterData, rater_ids: tuple[str, ...], name: str) -> int:
    """Rater ``name``'s position in the fit, or a SettingError naming the raters there are."""
    names = [str(rater_ids[code]) for code in data.rater_codes]
    if name not in names:
        raise SettingError(f"no rater '{name}' in these data (the raters are "
                           f"{names_shown(names)})",
                           settings=("rater",))
    return names.index(name)


def check_checkable(data: RaterData, j: int, name: str) -> None:
    """A SettingError when rater j cannot be compared (one rater, too few or identical ratings)."""
    n_j, n_one = int(data.rater_ratings[j]), int(data.rater_class1[j])
    if data.n_raters < 2:
        raise SettingError("the rater check needs at least two raters in the analysed data")
    if n_j < MIN_RATINGS:
        raise SettingError(f"rater {name} gave only {count(n_j, 'rating')} here; the check needs "
                           f"at least {MIN_RATINGS}", settings=("rater",))
    if n_one in (0, n_j):
        raise SettingError(f"rater {name} gave the same rating every time, so their accuracy "
                           "cannot be told from guessing", settings=("rater",))


def contrast_intervals(data: RaterData, params: RaterParams, ll_max: float, j: int,
                       level: float, profiled: bool) -> tuple[dict[str, float], dict[str, Interval], str]:
    """Values and intervals of the rater's accuracy, the panel's and their difference."""
    r = data.n_raters
    contrasts = {"rater": (rater_contrast(r, j, "a"), (-1.0, 1.0)),
                 "panel": (panel_contrast(r, j), (-1.0, 1.0)),
                 "difference": (accuracy_contrast(r, j, np.ones(r)), (-2.0, 2.0))}
    mle = params.vector()
    cov, known, _ = parameter_covariance(data, params, BOUNDARY)
    values, intervals, methods = {}, {}, set()
    for key, (contrast, limits) in contrasts.items():
        values[key] = contrast.value(mle)
        wald = wald_bounds(cov, known, mle, contrast, level)
        if profiled or wald is None:       # no covariance for a parameter on the edge: profile
            guess = (wald[1] - wald[0]) / 2 if wald is not None else 0.1
            intervals[key] = profile_bounds(data, mle, ll_max, contrast, level, limits, guess)
            methods.add(PROFILE_METHOD)
        else:
            intervals[key] = (max(wald[0], limits[0]), min(wald[1], limits[1]))
            methods.add(WALD_METHOD)
    return values, intervals, " and ".join(sorted(methods))


def check_rater(request: RaterCheckRequest, table: RatingsTable,
                profiled: Callable[[int, int], bool] = profile_affordable) -> RaterCheckResult:
    """Fit the per-rater model to ``table`` and check ``request.rater`` against the others.

    ``profiled(n_raters, n_ratings)`` says whether profile-likelihood intervals
    fit the time budget (else Wald intervals from the joint covariance).
    """
    if not table.has_rater_ids:
        raise SettingError("the rater check needs to know which rater gave each rating, but "
                           "these data have no rater identities")
    fit_request = request.fit_request()
    counts = counts_for(fit_request, table)
    data = rater_data(table, counts)
    j = rater_index(data, table.rater_ids, request.rater)
    check_checkable(data, j, request.rater)
    found = drive(fit_per_rater(data, counts, table.rater_ids, fit_request,
                                NEVER_CANCELLED))
    values, intervals, method = contrast_intervals(
        data, found.params, found.log_likelihood, j, request.level,
        profiled(data.n_raters, counts.n_ratings))
    others = tuple(str(table.rater_ids[c]) for k, c in enumerate(data.rater_codes) if k != j)
    return RaterCheckResult(request, values["rater"], intervals["rater"], values["panel"],
                            intervals["panel"], values["difference"], intervals["difference"],
                            others, data.n_subjects, method)


# ------------------------------------------------------------- error rates by simulation
def simulated_panel(rng: np.random.Generator, accuracies: np.ndarray, n_subjects: int,
                    t: float = 0.4, p: float = 0.5) -> RatingsTable:
    """Subjects x raters from the per-rater model: rater k (named R1, R2 ...) rates subject i's
    true class with probability ``accuracies[k]``, else guesses Class 1 ("1") with probability p."""
    a = np.asarray(accuracies, float)
    truth = rng.random(n_subjects) < t
    accurate = rng.random((n_subjects, len(a))) < a
    guess = rng.random((n_subjects, len(a))) < p
    ratings = np.where(accurate, truth[:, None], guess).astype(int)
    return RatingsTable.from_wide(ratings.tolist(), rater_ids=[f"R{k + 1}" for k in range(len(a))])


def verdict_counts(accuracies: np.ndarray, n_subjects: int, n_studies: int, margin: float,
                   level: float = DEFAULT_LEVEL, seed: int = 1) -> dict[str, int]:
    """How often each verdict is given for rater R1 over ``n_studies`` simulated panels.

    A simulated panel whose every rating is the same for R1 (the check refuses
    it) counts as ``undecided``.
    """
    rng = np.random.default_rng(seed)
    request = RaterCheckRequest("R1", margin, class1=("1",), level=level, n_starts=2)
    tally = dict.fromkeys(VERDICTS, 0)
    for _ in range(n_studies):
        try:
            found = check_rater(request, simulated_panel(rng, accuracies, n_subjects)).verdict
        except SettingError:
            found = "undecided"
        tally[found] += 1
    return tally
