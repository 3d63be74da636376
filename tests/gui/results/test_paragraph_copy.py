"""The results pane's "Copy paragraph" puts on the clipboard exactly what the report prints."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.story.paragraph import PARAGRAPH_TITLE
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.report.document import Paragraph

pytestmark = pytest.mark.gui


def report_paragraph(result, table) -> str:
    doc = build_report(ReportInputs.of([ReportAnalysis(result, table)]))
    blocks = [b.text for b in doc.section("summary").blocks if isinstance(b, Paragraph)]
    return blocks[blocks.index(PARAGRAPH_TITLE) + 1]


def test_copy_paragraph_copies_the_reports_text(qtbot):
    from tapdesk.gui.results.pane import ResultsPane
    table = simulate_table(TapParameters(t=0.3, a=0.6, p=0.4), n_subjects=100, n_raters=4, seed=3)
    pane = ResultsPane()
    qtbot.addWidget(pane)
    assert pane.paragraph.isHidden()                  # no fit yet: no paragraph
    result = fit(FitRequest(model="tap", n_starts=2), table)
    pane.add_result(result, table)
    assert not pane.paragraph.isHidden()
    QApplication.clipboard().setText("something else")
    qtbot.mouseClick(pane.paragraph.copy_button, Qt.MouseButton.LeftButton)
    expected = report_paragraph(result, table)
    assert QApplication.clipboard().text() == expected
    assert pane.paragraph.label.text() == expected
    other = fit(FitRequest(model="tap", n_starts=2, level=0.8), table)
    pane.add_result(other, table)                     # the shown fit's paragraph, not the last
    qtbot.mouseClick(pane.paragraph.copy_button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == report_paragraph(other, table) != expected
    pane.clear()
    assert pane.paragraph.isHidden()
