"""Dawid-Skene's chance flag rests on an interval, and its headline says where the data cannot
tell the raters apart (issue 78, item 1).

A Dawid-Skene fit flagged "Rater R2: no better than chance (accuracy 0.32, chance 0.39)" from
the estimate alone, on panels of five raters who all name the true category 51% of the time,
and its headline read "Raters name the true category 29% (R3) to 60% (R5)". The flag now
follows the per-rater models' one rule and words (``rater_words.chance_flag``) on the interval
of each rater's accuracy beyond chance, a, which every rater's estimates show.
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


def test_each_flag_rests_on_the_interval_of_a_shown_beside_it(equal_raters):
    for rater in equal_raters.raters:
        a = rater.get("a")
        assert a.ci is not None and a.ci[0] <= a.value <= a.ci[1]
        assert rater.get("accuracy").ci is not None
        if a.ci[0] <= 0:
            assert rater.flagged.startswith("accuracy not clearly above chance (a = ")
            assert "95% interval reaches" in rater.flagged
        else:
            assert not rater.flagged
    flagged = [r for r in equal_raters.raters if r.flagged]
    notes = [n.message for n in equal_raters.warnings if n.code == "rater-flag"]
    assert notes == [f"Rater {r.rater_id}: {r.flagged}." for r in flagged]
    assert "profile likelihood" in equal_raters.interval_method


def test_the_headline_says_the_data_cannot_tell_equal_raters_apart(equal_raters):
    line = next(h for h in equal_raters.headline if "true category" in h)
    assert line.startswith("These data cannot tell the raters apart by how often they name the "
                           "true category: every rater's 95% interval includes ")
    low, high = (float(p.rstrip("%.")) / 100 for p in line.rsplit("includes ", 1)[1].split(" to "))
    for rater in equal_raters.raters:
        ci = rater.get("accuracy").ci
        assert ci[0] <= low + 0.005 and high - 0.005 <= ci[1]


def test_a_rater_at_chance_is_still_flagged_with_the_interval_it_rests_on():
    """Four raters at 51% and one whose ratings ignore the true category (a = 0), K = 4."""
    result = panel(4, 60, [equal_accuracy(4)] * 4 + [0.0], seed=3)
    chance = result.raters[-1]
    assert chance.rater_id == "R5"
    assert chance.get("a").ci[0] <= 0 <= chance.get("a").ci[1]
    assert chance.flagged.startswith("accuracy not clearly above chance (a = ")
    assert "its 95% interval reaches" in chance.flagged
    assert f"Rater R5: {chance.flagged}." in [n.message for n in result.warnings]


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
        assert bool(rater.flagged) == (a.ci[0] <= 0)


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
