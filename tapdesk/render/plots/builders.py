"""Plot builders: engine objects in, pyqtgraph widgets out (see the package docstring)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.analyses import ORDINAL_MODEL, PAIRS_TABLE
from tapdesk.engine.binary.per_rater_counts import expected_from_result
from tapdesk.engine.iterations import iteration_counts
from tapdesk.engine.results import Estimate, FitResult
from tapdesk.i18n import N_, _
from tapdesk.i18n.formats import in_sentence
from tapdesk.render.plots.common import (
    add_legend,
    brush,
    legend_below,
    new_plot,
    palette_colours,
    pen,
    series_colour,
)
from tapdesk.render.plots.explain import (
    accuracy_attribute_plot,
    class_share_plot,
    subject_probability_plot,
)
from tapdesk.render.plots.heatmaps import (  # noqa: F401
    agreement_heatmap,
    category_pair_heatmap,
    pairwise_agreement,
    percent_agreement_heatmap,
)
from tapdesk.render.plots.posterior import MAX_PANELS, posterior_plot, trace_plot  # noqa: F401
from tapdesk.report.caterpillar import FLOOR, caterpillar
from tapdesk.report.views import class_rates, expected_count_distribution  # noqa: F401
from tapdesk.report.words import class_names


# ----------------------------------------------------------------- builders
def convergence_plot(result: FitResult) -> pg.PlotWidget | None:
    traces = [np.asarray(t, float) for t in result.traces if len(t)]
    if not traces:
        return None
    # Translators: the convergence plot's axes (the app's plot and the report's).
    w = new_plot(convergence_title(result), _("iteration"), _("log-likelihood"))
    for i, trace in enumerate(traces):
        w.plot(np.arange(1, len(trace) + 1), trace, pen=pen(i, 1.5))
    best = max(float(t[-1]) for t in traces)
    line = pg.InfiniteLine(best, angle=0, pen=pg.mkPen(palette_colours()[1], width=1,
                                                       style=pg.QtCore.Qt.PenStyle.DashLine))
    w.addItem(line)
    lows = [float(np.min(t)) for t in traces]
    span = best - min(lows)
    w.setYRange(best - max(span, 1e-6) * 1.02, best + max(span, 1e-6) * 0.05)
    longest = max(len(t) for t in traces)
    if longest > 200:
        w.setLogMode(x=True, y=False)
        w.getAxis("bottom").setTicks(log_ticks(longest))
    return w


def convergence_title(result: FitResult) -> str:
    """The convergence plot's title, naming the best start's iterations as the report does."""
    counts = iteration_counts(result)
    if counts.starts <= 1:
        # Translators: the convergence plot's title.
        return _("Log-likelihood by EM iteration (one line per start)")
    # Translators: the convergence plot's title; {starts} is how many starts, {best} the best
    # start's iteration count.
    return _("Log-likelihood by EM iteration, one line per start (best of {starts}: "
             "{best} iterations)").format(starts=counts.starts, best=counts.best)


def log_ticks(top: float) -> list[list[tuple[float, str]]]:
    """Ticks of a log10 axis from 1 to ``top``: decades labelled, 2..9 marked without labels.

    pyqtgraph labels the in-between ticks too, and on a narrow axis those
    labels ran into one another ("2x10^1 3x10^4 ..."); decades alone read cleanly.
    """
    decades = range(0, int(np.ceil(np.log10(max(top, 10)))) + 1)
    major = [(float(d), f"{10 ** d:,}") for d in decades]
    minor = [(float(np.log10(m * 10 ** d)), "") for d in decades for m in range(2, 10)
             if m * 10 ** d <= top * 10]
    return [major, minor]


def distribution_plot(result: FitResult, table: RatingsTable | None) -> pg.PlotWidget | None:
    if table is None or result.class_choice is None:
        return None
    counts = binary_counts(table, choice=result.class_choice)
    observed = np.bincount(counts.n_class1, minlength=int(counts.n_rated.max()) + 1)
    k = np.arange(len(observed))
    class1 = class_names(result.class_choice, result.class_choice.class1)
    # Translators: a plot's title and axes; {categories} are the categories of Class 1
    # ("no medal or bronze").
    w = new_plot(_("Subjects by number of Class-1 ratings: observed and fitted"),
                 # Translators: a plot's axis; {categories} are the categories of Class 1 ("no medal
                 # or bronze").
                 _("number of Class-1 ratings ({categories}) per subject").format(categories=class1),
                 _("subjects"))
    add_legend(w.getPlotItem())
    bars = pg.BarGraphItem(x=k, height=observed, width=0.7, brush=brush(0, 150), pen=pen(0, 1),
                           name=_("observed"))
    w.addItem(bars)
    fitted = fitted_counts(result, counts.n_rated)
    if fitted is not None:
        w.plot(np.arange(len(fitted)), fitted, pen=pen(3, 2), symbol="o", symbolSize=9,
               symbolBrush=brush(3), symbolPen=pen(3, 1), name=_("fitted (expected)"))
    w.getAxis("bottom").setTicks([[(int(i), str(int(i))) for i in k]])
    return w


def fitted_counts(result: FitResult, n_rated: np.ndarray) -> np.ndarray | None:
    """Expected subjects by number of Class-1 ratings: the fit's own, else from its rates.

    A per-rater fit stores its expected numbers (over each subject's own raters);
    an average-rater fit's follow from its t, q1 and q0.
    """
    stored = expected_from_result(result)
    if stored is not None:
        return stored
    rates = class_rates(result)
    return None if rates is None else expected_count_distribution(n_rated, *rates)


def rater_accuracy_plot(result: FitResult, pooled: Mapping[str, Estimate] | None = None
                        ) -> pg.PlotWidget | None:
    """The caterpillar plot (:mod:`tapdesk.report.caterpillar`): each rater's accuracy with its
    interval, lowest to highest, the panel's mean as a dashed line, orange points for the raters
    flagged or named as different, and ``pooled`` estimates ({rater id: estimate}) as hollow
    diamonds beside them. Up to :data:`NAMES_ON_AXIS` raters the axis names them; beyond, it
    counts ranks and hovering over a point names its rater. The axis starts at 0
    (:data:`~tapdesk.report.caterpillar.FLOOR`): a rater estimated below it is a downward
    triangle at 0, and intervals are cut there. ``caption`` says what is drawn."""
    cat = caterpillar(result, pooled)
    if cat is None:
        return None
    many = not cat.names_on_axis
    # Translators: the rater plot's title; {quantity} is what it shows ("Accuracy").
    w = new_plot(_("{quantity} of each rater, lowest to highest").format(quantity=cat.words),
                 # Translators: the rater plot's horizontal axis (its raters by rank, or by name).
                 _("raters, lowest to highest (rank)") if many else cat.axis.title(_("rater")),
                 in_sentence(cat.words))
    legend = legend_below(w.getPlotItem())     # outside the data: no corner is free of them
    x = np.arange(len(cat.points), dtype=float)
    points, drawn = as_objects(cat.points), drawn_arrays(cat.points)
    _interval_bars(w, x, drawn, 0, many)
    named = np.fromiter((p.named for p in cat.points), bool, len(cat.points))
    below = drawn[:, 0] < FLOOR
    # Translators: the rater plot's legend; {quantity} is what it shows ("accuracy").
    one = _("{quantity} of a rater").format(quantity=in_sentence(cat.words))
    for is_named, colour, label in ((False, 0, one),
                                    (True, 1, _("flagged or named as different"))):
        for is_below, symbol, suffix in ((False, "o", ""), (True, "t", _(", below chance (at 0)"))):
            keep = (named == is_named) & (below == is_below)
            if keep.any():
                w.addItem(_hover_points(x[keep], drawn[keep], points[keep], cat.words, colour,
                                        symbol, 6 if many else 10, label + suffix))
    if cat.pooled:
        shift = np.fromiter((p is not None for p in cat.pooled), bool, len(cat.pooled))
        second = as_objects(cat.pooled)[shift]
        second_drawn = drawn_arrays(second)
        _interval_bars(w, x[shift] + 0.3, second_drawn, 2, many)
        w.addItem(_hover_points(x[shift] + 0.3, second_drawn, second, cat.words, 2, "d",
                                6 if many else 10, _(cat.second_name), hollow=True))
    mean_pen = pg.mkPen(series_colour(3), width=1.5, style=pg.QtCore.Qt.PenStyle.DashLine)
    w.addItem(pg.InfiniteLine(cat.panel_mean, angle=0, pen=mean_pen))
    legend.addItem(pg.PlotDataItem([], [], pen=mean_pen), _("panel mean"))
    if not many:
        w.getAxis("bottom").setTicks([list(enumerate(cat.axis.labels))])
    ends = drawn if not cat.pooled else np.vstack([drawn, second_drawn])
    top = float(np.nanmax(ends[:, [0, 2]])) if len(ends) else FLOOR
    w.setYRange(FLOOR, max(1.0, top), padding=0.02)        # nothing is drawn below 0
    w.setXRange(-0.6, len(cat.points) - 0.4 + (0.3 if cat.pooled else 0), padding=0)
    w.caption, w.caterpillar = cat.caption, cat
    return w


def as_objects(points) -> np.ndarray:
    """``points`` as a numpy array of objects (indexed by masks, one point a cell)."""
    out = np.empty(len(points), dtype=object)
    out[:] = list(points)
    return out


def drawn_arrays(points) -> np.ndarray:
    """(n, 3): each point's estimate and interval (NaN where it has none), one pass over the
    points (ten thousand raters' attributes read once)."""
    none = (np.nan, np.nan)
    return np.array([(p.value, *(p.interval or none)) for p in points], dtype=float
                    ).reshape(len(points), 3)


def _interval_bars(w: pg.PlotWidget, x: np.ndarray, drawn: np.ndarray, colour: int,
                   many: bool) -> None:
    """The points' intervals (``drawn``: :func:`drawn_arrays`) as one item of error bars, cut
    at the axis's floor (points without one get none)."""
    keep = ~np.isnan(drawn[:, 1])
    if not keep.any():
        return
    vals, lo, hi = np.maximum(drawn[keep], FLOOR).T
    line = QColor(series_colour(colour))
    line.setAlpha(70 if many else 255)              # a thousand bars: their density shows
    w.addItem(pg.ErrorBarItem(x=x[keep], y=vals, top=hi - vals, bottom=vals - lo,
                              beam=0 if many else 0.2, pen=pg.mkPen(line, width=1 if many else 1.5)))


def _hover_points(x: np.ndarray, drawn: np.ndarray, points: np.ndarray, words: str, colour: int,
                  symbol: str, size: int, name: str, hollow: bool = False) -> pg.ScatterPlotItem:
    """One series of points, one brush for all (fast with ten thousand), named on hover: each
    point carries its rater, whose words are written when the pointer is over it (ten
    thousand tips written ahead held the GUI thread for 150 ms, issue 57)."""
    return pg.ScatterPlotItem(
        x=x, y=np.maximum(drawn[:, 0], FLOOR), data=points, symbol=symbol, size=size,
        brush=pg.mkBrush(None) if hollow else brush(colour), pen=pen(colour, 1.5 if hollow else 1),
        hoverable=True, tip=lambda x, y, data: data.tip(words), name=name)


def _cut_rows(results: Sequence[FitResult]) -> list[tuple[str, dict[str, Estimate]]]:
    """(cut label, {t, a, p}) in scale order, from an ordinal analysis or from per-cut fits."""
    for r in results:
        if r.model == ORDINAL_MODEL:
            rows: dict[str, dict[str, Estimate]] = {}
            for e in r.params:
                if e.category is not None and e.name in ("t", "a", "p"):
                    rows.setdefault(e.category, {})[e.name] = e
            return list(rows.items())
    out = []
    for r in results:
        if r.request.cut is None:
            continue
        ests = {}
        for name in ("t", "a", "p"):
            try:
                ests[name] = r.param(name)
            except KeyError:
                pass
        out.append((str(r.request.cut), ests))
    return out


def _cut_words(cut: str, named: FitResult | None) -> str:
    """A cut point in words for an axis: "bronze | silver" where the scale has labels.

    Cuts come as codes ("2|3") from per-cut fits, or already named with their
    codes in brackets ("bronze | silver (2|3)") from the ordinal analysis.
    """
    found = re.fullmatch(r"(.+) \((\S+\|\S+)\)", cut)
    if found:
        return found.group(1)
    if named is None:
        return cut
    return " | ".join(named.label(x) for x in cut.split("|"))


def cutpoint_plot(results: Sequence[FitResult]) -> pg.PlotWidget | None:
    """t, a and p (with interval bars) against the cut point.

    ``results`` may hold an ordinal analysis (t-a-p at every cut point, see
    :mod:`tapdesk.engine.analyses`), or several t-a-p fits with different cuts.
    """
    rows = _cut_rows(results)
    if len(rows) < 2:
        return None
    # Translators: a plot's title and axes.
    w = new_plot(_("Estimates by cut point (Class 1 = ratings at or below the cut)"),
                 _("cut point (Class 1 | Class 0)"), _("estimate"))
    add_legend(w.getPlotItem())
    x = np.arange(len(rows))
    offsets = {"t": -0.08, "a": 0.0, "p": 0.08}         # side by side, so the bars do not overlap
    for i, name in enumerate(("t", "a", "p")):
        ests = [r.get(name) for _, r in rows]
        vals = np.array([e.value if e is not None and e.identified else np.nan for e in ests])
        lo = np.array([e.ci[0] if e is not None and e.ci else np.nan for e in ests])
        hi = np.array([e.ci[1] if e is not None and e.ci else np.nan for e in ests])
        xs = x + offsets[name]
        w.plot(xs, vals, pen=pen(i, 2), symbol="o", symbolBrush=brush(i), symbolPen=pen(i, 1),
               name=name)
        ok = np.isfinite(lo) & np.isfinite(hi) & np.isfinite(vals)
        if ok.any():
            w.addItem(pg.ErrorBarItem(x=xs[ok], y=vals[ok], top=hi[ok] - vals[ok],
                                      bottom=vals[ok] - lo[ok], beam=0.06, pen=pen(i, 1.5)))
    named = next((r for r in results if r.category_labels), None)
    shown = [_cut_words(c, named) for c, _ in rows]
    w.getAxis("bottom").setTicks([[(int(i), c) for i, c in enumerate(shown)]])
    w.setXRange(-0.4, len(rows) - 0.6, padding=0)
    w.setYRange(0, 1.02, padding=0)
    w.cut_labels = [c for c, _ in rows]
    return w


def _pair_rows(result: FitResult) -> tuple:
    for t in result.tables:
        if t.title == PAIRS_TABLE:
            return t.rows
    return ()


PlotMaker = tuple[str, Callable[[], "QWidget | None"]]
"""A plot's name (English, a key: the Plots tab shows its translation) and what builds it
(None where the plot does not apply to the fit)."""


def plots_for(result: FitResult, table: RatingsTable | None) -> list[tuple[str, QWidget]]:
    """Every plot that applies to ``result``, as (title, widget), in display order."""
    out = []
    for title, make in plot_makers(result, table):
        widget = make()
        if widget is not None:
            out.append((title, widget))
    return out


def plot_makers(result: FitResult, table: RatingsTable | None) -> tuple[PlotMaker, ...]:
    """Every plot that may apply to ``result``, unbuilt, in display order: the Plots tab builds
    them one at a time, so no single build holds the window long."""
    from tapdesk.report.extras import extras_for
    choice = result.class_choice

    def rater_heatmap():
        if table is None or not table.has_rater_ids or table.n_raters < 2:
            return None
        return agreement_heatmap(table, choice=choice,
                                 pairwise=extras_for(result, table).pairwise)

    # Translators: the names of the Plots tab's chooser (the code keeps them in English).
    return ((N_("Class share by group"), lambda: class_share_plot(result)),
              (N_("Accuracy by rater attribute"), lambda: accuracy_attribute_plot(result, table)),
              (N_("Subjects by group"), lambda: subject_probability_plot(result)),
              (N_("Observed vs fitted"), lambda: distribution_plot(result, table)),
              (N_("Estimates by cut point"), lambda: cutpoint_plot([result])),
              (N_("Category-pair accuracy"), lambda: category_pair_heatmap(
                  result.categories, _pair_rows(result),
                  labels=tuple(result.label(c) for c in result.categories))),
              (N_("Convergence"), lambda: convergence_plot(result)),
              (N_("Posterior densities"), lambda: posterior_plot(result)),
              (N_("Traces"), lambda: trace_plot(result)),
              (N_("Per-rater accuracy"), lambda: rater_accuracy_plot(result)),
              (N_("Rater-pair accuracy"), rater_heatmap),
              (N_("Raw percent agreement"), lambda: percent_agreement_heatmap(table, choice=choice)
               if choice is not None else None))
