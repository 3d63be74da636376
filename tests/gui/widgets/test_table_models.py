"""The table models treat numpy's numbers as numbers without importing numpy themselves (the
first window builds them before numpy is loaded: issue 41)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import Qt

from tapdesk.data.ratings import RatingsTable
from tapdesk.gui.widgets.table_models import RatingsModel, RowsModel, is_float, sort_key

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("value, expected", [
    (0.5, True), (np.float64(0.5), True), (np.float32(0.25), True), (float("nan"), True),
    (3, False), (np.int64(3), False), (True, False), (np.bool_(True), False), ("0.5", False),
    (None, False),
])
def test_a_float_is_a_real_number_that_is_not_an_integer(value, expected):
    assert is_float(value) is expected


def test_numpy_numbers_show_sort_and_align_as_python_numbers(app):
    model = RowsModel(("name", "value"), [("a", np.float64(0.12345)), ("b", np.int64(7)),
                                          ("c", np.float32("nan")), ("d", 2)])
    shown = [model.data(model.index(r, 1)) for r in range(4)]
    assert shown == ["0.123", "7", "-", "2"]
    right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    assert all(model.data(model.index(r, 1), Qt.ItemDataRole.TextAlignmentRole) == right
               for r in range(4))
    assert model.data(model.index(0, 0), Qt.ItemDataRole.TextAlignmentRole) is None
    assert sort_key(np.int64(10)) == 10.0 and sort_key(np.float64("inf")) == -math.inf
    assert sort_key("J10") > sort_key("J9")


def test_the_ratings_model_is_empty_until_it_has_a_table(app):
    model = RatingsModel()
    assert model.rowCount() == 0
    table = RatingsTable.from_labels(["s1", "s1", "s2"], ["R1", None, "R1"], ["yes", "no", "no"])
    model.set_table(table)
    rows = [[model.data(model.index(r, c)) for c in range(3)] for r in range(model.rowCount())]
    assert sorted(rows) == [["s1", "(unknown)", "no"], ["s1", "R1", "yes"], ["s2", "R1", "no"]]
