"""Where a scrolling pane's view ends: between rows, never through one.

A pane in a splitter that is shorter than its contents scrolls; its height was
whatever the room left (the analysis pane's need), and the fold could run
through a row: the "At or below the cut" row of the data pane showed its top
half at 150% (issue 53). :func:`fold_between_rows` moves the fold up to the top
of the row it would cut, so the pane shows whole rows and the next one starts
at the fold, found by scrolling.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget


def _rows(pane: QWidget) -> list[tuple[int, int]]:
    """(top, bottom) of each control and line of text of ``pane`` in its own coordinates: the
    widgets placed by a layout that hold no layout themselves (a group box is not a row; a spin
    box's or a list's parts go with their control); a text of several lines, line by line."""
    rows = []
    for w in pane.findChildren(QWidget):
        parent = w.parentWidget()
        if (w.layout() is not None or parent is None or parent.layout() is None
                or not w.isVisibleTo(pane)):
            continue
        top = w.mapTo(pane, QPoint(0, 0)).y()
        rows.extend(_lines(w, top) if isinstance(w, QLabel) else [(top, top + w.height())])
    return rows


def _lines(label: QLabel, top: int) -> list[tuple[int, int]]:
    """A label's lines of text, each a row (a fold may fall between two lines of it)."""
    inside = label.contentsRect()
    step = max(label.fontMetrics().lineSpacing(), 1)
    first = top + inside.top()
    count = max(inside.height() // step, 1)
    return [(first + i * step, first + (i + 1) * step) for i in range(count)]


def fold_between_rows(scroll: QScrollArea, height: int) -> int:
    """``height`` for ``scroll`` (its frame included), lowered to the top of any row of its
    contents that the fold would cut (the contents scrolled to the top)."""
    pane = scroll.widget()
    if pane is None:
        return height
    frame = scroll.frameWidth()
    rows = _rows(pane)
    fold = height - 2 * frame
    while True:
        cut = [top for top, bottom in rows if top < fold < bottom]
        if not cut:
            return fold + 2 * frame
        fold = min(cut)
