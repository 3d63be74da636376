"""One rule for a rater's accuracy against chance, whichever interval a per-rater fit reports
(issue 78): a flag "no better than chance" only where the whole interval at the panel's level
lies at or below 0; words, without a flag, where the interval shown reaches chance."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.per_rater import rater_flag
from tapdesk.engine.intervals import logit_wald_interval
from tapdesk.engine.rater_words import (
    chance_flag,
    chance_headline,
    chance_note,
    chance_words,
    panel_level,
)
from tapdesk.engine.results import Estimate, RaterEstimate
from tapdesk.engine.words import ACCURACY_BELOW_0


def accuracy(value: float, se: float | None, ci) -> Estimate:
    return Estimate("a", value, se, ci, "accuracy")


def test_the_wald_words_read_the_logit_interval_shown_beside_them():
    """Issue 39: words that said "its Wald interval reaches 0" stood beside a shown interval of
    0.087 to 0.820. They read the shown (logit-Wald) interval, which never reaches 0 itself:
    reaching the floor of 0.02 counts as reaching chance, as for a posterior."""
    ci = logit_wald_interval(0.10, 0.08, 0.95)
    assert 0 < ci[0] < 0.02
    note = chance_note("J1", accuracy(0.10, 0.08, ci), "wald", 0.95)
    assert note == (f"These data cannot show that J1 rates better than chance: its 95% interval "
                    f"reaches down to {ci[0]:.3f}.")
    shown = logit_wald_interval(0.3, 0.16, 0.95)
    assert shown[0] > 0.02 and 0.3 - 1.96 * 0.16 < 0          # the plain Wald would reach 0
    assert chance_note("J1", accuracy(0.30, 0.16, shown), "wald", 0.95) == ""
    assert "no interval could be found" in chance_note("J1", accuracy(0.1, 0.08, None), "wald",
                                                       0.95)


def test_an_interval_that_reaches_0_gives_words_and_no_flag():
    """Issue 78: the old flag "accuracy not clearly above chance" fired on 66-99% of panels of
    equal raters; an interval that merely reaches 0 now gives words, never a flag."""
    a = accuracy(0.05, 0.1, (-0.1, 0.2))
    flag, note = chance_words("R3", a, "profile", 0.95, 5, panel=(-0.2, 0.3))
    assert flag == ""
    assert note == ("These data cannot show that R3 rates better than chance: its 95% interval "
                    "reaches below 0, to \u22120.10.")
    assert chance_words("R3", accuracy(0.05, 0.1, (0.0, 0.2)), "profile", 0.9, 5)[1].endswith(
        "its 90% interval reaches 0.")
    assert chance_words("R3", accuracy(0.2, 0.1, (0.01, 0.4)), "profile", 0.95, 5) == ("", "")


def test_a_flag_needs_the_whole_panel_adjusted_interval_at_or_below_0():
    assert panel_level(0.95, 5) == 0.99 and panel_level(0.95, 4) == 0.9875
    a = accuracy(-0.3, 0.1, (-0.5, -0.1))
    assert chance_flag(a, None, 0.95, 5) == ""               # no adjusted interval: no verdict
    assert chance_flag(a, (-0.6, 0.01), 0.95, 5) == ""       # it reaches above 0: no verdict
    flag, note = chance_words("R5", a, "profile", 0.95, 5, panel=(-0.6, -0.02))
    assert note == ""                                        # the flag, never both
    assert flag.startswith("accuracy no better than chance (a = \u22120.30; its 99% interval, "
                           "adjusted for the panel's 5 raters, lies at or below 0, from "
                           "\u22120.60 to \u22120.02: ")
    assert ACCURACY_BELOW_0 in flag       # what a negative accuracy means (issue 55: one sentence)
    crowd = chance_flag(a, (-0.6, -0.02), 0.95, 60)          # 99.9167%: said with two decimals
    assert "its 99.91% interval, adjusted for the panel's 60 raters" in crowd


def test_a_bounded_accuracy_is_never_flagged_for_chance():
    """A posterior's (or a t-a-p) a cannot fall below 0: its interval reaching chance gives the
    words with the credible interval's name."""
    a = accuracy(0.1, 0.05, (0.012, 0.3))
    flag, note = chance_words("R2", a, "posterior", 0.95, 5)
    assert flag == "" and "95% credible interval reaches down to 0.012" in note
    assert chance_words("R2", accuracy(0.1, 0.05, (0.03, 0.3)), "posterior", 0.95, 5) == ("", "")


def test_the_headline_names_the_raters_with_the_words():
    def rater(rid: str, flagged: str = "", chance: str = "") -> RaterEstimate:
        return RaterEstimate(rid, 40, (), flagged, chance)

    one = chance_note("R3", accuracy(0.05, 0.1, (-0.1, 0.2)), "profile", 0.95)
    assert chance_headline([rater("R1"), rater("R3", chance=one)]) == one
    assert chance_headline([rater("R1")]) == ""
    both = chance_headline([rater("R1", chance=one), rater("R3", chance=one), rater("R4")])
    assert both.startswith("These data cannot show that R1 and R3 rate better than chance")


def test_the_binary_per_rater_flag_rests_on_the_panel_interval():
    """The two-class per-rater a (q1 - q0) can fall below 0: flagged only where its interval at
    the panel's level lies at or below 0, never from the 95% interval alone."""
    values = np.array([-0.10, 0.4, 0.46, 0.36])
    a = accuracy(-0.10, 0.05, (-0.2, -0.01))
    assert rater_flag(values, a, 40, 18, 0.0, panel=(-0.25, 0.03), n_raters=5) == ""
    flag = rater_flag(values, a, 40, 18, 0.0, panel=(-0.25, -0.001), n_raters=5)
    assert flag.startswith("accuracy no better than chance (a = \u22120.10; its 99% interval")


def test_several_held_back_comparisons_are_named_in_plural():
    from tapdesk.engine.rater_words import _held_back
    from tapdesk.engine.results import RaterComparison

    def held(rid: str) -> RaterComparison:
        return RaterComparison(rid, "a", 0.2, (0.01, 0.4), "not shown to differ",
                               "profile likelihood", 0.95, p_value=0.01,
                               family_size=24)

    one = _held_back([held("J1")])
    assert ("On its own, the interval for how J1's accuracy differs from the rest of the panel's "
            "leaves out 0") in one
    three = _held_back([held("J1"), held("J2"), held("J3")])
    assert ("the intervals for how J1's accuracy, J2's accuracy and J3's accuracy differ from the "
            "rest of the panel's leave out 0") in three
    assert "all 24 comparisons judged together, these 3 are not enough to name the raters they " \
        "concern" in three


def test_many_named_comparisons_are_counted_by_kind_and_direction():
    from tapdesk.engine.rater_words import claims_counted, named_claims, panel_sentence_of
    from tapdesk.engine.results import RaterComparison

    def made(rid, name, diff, verdict):
        return RaterComparison(rid, name, diff, (diff - 0.1, diff + 0.05), verdict, "m", 0.95)

    claims = ([made(f"w{i}", "a", -0.2 - i / 100, "lower") for i in range(9)]
              + [made("x", "a", 0.2, "higher"), made("y", "p", 0.3, "more"),
                 made("z", "a", 0.0, "not shown to differ")])
    assert [c.rater_id for c in named_claims(claims)][:2] == ["x", "w0"]   # largest first
    assert claims_counted(named_claims(claims), "'yes'") == (
        "9 raters were accurate less often and 1 more often; 1 rater called 'yes' more often "
        "when guessing (the Raters tab and each rater's feedback name them)")
    sentence = panel_sentence_of(tuple(claims), None, "'yes'")
    assert "9 raters were accurate less often" in sentence and "w3" not in sentence
    few = panel_sentence_of(tuple(claims[:3]), None, "'yes'")
    assert "w0 was accurate less often" in few                  # a few are still listed


def test_a_rater_flag_and_the_weights_note_are_shown_in_the_language():
    """Issue 54: "gave the same rating every time", "only one rating" (both per-rater models)
    and the coefficients' "Weights use category positions" were plain English under every
    language's "Please read:"; they keep their English and are written in the language shown."""
    from tapdesk import i18n
    from tapdesk.data.ratings import RatingsTable
    from tapdesk.data.scale import Scale
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.categorical.per_rater import rater_flag as categorical_flag
    from tapdesk.engine.coefficients import agreement_coefficients
    from tapdesk.i18n.deferred import shown
    a = accuracy(0.5, 0.1, (0.3, 0.7))
    same = rater_flag(np.array([0.5, 0.4, 0.46, 0.36]), a, 40, 40, 0.6)
    once = rater_flag(np.array([0.5, 0.4, 0.46, 0.36]), a, 1, 1, 0.6)
    flags = [same, once, categorical_flag(40, 1), categorical_flag(1, 1)]
    assert flags[0] == flags[2] == (
        "gave the same rating every time: accuracy cannot be told from guessing")
    assert flags[1] == flags[3] == "only one rating: these estimates rest on almost nothing"
    with i18n.language("de"):
        german = [shown(f) for f in flags]
    assert german[0] == german[2] and german[0].startswith("gab jedes Mal dieselbe Bewertung")
    assert german[1] == german[3] and german[1].startswith("nur eine Bewertung")
    rng = np.random.default_rng(5)
    truth = rng.random(40) < 0.5
    grid = [[int(t if rng.random() < 0.8 else rng.random() < 0.5) for t in truth]
            for _r in range(3)] + [[1] * 40]                       # rater D: always 1
    rows = [(s, r, grid[k][s]) for k, r in enumerate("ABCD") for s in range(40)]
    fitted = fit(FitRequest(model="per-rater", class1=("1",), n_starts=2),
                 RatingsTable.from_labels(*zip(*rows, strict=True)))
    notice = next(n for n in fitted.warnings if n.code == "rater-flag" and "D" in n.message)
    assert notice.message == ("Rater D: gave the same rating every time: accuracy cannot be "
                              "told from guessing.")
    with i18n.language("de"):
        assert notice.message == ("Beurteiler D: gab jedes Mal dieselbe Bewertung: Die "
                                  "Genauigkeit lässt sich nicht vom Raten unterscheiden.")
    subjects = [s for s in range(6) for _r in range(3)]
    table = RatingsTable.from_labels(subjects, [r for _s in range(6) for r in "ABC"],
                                      ["low", "mid", "high", "mid", "low", "high"] * 3,
                                      scale=Scale(("low", "mid", "high"), ordinal=True))
    notes = agreement_coefficients(table, weights="linear", bootstrap=0).warnings
    note = next(n for n in notes if n.startswith("Weights use category positions"))
    with i18n.language("de"):
        assert shown(note).startswith("Die Gewichte verwenden die Positionen 1..K")
