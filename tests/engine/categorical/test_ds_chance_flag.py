"""Dawid-Skene's chance flag rests on an interval, and its headline says where the data cannot
tell the raters apart (issue 78, item 1).

A Dawid-Skene fit flagged "Rater R2: no better than chance (accuracy 0.32, chance 0.39)" from
the estimate alone, on panels of five raters who all name the true category 51% of the time,
and its headline read "Raters name the true category 29% (R3) to 60% (R5)". Then it flagged
"accuracy not clearly above chance" wherever the 95% interval of a rater's accuracy beyond
chance, a, reached 0: on 66-99% of such panels. Now (the per-rater models' one rule,
``rater_words.chance_words``) a rater is flagged "no better than chance" only where the whole
interval of a at the panel's level (Bonferroni over the raters) lies at or below 0; where the
95% interval shown reaches 0 the rater's row and the headline say so in words, without a flag.
"""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.categorical import dawid_skene
from tapdesk.engine.categorical.simulate import simulate_codes, table_from_codes, tap_confusions


def panel(k: int, n_subjects: int, a: list[float], seed: int):
    """A seeded panel of t-a-p raters with equal class shares and uniform guesses."""
    t = np.full(k, 1 / k)
    _, codes = simulate_codes(t, tap_confusions(a, [t] * len(a), len(a)), n_subjects, seed=seed)
    return fit(FitRequest(model="dawid-skene"), table_from_codes(codes, k=k))


def equal_accuracy(k: int) -> float:
    """The t-a-p a of a rater who names the true category 51% of the time among k equal ones."""
    return (0.51 - 1 / k) / (1 - 1 / k)


@pytest.fixture(scope="module")
def equal_raters():
    """Five raters at 51% (chance 33%), 20 subjects: the old fit flagged R2 and R3 'no better
    than chance' from their estimates (accuracy 0.32 and 0.29) and headed '29% (R3) to 60%
    (R5)'."""
    return panel(3, 20, [equal_accuracy(3)] * 5, seed=0)


def test_an_equal_rater_panel_is_never_called_no_better_than_chance(equal_raters):
    text = " ".join([*(r.flagged for r in equal_raters.raters),
                     *(n.message for n in equal_raters.warnings)])
    assert "no better than chance" not in text


def test_an_interval_that_reaches_0_gives_words_without_a_flag(equal_raters):
    noted = []
    for rater in equal_raters.raters:
        a = rater.get("a")
        assert a.ci is not None and a.ci[0] <= a.value <= a.ci[1]
        assert rater.get("accuracy").ci is not None
        assert not rater.flagged
        if a.ci[0] <= 0:
            assert rater.chance.startswith(f"These data cannot show that {rater.rater_id} rates "
                                           "better than chance: its 95% interval reaches ")
            noted.append(rater)
        else:
            assert not rater.chance
    assert noted, "the panel shows the words"
    assert not [n for n in equal_raters.warnings if n.code == "rater-flag"]
    assert any(h.startswith("These data cannot show that ") for h in equal_raters.headline)
    assert "profile likelihood" in equal_raters.interval_method


def test_the_headline_says_the_data_cannot_tell_equal_raters_apart(equal_raters):
    line = next(h for h in equal_raters.headline if "true category" in h)
    assert line.startswith("These data cannot tell the raters apart by how often they name the "
                           "true category: every rater's 95% interval includes ")
    low, high = (float(p.rstrip("%.")) / 100 for p in line.rsplit("includes ", 1)[1].split(" to "))
    for rater in equal_raters.raters:
        ci = rater.get("accuracy").ci
        assert ci[0] <= low + 0.005 and high - 0.005 <= ci[1]


def test_a_rater_at_chance_whose_interval_reaches_0_gets_the_words():
    """Four raters at 51% and one whose ratings ignore the true category (a = 0), K = 4: its
    interval reaches 0, so these data cannot show it rates better than chance (no verdict)."""
    result = panel(4, 60, [equal_accuracy(4)] * 4 + [0.0], seed=3)
    chance = result.raters[-1]
    assert chance.rater_id == "R5"
    assert chance.get("a").ci[0] <= 0 <= chance.get("a").ci[1]
    assert not chance.flagged
    assert chance.chance.startswith("These data cannot show that R5 rates better than chance: "
                                    "its 95% interval reaches ")
    assert chance.chance in result.headline


def test_a_rater_below_chance_with_a_whole_adjusted_interval_is_flagged():
    """Four raters at a = 0.8 and R5, who names the next category 90% of the time, K = 3, 20
    subjects: the 99% interval of R5's a (95% adjusted over five raters) lies below 0, and the
    flag says so with that interval."""
    t = np.full(3, 1 / 3)
    confusions = tap_confusions([0.8] * 4 + [0.0], [t] * 5, 5)
    confusions[4] = 0.1 * confusions[4] + 0.9 * np.roll(np.eye(3), 1, axis=1)
    _, codes = simulate_codes(t, confusions, 20, seed=0)
    result = fit(FitRequest(model="dawid-skene"), table_from_codes(codes, k=3))
    below = result.raters[-1]
    assert below.get("a").ci[1] < 0
    assert below.flagged.startswith("accuracy no better than chance (a = ")
    assert "its 99% interval, adjusted for the panel's 5 raters, lies at or below 0, from " \
        in below.flagged
    high = float(below.flagged.split(" to ")[1].split(":")[0].replace("\u2212", "-"))
    assert below.get("a").ci[1] < high <= 0           # wider than the 95% interval shown
    assert not below.chance and not any(r.flagged for r in result.raters[:4])
    assert f"Rater R5: {below.flagged}." in [n.message for n in result.warnings]


def test_raters_the_data_tell_apart_get_the_range_with_each_end_s_interval():
    result = panel(4, 60, [0.9, 0.8, 0.5, 0.3, 0.1], seed=1)
    line = next(h for h in result.headline if "true category" in h)
    assert line.startswith("Raters name the true category ")
    assert line.count("(95% interval ") == 2 and "(R5)" in line and "(R1)" in line


def test_a_panel_too_large_for_the_profile_rests_its_flags_on_wald_intervals(monkeypatch):
    monkeypatch.setattr(dawid_skene, "profile_affordable", lambda *_: False)
    result = panel(4, 60, [equal_accuracy(4)] * 4 + [0.0], seed=3)
    assert "Wald intervals from the exact observed information" in result.interval_method
    for rater in result.raters:
        a = rater.get("a")
        assert a.ci is not None and a.se is not None
        assert a.ci == pytest.approx((a.value - 1.959964 * a.se, a.value + 1.959964 * a.se),
                                     abs=1e-5)
        assert not rater.flagged and bool(rater.chance) == (a.ci[0] <= 0)


def test_accuracy_beyond_chance_is_the_t_a_p_accuracy_for_a_t_a_p_table():
    from tapdesk.engine.categorical.ds_profile import beyond_chance, beyond_chance_values
    rng = np.random.default_rng(4)
    t = rng.dirichlet(np.ones(4))
    tables = tap_confusions([0.0, 0.37, 1.0], [rng.dirichlet(np.ones(4)) for _ in range(3)], 3)
    assert beyond_chance_values(t, tables) == pytest.approx([0.0, 0.37, 1.0], abs=1e-12)
    value, grad_t, grad_pi = beyond_chance(t, tables[1])
    step = 1e-7
    for i in range(4):
        moved = t.copy()
        moved[i] += step
        assert (beyond_chance(moved, tables[1])[0] - value) / step == pytest.approx(grad_t[i],
                                                                                   abs=1e-5)
    moved = tables[1].copy()
    moved[2, 1] += step
    assert (beyond_chance(t, moved)[0] - value) / step == pytest.approx(grad_pi[2, 1], abs=1e-5)
