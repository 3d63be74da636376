"""The report's layout measures each text once (issue 29) without sharing what callers may change."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402

from tapdesk.render.layout import MUTED, Styles  # noqa: E402
from tapdesk.render.page import ensure_app  # noqa: E402
from tapdesk.render.table import TableBlock  # noqa: E402
from tapdesk.report.document import Table  # noqa: E402


@pytest.fixture
def styles() -> Styles:
    ensure_app()
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    return Styles("DejaVu Sans", "DejaVu Sans Mono", image, 300 / 25.4)


def test_the_same_text_is_laid_out_once_and_other_settings_anew(styles):
    font = styles.font(9)
    box = styles.box("0.346 to 0.526", font, 400.0)
    assert styles.box("0.346 to 0.526", styles.font(9), 400.0) is box
    others = [styles.box("0.346 to 0.526", font, 30.0),
              styles.box("0.346 to 0.526", styles.font(9, bold=True), 400.0),
              styles.box("0.346 to 0.526", font, 400.0, MUTED),
              styles.box("0.346 to 0.526", font, 400.0, align=Qt.AlignmentFlag.AlignRight),
              styles.box("0.346 to 0.527", font, 400.0)]
    assert all(other is not box for other in others)
    assert len({id(other) for other in others}) == len(others)
    assert others[0].height > box.height        # narrow: the text wraps


def test_a_split_table_measures_no_cell_again(styles):
    rows = tuple((f"rater {i}", 0.1 * i, None) for i in range(40))
    table = Table("t", "Raters", ("rater", "accuracy", "note"), rows, ("", ".3f", ""))
    block = TableBlock(table, styles)
    whole = block.height(1500.0)
    laid_out = len(styles.boxes)
    first, rest = block.split(1500.0, whole / 2)
    assert first is not None and rest is not None
    assert first.height(1500.0) + rest.height(1500.0) > whole       # the header is repeated
    assert len(styles.boxes) == laid_out + 1                         # only "Raters (continued)"


def test_display_rows_are_fresh_lists_of_the_formatted_cells():
    table = Table("t", "T", ("a", "b"), (("x", 0.12345), ("y", None)), ("", ".2f"))
    rows = table.display_rows()
    assert rows == [["x", "0.12"], ["y", "-"]]
    rows[0][0] = "changed"
    assert table.display_rows() == [["x", "0.12"], ["y", "-"]]
    assert table.display_rows(1) == [["x", "0.12"]]
