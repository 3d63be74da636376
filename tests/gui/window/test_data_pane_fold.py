"""The data pane's fold falls between rows (issue 53): where the analysis pane leaves the data
pane less than its contents, the pane scrolls and shows whole rows; no control or line of text
is cut through at the bottom of its view (the "At or below the cut" row showed its top half at
150%, the Scale row and the "Class 1 = ..." line at other sizes)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QWidget

from tests.gui.window.examples_window import examples_window, show_example

pytestmark = pytest.mark.gui

CASES = (("wine", "tap-p0p1"), ("writing", "per-rater"), ("ptsd", "tap-a0a1"),
         ("medals", "mace"), ("ordinal", "dawid-skene"))
"""Examples and analyses whose Analysis pane leaves the data pane short at one of the sizes."""


def cut_at_the_fold(window) -> list[str]:
    """The controls and texts of the data pane the bottom of its view runs through (a text of
    several lines may end between two of its lines)."""
    scroll, pane = window.dataset_scroll, window.dataset_pane
    port = scroll.viewport()
    fold = port.height()
    cut = []
    for w in pane.findChildren(QWidget):
        parent = w.parentWidget()
        if (w.layout() is not None or parent is None or parent.layout() is None
                or not w.isVisibleTo(pane)):
            continue
        top = w.mapTo(port, QPoint(0, 0)).y()
        if not top < fold < top + w.height():
            continue
        if isinstance(w, QLabel):
            first = top + w.contentsRect().top()
            line = w.fontMetrics().lineSpacing()
            if (fold - first) % line in (0, 1) or (fold - first) % line == line - 1:
                continue                          # between two of its lines
        cut.append(f"{type(w).__name__} '{getattr(w, 'text', w.accessibleName)()}' "
                   f"({top}..{top + w.height()}, fold at {fold})")
    return cut


@pytest.mark.parametrize("screen", [(1280, 800), (1366, 768), (1280, 720)])
def test_the_data_pane_shows_whole_rows(app, qtbot, screen):
    window = examples_window(qtbot, screen)
    found = []
    for example, analysis in CASES:
        show_example(app, window, example, analysis)
        window.dataset_scroll.verticalScrollBar().setValue(0)   # as it opens, before any Tab
        found += [f"{example}, {analysis}: {c}" for c in cut_at_the_fold(window)]
    assert found == []
    window.close()
