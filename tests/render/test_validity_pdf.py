"""The printed report shows the section "Against the reference answer" with the engine's
table cells and sentences, as the document holds them."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.document import Table  # noqa: E402
from tests.engine.validity.test_validity import simulated  # noqa: E402
from tests.render.test_pdf import page_texts  # noqa: E402
from tests.report.test_content import run  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def qapp():
    from tapdesk.render.page import ensure_app
    return ensure_app()


def test_the_pdf_prints_the_validity_section(qapp, tmp_path):
    table, reference = simulated(n=50, raters="ABC")
    doc = build_report(ReportInputs.of([ReportAnalysis(run("tap", table), table)],
                                       references={"consensus": reference}))
    path = write_report(doc, tmp_path / "validity.pdf")
    text = " ".join(page_texts(path))
    section = next(s for s in doc.sections if s.key == "validity")
    assert "Against the reference answer" in text
    shown = next(b for b in section.blocks if isinstance(b, Table))
    for row in shown.rows:
        for cell in row:
            assert str(cell) in text, cell
    assert "not the truth" in text and "majority vote" in text
