"""A German table's headers whole (issue 54): the per-rater estimates of the German report
broke every header inside a word ("Beurteile|r", "Standardfehle|r") because its columns' longest
words did not fit together, counting "Falsch-positiv-Rate" as one word; Qt breaks a line after
such a hyphen, so where whole words do not fit a column needs only its longest part."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("PySide6")
from PySide6.QtGui import QImage  # noqa: E402

from tapdesk.render.layout import Styles, longest_word, natural_width  # noqa: E402
from tapdesk.render.page import ensure_app  # noqa: E402
from tapdesk.render.table import TableBlock  # noqa: E402
from tapdesk.report.document import Table  # noqa: E402

HEADERS = ("Beurteiler", "Bewertungen", "Größe", "Schätzwert", "Standardfehler", "Intervall",
           "Bedeutung")
MEANING = "Ratewahrscheinlichkeit dieses Beurteilers für Klasse 1"


@pytest.fixture
def styles() -> Styles:
    ensure_app()
    return Styles("DejaVu Sans", "DejaVu Sans Mono", QImage(100, 100, QImage.Format.Format_ARGB32),
                  300 / 25.4)


def _block(styles) -> TableBlock:
    rows = tuple((f"J{i}", "183", quantity, "0,780", "0,172", "0,433\u00a0bis\u00a01,000", MEANING)
                 for i, quantity in enumerate(("a", "p", "Sensitivität", "Falsch-positiv-Rate")))
    return TableBlock(Table("raters", "Schätzwerte je Beurteiler", HEADERS, rows), styles)


def test_a_compound_breaks_after_its_hyphens(styles):
    font, device = styles.font(8), styles.device
    assert longest_word("Falsch-positiv-Rate", font, device, 1e9, hyphens=True) == pytest.approx(
        natural_width("positiv-", font, device))
    assert longest_word("\u22120,5 bis 1-4", font, device, 1e9, hyphens=True) == pytest.approx(
        natural_width("\u22120,5", font, device))
    assert longest_word("Brennan-Prediger", font, device, 1e9) == pytest.approx(  # whole first
        natural_width("Brennan-Prediger", font, device))


def test_a_german_tables_headers_fit_their_columns(styles):
    block, device = _block(styles), styles.device
    least = [max([natural_width(h, block.head_font, device)]
                 + [natural_width(part, block.body_font, device) for row in block.cells
                    for part in re.split(r" |(?<=[a-z]-)", row[j])])
             for j, h in enumerate(HEADERS)]
    padding = 2 * block.pad + styles.mm(0.6)
    widths = block._widths(sum(least) + len(HEADERS) * padding)
    for header, column, word in zip(HEADERS, widths, least):
        assert column >= word + padding - 1e-6, header      # no word broken: no column shrunk
        assert natural_width(header, block.head_font, device) <= column - 2 * block.pad, header


def test_a_files_hash_stays_whole_beside_a_long_german_name(styles):
    """The German Data table printed the file's SHA-256 with its last character on a line of its
    own: a word wider than a quarter of the table could break even where the other column had
    room to wrap ("SHA-256 der eingelesenen Bewertungen")."""
    digest = "2123b72b2d0d5041964554f011adea917bccc667e4096b788852403853de8551"
    rows = (("SHA-256 der eingelesenen Bewertungen", digest),
            ("Hinweis", "als Text gelesen: Kodierung utf-8, Trennzeichen Komma, Dezimalzeichen '.'"))
    block = TableBlock(Table("provenance", "Daten", ("Angabe", "Wert"), rows), styles)
    padding = 2 * block.pad + styles.mm(0.6)
    hash_width = natural_width(digest, block.body_font, styles.device) + padding
    name_width = natural_width(rows[0][0], block.body_font, styles.device) + padding
    width = hash_width + name_width - styles.mm(2)        # one of the two must wrap
    assert block._widths(width)[1] >= hash_width - 1e-6
