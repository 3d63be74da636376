"""Issue 54, the coefficients' tables in German through the window: an interval never breaks
inside itself (the Summary's interval column read "0,513 bis" over "0,590", narrowed to two
lines a cell to give its words column room), and the pairwise kappas, kept as numbers until
shown, stand right-aligned as numbers do (they reached the Tables tab as text, left-aligned)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.i18n.formats import NBSP
from tests.gui.coefficients_fit import fit_quadratic_coefficients

pytestmark = pytest.mark.gui


def _interval_column(view) -> int:
    model = view.model()
    return next(c for c in range(model.columnCount())
                if "Intervall" in str(model.headerData(c, Qt.Orientation.Horizontal)))


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1272, 684)])
def test_an_interval_is_one_line_in_the_summary(german, window, qtbot, app, size):
    fit_quadratic_coefficients(window, qtbot)
    window.resize(*size)
    rp = window.results_pane
    rp.show_tab("Summary")
    settle(app)
    view = rp.param_view
    model, column = view.model(), _interval_column(view)
    fm, width = view.fontMetrics(), view.horizontalHeader().sectionSize(column)
    intervals = [str(model.index(r, column).data()) for r in range(model.rowCount())]
    intervals = [t for t in intervals if "bis" in t]
    assert intervals and all(f"{NBSP}bis{NBSP}" in t for t in intervals), intervals
    assert all(fm.horizontalAdvance(t) + view.WRAP_MARGIN <= width for t in intervals), \
        (width, max(fm.horizontalAdvance(t) for t in intervals))
    assert layout_problems(window) == []


def test_pairwise_kappas_are_numbers_right_aligned(german, window, qtbot, app):
    fit_quadratic_coefficients(window, qtbot)
    panel = window.results_pane.show_tab("Tables")
    assert panel.show_table("Pairwise Cohen's kappa (quadratic)")
    settle(app)
    model = panel.view.model()
    right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    cells = [model.index(r, c) for r in range(model.rowCount()) for c in range(1, model.columnCount())]
    numbers = [i for i in cells if i.data() != "-"]
    assert numbers and all("," in i.data() and "." not in i.data() for i in numbers)  # "0,336"
    assert all(i.data(Qt.ItemDataRole.TextAlignmentRole) == right for i in numbers)
    assert model.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole) != right   # the rater's name
    panel.view.sortByColumn(1, Qt.SortOrder.DescendingOrder)                     # sorts as numbers
    shown = [model.index(r, 1).data() for r in range(model.rowCount())]
    values = [float(t.replace(",", ".").replace("\u2212", "-")) for t in shown if t != "-"]
    assert values == sorted(values, reverse=True)
