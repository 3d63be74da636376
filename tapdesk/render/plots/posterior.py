"""Posterior plots: smooth marginal densities (with the exact density overlaid) and traces.

A parameter whose posterior has separated peaks (see
:mod:`tapdesk.engine.bayes.summaries`) gets each peak marked with a dotted
line labelled with its place and mass, and its panel says how many peaks.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from tapdesk.engine.bayes.thinning import thinned_indices, thinning_words
from tapdesk.engine.results import FitResult
from tapdesk.i18n import _, formats, ngettext
from tapdesk.render.plots.common import brush, labels_apart, new_layout, palette_colours, pen, style_plot

MAX_PANELS = 9
FINE_BINS = 4096
CURVE_POINTS = 300
SPIKE_RATIO = 3.0
"""A curve higher than this many times its own interior peak, only at an edge, is capped."""


def shown_peak(y: np.ndarray) -> tuple[float, float]:
    """(height to scale the plot to, true peak): an edge spike is capped at its interior's scale.

    The exact posterior is smooth inside (0, 1) but its density can shoot up
    at a boundary (250 to 18,000 where the rest peaks near 5); scaling the
    plot to that spike flattened every other curve into the axis.
    """
    y = np.asarray(y, float)
    if not np.isfinite(y).any():
        return 1.0, 1.0
    peak = float(np.nanmax(y))
    k = max(1, len(y) // 30)
    inner = float(np.nanmax(y[k:-k])) if len(y) > 2 * k else peak
    return (min(peak, SPIKE_RATIO * inner) if inner > 0 else peak), peak


def smooth_density(values: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Kernel density of ``values`` at ``x``: Gaussian kernel, Silverman's bandwidth.

    Binned on a fine grid over [0, 1] (every parameter is a probability) and
    smoothed by a Gaussian filter with reflection at the ends, which is the
    reflection estimator: it does not leak mass past 0 or 1, so densities of
    parameters near a bound do not droop there (Silverman 1986, sections
    3.4.2 and 2.10).
    """
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values)]
    lo, hi = min(0.0, float(values.min())), max(1.0, float(values.max()))
    n = len(values)
    sd = float(values.std())
    iqr = float(np.subtract(*np.percentile(values, [75, 25])))
    spread = min(sd, iqr / 1.349) if iqr > 0 else sd
    width = (hi - lo) / FINE_BINS
    bandwidth = max(0.9 * spread * n ** -0.2, 2 * width)
    counts, edges = np.histogram(values, bins=FINE_BINS, range=(lo, hi))
    from tapdesk.engine.bayes.summaries import gaussian_filter1d
    smooth = gaussian_filter1d(counts.astype(float), bandwidth / width, mode="reflect")
    density = smooth / (n * width)
    return np.interp(x, (edges[1:] + edges[:-1]) / 2, density)


def _draws(post, name: str) -> np.ndarray | None:
    names = tuple(getattr(post, "draw_names", ()) or ())
    draws = getattr(post, "draws", None)
    if draws is None or name not in names:
        return None
    arr = np.asarray(draws, dtype=float)
    return arr[..., names.index(name)].ravel() if arr.ndim == 3 else None


def density_curve(post, dens) -> tuple[np.ndarray, np.ndarray]:
    """(x, density) of one marginal: smooth from the draws, else the summary's own curve."""
    x0, y0 = np.asarray(dens.x, float), np.asarray(dens.density, float)
    if getattr(post, "method", "") == "exact":
        return destep(x0, y0)
    draws = _draws(post, dens.name) if getattr(post, "method", "") == "mcmc" else None
    if draws is None or len(draws) < 20:
        return x0, y0
    step = (x0[1] - x0[0]) if len(x0) > 1 else 0.01
    x = np.linspace(max(0.0, x0[0] - step / 2), min(1.0, x0[-1] + step / 2), CURVE_POINTS)
    return x, smooth_density(draws, x)


def destep(x: np.ndarray, y: np.ndarray, n: int = CURVE_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """A smooth curve through an exact grid marginal drawn on equal-width bins.

    The exact posterior is computed on cells of equal width on the logit
    scale, and its marginal CDF is linear in logit(x) within a cell, so the
    mass per unit of logit(x) is constant there: equal-width plotting bins
    show the cells as (slightly sloped) steps. Each run of bins with equal
    mass per logit unit is one cell; it is replaced by one point at the
    cell's centre, the points are joined by a monotone cubic on the logit
    scale (PCHIP: no overshoot, never negative) and turned back into a
    density in x (times dlogit/dx = 1 / (x (1 - x))). A marginal that is
    smooth already (the Gauss rules') has no runs: each bin is its own point.
    """
    from scipy.interpolate import PchipInterpolator
    from scipy.special import logit
    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) < 4:
        return x, y
    step = x[1] - x[0]
    lo = logit(np.clip(x - step / 2, 1e-12, 1 - 1e-12))
    hi = logit(np.clip(x + step / 2, 1e-12, 1 - 1e-12))
    per_logit = y * step / (hi - lo)
    same = np.isclose(np.diff(per_logit), 0.0, rtol=1e-6, atol=1e-12 * max(per_logit.max(), 1e-300))
    breaks = np.flatnonzero(~same)
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [len(y) - 1]])
    centres = (lo[starts] + hi[ends]) / 2
    values = per_logit[starts]
    # A bin reaching 0 or 1 spans logits out to the clip (about 28): its mass per logit unit is
    # no cell's constant there, and read at the middle of that span it rose to thousands
    # (weak accuracy, t's posterior piled near 0 and 1). Such a bin is read at its own centre.
    edge = (x[starts] - step / 2 <= 1e-12) | (x[ends] + step / 2 >= 1 - 1e-12)
    mid = (x[starts] + x[ends]) / 2
    centres = np.where(edge, logit(mid), centres)
    values = np.where(edge, y[starts] * mid * (1 - mid), values)
    if len(centres) < 3:
        return x, y
    grid = np.linspace(centres[0], centres[-1], n)
    curve = np.maximum(PchipInterpolator(centres, values)(grid), 0.0)
    xs = 1 / (1 + np.exp(-grid))
    return xs, curve / (xs * (1 - xs))


def _exact_marginal(exact: FitResult | None, name: str):
    post = getattr(exact, "posterior", None) if exact is not None else None
    for dens in getattr(post, "marginals", ()) or ():
        if dens.name == name:
            return dens
    return None


def posterior_plot(result: FitResult, exact: FitResult | None = None
                   ) -> pg.GraphicsLayoutWidget | None:
    """Marginal posterior densities, up to nine panels.

    MCMC densities are smoothed from the draws; ``exact`` (the exact grid
    posterior for the same request; looked up among the results' extras
    when not given) is overlaid as a second curve with a legend.
    """
    post = getattr(result, "posterior", None)
    marginals = tuple(getattr(post, "marginals", ()) or ()) if post is not None else ()
    if not marginals:
        return None
    if exact is None and post.method == "mcmc":
        from tapdesk.report.extras import exact_for
        exact = exact_for(result)
    is_exact = post.method == "exact"
    lay = new_layout()
    lay.exact_overlaid = []
    lay.capped = []
    cols = 3 if len(marginals) > 4 else 2 if len(marginals) > 1 else 1
    fg = palette_colours()[1]
    legend = pg.LegendItem(labelTextColor=fg.name(), colCount=3)
    lay.addItem(legend, row=0, col=0, colspan=cols)       # above the panels: never over a curve
    lay.legend = legend
    lay.peaks_marked = {}
    lay.estimate_marked = []            # the panels with a line at the estimate (the caption's)
    for i, dens in enumerate(marginals[:MAX_PANELS]):
        plot = lay.addPlot(row=1 + i // cols, col=i % cols, enableMenu=False)
        summary = _summary(post, dens.name)
        several = summary is not None and summary.multimodal
        # Translators: a posterior plot panel's title; {n} is the number of peaks (2 or more).
        title = (ngettext("{n} separated peak", "{n} separated peaks", len(summary.modes)).format(
            n=len(summary.modes)) if several else "")
        # Translators: a posterior plot's axis (probability density).
        style_plot(plot, title, result.estimate_words(dens.name), _("density"))
        overlay = _exact_marginal(exact, dens.name)
        x, y = density_curve(post, dens)
        colour = 3 if is_exact else 0
        curve = plot.plot(x, y, pen=pen(colour, 2), fillLevel=0, brush=brush(colour, 50))
        if i == 0:
            # Translators: a posterior plot's legend: the posterior computed exactly, the MCMC
            # draws' density smoothed, or a posterior.
            legend.addItem(curve, _("exact posterior") if is_exact else
                           _("MCMC draws (smoothed)") if post.method == "mcmc" else _("posterior"))
        top, peak = shown_peak(y)
        spike_x = float(x[int(np.nanargmax(y))]) if np.isfinite(y).any() else 0.0
        if overlay is not None:
            ox, oy = destep(overlay.x, overlay.density)
            line = plot.plot(ox, oy, pen=pen(3, 2.5, style=pg.QtCore.Qt.PenStyle.DashLine))
            if not lay.exact_overlaid:
                # Translators: a posterior plot's legend: the exact posterior drawn over the MCMC
                # draws' (with the same priors).
                legend.addItem(line, _("exact posterior, same priors"))
            lay.exact_overlaid.append(dens.name)
            o_top, o_peak = shown_peak(oy)
            if o_peak > peak:
                spike_x = float(ox[int(np.nanargmax(oy))])
            top, peak = max(top, min(o_top, SPIKE_RATIO * top)), max(peak, o_peak)
        if peak > top * 1.08:
            lay.capped.append(dens.name)
            # Translators: beside a posterior curve cut at the top; {peak} is its height
            # ("1,250"); keep the arrow.
            note = pg.TextItem(_("\u2191 rises to {peak} here").format(
                peak=formats.integer(round(peak))), color=fg,
                               anchor=(0, 0) if spike_x < 0.5 else (1, 0))
            note.setPos(spike_x, top * 1.06)
            plot.addItem(note)
        where = estimate_at(result, summary, dens.name)
        if where is not None:
            plot.addItem(pg.InfiniteLine(where, angle=90, pen=pg.mkPen(fg, width=1)))
            if not lay.estimate_marked:
                # Translators: a posterior plot's legend: the line at the fit's estimate.
                legend.addItem(pg.PlotDataItem(pen=pg.mkPen(fg, width=1)), _("estimate"))
            lay.estimate_marked.append(dens.name)
        if several:
            lay.peaks_marked[dens.name] = mark_peaks(plot, summary)
        plot.setYRange(0, top * 1.08, padding=0)
    return lay


def estimate_at(result: FitResult, summary, name: str) -> float | None:
    """Where a panel's estimate line goes: the fit's own estimate of ``name``, else the
    posterior mean (what the fit reports for a rater's a[J1], p[J1] ...)."""
    try:
        return float(result.param(name).value)
    except KeyError:
        return float(summary.mean) if summary is not None and np.isfinite(summary.mean) else None


def _summary(post, name: str):
    for p in getattr(post, "parameters", ()) or ():
        if p.name == name:
            return p
    return None


def mark_peaks(plot: pg.PlotItem, summary) -> list[pg.InfiniteLine]:
    """A dashed line at each of a multimodal posterior's peaks, labelled with its mass."""
    fg = palette_colours()[1]
    lines = []
    for k, (where, mass) in enumerate(zip(summary.modes, summary.mode_masses)):
        line = pg.InfiniteLine(where, angle=90, pen=pen(1, 1.5, style=pg.QtCore.Qt.PenStyle.DotLine),
                               # Translators: a posterior's peak; {k} is its number (1, 2 ...),
                               # {where} where it is ("0.732"), {mass} its share ("62%").
                               label=_("peak {k}: {where} ({mass})").format(
                                   k=k + 1, where=formats.decimal(where, 3),
                                   mass=formats.percent(mass)),
                               labelOpts={"position": 0.9 - 0.12 * k, "color": fg.name(),
                                          "movable": False})
        plot.addItem(line)
        lines.append(line)
    return lines


def trace_plot(result: FitResult) -> pg.GraphicsLayoutWidget | None:
    """MCMC traces, one panel per parameter (up to nine), one line per chain.

    Long chains are thinned for drawing (:mod:`tapdesk.engine.bayes.thinning`); the draw axis says
    so, and ``thinning`` on the widget holds those words ("" when every draw is drawn).
    """
    post = getattr(result, "posterior", None)
    names = tuple(getattr(post, "draw_names", ()) or ()) if post is not None else ()
    draws = getattr(post, "draws", None) if post is not None else None
    if draws is None or not names or np.ndim(draws) != 3:
        return None
    arr = np.asarray(draws, dtype=float)
    kept = thinned_indices(arr.shape[1])
    words = thinning_words(arr.shape[1])
    lay = new_layout()
    shown = min(len(names), MAX_PANELS)
    first = None
    for i, name in enumerate(names[:shown]):
        plot = lay.addPlot(row=i, col=0, enableMenu=False)
        # Translators: a trace plot's axis: the MCMC draw's number; {thinning} says which draws
        # are drawn ("every 50th draw shown, of 100,000 per chain").
        draw = _("draw ({thinning})").format(thinning=words) if words else _("draw")
        last = i == shown - 1
        # The name heads its panel, across: stacked nine high, a panel is shorter than the
        # name written up its side (the names ran into each other on the printed page).
        style_plot(plot, "", draw if last else "", "")
        plot.setTitle(result.estimate_words(name), color=palette_colours()[1].name(), size="9pt")
        if first is None:
            first = plot
        else:
            plot.setXLink(first)
        if not last:              # one draw axis, under the last panel (the panels share it)
            plot.getAxis("bottom").setStyle(showValues=False)
        labels_apart(plot.getAxis("left"))      # a short panel's values, never one over another
        for c in range(arr.shape[0]):
            plot.plot(kept, arr[c, kept, i], pen=pen(c, 1))
    lay.thinning = words
    return lay
