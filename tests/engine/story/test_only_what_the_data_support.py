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
