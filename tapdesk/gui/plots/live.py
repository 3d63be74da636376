"""Live progress while a fit runs: EM log-likelihood per start, sampler traces and densities.

Events arrive in batches (see :mod:`tapdesk.gui.tasks.worker`); they are stored
here and the plots are redrawn by a QTimer at most ``REDRAW_HZ`` times a
second with ``setData`` on existing curves. The timer runs only while a fit
runs.

The status line counts the starting points that really run (the larger of
the number the engine announced and the number seen running), says when all
are done and the fit is being finished (the bar then shows work going on, not
100%), and after a few seconds of a counted stage adds an estimate
of the time left ("about 2 min left", :class:`~tapdesk.gui.tasks.time_left.TimeLeft`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QGraphicsItem, QLabel, QProgressBar, QSizePolicy, QVBoxLayout, QWidget

from tapdesk.engine.bayes.thinning import thinned
from tapdesk.engine.events import Draws, FitStarted, Iteration, StageProgress, StartFinished
from tapdesk.engine.words import parameter_words
from tapdesk.gui.plots.ticks import readable_span, use_readable_axis
from tapdesk.gui.tasks.time_left import TimeLeft
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _, formats, ngettext, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.render.plots.common import brush, new_layout, new_plot, pen, style_plot

REDRAW_HZ = 20
DENSITY_BINS = 40
MAX_TRACE_POINTS = 1500
"""Points per chain of a live trace (fewer than a finished plot's: redrawn 20 times a second)."""
TRACE_START = 256
AXIS_ENDS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)
"""Where the iteration axis of the log-likelihood and the draw axis of a live trace may end,
times a power of ten: the curves fill three quarters of their plots' width at least, and the
axes change only when the curves pass one of these (the axes grew in doublings, and from 5,100
draws to 8,192 the right two fifths of every trace plot stayed empty, issue 79)."""
LOGLIK_START = 20
"""The log-likelihood's iteration axis ends here at least."""
TRACE_SHARE = 2
"""The trace plots' share of the sampler's width against the densities' 1 (the traces, which
show whether the chains mix, had the narrower plots: 161 px against 277 of a 540 px tab)."""


def axis_end(n: float, least: float) -> float:
    """The end of a live axis that shows ``n`` (iterations, draws): the next of
    :data:`AXIS_ENDS` (times a power of ten) at or above ``n`` and ``least``."""
    n = max(n, least)
    scale = 10.0 ** math.floor(math.log10(n))
    return next(scale * step for step in (*AXIS_ENDS, 10.0) if scale * step >= n * (1 - 1e-9))


def trace_axis_end(n: int, total: int = 0) -> float:
    """The end of a live trace's draw axis for ``n`` draws so far (:func:`axis_end`, from
    :data:`TRACE_START`), at most the run's ``total`` (0: not known yet) once the draws reach
    it."""
    end = axis_end(n, TRACE_START)
    return float(min(end, max(total, n))) if total else end
LOGLIK_TITLE = N_("Log-likelihood by iteration, every start (live)")
# Translators: axis titles of the Progress tab's live plots.
AXES = {"iteration": N_("iteration"), "log-likelihood": N_("log-likelihood"), "draw": N_("draw"),
        "density": N_("density")}
# Translators: a stage of a running fit, as the Progress tab's status line names it ("Running:
# sampling 400 of 2000").
STAGES = (NC_("fit stage", "warm-up"), NC_("fit stage", "sampling"),
          NC_("fit stage", "more draws, until every parameter has 1000 effective draws"),
          NC_("fit stage", "grid"), NC_("fit stage", "exact posterior"),
          NC_("fit stage", "each rater on their own ratings (no pooling)"),
          NC_("fit stage", "simulated studies"), NC_("fit stage", "target search"),
          NC_("fit stage", "coefficients"), NC_("fit stage", "cut point"),
          NC_("fit stage", "intervals"), NC_("fit stage", "bootstrap"),
          NC_("fit stage", "calibrating the verdict by simulation"),
          NC_("fit stage", "simulated panels"), NC_("fit stage", "judging the raters together"))
"""The stages the engine reports (its English names), for the catalog; shown in the language
of the window (:func:`stage_words`). A bootstrap of one model is "bootstrap" and the model's
name ("bootstrap tap")."""


def stage_words(stage: str) -> str:
    """A stage of a running fit in the current language (an unknown one as the engine names it)."""
    head, _space, model = stage.partition(" ")
    if head == "bootstrap" and model and " " not in model:       # "bootstrap tap-a0a1"
        return f"{pgettext('fit stage', head)} {model}"
    return pgettext("fit stage", stage)


PROBABILITY_TICKS = [(0.0, "0"), (0.5, "0.5"), (1.0, "1")]
"""The live traces' value ticks (every sampled quantity is a probability in [0, 1])."""


def _count(n: int) -> str:
    """A count as the status line writes it: English as it always did ("4000"), another
    language by its own rules ("4.000")."""
    return str(n) if is_source() else formats.integer(n)


def running_stage(stage: str, done: int, total: int) -> str:
    """The status line of a counted stage: "Running: sampling (400 of 2000)" (the count in
    brackets: a stage's own words may end in a number, "1000 effective draws")."""
    # Translators: the Progress tab's status line: {stage} is a stage's name ("sampling"),
    # {done} and {total} counts.
    return _("Running: {stage} ({done} of {total})").format(
        stage=stage_words(stage), done=_count(done), total=_count(total))


class Series:
    """A trace that grows draw by draw, kept in a numpy array (doubled when full): a list of
    100,000 Python floats took 20 ms to turn into an array at every redraw (issue 26)."""

    def __init__(self) -> None:
        self._data = np.empty(1024)
        self._n = 0

    def __len__(self) -> int:
        return self._n

    def extend(self, values: np.ndarray) -> None:
        need = self._n + len(values)
        if need > len(self._data):
            grown = np.empty(max(need, 2 * len(self._data)))
            grown[:self._n] = self._data[:self._n]
            self._data = grown
        self._data[self._n:need] = values
        self._n = need

    @property
    def values(self) -> np.ndarray:
        return self._data[:self._n]


def bin_counts(values: np.ndarray, bins: int = DENSITY_BINS) -> np.ndarray:
    """Counts of ``values`` in ``bins`` equal bins over [0, 1] (1 in the last; outside: none),
    as ``np.histogram(values, bins, range=(0, 1))`` counts them."""
    inside = values[(values >= 0) & (values <= 1)]
    return np.bincount(np.minimum((inside * bins).astype(int), bins - 1), minlength=bins)


def new_curve(plot: pg.PlotItem, **style) -> pg.PlotCurveItem:
    """A bare curve on ``plot``: PlotItem.plot() makes a PlotDataItem, which wraps a curve and a
    scatter item and costs 2-3 times as much to create (24 at once, as an ordinal fit's starts
    arrive, stalled the GUI thread for 80 ms)."""
    curve = pg.PlotCurveItem(**style)
    plot.addItem(curve)
    return curve


def cache_axes(plot: pg.PlotItem) -> None:
    """Keep each axis (labels, ticks and its grid lines) as a pixmap, redrawn only when it changes.

    The grid lines of an axis span the whole plot, so every new point of a
    live curve repainted all the axes, re-playing their text and lines: the
    largest part of the GUI thread's work while a fit runs (issue 15).
    """
    for side in ("left", "bottom", "top", "right"):
        plot.getAxis(side).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


class LiveProgress(QWidget):
    """The Progress tab: status line, progress bar, and two live plots."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.status = QLabel(_("No fit running."))
        say(self.status, "setAccessibleName", N_("Fit progress"))
        # fixed size: a changing text must not re-lay out (and repaint) the plots below; two
        # lines, wrapped: a long stage ("more draws, until every parameter has 1000 effective
        # draws (3625 of 3625), about 2 s left") was cut at its count in a 1280 x 800 window
        self.status.setWordWrap(True)
        self.status.setFixedHeight(2 * self.status.fontMetrics().lineSpacing() + 8)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        layout.addWidget(self.status)
        self.bar = QProgressBar()
        say(self.bar, "setAccessibleName", N_("Fit progress bar"))
        self.bar.setFixedHeight(self.bar.sizeHint().height())
        layout.addWidget(self.bar)
        self.loglik = new_plot(_(LOGLIK_TITLE), _(AXES["iteration"]), _(AXES["log-likelihood"]))
        use_readable_axis(self.loglik.getPlotItem())
        cache_axes(self.loglik.getPlotItem())
        layout.addWidget(self.loglik, 1)
        self.sampler = new_layout()
        self._trace_plots: list = []
        self._density_plots: list = []
        self._prepare_sampler(3)                 # the common case, built now rather than mid-fit
        say(self.sampler, "setAccessibleName", N_("Plot: sampler draws so far (live)"))
        say(self.sampler, "setAccessibleDescription", N_("For each parameter, its draws by "
                                                         "iteration, one line per chain, and "
                                                         "their density so far"))
        self.sampler.setMinimumHeight(220)
        layout.addWidget(self.sampler, 1)
        self.sampler.setVisible(False)
        self.timer = QTimer(self)
        self.timer.setInterval(int(1000 / REDRAW_HZ))
        self.timer.timeout.connect(self.redraw)
        self.redraws = 0
        # curves, axis titles and ranges live from fit to fit: making and laying them out again
        # at the first redraw of each fit was the longest stall of the GUI thread (issue 15)
        self._curves: dict[int, pg.PlotDataItem] = {}
        self._trace_curves: dict[tuple[int, int], pg.PlotDataItem] = {}
        self._density_curves: dict[int, pg.PlotDataItem] = {}
        self._styled: dict[int, str] = {}                      # row: the words its axes show
        self._named: Callable[[str], str] = parameter_words
        """A sampled parameter's key ("t[4]") in words, as the running fit's result will name it
        ("Truly gold" in a model of several categories: :meth:`begin`)."""
        self._ranges: dict[int, tuple[float, float]] = {}      # row: (trace x end, density top)
        view = self.loglik.getPlotItem().getViewBox()
        view.disableAutoRange()
        view.setRange(xRange=(0, LOGLIK_START), yRange=(-1, 0), padding=0)   # until iterations come
        self.reset()

    def reset(self) -> None:
        self._iters: dict[int, list[tuple[int, float]]] = defaultdict(list)
        self._draws: dict[tuple[int, int], Series] = defaultdict(Series)   # (chain, param)
        self._kept: dict[int, np.ndarray] = defaultdict(lambda: np.zeros(DENSITY_BINS, int))
        """param: counts of the kept draws (warm-up left out) in the density's bins."""
        self._names: tuple[str, ...] = ()
        self._dirty = False
        self._n_starts = 0
        self._starts_seen: set[int] = set()
        self._starts_done: set[int] = set()
        self._progress: tuple[int, int, str | None, str] | None = None
        """(done, total, status text, stage); total 0: busy, no count."""
        self.time_left = TimeLeft()
        self._sampler_total = 0
        self._trace_top = TRACE_START
        self._density_top: dict[int, float] = {}
        for curve in (*self._curves.values(), *self._trace_curves.values(),
                      *self._density_curves.values()):
            curve.clear()
        self._sampler_ready = False
        self.sampler.setVisible(False)               # hide first: one re-layout, not two
        self.loglik.setVisible(True)
        self.bar.setRange(0, 1)
        self.bar.setValue(0)

    # -------------------------------------------------------------- control
    def begin(self, description: str, named: Callable[[str], str] | None = None) -> None:
        """A fit starts (``description`` says which); ``named`` words its parameters' keys as
        its result will (:func:`tapdesk.engine.results.estimate_words_for`; a model of several
        categories has no Class 1: "t[4]" is "Truly gold", never "Truly Class 1 (4)", issue
        79), by default as a model of Class 1 does."""
        self.reset()
        self._named = named or parameter_words
        # Translators: the Progress tab's status line; {fit} describes the running fit.
        self.status.setText(_("Running: {fit}").format(fit=description))
        self.bar.setRange(0, 0)            # busy until the first countable event
        self.timer.start()

    def end(self, message: str, finished: bool = False) -> None:
        """The fit's last word (``message``); ``finished``: it ran to its end (a full bar)."""
        self.timer.stop()
        while self._dirty:                 # (setting up the sampler rows takes its own redraw)
            self.redraw()
        self.status.setText(message)
        self.bar.setRange(0, 1)
        self.bar.setValue(1 if finished else 0)

    def retranslate_texts(self) -> None:
        """The live plots' titles and axes in the language just chosen (and the idle line)."""
        style_plot(self.loglik.getPlotItem(), _(LOGLIK_TITLE), _(AXES["iteration"]),
                   _(AXES["log-likelihood"]))
        for j in self._styled:
            if j < len(self._names):
                self._style_row(j, self._names[j])
        if not self.timer.isActive() and self.bar.value() <= 0:
            self.status.setText(_("No fit running."))

    def _style_row(self, j: int, name: str) -> None:
        """Row ``j`` of the sampler's plots titled for parameter ``name`` (in words)."""
        words = self._named(name)
        style_plot(self._trace_plots[j], "", _(AXES["draw"]), words)
        # no grid of the values: its lines would bound the value axis's labels, and "0" and "1"
        # (at the plot's edges) were left out, only "0.5" shown
        self._trace_plots[j].showGrid(x=True, y=False, alpha=0.2)
        style_plot(self._density_plots[j], "", words, _(AXES["density"]))
        self._styled[j] = words

    def add_events(self, events) -> None:
        """Store a batch of progress events; the timer draws them."""
        for ev in events:
            if isinstance(ev, Iteration):
                self._iters[ev.start].append((ev.iteration, ev.log_likelihood))
                if ev.start not in self._starts_seen and self._n_starts:
                    self._starts_seen.add(ev.start)
                    self._progress = self._starts_progress()
            elif isinstance(ev, FitStarted):
                self._n_starts = ev.n_starts
                self._progress = (0, max(1, ev.n_starts), None, "starts")
            elif isinstance(ev, StartFinished):
                self._starts_seen.add(ev.start)
                self._starts_done.add(ev.start)
                if self._n_starts:
                    self._progress = self._starts_progress()
            elif isinstance(ev, StageProgress):
                self._progress = (ev.done, max(1, ev.total),
                                  running_stage(ev.stage, ev.done, ev.total), ev.stage)
                if ev.stage in ("warm-up", "sampling"):
                    self._sampler_total = max(self._sampler_total, ev.total)
            elif isinstance(ev, Draws):
                self._add_draws(ev)
        self._dirty = True

    def _starts_progress(self) -> tuple[int, int, str, str]:
        """The starting points done of those that really run; once all are done, the fit is
        being finished (intervals, checks): the bar shows work going on, not 100%."""
        total = max(self._n_starts, len(self._starts_seen))
        done = len(self._starts_done)
        if done >= total:
            # Translators: the Progress tab's status line; {total} is a count of starting points.
            return (0, 0, ngettext("Running: all {total} starting point done; finishing the fit "
                                   "(intervals and checks)...", "Running: all {total} starting "
                                   "points done; finishing the fit (intervals and checks)...",
                                   total).format(total=_count(total)), "finishing")
        # Translators: the Progress tab's status line; {done} and {total} count starting points.
        return done, total, ngettext("Running: {done} of {total} starting point done",
                                     "Running: {done} of {total} starting points done",
                                     total).format(done=_count(done),
                                                   total=_count(total)), "starts"

    def _show_progress(self) -> None:
        """Progress bar and status once per redraw: QProgressBar.setValue repaints at once."""
        if self._progress is None:
            return
        done, total, text, stage = self._progress
        if self.bar.maximum() != total:
            self.bar.setRange(0, total)
        self.bar.setValue(done)
        if text is not None:
            left = self.time_left.words(stage, done, total)
            self.status.setText(f"{text}, {left}" if left else text)
        self._progress = None


    def _add_draws(self, ev: Draws) -> None:
        """Traces show every draw; densities only the kept ones (warm-up left out)."""
        if not self._names:
            self._names = ev.names
        values = np.asarray(ev.values, dtype=float)       # (draws, parameters)
        if values.ndim != 2:
            return
        for j in range(values.shape[1]):
            self._draws[(ev.chain, j)].extend(values[:, j])
            if not ev.warmup:
                self._kept[j] += bin_counts(values[:, j])

    # --------------------------------------------------------------- redraw
    def redraw(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        self.redraws += 1
        self._show_progress()
        plot = self.loglik.getPlotItem()
        x_hi, y_lo, y_hi = 1.0, np.inf, -np.inf
        for start, points in self._iters.items():
            arr = np.asarray(points[-MAX_TRACE_POINTS:], dtype=float)
            curve = self._curves.get(start)
            if curve is None:
                curve = new_curve(plot, pen=pen(start, 1), antialias=False)
                self._curves[start] = curve
            curve.setData(arr[:, 0], arr[:, 1])
            x_hi = max(x_hi, float(arr[-1, 0]))
            tail = arr[min(len(arr) - 1, 2):, 1]      # skip the first steps from a random start
            y_lo, y_hi = min(y_lo, float(tail.min())), max(y_hi, float(tail.max()))
        if np.isfinite(y_lo):
            self._grow_range(x_hi, y_lo, y_hi)
        if self._names:
            self._redraw_sampler()

    def _grow_range(self, x_hi: float, y_lo: float, y_hi: float) -> None:
        """Change the axes only in steps (:func:`axis_end`), so they are not re-laid out at every
        redraw; the iterations fill most of the width (a shorter fit after a longer one too)."""
        view = self.loglik.getPlotItem().getViewBox()
        (x0, x1), (y0, y1) = view.viewRange()
        new_x = axis_end(x_hi, LOGLIK_START)
        span = readable_span(y_lo, y_hi)
        changed = new_x != x1
        if y_lo < y0 or y_hi > y1 or (y1 - y0) > 8 * span:
            y0, y1 = y_lo - 0.3 * span, y_hi + 0.1 * span
            changed = True
        if changed:                       # an unchanged range must not re-render the axes
            view.setRange(xRange=(0, new_x), yRange=(y0, y1), padding=0)

    def _fix_ranges(self, j: int) -> None:
        """Fixed axes for row j: every sampled quantity is a probability in [0, 1].

        Autoscaling re-lays out the axes and re-renders their tick labels at
        every redraw, which made painting the live sampler view the longest
        stall of the GUI thread during a fit. The draw axis starts short and
        grows in doublings with the draws (see :meth:`_grow_trace_range`).
        """
        self._density_top[j] = 5.0
        wanted = (self._trace_top, 5.0)
        if self._ranges.get(j) == wanted:            # as the last fit left them: nothing to redo
            return
        trace, density = self._trace_plots[j], self._density_plots[j]
        for plot in (trace, density):
            plot.disableAutoRange()
        trace.setRange(xRange=(0, wanted[0]), yRange=(0, 1), padding=0.02)
        density.setRange(xRange=(0, 1), yRange=(0, wanted[1]), padding=0.02)
        self._ranges[j] = wanted

    def _grow_trace_range(self, n: int) -> None:
        """Widen the draw axis (to the next of :data:`AXIS_ENDS`, up to the run's length) once
        the traces reach its end.

        The axis used to span the whole run from the start, so the first
        thousand draws of a 20,000-draw run filled a sliver at the left edge
        and the traces looked empty; grown in doublings, it left up to half of it empty.
        """
        if n <= self._trace_top:
            return
        top = trace_axis_end(n, self._sampler_total)
        self._trace_top = top
        for j, plot in enumerate(self._trace_plots):
            if plot.isVisible():
                plot.setXRange(0, top, padding=0.02)
                self._ranges[j] = (top, self._ranges.get(j, (0.0, 5.0))[1])

    def _grow_density_range(self, j: int, peak: float) -> None:
        """Raise a density plot's ceiling in doublings only, so its axis rarely changes."""
        top = self._density_top.get(j, 5.0)
        if peak > top:
            while top < peak:
                top *= 2
            self._density_plots[j].setYRange(0, top, padding=0.02)
            self._density_top[j] = top
            self._ranges[j] = (self._ranges.get(j, (0.0, 0.0))[0], top)

    def _prepare_sampler(self, n: int) -> None:
        """Make sure there are n rows of (trace, density) plots (creating plots is slow)."""
        while len(self._trace_plots) < n:
            j = len(self._trace_plots)
            tp = self.sampler.addPlot(row=j, col=0)
            dp = self.sampler.addPlot(row=j, col=1)
            grid = self.sampler.ci.layout
            grid.setColumnStretchFactor(0, TRACE_SHARE)
            grid.setColumnStretchFactor(1, 1)
            use_readable_axis(tp, "bottom")      # draw numbers that never run together
            for p in (tp, dp):
                p.setMenuEnabled(False)
                p.hideButtons()
                cache_axes(p)
            # every draw is a probability: three ticks stay apart however short a row gets
            # (the last row, which also holds the draw axis, is the shortest)
            tp.getAxis("left").setTicks([PROBABILITY_TICKS, []])
            self._trace_plots.append(tp)
            self._density_plots.append(dp)

    def _redraw_sampler(self) -> None:
        if not self._sampler_ready:
            self._sampler_ready = True
            shown = min(len(self._names), 4)
            self._prepare_sampler(shown)
            for j in range(len(self._trace_plots)):
                self._trace_plots[j].setVisible(j < shown)
                self._density_plots[j].setVisible(j < shown)
                if j < shown:
                    if self._styled.get(j) != self._named(self._names[j]):
                        self._style_row(j, self._names[j])
                    # fewer axes to lay out and paint (their tick labels were most of the GUI
                    # thread's work while a sampler ran): the draw axis under the last row only
                    # (the rows share it), and the densities show their shape without a scale
                    self._trace_plots[j].showAxis("bottom", j == shown - 1)
                    self._density_plots[j].showAxis("left", False)
                    self._fix_ranges(j)
            if not self._iters:           # a sampler has no EM iterations: give it the room
                self.loglik.setVisible(False)     # (hidden first: one re-layout, not two)
            self.sampler.setVisible(True)
            # the curves at the next redraw: setting up the rows and drawing into them at once
            # held the GUI thread for ~80 ms on this machine (issue 15)
            self._dirty = True
            return
        self._grow_trace_range(max((len(v) for v in self._draws.values()), default=0))
        for (chain, j), values in self._draws.items():
            if j >= 4:
                continue
            curve = self._trace_curves.get((chain, j))
            if curve is None:
                curve = new_curve(self._trace_plots[j], pen=pen(chain, 1), antialias=False)
                self._trace_curves[(chain, j)] = curve
            curve.setData(*thinned(values.values, MAX_TRACE_POINTS))
        edges = np.linspace(0, 1, DENSITY_BINS + 1)
        for j in range(min(len(self._names), 4)):
            counts = self._kept[j]
            if counts.sum() < 5:
                continue
            hist = counts * (DENSITY_BINS / counts.sum())      # a density: its area is 1
            self._grow_density_range(j, float(hist.max()))
            curve = self._density_curves.get(j)
            if curve is None:
                curve = self._density_plots[j].plot(stepMode="center", fillLevel=0,
                                                    brush=brush(0, 90), pen=pen(0, 1))
                self._density_curves[j] = curve
            curve.setData(edges, hist)
