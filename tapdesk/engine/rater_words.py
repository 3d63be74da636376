"""The words for how raters compare with the rest of the panel, from a fit's comparisons.

The per-rater summary's headline, the report's conclusion and the feedback
sheets all say what :mod:`tapdesk.engine.binary.rater_standing` found, with
these sentences, so none can claim what another denies. Past tense
throughout (the ratings were given); "not shown to differ", never "as
accurate as", because an interval that includes 0 does not show equality.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tapdesk.engine.intervals import significance, z_value
from tapdesk.engine.results import (
    Estimate,
    FitResult,
    PanelTest,
    RaterComparison,
    RaterEstimate,
    fmt,
    number_text,
)
from tapdesk.engine.words import ACCURACY_BELOW_0, class_words, level_percent, percent, tells

CREDIBLE_FLOOR = 0.02
"""A posterior interval of an accuracy bounded to [0, 1] cannot reach below 0; it counts as
reaching chance when its lower end is under this."""
INTERVAL_WORDS = {"profile": "interval", "bootstrap": "interval",
                  "posterior": "credible interval", "wald": "interval"}
"""The interval a flag names, in a committee's words (how it was made is in the fit's
interval method, which the report's method appendix and the app's tooltips give)."""

ACCURACY_CLAUSES = {
    "higher": "{name} was accurate more often than the rest of the panel",
    "lower": "{name} was accurate less often than the rest of the panel",
    "not shown to differ": "{name}'s accuracy was not shown to differ from the rest of the panel's",
    "unknown": "{name}'s accuracy could not be compared with the rest of the panel from these "
               "ratings",
}
GUESS_CLAUSES = {
    "more": "called {one} more often than the others when guessing",
    "less": "called {one} less often than the others when guessing",
    "not shown to differ": "was not shown to guess {one} more or less often than the others",
}


def accuracy_clause(comparison: RaterComparison | None, name: str) -> str:
    """"Rater J3 was accurate less often than the rest of the panel" and its kin."""
    verdict = comparison.verdict if comparison is not None else "unknown"
    return ACCURACY_CLAUSES.get(verdict, ACCURACY_CLAUSES["unknown"]).format(name=name)


def guess_clause(comparison: RaterComparison | None, one: str) -> str:
    """How the rater's guesses leaned against the others' ("" when unknown)."""
    if comparison is None or comparison.verdict not in GUESS_CLAUSES:
        return ""
    return GUESS_CLAUSES[comparison.verdict].format(one=one)


def signed(value: float) -> str:
    """"+0.24", "\u22120.17" (:func:`~tapdesk.engine.results.number_text`); a value that rounds
    to zero gets another digit ("\u22120.003", never "\u22120.00")."""
    for digits in (2, 3, 4):
        if round(value, digits) != 0 or value == 0:
            return number_text(value, f"+.{digits}f")
    return "0.00"


def difference_text(comparison: RaterComparison) -> str:
    """"difference \u22120.21, 95% interval \u22120.35 to \u22120.07"."""
    text = f"difference {signed(comparison.difference)}"
    if comparison.interval is not None:
        lo, hi = comparison.interval
        text += f", {level_percent(comparison.level)} interval {signed(lo)} to {signed(hi)}"
    return text


def panel_sentence(result: FitResult) -> str:
    """One sentence on which raters differ from the rest of the panel ("" if none compared)."""
    one = class_words(result.class_choice)[0] if result.class_choice is not None else "Class 1"
    return panel_sentence_of(result.comparisons, result.panel_test, one)


def no_comparison_sentence(result: FitResult) -> str:
    """What a fit with raters but without comparisons against the panel says of them ("" for a
    fit that has comparisons). No rater is named: only the two-class per-rater model has a test
    that holds its error rate for the whole panel (a global test, then Holm's step,
    :mod:`tapdesk.engine.binary.rater_family`); reading two raters' intervals side by side (do
    they overlap?) holds none, and among many raters some pair's intervals part by chance."""
    if result.comparisons or len(result.raters) < 2:
        return ""
    return ("No rater is named as more or less accurate than the others: this model has no "
            "test of that which holds its error rate for the whole panel (the per-rater t-a-p "
            "model on a Class 1 / Class 0 split has one)")


def family_phrase(test: PanelTest | None) -> str:
    """"all 12 comparisons judged together, ..." ("" for results saved before 1.1)."""
    if test is None:
        return ""
    if test.p_value is None:
        return (f"all {test.n_comparisons} comparisons judged together: a rater is named only "
                f"where the panel's joint {level_percent(test.level)} credible band leaves out 0")
    return (f"all {test.n_comparisons} comparisons judged together, so the chance of naming any "
            f"rater who does not differ is {100 * significance(test.level):g}% for the whole "
            "panel")


def verdict_words(c: RaterComparison | None) -> str:
    """The verdict as a table cell: "lower", "not shown to differ", "not shown to differ once
    all 12 comparisons are allowed for", "cannot be estimated ..."."""
    if c is None:
        return "unknown"
    if c.held_back:
        return f"not shown to differ once all {c.family_size} comparisons are allowed for"
    if c.verdict == "unknown" and c.method.startswith((CANNOT, NOT_JUDGED)):
        return c.method
    return c.verdict


CANNOT = "cannot be estimated from these data"
"""How a comparison's ``method`` begins when its quantity is not identified by the data."""
NOT_JUDGED = "not judged"
"""How a comparison's ``method`` begins when no method at hand judges it at its level."""


def claim_text(c: RaterComparison, one: str) -> str:
    """"J1 was accurate more often (difference ...)" or "J2 called 'gold' less often when
    guessing (difference ...)"."""
    if c.name == "a":
        how = "was accurate more often" if c.verdict == "higher" else "was accurate less often"
    else:
        how = f"called {one} {'more' if c.verdict == 'more' else 'less'} often when guessing"
    return f"{c.rater_id} {how} ({difference_text(c)})"


def panel_sentence_of(comparisons: tuple[RaterComparison, ...], test: PanelTest | None = None,
                      one: str = "Class 1") -> str:
    """:func:`panel_sentence` from the comparisons themselves (for the fit's own headline)."""
    known = [c for c in comparisons if c.verdict != "unknown"]
    if not any(c.name == "a" for c in known):
        return ""
    how = family_phrase(test)
    differing = [c for c in known if c.differs]
    if not differing:
        if not how:
            return (f"No rater's accuracy was shown to differ from the rest of the panel (for every "
                    f"rater the {level_percent(known[0].level)} interval for the difference from "
                    f"the others includes 0).")
        return (f"No rater was shown to differ from the rest of the panel, in accuracy or in how "
                f"they guess ({how}).{_held_back(known)}")
    order = named_claims(comparisons)
    lead = f"Compared with the rest of the panel ({how}), " if how else \
        "Compared with the rest of the panel, "
    rest = (" The other raters were not shown to differ." if len(known) > len(differing) else "")
    if len(order) > MOST_LISTED:
        return lead + claims_counted(order, one) + "." + rest + _held_back(known)
    return lead + "; ".join(claim_text(c, one) for c in order) + "." + rest + _held_back(known)


MOST_LISTED = 8
"""More named comparisons than this are counted, not listed, in the panel sentence (a crowd of
1,000 workers can name 150): the Raters tab and each rater's feedback carry every one."""


def named_claims(comparisons: Sequence[RaterComparison]) -> list[RaterComparison]:
    """The comparisons the panel sentence names, in its order: accuracy first, then guessing,
    each from the largest difference down."""
    named = [c for c in comparisons if c.verdict != "unknown" and c.differs]
    return sorted(named, key=lambda c: (c.name, -c.difference))


def claims_counted(claims: Sequence[RaterComparison], one: str = "Class 1") -> str:
    """"112 raters were accurate less often and 20 more often; 31 raters called 'yes' more
    often when guessing (the Raters tab ... name them)" for many named comparisons."""
    def n(name: str, verdict: str) -> int:
        return sum(c.name == name and c.verdict == verdict for c in claims)

    said = []
    for name, first, second in (("a", "lower", "higher"), ("p", "more", "less")):
        counts = [(n(name, v), v) for v in (first, second)]
        parts: list[str] = []
        for k, verdict in (c for c in counts if c[0]):
            often = "less often" if verdict in ("lower", "less") else "more often"
            if parts:
                parts.append(f"{k:,} {often}")
            elif name == "a":
                parts.append(f"{k:,} rater{'s were' if k != 1 else ' was'} accurate {often}")
            else:
                parts.append(f"{k:,} rater{'s' if k != 1 else ''} called {one} {often} when "
                             "guessing")
        if parts:
            said.append(" and ".join(parts))
    return "; ".join(said) + " (the Raters tab and each rater's feedback name them)"


def _held_back(known: list[RaterComparison]) -> str:
    """Comparisons whose own interval leaves out 0 but which the family did not name."""
    held = [c for c in known if c.held_back]
    if not held:
        return ""
    names = [f"{c.rater_id}'s {'accuracy' if c.name == 'a' else 'guess rate'}" for c in held[:4]]
    what = (", ".join(names) + " and more" if len(held) > 4 else
            names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    if len(held) == 1:
        return (f" On its own, the interval for how {what} differs from the rest of "
                f"the panel's leaves out 0, but one such interval among "
                f"{held[0].family_size} is to be expected by chance.")
    return (f" On their own, the intervals for how {what} differ from the rest of "
            f"the panel's leave out 0, but with all "
            f"{held[0].family_size} comparisons judged together, these {len(held)} are not enough "
            f"to name the raters they concern.")


RATER_ACCURACY_NAMES = ("a", "accuracy")
"""What per-rater fits call each rater's accuracy (t-a-p, Dawid-Skene)."""


def rater_accuracy(rater: RaterEstimate) -> Estimate | None:
    return next((e for e in rater.estimates if e.name in RATER_ACCURACY_NAMES), None)


def listed(names: list[str], most: int = 5) -> str:
    """"A", "A and B", "A, B and C", "A, B, C, D, E and 3 more"."""
    if len(names) > most:
        return ", ".join(names[:most]) + f" and {len(names) - most} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def accuracy_range_sentence(raters: Sequence[RaterEstimate],
                            share: Callable[[Estimate], str] | None = None,
                            past: bool = False) -> str:
    """How accurate the raters were, saying only what the data support (one rule for every
    per-rater fit, surface and tense).

    The range runs over the raters whose accuracy these data tell (:func:`tells`: an interval
    narrower than most of the range) and is at least 0. A rater whose accuracy is below 0 with
    its whole interval was not shown to do better than guessing (not "answers the opposite
    way": among many raters one such interval can fall below 0 by chance); one whose interval
    spans most of the range is named as one the data cannot tell. ``share`` writes one
    accuracy (default: whole percent).
    """
    share = share or (lambda est: percent(est.value))
    found = [(r.rater_id, est) for r in raters
             if (est := rater_accuracy(r)) is not None and math.isfinite(est.value)]
    untold_ids = [rid for rid, est in found if not tells(est.ci)]
    told = [(rid, est) for rid, est in found if tells(est.ci)]
    opposite = [rid for rid, est in told if est.ci is not None and est.ci[1] < 0]
    shown = sorted(((rid, est) for rid, est in told if rid not in opposite),
                   key=lambda item: item[1].value)
    parts = []
    be, range_verb = ("was", "ranged") if past else ("is", "ranges")
    if len(shown) >= 2:
        (lo_id, lo), (hi_id, hi) = shown[0], shown[-1]
        parts.append(f"Rater accuracy {range_verb} from {_at_least_0(lo, share)} ({lo_id}) to "
                     f"{share(hi)} ({hi_id}).")
    elif shown:
        rid, est = shown[0]
        parts.append(f"{rid} {be} accurate {_at_least_0(est, share)} of the time.")
    if opposite:
        parts.append(f"{listed(opposite)} {'was' if len(opposite) == 1 else 'were'} not shown "
                     "to do better than guessing (accuracy estimated below 0, with "
                     f"{'its' if len(opposite) == 1 else 'each'} whole interval).")
    if untold_ids:
        parts.append(f"These data cannot tell how accurate {listed(untold_ids)} "
                     f"{('were' if past else 'are') if len(untold_ids) > 1 else be}: "
                     f"{'each' if len(untold_ids) > 1 else 'the'} interval spans most of the "
                     "range.")
    return " ".join(parts)


def _at_least_0(est: Estimate, share: Callable[[Estimate], str]) -> str:
    """An accuracy estimated below 0 whose interval reaches above 0 reads "about 0%"."""
    return "about 0%" if est.value < 0 else share(est)


def reaches_chance(a: Estimate, basis: str) -> bool:
    """Whether the accuracy interval shown (``a.ci``) reaches chance: its lower end at or below 0
    for an interval of a signed accuracy ("profile", "bootstrap"), under
    :data:`CREDIBLE_FLOOR` for one bounded to (0, 1) ("posterior", and "wald": the logit-Wald
    interval never reaches 0 itself)."""
    if a.ci is None:
        return False
    floor = CREDIBLE_FLOOR if basis in ("posterior", "wald") else 0.0
    return a.ci[0] <= floor if floor == 0.0 else a.ci[0] < floor


def chance_flag(a: Estimate, basis: str, level: float) -> str:
    """"accuracy not clearly above chance (...)" when a rater's accuracy interval reaches 0.

    One rule for every per-rater fit, and it reads the interval that is shown beside it
    (:func:`reaches_chance`); ``basis`` says what kind of interval that is: "profile" or
    "bootstrap" (may reach below 0 for a signed a), "wald" (logit-Wald) or "posterior". Where
    no interval is shown, a Wald rule on the standard error decides and the words say so.
    Returns "" when the accuracy is clearly above chance.
    """
    name = level_percent(level)
    if a.ci is None:
        z = z_value(level)
        if basis != "wald" or a.se is None or a.value - z * a.se > 0:
            return ""
        return (f"accuracy not clearly above chance (a = {fmt(a.value, 2)}, within {fmt(z, 2)} times "
                "its margin of error of 0; no interval could be found)")
    if not reaches_chance(a, basis):
        return ""
    if a.ci[0] < 0:
        reach = f"below 0, to {fmt(a.ci[0], 2)}: {ACCURACY_BELOW_0}"
    elif a.ci[0] > 0:
        reach = f"down to {fmt(a.ci[0])}" if a.ci[0] < 0.05 else f"down to {fmt(a.ci[0], 2)}"
    else:
        reach = "0"
    kind = INTERVAL_WORDS.get(basis, "interval")
    return (f"accuracy not clearly above chance (a = {fmt(a.value, 2)}; its {name} {kind} "
            f"reaches {reach})")
