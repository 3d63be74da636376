"""Issue 54: the report's coefficient tables in German, French and English. An interval cell is
one unbreakable text ("0,297 bis 0,404" held by no-break spaces, in the PDF, DOCX and ODT alike),
and the pairwise kappas, kept as numbers until printed, form a column of numbers (right-aligned
by every writer) written in the report's language; the exported table keeps numbers."""

from __future__ import annotations

import re
import zipfile

import pytest

from tapdesk import i18n
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tests.report.test_content import run, wine_table

NBSP = "\u00a0"
WORDS = {"de": "bis", "fr": "à", "en": "to"}


@pytest.fixture(scope="module")
def table():
    return wine_table()


def _report(table, code: str):
    with i18n.language(code):
        return build_report(ReportInputs.of([ReportAnalysis(run("coefficients", table), table)]),
                            created="2026-01-02")


@pytest.mark.parametrize("code", ["de", "fr", "en"])
def test_every_interval_cell_is_unbreakable(table, code):
    doc = _report(table, code)
    word = WORDS[code]
    cells = [str(c) for t in doc.tables() for row in t.printed()[1] for c in row]
    intervals = [c for c in cells if re.search(rf"\d[ {NBSP}]{word}[ {NBSP}][−\d]", c)]
    assert intervals, "no interval cell found"
    assert all(f"{NBSP}{word}{NBSP}" in c and f" {word} " not in c for c in intervals), \
        [c for c in intervals if f" {word} " in c][:3]


@pytest.mark.parametrize("code", ["de", "en"])
def test_pairwise_kappas_print_as_numbers(table, code):
    doc = _report(table, code)
    pairwise = next(t for t in doc.tables() if "pairwise" in t.key)
    assert pairwise.numeric[1:] == (True,) * (len(pairwise.columns) - 1)
    assert not pairwise.numeric[0]                                   # the raters' names
    values = [v for row in pairwise.rows for v in row[1:] if v != "-"]
    assert values and all(isinstance(v, float) for v in values)     # exports keep numbers
    printed = [c for row in pairwise.printed()[1] for c in row[1:] if c != "-"]
    mark = "," if code == "de" else "."
    assert all(re.fullmatch(rf"−?\d{re.escape(mark)}\d{{3}}", c) for c in printed), printed[:4]


def test_docx_and_odt_keep_german_intervals_whole(table, tmp_path):
    pytest.importorskip("docx")
    from tapdesk.render.page import ensure_app
    from tapdesk.render.writer import write_report
    ensure_app()
    doc = _report(table, "de")
    for name, member in (("de.docx", "word/document.xml"), ("de.odt", "content.xml")):
        with zipfile.ZipFile(write_report(doc, tmp_path / name)) as archive:
            xml = archive.read(member).decode("utf-8")
        assert re.search(rf"\d,\d{{3}}{NBSP}bis{NBSP}\d,\d{{3}}", xml), name
        assert not re.search(r"\d,\d{3} bis \d,\d{3}", xml), name


@pytest.mark.parametrize(("code", "heading"), [("de", "Angabe"), ("fr", "Rubrique"),
                                               ("es", "Concepto"), ("en", "Item")])
def test_the_data_tables_fact_column_is_headed_in_the_reports_language(table, code, heading):
    """The tables "Data" and "Technical details" head their column of facts (File, Layout,
    Model ...) in the report's language; it read "Item" in German, the glossary's word for a
    question rated apart. The exported column keeps its English name."""
    doc = _report(table, code)
    for key in ("provenance", "technical"):
        facts = next(t for t in doc.tables() if t.key == key)
        assert facts.printed()[0][0] == heading, (key, facts.printed()[0])
        assert facts.columns[0] == "Item"
