"""A plot's tick labels write a negative number as every other number of the report does: a
real minus sign (U+2212) in each language, with the language's decimal mark."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.render.plots.common import new_plot


@pytest.mark.parametrize(("code", "expected"), [
    ("en", ["\u22120.8", "\u22120.4", "0", "0.4"]),
    ("de", ["\u22120,8", "\u22120,4", "0", "0,4"]),
    ("es", ["\u22120,8", "\u22120,4", "0", "0,4"]),
])
def test_tick_labels_use_the_formatters_minus_sign(qtbot, code, expected):
    with i18n.language(code):
        widget = new_plot("t", "x", "y")
        qtbot.addWidget(widget)
        axis = widget.getPlotItem().getAxis("left")
        ticks = axis.tickStrings([-0.8, -0.4, 0.0, 0.4], 1.0, 0.4)
        assert ticks == expected
        assert ticks[0] == i18n.formats.decimal(-0.8, 1)


def test_a_tick_that_rounds_to_zero_has_no_sign(qtbot):
    widget = new_plot("t", "x", "y")
    qtbot.addWidget(widget)
    assert widget.getPlotItem().getAxis("bottom").tickStrings([-0.01], 1.0, 0.5) == ["0.0"]
