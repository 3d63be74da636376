"""Sortable result tables: natural order for labels with numbers, the data's own order first."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk.gui.widgets.table_models import RowsModel, natural_key, table_view

pytestmark = pytest.mark.gui


def test_natural_key_orders_numbers_inside_labels():
    labels = ["10", "9", "J10", "J2", "j1", "100", "a"]
    assert sorted(labels, key=natural_key) == ["9", "10", "100", "a", "j1", "J2", "J10"]


def column(view, col: int = 0) -> list[str]:
    model = view.model()
    return [model.data(model.index(r, col)) for r in range(model.rowCount())]


def test_table_opens_in_the_data_order_and_sorts_naturally(qapp):
    model = RowsModel(("subject", "p"), [("2", 0.5), ("10", 0.1), ("1", 0.9), ("9", 0.2)])
    view = table_view(model, "test table")
    assert column(view) == ["2", "10", "1", "9"]             # not Qt's default descending sort
    view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert column(view) == ["1", "2", "9", "10"]
    view.sortByColumn(1, Qt.SortOrder.DescendingOrder)        # numbers sort as numbers
    assert column(view) == ["1", "2", "9", "10"]              # p = 0.9, 0.5, 0.2, 0.1
