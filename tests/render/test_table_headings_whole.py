"""Issue 53: no table heading of the printed report breaks inside a word ("Standar" over
"d error"), in the wine report and the writing report of an explained fit."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile

import pytest

pytest.importorskip("PySide6")

from tapdesk.render.page import page_body  # noqa: E402
from tapdesk.render.pdf import _laid_out  # noqa: E402
from tapdesk.render.table import TableBlock  # noqa: E402
from tests.render.pdftext import pdf_text
from tests.render.two_reports import REPORTS  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def qapp():
    from tapdesk.render.page import ensure_app
    return ensure_app()


def broken_inside_a_word(box) -> list[str]:
    """The places a laid-out text wraps between two letters or digits of one word."""
    layout = box.layout
    text = layout.text()
    cuts = []
    for i in range(layout.lineCount() - 1):
        line = layout.lineAt(i)
        end = line.textStart() + line.textLength()
        if text[end - 1].isalnum() and text[end].isalnum():
            cuts.append(f"{text[:end]} / {text[end:]}")
    return cuts


def heading_cuts(doc, folder) -> dict[str, list[str]]:
    """{table title: its headings' breaks inside a word} as laid out for an A4 PDF."""
    _writer, _styles, pages, _images = _laid_out(doc, str(folder / "laid.pdf"), "A4", images={})
    width = page_body("A4")[0]
    blocks = [block for page in pages for _, block in page if isinstance(block, TableBlock)]
    assert len(blocks) > 5
    cuts: dict[str, list[str]] = {}
    for block in blocks:
        _widths, _title, head, _rows, _note = block._layout(width)
        cuts.setdefault(block.table.title, []).extend(
            c for box in head for c in broken_inside_a_word(box))
    return cuts


MATRIX = "Pairwise Cohen's kappa"
"""The rater-by-rater table: with 12 raters named "instructor1" ... "instructor12" its 13
columns cannot each hold a name on an A4 page."""


@pytest.mark.parametrize("name", list(REPORTS))
def test_no_table_heading_breaks_inside_a_word(qapp, name, tmp_path):
    """Every heading word of every table as laid out for the PDF fits its column: a heading
    wraps between words only ("Standard error", "95% interval", "How computed (or why not)")."""
    cuts = heading_cuts(REPORTS[name](), tmp_path)
    found = [f"{title}: {c}" for title, cs in cuts.items() for c in cs]
    assert found == [], "\n".join(found)


def test_the_pairwise_table_s_rater_names_are_whole(qapp, tmp_path):
    """Issue 53: the twelve rater names of the writing example do not fit the pairwise table's
    13 columns on A4 ("Instruc / tor10" in its headings and row names): the columns are headed
    by numbers, the rows keep the whole names, and a key under the table gives each number's
    name."""
    doc = REPORTS["writing"]()
    _writer, _styles, pages, _images = _laid_out(doc, str(tmp_path / "laid.pdf"), "A4", images={})
    width = page_body("A4")[0]
    block = next(block for page in pages for _, block in page
                 if isinstance(block, TableBlock) and block.table.title.startswith(MATRIX))
    _widths, _title, head, rows, note = block._layout(width)
    names = [f"instructor{n}" for n in range(1, 13)]
    assert [box.layout.text() for box in head] == ["Rater"] + [str(n) for n in range(1, 13)]
    assert [row[0].layout.text() for row in rows] == names
    assert [c for box in head + [row[0] for row in rows] for c in broken_inside_a_word(box)] == []
    key = ", ".join(f"{n}\u00a0=\u00a0{name}" for n, name in enumerate(names, start=1))
    assert f"Columns: {key}" in note.layout.text()


NAMES = [f"instructor{n}" for n in range(1, 13)]
KEY = "Columns: " + ", ".join(f"{n} = {name}" for n, name in enumerate(NAMES, start=1))
ODF = {"office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
       "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
       "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}


@pytest.fixture(scope="module")
def editable(tmp_path_factory):
    """The writing report as a Word and an OpenDocument file, A4 (its plots left out)."""
    from tapdesk.render.page import FOOTER_MM, MARGINS_MM
    from tapdesk.report.docx_writer import PageSetup, write_docx
    from tapdesk.report.odt_writer import write_odt
    folder = tmp_path_factory.mktemp("editable-writing")
    doc, page = REPORTS["writing"](), PageSetup(210.0, 297.0, MARGINS_MM, FOOTER_MM)
    return (write_docx(doc, folder / "writing.docx", {}, page),
            write_odt(doc, folder / "writing.odt", {}, page))


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def test_the_word_pairwise_table_numbers_its_columns_and_keys_them(editable):
    """Issue 53: in the Word file too the twelve names head no column (Word and LibreOffice
    broke them as "Instruc / tor10"): numbers do, the rows keep the names, and the key follows
    the table."""
    import docx
    from docx.text.paragraph import Paragraph
    word = docx.Document(str(editable[0]))
    table = next(t for t in word.tables if t.rows[0].cells[0].text == "Rater"
                 and len(t.columns) == 13)
    assert [c.text for c in table.rows[0].cells] == ["Rater"] + [str(n) for n in range(1, 13)]
    assert [row.cells[0].text for row in table.rows[1:]] == NAMES
    after = Paragraph(table._tbl.getnext(), table._parent)
    assert plain(after.text) == KEY


def test_the_odt_pairwise_table_numbers_its_columns_and_keys_them(editable):
    """Issue 53: the same in the OpenDocument file (its last rows a table of their own, kept
    with the rows before)."""
    from xml.etree import ElementTree
    with zipfile.ZipFile(editable[1]) as archive:
        root = ElementTree.fromstring(archive.read("content.xml"))
    body = list(root.find(".//office:text", ODF))
    start = next(i for i, el in enumerate(body) if el.tag == f"{{{ODF['table']}}}table"
                 and _odt_rows(el)[0][:2] == ["Rater", "1"])
    head, *rows = _odt_rows(body[start])
    after = start + 1
    while body[after].tag == f"{{{ODF['table']}}}table":      # the table's last rows
        rows += _odt_rows(body[after])
        after += 1
    assert head == ["Rater"] + [str(n) for n in range(1, 13)]
    assert [row[0] for row in rows] == NAMES
    assert plain("".join(body[after].itertext())) == KEY


def _odt_rows(table) -> list[list[str]]:
    return [["".join(cell.itertext()) for cell in row.iter(f"{{{ODF['table']}}}table-cell")]
            for row in table.iter(f"{{{ODF['table']}}}table-row")]


@pytest.mark.parametrize("kind", [0, 1], ids=["docx", "odt"])
def test_laid_out_rater_names_are_whole(editable, kind, tmp_path):
    """Where LibreOffice is installed: the pages it lays out hold every rater name whole in the
    pairwise table's rows and key (no "instruc" / "tor10")."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed: the pages cannot be laid out")
    source = editable[kind]
    done = subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir",
                           str(tmp_path), str(source)], capture_output=True, timeout=180,
                          env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    text = pdf_text(tmp_path / f"{source.stem}.pdf", layout=True)
    table = text[text.index(MATRIX):]
    table = plain(table[:table.index("Subjects both raters rated")])
    assert re.findall(r"^\s*(\S+)", table, re.M)[2:14] == NAMES
    assert re.sub(r"\s+", " ", table[table.index("Columns:"):]).strip() == KEY
