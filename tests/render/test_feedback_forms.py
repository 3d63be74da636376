"""Feedback for many raters (issue 43, item 3): one PDF with a page per rater, or one zip; a
stop leaves no half-written file; ``tapdesk feedback --out`` takes either form."""

from __future__ import annotations

import csv
import io
import unicodedata
import zipfile

import pytest

from tapdesk.cli.main import main
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.story.feedback import rater_feedback
from tapdesk.errors import FitCancelled
from tapdesk.render.feedback import feedback_form, write_feedback
from tests.engine.story.test_feedback import panel_table, write_panel_csv


@pytest.fixture(scope="module")
def report():
    table = panel_table()
    result = fit(FitRequest(model="per-rater", class1=("yes",)), table)
    return rater_feedback(result, table)


def _text(page) -> str:
    return unicodedata.normalize("NFKC", " ".join(page.extract_text().split()))


def test_forms_follow_the_name():
    assert [feedback_form(n) for n in ("out.pdf", "OUT.ZIP", "out", "out.d")] == \
        ["book", "zip", "folder", "folder"]


def test_one_pdf_has_a_page_for_each_rater(tmp_path, report):
    from pypdf import PdfReader
    pages = []
    path, = write_feedback(report, tmp_path / "all.pdf",
                           on_progress=lambda done, total: pages.append((done, total)) or True)
    reader = PdfReader(path)
    assert len(reader.pages) == len(report.raters) == pages[-1][1] == len(pages)
    for page, fb in zip(reader.pages, report.raters):
        text = _text(page)
        assert f"Feedback for rater {fb.rater_id}" in text and fb.sentence[:40] in text
    assert [p.name for p in tmp_path.iterdir()] == ["all.pdf"]


def test_the_zip_holds_each_raters_pdf_and_the_summary(tmp_path, report):
    told = []
    path, = write_feedback(report, tmp_path / "all.zip",
                           on_progress=lambda done, total: told.append(done) or True)
    with zipfile.ZipFile(path) as archive:
        names = sorted(archive.namelist())
        rows = list(csv.DictReader(io.StringIO(archive.read("feedback_summary.csv").decode())))
    assert names == sorted([f"feedback_{fb.rater_id}.pdf" for fb in report.raters]
                           + ["feedback_summary.csv"])
    assert [r["rater"] for r in rows] == [fb.rater_id for fb in report.raters]
    assert told == list(range(1, len(report.raters) + 1))


@pytest.mark.parametrize("name", ["all.pdf", "all.zip"])
def test_a_stop_leaves_no_file(tmp_path, report, name):
    with pytest.raises(FitCancelled):
        write_feedback(report, tmp_path / name, on_progress=lambda done, total: done < 2)
    assert list(tmp_path.iterdir()) == []


def test_cli_writes_the_zip_and_the_pdf(tmp_path, capsys):
    data = write_panel_csv(tmp_path / "panel.csv")
    for name in ("sheets.zip", "sheets.pdf"):
        assert main(["feedback", str(data), "--class1", "yes", "--out", str(tmp_path / name)]) == 0
        out = capsys.readouterr().out
        assert (tmp_path / name).is_file() and "of the 6 raters to" in out
    assert main(["feedback", str(data), "--class1", "yes",             # its folder made too
                 "--out", str(tmp_path / "new" / "sheets.pdf")]) == 0
    assert (tmp_path / "new" / "sheets.pdf").is_file()


def test_the_summary_csv_is_data_named_as_the_json_keys_in_every_language(tmp_path, report):
    """Issue 53: feedback_summary.csv is a data table, the tabular twin of ``tapdesk feedback
    --json`` (README): its columns are the JSON's keys and stay English in every language (the
    issue 54 rule for exported columns)."""
    from tapdesk import i18n
    from tapdesk.library.feedback import feedback_json
    from tapdesk.report.feedback import SUMMARY_COLUMNS, pdf_names, write_summary_csv
    assert list(feedback_json(report)[0]) == list(SUMMARY_COLUMNS)
    with i18n.language("de"):
        path = write_summary_csv(report, tmp_path, pdf_names(report))
    with open(path, newline="", encoding="utf-8") as handle:
        assert next(csv.reader(handle)) == list(SUMMARY_COLUMNS)
