"""A German PDF of the wine report read back (pypdf): German headings, footers and decimal
commas, with the same numbers as the English report (issue 54)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from tapdesk import i18n  # noqa: E402
from tapdesk.engine.results import fmt  # noqa: E402
from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tests.render.test_pdf import page_texts  # noqa: E402
from tests.report.test_content import run, wine_table  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def german(tmp_path_factory):
    from tapdesk.render.page import ensure_app
    ensure_app()
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze")]
    inputs = ReportInputs.of([ReportAnalysis(r, table) for r in results],
                             author="Tasting committee", signers=("Ana Ruiz, chair",))
    with i18n.language("de"):
        doc = build_report(inputs)
        path = write_report(doc, tmp_path_factory.mktemp("de") / "wine-de.pdf")
    return results, page_texts(path)


def test_the_german_pdf_has_german_headings_and_footers(german):
    _results, pages = german
    first, every = pages[0], " ".join(pages)
    assert "Fazit" in first and "Kennzahlen" in first and "Was analysiert wurde" in first
    assert "Seite 1 von" in first and f"Seite {len(pages)} von {len(pages)}" in pages[-1]
    for heading in ("Inhalt", "Daten", "Warnungen", "Grenzen: Was die Analysen voraussetzen",
                    "Hinweise zur Methode und Literatur", "Freigabe", "Glossar"):
        assert heading in every, heading
    assert "Conclusion" not in every and "Page 1 of" not in every


def test_the_german_pdf_writes_the_same_numbers_with_decimal_commas(german):
    results, pages = german
    first = pages[0]
    for name in ("a", "t", "p"):
        value = fmt(results[0].param(name).value)                   # "0.437"
        assert value.replace(".", ",") in first, name
        assert value not in first, name
    accuracy = next(r for r in results[1].raters).get("a").value
    assert any(fmt(accuracy).replace(".", ",") in page for page in pages)


def test_the_german_pdfs_plots_speak_german_with_decimal_commas(german):
    _results, pages = german
    plot = next(page for page in pages if "Mittel des Gremiums" in page)   # the rater plot
    assert "Beurteiler" in plot and "0,4" in plot and "0.4" not in plot
    assert any("beobachtet" in page and "angepasst (erwartet)" in page for page in pages)
