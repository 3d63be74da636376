"""Plot titles that wrap to the plot's width on screen (issue 53: titles clipped at 1280 x 800).

pyqtgraph draws a title on one line and makes the plot at least as wide as that line: on a
narrow results pane a long title ran past the right edge, and with it everything to its right
(a heat map's colour bar and its numbers). Here each title of a plot widget is wrapped to the
width its plot has, whenever the widget is resized, and its row grows by the lines it takes.
The report's figures are laid out for paper by :mod:`tapdesk.render.figures`; this is the
screen's part only.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QTextOption
from PySide6.QtWidgets import QWidget

MARGIN = 8
"""Pixels kept free beside a wrapped title."""


def plot_items(widget: QWidget) -> list[pg.PlotItem]:
    scene = widget.scene() if isinstance(widget, pg.GraphicsView) else None
    return [] if scene is None else [i for i in scene.items() if isinstance(i, pg.PlotItem)
                                     and not isinstance(i, pg.ColorBarItem)]


def squeezed(axis: pg.AxisItem) -> bool:
    """An axis laid out narrower than its tick labels need (they are cut at its edge)."""
    return axis.isVisible() and axis.orientation in ("left", "right") \
        and axis.geometry().width() < axis.minimumWidth() - 1


def measure_labels(axis: pg.AxisItem) -> None:
    """Let a side axis take the width of its tick labels now: pyqtgraph measures them only
    while drawing, so the first layout gave "instructor12" half the room it needs."""
    if not axis.isVisible() or axis.orientation not in ("left", "right"):
        return
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        axis.generateDrawSpecs(painter)      # records the labels' widths (its _updateWidth)
    finally:
        painter.end()


def wrap_title(plot: pg.PlotItem, width: float) -> None:
    """Wrap ``plot``'s title to the ``width`` pixels the plot has less what stands beside the
    title (the axis at the left, a colour bar at the right), centred, its row as tall as the
    lines."""
    label = plot.titleLabel
    if not label.isVisible() or not label.text:
        return
    text = label.item
    text.setTextWidth(-1)
    for axis in plot.axes.values():          # as wide as their labels before they are drawn
        measure_labels(axis["item"])
    beside = _beside(plot.layout, label)
    room = max(width - beside - MARGIN, 40.0)
    if text.boundingRect().width() > room:
        text.setTextWidth(room)
    option = QTextOption(Qt.AlignmentFlag.AlignHCenter)
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    text.document().setDefaultTextOption(option)
    rect = text.boundingRect()
    label.setMinimumWidth(min(rect.width(), room))
    label.setMinimumHeight(rect.height())
    label.setMaximumHeight(rect.height())
    plot.layout.setRowFixedHeight(0, rect.height())
    label.resizeEvent(None)


def _beside(grid, label) -> float:
    """The least width of the grid's columns other than the title's (axes, a colour bar), with
    the spacing and margins: the room left for the title is the rest."""
    columns = range(grid.columnCount())
    title = next((c for c in columns if grid.itemAt(0, c) is label), -1)
    need = 0.0
    for c in columns:
        if c == title:
            continue
        items = [grid.itemAt(r, c) for r in range(grid.rowCount())]
        widths = [max(i.effectiveSizeHint(Qt.SizeHint.MinimumSize).width(), i.minimumWidth())
                  for i in items if i]
        need += max([grid.columnMinimumWidth(c), *widths]) + grid.horizontalSpacing()
    left, _, right, _ = grid.getContentsMargins()
    return need + left + right


def _legend_width(widths: list[float], columns: int) -> float:
    """The width of legend entries of ``widths`` laid ``columns`` to a row (as pyqtgraph lays
    them: row by row), each column as wide as its widest entry."""
    return sum(max(widths[c::columns]) for c in range(min(columns, len(widths))))


def fit_legends(widget: QWidget) -> None:
    """Each legend of ``widget`` in as many columns as the widget's width holds, at most the
    columns it was made with (German: three entries side by side were wider than the plots'
    pane, and the legend held every panel past the right edge)."""
    scene = widget.scene() if isinstance(widget, pg.GraphicsView) else None
    if scene is None:
        return
    for legend in [i for i in scene.items() if isinstance(i, pg.LegendItem)]:
        room = widget.width() - 2 * MARGIN - _left_axis_width(legend)
        most = getattr(legend, "most_columns", legend.columnCount)
        legend.most_columns = most
        widths = [sample.boundingRect().width() + label.boundingRect().width()
                  + 2 * legend.layout.horizontalSpacing() + 6 for sample, label in legend.items]
        if not widths:
            continue
        columns = next((n for n in range(most, 1, -1) if _legend_width(widths, n) <= room), 1)
        if columns != legend.columnCount:
            legend.setColumnCount(columns)
            legend.updateGeometry()


def _left_axis_width(legend: pg.LegendItem) -> float:
    """The width of the left axis of the plot a legend stands under (a legend in the plot's
    grid starts right of it: a legend as wide as the widget ran past its right edge)."""
    plot = legend.parentItem()
    axis = plot.getAxis("left") if isinstance(plot, pg.PlotItem) else None
    return float(axis.width()) if axis is not None and axis.isVisible() else 0.0


def wrap_titles(widget: QWidget) -> None:
    """Every title of ``widget`` wrapped to its plot's share of the width, now and on resize."""
    keeper = _TitleWrapper(widget)
    widget.installEventFilter(keeper)
    widget.title_wrapper = keeper          # kept with the widget
    keeper.wrap()


class _TitleWrapper(QObject):
    """Wraps the titles again when the widget is resized or shown, and after a paint that left
    a plot wider than the widget (pyqtgraph widens an axis to its tick labels, "instructor12",
    only when it draws them)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self.again = QTimer(self)
        self.again.setSingleShot(True)
        self.again.timeout.connect(self.wrap)
        if isinstance(widget, pg.GraphicsView):
            widget.viewport().installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if obj is self.widget and kind in (QEvent.Type.Resize, QEvent.Type.Show):
            self.wrap()
            self.again.start(0)                 # again once the scene has its new size
        elif kind == QEvent.Type.Paint and not self.again.isActive() and self._overflows():
            self.again.start(0)
        return False

    def _overflows(self) -> bool:
        """A plot wider than the widget, or an axis squeezed below the width of its labels."""
        width = self.widget.width() + 1
        return any(p.mapRectToScene(p.boundingRect()).right() > width
                   for p in plot_items(self.widget)) or any(
            squeezed(i) for i in self.widget.scene().items() if isinstance(i, pg.AxisItem))

    def wrap(self) -> None:
        plots = plot_items(self.widget)
        if not plots:
            return
        fit_legends(self.widget)
        width = self.widget.width() / max(1, self._columns())
        for plot in plots:
            for _ in range(3):           # what stands beside the title is known once laid out
                wrap_title(plot, width)
                plot.layout.activate()
                if plot.geometry().width() <= width + 1:
                    break
        central = getattr(self.widget, "centralWidget", None)
        if central is not None and central.geometry().width() > self.widget.width() + 1:
            # laid out while the long title held it wide: fitted to the view again, as on a
            # resize (pyqtgraph's own resizeEvent reads nothing of its event)
            pg.GraphicsView.resizeEvent(self.widget, None)

    def _columns(self) -> int:
        """How many plots stand side by side (a grid of panels shares the width)."""
        layout = getattr(self.widget, "ci", None)
        if layout is None or not hasattr(layout, "layout"):
            return 1
        return max(1, layout.layout.columnCount())
