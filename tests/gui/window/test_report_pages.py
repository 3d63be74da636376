"""Issue 53: the Data table of the example reports left its last row or two ("Note") alone on
page 3. Exported from the window as a user does (the writing example explained by year and age,
as its first command shows), the page that continues the Data table holds at least three of its
rows: a table split over two pages carries at least that many to the next (TOGETHER); and
that page names it, "Data (continued)" (it said "(continued)" alone)."""

from __future__ import annotations

import re

import pytest

from tapdesk.gui.window.menus import load_example
from tapdesk.render.table import TOGETHER
from tests.gui.test_workflow import _fit
from tests.render.pdftext import pdf_text

pytestmark = pytest.mark.gui


def _pages(path) -> list[str]:
    text = pdf_text(path, layout=True)
    return text.split("\f")


def _data_rows_continued(pages: list[str]) -> list[int]:
    """For each page that continues the Data table, how many of its rows it holds: the lines
    after its header that start a row (a row name at the line's start)."""
    counts = []
    for page in pages:
        lines = page.splitlines()
        heads = [i for i, line in enumerate(lines) if re.match(r"\s*Item\s+Value\s*$", line)]
        if not heads or not any("(continued)" in line for line in lines[:heads[0]]):
            continue
        title = [line.strip() for line in lines[:heads[0]] if "(continued)" in line][-1]
        assert title == "Data (continued)", title       # not "(continued)" alone
        rows = 0
        for line in lines[heads[0] + 1:]:
            if line.strip().startswith(("No subject was left out", "Subjects left out")):
                break
            if re.match(r"\s?\S", line):      # a row starts at the margin; wrapped text is indented
                rows += 1
        counts.append(rows)
    return counts


def test_the_data_table_never_leaves_a_row_alone(window, qtbot, tmp_path):
    load_example(window, "writing")
    box = window.model_pane.explain
    window.model_pane.select("tap", "mle")
    box.group_combo.setCurrentIndex(box.group_combo.findData("year"))
    for check in box.attribute_checks:
        check.setChecked(check.text() == "age")
    assert _fit(window, qtbot, "tap", timeout=240_000).effects
    written = window.export_report(tmp_path / "writing.pdf")
    assert written is not None, window.last_error
    continued = _data_rows_continued(_pages(written))
    assert continued, "the Data table fits on one page: the test no longer splits it"
    for rows in continued:
        assert rows >= TOGETHER, f"a page holds {rows} row(s) of the Data table"

