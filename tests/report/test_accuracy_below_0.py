"""What an accuracy interval that starts below 0 means, said once (issue 55, item 6).

The t-a-p model's accuracy is a probability; the per-rater fit measures each rater's accuracy
as sensitivity minus false-positive rate (-1 to 1), so an interval can start below 0 (wine, cut
3, J1: -0.040). One sentence says what that means, in the glossary and beside the number: the
rater's flag (where the panel-adjusted interval lies below 0), the note under the CLI's and
summary's per-rater table and under the report's accuracy table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tapdesk
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.words import ACCURACY_BELOW_0, ACCURACY_SCALE
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.glossary import lookup
from tests import WINE


@pytest.fixture(scope="module")
def wine_silver():
    table = read_ratings(str(WINE), ImportOptions()).table
    return table, fit(FitRequest(model="per-rater", cut="3"), table)


def test_the_glossary_says_what_an_accuracy_below_0_means():
    entry = lookup("accuracy below 0")
    assert entry is not None and lookup("negative accuracy") is entry
    assert entry.meaning.startswith("An accuracy below 0 would mean a rater who says Class 1 "
                                    "more often for subjects truly in Class 0")
    assert ACCURACY_SCALE in entry.meaning and "sensitivity minus" in entry.meaning


def test_the_sentence_stands_beside_j1s_accuracy(wine_silver):
    table, result = wine_silver
    j1 = next(r for r in result.raters if r.rater_id == "J1")
    assert j1.get("a").ci[0] == pytest.approx(-0.040, abs=0.002)
    assert not j1.flagged                       # reaching below 0 is no verdict (issue 78)
    assert "its 95% interval reaches below 0, to \u22120.04" in j1.chance
    raters = result.summary().tables[0]
    assert raters.title == "Per-rater estimates"
    assert f"J1: accuracy interval below 0; {ACCURACY_BELOW_0}" in raters.note
    assert "J2" not in raters.note                      # J2's interval starts at 0.094
    report = build_report(ReportInputs.of([ReportAnalysis(result, table)]))
    accuracy = next(t for t in report.tables() if t.title == "Accuracy a of each rater")
    assert f"J1: accuracy interval below 0; {ACCURACY_BELOW_0}" in accuracy.note


def test_the_sentence_has_one_source():
    """Its words are written once, in engine/words.py, and read everywhere else."""
    package = Path(tapdesk.__file__).parent
    holders = [path.relative_to(package).as_posix() for path in package.rglob("*.py")
               if "reading the classes the wrong way round" in path.read_text(encoding="utf-8")]
    assert holders == ["engine/words.py"]
