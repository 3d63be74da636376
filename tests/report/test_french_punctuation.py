"""French sets a no-break space before ":" and ";" (issue 54): the sentences, captions and titles
code glues together (a caption's "Analysis 1: ...", clauses joined by ";") take the catalog's
punctuation through :func:`tapdesk.i18n.formats.labelled` and :func:`~tapdesk.i18n.formats.clauses`,
as the catalog's own templates already do; and a word processor is told the report's language."""

from __future__ import annotations

import re
import zipfile

from tapdesk import i18n
from tapdesk.i18n import formats
from tapdesk.report import build_report
from tapdesk.report.document import BulletList, KeyNumbers, Paragraph, References, Table
from tests.report.test_report_language import wine_inputs

NBSP = "\u00a0"
GLUED = re.compile(r"[^\s\u00a0\u202f:/][:;](?=[\s\u00a0]|$)")
"""A colon or semicolon set straight after a word, as English sets it ("Analyse 1: part")."""


def _texts(doc):
    yield doc.subtitle
    for section in doc.sections:
        yield section.title
        for block in section.blocks:
            if isinstance(block, References) or (isinstance(block, Paragraph)
                                                 and block.style == "mono"):
                continue                      # quoted titles and commands keep their own colons
            if isinstance(block, Paragraph):
                yield block.text
            elif isinstance(block, BulletList):
                yield from block.items
            elif isinstance(block, KeyNumbers):
                yield from (t for k in block.items for t in (k.label, k.interval, k.note))
            elif isinstance(block, Table):
                yield block.title
                if block.note:
                    yield block.note


def test_a_french_report_sets_a_no_break_space_before_every_colon_and_semicolon():
    with i18n.language("fr"):
        doc = build_report(wine_inputs(), created="2026-01-02")
        glued = [t for t in _texts(doc) if t and GLUED.search(t)]
    assert glued == []


def test_labels_and_clauses_keep_english_and_follow_the_language():
    assert formats.labelled("Analysis 1", "share") == "Analysis 1: share"
    assert formats.clauses(["a", "b"]) == "a; b"
    with i18n.language("fr"):
        assert formats.labelled("Analyse 1", "part") == f"Analyse 1{NBSP}: part"
        assert formats.clauses(["a", "b"]) == f"a{NBSP}; b"
    with i18n.language("de"):
        assert formats.labelled("Analyse 1", "Anteil") == "Analyse 1: Anteil"
        assert formats.clauses(["a", "b"]) == "a; b"


def test_an_odt_and_a_docx_report_are_marked_in_the_reports_language(tmp_path):
    from tapdesk.report.docx_writer import PageSetup, write_docx
    from tapdesk.report.odt_writer import write_odt
    page = PageSetup(210, 297, (20.0, 20.0, 20.0, 20.0), 12.0)     # A4
    with i18n.language("fr"):
        doc = build_report(wine_inputs(), created="2026-01-02")
        odt = write_odt(doc, tmp_path / "r.odt", {}, page)
        docx = write_docx(doc, tmp_path / "r.docx", {}, page)
    with zipfile.ZipFile(odt) as z:
        styles, meta = z.read("styles.xml").decode(), z.read("meta.xml").decode()
    assert 'fo:language="fr"' in styles and 'fo:country="FR"' in styles
    assert "<dc:language>fr-FR</dc:language>" in meta
    with zipfile.ZipFile(docx) as z:
        assert 'w:val="fr-FR"' in z.read("word/styles.xml").decode()
