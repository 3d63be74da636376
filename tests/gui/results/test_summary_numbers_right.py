"""The Summary's numbers stand right-aligned as numbers do (issue 54): a fit's estimates,
standard errors and intervals reach the parameter table as text in the language shown ("0,653"),
and the classical coefficients' intervals too; they stood left-aligned beside the coefficients'
values, which the table keeps as numbers and aligned right."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui

RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def _alignment(model, row: int, column: int):
    return model.index(row, column).data(Qt.ItemDataRole.TextAlignmentRole)


def test_the_summary_aligns_its_numbers_right_and_its_words_left(window, qtbot):
    load_example(window, "wine")
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    pane = window.results_pane
    pane.show_tab("Summary")
    params, coefs = pane.param_model, pane.coef_model
    assert params.rowCount() and coefs.rowCount()
    for row in range(params.rowCount()):
        assert [_alignment(params, row, c) == RIGHT for c in range(5)] == \
            [False, True, True, True, False], [params.index(row, c).data() for c in range(5)]
    for row in range(coefs.rowCount()):
        assert [_alignment(coefs, row, c) == RIGHT for c in range(4)] == [False, True, True, False]
