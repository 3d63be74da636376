"""Issue 53: File > Print report... (Ctrl+P) prints the report of the shown data set's fits
through the print dialog, with no export first: the report is laid out in the report worker (the
window stays alive) and, printed to a PDF printer, is the exported report page for page."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPrinter

from tapdesk.gui import settings
from tapdesk.gui.selftest.action_walk import Answerer
from tapdesk.gui.window.menus import load_example
from tapdesk.gui.window.printing import print_job, spool_command
from tests.gui.test_workflow import _fit
from tests.render.pdftext import pdf_text

pytestmark = pytest.mark.gui


def _pages(path: Path) -> int:
    from pypdf import PdfReader
    return len(PdfReader(str(path)).pages)


def test_print_sends_the_report_to_a_pdf_printer(window, qtbot, tmp_path):
    load_example(window, "wine")
    assert not window.action_print.isEnabled()                 # nothing to print yet
    _fit(window, qtbot, "tap", timeout=240_000)
    assert window.action_print.isEnabled()
    assert QKeySequence("Ctrl+P") in window.action_print.shortcuts()
    settings.set_last_folder(tmp_path)     # no printer here: the dialog offers a PDF there
    answerer = Answerer(tmp_path)          # the print dialog, accepted as it is set up
    answerer.start()
    try:
        with qtbot.waitSignal(print_job(window).finished, timeout=240_000):
            window.action_print.trigger()
            assert window.print_job.running and window.print_box.isVisible()
    finally:
        answerer.stop()
    assert any(a.startswith("QPrintDialog 'Print report'") for a in answerer.answered)
    printed = sorted(tmp_path.glob("*.pdf"))
    assert len(printed) == 1, list(tmp_path.iterdir())
    qtbot.waitUntil(lambda: window.print_box is None, timeout=10_000)
    assert "Report printed to the file" in window.statusBar().currentMessage()
    exported = window.export_report(tmp_path / "exported.pdf")
    assert exported is not None and _pages(printed[0]) == _pages(exported) >= 2
    text = pdf_text(printed[0])
    fit = window.report_candidates()[0][1]
    assert "wine" in text.lower() and fit.title.split(" (")[0] in text


def test_a_printer_gets_the_copies_and_pages_asked_for(qapp, tmp_path):
    printer = QPrinter()              # no printer installed here: lp's default printer
    printer.setCopyCount(2)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setFromTo(2, 3)
    args = spool_command(printer, tmp_path / "report.pdf")
    assert args[:2] == ["-n", "2"] and args[-3:-1] == ["-P", "2-3"] and "-d" not in args
    assert args[-1] == str(tmp_path / "report.pdf")
