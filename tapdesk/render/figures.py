"""The report's plots, drawn for print: legible at the printed size, on white, in plain words.

A figure is laid out as a widget of exactly its printed size in logical
pixels (the screen's logical DPI turns millimetres into pixels), styled for
print (white background, dark text of at least :data:`MIN_PT` points, the
colour bar labelled, titles without screen-only hints) and rendered at
:data:`SUPERSAMPLE` times that size, so a 9 pt label in the widget prints as
9 pt on paper, sharply. The same styling serves the PNG files of
``tapdesk report --png-dir``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapdesk.i18n import _
from tapdesk.report.context import ReportInputs
from tapdesk.report.document import Figure, ReportDocument
from tapdesk.report.file_names import figure_file

if TYPE_CHECKING:
    from tapdesk.render.layout import PlotPicture

MIN_PT = 8.0
TICK_PT = 8.5
LABEL_PT = 9.0
TITLE_PT = 9.5
SUPERSAMPLE = 3
LAYOUT_PASSES = 1
"""Renderings before the kept one: axes settle their size on painting. One is enough (every
kind of figure came out pixel for pixel the same after one as after two); none is not."""
INK = "#1d2329"
FIGURE_WIDTH = 0.9          # share of the text width a figure takes
MAX_HEIGHT = 0.55           # share of the page body a figure may take
MAX_STACKED = 0.85
"""The share a figure of panels stacked one above another (MCMC traces) may take: nine traces
in 0.55 of the page were flat lines under their names run together (issue 53)."""

ASPECT = {"fit-distribution": 0.55, "convergence": 0.5, "rater-accuracy": 0.5,
          "cut-points": 0.55, "pairwise-heatmap": 0.78, "category-pairs": 0.78}
TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class PrintSize:
    """A figure's printed size in millimetres."""

    width_mm: float
    height_mm: float


def figure_size(figure: Figure, inputs: ReportInputs, width_mm: float,
                body_mm: float) -> PrintSize:
    """How big a figure prints: a share of the text width, height by kind, capped by the page."""
    width = width_mm * FIGURE_WIDTH
    aspect = ASPECT.get(figure.kind, 0.55)
    analysis = inputs.analyses()[figure.source]
    post = getattr(analysis.result, "posterior", None)
    panels = len(getattr(post, "marginals", ()) or getattr(post, "draw_names", ()) or ()) or 1
    if figure.kind == "posterior":
        cols = 3 if panels > 4 else 2 if panels > 1 else 1
        aspect = 0.1 + 0.3 * math.ceil(min(panels, 9) / cols) * (3 / cols if cols < 3 else 1)
        aspect = min(aspect, 1.0)
    elif figure.kind == "traces":
        aspect = 0.08 + 0.24 * min(panels, 9)
    most = MAX_STACKED if figure.kind == "traces" else MAX_HEIGHT
    height = min(width * aspect, body_mm * most)
    return PrintSize(width, height)


# ------------------------------------------------------------------ building
def build_plot(plots: Any, figure: Figure | str, inputs: ReportInputs):
    """One plot widget for a figure, or None when its builder is missing or has nothing."""
    if isinstance(figure, str):
        figure = Figure(figure, "")
    if figure.kind == "plan-widths":
        return plots.plan_width_plot(getattr(inputs, "plan", None))
    analysis = inputs.analyses()[figure.source]
    res, table = analysis.result, analysis.table
    kind = figure.kind
    if kind == "fit-distribution":
        return plots.distribution_plot(res, table)
    if kind == "posterior":
        return plots.posterior_plot(res)
    if kind == "traces":
        return plots.trace_plot(res)
    if kind == "convergence":
        return _convergence(plots, res)
    if kind == "rater-accuracy":
        return plots.rater_accuracy_plot(res)
    if kind == "cut-points":
        return plots.cutpoint_plot([res])
    if kind == "category-pairs":
        from tapdesk.engine.analyses import PAIRS_TABLE
        rows = next((t.rows for t in res.tables if t.title == PAIRS_TABLE), ())
        return plots.category_pair_heatmap(res.categories, rows,
                                           labels=[res.label(c) for c in res.categories])
    if kind.startswith("explain-"):
        return plots.explain_plot(kind, res, table)
    if kind == "pairwise-heatmap" and table is not None:
        if res.class_choice is not None:
            return plots.agreement_heatmap(table, choice=res.class_choice)
        from tapdesk.engine.coefficients import agreement_coefficients
        return plots.agreement_heatmap(table, pairwise=agreement_coefficients(
            table, bootstrap=0).pairwise_cohen)
    return None


def _convergence(plots: Any, res: Any):
    """The convergence plot, zoomed to the iterations where the fits still move."""
    widget = plots.convergence_plot(res)
    if widget is None:
        return None
    import numpy as np

    from tapdesk.report.analysis import shown_iterations
    widget.setLogMode(x=False, y=False)
    widget.getAxis("bottom").setTicks(None)    # the screen's decade ticks (at 0, 1, 2, 3 on a
    #                                            log axis) were "1 10 100 1,000" run together here
    widget.setXRange(1, shown_iterations(res.traces), padding=0.02)
    traces = [np.asarray(t, float) for t in res.traces if len(t) > 1]
    if traces:        # from the second iteration up: one poor first guess would flatten the rest
        best = max(float(t[-1]) for t in traces)
        low = min(float(t[1]) for t in traces)
        span = max(best - low, 1e-6)
        widget.setYRange(low - 0.05 * span, best + 0.05 * span, padding=0)
    # Translators: the convergence plot's vertical axis in the report.
    widget.getPlotItem().setLabel("left", _("log-likelihood (higher fits better)"))
    return widget


# ------------------------------------------------------------------- styling
def _font(points: float):
    from PySide6.QtGui import QFont

    from tapdesk.report import fonts
    font = QFont(fonts.FAMILY)
    font.setPointSizeF(points)
    return font


def plain_title(text: str) -> str:
    """The first line of a plot title, without markup (the caption carries the rest)."""
    return TAG.sub("", text.split("<br>")[0]).strip()


def style_for_print(widget: Any, titles: bool = True) -> None:
    """White background, dark text of at least :data:`MIN_PT` points, no screen-only hints.

    ``titles`` False hides the plots' titles (in the PDF the caption says what a plot shows).
    """
    import pyqtgraph as pg
    widget.setBackground("w")
    pen, text_pen = pg.mkPen(INK), pg.mkPen(INK)
    scene = widget.scene()
    for item in scene.items():
        if isinstance(item, pg.AxisItem):
            item.setPen(pen)
            item.setTextPen(text_pen)
            item.setStyle(tickFont=_font(TICK_PT), tickTextOffset=4)
            if item.labelText:
                item.setLabel(item.labelText, item.labelUnits or None,
                              **{"color": INK, "font-size": f"{LABEL_PT}pt"})
        elif isinstance(item, pg.LegendItem):
            item.setLabelTextColor(INK)
            item.setLabelTextSize(f"{LABEL_PT}pt")
        elif isinstance(item, pg.TextItem):
            item.setFont(_font(LABEL_PT))
    for plot in [i for i in scene.items() if isinstance(i, pg.PlotItem)]:
        if titles:
            _title(plot)
        elif plot.titleLabel.text:
            plot.titleLabel.setText("")        # a hidden title still claims its width
            plot.setTitle(None)
        if not isinstance(plot, pg.ColorBarItem):
            plot.layout.setContentsMargins(2, 8, 8, 2)   # room for the outermost tick labels
        _legend_above(plot)
    _mark_blank_cells(widget)
    _drawn_as_shapes(widget)
    bar = getattr(widget, "colour_bar", None)
    if bar is not None:
        bar.axis.setLabel(getattr(widget, "value_name", "") or "value",
                          **{"color": INK, "font-size": f"{LABEL_PT}pt"})
        bar.axis.setWidth(None)


def _drawn_as_shapes(widget: Any) -> None:
    """Markers drawn as shapes at the output's resolution, and the background as a fill.

    On screen, pyqtgraph copies each marker from a bitmap drawn at the screen's pixels and
    caches the view's background as a bitmap; in print both would be screen-resolution
    images (blurred when a PDF is zoomed, or scaled up in a supersampled PNG).
    """
    import pyqtgraph as pg
    if hasattr(widget, "setCacheMode"):
        widget.setCacheMode(pg.QtWidgets.QGraphicsView.CacheModeFlag.CacheNone)
    for item in widget.scene().items():
        if isinstance(item, (pg.ScatterPlotItem, pg.PlotDataItem)):
            item.opts["useCache"] = False      # a PlotDataItem hands its own to its markers


def _title(plot: Any) -> None:
    label = plot.titleLabel
    text = plain_title(label.text or "")
    if not text or not label.isVisible():
        return
    label.setText(text, color=INK, size=f"{TITLE_PT}pt")
    height = TITLE_PT * 2.6
    label.setMaximumHeight(height)
    plot.layout.setRowFixedHeight(0, height)


def _legend_above(plot: Any) -> None:
    """Move a legend from inside the plot (where it can hide data) to one row above it."""
    legend = getattr(plot, "legend", None)
    if legend is None or not legend.items:
        return
    for i in range(plot.layout.count()):        # a legend in its own column beside the data
        if plot.layout.itemAt(i) is legend:      # (the plan's) leaves it: the data get the width
            plot.layout.removeAt(i)
            break
    legend.setColumnCount(len(legend.items))
    top = TITLE_PT * 2.6 if plot.titleLabel.isVisible() else 0.0
    height = legend.boundingRect().height()
    plot.layout.setRowFixedHeight(1, height + 2)      # the (hidden) top axis row makes room
    legend.setParentItem(plot)
    legend.anchor(itemPos=(1, 0), parentPos=(1, 0), offset=(-10, top))


WORDS_IN_CELLS = 6
"""Up to this many raters a heatmap's blank cells say why in words; at 12 a printed cell is
half as wide as "none shared" (the words ran over their neighbours), and the caption says what
blank cells are anyway."""
BLANK_WORDS = (("negative", "\u03ba < 0"), ("no subject", "none shared"), ("undefined", "undefined"))


def _mark_blank_cells(widget: Any) -> None:
    """Say in a heatmap's blank off-diagonal cells why they are blank (print has no hovering)."""
    import numpy as np
    import pyqtgraph as pg
    matrix, notes = getattr(widget, "matrix", None), getattr(widget, "cell_notes", None)
    if matrix is None or notes is None or len(matrix) > WORDS_IN_CELLS:
        return
    for (i, j), note in notes.items():
        if i == j or np.isfinite(matrix[i, j]):
            continue
        word = next((w for key, w in BLANK_WORDS if key in note), "")
        if word:
            text = pg.TextItem(word, color=INK, anchor=(0.5, 0.5))
            text.setFont(_font(LABEL_PT))
            text.setPos(j + 0.5, i + 0.5)
            widget.addItem(text)


def text_sizes(widget: Any) -> list[tuple[str, float]]:
    """(what, point size) of every text a print-styled plot draws (for legibility checks)."""
    import pyqtgraph as pg
    found: list[tuple[str, float]] = []
    for item in widget.scene().items():
        if isinstance(item, pg.AxisItem) and item.isVisible():
            font = item.style.get("tickFont")
            found.append(("tick labels", font.pointSizeF() if font is not None else -1.0))
            if item.label.isVisible() and item.labelText:
                found.append((f"axis label '{item.labelText}'", _html_points(item.label)))
        elif isinstance(item, pg.LabelItem) and item.isVisible() and item.text:
            found.append((f"label '{TAG.sub('', item.text)[:30]}'", _html_points(item.item)))
        elif isinstance(item, pg.TextItem):
            found.append(("value in a cell", item.textItem.font().pointSizeF()))
    return found


def _html_points(text_item: Any) -> float:
    """Point size of a QGraphicsTextItem, reading the font-size its HTML sets."""
    sizes = re.findall(r"font-size:\s*([\d.]+)pt", text_item.toHtml())
    return min(float(s) for s in sizes) if sizes else text_item.font().pointSizeF()


# ----------------------------------------------------------------- rendering
def logical_dpi() -> float:
    from PySide6.QtGui import QGuiApplication
    screen = QGuiApplication.primaryScreen()
    return float(screen.logicalDotsPerInch()) if screen is not None else 96.0


def render_widget(widget: Any, width_px: int, height_px: int, scale: float = SUPERSAMPLE):
    """The widget laid out at ``width_px`` x ``height_px`` logical pixels, as a QImage
    ``scale`` times that size (text and lines drawn at the higher resolution)."""
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QWidget
    settle_layout(widget, width_px, height_px, scale)
    image = QImage(round(width_px * scale), round(height_px * scale), QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(scale)
    image.fill(0xFFFFFFFF)
    # Opaque (RGB32): a plot on white has no transparency, and the PDF writer encodes an
    # opaque image without looking for any (a quarter quicker per figure).
    # QWidget.render (not QGraphicsView.render, which draws the scene only) honours the
    # image's device pixel ratio.
    QWidget.render(widget, image)
    image.setDevicePixelRatio(1.0)
    return image


def record_widget(widget: Any, width_px: int, height_px: int) -> PlotPicture:
    """The widget laid out at ``width_px`` x ``height_px`` logical pixels, recorded as
    drawing commands (vector lines and text, which a PDF keeps sharp at any zoom).

    The layout settles as for :func:`render_widget` at :data:`SUPERSAMPLE` times the pixels
    (the PDF's 300 dpi is near that), so both measure the text alike.
    """
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPainter, QPicture
    from PySide6.QtWidgets import QWidget

    from tapdesk.render.layout import PlotPicture
    settle_layout(widget, width_px, height_px, SUPERSAMPLE)
    picture = QPicture()
    painter = QPainter(picture)
    try:
        QWidget.render(widget, painter, QPoint(0, 0))
    finally:
        painter.end()
    return PlotPicture(picture, width_px, height_px)


def settle_layout(widget: Any, width_px: int, height_px: int, scale: float) -> None:
    """Size the widget to ``width_px`` x ``height_px`` and let its layout settle.

    QWidget.render delivers the pending resize to a hidden widget. Axes learn the height of
    their (print-sized) tick labels while painting, so a first rendering settles the layout
    and the next one is kept. The layout passes paint into a one-pixel image (what they
    learn is measured, not drawn) without the plot curves (a long antialiased line at print
    width, an MCMC trace, takes about 0.1 s to draw, and what the layout passes learn does
    not depend on it).
    """
    from PySide6.QtCore import QCoreApplication, QSize
    from PySide6.QtWidgets import QWidget
    widget.setMinimumSize(0, 0)
    widget.resize(QSize(width_px, height_px))
    probe = layout_probe(scale)
    with curves_unpainted(widget):
        for _pass in range(LAYOUT_PASSES):
            QWidget.render(widget, probe)
            QCoreApplication.sendPostedEvents()
            _fit_legends(widget)


def _fit_legends(widget: Any) -> None:
    """A legend moved above its plot (:func:`_legend_above`) wider than the plot wraps onto
    more rows, fewest first (one row of long entries ran off the plot's left edge)."""
    import pyqtgraph as pg
    for plot in [i for i in widget.scene().items() if isinstance(i, pg.PlotItem)]:
        legend = getattr(plot, "legend", None)
        if legend is None or not legend.items or legend.parentItem() is not plot:
            continue
        room = plot.boundingRect().width() - 20
        columns = legend.columnCount
        while columns > 1 and legend.boundingRect().width() > room:
            columns -= 1
            legend.setColumnCount(columns)
        plot.layout.setRowFixedHeight(1, legend.boundingRect().height() + 2)


def layout_probe(scale: float):
    """Where the layout passes paint: one pixel at the kept image's device pixel ratio (the
    fonts, and so the measurements, are those of the kept rendering)."""
    from PySide6.QtGui import QImage
    probe = QImage(1, 1, QImage.Format.Format_RGB32)
    probe.setDevicePixelRatio(scale)
    return probe


@contextmanager
def curves_unpainted(widget: Any):
    """The widget's plot curves not painted within the block: still shown and still counted
    in their plot's range (a view's auto range reads their data bounds, not their paint)."""
    import pyqtgraph as pg
    no_contents = pg.QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    scene = widget.scene() if hasattr(widget, "scene") else None
    curves = [item for item in (scene.items() if scene is not None else ())
              if isinstance(item, pg.PlotCurveItem) and not item.flags() & no_contents]
    for curve in curves:
        curve.setFlag(no_contents, True)
    try:
        yield
    finally:
        for curve in curves:
            curve.setFlag(no_contents, False)


def thicken(widget: Any, scale: float) -> None:
    """Scale the plot's hairline (cosmetic) pens, which are device pixels wide, by ``scale``,
    so lines keep the weight they have on screen when drawn at ``scale`` times the pixels."""
    import pyqtgraph as pg
    from PySide6.QtGui import QPen

    def wider(pen: Any) -> QPen:
        pen = QPen(pg.mkPen(pen))
        pen.setWidthF(max(pen.widthF(), 1.0) * scale)
        return pen

    for item in widget.scene().items():
        if isinstance(item, pg.PlotDataItem) and item.opts.get("pen") is not None:
            item.setPen(wider(item.opts["pen"]))      # it re-applies its pen to its curve
        elif isinstance(item, pg.PlotCurveItem) and item.opts.get("pen") is not None \
                and not isinstance(item.parentItem(), pg.PlotDataItem):
            item.setPen(wider(item.opts["pen"]))
        elif isinstance(item, pg.ErrorBarItem) and item.opts.get("pen") is not None:
            item.setData(pen=wider(item.opts["pen"]))
        elif isinstance(item, pg.BarGraphItem) and item.opts.get("pen") is not None:
            item.setOpts(pen=wider(item.opts["pen"]))
        elif isinstance(item, pg.InfiniteLine):
            item.setPen(wider(item.pen))
        elif isinstance(item, pg.AxisItem):
            item.setPen(wider(item.pen()))


def dispose(widget: Any) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent
    widget.deleteLater()
    # delete the plot now, while the application lives (a widget left to the garbage
    # collector at interpreter exit can crash PySide6)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def plots_module():
    """The plot builders (:mod:`tapdesk.render.plots`, which imports pyqtgraph), or None where a
    QApplication cannot be had or they cannot be imported."""
    from tapdesk.render.page import ensure_app
    app = ensure_app()
    from PySide6.QtWidgets import QApplication
    if not isinstance(app, QApplication):
        return None                            # plots are widgets: they need a QApplication
    try:
        from tapdesk.render import plots
    except ImportError:
        return None
    return plots


Step = Callable[[str], None]
"""Called with plain words before each figure is drawn (progress; it may raise to stop)."""


def print_images(doc: ReportDocument, width_mm: float, body_mm: float,
                 step: Step | None = None) -> dict[str, Any]:
    """{figure key: (QImage, PrintSize)} for every figure a builder can draw (raster, for
    the editable formats).

    ``step`` (optional) is called before each figure with "Drawing figure 2 of 5".
    """
    return _drawn(doc, width_mm, body_mm, step, render_for_print)


def print_pictures(doc: ReportDocument, width_mm: float, body_mm: float,
                   step: Step | None = None,
                   ahead: PicturesAhead | None = None) -> dict[str, Any]:
    """{figure key: (PlotPicture, PrintSize)} for every figure a builder can draw, as
    drawing commands for the PDF (:func:`record_for_print`). ``step``: see
    :func:`print_images`; ``ahead``: figures recorded before this document was complete,
    taken where they are this document's (:class:`PicturesAhead`)."""
    return _drawn(doc, width_mm, body_mm, step, record_for_print, ahead)


def _drawn(doc: ReportDocument, width_mm: float, body_mm: float, step: Step | None,
           draw: Callable[[Any, PrintSize], Any],
           ahead: PicturesAhead | None = None) -> dict[str, Any]:
    out = {}
    for key, widget, size in built_figures(doc, width_mm, body_mm, step, ahead):
        if isinstance(widget, Recorded):
            if widget.picture is not None:
                out[key] = (widget.picture, size)
            continue
        out[key] = (draw(widget, size), size)
        dispose(widget)
    return out


def built_figures(doc: ReportDocument, width_mm: float, body_mm: float,
                  step: Step | None = None,
                  ahead: PicturesAhead | None = None) -> Iterator[tuple[str, Any, PrintSize]]:
    """(figure key, plot widget styled for print, PrintSize) for every figure a builder can
    draw, in the document's order; the caller renders (:func:`render_for_print`) and
    disposes of (:func:`dispose`) each widget. ``step``: see :func:`print_images`. With
    ``ahead``, a figure recorded there already comes as a :class:`Recorded` instead of a
    widget (its picture None where there was nothing to draw)."""
    inputs = doc.inputs
    if not isinstance(inputs, ReportInputs) or not doc.figures():
        return
    plots = plots_module()
    if plots is None:
        return
    figures = doc.figures()
    for number, figure in enumerate(figures, start=1):
        if step is not None:
            # Translators: the export's progress; {number} and {total} count the report's figures.
            step(_("Drawing figure {number} of {total}").format(number=number, total=len(figures)))
        size = figure_size(figure, inputs, width_mm, body_mm)
        recorded = ahead.recorded(figure, inputs, size) if ahead is not None else None
        if recorded is not None:
            yield figure.key or figure.kind, recorded, size
            continue
        widget = print_widget(plots, figure, inputs)
        if widget is not None:
            yield figure.key or figure.kind, widget, size


def print_widget(plots: Any, figure: Figure, inputs: ReportInputs):
    """The figure's plot widget styled for print, or None where its builder has nothing."""
    widget = build_plot(plots, figure, inputs)
    if widget is not None:
        style_for_print(widget, titles=False)
        thicken(widget, SUPERSAMPLE)
    return widget


@dataclass(frozen=True)
class Recorded:
    """A figure recorded ahead (:class:`PicturesAhead`): its picture, None when its builder
    had nothing to draw."""

    picture: Any


class PicturesAhead:
    """Figures recorded for print before the report's document is complete.

    ``tapdesk report`` fits its analyses one after another; after each but the last it
    hands the figure process the document of the analyses so far, whose figures the child
    records while the next fit runs (:meth:`record`). A figure of the final document is
    taken from here (:meth:`recorded`) only where it is the same figure (kind, caption, key,
    number, analysis), drawn from the same inputs (the analysis it shows, or the plan,
    compared as pickled bytes) at the same printed size: what it would draw again.
    """

    def __init__(self) -> None:
        self.pictures: dict[str, tuple[Any, bytes, PrintSize, Recorded]] = {}

    def record(self, doc: ReportDocument, width_mm: float, body_mm: float) -> None:
        """Record every figure of ``doc`` not recorded yet."""
        inputs = doc.inputs
        if not isinstance(inputs, ReportInputs):
            return
        plots = plots_module()
        if plots is None:
            return
        for figure in doc.figures():
            size = figure_size(figure, inputs, width_mm, body_mm)
            if figure.kind == "plan-widths" or self.recorded(figure, inputs, size) is not None:
                continue
            widget = print_widget(plots, figure, inputs)
            picture = None
            if widget is not None:
                picture = record_for_print(widget, size)
                dispose(widget)
            self.pictures[figure.key or figure.kind] = (figure, _drawn_from(figure, inputs),
                                                        size, Recorded(picture))

    def recorded(self, figure: Figure, inputs: ReportInputs, size: PrintSize) -> Recorded | None:
        """The figure as recorded ahead, or None where it was not (or differs)."""
        found = self.pictures.get(figure.key or figure.kind)
        if found is None or found[0] != figure or found[2] != size \
                or found[1] != _drawn_from(figure, inputs):
            return None
        return found[3]


def _drawn_from(figure: Figure, inputs: ReportInputs) -> bytes:
    """What a figure is drawn from, as bytes to compare (see :class:`PicturesAhead`)."""
    import pickle
    source = getattr(inputs, "plan", None) if figure.kind == "plan-widths" \
        else inputs.analyses()[figure.source]
    return pickle.dumps(source, protocol=pickle.HIGHEST_PROTOCOL)


def print_pixels(size: PrintSize) -> tuple[int, int]:
    """A figure's printed size in logical pixels (the screen's logical DPI)."""
    px_per_mm = logical_dpi() / 25.4
    return round(size.width_mm * px_per_mm), round(size.height_mm * px_per_mm)


def render_for_print(widget: Any, size: PrintSize):
    """The widget drawn at its printed size (:data:`SUPERSAMPLE` times the logical pixels)."""
    return render_widget(widget, *print_pixels(size))


def record_for_print(widget: Any, size: PrintSize) -> PlotPicture:
    """The widget laid out at its printed size, recorded as drawing commands."""
    return record_widget(widget, *print_pixels(size))


def render_figures(report: Any, folder: str | Path, width: int = 1200,
                   height: int = 800) -> list[Path]:
    """Write every plot of the report as ``<key>.png`` of ``width`` x ``height`` pixels (in
    another language than English named by its number: "Abbildung-3.png").

    The plot is laid out at a print-like size (about 16 cm wide) and scaled
    to the requested pixels, so its text keeps the same share of the image
    at any size.
    """
    from tapdesk.report.build import as_document
    doc = as_document(report)
    inputs = doc.inputs
    if not isinstance(inputs, ReportInputs) or not doc.figures():
        return []
    plots = plots_module()
    if plots is None:
        return []
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    scale = width / (160 * logical_dpi() / 25.4)
    written = []
    for place, figure in enumerate(doc.figures(), start=1):
        widget = build_plot(plots, figure, inputs)
        if widget is None:
            continue
        style_for_print(widget)
        thicken(widget, scale)
        image = render_widget(widget, round(width / scale), round(height / scale), scale)
        image = image.scaled(width, height) if (image.width(), image.height()) != (width, height) \
            else image
        path = folder / figure_file(figure.key or figure.kind, figure.number or place)
        if not image.save(str(path), "PNG"):
            raise OSError(f"could not write {path}")
        written.append(path)
        dispose(widget)
    return written
