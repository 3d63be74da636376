"""Plot of a study plan: interval width against subjects, one line per number of raters."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from tapdesk.engine.planning.result import PlanResult
from tapdesk.gui.plots.common import add_legend, new_plot, pen

PARAMETER_WORDS = {"a": "accuracy a", "t": "t (share in Class 1)", "p": "p (guess rate)"}


def plan_width_plot(plan: PlanResult | None, parameter: str = "a",
                    widget: pg.PlotWidget | None = None) -> pg.PlotWidget | None:
    """Median 95%-interval width of ``parameter`` against subjects (log scale), per raters.

    Error bars are +-2 Monte Carlo errors. Pass ``widget`` to redraw an
    existing plot in place (the plan dialog updates it as designs finish).
    """
    if plan is None or not plan.designs:
        return None
    title = f"Width of the 95% interval for {PARAMETER_WORDS[parameter]}"
    if widget is None:
        widget = new_plot(title, "subjects (log scale)", "interval width")
        add_legend(widget.getPlotItem())
    else:
        widget.getPlotItem().clear()
        widget.getPlotItem().setTitle(title)
    widget.setLogMode(x=True, y=False)
    for i, raters in enumerate(plan.request.raters):
        rows = sorted((d.subjects, d.width(parameter), getattr(d.mc_error, f"width_{parameter}"))
                      for d in plan.designs if d.raters == raters)
        if not rows:
            continue
        n, width, error = (np.array(col, float) for col in zip(*rows))
        widget.plot(n, width, pen=pen(i), symbol="o", symbolSize=7, symbolBrush=pen(i).color(),
                    name=f"{raters} raters per subject")
        error = np.nan_to_num(error)
        widget.addItem(pg.ErrorBarItem(x=np.log10(n), y=width, top=2 * error, bottom=2 * error,
                                       beam=0.02, pen=pen(i, 1)))
    widget.getAxis("bottom").setTicks([[(float(np.log10(n)), str(n)) for n in plan.request.subjects]])
    widget.setYRange(0, 1.0 if parameter != "a" else min(1.0, 1.1 * max(
        d.width_a for d in plan.designs)))
    return widget
