"""Plots of an explained fit (issue 42): accuracy against a rater attribute, class share by
subject group, subjects' Class-1 probabilities by group, and pooled raters shrunk toward the panel.

Every number drawn is the fit's own (estimates, intervals, coefficients); the fitted curve is
the fit's logistic line evaluated along the attribute. The kinds and captions are
:mod:`tapdesk.report.explained`'s, so the report and the app's Explain tab show the same plots.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from scipy.special import expit, logit

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import numeric_value
from tapdesk.engine.explain.own import OWN_NAME
from tapdesk.engine.results import FitResult
from tapdesk.engine.subjects.table import SubjectTable
from tapdesk.i18n import _
from tapdesk.render.plots.category_axis import name_ticks
from tapdesk.render.plots.common import add_legend, brush, new_plot, pen
from tapdesk.report.explained import (
    ACCURACY_KIND,
    GROUPS_KIND,
    POOLED_KIND,
    SUBJECTS_KIND,
    class_one_shown,
)

CURVE_POINTS = 200
JITTER = 0.28
OWN_COLOUR = 2
"""The own estimates' series colour (green: apart from the predicted points' orange)."""
OWN_STEP = 0.008
"""How far right of a rater's predicted point their own estimate is drawn, as a share of the
x axis's span: its interval then stands beside the prediction's instead of on it."""


def explain_plot(kind: str, result: FitResult, table: RatingsTable | None) -> pg.PlotWidget | None:
    """The plot of figure ``kind`` (see :func:`tapdesk.report.explained.figures`), or None."""
    base, _colon, attribute = kind.partition(":")
    if base == ACCURACY_KIND:
        return attribute_accuracy_plot(result, table, attribute)
    if base == GROUPS_KIND:
        return group_share_plot(result)
    if base == SUBJECTS_KIND:
        return subject_probability_plot(result)
    if base == POOLED_KIND:
        return pooled_plot(result, table, attribute)
    return None


# The Plots tab's names (tapdesk.render.plots.builders.plots_for) for the same plots.
def class_share_plot(result: FitResult) -> pg.PlotWidget | None:
    """Each group's class share with its interval (:func:`group_share_plot`)."""
    return group_share_plot(result)


def accuracy_attribute_plot(result: FitResult, table: RatingsTable | None
                            ) -> pg.PlotWidget | None:
    """Accuracy against the first rater attribute (:func:`attribute_accuracy_plot`)."""
    first = next((e.attribute for e in result.effects), None)
    return attribute_accuracy_plot(result, table, first) if first is not None else None


def rater_values(table: RatingsTable | None, attribute: str) -> dict[str, str]:
    """{rater id: value} of a rater attribute column ({} without the table or the column)."""
    if table is None:
        return {}
    return dict(table.attributes.raters.get(attribute, {}))


def _rater_points(result: FitResult, values: dict[str, str]):
    """(rater id, attribute value, predicted accuracy, own accuracy or None) of the raters
    with a value; both accuracies are Estimates, with their intervals."""
    out = []
    for rater in result.raters:
        names = {e.name: e for e in rater.estimates}
        if rater.rater_id in values and "a" in names:
            out.append((rater.rater_id, values[rater.rater_id], names["a"], names.get(OWN_NAME)))
    return out


def _error_bars(plot: pg.PlotWidget, x, estimates, colour: int, beam: float = 0.0,
                width: float = 1.2) -> None:
    ys = np.array([e.value for e in estimates])
    lo = np.array([e.ci[0] if e.ci else e.value for e in estimates])
    hi = np.array([e.ci[1] if e.ci else e.value for e in estimates])
    plot.addItem(pg.ErrorBarItem(x=np.asarray(x, float), y=ys, top=hi - ys, bottom=ys - lo,
                                 beam=beam, pen=pen(colour, width)))


def attribute_accuracy_plot(result: FitResult, table: RatingsTable | None,
                            attribute: str) -> pg.PlotWidget | None:
    """Accuracy against one rater attribute: the fitted curve (or level bars) and each rater."""
    effects = [e for e in result.effects if e.attribute == attribute]
    points = _rater_points(result, rater_values(table, attribute))
    try:
        base = float(logit(result.value("a")))
    except KeyError:
        return None
    if not effects:
        return None
    # Translators: a plot's title; {attribute} is a rater attribute's column name ("age").
    plot = new_plot(_("Accuracy by {attribute}").format(attribute=attribute), attribute,
                    # Translators: a plot's axis (the model's a).
                    _("accuracy"))
    _legend(plot, not effects[0].numeric or effects[0].coefficient > 0)   # bars: below too
    if effects[0].numeric:
        _numeric_accuracy(plot, effects[0], base, points)
    else:
        _level_accuracy(plot, effects, base, points)
    plot.setYRange(0, 1)
    return plot


def _legend(plot: pg.PlotWidget, rising: bool) -> None:
    """The legend top right, or bottom right above a rising curve (it leaves that corner)."""
    legend = add_legend(plot.getPlotItem())
    if rising:
        legend.anchor(itemPos=(1, 1), parentPos=(1, 1), offset=(-10, -40))


def _numeric_accuracy(plot: pg.PlotWidget, effect, base: float, points) -> None:
    xs = [v for v in (numeric_value(p[1]) for p in points) if v is not None]
    low, high = min(xs + [effect.low]), max(xs + [effect.high])
    grid = np.linspace(low, high, CURVE_POINTS)
    slope = effect.coefficient / effect.per
    plot.plot(grid, expit(base + slope * (grid - effect.centre)), pen=pen(0, 2.5),
              # Translators: a plot's legend: the model's curve of accuracy.
              name=_("fitted accuracy"))
    shown = [(x, p) for x, p in ((numeric_value(p[1]), p) for p in points) if x is not None]
    _raters(plot, [x for x, _ in shown], [p for _, p in shown], OWN_STEP * (high - low))


def _raters(plot: pg.PlotWidget, xs: list[float], points, step: float) -> None:
    """Each rater: predicted by the attributes (filled, with its interval), and on their own
    ratings (open circles, with their interval: capped bars ``step`` to the right, so the two
    intervals of one rater never hide each other) where the fit has it."""
    if not points:
        return
    _error_bars(plot, xs, [p[2] for p in points], 1)
    plot.plot(xs, [p[2].value for p in points], pen=None, symbol="o", symbolSize=8,
              symbolBrush=brush(1), symbolPen=pen(1, 1), name=_("each rater, as predicted"))
    own = [(x + step, p[3]) for x, p in zip(xs, points) if p[3] is not None]
    if own:
        _error_bars(plot, [x for x, _ in own], [e for _, e in own], OWN_COLOUR, beam=step,
                    width=1.0)
        plot.plot([x for x, _ in own], [e.value for _, e in own], pen=None, symbol="o",
                  symbolSize=10, symbolBrush=None, symbolPen=pen(OWN_COLOUR, 1.8),
                  name=_("each rater on their own ratings"))


def _level_accuracy(plot: pg.PlotWidget, effects, base: float, points) -> None:
    reference = effects[0].reference
    levels = [reference] + [e.level for e in effects]
    fitted = [expit(base)] + [expit(base + e.coefficient) for e in effects]
    x = np.arange(len(levels))
    plot.addItem(pg.BarGraphItem(x=x, height=fitted, width=0.6, brush=brush(0, 110),
                                 pen=pen(0, 1), name=_("fitted accuracy")))
    where = {level: i for i, level in enumerate(levels)}
    shown = [(where[p[1]], p) for p in points if p[1] in where]
    offsets = _spread([i for i, _ in shown])
    _raters(plot, [i + d for (i, _), d in zip(shown, offsets)], [p for _, p in shown],
            OWN_STEP * len(levels))
    plot.getAxis("bottom").setTicks([[(int(i), str(level)) for i, level in enumerate(levels)]])
    plot.setXRange(-0.6, len(levels) - 0.4, padding=0)


def _spread(slots: list[int]) -> list[float]:
    """Sideways offsets that keep the points of one slot apart, the same on every drawing."""
    out, seen = [], {}
    for slot in slots:
        seen[slot] = seen.get(slot, 0) + 1
    placed: dict[int, int] = {}
    for slot in slots:
        n, k = seen[slot], placed.get(slot, 0)
        placed[slot] = k + 1
        out.append(0.0 if n == 1 else JITTER * (2 * k / (n - 1) - 1))
    return out


def group_share_plot(result: FitResult) -> pg.PlotWidget | None:
    """Each group's class share with its interval (one series per category with K categories)."""
    if not result.groups:
        return None
    # Translators: a plot's axis when the subjects' group column has no name.
    column = result.request.subject_group or _("group")
    groups = list(dict.fromkeys(g.group for g in result.groups))
    categories = list(dict.fromkeys(g.category for g in result.groups))
    # Translators: a plot's title; {column} is the subjects' group column ("year"), {what}
    # the class ("Class 1 (yes)").
    title = (_("Share truly in {what} by {column}").format(what=class_one_shown(result),
                                                            column=column)
             if categories == [None] else
             # Translators: a plot's title; {column} is the subjects' group column ("year").
             _("Share truly in each category by {column}").format(column=column))
    # Translators: a plot's axis.
    plot = new_plot(title, column, _("share of subjects"))
    if len(categories) > 1:
        add_legend(plot.getPlotItem())
    width = 0.5 / max(len(categories), 1)
    for c, category in enumerate(categories):
        shares = [g for g in result.groups if g.category == category]
        x = np.array([groups.index(g.group) for g in shares], float) + \
            (c - (len(categories) - 1) / 2) * width
        _error_bars(plot, x, [_as_estimate(g) for g in shares], c)
        plot.plot(x, [g.t for g in shares], pen=None, symbol="s", symbolSize=10,
                  symbolBrush=brush(c), symbolPen=pen(c, 1),
                  name=None if category is None else result.label(category))
    name_ticks(plot, groups)
    plot.setXRange(-0.6, len(groups) - 0.4, padding=0)
    plot.setYRange(0, 1)
    return plot


class _Share:
    """A group share read like an Estimate by :func:`_error_bars`."""

    def __init__(self, value: float, ci) -> None:
        self.value, self.ci = value, ci


def _as_estimate(group) -> _Share:
    return _Share(group.t, group.interval)


def subject_probability_plot(result: FitResult) -> pg.PlotWidget | None:
    """Each subject's probability of Class 1 by group, spread sideways, with each group's mean."""
    subjects = SubjectTable.of(result.subjects)
    if not subjects.groups or subjects.n_classes < 2 or result.class_choice is None:
        return None          # a crowd's 300,000 subjects without groups: not a record made
    labelled = [s for s in subjects if s.group]
    if not labelled:
        return None
    column = result.request.subject_group or _("group")
    groups = list(dict.fromkeys(g.group for g in result.groups)) or \
        list(dict.fromkeys(s.group for s in labelled))
    # Translators: a plot's title; {what} is the class ("Class 1 (yes)"), {column} the
    # subjects' group column ("year").
    plot = new_plot(_("Subjects' probability of {what} by {column}").format(
        what=class_one_shown(result), column=column), column,
                    # Translators: a plot's axis.
                    _("probability of Class 1"))
    bars: list[tuple[float, float]] = []
    for i, group in enumerate(groups):
        ys = np.array([s.probabilities[1] for s in labelled if s.group == group])
        if not len(ys):
            continue
        plot.plot(i + _weave(len(ys)), ys, pen=None, symbol="o", symbolSize=5,
                  symbolBrush=brush(0, 140), symbolPen=None)
        mean = next((g.mean_probability for g in result.groups if g.group == group
                     and g.mean_probability is not None), float(ys.mean()))
        bars += [(i - 0.38, mean), (i + 0.38, mean)]
    if bars:                  # the groups' means as one item, after every group's dots
        plot.plot([x for x, _ in bars], [y for _, y in bars], pen=pen(3, 3), connect="pairs")
    name_ticks(plot, groups)
    plot.setXRange(-0.6, len(groups) - 0.4, padding=0)
    plot.setYRange(0, 1)
    return plot


def _weave(n: int) -> np.ndarray:
    """Sideways offsets for n dots of one group: a fixed pattern, the same on every drawing."""
    return JITTER * ((np.arange(n) * 0.618034) % 1.0 * 2 - 1)


def pooled_plot(result: FitResult, table: RatingsTable | None,
                attribute: str) -> pg.PlotWidget | None:
    """Each rater's own-ratings and pooled accuracy against an attribute (or their ratings)."""
    pooling = result.pooling
    if pooling is None or not pooling.raters:
        return None
    values = rater_values(table, attribute) if attribute else {}
    rows = []
    for r in pooling.raters:
        x = numeric_value(values.get(r.rater_id, "")) if attribute else float(r.n_ratings)
        if x is not None:
            rows.append((x, r.unpooled["a"], r.pooled["a"]))
    if not rows:
        return None
    # Translators: a plot's axis: how many ratings each rater gave.
    against = attribute or _("ratings the rater gave")
    # Translators: a plot's title; {against} is a rater attribute ("age") or "ratings the
    # rater gave".
    plot = new_plot(_("Accuracy shrunk toward the panel, by {against}").format(against=against),
                    against, _("accuracy"))
    _legend(plot, any(e.quantity == "a" and e.attribute == attribute and e.effect.value > 0
                      for e in pooling.effects))
    xs = np.array([x for x, _, _ in rows])
    _population_curve(plot, pooling, attribute, xs)
    for x, own, pooled in rows:
        plot.plot([x, x], [own.value, pooled.value], pen=pen(7, 1))
    plot.plot(xs, [own.value for _, own, _ in rows], pen=None, symbol="o", symbolSize=9,
              symbolBrush=None, symbolPen=pen(1, 1.5), name=_("own ratings only"))
    plot.plot(xs, [pooled.value for _, _, pooled in rows], pen=None, symbol="o", symbolSize=9,
              symbolBrush=brush(0), symbolPen=pen(0, 1), name=_("shrunk toward the panel"))
    plot.setYRange(0, 1)
    return plot


def _population_curve(plot: pg.PlotWidget, pooling, attribute: str, xs: np.ndarray) -> None:
    """A typical rater's accuracy along a numeric attribute: the population's mean logit (at
    the raters' mean value, where the model centres the attribute) moved by its effect."""
    effect = next((e for e in pooling.effects if e.quantity == "a" and e.attribute == attribute
                   and e.level is None), None)
    if effect is None or sum(e.quantity == "a" for e in pooling.effects) > 1 or not len(xs):
        return              # with other attributes the curve would hold them at values unseen
    grid = np.linspace(xs.min(), xs.max(), CURVE_POINTS)
    mu = pooling.population("a").mu.value
    plot.plot(grid, expit(mu + effect.effect.value * (grid - xs.mean())), pen=pen(0, 2.5),
              # Translators: a plot's legend: the pooled model's curve.
              name=_("a typical rater (the panel's model)"))
