"""A flagged rater's reason reads in the report's language in every place the report names it
(issue 54): the conclusion's "Flagged for a closer look" list glued the reason's English (a kept
text's ``str``) into its French sentence. The catalogs test could not see it: the reason's
template is translated; what was missing was the surface writing it with ``shown`` (the
conclusion's accuracy range had the same fault)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.i18n.deferred import shown
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tests.report.test_content import run

FLAG = "gave the same rating every time: accuracy cannot be told from guessing"


def _ratings(tmp_path):
    """Four raters of 40 subjects; R4 says 1 every time."""
    rows = ["R1,R2,R3,R4"] + [f"{a},{b},{c},1" for a, b, c in
                              [(1, 1, 1), (0, 0, 0), (1, 0, 1), (0, 0, 1), (1, 1, 0)] * 8]
    path = tmp_path / "ratings.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return read_ratings(path).table


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_the_conclusion_gives_a_flagged_raters_reason_in_the_reports_language(tmp_path, code):
    table = _ratings(tmp_path)
    result = run("per-rater", table)
    assert FLAG in [str(r.flagged) for r in result.raters]
    inputs = ReportInputs.of([ReportAnalysis(result, table)])
    with i18n.language(code):
        doc = build_report(inputs, created="2026-01-02")
        text = doc.as_text()
        conclusion = " ".join(item for b in doc.section("summary").blocks
                              for item in getattr(b, "items", ()) if isinstance(item, str))
    assert FLAG not in text
    assert "Rater accuracy" not in text and "rater accuracy" not in text     # the same glue
    flagged = [r.flagged for r in result.raters if r.flagged]
    with i18n.language(code):
        reasons = [shown(flag) for flag in flagged]
    assert all(reason in conclusion for reason in reasons)


def test_the_raters_table_says_why_a_rater_is_not_compared(tmp_path):
    """R4 (the same rating every time) is not compared with the panel: the verdict cells say
    so and why, not "unknown"."""
    table = _ratings(tmp_path)
    inputs = ReportInputs.of([ReportAnalysis(run("per-rater", table), table)])
    with i18n.language("fr"):
        doc = build_report(inputs, created="2026-01-02")
    summary = next(t for t in doc.tables() if t.key.startswith("rater-summary"))
    row = next(r for r in summary.printed()[1] if r[0] == "R4")
    assert row.count("non comparé\u00a0: la même évaluation à chaque fois") == 2, row
    assert "inconnu" not in row
