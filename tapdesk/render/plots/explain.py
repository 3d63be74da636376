"""Plots of the explanatory models (issue 42): class share by subject group, each subject's
probability of Class 1 by group, and accuracy against a numeric rater attribute (the fitted
curve with each rater's own estimate). Every number is read from the result's objects."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from scipy.special import expit, logit

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import AttributeEffect, FitResult
from tapdesk.render.plots.common import add_legend, brush, new_plot, pen


def _group_ticks(widget: pg.PlotWidget, groups: list[str]) -> None:
    widget.getAxis("bottom").setTicks([[(i, g) for i, g in enumerate(groups)]])
    widget.setXRange(-0.6, len(groups) - 0.4)
    widget.setYRange(0, 1)


def class_share_plot(result: FitResult) -> pg.PlotWidget | None:
    """Each group's class share with its interval (one series per category when K > 2)."""
    if not result.groups:
        return None
    groups = list(dict.fromkeys(g.group for g in result.groups))
    categories = list(dict.fromkeys(g.category for g in result.groups))
    what = "Share truly in Class 1" if categories == [None] else "Share of each category"
    widget = new_plot(f"{what} by {result.request.subject_group}, with intervals",
                      str(result.request.subject_group), "share of subjects")
    if categories != [None]:
        add_legend(widget.getPlotItem())
    for c, category in enumerate(categories):
        rows = [g for g in result.groups if g.category == category]
        x = np.arange(len(rows)) + (c - (len(categories) - 1) / 2) * 0.12
        vals = np.array([g.t for g in rows])
        lo = np.array([g.interval[0] if g.interval else g.t for g in rows])
        hi = np.array([g.interval[1] if g.interval else g.t for g in rows])
        widget.addItem(pg.ErrorBarItem(x=x, y=vals, top=hi - vals, bottom=vals - lo, beam=0.08,
                                       pen=pen(c, 1.5)))
        widget.plot(x, vals, pen=None, symbol="o", symbolSize=9, symbolBrush=brush(c),
                    name=result.label(category) if category is not None else None)
    _group_ticks(widget, groups)
    return widget


def subject_probability_plot(result: FitResult) -> pg.PlotWidget | None:
    """Each subject's probability of Class 1, one column of points per group."""
    if not result.groups or result.class_choice is None or not result.subjects:
        return None
    groups = list(dict.fromkeys(g.group for g in result.groups))
    widget = new_plot(f"Each subject's probability of Class 1, by {result.request.subject_group}",
                      str(result.request.subject_group), "probability of Class 1")
    spread = np.random.default_rng(0)          # the same picture every time
    for i, group in enumerate(groups):
        probs = np.array([s.probabilities[1] for s in result.subjects if s.group == group])
        x = i + spread.uniform(-0.25, 0.25, len(probs))
        widget.plot(x, probs, pen=None, symbol="o", symbolSize=5, symbolBrush=brush(0, 150))
    _group_ticks(widget, groups)
    return widget


def _numbers(values: dict[str, str], ids: list[str]) -> list[float | None]:
    out: list[float | None] = []
    for rid in ids:
        try:
            out.append(float(values[rid]))
        except (KeyError, ValueError):
            out.append(None)
    return out


def accuracy_attribute_plot(result: FitResult, table: RatingsTable | None
                            ) -> pg.PlotWidget | None:
    """Accuracy against the first numeric rater attribute: the fitted curve (other attributes at
    their mean or most common level) and each rater's own accuracy."""
    effect: AttributeEffect | None = next((e for e in result.effects if e.numeric), None)
    if effect is None or table is None or not result.raters:
        return None
    ids = [r.rater_id for r in result.raters]
    xs = _numbers(table.attributes.raters.get(effect.attribute, {}), ids)
    points = [(x, next((e.value for e in r.estimates if e.name == "a_own"), None))
              for x, r in zip(xs, result.raters) if x is not None]
    points = [(x, y) for x, y in points if y is not None]
    if not points:
        return None
    x, own = (np.array(v, dtype=float) for v in zip(*points))
    grid = np.linspace(x.min(), x.max(), 100)
    centre_logit = float(logit(np.clip(result.value("a"), 1e-9, 1 - 1e-9)))
    curve = expit(centre_logit + effect.coefficient / effect.per * (grid - effect.centre))
    widget = new_plot(f"Accuracy by {effect.attribute}: the fitted curve and each rater's own",
                      effect.attribute, "accuracy")
    add_legend(widget.getPlotItem())
    widget.plot(grid, curve, pen=pen(0, 2), name="fitted")
    widget.plot(x, own, pen=None, symbol="o", symbolSize=9, symbolBrush=brush(1),
                name="each rater's own")
    widget.setYRange(0, 1)
    return widget
