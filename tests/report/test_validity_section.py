"""The report's section "Against the reference answer": the engine's sentences and table,
beside the first two-class fit, and nothing without a reference answer."""

from __future__ import annotations

import pytest

from tapdesk.engine.validity import validity_for_fit
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.document import BulletList, Table
from tapdesk.report.html import document_html
from tests.engine.validity.test_validity import simulated
from tests.report.test_content import run


@pytest.fixture(scope="module")
def case():
    table, reference = simulated(n=60, raters="ABC")
    results = [run("coefficients", table), run("tap", table)]
    inputs = ReportInputs.of([ReportAnalysis(r, table) for r in results],
                             references={"gold standard": reference})
    return table, reference, results, build_report(inputs)


def section(doc, key="validity"):
    return next((s for s in doc.sections if s.key == key), None)


def test_the_section_follows_the_analyses_with_the_engine_s_words_and_table(case):
    table, reference, results, doc = case
    found = section(doc)
    assert found is not None and found.title == "Against the reference answer"
    keys = [s.key for s in doc.sections]
    assert keys.index("validity") > max(i for i, k in enumerate(keys) if k.startswith("analysis-"))
    (check,) = validity_for_fit(results[1], table, {"gold standard": reference})  # the t-a-p fit
    bullets = next(b for b in found.blocks if isinstance(b, BulletList))
    assert bullets.items == check.sentences()
    assert any("t-a-p fit estimates" in s for s in bullets.items)
    shown = next(b for b in found.blocks if isinstance(b, Table))
    assert shown.key == "validity"
    assert shown.columns == check.columns() and shown.rows == check.table_rows()
    assert "Analysis 2" in found.blocks[0].text


def test_the_html_report_holds_the_section(case):
    *_, doc = case
    page = document_html(doc, {})
    assert "Against the reference answer" in page and "majority vote" in page


def test_no_reference_answer_no_section(case):
    table, _, results, _ = case
    doc = build_report(ReportInputs.of([ReportAnalysis(results[1], table)]))
    assert section(doc) is None


def test_one_check_per_reference_answer(case):
    table, reference, results, _ = case
    flipped = {sid: "0" if answer == "1" else "1" for sid, answer in reference.items()}
    doc = build_report(ReportInputs.of([ReportAnalysis(results[1], table)],
                                       references={"gold": reference, "expert panel": flipped}))
    tables = [b for b in section(doc).blocks if isinstance(b, Table)]
    assert [t.key for t in tables] == ["validity", "validity-2"]
    assert "'expert panel'" in tables[1].title


def test_screen_report_and_json_tell_one_story_and_a_changed_cell_is_caught(case):
    from tapdesk.report.consistency import validity_mismatches
    table, reference, results, _ = case
    references = {"gold standard": reference}
    (check,) = validity_for_fit(results[1], table, references)
    rows = [list(r) for r in check.table_rows()]
    assert validity_mismatches("tap", results[1], table, references, [rows]) == []
    rows[0][2] = "99% (98-100%)"
    found = validity_mismatches("tap", results[1], table, references, [rows])
    assert len(found) == 2 and "on screen" in found[0] and "in the report" in found[1]
    assert "screen compares with 0" in validity_mismatches("tap", results[1], table,
                                                            references, [])[0]
