"""The Word and OpenDocument reports keep numbers, words, the footer, bullets and table headers
clean: the document XML holds the settings that prevent each fault (no hyphenation, no-break
characters in numbers, rows that never split, header rows repeated and kept with the next row,
page-number fields at a right tab, the command broken only between its options, real lists),
and, where LibreOffice is installed, the pages it lays out show no number split over two lines
and the page footer on one line."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile

import pytest

pytest.importorskip("PySide6")
import docx  # noqa: E402
from docx.enum.text import WD_TAB_ALIGNMENT  # noqa: E402

from tapdesk.render.writer import write_report  # noqa: E402
from tapdesk.report import ReportAnalysis, ReportInputs, build_report  # noqa: E402
from tapdesk.report.docx_writer import UNKNOWN_PAGE  # noqa: E402
from tapdesk.report.print_text import (  # noqa: E402
    NB_HYPHEN,
    NBSP,
    column_shares,
    command_lines,
    fits_in,
    keep_numbers_whole,
    option_groups,
    unbreakable,
)
from tests.report.test_content import run, wine_table  # noqa: E402

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
COMMAND = ("tapdesk report /data/wine.csv --labels '1=no medal,2=bronze' --model tap "
           "--model per-rater --coefficients --cut bronze --seed 20261121 "
           "--title 'Wine judging' --out /tmp/wine.docx")
INTERVAL = re.compile(r"\d(?:\.\d+)?%? to [-−]?\d")


# ------------------------------------------------------------------ the rules
def test_numbers_stay_with_their_interval_range_sign_and_word():
    text = ("about 44% (95% interval 35-53%), a = 0.437, from 0.346 to 0.526 in 183 subjects "
            "of Class 1")
    kept = keep_numbers_whole(text)
    assert f"Class{NBSP}1" in kept
    assert f"0.346{NBSP}to{NBSP}0.526" in kept and f"35{NB_HYPHEN}53%" in kept
    assert f"a{NBSP}={NBSP}0.437" in kept and f"183{NBSP}subjects" in kept
    assert kept.replace(NBSP, " ").replace(NB_HYPHEN, "-") == text
    assert keep_numbers_whole("per-rater t-a-p model") == "per-rater t-a-p model"



def test_a_short_formula_is_never_broken_inside_its_brackets():
    """Issue 53: "(a - d) / n" broke between "(a -" and "d)"; a long aside still wraps."""
    text = "for two raters (a - d) / n (Byrt et al. 1993, and see the notes on page 4)"
    kept = keep_numbers_whole(text)
    assert f"(a{NBSP}-{NBSP}d)" in kept and "(Byrt et al. 1993," in kept    # an aside wraps
    assert kept.replace(NBSP, " ") == text
    assert unbreakable("((b - c) / n, Byrt et al. 1993)") == len("((b - c) / n,")


def test_a_formula_is_kept_whole_outside_brackets_and_among_a_brackets_parts():
    """Issue 53: "Pr(says Class 1 | truly Class 1) = a" / "+ (1 - a) p" and "(Maximum likelihood
    · Class 1" / "= no medal)" broke inside their formulas; the words around them still wrap."""
    meaning = keep_numbers_whole("Pr(says Class 1 | truly Class 1) = a + (1 - a) p")
    assert f"1){NBSP}={NBSP}a{NBSP}+{NBSP}(1{NBSP}-{NBSP}a){NBSP}p" in meaning
    assert meaning.startswith("Pr(says Class")                  # the words before it wrap
    title = keep_numbers_whole("Analysis 1: t-a-p (Maximum likelihood · Class 1 = no medal)")
    assert f"(Maximum likelihood · Class{NBSP}1{NBSP}={NBSP}no{NBSP}medal)" in title
    prose = "this rater's accuracy (probability a rating is not a guess)"
    assert keep_numbers_whole(prose) == prose


def test_a_column_is_never_narrower_than_its_longest_unbreakable_text():
    columns = ["Coefficient", "95% interval", "How computed (or why not)"]
    rows = [["Fleiss' kappa", "0.120 to 0.274", "analytic: " + "variance " * 30]]
    shares = column_shares(columns, rows, room=60)
    widths = [share * 60 for share in shares]
    assert widths[1] >= unbreakable("0.120 to 0.274") == len("0.120 to 0.274")
    assert widths[0] >= len("Coefficient") and widths[2] < widths[0] + widths[1] + 20
    assert sum(shares) == pytest.approx(1.0)


def test_the_command_breaks_only_between_options_and_reads_back_whole():
    for chars in (40, 60, 117, 400):
        lines = command_lines(COMMAND, fits_in(chars))
        assert " ".join(lines) == COMMAND
        for line in lines[1:]:
            assert line.startswith("--"), line
        groups = option_groups(COMMAND)
        assert all(any(group in line for line in lines) for group in groups)
    assert "--model per-rater" in option_groups(COMMAND)
    assert command_lines("the command under 'Reproducing this report'", fits_in(20)) == [
        "the command under", "'Reproducing this", "report'"]


# ------------------------------------------------------------------ the files
@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from tapdesk.render.page import ensure_app
    ensure_app()
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze"),
               run("coefficients", table)]
    doc = build_report(ReportInputs.of([ReportAnalysis(r, table) for r in results],
                                       title="Wine judging"))
    folder = tmp_path_factory.mktemp("editable")
    return doc, write_report(doc, folder / "wine.docx"), write_report(doc, folder / "wine.odt")


def xml_of(path, name: str) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read(name).decode("utf-8")


def test_word_hyphenation_off_and_numbers_kept_whole(files):
    _, path, _ = files
    assert re.search(r'<w:autoHyphenation w:val="(false|0)"', xml_of(path, "word/settings.xml"))
    styles = xml_of(path, "word/styles.xml")
    normal = styles[styles.index('w:styleId="Normal"'):]
    assert "<w:suppressAutoHyphens" in normal[:normal.index("</w:style>")]
    body = docx.Document(str(path)).element.body
    texts = [node.text or "" for node in body.iter(f"{W}t")]
    assert any(f"{NBSP}to{NBSP}" in text for text in texts)
    mono = {node.text for run_ in body.iter(f"{W}r") for node in run_.iter(f"{W}t")
            if run_.find(f"{W}rPr/{W}rFonts") is not None}
    assert not [text for text in texts if INTERVAL.search(text) and text not in mono]


def test_word_rows_never_split_and_headers_repeat_with_the_next_row(files):
    _, path, _ = files
    word = docx.Document(str(path))
    assert len(word.tables) >= 5
    for table in word.tables:
        for row in table.rows:
            assert row._tr.find(f"{W}trPr/{W}cantSplit") is not None
    for table in word.tables[1:]:                              # the key numbers have no header
        header = table.rows[0]
        assert header._tr.find(f"{W}trPr/{W}tblHeader") is not None
        assert all(cell.paragraphs[0].paragraph_format.keep_with_next for cell in header.cells)


def test_word_footer_page_numbers_at_a_tab_and_the_command_by_options(files):
    doc, path, _ = files
    footer = docx.Document(str(path)).sections[0].footer
    first, command = footer.paragraphs[:2]
    assert "\t" in first.text and f"Page{NBSP}" in first.text and f"{NBSP}of{NBSP}" in first.text
    stops = first.paragraph_format.tab_stops
    assert len(stops) == 1 and stops[0].alignment == WD_TAB_ALIGNMENT.RIGHT
    assert " PAGE " in first._p.xml and " NUMPAGES " in first._p.xml
    lines = command.text.split("\n")
    assert len(lines) > 1 and " ".join(lines) == doc.footer_command
    assert all(line.startswith("--") for line in lines[1:])


def test_word_bullets_are_list_paragraphs(files):
    doc, path, _ = files
    word = docx.Document(str(path))
    conclusion = doc.section("summary").blocks[0].items
    bullets = [p for p in word.paragraphs if p.style.name == "List Bullet"]
    plain = [p.text.replace(NBSP, " ").replace(NB_HYPHEN, "-") for p in bullets]
    assert all(item.replace(NBSP, " ") in plain for item in conclusion)


def _listed(doc) -> list[str]:
    return [s.title for s in doc.sections if s.key not in ("summary", "contents")]


def test_word_contents_are_page_references_to_bookmarked_headings(files):
    """Issue 53: each contents entry links to its heading and shows its page as a PAGEREF field
    to a bookmark in that heading (worked out by LibreOffice as it lays the pages out); Word is
    asked to update the fields when the file is opened, and where the user declines, each
    field shows its stored result, an en dash ("not known yet"), not a blank."""
    doc, path, _ = files
    word = docx.Document(str(path))
    body = word.element.body
    marks = {mark.get(f"{W}name"): "".join(t.text or "" for t in heading.iter(f"{W}t"))
             for heading in body.iter(f"{W}p") for mark in heading.iter(f"{W}bookmarkStart")}
    entries = [p for p in body.iter(f"{W}p") if p.find(f"{W}hyperlink") is not None
               and "PAGEREF" in "".join(i.text or "" for i in p.iter(f"{W}instrText"))]
    assert len(entries) == len(_listed(doc))
    for entry, title in zip(entries, _listed(doc)):
        anchor = entry.find(f"{W}hyperlink").get(f"{W}anchor")
        code = "".join(i.text for i in entry.iter(f"{W}instrText")).split()
        assert code == ["PAGEREF", anchor, "\\h"]
        assert marks[anchor] == keep_numbers_whole(title)     # a heading breaks as its text does
        shown, result = _title_and_field_result(entry)
        assert shown.replace(NBSP, " ").replace(NB_HYPHEN, "-") == title
        assert result == UNKNOWN_PAGE                  # never blank, never a guessed number
        assert entry.find(f"{W}hyperlink/{W}r/{W}tab") is not None
    assert re.search(r'<w:updateFields w:val="(true|1)"', xml_of(path, "word/settings.xml"))


def _title_and_field_result(entry) -> tuple[str, str]:
    """A contents entry's text before its page field, and the field's stored result (what Word
    shows while its fields are not updated)."""
    parts, where = {"before": "", "code": "", "result": "", "after": ""}, "before"
    for node in entry.iter():
        if node.tag == f"{W}fldChar":
            where = {"begin": "code", "separate": "result", "end": "after"}[
                node.get(f"{W}fldCharType")]
        elif node.tag == f"{W}t":
            parts[where] += node.text or ""
    return parts["before"], parts["result"]


def test_odt_contents_is_an_index_of_page_references(files):
    """Issue 53: the contents are the word processor's own index, each entry a link to its
    heading with a page reference to a bookmark there."""
    from xml.etree import ElementTree as ET

    from tapdesk.report.odt_writer import NS
    doc, _, path = files
    root = ET.fromstring(xml_of(path, "content.xml"))
    text, table = f"{{{NS['text']}}}", root.find(f".//{{{NS['text']}}}table-of-content")
    assert table is not None and table.find(f"{text}table-of-content-source") is not None
    marks = {mark.get(f"{text}name"): "".join(h.itertext()) for h in root.iter(f"{text}h")
             for mark in h.iter(f"{text}bookmark")}
    entries = table.findall(f"{text}index-body/{text}p")
    assert len(entries) == len(_listed(doc))
    for entry, title in zip(entries, _listed(doc)):
        ref = entry.find(f".//{text}bookmark-ref")
        assert ref.get(f"{text}reference-format") == "page"
        assert marks[ref.get(f"{text}ref-name")] == keep_numbers_whole(title)   # as it breaks
        assert "".join(entry.itertext()).replace(NBSP, " ").replace(NB_HYPHEN, "-") == title


def test_odt_settings_that_keep_pages_clean(files):
    doc, _, path = files
    styles, content = xml_of(path, "styles.xml"), xml_of(path, "content.xml")
    default = styles[styles.index("<style:default-style"):styles.index("</style:default-style>")]
    assert 'fo:hyphenate="false"' in default
    footer = styles[styles.index("<style:footer>"):styles.index("</style:footer>")]
    assert "<text:page-number" in footer and "<text:page-count" in footer
    assert "<text:tab" in footer and 'style:type="right"' in styles
    command = footer[footer.index('text:style-name="footer-command"'):]
    assert command.count("<text:line-break") >= 1
    headings = re.findall(r'style:name="Heading_20_\d".*?</style:style>', styles, re.S)
    assert len(headings) == 2 and all('fo:keep-with-next="always"' in h for h in headings)
    tables = content.count("<table:table ")
    tails = len(_tails(content))                     # a long table's last rows, kept together
    assert tables >= 5 and content.count("<table:table-header-rows>") == tables - 1 - tails
    assert 'fo:keep-together="always"' in content
    assert content.count("<table:table-row ") == content.count('table:style-name="row"')
    lists = re.findall(r"<text:list .*?</text:list>", content, re.S)
    conclusion = doc.section("summary").blocks[0].items
    assert lists and lists[0].count("<text:list-item>") == len(conclusion)
    assert f"{NBSP}to{NBSP}" in content
    assert not INTERVAL.search(re.sub(r'footer-command">.*?</text:p>', "", content))


def test_odt_is_a_valid_package_with_its_pictures(files):
    doc, _, path = files
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        assert names[0] == "mimetype" and archive.getinfo("mimetype").compress_type == 0
        assert archive.read("mimetype") == b"application/vnd.oasis.opendocument.text"
        manifest = archive.read("META-INF/manifest.xml").decode()
    pictures = [name for name in names if name.startswith("Pictures/")]
    assert len(pictures) == len(doc.figures()) >= 5
    assert all(name in manifest for name in pictures)
    assert "Wine judging" in xml_of(path, "meta.xml")


ODF = {"style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
       "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
       "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"}


def _cell_rules(root) -> dict[str, dict[str, bool]]:
    """Each cell style's drawn edges (top, bottom, left, right)."""
    rules = {}
    for style in root.iter(f"{{{ODF['style']}}}style"):
        props = style.find("style:table-cell-properties", ODF)
        if props is None:
            continue
        every = props.get(f"{{{ODF['fo']}}}border", "none")
        rules[style.get(f"{{{ODF['style']}}}name")] = {
            edge: props.get(f"{{{ODF['fo']}}}border-{edge}", every) != "none"
            for edge in ("top", "bottom", "left", "right")}
    return rules


def test_odt_table_rules_are_single_lines(files):
    """Two neighbouring cells never both draw the edge they share (a doubled rule), and the
    table's outer edges are drawn once: the borders of a collapsed table."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(xml_of(files[2], "content.xml"))
    rules = _cell_rules(root)
    tables = list(root.iter(f"{{{ODF['table']}}}table"))
    assert len(tables) >= 5
    for table in tables:
        grid = [[rules[cell.get(f"{{{ODF['table']}}}style-name")]
                 for cell in row.findall("table:table-cell", ODF)]
                for row in table.iter(f"{{{ODF['table']}}}table-row")]
        tail = table.get(f"{{{ODF['table']}}}name") in _tails(xml_of(files[2], "content.xml"))
        for r, row in enumerate(grid):
            assert row[0]["left"] and row[-1]["right"]
            for left, right in zip(row, row[1:]):
                assert left["right"] + right["left"] == 1, table.get(f"{{{ODF['table']}}}name")
            if r == 0:                       # a long table's last rows: the rows above draw it
                assert all(cell["top"] != tail for cell in row)
            else:
                for above, below in zip(grid[r - 1], row):
                    assert above["bottom"] + below["top"] == 1
        assert all(cell["bottom"] for cell in grid[-1])


def _tails(content: str) -> dict[str, str]:
    """{name of a table of a long table's last rows: the name of the table it continues}: a
    table without a header right after another table."""
    from xml.etree import ElementTree
    body = ElementTree.fromstring(content).find(".//office:text", {
        "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0"})
    children = list(body)
    name = f"{{{ODF['table']}}}name"
    return {b.get(name): a.get(name) for a, b in zip(children, children[1:])
            if a.tag == b.tag == f"{{{ODF['table']}}}table"
            and b.find("table:table-header-rows", ODF) is None}


def test_odt_a_long_table_s_last_rows_are_never_alone_on_a_page(files):
    """Issue 53: LibreOffice left the glossary's last rows alone on the last page. A table of
    more than WHOLE rows ends in a table of its last TOGETHER rows that never splits, and the
    rows before are kept with it (as the PDF keeps TOGETHER rows each side of a break)."""
    from xml.etree import ElementTree

    from tapdesk.report.print_text import TOGETHER, WHOLE
    doc, _, path = files
    content = xml_of(path, "content.xml")
    root = ElementTree.fromstring(content)
    props = {style.get(f"{{{ODF['style']}}}name"): style.find("style:table-properties", ODF)
             for style in root.iter(f"{{{ODF['style']}}}style")
             if style.find("style:table-properties", ODF) is not None}
    tables = {t.get(f"{{{ODF['table']}}}name"): t for t in root.iter(f"{{{ODF['table']}}}table")}
    tails = _tails(content)
    long = [t for t in doc.tables() if len(t.printed(t.print_limit)[1]) > WHOLE]
    assert len(long) >= 3 and len(tails) == len(long)
    for tail, body in tails.items():
        assert len(tables[tail].findall("table:table-row", ODF)) == TOGETHER
        assert props[tail].get(f"{{{ODF['style']}}}may-break-between-rows") == "false"
        assert props[body].get(f"{{{ODF['fo']}}}keep-with-next") == "always"
        assert len(tables[body].findall("table:table-row", ODF)) >= WHOLE + 1 - TOGETHER


# ------------------------------------------------------------------ the pages
FORMULA_CUT = re.compile(r" [=+|−]\s*\n|\n\s*[=+|] |\(1 - a\)\s*\n\s*p\b|Class 1\s*\n\s*=")
"""A line that ends or starts inside a formula: at one of its operators, or before a factor."""


def test_pdf_pages_keep_formulas_whole(files, tmp_path):
    """Issue 53: in the PDF, the per-rater table's "Pr(says Class 1 | truly Class 1) = a + (1 -
    a) p" broke after "= a" and before "1)"; its formula stays on one line."""
    pypdf = pytest.importorskip("pypdf")
    path = write_report(files[0], tmp_path / "wine.pdf")
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
    text = text.replace(NBSP, " ").replace("\t", " ")          # pypdf reads Qt's gaps as tabs
    assert "Class 1) = a + (1 - a) p" in text and "Class 0) = (1 - a) p" in text
    cut = FORMULA_CUT.search(text)
    assert cut is None, text[cut.start() - 80:cut.end() + 40]
@pytest.fixture(scope="module", params=["docx", "odt"])
def laid_out(request, files, tmp_path_factory):
    """(document, the text of each page) of the Word or OpenDocument file as LibreOffice lays
    it out (skipped where LibreOffice is not installed, as in CI)."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed: the pages cannot be laid out")
    pypdf = pytest.importorskip("pypdf")
    folder = tmp_path_factory.mktemp(f"laid-out-{request.param}")
    source = files[1] if request.param == "docx" else files[2]
    done = subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir",
                           str(folder), str(source)], capture_output=True, timeout=180,
                          env={"HOME": str(folder), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    pages = pypdf.PdfReader(folder / "wine.pdf").pages
    return files[0], [page.extract_text().replace(NBSP, " ") for page in pages]


def test_laid_out_pages_keep_numbers_and_the_footer_whole(laid_out):
    """LibreOffice lays the file out; every page's text has ``Page N of M`` on one line and no
    line that ends inside an interval ("0.227 to" / "0.617")."""
    _, pages = laid_out
    assert len(pages) > 5
    for number, text in enumerate(pages, start=1):
        assert re.search(rf"Page\s?{number} of {len(pages)}", text), (number, text[-300:])
        assert not re.search(r"\d to\s*\n\s*[-−]?\d", text), number
        assert not re.search(r"\d\.\d+ to \d\.?\n", text), number
        cut = FORMULA_CUT.search(text)
        assert cut is None, (number, text[cut.start() - 80:cut.end() + 40])


def test_laid_out_table_headers_keep_their_words_whole(laid_out):
    """Issue 53: a bold header word is never cut between its letters ("Standar" / "d error"),
    even where the word processor draws Calibri with a wider stand-in (DejaVu Sans)."""
    doc, pages = laid_out
    words = {word for table in doc.tables() for name in table.printed()[0]
             for word in name.split() if len(word) > 3}
    text = "\n".join(pages)
    cut = [(w[:k], w[k:]) for w in words for k in range(1, len(w))
           if re.search(rf"(?<![\w-]){re.escape(w[:k])}\n{re.escape(w[k:])}(?![\w-])", text)]
    assert not cut


def test_laid_out_fingerprints_stay_on_one_line(laid_out):
    """Issue 53: the Data table's SHA-256 values (64 digits) each on one line, where the word
    processor draws Calibri with a wider stand-in (DejaVu Sans wrapped the last three)."""
    doc, pages = laid_out
    hashes = {text for table in doc.tables() for row in table.printed()[1] for text in row
              if re.fullmatch(r"[0-9a-f]{64}", text)}
    assert len(hashes) >= 1
    text = "\n".join(pages)
    for digest in hashes:
        assert digest in text, digest


def test_word_tables_keep_room_round_every_cell_s_text(files):
    """Issue 53: the "Table Grid" style has no room above and below a cell's text, which touched
    the lines; every table carries the PDF's cell margins on all four sides."""
    from docx.oxml.ns import qn

    from tapdesk.report.palette import CELL_PAD_MM
    document = docx.Document(str(files[1]))
    assert len(document.tables) > 5
    twips = round(CELL_PAD_MM / 25.4 * 1440)
    for table in document.tables:
        margins = table._tbl.tblPr.find(qn("w:tblCellMar"))
        assert margins is not None
        assert {child.tag.split("}")[1]: (int(child.get(qn("w:w"))), child.get(qn("w:type")))
                for child in margins} == dict.fromkeys(("top", "left", "bottom", "right"),
                                                       (twips, "dxa"))
        assert table.style.name == "Table Grid"        # the margins kept beside the style


def test_word_sets_a_fingerprint_in_a_small_monospace_face(files):
    """The SHA-256 cells are Courier New at 7.5 pt (0.6 em a character: 64 fit the column the
    widths give them whatever stands in for Calibri); other cells are not."""
    document = docx.Document(str(files[1]))
    runs = [run for table in document.tables for cell in table._cells
            for para in cell.paragraphs for run in para.runs]
    hashes = [run for run in runs if re.fullmatch(r"[0-9a-f]{64}", run.text)]
    assert hashes and all(run.font.name == "Courier New" and run.font.size.pt == 7.5
                          for run in hashes)
    assert not any(run.font.name == "Courier New" for run in runs if run not in hashes)


def test_laid_out_contents_give_each_sections_page(laid_out):
    """Issue 53: opened in a word processor, the contents show each section's page number,
    the page its heading is on."""
    doc, pages = laid_out
    flat = [re.sub(r"\s+", " ", text) for text in pages]
    contents = next(i for i, text in enumerate(pages) if re.search(r"^Contents\s*$", text, re.M))
    listed = flat[contents] + " " + flat[contents + 1]
    for title in _listed(doc):
        shown = re.search(re.escape(title) + r"[ .…]*?(\d+)\b", listed)
        assert shown is not None, (title, listed)
        page = int(shown.group(1))
        assert re.search(re.escape(title) + r"(?![ .…]*\d)", flat[page - 1]), (title, page)


def test_an_option_too_long_for_a_line_is_broken_between_its_arguments():
    """A long quoted value goes on a line of its own; no quote is ever open across a break."""
    import shlex
    command = ("tapdesk report /data/wine.csv --title 'Wine judging panel, May 2026: second "
               "round' --sign 'Ada Lovelace, chair' --out /tmp/wine.pdf")
    lines = command_lines(command, fits_in(45))
    assert " ".join(lines) == command
    assert "'Wine judging panel, May 2026: second round'" in lines
    assert all(shlex.split(line) for line in lines)           # each line whole shell words
