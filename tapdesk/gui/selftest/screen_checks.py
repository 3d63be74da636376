"""The self-test's checks of what a committee member meets on the main window (issue 41).

Rules that follow from what the screens are for, not from one fixture:

* a table cell wrapped into more than :data:`MAX_CELL_LINES` lines is a column too narrow
  for its words (a "How computed" column read one word a line);
* a list or table with its own vertical scroll bar inside a page that scrolls is a scroll
  bar inside a scroll area (the Summary page shows its tables whole);
* a plot's title, axes or colour bar running past the plot's edge is cut off;
* a plot that says it draws something draws it: the posterior densities' estimate line in
  every panel (the report's caption promises it), the fitted line of "Observed vs fitted";
* the keyboard focus is never left on a hidden or disabled control after an action, and
  Ctrl+1...9 put it inside the tab they show.

Each ``*_problems`` function returns sentences; :func:`check_main_window` runs them on the
walkthrough's window and records them in ``walk.layout_problems``, ``walk.plot_problems``
and ``walk.focus_problems``.
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QApplication, QScrollArea, QTableView, QWidget

from tapdesk.i18n import _ as translated

MAX_CELL_LINES = 6
"""More wrapped lines than this in one table cell: the column is too narrow for its words."""


def _visible_tables(window: QWidget) -> list[QTableView]:
    return [v for v in window.findChildren(QTableView) if v.isVisible() and v.model() is not None]


def _where(w: QWidget) -> str:
    return w.accessibleName() or w.objectName() or type(w).__name__


def tall_cell_problems(window: QWidget) -> list[str]:
    """Rows of wrapping tables taller than :data:`MAX_CELL_LINES` lines of text."""
    out = []
    for view in _visible_tables(window):
        if not view.wordWrap():
            continue
        line = view.fontMetrics().lineSpacing()
        rows = view.model().rowCount()
        for row in range(min(rows, 200)):
            if view.isRowHidden(row):
                continue
            lines = view.rowHeight(row) / line
            if lines > MAX_CELL_LINES + 0.5:
                text = str(view.model().index(row, 0).data() or "")[:30]
                out.append(f"{_where(view)}: row '{text}' is {lines:.0f} lines tall (a column "
                           "too narrow for its words)")
                break
    return out


def nested_scroll_problems(window: QWidget) -> list[str]:
    """Item views showing a vertical scroll bar inside a page that scrolls itself."""
    out = []
    for view in window.findChildren(QAbstractItemView):
        bar = view.verticalScrollBar()
        if not view.isVisible() or not bar.isVisible() or bar.maximum() <= 0:
            continue
        parent = view.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if parent is not None and parent.verticalScrollBar().isVisible():
            out.append(f"{_where(view)}: its own scroll bar inside the scrolling "
                       f"{_where(parent)} (show it whole)")
    return out


def plot_promise_problems(window) -> list[str]:
    """Plots of the shown fit that do not draw what they say they draw."""
    import pyqtgraph as pg
    entry = window.results_pane.current_entry()
    if entry is None:
        return []
    from tapdesk.render.plots import plots_for
    out = []
    for title, widget in plots_for(entry.result, entry.table):
        if title == "Posterior densities":
            panels = [i for i in widget.ci.items if isinstance(i, pg.PlotItem)]
            marked = getattr(widget, "estimate_marked", [])
            if len(marked) < len(panels):
                out.append(f"{entry.result.title}: {len(panels) - len(marked)} of {len(panels)} "
                           "posterior panels lack the estimate line the caption promises")
        elif title == "Observed vs fitted":
            names = [i.name() for i in widget.getPlotItem().items if isinstance(i, pg.PlotDataItem)]
            if translated("fitted (expected)") not in names:        # the legend's name, as drawn
                out.append(f"{entry.result.title}, {entry.result.method}: 'Observed vs fitted' "
                           "has no fitted line")
        widget.deleteLater()
    return out


def clipped_plot_problems(title: str, widget: QWidget) -> list[str]:
    """A shown plot's title, axes and colour bar inside its widget (issue 53: a long title held
    the plot wider than the pane, and the title's end and the colour bar's numbers were cut)."""
    import pyqtgraph as pg

    from tapdesk.gui.plots.titles import squeezed
    scene = widget.scene() if isinstance(widget, pg.GraphicsView) else None
    if scene is None or not widget.isVisible():
        return []
    room = widget.rect().adjusted(-2, -2, 2, 2)
    out = []
    for item in scene.items():
        if not isinstance(item, pg.AxisItem | pg.LabelItem | pg.ColorBarItem) \
                or not item.isVisible():
            continue
        kind = "colour bar" if isinstance(item, pg.ColorBarItem) or isinstance(
            item.parentItem(), pg.ColorBarItem) else "title" if isinstance(item, pg.LabelItem) \
            else f"{getattr(item, 'orientation', '')} axis"
        shown = widget.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if isinstance(item, pg.LabelItem):     # the text itself, which may overrun its label
            shown = widget.mapFromScene(item.item.sceneBoundingRect()).boundingRect()
        if shown.width() > 0 and not room.contains(shown):
            out.append(f"plot '{title}': its {kind} runs past the plot's edge ({shown.left()}.."
                       f"{shown.right()} of {widget.width()} px): cut off")
        elif isinstance(item, pg.AxisItem) and squeezed(item):
            out.append(f"plot '{title}': its {kind} is {item.geometry().width():.0f} px wide, "
                       f"its labels need {item.minimumWidth():.0f}: cut off")
    return list(dict.fromkeys(out))


def plot_clip_problems(window, size: tuple[int, int] = (1280, 800)) -> list[str]:
    """Every plot of the shown fit on the Plots tab, each shown in turn in a window of
    ``size`` (the smallest screen of the walk): nothing cut."""
    rp = window.results_pane
    panel = rp.plots
    before = window.size()
    window.resize(*size)
    rp.show_tab("Plots")
    QApplication.processEvents()
    out = []
    current = panel.chooser.currentIndex()
    for i, (title, widget) in enumerate(panel.widgets):
        panel.chooser.setCurrentIndex(i)
        for _ in range(3):
            QApplication.processEvents()
        out += clipped_plot_problems(title, widget)
    panel.chooser.setCurrentIndex(current)
    window.resize(before)
    return out


def focus_problem(window: QWidget, after: str) -> str | None:
    """The keyboard focus after ``after``: on a visible, enabled control of the window."""
    now = window.focusWidget()
    if now is None:
        return f"after {after}: no control has the keyboard focus"
    if not now.isVisible() or not now.isEnabled():
        state = "hidden" if not now.isVisible() else "disabled"
        return f"after {after}: the focus is on a {state} control ({_where(now)})"
    return None


def tab_focus_problems(window) -> list[str]:
    """Ctrl+1...9: each shows its tab and puts the focus inside it."""
    tabs = window.results_pane.tabs
    current = tabs.currentIndex()
    out = []
    for i in range(tabs.count()):
        action = getattr(window, f"action_view_{i}", None)      # View > (tab), menus.py
        if action is None or QKeySequence(f"Ctrl+{i + 1}") not in action.shortcuts():
            out.append(f"no Ctrl+{i + 1} for the {tabs.tabText(i)} tab")
            continue
        action.trigger()
        QApplication.processEvents()
        page, focus = tabs.widget(i), window.focusWidget()
        if tabs.currentIndex() != i or focus is None or not page.isAncestorOf(focus):
            out.append(f"Ctrl+{i + 1} leaves the focus outside the {tabs.tabText(i)} tab "
                       f"(on {_where(focus) if focus else 'nothing'})")
    tabs.setCurrentIndex(current)
    return out


def check_main_window(walk, state: str) -> None:
    """Every rule above on the walkthrough's window, recorded per state ("fit-mcmc" ...)."""
    w = walk.window
    rp = w.results_pane
    shown = rp.tabs.currentIndex()
    for tab in rp.tab_names():
        rp.show_tab(tab)
        QApplication.processEvents()
        walk.layout_problems.extend(f"{state}/{tab}: {p}" for p in
                                    tall_cell_problems(w) + nested_scroll_problems(w))
    walk.layout_problems.extend(f"{state}/Plots: {p}" for p in plot_clip_problems(w))
    rp.tabs.setCurrentIndex(shown)
    walk.plot_problems.extend(f"{state}: {p}" for p in plot_promise_problems(w))
    walk.focus_problems.extend(f"{state}: {p}" for p in tab_focus_problems(w))
    problem = focus_problem(w, state)
    if problem:
        walk.focus_problems.append(problem)


def record_focus_after(walk, action: str) -> None:
    """The focus after one of the walkthrough's actions (open, fit, remove ...)."""
    problem = focus_problem(walk.window, action)
    if problem:
        walk.focus_problems.append(problem)


__all__ = ["MAX_CELL_LINES", "check_main_window", "clipped_plot_problems", "focus_problem",
           "nested_scroll_problems", "plot_clip_problems",
           "plot_promise_problems", "record_focus_after", "tab_focus_problems",
           "tall_cell_problems"]
