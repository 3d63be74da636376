"""The "Reproducing this report" command, as a reader copies it out of the PDF (issue 53: it was
broken inside an option, "--" at a line's end and "cut 1" on the next, and did not run).
tests/conftest.py checks every PDF report the suite writes the same way."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("PySide6")

from tapdesk.data.readers import read_ratings  # noqa: E402
from tapdesk.engine import FitRequest, fit  # noqa: E402
from tapdesk.render.pdf import write_report_pdf  # noqa: E402
from tapdesk.report import ReportInputs, build_report  # noqa: E402
from tapdesk.report.document import Paragraph, Section  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402
from tests.reproduce_check import command_problems, copied_commands  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    table = read_ratings(ratings_csv(tmp_path_factory.mktemp("data") / "panel.csv")).table
    return fit(FitRequest(model="tap", class1=("yes",), n_starts=2), table), table


def long_report(fitted):
    result, table = fitted
    return build_report(ReportInputs(
        result, table, coefficients=None, title="Wine judging panel, May 2026 -- second round",
        note="Class 1 = 'yes'; read with --cut in mind", author="The panel's committee",
        signers=("Ada Lovelace, chair of the wine judging panel",
                 "Bob Smith, statistician --cut advisor"),
        out="a-rather-long-report-name-for-the-second-round-of-the-panel.pdf"))


def test_a_long_command_copied_from_the_pdf_is_the_command_and_parses(fitted, tmp_path):
    doc = long_report(fitted)
    path = write_report_pdf(doc, tmp_path / "long.pdf")
    [lines] = copied_commands(path)
    assert len(lines) >= 3                                  # the command runs over lines
    assert command_problems(path, expected=doc.commands) == []


def test_a_command_broken_inside_an_option_is_caught(fitted, tmp_path):
    """The check fails on the break the issue found ("--" | "cut 1"), as a copy would."""
    result, table = fitted
    doc = build_report(ReportInputs(result, table, coefficients=None))
    broken = "tapdesk report panel.csv --seed 3 --\ncut 1 --out report.pdf"
    method = Section("method", "Method notes", (Paragraph("Reproducing this report", "label"),
                                                Paragraph(broken), Paragraph("References")))
    doc = replace(doc, sections=tuple(method if s.key == "method" else s for s in doc.sections))
    path = write_report_pdf(doc, tmp_path / "broken.pdf")
    problems = command_problems(path)
    assert any("ends inside a word" in p for p in problems), problems
    assert any("parser refused" in p for p in problems), problems


@pytest.mark.parametrize("fmt", ["docx", "odt"])
def test_the_editable_files_break_the_command_between_whole_arguments(fitted, tmp_path, fmt):
    """Word and LibreOffice break a long line after any hyphen: the command comes with its own
    line breaks, each line whole shell words that fit the line."""
    import re
    import shlex
    import zipfile

    from tapdesk.render.writer import write_report
    doc = long_report(fitted)
    path = write_report(doc, tmp_path / f"long.{fmt}")
    if fmt == "docx":
        import docx
        texts = [p.text for p in docx.Document(str(path)).paragraphs]
    else:
        with zipfile.ZipFile(path) as odt:
            xml = odt.read("content.xml").decode("utf-8")
        texts = [re.sub(r"<[^>]+>", "", p.replace("<text:line-break />", "\n"))
                 for p in re.findall(r"<text:p[^>]*>(.*?)</text:p>", xml)]
    [text] = [t for t in texts if t.startswith("tapdesk report")]
    lines = text.split("\n")
    assert len(lines) >= 3 and " ".join(lines) == doc.commands[0]
    assert all(shlex.split(line) and len(line) <= 110 for line in lines), lines
