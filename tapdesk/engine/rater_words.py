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
from tapdesk.engine.words import ACCURACY_BELOW_0, class_words, level_percent, number, percent, tells
from tapdesk.i18n import N_, NC_, _, formats, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import Text, joined_text, made, said, said_n, shown

CREDIBLE_FLOOR = 0.02
"""A posterior interval of an accuracy bounded to [0, 1] cannot reach below 0; it counts as
reaching chance when its lower end is under this."""
INTERVAL_WORDS = {"profile": "interval", "bootstrap": "interval",
                  "posterior": "credible interval", "wald": "interval", "signed-wald": "interval"}
"""The interval a flag names, in a committee's words (how it was made is in the fit's
interval method, which the report's method appendix and the app's tooltips give)."""

def accuracy_clause(comparison: RaterComparison | None, name: str) -> Text:
    """"Rater J3 was accurate less often than the rest of the panel" and its kin."""
    verdict = comparison.verdict if comparison is not None else "unknown"
    if verdict == "higher":
        # Translators: {name} is a rater ("Rater J3"); a clause of the rater's feedback.
        return said("{name} was accurate more often than the rest of the panel", name=name)
    if verdict == "lower":
        # Translators: {name} is a rater ("Rater J3"); a clause of the rater's feedback.
        return said("{name} was accurate less often than the rest of the panel", name=name)
    if verdict == "not shown to differ":
        # Translators: {name} is a rater ("Rater J3"); a clause of the rater's feedback.
        return said("{name}'s accuracy was not shown to differ from the rest of the panel's",
                    name=name)
    # Translators: {name} is a rater ("Rater J3"); a clause of the rater's feedback.
    return said("{name}'s accuracy could not be compared with the rest of the panel from these "
                "ratings", name=name)


def guess_clause(comparison: RaterComparison | None, one: str, name: str) -> Text | None:
    """How the rater's guesses leaned against the others', a clause that names the rater (None
    when unknown)."""
    verdict = comparison.verdict if comparison is not None else "unknown"
    if verdict == "more":
        # Translators: {name} is a rater, {one} names Class 1 ("'gold'"); follows a semicolon.
        return said("when guessing, {name} called {one} more often than the others", name=name,
                    one=one)
    if verdict == "less":
        # Translators: {name} is a rater, {one} names Class 1 ("'gold'"); follows a semicolon.
        return said("when guessing, {name} called {one} less often than the others", name=name,
                    one=one)
    if verdict == "not shown to differ":
        # Translators: {name} is a rater, {one} names Class 1 ("'gold'"); follows a semicolon.
        return said("{name} was not shown to guess {one} more or less often than the others",
                    name=name, one=one)
    return None


def signed(value: float) -> str:
    """"+0.24", "\u22120.17" (:func:`~tapdesk.engine.results.number_text`); a value that rounds
    to zero gets another digit ("\u22120.003", never "\u22120.00")."""
    for digits in (2, 3, 4):
        if round(value, digits) != 0 or value == 0:
            return number_text(value, f"+.{digits}f")
    return "0.00"


def difference_text(comparison: RaterComparison) -> Text:
    """"difference \u22120.21, 95% interval \u22120.35 to \u22120.07"."""
    difference = made(signed, comparison.difference)
    if comparison.interval is None:
        # Translators: a rater's difference from the rest of the panel; {difference} "-0.21".
        return said("difference {difference}", difference=difference)
    lo, hi = comparison.interval
    # Translators: {difference} a rater's difference from the rest of the panel ("-0.21"),
    # {level} its interval's level ("95%"), {low} and {high} the interval's ends.
    return said("difference {difference}, {level} interval {low} to {high}", difference=difference,
                level=made(level_percent, comparison.level), low=made(signed, lo),
                high=made(signed, hi))


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
    return said("No rater is named as more or less accurate than the others: this model has no "
                "test of that which holds its error rate for the whole panel (the per-rater t-a-p "
                "model on a Class 1 / Class 0 split has one)")


def family_phrase(test: PanelTest | None) -> str:
    """"all 12 comparisons judged together, ..." ("" for results saved before 1.1)."""
    if test is None:
        return ""
    if test.p_value is None:
        # Translators: {n} comparisons (2 or more); {level} is the band's level ("95%").
        return said_n("all {n} comparisons judged together: a rater is named only where the "
                      "panel's joint {level} credible band leaves out 0",
                      "all {n} comparisons judged together: a rater is named only where the "
                      "panel's joint {level} credible band leaves out 0", test.n_comparisons,
                      n=test.n_comparisons, level=made(level_percent, test.level))
    # Translators: {n} comparisons (2 or more); {percent} the error rate ("5%").
    return said_n("all {n} comparisons judged together, so the chance of naming any rater who "
                  "does not differ is {percent} for the whole panel",
                  "all {n} comparisons judged together, so the chance of naming any rater who "
                  "does not differ is {percent} for the whole panel", test.n_comparisons,
                  n=test.n_comparisons, percent=made(chance_percent, significance(test.level)))


def chance_percent(share: float) -> str:
    """An error rate as a percent with the decimals it has ("5%", "2.5%")."""
    if is_source():
        return f"{100 * share:g}%"
    text = f"{100 * share:g}"
    return formats.percent(share, len(text.partition(".")[2]) if "e" not in text else 2)


VERDICT_WORDS = {"higher": NC_("verdict", "higher"), "lower": NC_("verdict", "lower"),
                 "more": NC_("verdict", "more"), "less": NC_("verdict", "less"),
                 "not shown to differ": NC_("verdict", "not shown to differ"),
                 "unknown": NC_("verdict", "unknown")}
"""A verdict's code as a table cell says it."""


def verdict_words(c: RaterComparison | None) -> str:
    """The verdict as a table cell, in the current language: "lower", "not shown to differ",
    "not shown to differ once all 12 comparisons are allowed for", "cannot be estimated ...",
    "not compared: too few ratings"."""
    if c is None:
        return pgettext("verdict", "unknown")
    if c.held_back:
        # Translators: a verdict in a table cell; {n} comparisons (2 or more).
        return _("not shown to differ once all {n} comparisons are allowed for").format(
            n=formats.integer(c.family_size))
    if c.verdict == "unknown" and c.method.startswith((CANNOT, NOT_JUDGED)):
        return shown(c.method)
    if c.verdict == "unknown" and str(c.method) in NOT_COMPARED:
        # Translators: a verdict in a table cell, for a rater who is not compared with the rest
        # of the panel; {reason} says why ("too few ratings", "the same rating every time").
        return _("not compared: {reason}").format(reason=shown(c.method))
    return pgettext("verdict", VERDICT_WORDS[c.verdict]) if c.verdict in VERDICT_WORDS \
        else c.verdict


NOT_COMPARED = frozenset({"too few ratings", "the same rating every time",
                          "no other rater to compare"})
"""The reasons a rater is not compared with the rest of the panel at all, as a comparison's
``method`` holds them (:func:`tapdesk.engine.binary.rater_standing.why_not_compared`, which the
maximum-likelihood, crowd and Bayesian comparisons share): its verdict cell says the reason."""

CANNOT = "cannot be estimated from these data"
"""How a comparison's ``method`` begins when its quantity is not identified by the data."""
NOT_JUDGED = "not judged"
"""How a comparison's ``method`` begins when no method at hand judges it at its level."""


def claim_text(c: RaterComparison, one: str) -> Text:
    """"J1 was accurate more often (difference ...)" or "J2 called 'gold' less often when
    guessing (difference ...)"."""
    difference = difference_text(c)
    if c.name == "a" and c.verdict == "higher":
        # Translators: {rater} a rater's name, {difference} "difference +0.21, 95% interval ...".
        return said("{rater} was accurate more often ({difference})", rater=c.rater_id,
                    difference=difference)
    if c.name == "a":
        # Translators: {rater} a rater's name, {difference} "difference -0.21, 95% interval ...".
        return said("{rater} was accurate less often ({difference})", rater=c.rater_id,
                    difference=difference)
    if c.verdict == "more":
        # Translators: {rater} a rater's name, {one} names Class 1 ("'gold'"), {difference}
        # "difference +0.21, 95% interval ...".
        return said("{rater} called {one} more often when guessing ({difference})",
                    rater=c.rater_id, one=one, difference=difference)
    # Translators: {rater} a rater's name, {one} names Class 1 ("'gold'"), {difference}
    # "difference -0.21, 95% interval ...".
    return said("{rater} called {one} less often when guessing ({difference})", rater=c.rater_id,
                one=one, difference=difference)


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
            # Translators: {level} is the interval's level ("95%").
            return said("No rater's accuracy was shown to differ from the rest of the panel (for "
                        "every rater the {level} interval for the difference from the others "
                        "includes 0).", level=made(level_percent, known[0].level))
        # Translators: {how} says how the comparisons were judged ("all 12 comparisons judged
        # together, so ...").
        return _sentences(said("No rater was shown to differ from the rest of the panel, in "
                               "accuracy or in how they guess ({how}).", how=how),
                          _held_back(known))
    order = named_claims(comparisons)
    claims = claims_counted(order, one) if len(order) > MOST_LISTED else \
        joined_text("; ", [claim_text(c, one) for c in order])
    if how:
        # Translators: {how} says how the comparisons were judged; {claims} names the raters
        # who differ ("J1 was accurate less often (difference ...); J4 ...").
        lead = said("Compared with the rest of the panel ({how}), {claims}.", how=how,
                    claims=claims)
    else:
        # Translators: {claims} names the raters who differ ("J1 was accurate less often ...").
        lead = said("Compared with the rest of the panel, {claims}.", claims=claims)
    rest = said("The other raters were not shown to differ.") if len(known) > len(differing) \
        else ""
    return _sentences(lead, rest, _held_back(known))


def _sentences(*sentences: str) -> Text:
    """Sentences one after the other (the empty ones left out)."""
    return joined_text(" ", [s for s in sentences if s])


MOST_LISTED = 8
"""More named comparisons than this are counted, not listed, in the panel sentence (a crowd of
1,000 workers can name 150): the Raters tab and each rater's feedback carry every one."""


def named_claims(comparisons: Sequence[RaterComparison]) -> list[RaterComparison]:
    """The comparisons the panel sentence names, in its order: accuracy first, then guessing,
    each from the largest difference down."""
    named = [c for c in comparisons if c.verdict != "unknown" and c.differs]
    return sorted(named, key=lambda c: (c.name, -c.difference))


def claims_counted(claims: Sequence[RaterComparison], one: str = "Class 1") -> Text:
    """"112 raters were accurate less often and 20 more often; 31 raters called 'yes' more
    often when guessing (the Raters tab ... name them)" for many named comparisons."""
    def n(name: str, verdict: str) -> int:
        return sum(c.name == name and c.verdict == verdict for c in claims)

    said_parts = [part for part in (_counted_accuracy(n("a", "lower"), n("a", "higher")),
                                    _counted_guesses(n("p", "more"), n("p", "less"), one)) if part]
    # Translators: {claims} counts the raters named ("112 raters were accurate less often and
    # 20 more often; 31 raters called 'yes' more often when guessing").
    return said("{claims} (the Raters tab and each rater's feedback name them)",
                claims=joined_text("; ", said_parts))


def _counted_accuracy(lower: int, higher: int) -> Text | None:
    counts = {"n": made(number, lower or higher), "m": made(number, higher)}
    if lower and higher:
        # Translators: {n} raters were less accurate than the rest, {m} more accurate.
        return said_n("{n} rater was accurate less often and {m} more often",
                      "{n} raters were accurate less often and {m} more often", lower, **counts)
    if lower:
        # Translators: {n} raters were less accurate than the rest of the panel.
        return said_n("{n} rater was accurate less often", "{n} raters were accurate less often",
                      lower, n=counts["n"])
    if higher:
        # Translators: {n} raters were more accurate than the rest of the panel.
        return said_n("{n} rater was accurate more often", "{n} raters were accurate more often",
                      higher, n=counts["n"])
    return None


def _counted_guesses(more: int, less: int, one: str) -> Text | None:
    counts = {"n": made(number, more or less), "m": made(number, less), "one": one}
    if more and less:
        # Translators: {n} raters guessed {one} (Class 1's name) more often, {m} less often.
        return said_n("{n} rater called {one} more often when guessing and {m} less often",
                      "{n} raters called {one} more often when guessing and {m} less often",
                      more, **counts)
    if more:
        # Translators: {n} raters guessed {one} (Class 1's name) more often than the others.
        return said_n("{n} rater called {one} more often when guessing",
                      "{n} raters called {one} more often when guessing", more, n=counts["n"],
                      one=one)
    if less:
        # Translators: {n} raters guessed {one} (Class 1's name) less often than the others.
        return said_n("{n} rater called {one} less often when guessing",
                      "{n} raters called {one} less often when guessing", less, n=counts["n"],
                      one=one)
    return None


def _held_back(known: list[RaterComparison]) -> str:
    """Comparisons whose own interval leaves out 0 but which the family did not name."""
    held = [c for c in known if c.held_back]
    if not held:
        return ""
    # Translators: {rater} a rater's name; one of the things a sentence lists.
    names = tuple(said("{rater}'s accuracy", rater=c.rater_id) if c.name == "a" else
                  # Translators: {rater} a rater's name; one of the things a sentence lists.
                  said("{rater}'s guess rate", rater=c.rater_id) for c in held[:4])
    what = made(and_more, names, len(held) > 4)
    if len(held) == 1:
        # Translators: {what} is "J1's accuracy" or "J1's guess rate"; {n} the comparisons.
        return said("On its own, the interval for how {what} differs from the rest of the panel's "
                    "leaves out 0, but one such interval among {n} is to be expected by chance.",
                    what=what, n=held[0].family_size)
    # Translators: {what} lists "J1's accuracy, J4's guess rate ..."; {n} the comparisons;
    # {k} how many of them are listed.
    return said("On their own, the intervals for how {what} differ from the rest of the panel's "
                "leave out 0, but with all {n} comparisons judged together, these {k} are not "
                "enough to name the raters they concern.", what=what, n=held[0].family_size,
                k=len(held))


def and_more(names: tuple[str, ...], more: bool) -> str:
    """"A, B and C", or "A, B, C, D and more"."""
    if is_source():
        return (", ".join(names) + " and more" if more else
                names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    # Translators: ends a list that names only the first few ("A, B, C, D and more").
    return formats.joined([*names, _("more")]) if more else formats.joined(names)


RATER_ACCURACY_NAMES = ("a", "accuracy")
"""What per-rater fits call each rater's accuracy (t-a-p, Dawid-Skene)."""


def rater_accuracy(rater: RaterEstimate) -> Estimate | None:
    return next((e for e in rater.estimates if e.name in RATER_ACCURACY_NAMES), None)


def listed(names: list[str] | tuple[str, ...], most: int = 5) -> str:
    """"A", "A and B", "A, B and C", "A, B, C, D, E and 3 more" (in the current language)."""
    if not is_source():
        shown_names = [*names[:most]]
        if len(names) > most:
            # Translators: ends a list that names only the first few; {n} how many are not named.
            shown_names.append(_("{n} more").format(n=formats.integer(len(names) - most)))
        return formats.joined(shown_names)
    if len(names) > most:
        return ", ".join(names[:most]) + f" and {len(names) - most} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def accuracy_range_sentence(raters: Sequence[RaterEstimate],
                            share: Callable[[Estimate], str] | None = None,
                            past: bool = False) -> Text:
    """How accurate the raters were, saying only what the data support (one rule for every
    per-rater fit, surface and tense).

    The range runs over the raters whose accuracy these data tell (:func:`tells`: an interval
    narrower than most of the range) and is at least 0. A rater whose accuracy is below 0 with
    its whole interval was not shown to do better than guessing (not "answers the opposite
    way": among many raters one such interval can fall below 0 by chance); one whose interval
    spans most of the range is named as one the data cannot tell. ``share`` writes one
    accuracy (default: whole percent); a share it gives as a
    :class:`~tapdesk.i18n.deferred.Text` is written again in the language shown.
    """
    share = share or (lambda est: made(percent, est.value))
    found = [(r.rater_id, est) for r in raters
             if (est := rater_accuracy(r)) is not None and math.isfinite(est.value)]
    untold_ids = tuple(rid for rid, est in found if not tells(est.ci))
    told = [(rid, est) for rid, est in found if tells(est.ci)]
    opposite = tuple(rid for rid, est in told if est.ci is not None and est.ci[1] < 0)
    shown_ = sorted(((rid, est) for rid, est in told if rid not in opposite),
                    key=lambda item: item[1].value)
    parts: list[str] = []
    if len(shown_) >= 2:
        (lo_id, lo), (hi_id, hi) = shown_[0], shown_[-1]
        args = {"low": _at_least_0(lo, share), "low_rater": lo_id, "high": share(hi),
                "high_rater": hi_id}
        # Translators: {low} and {high} are accuracies ("54%"), {low_rater} and {high_rater}
        # the raters who have them.
        parts.append(said("Rater accuracy ranged from {low} ({low_rater}) to {high} "
                          "({high_rater}).", **args) if past else
                     # Translators: as the sentence before, in the present tense.
                     said("Rater accuracy ranges from {low} ({low_rater}) to {high} "
                          "({high_rater}).", **args))
    elif shown_:
        rid, est = shown_[0]
        # Translators: {rater} a rater's name, {share} an accuracy ("54%").
        parts.append(said("{rater} was accurate {share} of the time.", rater=rid,
                          share=_at_least_0(est, share)) if past else
                     # Translators: as the sentence before, in the present tense.
                     said("{rater} is accurate {share} of the time.", rater=rid,
                          share=_at_least_0(est, share)))
    if opposite:
        # Translators: {raters} lists raters' names ("J1, J2 and J5").
        parts.append(said_n("{raters} was not shown to do better than guessing (accuracy "
                            "estimated below 0, with its whole interval).",
                            "{raters} were not shown to do better than guessing (accuracy "
                            "estimated below 0, with each whole interval).", len(opposite),
                            raters=made(listed, opposite)))
    if untold_ids:
        raters_text = made(listed, untold_ids)
        # Translators: {raters} lists raters' names ("J1, J2 and J5").
        parts.append(said_n("These data cannot tell how accurate {raters} was: the interval "
                            "spans most of the range.", "These data cannot tell how accurate "
                            "{raters} were: each interval spans most of the range.",
                            len(untold_ids), raters=raters_text) if past else
                     # Translators: as the sentence before, in the present tense.
                     said_n("These data cannot tell how accurate {raters} is: the interval "
                            "spans most of the range.", "These data cannot tell how accurate "
                            "{raters} are: each interval spans most of the range.",
                            len(untold_ids), raters=raters_text))
    return joined_text(" ", parts)


def _at_least_0(est: Estimate, share: Callable[[Estimate], str]) -> str:
    """An accuracy estimated below 0 whose interval reaches above 0 reads "about 0%"."""
    if est.value < 0:
        # Translators: an accuracy estimated below 0; {percent} is "0%".
        return said("about {percent}", percent=made(formats.percent, 0.0))
    return share(est)


def reaches_chance(a: Estimate, basis: str) -> bool:
    """Whether the accuracy interval shown (``a.ci``) reaches chance: its lower end at or below 0
    for an interval of a signed accuracy ("profile", "bootstrap", "signed-wald"), under
    :data:`CREDIBLE_FLOOR` for one bounded to (0, 1) ("posterior", and "wald": the logit-Wald
    interval never reaches 0 itself)."""
    if a.ci is None:
        return False
    floor = CREDIBLE_FLOOR if basis in ("posterior", "wald") else 0.0
    return a.ci[0] <= floor if floor == 0.0 else a.ci[0] < floor


def panel_level(level: float, n_raters: int) -> float:
    """The level of the interval a rater's chance flag rests on: ``level`` adjusted over the
    panel's raters by Bonferroni (1 - (1 - level) / J for J raters), so that the chance of
    flagging any rater of the panel who rates better than chance is at most 1 - level."""
    return 1 - (1 - level) / max(int(n_raters), 1)


def chance_flag(a: Estimate, panel: tuple[float, float] | None, level: float, n_raters: int,
                below_0: str = ACCURACY_BELOW_0) -> str:
    """"accuracy no better than chance (...)": a verdict, so it holds at the panel's error rate
    (issue 78). A rater is flagged only where the whole interval of a at the panel's level
    (:func:`panel_level`), ``panel``, lies at or below 0; never from an estimate, nor from an
    interval that merely reaches 0 (:func:`chance_note` says that, without a flag).

    For an accuracy bounded to [0, 1] (the t-a-p models' a, a posterior's) a whole interval at
    or below 0 cannot happen, so those models never flag a rater for chance; a signed a
    (Dawid-Skene's accuracy beyond chance, the two-class per-rater q1 - q0) can lie below 0.
    ``below_0`` is what an accuracy below 0 would mean (Dawid-Skene says its own).
    Returns "" when the rater is not flagged."""
    if panel is None or panel[1] > 0:
        return ""
    # Translators: a rater's flag; {a} the accuracy ("-0.31"), {level} the adjusted interval's
    # level ("99%"), {n} the panel's raters, {low} and {high} the interval's ends, {meaning}
    # the sentence "an accuracy below 0 would mean ...". The caveats quote the words before " (".
    return said_n("accuracy no better than chance (a = {a}; its {level} interval, adjusted for "
                  "the panel's {n} rater, lies at or below 0, from {low} to {high}: {meaning})",
                  "accuracy no better than chance (a = {a}; its {level} interval, adjusted for "
                  "the panel's {n} raters, lies at or below 0, from {low} to {high}: {meaning})",
                  n_raters, a=made(fmt, a.value, 2), level=made(level_percent, _shown_level(
                      panel_level(level, n_raters))), n=made(number, n_raters),
                  low=made(fmt, panel[0], 2),
                  high=made(fmt, panel[1], 2), meaning=below_0)


def _shown_level(level: float) -> float:
    """A level as the words give it: at most two decimals of a percent, cut down (99.9167% is
    said "99.91%", never rounded up to a level the interval does not reach)."""
    return math.floor(level * 10_000 + 1e-9) / 10_000


def chance_note(rater_id: str, a: Estimate, basis: str, level: float) -> str:
    """"These data cannot show that R3 rates better than chance: its 95% interval reaches 0."
    where the interval shown (``a.ci``) reaches chance (:func:`reaches_chance`): words for the
    rater's row, the headline and the feedback, without a flag or a highlight (issue 78).

    ``basis`` says what kind of interval that is: "profile", "bootstrap" or "signed-wald"
    (these may reach below 0 for a signed a), "wald" (logit-Wald) or "posterior". Where no
    interval is shown, a Wald rule on the standard error decides and the words say so.
    Returns "" when the interval lies above chance. The words are made only where they are
    said (10,000 raters, most clear of chance, took 0.3 s making them for each)."""
    if a.ci is None:
        z = z_value(level)
        if basis != "wald" or a.se is None or a.value - z * a.se > 0:
            return ""
        # Translators: {rater} a rater's name; {a} the accuracy ("0.12"), {z} a number ("1.96").
        return said("These data cannot show that {rater} rates better than chance: a = {a} is "
                    "within {z} times its margin of error of 0 (no interval could be found).",
                    rater=rater_id, a=made(fmt, a.value, 2), z=made(fmt, z, 2))
    if not reaches_chance(a, basis):
        return ""
    # Translators: {rater} a rater's name; {interval} the interval's name ("95% interval"),
    # {reach} how far down it reaches ("0", "below 0, to -0.12", "down to 0.013").
    return said("These data cannot show that {rater} rates better than chance: its {interval} "
                "reaches {reach}.", rater=rater_id, interval=_interval_name(basis, level),
                reach=_reach(a.ci[0]))


def _reach(low: float) -> str:
    """How far down an interval reaches: "0", "below 0, to -0.12", "down to 0.013"."""
    if low < 0:
        # Translators: how far an interval reaches; {low} its lower end ("-0.12").
        return said("below 0, to {low}", low=made(fmt, low, 2))
    if low > 0:
        # Translators: how far an interval reaches; {low} its lower end ("0.03").
        return said("down to {low}", low=made(fmt, low, 3 if low < 0.05 else 2))
    return "0"


def _interval_name(basis: str, level: float) -> str:
    """"95% interval", or "95% credible interval" for a posterior's."""
    interval = made(level_percent, level)
    if INTERVAL_WORDS.get(basis, "interval") == "credible interval":
        # Translators: the name of a Bayesian interval; {level} is "95%".
        return said("{level} credible interval", level=interval)
    # Translators: the name of an interval; {level} is "95%".
    return said("{level} interval", level=interval)


# Translators: a narrow table cell for a rater whose accuracy interval reaches chance (the
# rater is not flagged; the full sentence is in the headline and the appendix).
CHANCE_SHORT = N_("not shown better than chance")
""":func:`chance_note`'s words in a narrow cell (the report's table of the raters' accuracies)."""


def chance_short(rater: RaterEstimate) -> str:
    """:data:`CHANCE_SHORT` in the current language for a rater with the words, else ""."""
    return _(CHANCE_SHORT) if rater.chance else ""


def chance_words(rater_id: str, a: Estimate, basis: str, level: float, n_raters: int,
                 panel: tuple[float, float] | None = None,
                 below_0: str = ACCURACY_BELOW_0) -> tuple[str, str]:
    """(flag, note) of a rater's accuracy against chance, the one rule every per-rater fit
    follows: the flag of :func:`chance_flag` where the panel-adjusted interval ``panel`` lies
    at or below 0, else the words of :func:`chance_note` where the interval shown reaches
    chance (never both)."""
    flag = chance_flag(a, panel, level, n_raters, below_0)
    return (flag, "") if flag else ("", chance_note(rater_id, a, basis, level))


def chance_headline(raters: Sequence[RaterEstimate]) -> str:
    """The headline's words on the raters these data cannot show rate better than chance:
    the one rater's own sentence (:func:`chance_note`), or one for several ("" for none)."""
    noted = [r for r in raters if r.chance]
    if len(noted) == 1:
        return noted[0].chance
    if not noted:
        return ""
    # Translators: {raters} lists raters' names ("R1, R3 and R5"; always two or more).
    return said_n("These data cannot show that {raters} rates better than chance: its interval "
                  "reaches chance (each rater's row gives how far).",
                  "These data cannot show that {raters} rate better than chance: each one's "
                  "interval reaches chance (each rater's row gives how far).", len(noted),
                  raters=made(listed, tuple(r.rater_id for r in noted)))
