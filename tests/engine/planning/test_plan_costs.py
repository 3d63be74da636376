"""What a design costs, why the advice picks one design among designs of the same cost, the
answer sentence first, and '±' figures that never read '± 0.000' (issue 41)."""

from __future__ import annotations

import pytest

from tapdesk.engine.planning import Costs, Need, advise
from tapdesk.engine.words import plus_minus
from tapdesk.errors import SettingError
from tests.engine.planning.test_planning import fake_plan

TIED = {(8, 100): {"width_a": 0.19, "power": 0.9}, (4, 200): {"width_a": 0.17, "power": 0.85},
        (2, 400): {"width_a": 0.6, "power": 0.3}, (8, 400): {"width_a": 0.08, "power": 0.99}}
"""8 x 100 and 4 x 200 both take 800 ratings and both meet a need of 0.2; 4 x 200 is narrower."""


def design(result, raters, subjects):
    return result.design(raters, subjects)


def test_a_design_costs_its_ratings_plus_what_its_subjects_cost():
    result = fake_plan(TIED)
    four, eight = design(result, 4, 200), design(result, 8, 100)
    assert Costs().of(four) == Costs().of(eight) == 800
    assert Costs(1.0).of(four) == 200 * (4 + 1) == 1000
    assert Costs(1.0).of(eight) == 100 * (8 + 1) == 900
    assert Costs(2.5).of(design(result, 2, 400)) == 400 * 4.5
    assert Costs(1.0).words(four) == "cost 1,000 in ratings (800 ratings + 200 subjects \u00d7 1)"
    assert Costs().words(four) == "800 ratings"
    with pytest.raises(SettingError, match="cost of a subject"):
        Costs(-1.0)


def test_between_designs_of_the_same_cost_the_advice_says_why_it_chose_one():
    from tapdesk.report.plan import advice_words
    result = fake_plan(TIED)
    advice = advise(result, Need("width_a", 0.2))
    assert (advice.design.raters, advice.design.subjects) == (4, 200)     # the narrower
    assert [(d.raters, d.subjects) for d in advice.tied] == [(8, 100)]
    words = advice_words(result.request, advice)
    assert "8 raters \u00d7 100 subjects costs as much" in words
    assert ("chosen for its narrower interval (0.170, against 0.190 with 8 raters \u00d7 100 "
            "subjects)") in words
    assert advice.to_dict()["same_cost"][0]["raters"] == 8


def test_equal_cost_and_equal_value_go_to_fewer_raters_and_say_so():
    from tapdesk.report.plan import advice_words
    result = fake_plan({(8, 100): {"width_a": 0.15}, (4, 200): {"width_a": 0.15}})
    advice = advise(result, Need("width_a", 0.2))
    assert (advice.design.raters, advice.design.subjects) == (4, 200)
    assert "chosen for needing fewer raters per subject" in advice_words(result.request, advice)


def test_costly_subjects_move_the_advice_to_more_raters_on_fewer_subjects():
    result = fake_plan(TIED)
    need = Need("width_a", 0.2)
    assert advise(result, need).design.raters == 4
    dear = advise(result, need, Costs(1.0))        # 8 x 100 costs 900, 4 x 200 costs 1,000
    assert (dear.design.raters, dear.design.subjects) == (8, 100) and not dear.tied
    assert dear.to_dict()["design"]["cost"] == 900 and dear.to_dict()["subject_cost"] == 1.0


def test_the_answer_comes_first_in_one_sentence():
    from tapdesk.report.plan import headline
    result = fake_plan(TIED)
    answer, advice = headline(result, Need("width_a", 0.2))
    assert answer == ("4 raters \u00d7 200 subjects: accuracy a known to within \u00b10.085 "
                      "(a typical 95% interval 0.170 wide).")
    assert advice.startswith("Need: ")
    power, _ = headline(result, Need("power", 0.8))
    assert power == ("8 raters \u00d7 100 subjects: the chance that the 95% interval for a "
                     "excludes 0.5 is 90.0%.")            # the higher power of the two at 800
    none, _ = headline(result, Need("width_a", 0.05))
    assert none.startswith("No design tried gives the typical width")


@pytest.mark.parametrize("error, decimals, words", [(0.0, 3, ""), (0.0004, 3, ""),
                                                    (0.0042, 3, " \u00b1 0.004"),
                                                    (None, 3, ""), (float("nan"), 1, ""),
                                                    (0.04, 1, ""), (2.34, 1, " \u00b1 2.3")])
def test_plus_minus_never_writes_a_zero_error(error, decimals, words):
    assert plus_minus(error, decimals) == words


def test_grid_cells_use_the_plus_minus_sign():
    from tapdesk.report.plan import quantity
    result = fake_plan(TIED)
    cell = quantity(result.request, "width_a").cell(design(result, 4, 200))
    assert cell == "0.170 \u00b1 0.010" and "+-" not in cell
