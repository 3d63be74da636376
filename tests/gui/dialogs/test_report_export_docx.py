"""File > Export report as a Word file: the DOCX choice names the file .docx, keeps the paper
size choice, and the worker process writes the report python-docx reads back."""

from __future__ import annotations

import docx
import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tests.report.test_document import ratings_csv

pytestmark = pytest.mark.gui


def test_docx_choice_writes_a_word_report_in_the_worker(qtbot, tmp_path):
    table = read_ratings(ratings_csv(tmp_path / "panel.csv")).table
    tap = fit(FitRequest(model="tap", class1=("yes",), n_starts=2), table)
    dialog = ExportDialog([("t-a-p (average rater)", tap, table)])
    qtbot.addWidget(dialog)
    dialog.title.setText("Panel review")
    dialog.path.setText(str(tmp_path / "report.pdf"))
    dialog.format.setCurrentIndex(dialog.format.findData("docx"))
    assert dialog.path.text().endswith("report.docx") and dialog.page_size.isEnabled()
    dialog.page_size.setCurrentText("Letter")
    seen = []
    dialog.job.progress.connect(seen.append)
    assert dialog.export_and_wait() == tmp_path / "report.docx"
    last = seen[-1]
    assert last.what == "Writing the Word file" and last.done == last.total - 1
    word = docx.Document(str(tmp_path / "report.docx"))
    assert word.paragraphs[0].text == "Panel review"
    assert any(p.text.replace("\u00a0", " ").startswith("Analysis 1: t-a-p model")
               for p in word.paragraphs)                    # numbers kept whole by no-break spaces
    assert len(word.inline_shapes) >= 1
    assert round(word.sections[0].page_width.mm, 1) == 215.9
    assert not list(tmp_path.glob(".*.part"))         # the temporary file was put in place
