"""Issue 39, part 3: the words say only what the data support, on every surface.

Three data sets the issue tried: the kappa paradox (almost every rating the same), random
ratings (no rater better than guessing), and a sparse annotation panel (many workers, a few
labels each). Their headline (app and CLI), paragraph and report conclusion state no number
whose interval spans most of its range, no negative percentage and no six decimals; the data
that cannot tell say so, with the reason.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.rater_words import accuracy_range_sentence
from tapdesk.engine.results import Estimate, RaterEstimate
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.report import ReportAnalysis, ReportInputs, build_report

NEGATIVE_PERCENT = re.compile(r"(?<![\d.])[-\u2212]\d+(\.\d+)?%")
LONG_DECIMALS = re.compile(r"\d\.\d{3,}%")


def paradox() -> RatingsTable:
    return RatingsTable.from_wide([(0, 0)] * 998 + [(0, 1)] * 2)


def random_ratings() -> RatingsTable:
    rng = np.random.default_rng(5)
    y = (rng.random((60, 4)) < 0.5).astype(int)
    return RatingsTable.from_wide(y.tolist(), rater_ids=["Dr Smith", "Dr Patel", "Dr Jones",
                                                         "Dr Wu"])


def sparse_panel() -> RatingsTable:
    """60 workers, 300 items, 3 labels per item: each worker sees about 15 items."""
    rng = np.random.default_rng(3)
    accuracy = rng.uniform(0.3, 0.9, 60)
    rows = []
    for item in range(300):
        truth = rng.random() < 0.3
        for worker in rng.choice(60, 3, replace=False):
            label = truth if rng.random() < accuracy[worker] else rng.random() < 0.4
            rows.append((f"i{item}", f"w{worker}", int(label)))
    items, workers, labels = zip(*rows)
    return RatingsTable.from_labels(items, workers, labels)


def every_surface(result, table) -> str:
    doc = build_report(ReportInputs.of([ReportAnalysis(result, table)]))
    summary = doc.section("summary")
    conclusion = " ".join(summary.blocks[0].items) if summary and summary.blocks else ""
    return " ".join([*result.headline, fit_paragraph(result, table), conclusion])


def honest(text: str) -> None:
    assert not NEGATIVE_PERCENT.search(text), NEGATIVE_PERCENT.search(text)
    assert not LONG_DECIMALS.search(text), LONG_DECIMALS.search(text)
    assert "0-100%" not in text and "0.0-100.0%" not in text


@pytest.mark.parametrize("model", ["tap", "per-rater"])
def test_the_kappa_paradox_reads_cannot_tell_with_its_reason(model):
    table = paradox()
    result = fit(FitRequest(model=model, class1=("1",)), table)
    text = every_surface(result, table)
    honest(text)
    assert "These data cannot tell what share of the subjects truly belong to Class 1" in text
    assert "almost every rating is the same" in text and "(the kappa paradox)" in text
    assert "About 99.8%" not in text and "<0.01%" not in text


def test_random_ratings_name_no_accuracy_they_cannot_support():
    table = random_ratings()
    for model in ("tap", "per-rater"):
        result = fit(FitRequest(model=model, class1=("1",)), table)
        text = every_surface(result, table)
        honest(text)
        assert "cannot tell" in text
        assert "shown to differ" not in text or "No rater was shown to differ" in text


def test_a_sparse_panels_range_uses_only_raters_the_data_tell():
    table = sparse_panel()
    result = fit(FitRequest(model="per-rater", class1=("1",)), table)
    text = every_surface(result, table)
    honest(text)
    told = [r for r in result.raters if r.get("a").ci is not None
            and r.get("a").ci[1] - r.get("a").ci[0] < 0.8 and r.get("a").ci[1] >= 0]
    low = min(told, key=lambda r: r.get("a").value)
    assert f"({low.rater_id}) to" in " ".join(result.headline)
    untold = [r.rater_id for r in result.raters if r.get("a").ci is not None
              and r.get("a").ci[1] - r.get("a").ci[0] >= 0.8]
    if untold:
        assert "These data cannot tell how accurate" in " ".join(result.headline)


def rater(rid: str, value: float, ci: tuple[float, float]) -> RaterEstimate:
    return RaterEstimate(rid, 50, (Estimate("a", value, 0.1, ci, "accuracy"),))


def test_the_range_rule_in_words():
    raters = [rater("A", 0.6, (0.4, 0.8)), rater("B", 0.9, (0.8, 0.97)),
              rater("C", -0.4, (-0.7, -0.1)), rater("D", 0.5, (-0.5, 0.9)),
              rater("E", -0.1, (-0.3, 0.2))]
    text = accuracy_range_sentence(raters)
    assert text.startswith("Rater accuracy ranges from about 0% (E) to 90% (B).")
    assert "C was not shown to do better than guessing" in text
    assert "These data cannot tell how accurate D is" in text
    assert "-40%" not in text and "-10%" not in text
    past = accuracy_range_sentence(raters, past=True)
    assert past.startswith("Rater accuracy ranged from") and "how accurate D was" in past


def few_ratings_of_three() -> RatingsTable:
    """25 subjects, 3 raters, 3 categories drawn at random: two categories' shares (and guess
    rates) have intervals spanning most of 0 to 1 under the K-category model."""
    return RatingsTable.from_wide(np.random.default_rng(2).integers(0, 3, (25, 3)).tolist())


def test_a_k_category_share_the_data_cannot_tell_reads_cannot_tell():
    """Issue 79: "in every model". The paragraph of a K-category fit stated each category's
    share with its interval, even one spanning 1% to 98%; it now says, as the two-class models
    do, that these data could not tell it (the headline already did)."""
    table = few_ratings_of_three()
    result = fit(FitRequest(model="categorical"), table)
    untold = [e for e in result.params if e.category is not None and e.ci is not None
              and e.ci[1] - e.ci[0] >= 0.8]
    assert {(e.name, e.category) for e in untold} >= {("t", "0"), ("t", "2")}
    text = every_surface(result, table)
    honest(text)
    paragraph = fit_paragraph(result, table)
    for est in untold:
        what = ("what share of the subjects truly belonged to" if est.name == "t"
                else "how often raters chose")
        assert f"these data could not tell {what} '{est.category}'" in paragraph
        assert f"'{est.category}' {round(100 * est.value)}%" not in paragraph
    told = next(e for e in result.params if e.name == "p" and e.category == "1")
    assert told.ci[1] - told.ci[0] < 0.8 and "raters chose '1' 57% (95% interval" in paragraph
    headline = " ".join(result.headline)
    assert "'0' cannot be told from these data" in headline


def test_a_k_category_share_is_never_0_percent_unless_it_is_0():
    """The K-category headline wrote a share of 1e-9 as "0%" where the paragraph said "under 1%":
    one rule (:func:`tapdesk.engine.words.percent`) for both."""
    table = few_ratings_of_three()
    result = fit(FitRequest(model="categorical"), table)
    t1 = result.param("t", "1")
    assert 0 < t1.value < 0.005
    headline = " ".join(result.headline)
    assert "'1' under 1%" in headline and "'1' 0%" not in headline
    assert "'1' under 1%" in fit_paragraph(result, table)
