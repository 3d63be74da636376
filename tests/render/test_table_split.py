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


def _short_rows(styles, rows: int) -> TableBlock:
    table = Table("t", "Data", ("item", "value"),
                  tuple((f"item {i}", f"value {i}") for i in range(rows)))
    return TableBlock(table, styles)


@pytest.mark.parametrize("rows", [20, 40])
def test_no_row_left_alone_after_the_break(styles, rows):
    """Issue 53: the Data table's last row ("Note") went alone to page 3. When all but one or two
    rows fit, the break moves up so that three rows travel together."""
    block = _short_rows(styles, rows)
    top, head, heights, _note = block._parts(WIDTH)
    for left in (1, 2, 3):                    # room for all but ``left`` rows
        part, rest = block.split(WIDTH, top + head + sum(heights[:-left]) + 1)
        assert part is not None and rest is not None
        assert rest.end - rest.first == 3 and part.end == rows - 3 and rest.first == part.end


def test_rows_fit_but_not_the_note_carry_three_rows(styles):
    """All rows fit and only the table's note does not: three rows go with the note (it split
    into every row here and an empty continued table there)."""
    table = Table("t", "Data", ("item", "value"), tuple((f"item {i}", i) for i in range(20)),
                  ("", "d"), note="A note under the table.")
    block = TableBlock(table, styles)
    top, head, heights, note = block._parts(WIDTH)
    part, rest = block.split(WIDTH, top + head + sum(heights) + note / 2)
    assert part.end == 17 and rest.first == 17 and rest.end == 20


def test_a_long_table_keeps_three_rows_where_it_starts(styles):
    block = _short_rows(styles, 40)
    top, head, heights, _note = block._parts(WIDTH)
    assert block.min_height(WIDTH) == pytest.approx(top + head + sum(heights[:3]))
    part, rest = block.split(WIDTH, top + head + sum(heights[:2]) + 1)
    assert part is None and rest is block       # two rows would be alone: the table moves on
