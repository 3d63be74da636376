"""Live progress while a fit runs: EM log-likelihood per start, sampler traces and densities.

Events arrive in batches (see :mod:`tapdesk.gui.worker`); they are stored
here and the plots are redrawn by a QTimer at most ``REDRAW_HZ`` times a
second with ``setData`` on existing curves. The timer runs only while a fit
runs.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from tapdesk.engine.events import Draws, FitStarted, Iteration, StageProgress, StartFinished
from tapdesk.gui.plots.common import brush, new_layout, new_plot, pen, style_plot

REDRAW_HZ = 20
MAX_TRACE_POINTS = 4000


class LiveProgress(QWidget):
    """The Progress tab: status line, progress bar, and two live plots."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.status = QLabel("No fit running.")
        self.status.setAccessibleName("Fit progress")
        layout.addWidget(self.status)
        self.bar = QProgressBar()
        self.bar.setAccessibleName("Fit progress bar")
        layout.addWidget(self.bar)
        self.loglik = new_plot("Log-likelihood by iteration, every start (live)", "iteration",
                               "log-likelihood (nats)")
        layout.addWidget(self.loglik, 1)
        self.sampler = new_layout()
        self.sampler.setMinimumHeight(220)
        layout.addWidget(self.sampler, 1)
        self.sampler.setVisible(False)
        self.timer = QTimer(self)
        self.timer.setInterval(int(1000 / REDRAW_HZ))
        self.timer.timeout.connect(self.redraw)
        self.redraws = 0
        self.reset()

    def reset(self) -> None:
        self._iters: dict[int, list[tuple[int, float]]] = defaultdict(list)
        self._curves: dict[int, pg.PlotDataItem] = {}
        self._draws: dict[tuple[int, int], list[float]] = defaultdict(list)   # (chain, param)
        self._names: tuple[str, ...] = ()
        self._trace_curves: dict[tuple[int, int], pg.PlotDataItem] = {}
        self._density_curves: dict[int, pg.PlotDataItem] = {}
        self._dirty = False
        self._n_starts = 0
        self._finished_starts = 0
        self.loglik.getPlotItem().clear()
        self.sampler.clear()
        self.sampler.setVisible(False)
        self.bar.setRange(0, 1)
        self.bar.setValue(0)

    # -------------------------------------------------------------- control
    def begin(self, description: str) -> None:
        self.reset()
        self.status.setText(f"Running: {description}")
        self.bar.setRange(0, 0)            # busy until the first countable event
        self.timer.start()

    def end(self, message: str) -> None:
        self.timer.stop()
        self.redraw()
        self.status.setText(message)
        self.bar.setRange(0, 1)
        self.bar.setValue(1 if "finished" in message.lower() else 0)

    def add_events(self, events) -> None:
        """Store a batch of progress events; the timer draws them."""
        for ev in events:
            if isinstance(ev, Iteration):
                self._iters[ev.start].append((ev.iteration, ev.log_likelihood))
            elif isinstance(ev, FitStarted):
                self._n_starts = ev.n_starts
                self.bar.setRange(0, max(1, ev.n_starts))
            elif isinstance(ev, StartFinished):
                self._finished_starts += 1
                if self._n_starts:
                    self.bar.setValue(min(self._finished_starts, self._n_starts))
            elif isinstance(ev, StageProgress):
                self.bar.setRange(0, max(1, ev.total))
                self.bar.setValue(ev.done)
                self.status.setText(f"Running: {ev.stage} {ev.done} of {ev.total}")
            elif isinstance(ev, Draws):
                self._add_draws(ev)
        self._dirty = True

    def _add_draws(self, ev: Draws) -> None:
        if not self._names:
            self._names = ev.names
        for draw in ev.values:
            for j, v in enumerate(draw):
                self._draws[(ev.chain, j)].append(v)

    # --------------------------------------------------------------- redraw
    def redraw(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        self.redraws += 1
        plot = self.loglik.getPlotItem()
        for start, points in self._iters.items():
            arr = np.asarray(points[-MAX_TRACE_POINTS:], dtype=float)
            curve = self._curves.get(start)
            if curve is None:
                curve = plot.plot(pen=pen(start, 1.5))
                self._curves[start] = curve
            curve.setData(arr[:, 0], arr[:, 1])
        if self._names:
            self._redraw_sampler()

    def _redraw_sampler(self) -> None:
        if not self.sampler.isVisible():
            self.sampler.setVisible(True)
            self._trace_plots, self._density_plots = [], []
            for j, name in enumerate(self._names):
                tp = self.sampler.addPlot(row=j, col=0)
                style_plot(tp, "", "draw", name)
                dp = self.sampler.addPlot(row=j, col=1)
                style_plot(dp, "", name, "density")
                self._trace_plots.append(tp)
                self._density_plots.append(dp)
        for (chain, j), values in self._draws.items():
            curve = self._trace_curves.get((chain, j))
            if curve is None:
                curve = self._trace_plots[j].plot(pen=pen(chain, 1))
                self._trace_curves[(chain, j)] = curve
            tail = np.asarray(values[-MAX_TRACE_POINTS:])
            curve.setData(np.arange(len(values) - len(tail), len(values)), tail)
        for j in range(len(self._names)):
            pooled = np.concatenate([np.asarray(v) for (c, jj), v in self._draws.items() if jj == j])
            if len(pooled) < 5:
                continue
            hist, edges = np.histogram(pooled, bins=40, range=(0, 1), density=True)
            curve = self._density_curves.get(j)
            if curve is None:
                curve = self._density_plots[j].plot(stepMode="center", fillLevel=0,
                                                    brush=brush(0, 90), pen=pen(0, 1))
                self._density_curves[j] = curve
            curve.setData(edges, hist)
