"""Plot of a study plan: one quantity against subjects, one line per number of raters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy

from tapdesk.i18n import _, ngettext
from tapdesk.render.plots.common import new_plot, palette_colours, pen
from tapdesk.report.plan import PARAMETER_WORDS, need_on, quantity

if TYPE_CHECKING:                 # the planning engine loads only when a plan is made
    from tapdesk.engine.planning.result import PlanResult

__all__ = ["PARAMETER_WORDS", "plan_plot", "plan_width_plot"]


def _series(plan: PlanResult, key: str, raters: int,
            scale: float) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(subjects, values, Monte Carlo errors) of one number of raters; None when it has none."""
    rows = sorted((d.subjects, getattr(d, key), getattr(d.mc_error, key, None))
                  for d in plan.designs if d.raters == raters and getattr(d, key) is not None)
    if not rows:
        return None
    n, value, error = (np.array([np.nan if v is None else v for v in col], float)
                       for col in zip(*rows))
    return n, scale * value, scale * np.nan_to_num(error)


def _retitle(widget: pg.PlotWidget, title: str, axis: str) -> None:
    """New plot title and y-axis title on an existing plot.

    Only the texts change: ``style_plot`` again would call pyqtgraph's
    ``enableAutoSIPrefix(False)``, which (pyqtgraph 0.14) still rescales an axis
    spanning less than 1 to milli-units, so a width of 0.3 would read 300.
    """
    fg = palette_colours()[1]
    widget.getPlotItem().setTitle(title, color=fg.name(), size="11pt")
    widget.getAxis("left").setLabel(axis, color=fg.name())


def legend_beside(plot: pg.PlotItem) -> pg.LegendItem:
    """The plot's legend in its own column right of the data, at the top: it never covers a
    line, wherever the lines run (a legend inside the plot covered the 2-raters line, which
    stays at the top however many subjects are rated)."""
    fg = palette_colours()[1]
    legend = pg.LegendItem(labelTextColor=fg.name())
    legend.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    plot.layout.addItem(legend, 2, 3)
    plot.layout.setAlignment(legend, Qt.AlignmentFlag.AlignTop)
    plot.legend = legend               # PlotItem.plot(name=...) adds to it, clear() empties it
    return legend


def _y_range(values: list[np.ndarray], percent: bool, need: float | None) -> tuple[float, float]:
    """Widths from 0 to a little above the largest; percentages over the values shown."""
    finite = np.concatenate([v[np.isfinite(v)] for v in values] or [np.zeros(0)])
    if need is not None:
        finite = np.append(finite, need)
    if not len(finite):
        return (0.0, 100.0) if percent else (0.0, 1.0)
    if percent:
        return max(0.0, float(finite.min()) - 5.0), min(100.0, float(finite.max()) + 5.0)
    return 0.0, min(1.0, 1.1 * float(finite.max())) or 1.0


def plan_plot(plan: PlanResult | None, key: str = "width_a", widget: pg.PlotWidget | None = None,
              need: float | None = None) -> pg.PlotWidget | None:
    """The plan's ``key`` (a PlanDesign field) against subjects (log scale), one line per raters.

    Parameters
    ----------
    plan
        The finished or partial plan; None or no designs gives no plot.
    key
        The quantity shown: "width_a", "width_t", "width_p", "power", "accuracy_model" or
        "accuracy_majority" (titles and axis words from :func:`tapdesk.report.plan.quantity`).
    widget
        A plot to redraw in place (the plan dialog updates it as designs finish and as
        its "Show" choice changes); None makes a new one.
    need
        The value the user needs, drawn as a dashed line (a share for percentages).

    Returns
    -------
    pyqtgraph.PlotWidget or None
        Error bars are +-2 Monte Carlo errors.
    """
    if plan is None or not plan.designs:
        return None
    shown = quantity(plan.request, key)
    scale = 100.0 if shown.percent else 1.0
    title = shown.plot_title or shown.title      # the closed forms are in the grid, not here
    if widget is None:
        # Translators: a plan plot's x axis: numbers of subjects, on a log scale.
        widget = new_plot(title, _("subjects (log scale)"), shown.axis)
        legend_beside(widget.getPlotItem())
    else:
        widget.getPlotItem().clear()
        widget.getPlotItem().legend.clear()       # the need's entry is no plot item of its own
        _retitle(widget, title, shown.axis)
    widget.setLogMode(x=True, y=False)
    drawn = []
    for i, raters in enumerate(plan.request.raters):
        series = _series(plan, key, raters, scale)
        if series is None:
            continue
        n, value, error = series
        drawn.append(value)
        widget.plot(n, value, pen=pen(i), symbol="o", symbolSize=7, symbolBrush=pen(i).color(),
                    # Translators: a plan plot's legend: designs with {n} raters per subject.
                    name=ngettext("{n} rater", "{n} raters", raters).format(n=raters))
        widget.addItem(pg.ErrorBarItem(x=np.log10(n), y=value, top=2 * error, bottom=2 * error,
                                       beam=0.02, pen=pen(i, 1)))
    target = None if need is None else scale * need
    if target is not None:
        dashed = pg.mkPen(palette_colours()[1], width=1, style=Qt.PenStyle.DashLine)
        widget.addItem(pg.InfiniteLine(pos=target, angle=0, pen=dashed))
        # Named in the legend after the designs, not on the line: a label
        # there sat on whichever design's line crossed the need (the 3-raters line of the wine
        # report's plan page). The sample is not a plot item: listDataItems() stays the designs.
        # Translators: a plan plot's dashed line: the value the user needs.
        widget.getPlotItem().legend.addItem(pg.PlotDataItem(pen=dashed), _("need"))
    widget.getAxis("bottom").setTicks([spaced_ticks(plan.request.subjects)])
    widget.setYRange(*_y_range(drawn, shown.percent, target))
    return widget


def plan_width_plot(plan: PlanResult | None, parameter: str = "a",
                    widget: pg.PlotWidget | None = None) -> pg.PlotWidget | None:
    """Median interval width of ``parameter`` against subjects: :func:`plan_plot` of its width,
    with the width the plan needs as its dashed line (as the plan dialog draws it)."""
    if plan is None or not plan.designs:
        return None
    key = f"width_{parameter}"
    return plan_plot(plan, key, widget, need_on(plan, quantity(plan.request, key)).target)


TICK_GAP = 0.07
"""The least distance between two labelled ticks, as a share of the axis's (log) span: closer
labels ran together ("100 183 200" printed as "100 183200")."""


def spaced_ticks(subjects: Sequence[int], gap: float = TICK_GAP) -> list[tuple[float, str]]:
    """The subject numbers labelled on the log axis, none closer to another than ``gap`` of the
    span: the roundest numbers first (most trailing zeros: 200 before 183), then in order."""
    values = sorted({int(n) for n in subjects if n > 0})
    if not values:
        return []
    where = {n: float(np.log10(n)) for n in values}
    span = (where[values[-1]] - where[values[0]]) or 1.0

    def zeros(n: int) -> int:
        text = str(n)
        return len(text) - len(text.rstrip("0"))

    kept: list[int] = []
    for n in sorted(values, key=lambda v: (-zeros(v), values.index(v))):
        if all(abs(where[n] - where[k]) >= gap * span for k in kept):
            kept.append(n)
    return [(where[n], str(n)) for n in sorted(kept)]
