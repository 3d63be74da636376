"""Tick labels a reader can read: as many decimals as the tick spacing needs, never a row of
digits ("-4.6762740") when a live curve settles into a very narrow range."""

from __future__ import annotations

import math

import pyqtgraph as pg

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
    """The labels of ticks at ``values`` ``spacing`` apart ("\u2212" for minus, as printed)."""
    digits = tick_decimals(spacing)
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


class ReadableAxis(pg.AxisItem):
    """An axis whose tick labels come from :func:`tick_strings`."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph API
        return tick_strings([v * scale for v in values], spacing * scale)


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
