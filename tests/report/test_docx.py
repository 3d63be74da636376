"""The Word report read back with python-docx: the same title, conclusion, key numbers, tables,
figures, references and footer as the PDF, from the same document object; the page set up as the
PDF's; ``tapdesk report --format docx`` from the command line."""

from __future__ import annotations

import json
import zipfile
from argparse import Namespace
from dataclasses import replace

import pytest

pytest.importorskip("PySide6")
import docx  # noqa: E402

from tapdesk.errors import SettingError  # noqa: E402
from tapdesk.library.report import output_format  # noqa: E402
from tapdesk.render.page import FOOTER_MM, MARGINS_MM  # noqa: E402
from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.document import KeyNumbers, References  # noqa: E402
from tapdesk.report.docx_writer import UNKNOWN_PAGE, PageSetup, Picture, write_docx  # noqa: E402
from tapdesk.report.print_text import NBSP  # noqa: E402
from tests.cli.test_report import run_cli  # noqa: E402
from tests.report.test_content import SAME, run, wine_table  # noqa: E402
from tests.report.test_document import ratings_csv  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def wine(tmp_path_factory):
    from tapdesk.render.page import ensure_app
    ensure_app()
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze"),
               run("coefficients", table), run("ordinal-cuts", table)]
    doc = build_report(ReportInputs.of([ReportAnalysis(r, table) for r in results],
                                       title="Wine judging", author="Tasting committee",
                                       note="Draft for the May meeting."))
    path = write_report(doc, tmp_path_factory.mktemp("wine") / "wine.docx")
    return doc, docx.Document(str(path)), path


def plain(text: str) -> str:
    """``text`` with the no-break spaces and hyphens that keep numbers whole read as plain."""
    return text.replace("\u00a0", " ").replace("\u2011", "-")


def texts(word) -> list[str]:
    return [plain(p.text) for p in word.paragraphs]


def test_title_byline_and_the_conclusion_of_the_pdf(wine):
    doc, word, _ = wine
    first = word.paragraphs[0]
    assert first.text == "Wine judging" and first.style.name == "Title"
    assert plain(word.paragraphs[1].text) == doc.subtitle
    assert plain(word.paragraphs[2].text) == doc.byline()
    assert "Prepared by Tasting committee" in doc.byline()
    conclusion = doc.section("summary").blocks[0].items
    assert conclusion and all(plain(item) in texts(word) for item in conclusion)
    assert "Draft for the May meeting." in texts(word)
    cells = [plain(c.text) for t in word.tables for row in t.rows for c in row.cells]
    assert any("no medal" in text for text in cells)              # the categories' labels
    assert word.core_properties.author == "Tasting committee"
    assert word.core_properties.created.date().isoformat() == doc.created


def test_no_picture_of_the_template_in_the_file(wine):
    _, _, path = wine
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    assert not any("thumbnail" in name for name in names)
    assert sum(name.startswith("word/media/") for name in names) == len(wine[0].figures())


def test_every_section_is_a_word_heading_and_analyses_start_a_page(wine):
    doc, word, _ = wine
    headings = {plain(p.text): p for p in word.paragraphs if p.style.name.startswith("Heading")}
    for section in doc.sections:
        heading = headings[section.title]
        assert heading.style.name == f"Heading {section.level}"
        assert bool(heading.paragraph_format.page_break_before) == section.new_page


def test_key_numbers_and_every_table_as_printed(wine):
    doc, word, _ = wine
    keys = next(b for b in doc.blocks() if isinstance(b, KeyNumbers))
    key_table = word.tables[0]
    assert [plain(row.cells[0].text) for row in key_table.rows] == [k.label for k in keys.items]
    assert [plain(row.cells[1].text) for row in key_table.rows] == [k.value for k in keys.items]
    tables = doc.tables()
    assert len(word.tables) == 1 + len(tables)
    for table, written in zip(tables, word.tables[1:]):
        columns, rows, _ = table.printed(table.print_limit)
        assert len(written.rows) == 1 + len(rows), table.title
        assert [plain(c.text) for c in written.rows[0].cells] == [plain(c) for c in columns], table.title
        assert [plain(c.text) for c in written.rows[-1].cells] == [plain(c) for c in rows[-1]], table.title
    glossary = next(s for s in doc.sections if "Glossary" in s.title)
    assert sum(b in tables for b in glossary.blocks) >= 3        # the glossary's tables too


def test_one_picture_per_figure_at_the_printed_width(wine):
    doc, word, _ = wine
    shapes = word.inline_shapes
    assert len(shapes) == len(doc.figures()) >= 9
    text_width = 210 - MARGINS_MM[0] - MARGINS_MM[2]
    for shape in shapes:
        assert shape.width.mm == pytest.approx(0.9 * text_width, abs=0.1)
        assert 0.3 < shape.height / shape.width < 1.0
    for figure in doc.figures():
        assert figure.label in texts(word)


def test_references_contents_and_footer(wine):
    doc, word, _ = wine
    refs = next(b for b in doc.blocks() if isinstance(b, References))
    assert all(f"[{i}]  {r.text}" in texts(word) for i, r in enumerate(refs.entries, start=1))
    listed = [s.title for s in doc.sections if s.key not in ("summary", "contents")]
    start = texts(word).index("Contents") + 1
    assert texts(word)[start:start + len(listed)] == [f"{title}\t{UNKNOWN_PAGE}" for title in listed]
    assert " PAGEREF _Toc" in word.element.xml          # each with its page (issue 53)
    footer = word.sections[0].footer
    assert doc.footer_command and doc.footer_command == footer.paragraphs[1].text.replace("\n", " ")
    assert " PAGE " in footer._element.xml and " NUMPAGES " in footer._element.xml


def test_page_is_a4_portrait_with_the_pdf_margins(wine):
    _, word, _ = wine
    section = word.sections[0]
    assert (round(section.page_width.mm), round(section.page_height.mm)) == (210, 297)
    assert section.left_margin.mm == pytest.approx(MARGINS_MM[0], abs=0.05)
    assert section.right_margin.mm == pytest.approx(MARGINS_MM[2], abs=0.05)
    assert section.bottom_margin.mm == pytest.approx(MARGINS_MM[3] + FOOTER_MM, abs=0.05)
    text_width = 210 - MARGINS_MM[0] - MARGINS_MM[2]
    for table in word.tables:                 # columns share the text width, by their texts
        widths = [cell.width.mm for cell in table.rows[0].cells]
        assert sum(widths) == pytest.approx(text_width, abs=0.1)
        assert min(widths) > 8


def small_doc(tmp_path):
    from tapdesk.data.readers import read_ratings
    table = read_ratings(ratings_csv(tmp_path / "panel.csv")).table
    return build_report(ReportInputs.of([ReportAnalysis(run("tap", table, class1=("yes",)),
                                                        table)]))


def test_letter_paper_and_figures_not_drawn_are_left_out(tmp_path):
    doc = small_doc(tmp_path)
    page = PageSetup(215.9, 279.4, MARGINS_MM, FOOTER_MM)
    word = docx.Document(str(write_docx(doc, tmp_path / "letter.docx", {}, page)))
    assert round(word.sections[0].page_width.mm, 1) == 215.9
    assert len(word.inline_shapes) == 0 and doc.figures()
    assert not any(f.label in texts(word) for f in doc.figures())
    with pytest.raises(SettingError, match="cannot write the report"):
        write_docx(doc, tmp_path / "missing" / "r.docx", {}, page)
    with pytest.raises(SettingError, match="page size"):
        write_report(doc, tmp_path / "r.docx", page_size="A5")


def test_the_file_name_picks_docx_and_a_mismatch_is_refused():
    assert output_format(Namespace(out="x/report.docx", format=None)) == ("docx", "x/report.docx")
    assert output_format(Namespace(out=None, format="docx")) == ("docx", "report.docx")
    with pytest.raises(SettingError, match="does not match"):
        output_format(Namespace(out="report.pdf", format="docx"))


def test_report_command_writes_docx(tmp_path):
    data = ratings_csv(tmp_path / "panel.csv")
    out = tmp_path / "panel.docx"
    done = run_cli("report", str(data), "--class1", "yes", "--starts", "2", "--format", "docx",
                   "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {"level": 0.95, "docx": str(out)}
    word = docx.Document(str(out))
    assert any(p.text.replace(NBSP, " ").startswith("Analysis 1: t-a-p model") for p in word.paragraphs)
    assert len(word.inline_shapes) >= 1


def png_of_size(width: int, height: int) -> bytes:
    from PySide6.QtGui import QImage

    from tapdesk.render.editable import png_bytes
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(0xFF336699)
    return png_bytes(image)


def test_every_kind_of_block_is_written(tmp_path):
    """A document with one block of every kind the model has (a new kind fails here first)."""
    from typing import get_args

    from tapdesk.report.document import (
        Block,
        BulletList,
        Contents,
        ExportedTables,
        Figure,
        KeyNumber,
        Paragraph,
        Reference,
        ReportDocument,
        Section,
        Table,
    )
    table = Table("t", "Numbers", ("Item", "Value", "Interval low", "Interval high", "Note"),
                  (("x", 0.5, 0.25, 0.75, SAME), ("y", None, None, None, SAME)),
                  formats=("", ".2f", ".2f", ".2f", ""), note="A note.", footnoted=(4,))
    blocks = (Paragraph("Lead text.", "lead"), Paragraph("Shaded verdict.", "verdict"),
              Paragraph("tapdesk report x.csv", "mono"), BulletList(("one", "two"), "verdict"),
              KeyNumbers((KeyNumber("Accuracy a", "0.44", "0.35 to 0.53", "how often"),)),
              table, Figure("fit-distribution", "The fit.", key="fig", number=1),
              References((Reference("e", "Eubanks, D. (2014)."),)), Contents(),
              ExportedTables((replace(table, key="u", title="Written out only"),)))
    assert {type(b) for b in blocks} == set(get_args(Block))
    doc = ReportDocument("Title", "Sub", (Section("s", "Everything", blocks),
                                          Section("t", "More", (), new_page=True, level=2)),
                         "tapdesk report x.csv", "9.9", "2026-01-02")
    page = PageSetup(210, 297, MARGINS_MM, FOOTER_MM)
    word = docx.Document(str(write_docx(doc, tmp_path / "all.docx",
                                        {"fig": Picture(png_of_size(40, 20), 100.0)}, page)))
    lines = texts(word)
    for needle in ("Lead text.", "Shaded verdict.", "tapdesk report x.csv", "one", "two",
                   "Figure 1. The fit.", "[1]  Eubanks, D. (2014).", f"[1] {SAME}", "A note.",
                   "Everything", "More"):
        assert needle in lines, needle
    assert "Written out only" not in lines            # exported with the tables, never printed
    keys, numbers = word.tables
    assert [plain(c.text) for c in keys.rows[0].cells] == ["Accuracy a", "0.44", "0.35 to 0.53",
                                                           "how often"]
    assert [[plain(c.text) for c in row.cells] for row in numbers.rows] == [
        ["Item", "Value", "Interval", "Note"], ["x", "0.50", "0.25 to 0.75", "[1]"],
        ["y", "-", "-", "[1]"]]
    assert [s.width.mm for s in word.inline_shapes] == [pytest.approx(100.0, abs=0.05)]
    assert word.inline_shapes[0].height.mm == pytest.approx(50.0, abs=0.05)
    assert lines[lines.index("Everything") + 1] == "Lead text."
    shaded = [plain(p.text) for p in word.paragraphs if 'w:fill="EEF5EA"' in p._p.xml]
    assert shaded == ["Shaded verdict.", "one", "two"]              # the conclusion box
    mono = next(p for p in word.paragraphs if p.text == "tapdesk report x.csv")
    assert mono.runs[0].font.name == "Courier New"
    headings = [p for p in word.paragraphs if p.style.name.startswith("Heading")]
    assert [(plain(p.text), p.style.name, bool(p.paragraph_format.page_break_before))
            for p in headings] == [("Everything", "Heading 1", False), ("More", "Heading 2", True)]
