"""File > Export report: the dialog lists the analyses, takes title/author/note/format/path and
writes the report with the same code as ``tapdesk report`` (in a worker process: see also
test_report_export_async.py); a failure keeps what was typed."""

from __future__ import annotations

import re
import zipfile

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import get_analysis
from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tapdesk.report.print_text import NB_HYPHEN, NBSP
from tests.render.pdftext import pdf_text
from tests.report.test_document import ratings_csv

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def candidates(tmp_path_factory):
    table = read_ratings(ratings_csv(tmp_path_factory.mktemp("data") / "panel.csv")).table
    tap = fit(FitRequest(model="tap", class1=("yes",), n_starts=2), table)
    per_rater = fit(FitRequest(model="per-rater", class1=("yes",), n_starts=2), table)
    coefficients = get_analysis("coefficients").run(FitRequest(model="coefficients"), table)
    return [("t-a-p (average rater)", tap, table), ("Per-rater t-a-p", per_rater, table),
            ("Classical coefficients", coefficients, table)]


def test_checklist_of_analyses_in_order_all_ticked(qtbot, candidates, tmp_path):
    dialog = ExportDialog(candidates)
    qtbot.addWidget(dialog)
    names = [dialog.analyses.item(i).text() for i in range(dialog.analyses.count())]
    assert names == ["t-a-p (average rater)", "Per-rater t-a-p", "Classical coefficients"]
    assert dialog.selected() == candidates
    for i in range(3):
        dialog.analyses.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert not dialog.export_button.isEnabled()
    dialog.analyses.item(2).setCheckState(Qt.CheckState.Checked)
    assert dialog.export_button.isEnabled() and dialog.selected() == candidates[2:]


def test_export_writes_the_chosen_analyses_with_title_author_and_note(qtbot, candidates,
                                                                        tmp_path):
    dialog = ExportDialog(candidates)
    qtbot.addWidget(dialog)
    dialog.analyses.item(1).setCheckState(Qt.CheckState.Unchecked)
    dialog.title.setText("Panel review")
    dialog.author.setText("Quality committee")
    dialog.note.setPlainText("For the March meeting.")
    dialog.path.setText(str(tmp_path / "review.pdf"))
    with qtbot.waitSignal(dialog.exported, timeout=120_000):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert dialog.written == tmp_path / "review.pdf"
    reader = PdfReader(dialog.written)
    text = " ".join(p.extract_text().replace("\t", " ").replace("\n", " ") for p in reader.pages)
    text = text.replace(NBSP, " ").replace(NB_HYPHEN, "-")   # headings keep numbers whole
    assert "Panel review" in text and "Quality committee" in text
    assert "For the March meeting." in text
    assert "Analysis 1: t-a-p model, average rater" in text
    assert "Analysis 2: Classical agreement" in text and "each rater on their own" not in text
    assert len(set(re.findall(r"Figure (\d+)\. ", text))) >= 2
    assert "Class-1 ratings" in text          # a plot, drawn as vectors: its words are text
    again = ExportDialog(candidates)                      # the author and folder are remembered
    qtbot.addWidget(again)
    assert again.author.text() == "Quality committee"
    assert again.path.text().startswith(str(tmp_path))


def test_format_choice_changes_the_file_and_writes_odt(qtbot, candidates, tmp_path):
    dialog = ExportDialog(candidates[:1])
    qtbot.addWidget(dialog)
    dialog.path.setText(str(tmp_path / "report.pdf"))
    dialog.format.setCurrentIndex(dialog.format.findData("odt"))
    assert dialog.path.text().endswith("report.odt") and dialog.page_size.isEnabled()
    dialog.page_size.setCurrentText("Letter")           # issue 53: greyed for ODT only
    assert dialog.export_and_wait() == tmp_path / "report.odt"
    with zipfile.ZipFile(tmp_path / "report.odt") as archive:
        assert "Analysis" + NBSP + "1" in archive.read("content.xml").decode("utf-8")
        assert 'fo:page-width="215.9' in archive.read("styles.xml").decode("utf-8")
    assert dialog.inputs().out == "report.odt"
    dialog.format.setCurrentIndex(dialog.format.findData("html"))
    assert not dialog.page_size.isEnabled()                 # a web page has no paper


def test_a_failure_is_shown_and_keeps_what_was_typed(qtbot, candidates, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    dialog = ExportDialog(candidates[:1])
    qtbot.addWidget(dialog)
    dialog.title.setText("Kept title")
    dialog.path.setText(str(blocker / "report.pdf"))
    assert dialog.export_and_wait() is None
    assert not dialog.error.isHidden() and "could not be written" in dialog.error.text()
    assert dialog.title.text() == "Kept title" and dialog.result() == 0


def test_the_report_names_an_analysis_without_the_list_s_fit_number(qtbot, candidates, tmp_path):
    """Issue 53: "Analysis 1: 3. t-a-p ..." (the fit's number in the list after the analysis's
    own); and a long name was cut short in the list of contents."""

    from tapdesk.report.build import build_report
    long = ("3. t-a-p per rater (each rater their own accuracy and guess rate), class share by "
            "'year' and accuracy by 'age' (Maximum likelihood, Class 1 = yes)")
    dialog = ExportDialog([(long, candidates[1][1], candidates[1][2])] * 4)
    qtbot.addWidget(dialog)
    inputs = dialog.inputs()
    assert [a.name for a in inputs.analyses()] == [long[3:]] * 4
    titles = [s.title for s in build_report(inputs).sections]
    assert f"Analysis 1: {long[3:]}" in titles
    dialog.path.setText(str(tmp_path / "report.pdf"))
    assert dialog.export_and_wait() == tmp_path / "report.pdf"
    text = pdf_text(tmp_path / "report.pdf")
    contents = next(page for page in text.split("\f") if "Contents" in page)
    assert "Analysis 4: t-a-p per rater" in contents and " ".join(contents.split()).count(
        "Class 1 = yes)") >= 4, contents


@pytest.mark.parametrize("answer", ["No", "Yes"])
def test_the_export_button_asks_before_replacing_a_file(qtbot, candidates, tmp_path, monkeypatch,
                                                        answer):
    """Issue 53, item 10 (seen in a real window): the Save as path kept from another data set's
    report, Export clicked, and that report was replaced without a question (the button's
    ``clicked(False)`` reached ``export(ask=False)``)."""
    from PySide6.QtWidgets import QMessageBox
    target = tmp_path / "other-data-report.pdf"
    target.write_bytes(b"the other data set's report")
    asked = []

    def question(*args, **_kwargs):
        asked.append(args[2])
        return getattr(QMessageBox.StandardButton, answer)

    monkeypatch.setattr(QMessageBox, "question", question)
    dialog = ExportDialog(candidates[:1])
    qtbot.addWidget(dialog)
    dialog.path.setText(str(target))
    if answer == "No":
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
        assert not dialog.job.running and target.read_bytes() == b"the other data set's report"
    else:
        with qtbot.waitSignal(dialog.exported, timeout=120_000):
            qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
        assert target.read_bytes().startswith(b"%PDF")
    assert len(asked) == 1 and "other-data-report.pdf already exists" in asked[0]
