"""One rule for "accuracy not clearly above chance", whichever interval a per-rater fit reports."""

from __future__ import annotations

import numpy as np

from tapdesk.engine.binary.per_rater import rater_flag
from tapdesk.engine.intervals import logit_wald_interval
from tapdesk.engine.rater_words import chance_flag
from tapdesk.engine.results import Estimate
from tapdesk.engine.words import ACCURACY_BELOW_0


def accuracy(value: float, se: float | None, ci) -> Estimate:
    return Estimate("a", value, se, ci, "accuracy")


def test_the_wald_flag_reads_the_logit_interval_shown_beside_it():
    """Issue 39: a flag that said "its Wald interval reaches 0" stood beside a shown interval of
    0.087 to 0.820. The flag now reads the shown (logit-Wald) interval, which never reaches 0
    itself: reaching the floor of 0.02 counts as reaching chance, as for a posterior."""
    ci = logit_wald_interval(0.10, 0.08, 0.95)
    assert 0 < ci[0] < 0.02
    flag = chance_flag(accuracy(0.10, 0.08, ci), "wald", 0.95)
    assert "not clearly above chance" in flag and f"reaches down to {ci[0]:.3f}" in flag
    shown = logit_wald_interval(0.3, 0.16, 0.95)
    assert shown[0] > 0.02 and 0.3 - 1.96 * 0.16 < 0          # the plain Wald would reach 0
    assert chance_flag(accuracy(0.30, 0.16, shown), "wald", 0.95) == ""
    assert "no interval could be found" in chance_flag(accuracy(0.1, 0.08, None), "wald", 0.95)


def test_binary_per_rater_flag_fires_on_the_wald_path():
    """The per-rater fit's flag used to test the logit-Wald lower end against 0: it never fired."""
    a = accuracy(0.10, 0.08, logit_wald_interval(0.10, 0.08, 0.95))
    flag = rater_flag(np.array([0.10, 0.4, 0.46, 0.36]), a, "wald", 40, 18, 0.6)
    assert "not clearly above chance" in flag
    a50 = accuracy(0.10, 0.08, logit_wald_interval(0.10, 0.08, 0.5))
    assert rater_flag(np.array([0.10, 0.4, 0.46, 0.36]), a50, "wald", 40, 18, 0.6, level=0.5) \
        .startswith("accuracy well below")          # at 50% its interval clears the floor


def test_profile_bootstrap_and_posterior_read_the_reported_interval():
    below = chance_flag(accuracy(0.05, 0.1, (-0.1, 0.2)), "profile", 0.9)
    assert "90% interval reaches below 0, to \u22120.10" in below
    assert ACCURACY_BELOW_0 in below      # what a negative accuracy means (issue 55: one sentence)
    assert chance_flag(accuracy(0.05, 0.1, (0.0, 0.2)), "profile", 0.9).endswith(
        "90% interval reaches 0)")
    assert "its 90% interval reaches 0" in chance_flag(accuracy(0.05, 0.1, (0.0, 0.2)),
                                                       "bootstrap", 0.9)
    assert chance_flag(accuracy(0.2, 0.1, (0.01, 0.4)), "profile", 0.95) == ""
    posterior = chance_flag(accuracy(0.1, 0.05, (0.012, 0.3)), "posterior", 0.95)
    assert "credible interval reaches down to 0.012" in posterior
    assert chance_flag(accuracy(0.1, 0.05, (0.03, 0.3)), "posterior", 0.95) == ""


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
    same = rater_flag(np.array([0.5, 0.4, 0.46, 0.36]), a, "wald", 40, 40, 0.6)
    once = rater_flag(np.array([0.5, 0.4, 0.46, 0.36]), a, "wald", 1, 1, 0.6)
    flags = [same, once, categorical_flag(a, 40, 1), categorical_flag(a, 1, 1)]
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
