"""Issue 53: a negative number read by people carries the true minus sign (U+2212) on every
surface (the app's summary, the report, the feedback sheets, the command line's text), through
the one formatter (:func:`tapdesk.engine.words.number_text`); machine output (``--json``, CSV
tables) keeps plain ASCII numbers."""

from __future__ import annotations

import csv
import json
import re

import pytest

from tapdesk.cli.main import main
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.rater_words import difference_text, signed
from tapdesk.engine.results import ci_text, fmt
from tapdesk.engine.story.feedback import rater_feedback
from tapdesk.engine.words import MINUS, number_text, percent, percent_range
from tapdesk.report import build_report
from tapdesk.report.feedback import feedback_document
from tapdesk.report.tables_export import write_csv
from tests import WINE

HYPHEN_NUMBER = re.compile(r"(?<![\w\-.])-\d")
"""A number signed with a hyphen-minus: a hyphen before a digit that joins no word or range
("-0.21", "(-3", "to -0.04"; not "44-65%", "2026-11-25", "t-a-p", "--cut 1")."""


@pytest.fixture(scope="module")
def wine():
    table = read_ratings(WINE).table
    return fit(FitRequest(model="per-rater", cut="1", n_starts=4), table), table


def hyphen_numbers(text: str) -> list[str]:
    return [text[max(0, m.start() - 30):m.end() + 10] for m in HYPHEN_NUMBER.finditer(text)]


def test_the_one_formatter_writes_a_minus_sign():
    assert fmt(-0.3834) == f"{MINUS}0.383" and fmt(0.3834) == "0.383"
    assert fmt(-0.0001) == "0.000"                          # rounds to zero: no sign at all
    assert number_text(-2.04, "+.1f") == f"{MINUS}2.0" and number_text(2.04, "+.1f") == "+2.0"
    assert number_text(None) == "-" and number_text(float("nan")) == "-"
    assert signed(-0.21) == f"{MINUS}0.21" and signed(-0.0004) == f"{MINUS}0.0004"
    assert ci_text((-0.383, 0.052)) == f"{MINUS}0.383 to 0.052"
    assert percent(-0.05) == f"{MINUS}5%"
    assert percent_range(-0.05, 0.4) == f"{MINUS}5 to 40%"    # never "-5-40%"


def test_every_text_surface_signs_with_a_minus(wine):
    """The summary (the app's Summary tab and the command line's text), the report (its text is
    what the PDF, DOCX, ODT and HTML writers print) and each rater's feedback sheet."""
    result, table = wine
    summary = result.summary().as_text()
    report = build_report(result, table=table).as_text()
    comparisons = [difference_text(c) for c in result.comparisons]
    assert any(c.difference < 0 for c in result.comparisons)
    assert any(MINUS in text for text in comparisons)
    feedback = rater_feedback(result, table)
    sheets = "\n".join(feedback_document(feedback, fb).as_text() for fb in feedback.raters)
    for name, text in (("summary", summary), ("report", report), ("feedback", sheets),
                       ("comparisons", "\n".join(comparisons))):
        assert not hyphen_numbers(text), (name, hyphen_numbers(text)[:5])
    assert MINUS in summary and MINUS in report


def test_the_command_line_text_signs_with_a_minus_and_its_json_stays_ascii(capsys):
    main(["fit", str(WINE), "--cut", "1", "--model", "per-rater", "--starts", "4"])
    text = capsys.readouterr().out
    assert MINUS in text and not hyphen_numbers(text), hyphen_numbers(text)[:5]
    main(["fit", str(WINE), "--cut", "1", "--model", "per-rater", "--starts", "4", "--json"])
    out = capsys.readouterr().out
    assert MINUS not in out and "\\u2212" not in out
    json.loads(out)
    assert re.search(r":\s*-\d", out)                   # negative numbers as JSON numbers


def test_csv_tables_keep_plain_numbers(wine, tmp_path):
    result, table = wine
    doc = build_report(result, table=table)
    signed_tables = [t for t in doc.tables()
                     if any(isinstance(v, float) and v < 0 for row in t.rows for v in row)]
    assert signed_tables
    for t in signed_tables:
        with write_csv(t, tmp_path / f"{t.key}.csv").open(encoding="utf-8-sig") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert not any(MINUS in cell for cell in cells)
        assert any(re.fullmatch(r"-\d+(\.\d+)?(e-?\d+)?", cell) for cell in cells)


@pytest.mark.gui
def test_the_apps_summary_and_raters_tab_sign_with_a_minus(qtbot, wine):
    from PySide6.QtCore import Qt

    from tapdesk.gui.results.pane import ResultsPane
    result, table = wine
    pane = ResultsPane()
    qtbot.addWidget(pane)
    pane.add_result(result, table)
    pane.show()
    raters = pane.show_tab("Raters")
    qtbot.waitUntil(lambda: raters.view.model().rowCount() > 0, timeout=10000)
    model = raters.view.model()
    cells = [str(model.data(model.index(r, c), Qt.ItemDataRole.DisplayRole))
             for r in range(model.rowCount()) for c in range(model.columnCount())]
    text = pane.summary_text() + "\n" + "\n".join(cells)
    assert MINUS in "\n".join(cells) and not hyphen_numbers(text), hyphen_numbers(text)[:5]
