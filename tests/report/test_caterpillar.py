"""The caterpillar plot's content (issue 43, item 3): raters sorted by accuracy with their
intervals, the panel mean weighted by ratings, and an optional second (pooled) series."""

from __future__ import annotations

import pytest

from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, FitResult, RaterComparison, RaterEstimate
from tapdesk.report.caterpillar import NAMES_ON_AXIS, caterpillar
from tests.languages import english_after  # noqa: F401 - fixture


def panel(values, ratings=None, flagged=(), differ=()) -> FitResult:
    ratings = ratings or [10] * len(values)
    raters = tuple(RaterEstimate(f"R{i}", n, (Estimate("a", v, 0.1, (v - 0.1, v + 0.1)),
                                               Estimate("p", 0.5)), "weak" if i in flagged else "")
                   for i, (v, n) in enumerate(zip(values, ratings)))
    comparisons = tuple(RaterComparison(f"R{i}", "a", 0.2, (0.1, 0.3), "higher", "Wald")
                        for i in differ)
    return FitResult(request=FitRequest(model="per-rater"), model="per-rater", title="per rater",
                     params=(), log_likelihood=None, n_subjects=10, n_ratings=sum(ratings),
                     raters=raters, comparisons=comparisons)


def test_sorted_with_the_ratings_weighted_mean():
    cat = caterpillar(panel([0.9, 0.2, 0.5], ratings=[10, 30, 60], flagged=(1,), differ=(0,)))
    assert [p.rater_id for p in cat.points] == ["R1", "R2", "R0"]
    assert cat.panel_mean == pytest.approx((0.9 * 10 + 0.2 * 30 + 0.5 * 60) / 100)
    assert [p.named for p in cat.points] == [True, False, True]
    assert cat.points[0].interval == pytest.approx((0.1, 0.3))
    assert "lowest to highest, with its 95% interval" in cat.caption
    assert "Orange points" in cat.caption and "pooled" not in cat.caption
    assert cat.names_on_axis and "hover" not in cat.caption


def test_pooled_estimates_are_a_second_series_in_the_same_order():
    pooled = {"R0": Estimate("a", 0.8, None, (0.7, 0.85)), "R2": Estimate("a", 0.55)}
    cat = caterpillar(panel([0.9, 0.2, 0.5]), pooled)
    assert [p.rater_id if p else None for p in cat.pooled] == [None, "R2", "R0"]
    assert cat.pooled[2].value == 0.8 and cat.pooled[1].interval is None
    assert "Hollow diamonds" in cat.caption


def test_many_raters_are_counted_not_named():
    cat = caterpillar(panel([i / 1000 for i in range(1000)]))
    assert not cat.names_on_axis and len(cat.points) == 1000 > NAMES_ON_AXIS
    assert "1,000 raters" in cat.caption and "hover over a point" in cat.caption
    assert cat.points[0].tip("Accuracy").startswith("R0: accuracy 0.000 (\u22120.100 to 0.100)\n10 ratings")


def test_no_raters_no_plot():
    result = panel([0.5])
    assert caterpillar(FitResult(request=result.request, model="tap", title="t", params=(),
                                 log_likelihood=None, n_subjects=1, n_ratings=1)) is None


def test_long_names_lose_their_shared_beginning_on_the_axis_and_the_caption_says_so():
    result = panel([0.1 * i for i in range(1, 9)] + [0.85, 0.9, 0.95, 0.99])
    renamed = tuple(RaterEstimate(f"instructor{i + 1}", r.n_ratings, r.estimates)
                    for i, r in enumerate(result.raters))
    from dataclasses import replace
    cat = caterpillar(replace(result, raters=renamed))
    assert cat.axis.labels == tuple(str(i) for i in range(1, 13))
    assert cat.axis.title("rater") == "rater (instructor...)"
    assert "without the 'instructor' every name begins with" in cat.caption


def test_the_heatmap_numbers_long_names_across_and_names_them_down_the_left():
    from tapdesk.render.plots.heatmaps import across_and_down
    names = [f"{who} panel member" for who in ("Alice", "Bob", "Carol", "Dan", "Eve", "Frank")]
    bottom, left = across_and_down(names)
    assert bottom == ["1", "2", "3", "4", "5", "6"] and left[1] == "2  Bob panel member"
    assert across_and_down(["J1", "J2"]) == (["J1", "J2"], ["J1", "J2"])


def test_a_pooled_fit_draws_each_raters_own_ratings_beside_the_pooled_estimates():
    from dataclasses import replace

    from tapdesk.engine.bayes.pooled_result import Interval, Pooling, Shrinkage
    result = panel([0.6, 0.7, 0.8])
    shrinkage = tuple(Shrinkage(f"R{i}", 10, {"a": Interval(v, (v - 0.1, v + 0.1))},
                                {"a": Interval(own, (own - 0.3, own + 0.2))})
                      for i, (v, own) in enumerate([(0.6, 0.4), (0.7, 0.75), (0.8, 0.95)]))
    cat = caterpillar(replace(result, pooling=Pooling((), (), shrinkage, (), 0.95)))
    assert [p.value for p in cat.pooled] == [0.4, 0.75, 0.95]
    assert cat.pooled[0].interval == pytest.approx((0.1, 0.6))
    assert cat.second_name == "own ratings only"
    assert "hollow diamonds beside them are each rater's estimate from their own" in cat.caption


def test_nothing_is_drawn_below_0_and_the_caption_says_which_raters_are_below_chance():
    """An accuracy under 0 (the binary per-rater model allows it) is drawn at 0 and marked; an
    interval reaching below 0 is cut there; the caption says both in words."""
    cat = caterpillar(panel([-0.15, -0.05, 0.05, 0.6, 0.9]))
    below = [p for p in cat.points if p.below]
    assert [p.rater_id for p in below] == ["R0", "R1"]
    assert [p.shown for p in cat.points] == pytest.approx([0.0, 0.0, 0.05, 0.6, 0.9])
    assert [p.shown_interval for p in cat.points[:3]] == [
        (0.0, 0.0), (0.0, pytest.approx(0.05)), (0.0, pytest.approx(0.15))]
    assert [p.reaches_below for p in cat.points] == [True, True, True, False, False]
    assert ("2 raters have an estimated accuracy under 0 (below chance): their ratings lean "
            "the opposite way. The axis stops at 0, where they are drawn as downward "
            "triangles, with their intervals cut off at 0.") in cat.caption
    assert "The interval of 1 other rater reaches below 0 (below chance) and is cut off at 0." \
        in cat.caption
    assert cat.points[0].tip("Accuracy").startswith(
        "R0: accuracy below chance, drawn at 0 (estimate \u22120.150 (\u22120.250 to \u22120.050))")


def test_a_panel_above_chance_says_nothing_of_it():
    cat = caterpillar(panel([0.3, 0.6, 0.9]))
    assert not any(p.reaches_below for p in cat.points)
    assert "below" not in cat.caption and "cut off" not in cat.caption


def test_a_points_hover_text_speaks_the_language():
    """Issue 54: the tip said "accuracy 0.000 (... to ...)", "10 ratings" and "below chance" in
    English whatever the language."""
    from tapdesk import i18n
    cat = caterpillar(panel([-0.15, 0.3, 0.6]))
    below = cat.points[0]
    with i18n.language("de"):
        german = below.tip("Genauigkeit")
        plain = cat.points[1].tip("Genauigkeit")
    assert german.startswith("R0: Genauigkeit unter dem Zufall, bei 0 gezeichnet (Schätzung \u22120,150 "
                             "(\u22120,250 bis \u22120,050))"), german
    assert german.endswith("\n10 Bewertungen") and "ratings" not in german
    assert plain.startswith("R1: Genauigkeit 0,300 (0,200 bis 0,400)"), plain


@pytest.mark.parametrize(("code", "below", "other"), [
    ("de", "2 Beurteiler haben eine geschätzte Genauigkeit unter 0 (unter dem Zufall)",
     "Das Intervall von 1 weiteren Beurteiler reicht unter 0 (unter den Zufall)"),
    ("fr", "2 évaluateurs ont une exactitude estimée sous 0 (sous le hasard)",
     "L’intervalle de 1 autre évaluateur descend sous 0 (sous le hasard)"),
    ("es", "2 evaluadores tienen una exactitud estimada por debajo de 0 (por debajo del azar)",
     "El intervalo de 1 evaluador adicional baja de 0 (por debajo del azar)"),
])
def test_the_below_chance_caption_says_in_every_language_what_english_says(code, below, other):
    """Issue 54: the English caption was written by f-strings that said "(below chance)",
    "other" and "with their intervals cut off at 0"; the other languages' sentences lost them.
    Each case is now one whole-sentence template."""
    from tapdesk import i18n
    result = panel([-0.15, -0.05, 0.05, 0.6, 0.9])
    with i18n.language(code):
        caption = caterpillar(result).caption
    assert below in caption and other in caption
    assert {"de": "ihre Intervalle bei 0 abgeschnitten", "fr": "leurs intervalles coupés à 0",
            "es": "con sus intervalos cortados en 0"}[code] in caption


def test_the_pooled_series_legend_is_marked_for_translation():
    from tapdesk import i18n
    from tapdesk.report.caterpillar import Caterpillar
    with i18n.language("de"):
        assert i18n._(Caterpillar.second_name) == "gepoolter Schätzwert"
