"""Feedback for each rater, from a per-rater t-a_j-p_j fit (never imports Qt).

For every rater: accuracy a_j with its interval, how their guesses lean
(p_j against the rest of the panel), sensitivity and false-positive rate,
how often their rating matched the class the *other* raters' ratings point
to, the subjects where they disagreed with that class most confidently, and
one plain, kind sentence. Every number is the per-rater fit's own (the
comparisons and the panel's classes are computed from it). A rater with
fewer than :data:`MIN_RATINGS` ratings gets "too few ratings to say"
instead of numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import ClassChoice, binary_counts, class1_mask
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.common import class_words
from tapdesk.engine.rater_words import accuracy_clause, guess_clause
from tapdesk.engine.results import Estimate, FitResult, RaterComparison, RaterEstimate
from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import joined_text, made, said, said_n
from tapdesk.i18n.formats import quoted

MIN_RATINGS = 10
"""Below this many ratings one rater's accuracy interval spans most of 0-1: no numbers then."""
TOP_DISAGREEMENTS = 5
EDGE = 1e-9


@dataclass(frozen=True)
class Disagreement:
    """A subject where the rater's rating differs from the class the other raters point to."""

    subject_id: str
    rating: str
    panel_class: str
    panel_probability: float


@dataclass(frozen=True)
class RaterFeedback:
    """Everything one rater is told. Numbers are None when there were too few ratings."""

    rater_id: str
    n_ratings: int
    enough: bool
    accuracy: Estimate | None
    guess_rate: Estimate | None
    sensitivity: Estimate | None
    false_positive_rate: Estimate | None
    others_accuracy: float | None
    others_guess_rate: float | None
    accuracy_vs_others: str
    """"higher", "lower", "not shown to differ" or "unknown": the fit's own comparison of this
    rater with the rest of the panel (:mod:`tapdesk.engine.binary.rater_standing`)."""
    guess_vs_others: str
    """"more", "less", "not shown to differ" or "unknown" (how often a guess says Class 1)."""
    agreement: float | None
    n_compared: int
    disagreements: tuple[Disagreement, ...]
    sentence: str
    flag: str = ""
    accuracy_comparison: RaterComparison | None = None
    """The fit's comparison of this rater's accuracy with the rest of the panel."""


@dataclass(frozen=True)
class FeedbackReport:
    """Feedback for every rater of one per-rater fit."""

    raters: tuple[RaterFeedback, ...]
    class_choice: ClassChoice
    class1_words: str
    file_name: str
    n_subjects: int
    n_ratings: int
    t: float
    level: float = 0.95

    def rater(self, rater_id: str) -> RaterFeedback:
        return next(r for r in self.raters if r.rater_id == rater_id)


# ----------------------------------------------------------------- numbers
def others_average(values: np.ndarray, weights: np.ndarray, j: int) -> float | None:
    """Weighted mean of ``values`` over every rater but j (None when no weight is left)."""
    keep = np.arange(len(values)) != j
    total = float(weights[keep].sum())
    return float((values[keep] * weights[keep]).sum() / total) if total > 0 else None


@dataclass(frozen=True)
class PanelEvidence:
    """Per (subject, rater) pair: the rater's own log-odds for Class 1 and the others'."""

    subject: np.ndarray
    rater: np.ndarray
    rating: np.ndarray
    says_one: np.ndarray
    others_logit: np.ndarray
    n_others: np.ndarray


def panel_evidence(result: FitResult, table: RatingsTable, positions: dict[str, int],
                   q1: np.ndarray, q0: np.ndarray) -> PanelEvidence:
    """Leave-one-rater-out posterior log-odds of Class 1 for every analysed rating.

    The posterior of a subject's class given the *other* raters' ratings,
    with the fitted t as prior and each rater's fitted sensitivity and
    false-positive rate: ``logit(t) + sum over other ratings of the log
    likelihood ratio``.
    """
    assert result.class_choice is not None      # rater_feedback checked it
    counts = binary_counts(table, choice=result.class_choice)
    analysed = np.zeros(table.n_subjects, bool)
    analysed[counts.subject_index] = True
    fit_pos = np.array([positions.get(rid, -1) for rid in table.rater_ids] or [-1], dtype=np.int64)
    pos = np.where(table.rater >= 0, fit_pos[np.maximum(table.rater, 0)], -1)
    keep = analysed[table.subject] & (pos >= 0)
    y = class1_mask(table, result.class_choice)[keep]
    j = pos[keep]
    lr = np.where(y, np.log(q1[j] / q0[j]), np.log((1 - q1[j]) / (1 - q0[j])))
    subject = table.subject[keep]
    total = np.bincount(subject, weights=lr, minlength=table.n_subjects)
    n_total = np.bincount(subject, minlength=table.n_subjects)
    # a rater's repeated ratings of one subject all leave together
    pair = np.unique(subject * (len(q1) + 1) + j, return_inverse=True)[1]
    own = np.bincount(pair, weights=lr)[pair]
    own_n = np.bincount(pair)[pair]
    t = min(max(result.value("t"), EDGE), 1 - EDGE)
    return PanelEvidence(subject, j, table.rating[keep], y,
                         math.log(t / (1 - t)) + total[subject] - own, n_total[subject] - own_n)


def agreement_with_panel(ev: PanelEvidence, j: int, table: RatingsTable,
                         choice: ClassChoice) -> tuple[float | None, int, tuple[Disagreement, ...]]:
    """Share of rater j's ratings matching the others' most likely class, and the top misses."""
    mine = (ev.rater == j) & (ev.n_others > 0) & (ev.others_logit != 0)
    if not mine.any():
        return None, 0, ()
    panel_one = ev.others_logit[mine] > 0
    says_one = ev.says_one[mine]
    agree = panel_one == says_one
    confidence = 1 / (1 + np.exp(-np.abs(ev.others_logit[mine])))
    order = [i for i in np.argsort(-confidence, kind="stable") if not agree[i]][:TOP_DISAGREEMENTS]
    subjects, ratings = ev.subject[mine], ev.rating[mine]
    one, zero = choice.names(choice.class1), choice.names(choice.class0)
    misses = tuple(Disagreement(table.subject_ids[subjects[i]],
                                table.scale.label(table.categories[ratings[i]]),
                                one if panel_one[i] else zero, float(confidence[i]))
                   for i in order)
    return float(agree.mean()), int(mine.sum()), misses


# --------------------------------------------------------------- sentences
def feedback_sentence(name: str, n_ratings: int, enough: bool, flag: str,
                      accuracy: RaterComparison | None, guess: RaterComparison | None,
                      one: str) -> str:
    """One factual, kind sentence for the rater (it goes to the person rated), kept as its
    templates and written in the language of the sheet.

    The claims are the fit's own comparisons (see :mod:`tapdesk.engine.rater_words`),
    the same the summary and the report make.
    """
    if not enough:
        # Translators: {name} is a rater ("Rater J3"), {n} their ratings (fewer than 10),
        # {least} the fewest ratings feedback needs (10).
        return said_n("There are too few ratings to say how accurate {name} is ({n} ratings; "
                      "feedback needs at least {least}).", "There are too few ratings to say how "
                      "accurate {name} is ({n} ratings; feedback needs at least {least}).",
                      n_ratings, name=name, n=n_ratings, least=MIN_RATINGS)
    if flag.startswith("gave the same rating"):
        # Translators: {name} is a rater ("Rater J3").
        return said("{name} gave the same rating to every subject, so these ratings cannot show "
                    "how accurate {name} is.", name=name)
    first = accuracy_clause(accuracy, name)
    second = guess_clause(guess, one, name)
    if second is None:
        return joined_text("", [first, "."])
    # Translators: a rater's feedback: {accuracy} how accurate the rater was ("Rater J3 was
    # accurate less often than the rest of the panel"), {guess} how their guesses leaned
    # ("when guessing, Rater J3 called 'gold' more often than the others").
    return said("{accuracy}; {guess}.", accuracy=first, guess=second)


# ------------------------------------------------------------------- entry
def rater_feedback(result: FitResult, table: RatingsTable) -> FeedbackReport:
    """Feedback for every rater of a two-class per-rater fit of ``table``."""
    if result.model != "per-rater" or result.class_choice is None:
        # Translators: {model} is the model's name as the option takes it ("tap").
        raise SettingError(said("rater feedback needs the per-rater t-a_j-p_j fit (two classes, "
                                "model 'per-rater'); this result is {model}",
                                model=made(quoted, result.model)))
    raters = result.raters
    if not raters:
        raise SettingError(said("this per-rater fit has no raters to give feedback to"))
    positions = {r.rater_id: i for i, r in enumerate(raters)}
    value = lambda name: np.array([r.get(name).value for r in raters])
    q1 = np.clip(value("sensitivity"), EDGE, 1 - EDGE)
    q0 = np.clip(value("false_positive_rate"), EDGE, 1 - EDGE)
    a, p = value("a"), value("p")
    n = np.array([r.n_ratings for r in raters], float)
    evidence = panel_evidence(result, table, positions, q1, q0)
    one = class_words(result.class_choice)[0]
    items = tuple(_one_rater(result, table, evidence, j, raters[j], a, p, n, one)
                  for j in range(len(raters)))
    return FeedbackReport(items, result.class_choice, one, result.provenance.file_name,
                          result.n_subjects, result.n_ratings, result.value("t"), result.level)


def _one_rater(result: FitResult, table: RatingsTable, ev: PanelEvidence, j: int,
               rater: RaterEstimate, a: np.ndarray, p: np.ndarray, n: np.ndarray,
               one: str) -> RaterFeedback:
    # Translators: names a rater in their feedback; {rater} is the rater's name in the data.
    name = said("Rater {rater}", rater=rater.rater_id)
    enough = rater.n_ratings >= MIN_RATINGS
    if not enough:
        return RaterFeedback(rater.rater_id, rater.n_ratings, False, None, None, None, None, None,
                             None, "unknown", "unknown", None, 0, (),
                             feedback_sentence(name, rater.n_ratings, False, rater.flagged,
                                               None, None, one), rater.flagged)
    assert result.class_choice is not None      # rater_feedback checked it
    acc, guess = rater.get("a"), rater.get("p")
    others_a = others_average(a, n, j)
    others_p = others_average(p, n * (1 - a), j)
    on_a, on_p = result.comparison(rater.rater_id, "a"), result.comparison(rater.rater_id, "p")
    agreement, compared, misses = agreement_with_panel(ev, j, table, result.class_choice)
    sentence = feedback_sentence(name, rater.n_ratings, True, rater.flagged, on_a, on_p, one)
    if rater.chance:        # the fit's own words where its interval reaches chance (issue 78)
        sentence = joined_text(" ", [sentence, rater.chance])
    return RaterFeedback(rater.rater_id, rater.n_ratings, True, acc, guess,
                         rater.get("sensitivity"), rater.get("false_positive_rate"), others_a,
                         others_p, on_a.verdict if on_a else "unknown",
                         on_p.verdict if on_p else "unknown", agreement, compared, misses,
                         sentence, rater.flagged, on_a)
