"""Issue 53: what ran over from one page (a table's last rows, the last two references, a
section's last table moved whole) stood alone on an almost blank page, because the next section
starts a new page. A page that began with such a tail and holds less than a quarter of its
height is not ended by that break: the next section follows on it. Any other page still ends
where a section asks for a new page."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from tapdesk.render.layout import Spacer  # noqa: E402
from tapdesk.render.pdf import TAIL_PAGE, Column, paginate  # noqa: E402

BODY = 100.0


def _lines(n: int) -> Column:
    return Column([Spacer(10.0) for _ in range(n)], 0.0)


def _heights(pages) -> list[float]:
    return [sum(f.height(1.0) for _, f in page) for page in pages]


def test_a_short_tail_is_followed_by_the_next_section():
    section = Spacer(5.0)
    pages = paginate([_lines(12), "page", section], 1.0, BODY)
    assert len(pages) == 2 and pages[1][-1] == (20.0, section)       # after the two lines


def test_a_longer_tail_or_a_page_of_its_own_still_ends_at_the_break():
    assert int(TAIL_PAGE * BODY) // 10 == 2            # three lines are a quarter of the page
    pages = paginate([_lines(13), "page", Spacer(5.0)], 1.0, BODY)
    assert _heights(pages) == [100.0, 30.0, 5.0]
    pages = paginate([Spacer(10.0), "page", Spacer(5.0)], 1.0, BODY)
    assert _heights(pages) == [10.0, 5.0]                # the page began with its own block


def test_a_block_moved_whole_to_a_page_of_its_own_is_followed_too():
    section = Spacer(5.0)
    pages = paginate([Spacer(90.0), Spacer(15.0), "page", section], 1.0, BODY)
    assert _heights(pages) == [90.0, 20.0] and pages[1][-1] == (15.0, section)
