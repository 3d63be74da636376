"""Plot builders: engine objects in, pyqtgraph widgets out (see the package docstring)."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from tapdesk.data.binary import binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult
from tapdesk.gui.plots.common import add_legend, brush, new_layout, new_plot, palette_colours, pen, style_plot


# ----------------------------------------------------------------- helpers
def _value(result: FitResult, name: str) -> float | None:
    try:
        est = result.param(name)
    except KeyError:
        return None
    return est.value if est.identified else None


def class_rates(result: FitResult) -> tuple[float, float, float] | None:
    """(t, q1, q0) of an average-rater binary result, or None if it has no such parameters.

    q1 = Pr(Class-1 rating | truly Class 1), q0 = Pr(Class-1 rating | truly Class 0);
    with a0/a1/p0/p1: q1 = a1 + (1 - a1) p1 and q0 = (1 - a0) p0.
    """
    if result.raters and _value(result, "a") is None and _value(result, "a1") is None:
        return None
    t = _value(result, "t")
    if t is None:
        return None
    q1, q0 = _value(result, "q1"), _value(result, "q0")
    if q1 is not None and q0 is not None:
        return t, q1, q0
    a, p = _value(result, "a"), _value(result, "p")
    a1 = _value(result, "a1") if _value(result, "a1") is not None else a
    a0 = _value(result, "a0") if _value(result, "a0") is not None else a
    p1 = _value(result, "p1") if _value(result, "p1") is not None else p
    p0 = _value(result, "p0") if _value(result, "p0") is not None else p
    if None in (a0, a1, p0, p1):
        return None
    return t, a1 + (1 - a1) * p1, (1 - a0) * p0


def expected_count_distribution(n_rated: np.ndarray, t: float, q1: float, q0: float) -> np.ndarray:
    """Expected number of subjects with k Class-1 ratings, k = 0..max(n_rated).

    Sums each subject's own mixture of binomials: t Bin(k; n_i, q1) + (1 - t) Bin(k; n_i, q0).
    """
    from scipy.stats import binom
    top = int(n_rated.max())
    k = np.arange(top + 1)
    sizes, counts = np.unique(n_rated, return_counts=True)
    out = np.zeros(top + 1)
    for n, s in zip(sizes, counts):
        out += s * (t * binom.pmf(k, n, q1) + (1 - t) * binom.pmf(k, n, q0))
    return out


# ----------------------------------------------------------------- builders
def convergence_plot(result: FitResult) -> pg.PlotWidget | None:
    traces = [np.asarray(t, float) for t in result.traces if len(t)]
    if not traces:
        return None
    w = new_plot("Log-likelihood by EM iteration (one line per start)", "iteration",
                 "log-likelihood (nats)")
    for i, trace in enumerate(traces):
        w.plot(np.arange(1, len(trace) + 1), trace, pen=pen(i, 1.5))
    best = max(float(t[-1]) for t in traces)
    line = pg.InfiniteLine(best, angle=0, pen=pg.mkPen(palette_colours()[1], width=1,
                                                       style=pg.QtCore.Qt.PenStyle.DashLine))
    w.addItem(line)
    lows = [float(np.min(t)) for t in traces]
    span = best - min(lows)
    w.setYRange(best - max(span, 1e-6) * 1.02, best + max(span, 1e-6) * 0.05)
    w.setLogMode(x=max(len(t) for t in traces) > 200, y=False)
    return w


def distribution_plot(result: FitResult, table: RatingsTable | None) -> pg.PlotWidget | None:
    if table is None or result.class_choice is None:
        return None
    counts = binary_counts(table, choice=result.class_choice)
    observed = np.bincount(counts.n_class1, minlength=int(counts.n_rated.max()) + 1)
    k = np.arange(len(observed))
    w = new_plot("Subjects by number of Class-1 ratings: observed and fitted",
                 "number of Class-1 ratings per subject", "subjects")
    add_legend(w.getPlotItem())
    bars = pg.BarGraphItem(x=k, height=observed, width=0.7, brush=brush(0, 150), pen=pen(0, 1),
                           name="observed")
    w.addItem(bars)
    rates = class_rates(result)
    if rates is not None:
        fitted = expected_count_distribution(counts.n_rated, *rates)
        w.plot(k, fitted, pen=pen(3, 2), symbol="o", symbolSize=9, symbolBrush=brush(3),
               symbolPen=pen(3, 1), name="fitted (expected)")
    w.getAxis("bottom").setTicks([[(int(i), str(int(i))) for i in k]])
    return w


def rater_accuracy_plot(result: FitResult) -> pg.PlotWidget | None:
    if not result.raters:
        return None
    names = [e.name for e in result.raters[0].estimates]
    name = "a" if "a" in names else names[0] if names else None
    if name is None:
        return None
    ids, vals, lo, hi = [], [], [], []
    for r in result.raters:
        est = r.get(name)
        ids.append(r.rater_id)
        vals.append(est.value)
        lo.append(est.ci[0] if est.ci else est.value)
        hi.append(est.ci[1] if est.ci else est.value)
    order = np.argsort(vals)
    x = np.arange(len(ids))
    vals, lo, hi = (np.asarray(v)[order] for v in (vals, lo, hi))
    w = new_plot(f"Per-rater {name} with intervals (sorted)", "rater", name)
    err = pg.ErrorBarItem(x=x, y=vals, top=hi - vals, bottom=vals - lo, beam=0.2, pen=pen(0, 1.5))
    w.addItem(err)
    flagged = {r.rater_id for r in result.raters if r.flagged}
    colours = [brush(3) if ids[i] in flagged else brush(0) for i in order]
    w.plot(x, vals, pen=None, symbol="o", symbolSize=10, symbolBrush=colours)
    step = max(1, len(ids) // 25)
    w.getAxis("bottom").setTicks([[(int(i), ids[j]) for i, j in enumerate(order) if i % step == 0]])
    w.setYRange(0, 1)
    return w


def _posterior(result: FitResult):
    return getattr(result, "posterior", None)


def _draws_by_chain(post) -> tuple[tuple[str, ...], list[np.ndarray]] | None:
    """(names, [one draws x params array per chain]) from a PosteriorSummary, or None."""
    names = tuple(getattr(post, "draw_names", ()) or ())
    draws = getattr(post, "draws", None)
    if draws is None or not names:
        return None
    arr = np.asarray(draws, dtype=float)
    if arr.ndim != 3:
        return None
    return names, [arr[c] for c in range(arr.shape[0])]


MAX_PANELS = 9


def posterior_plot(result: FitResult) -> pg.GraphicsLayoutWidget | None:
    """Marginal posterior densities (exact grid, or from the draws), up to nine panels."""
    post = _posterior(result)
    marginals = tuple(getattr(post, "marginals", ()) or ()) if post is not None else ()
    if not marginals:
        return None
    exact = getattr(post, "method", "") == "exact"
    lay = new_layout()
    cols = 3 if len(marginals) > 4 else 2 if len(marginals) > 1 else 1
    for i, dens in enumerate(marginals[:MAX_PANELS]):
        plot = lay.addPlot(row=i // cols, col=i % cols)
        style_plot(plot, f"{dens.name}", dens.name, "density")
        x, y = np.asarray(dens.x, float), np.asarray(dens.density, float)
        if exact:
            plot.plot(x, y, pen=pen(3, 2), fillLevel=0, brush=brush(3, 50))
        else:
            step = (x[1] - x[0]) if len(x) > 1 else 0.01
            edges = np.concatenate([x - step / 2, [x[-1] + step / 2]])
            plot.plot(edges, y, stepMode="center", fillLevel=0, brush=brush(0, 90), pen=pen(0, 1))
        try:
            est = result.param(dens.name)
            plot.addItem(pg.InfiniteLine(est.value, angle=90, pen=pg.mkPen(palette_colours()[1],
                                                                           width=1)))
        except KeyError:
            pass
    return lay


def trace_plot(result: FitResult) -> pg.GraphicsLayoutWidget | None:
    """MCMC traces, one panel per parameter (up to nine), one line per chain."""
    post = _posterior(result)
    chains = _draws_by_chain(post) if post is not None else None
    if not chains:
        return None
    names, arrays = chains
    lay = new_layout()
    for i, name in enumerate(names[:MAX_PANELS]):
        plot = lay.addPlot(row=i, col=0)
        style_plot(plot, "", "draw" if i == min(len(names), MAX_PANELS) - 1 else "", name)
        for c, arr in enumerate(arrays):
            plot.plot(np.arange(len(arr)), arr[:, i], pen=pen(c, 1))
    return lay


def pairwise_agreement(table: RatingsTable, class1=None, cut=None, choice=None) -> np.ndarray | None:
    """Raters x raters share of commonly rated subjects where both give the same class."""
    from tapdesk.data.binary import choose_class1, class1_mask
    if not table.has_rater_ids or table.n_raters < 2 or table.repeated_pairs():
        return None
    choice = choice or choose_class1(table.scale, class1, cut)
    grid = np.full((table.n_subjects, table.n_raters), -1, dtype=np.int8)
    grid[table.subject, table.rater] = class1_mask(table, choice)
    seen = grid >= 0
    ones = (grid == 1).astype(float)
    zeros = (grid == 0).astype(float)
    both = seen.T.astype(float) @ seen.astype(float)
    agree = ones.T @ ones + zeros.T @ zeros
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(both > 0, agree / np.maximum(both, 1), np.nan)
    return out


def agreement_heatmap(table: RatingsTable | None, class1=None, cut=None,
                      choice=None) -> pg.PlotWidget | None:
    if table is None:
        return None
    try:
        matrix = pairwise_agreement(table, class1, cut, choice)
    except Exception:   # noqa: BLE001 - an impossible Class-1 choice just means no heatmap
        return None
    if matrix is None or table.n_raters > 60:
        return None
    n = table.n_raters
    matrix = matrix.copy()
    np.fill_diagonal(matrix, np.nan)            # a rater always agrees with itself: not informative
    w = new_plot("Pairwise agreement between raters (share of shared subjects, same class)",
                 "rater", "rater")
    low = max(0.0, float(np.nanmin(matrix)) - 0.05) if np.isfinite(matrix).any() else 0.0
    high = min(1.0, float(np.nanmax(matrix)) + 0.02) if np.isfinite(matrix).any() else 1.0
    img = pg.ImageItem(np.nan_to_num(matrix, nan=low).T)
    cmap = pg.colormap.get("viridis")
    img.setLookupTable(cmap.getLookupTable(0.0, 1.0, 256))
    img.setLevels((low, high))
    w.addItem(img)
    w.showGrid(x=False, y=False)
    ids = table.rater_ids
    ticks = [(i + 0.5, ids[i]) for i in range(n)]
    w.getAxis("bottom").setTicks([ticks])
    w.getAxis("left").setTicks([ticks])
    w.getPlotItem().invertY(True)
    w.setAspectLocked(True)
    if n <= 8:
        for i in range(n):
            for j in range(n):
                if np.isfinite(matrix[i, j]):
                    bright = (matrix[i, j] - low) / max(high - low, 1e-9) > 0.6
                    text = pg.TextItem(f"{matrix[i, j]:.2f}", color="k" if bright else "w",
                                       anchor=(0.5, 0.5))
                    text.setPos(j + 0.5, i + 0.5)
                    w.addItem(text)
    bar = pg.ColorBarItem(values=(low, high), colorMap=cmap, interactive=False, width=12)
    bar.setImageItem(img, insert_in=w.getPlotItem())
    return w


def cutpoint_plot(results: Sequence[FitResult]) -> pg.PlotWidget | None:
    rows = [(r.request.cut, r) for r in results if r.request.cut is not None]
    if len(rows) < 2:
        return None
    cuts = [c for c, _ in rows]
    w = new_plot("Estimates by cut point (Class 1 = at or below the cut)", "cut point", "estimate")
    add_legend(w.getPlotItem())
    x = np.arange(len(cuts))
    for i, name in enumerate(("t", "a", "p")):
        vals = np.array([_value(r, name) if _value(r, name) is not None else np.nan for _, r in rows])
        lo = np.array([r.param(name).ci[0] if r.param(name).ci else np.nan for _, r in rows])
        hi = np.array([r.param(name).ci[1] if r.param(name).ci else np.nan for _, r in rows])
        w.plot(x, vals, pen=pen(i, 2), symbol="o", symbolBrush=brush(i), name=name)
        ok = np.isfinite(lo) & np.isfinite(hi)
        if ok.any():
            w.addItem(pg.ErrorBarItem(x=x[ok], y=vals[ok], top=hi[ok] - vals[ok],
                                      bottom=vals[ok] - lo[ok], beam=0.15, pen=pen(i, 1)))
    w.getAxis("bottom").setTicks([[(int(i), str(c)) for i, c in enumerate(cuts)]])
    w.setYRange(0, 1)
    return w


def plots_for(result: FitResult, table: RatingsTable | None) -> list[tuple[str, QWidget]]:
    """Every plot that applies to ``result``, as (title, widget), in display order."""
    makers = (("Observed vs fitted", lambda: distribution_plot(result, table)),
              ("Convergence", lambda: convergence_plot(result)),
              ("Posterior densities", lambda: posterior_plot(result)),
              ("Traces", lambda: trace_plot(result)),
              ("Per-rater accuracy", lambda: rater_accuracy_plot(result)),
              ("Rater agreement", lambda: agreement_heatmap(table, choice=result.class_choice)
               if result.class_choice is not None else None))
    out = []
    for title, make in makers:
        widget = make()
        if widget is not None:
            out.append((title, widget))
    return out
