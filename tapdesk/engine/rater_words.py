"""The words for how raters compare with the rest of the panel, from a fit's comparisons.

The per-rater summary's headline, the report's conclusion and the feedback
sheets all say what :mod:`tapdesk.engine.binary.rater_standing` found, with
these sentences, so none can claim what another denies. Past tense
throughout (the ratings were given); "not shown to differ", never "as
accurate as", because an interval that includes 0 does not show equality.
"""

from __future__ import annotations

from tapdesk.engine.intervals import z_value
from tapdesk.engine.results import Estimate, FitResult, RaterComparison
from tapdesk.engine.words import level_percent

CREDIBLE_FLOOR = 0.02
"""A posterior interval of an accuracy bounded to [0, 1] cannot reach below 0; it counts as
reaching chance when its lower end is under this."""
INTERVAL_WORDS = {"profile": "profile-likelihood interval", "bootstrap": "bootstrap interval",
                  "posterior": "credible interval"}

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
    """"+0.24", "-0.17"; a value that rounds to zero gets another digit ("-0.003", never "-0.00")."""
    for digits in (2, 3, 4):
        text = f"{value:+.{digits}f}"
        if float(text) != 0 or value == 0:
            return text
    return "0.00"


def difference_text(comparison: RaterComparison) -> str:
    """"difference -0.21, 95% interval -0.35 to -0.07"."""
    text = f"difference {signed(comparison.difference)}"
    if comparison.interval is not None:
        lo, hi = comparison.interval
        text += f", {level_percent(comparison.level)} interval {signed(lo)} to {signed(hi)}"
    return text


def panel_sentence(result: FitResult) -> str:
    """One sentence on which raters' accuracy differs from the rest of the panel ("" if none compared)."""
    return panel_sentence_of(result.comparisons)


def panel_sentence_of(comparisons: tuple[RaterComparison, ...]) -> str:
    """:func:`panel_sentence` from the comparisons themselves (for the fit's own headline)."""
    accuracy = [c for c in comparisons if c.name == "a"]
    known = [c for c in accuracy if c.verdict != "unknown"]
    if not known:
        return ""
    differing = [c for c in known if c.differs]
    if not differing:
        return (f"No rater's accuracy was shown to differ from the rest of the panel (for every "
                f"rater the {level_percent(known[0].level)} interval for the difference from the "
                f"others includes 0).")
    parts = [f"{c.rater_id} was accurate {'more' if c.verdict == 'higher' else 'less'} often "
             f"({difference_text(c)})" for c in sorted(differing, key=lambda c: -c.difference)]
    rest = (" The other raters were not shown to differ." if len(known) > len(differing) else "")
    return "Compared with the rest of the panel, " + "; ".join(parts) + "." + rest


def chance_flag(a: Estimate, basis: str, level: float) -> str:
    """"accuracy not clearly above chance (...)" when a rater's accuracy interval reaches 0.

    One rule for every per-rater fit. ``basis`` says which interval decides:
    "profile" or "bootstrap" (the reported interval, which may reach below 0 for
    a signed a), "wald" (a -+ z SE: the logit-Wald interval that is reported
    never reaches 0, so the plain one decides), "posterior" (lower end under
    :data:`CREDIBLE_FLOOR`). Returns "" when the accuracy is clearly above chance.
    """
    name = level_percent(level)
    if basis == "wald":
        z = z_value(level)
        if a.se is None or a.value - z * a.se > 0:
            return ""
        return (f"accuracy not clearly above chance (a = {a.value:.2f}, less than {z:.2f} "
                f"standard errors above 0: its {name} Wald interval reaches 0)")
    floor = CREDIBLE_FLOOR if basis == "posterior" else 0.0
    if a.ci is None or a.ci[0] > floor:
        return ""
    if floor:
        reach = f"down to {a.ci[0]:.2f}"
    elif a.ci[0] < 0:
        reach = (f"below 0, to {a.ci[0]:.2f}: an accuracy under 0 would mean a rater who "
                 "matches the truth less often than guessing alone")
    else:
        reach = "0"
    return (f"accuracy not clearly above chance (a = {a.value:.2f}; its {name} "
            f"{INTERVAL_WORDS[basis]} reaches {reach})")
