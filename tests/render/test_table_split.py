"""Issue 53: a table of fifteen tall rows moved whole to the next page, leaving most of a page
blank. A table of up to fifteen rows now splits once at least half its rows fit where it starts;
one of up to six never splits; a longer one splits anywhere."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtGui import QImage  # noqa: E402

from tapdesk.render.layout import Styles  # noqa: E402
from tapdesk.render.page import ensure_app  # noqa: E402
from tapdesk.render.table import TableBlock  # noqa: E402
from tapdesk.report.document import Table  # noqa: E402

WIDTH = 1800.0


@pytest.fixture
def styles() -> Styles:
    ensure_app()
    return Styles("DejaVu Sans", "DejaVu Sans Mono", QImage(100, 100, QImage.Format.Format_ARGB32),
                  300 / 25.4)


def _block(styles, rows: int) -> TableBlock:
    words = " ".join(["a long explanation of how this number was computed"] * 4)
    table = Table("t", "Coefficients", ("name", "value", "how"),
                  tuple((f"coefficient {i}", 0.1 * i, words) for i in range(rows)), ("", ".3f", ""))
    return TableBlock(table, styles)


def test_fifteen_tall_rows_split_when_half_fit(styles):
    block = _block(styles, 15)
    part, rest = block.split(WIDTH, block.height(WIDTH) * 0.7)
    assert part is not None and part.end - part.first >= 8 and rest.first == part.end
    assert block.min_height(WIDTH) < 0.7 * block.height(WIDTH)      # the page is not skipped
    part, rest = block.split(WIDTH, block.height(WIDTH) * 0.3)
    assert part is None and rest is block                     # under half: starts a page whole


def test_six_rows_never_split_and_forty_split_anywhere(styles):
    six = _block(styles, 6)
    assert six.split(WIDTH, six.height(WIDTH) * 0.8) == (None, six)
    forty = _block(styles, 40)
    part, rest = forty.split(WIDTH, forty.height(WIDTH) * 0.2)
    assert part is not None and rest is not None and part.end == rest.first
