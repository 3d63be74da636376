"""Tick labels a reader can read: as many decimals as the tick spacing needs, never a row of
digits ("-4.6762740") when a live curve settles into a very narrow range."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics

from tapdesk.i18n import formats
from tapdesk.i18n.current import is_source
from tapdesk.render.plots.common import spaced_levels

MAX_DECIMALS = 3
"""The most decimals a tick label shows; ranges narrower than this shows are widened instead
(:func:`readable_span`)."""


def tick_decimals(spacing: float) -> int:
    """Decimals that tell ticks ``spacing`` apart, at most :data:`MAX_DECIMALS`."""
    if not math.isfinite(spacing) or spacing <= 0:
        return 0
    for digits in range(MAX_DECIMALS):
        scaled = spacing * 10 ** digits
        if abs(scaled - round(scaled)) < 1e-6 * scaled:       # 0.25 needs 2, 0.5 needs 1
            return digits
    return MAX_DECIMALS


def tick_strings(values, spacing: float) -> list[str]:
    """The labels of ticks at ``values`` ``spacing`` apart ("\u2212" for minus, as printed),
    as the language writes numbers ("1,000.5", "1.000,5")."""
    digits = tick_decimals(spacing)
    if not is_source():
        return [formats.decimal(float(v), digits) for v in values]
    out = []
    for v in values:
        text = f"{v:,.{digits}f}"
        if float(text.replace(",", "")) == 0:
            text = text.lstrip("-")           # no "-0.000"
        out.append(text.replace("-", "\u2212"))
    return out


def readable_span(low: float, high: float) -> float:
    """The narrowest span a live axis from ``low`` to ``high`` shows: wide enough that ticks
    with :data:`MAX_DECIMALS` decimals differ (a thousandth of the values' size, or 0.001)."""
    size = max(abs(low), abs(high), 1.0)
    return max(high - low, 10.0 ** -MAX_DECIMALS * size)


LABEL_GAP = 12
"""Pixels kept free between two tick labels side by side."""


class ReadableAxis(pg.AxisItem):
    """An axis whose tick labels come from :func:`tick_strings` and, side by side, never
    overlap (:func:`spaced_levels`)."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return tick_strings([v * scale for v in values], spacing * scale)

    def tickSpacing(self, minVal, maxVal, size):  # noqa: N802 - pyqtgraph API
        levels = super().tickSpacing(minVal, maxVal, size)
        if self.orientation not in ("bottom", "top") or not levels or maxVal <= minVal:
            return levels
        font = self.style.get("tickFont") or self.font()
        ends = [minVal, maxVal, -abs(maxVal)] if minVal < 0 else [minVal, maxVal]   # a minus sign
        labels = tick_strings(ends, levels[0][0])                                  # where one shows
        widest = max(QFontMetrics(font).horizontalAdvance(text) for text in labels) + LABEL_GAP
        return spaced_levels(levels, maxVal - minVal, int(size // widest))


def use_readable_axis(plot: pg.PlotItem, side: str = "left") -> ReadableAxis:
    """Put a :class:`ReadableAxis` on ``side`` of ``plot``, keeping the axis's label and pens."""
    old = plot.getAxis(side)
    axis = ReadableAxis(side, pen=old.pen(), textPen=old.textPen())
    axis.enableAutoSIPrefix(False)
    label = old.labelText
    plot.setAxisItems({side: axis})
    if label:
        axis.setLabel(label, **old.labelStyle)
    return axis
