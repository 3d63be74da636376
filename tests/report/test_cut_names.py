"""A cut point named once: the ordinal analysis labels a cut "silver | gold (3|4)"; the report
showed its codes by their names a second time ("silver | gold (silver | gold)")."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.words import cut_name, cut_words, quoted_labels
from tests.report.test_content import run, section_text, wine_table


@pytest.fixture(scope="module")
def ordinal():
    table = wine_table()
    return table, run("ordinal-cuts", table)


def test_a_cuts_label_keeps_its_codes_once(ordinal):
    _, result = ordinal
    assert quoted_labels(result, "Cut silver | gold (3|4): a note") == "Cut silver | gold (3|4): a note"
    assert quoted_labels(result, "at the cut 3|4") == "at the cut silver | gold"


def test_a_cuts_label_reads_as_its_names(ordinal):
    _, result = ordinal
    assert cut_name(result, "silver | gold (3|4)") == "silver | gold"
    assert cut_words(result, "silver | gold (3|4)") == "silver and gold"


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_no_report_names_a_cut_twice(ordinal, code):
    table, result = ordinal
    with i18n.language(code):
        doc = build_report(ReportInputs.of([ReportAnalysis(result, table)]), created="2026-01-02")
        text = "\n".join(section_text(doc, prefix) for prefix in ("summary", "analysis", "warnings"))
    assert "(silver | gold)" not in text and "gold (silver" not in text
    assert "silver | gold (3|4)" in text
