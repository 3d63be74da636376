"""The plan plot's need line as a reader sees it (issue 53): named in the legend after the
designs, with no label on the line itself (a label there sat on whichever design's line crossed
the need: the 3-raters line on the wine report's plan page)."""

from __future__ import annotations

from typing import Any


def need_problems(widget: Any, need_word: str = "need") -> list[str]:
    """What is wrong with the need line of a drawn plan plot (an empty list when nothing)."""
    import pyqtgraph as pg
    from PySide6.QtCore import Qt
    plot = widget.getPlotItem()
    view = plot.getViewBox()
    problems = []
    lines = [i for i in view.addedItems if isinstance(i, pg.InfiniteLine)]
    if len(lines) != 1:
        problems.append(f"{len(lines)} need lines")
    curves = [item.curve.mapToScene(item.curve.shape()) for item in plot.listDataItems()]
    for text in (i for i in _descendants(view) if isinstance(i, pg.TextItem)):
        words = text.textItem.toPlainText()
        crossing = [c for c in curves if c.intersects(text.mapRectToScene(text.boundingRect()))]
        problems.append(f"the text {words!r} drawn in the plot"
                        + (f", over {len(crossing)} design's line(s)" if crossing else ""))
    entries = [(sample, label.text) for sample, label in plot.legend.items]
    if not entries or entries[-1][1] != need_word:
        problems.append(f"the legend's last entry is not {need_word!r}: "
                        f"{[name for _s, name in entries]}")
    elif entries[-1][0].item.opts["pen"].style() != Qt.PenStyle.DashLine:
        problems.append("the legend's need sample is not dashed")
    return problems


def _descendants(item: Any) -> list[Any]:
    found = []
    for child in item.childItems():
        found += [child] + _descendants(child)
    return found
