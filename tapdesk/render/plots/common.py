"""Shared plot set-up (palette-aware colours, fonts) and PNG/SVG export."""

from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QGuiApplication, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from tapdesk.i18n import formats

# Colour-blind-safe series colours (Okabe & Ito 2008).
SERIES = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")


def is_dark() -> bool:
    app = QGuiApplication.instance()
    if app is None:
        return False
    pal = app.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def series_colour(i: int) -> str:
    colour = SERIES[i % len(SERIES)]
    if colour == "#000000" and is_dark():
        return "#DDDDDD"
    return colour


def palette_colours() -> tuple[QColor, QColor]:
    """(background, foreground) from the application palette."""
    app = QGuiApplication.instance()
    pal = app.palette() if app is not None else QPalette()
    return pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)


def style_plot(plot: pg.PlotItem, title: str, x: str, y: str) -> None:
    _bg, fg = palette_colours()
    plot.setTitle(title, color=fg.name(), size="11pt")
    for side, text in (("bottom", x), ("left", y)):
        axis = plot.getAxis(side)
        axis.setLabel(text, color=fg.name())
        axis.setPen(pg.mkPen(fg))
        axis.setTextPen(pg.mkPen(fg))
        axis.enableAutoSIPrefix(False)          # probabilities read as 0.3, not "300 (x0.001)"
        local_tick_numbers(axis)
    plot.showGrid(x=True, y=True, alpha=0.2)


def local_tick_numbers(axis: pg.AxisItem) -> None:
    """An axis's numbers as every number the report writes: the language's decimal mark ("0,5"
    in German) and a real minus sign ("\u22120,8", "\u22120.8" in English too), none on a tick
    that rounds to zero. The library chooses the ticks and their decimals; only the marks it
    writes change."""
    written = axis.tickStrings

    def tick_strings(values, scale, spacing):
        mark = formats.decimal(0.5, 1)[1]         # "0.5", "0,5": the mark between the digits
        return [formats.signed(text.replace(".", mark)) for text in written(values, scale, spacing)]
    axis.tickStrings = tick_strings


def spaced_levels(levels: list[tuple[float, float]], span: float, room: int
                  ) -> list[tuple[float, float]]:
    """The tick levels of an axis (pyqtgraph's ``(spacing, offset)``, widest first) that put at
    most ``room`` labels over ``span``; when even the widest puts more, that spacing doubled
    until they fit. pyqtgraph spaces ticks by the axis's length alone, so a narrow trace plot's
    draws ran together ("20000400006000080000"), and a short panel's values stood on top of
    each other ("0.4" over "0.3")."""
    room = max(room, 1)
    kept = [(spacing, offset) for spacing, offset in levels if spacing > 0 and span / spacing <= room]
    if kept or not levels:
        return kept
    spacing = levels[0][0]
    while spacing > 0 and span / spacing > room:
        spacing *= 2
    return [(spacing, 0.0)]


LINE_GAP = 2
"""Pixels kept free between two tick labels one above the other."""


def labels_apart(axis: pg.AxisItem) -> None:
    """A vertical axis's tick labels never on top of each other: of the ticks the library
    picks, only the levels whose ticks stand a line of text apart keep their values; where none
    does (a panel too short for two), the one tick nearest the middle. pyqtgraph writes every
    value of its first level, however close: on a trace panel about 40 px high (nine stacked on
    the Plots tab, issue 79) "0.4" stood over "0.3"."""
    chosen = axis.tickValues

    def tick_values(minVal, maxVal, size):  # noqa: N803 - pyqtgraph's names
        levels = chosen(minVal, maxVal, size)
        if axis.orientation not in ("left", "right") or not levels or maxVal <= minVal:
            return levels
        font = axis.style.get("tickFont") or axis.font()
        line = QFontMetrics(font).height() + LINE_GAP
        per_unit = size / (maxVal - minVal)
        kept = [(spacing, values) for spacing, values in levels if spacing * per_unit >= line]
        if kept:
            return kept
        spacing, values = levels[0]
        if not len(values):
            return levels[:1]
        middle = (minVal + maxVal) / 2
        return [(spacing, [min(values, key=lambda v: abs(v - middle))])]
    axis.tickValues = tick_values


def new_plot(title: str, x: str, y: str) -> pg.PlotWidget:
    """A PlotWidget with the palette's colours, a title and axis labels. The plotting
    library's own right-click menu (axis controls, its export dialog: an engineer's) is off;
    the app's Plots tab gives one in plain words."""
    bg, _fg = palette_colours()
    widget = pg.PlotWidget(background=bg, enableMenu=False)
    style_plot(widget.getPlotItem(), title, x, y)
    widget.setMinimumSize(320, 220)
    return widget


def remember_view(widget: QWidget) -> None:
    """Remember every panel's range as built, for :func:`reset_view` (called once the plot is
    built; panels that follow their data keep doing so)."""
    widget.home_views = [(vb, vb.targetRange(), list(vb.state["autoRange"]))
                         for vb in _view_boxes(widget)]


def reset_view(widget: QWidget) -> None:
    """Every panel of ``widget`` back to its range as built (undoes zooming and panning)."""
    for vb, (x, y), auto in getattr(widget, "home_views", ()):
        vb.setRange(xRange=x, yRange=y, padding=0)
        vb.enableAutoRange(x=auto[0], y=auto[1])


def _view_boxes(widget: QWidget) -> list[pg.ViewBox]:
    scene = widget.scene() if isinstance(widget, pg.GraphicsView) else None
    return [] if scene is None else [i for i in scene.items() if isinstance(i, pg.ViewBox)]


def new_layout() -> pg.GraphicsLayoutWidget:
    bg, _fg = palette_colours()
    widget = pg.GraphicsLayoutWidget()
    widget.setBackground(bg)
    return widget


def pen(i: int, width: float = 2.0, **kw):
    return pg.mkPen(series_colour(i), width=width, **kw)


def brush(i: int, alpha: int = 255):
    colour = QColor(series_colour(i))
    colour.setAlpha(alpha)
    return pg.mkBrush(colour)


def add_legend(plot: pg.PlotItem) -> pg.LegendItem:
    _, fg = palette_colours()
    legend = plot.addLegend(offset=(-10, 10), labelTextColor=fg.name())
    return legend


LEGEND_ROW = 4
"""The plot's grid row under its bottom axis (rows 0 to 3 hold the title, the top axis, the data
and the bottom axis)."""


def legend_below(plot: pg.PlotItem, columns: int = 3) -> pg.LegendItem:
    """A legend in a row of the plot's own grid under its bottom axis, outside the area the data
    are drawn in, so it covers none of them (the caterpillar plot's, at the top left, hid the
    intervals of a thousand raters there, issue 54). Items added to the plot with a name join
    it, as with :func:`add_legend`; it lays its entries ``columns`` to a row (fewer where the
    plot is narrow: :func:`tapdesk.gui.plots.titles.fit_legends`)."""
    _, fg = palette_colours()
    legend = pg.LegendItem(labelTextColor=fg.name(), colCount=columns)
    legend.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)   # its entries' width
    plot.layout.addItem(legend, LEGEND_ROW, 1, 1, 1, Qt.AlignmentFlag.AlignHCenter)
    plot.legend = legend
    return legend


def _as_widget(obj) -> QWidget | None:
    return obj if isinstance(obj, QWidget) else None


def export_png(widget_or_item, path: str | Path, width: int = 1200, height: int = 800) -> Path:
    """Render a plot to a PNG of ``width`` x ``height`` pixels; returns the path.

    Widgets are resized offscreen and grabbed (works without a display);
    a bare PlotItem goes through pyqtgraph's ImageExporter.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    widget = _as_widget(widget_or_item)
    if widget is not None:
        old = widget.size()
        widget.resize(QSize(width, height))
        pixmap = widget.grab()
        if not pixmap.save(str(path), "PNG"):
            raise OSError(f"could not write {path}")
        widget.resize(old)
        return path
    from pyqtgraph.exporters import ImageExporter
    exporter = ImageExporter(widget_or_item)
    exporter.parameters()["width"] = width
    exporter.export(str(path))
    return path


def export_svg(widget_or_item, path: str | Path) -> Path:
    """Write a plot as SVG (pyqtgraph's SVGExporter); returns the path."""
    from pyqtgraph.exporters import SVGExporter
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    item = widget_or_item
    if isinstance(item, pg.PlotWidget):
        item = item.getPlotItem()
    elif isinstance(item, pg.GraphicsLayoutWidget):
        item = item.scene()
    SVGExporter(item).export(str(path))
    return path
