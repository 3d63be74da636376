"""Named groups along a plot's bottom axis that never run into each other (issue 79): each name
wrapped at its spaces to the room its slot has (up to three lines), and where even that does not
fit, every second (third ...) name shown. Decided each time the axis is drawn, so a narrow
window and the report's wide PNG each get what fits them."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtGui import QFontMetricsF

MAX_LINES = 3
ROOM = 0.9
"""The share of a slot's width a name may take (the rest keeps neighbours apart)."""
NARROW = 110.0
"""A narrow slot's width in pixels: the axis keeps room for as many lines as the longest name
takes there (at most :data:`MAX_LINES`), so a wrapped name is never cut at the plot's foot."""


def wrapped(name: str, width: float, metrics: QFontMetricsF,
            most: int = MAX_LINES) -> list[str] | None:
    """``name`` broken at its spaces into lines no wider than ``width``; None when a word is
    wider or it takes more than ``most`` lines."""
    lines: list[str] = []
    for word in name.split():
        if metrics.horizontalAdvance(word) > width:
            return None
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and metrics.horizontalAdvance(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines if len(lines) <= most else None


class CategoryTicks:
    """The ticks of ``axis`` at 0, 1, 2 ... named ``names``, laid out when it is drawn."""

    def __init__(self, axis: pg.AxisItem, names: Sequence[str]) -> None:
        self.axis, self.names = axis, [str(n) for n in names]
        self.shown: dict[int, str] = {}
        metrics = self.metrics()
        self.lines = max((len(wrapped(n, NARROW, metrics) or range(MAX_LINES)) for n in self.names),
                         default=1)
        axis.setStyle(autoExpandTextSpace=False,
                      tickTextHeight=math.ceil(metrics.lineSpacing() * self.lines))
        axis.tickValues = self.values          # type: ignore[method-assign]
        axis.tickStrings = self.strings        # type: ignore[method-assign]

    def values(self, low: float, high: float, size: float) -> list[tuple[float, list[int]]]:
        slot = size / max(high - low, 1e-9)
        inside = [i for i in range(len(self.names)) if low <= i <= high]
        step, lines = self._layout(slot)
        # the first and last names may reach past the axis's ends by half their room
        self.axis.style["hideOverlappingLabels"] = int(slot * step * ROOM / 2)
        self.shown = {i: "\n".join(lines[i]) for i in inside if i % step == 0}
        return [(float(step), list(self.shown))]

    def strings(self, values: Sequence[float], scale: float, spacing: float) -> list[str]:
        return [self.shown.get(int(round(v)), "") for v in values]

    def metrics(self) -> QFontMetricsF:
        return QFontMetricsF(self.axis.style.get("tickFont") or self.axis.font())

    def _layout(self, slot: float) -> tuple[int, list[list[str]]]:
        """The smallest step (every name, every second ...) at which each shown name fits."""
        metrics = self.metrics()
        for step in range(1, len(self.names) + 1):
            room = slot * step * ROOM
            lines = [wrapped(n, room, metrics, self.lines) for n in self.names]
            if all(line is not None for line in lines[::step]):
                return step, [line or [] for line in lines]
        room = slot * len(self.names) * ROOM
        return len(self.names), [[metrics.elidedText(n, pg.QtCore.Qt.TextElideMode.ElideMiddle,
                                                     room)] for n in self.names]


def name_ticks(plot: pg.PlotWidget, names: Sequence[str]) -> CategoryTicks:
    """Name the bottom axis's ticks 0, 1, 2 ... ``names`` (kept with the axis)."""
    axis = plot.getAxis("bottom")
    ticks = CategoryTicks(axis, names)
    axis.category_ticks = ticks                # type: ignore[attr-defined]  # kept alive
    return ticks


