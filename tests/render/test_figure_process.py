"""The PDF report's figures drawn in a forked child process (issue 29: the report in a blink).

The child must give exactly the pictures the command would record itself, and the
command must still draw every figure when the child cannot deliver. Each check
runs in a fresh interpreter: a process that has loaded Qt (as this test
process may have) never forks.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import WINE

pytest.importorskip("PySide6")

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks on Linux only")]


DOCUMENT = f"""
import os, signal, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from tapdesk.render.figure_process import FigureProcess
job = FigureProcess.start(only_if_idle=False)
if job is None:
    print("no fork"); sys.exit(0)
from tapdesk.data.importer.model import ImportOptions
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.analyses import get_analysis
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
table = read_ratings({str(WINE)!r}, ImportOptions()).table
results = [fit(FitRequest(model="tap", cut=1), table),
           get_analysis("coefficients").run(FitRequest(model="coefficients", cut=1), table)]
doc = build_report(ReportInputs.of([ReportAnalysis(r, table) for r in results], command="x"))
"""


def run(code: str, tmp_path: Path) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_child_draws_exactly_the_figures_the_command_would(tmp_path):
    out = run(DOCUMENT + """
job.send(doc, "Letter")
from tapdesk.render import page as report_pdf
from tapdesk.render.figures import print_pictures
drawn = job.figures(*report_pdf.figure_area("Letter"))  # the keys and sizes at once
report_pdf.ensure_app()
report_pdf.load_fonts()
own = print_pictures(doc, *report_pdf.figure_area("Letter"))
assert drawn is not None and list(drawn) == list(own), (drawn, own)
for key, (picture, size) in own.items():
    assert drawn[key][1] == size, key
    theirs = drawn[key][0]()
    assert (theirs.width(), theirs.height()) == (picture.width(), picture.height()), key
    assert theirs.to_bytes() == picture.to_bytes(), key  # command for command
assert job.own is None                                  # none drawn here
print("same", len(own))
""", tmp_path)
    if out == "no fork":
        pytest.skip("this machine has one core")
    assert out.startswith("same ") and int(out.split()[1]) >= 3


def test_the_command_draws_the_figures_itself_when_the_child_is_gone(tmp_path):
    out = run(DOCUMENT + """
job.send(doc, "A4")
os.kill(job.pid, signal.SIGKILL)
from pypdf import PdfReader
from tapdesk.render.pdf import write_report_pdf
from tapdesk.render.figure_process import pending_figures
write_report_pdf(doc, "with-child-gone.pdf")
assert pending_figures(doc, 1, 1) is None                # the job is used up
write_report_pdf(doc, "in-process.pdf")
pages = [[page.get_contents().get_data() for page in PdfReader(name).pages]
         for name in ("with-child-gone.pdf", "in-process.pdf")]
assert pages[0] == pages[1]                              # drawn alike, plots and all
print(len(doc.figures()))
""", tmp_path)
    if out == "no fork":
        pytest.skip("this machine has one core")
    assert int(out) >= 3


def test_figures_the_child_stops_before_sending_are_drawn_here(tmp_path):
    out = run(DOCUMENT + """
job.send(doc, "A4")
from tapdesk.render import page as report_pdf
from tapdesk.render.figures import print_pictures
drawn = job.figures(*report_pdf.figure_area("A4"))
os.kill(job.pid, signal.SIGKILL)                        # while it draws
own = print_pictures(doc, *report_pdf.figure_area("A4"))
assert list(drawn) == list(own)
assert all(drawn[key][0]().to_bytes() == picture.to_bytes()
           for key, (picture, _) in own.items())
assert job.own is not None                              # the rest were drawn here
print(len(own))
""", tmp_path)
    if out == "no fork":
        pytest.skip("this machine has one core")
    assert int(out) >= 3


def test_pages_laid_out_for_a_figure_the_child_cannot_draw_are_laid_out_again(tmp_path):
    """The command lays its pages out for every figure before the child has drawn any; where
    the child has nothing to draw for one, the pages are laid out again without it: the PDF
    is the one drawn without a child."""
    out = run(DOCUMENT + """
from dataclasses import replace
from tapdesk.report.document import Figure
at = next(i for i, s in enumerate(doc.sections) if any(isinstance(b, Figure) for b in s.blocks))
nothing = Figure("no-such-plot", "A plot no builder draws.", "nothing", source=0)
section = replace(doc.sections[at], blocks=(nothing,) + doc.sections[at].blocks)
doc = replace(doc, sections=doc.sections[:at] + (section,) + doc.sections[at + 1:])
job.send(doc, "A4")
from pypdf import PdfReader
from tapdesk.render.pdf import write_report_pdf
write_report_pdf(doc, "with-child.pdf")
assert job.plan is not None and "nothing" not in job.plan and job.own is None
write_report_pdf(doc, "in-process.pdf")
pages = [[page.get_contents().get_data() for page in PdfReader(name).pages]
         for name in ("with-child.pdf", "in-process.pdf")]
assert pages[0] == pages[1]
print(len(pages[0]))
""", tmp_path)
    if out == "no fork":
        pytest.skip("this machine has one core")
    assert int(out) >= 5


def test_a_process_that_has_loaded_qt_never_forks():
    import PySide6.QtCore  # noqa: F401

    from tapdesk.render.figure_process import FigureProcess, can_fork
    assert not can_fork()
    assert FigureProcess.start(only_if_idle=False) is None


@pytest.mark.parametrize(("load", "cores", "free"), [(0.3, 2, True), (1.4, 2, True),
                                                     (1.6, 2, False), (5.0, 2, False),
                                                     (3.0, 4, True), (0.0, 1, False)])
def test_the_child_is_started_only_when_a_core_is_free(monkeypatch, load, cores, free):
    from tapdesk.render import figure_process as report_pdf_process
    monkeypatch.setattr(report_pdf_process.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(report_pdf_process.os, "cpu_count", lambda: cores)
    assert report_pdf_process.core_free() is free


def test_figures_recorded_ahead_from_the_analyses_so_far_are_the_final_documents(tmp_path):
    """After each fit but the last the command hands the child the document so far; the
    child takes what it recorded from it only where the final document draws the same."""
    out = run(DOCUMENT + """
job.stop()
from dataclasses import replace
from tapdesk.render import page as report_pdf, figures
from tapdesk.report.document import Figure
report_pdf.ensure_app()
report_pdf.load_fonts()
area = report_pdf.figure_area("A4")
so_far = build_report(ReportInputs.of([ReportAnalysis(results[0], table)], coefficients=None,
                                      command="x"))
ahead = figures.PicturesAhead()
ahead.record(so_far, *area)
taken = [f.key for f in doc.figures()
         if ahead.recorded(f, doc.inputs, figures.figure_size(f, doc.inputs, *area))]
assert taken == [f.key for f in so_far.figures()], (taken, so_far.figures())
own = figures.print_pictures(doc, *area)
mixed = figures.print_pictures(doc, *area, ahead=ahead)
assert list(own) == list(mixed)
assert all(own[k][0].to_bytes() == mixed[k][0].to_bytes() for k in own)   # command for command
first = doc.figures()[0]
size = figures.figure_size(first, doc.inputs, *area)
assert ahead.recorded(replace(first, caption="another"), doc.inputs, size) is None
assert ahead.recorded(first, doc.inputs, replace(size, width_mm=size.width_mm / 2)) is None
other = ReportInputs.of([ReportAnalysis(results[1], table)], command="x")
assert ahead.recorded(first, other, size) is None            # drawn from another analysis
print(len(taken))
""", tmp_path)
    if out == "no fork":
        pytest.skip("this machine has one core")
    assert int(out) >= 2


def test_the_report_command_forks_its_figure_process_before_reading_the_data(tmp_path):
    """`tapdesk report` forks the child once the engine is imported, before pandas and the
    data (it imports Qt meanwhile); the command takes that child, and the PDF is the one
    drawn without it."""
    code = f"""
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
if (os.cpu_count() or 1) < 2:
    print("no fork"); sys.exit(0)
from tapdesk.render import figure_process as report_pdf_process
forked = []
original = report_pdf_process.FigureProcess.start.__func__
def start(cls, only_if_idle=True):
    job = original(cls, only_if_idle=False)
    forked.append(("pandas" in sys.modules, job))
    return job
report_pdf_process.FigureProcess.start = classmethod(start)
from tapdesk.cli.main import main
os.mkdir("with-child")
os.mkdir("in-process")
os.chdir("with-child")                           # the same command line in both footers
status = main(["report", {str(WINE)!r}, "--cut", "1", "--model", "tap", "--model", "per-rater",
               "--out", "report.pdf"])
assert status == 0
assert forked[0][0] is False and forked[0][1] is not None   # forked before pandas
assert len(forked) == 2 and forked[1][1] is forked[0][1]     # and taken by the command
assert forked[0][1].own is None                              # which drew no figure itself
import gc
assert gc.get_freeze_count() > 10000         # frozen at the fork: no collection walks them
report_pdf_process.start_early = lambda: None
report_pdf_process.FigureProcess.start = classmethod(lambda cls, only_if_idle=True: None)
os.chdir("../in-process")
assert main(["report", {str(WINE)!r}, "--cut", "1", "--model", "tap", "--model", "per-rater",
             "--out", "report.pdf"]) == 0
from pypdf import PdfReader
pages = [[page.get_contents().get_data() for page in PdfReader(name).pages]
         for name in ("../with-child/report.pdf", "report.pdf")]
assert pages[0] == pages[1]
print(len(pages[0]))
"""
    out = run(code, tmp_path)
    if out == "no fork":
        pytest.skip("this machine has one core")
    assert int(out.splitlines()[-1]) >= 5
