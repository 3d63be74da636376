"""Find text the user cannot read whole and widgets they cannot reach (the self-test's layout walk).

:func:`layout_problems` walks every visible widget of a window and reports,
in words:

* a label, button, check box, combo box or tab whose text does not fit
  (clipped or elided), and a word-wrapped label taller than its room;
* a table, tree or list cell in view whose text is elided or cut, and a
  header section too narrow for its heading;
* a widget squeezed below its layout's minimum (its children overlap, as
  when "Please read:" printed over the last row of a table);
* a widget outside the window or outside its parent, unless it sits in a
  scroll area (then it is reachable by scrolling);
* a status-bar message longer than the status bar.

It measures with the widgets' own fonts and Qt's size hints, so it works
offscreen (the self-test, CI) exactly as on screen.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractScrollArea, QComboBox,
                               QHeaderView, QLabel, QMainWindow, QTabBar, QToolButton, QWidget)

SLACK = 2                  # pixels of rounding a text may overrun before it counts
CELL_MARGIN = 6            # the item delegate's left + right text margin
CHECK_WIDTH = 22           # a check box drawn inside a cell
MAX_ROWS = 60              # cells checked per view (those in view, from the top)


def _name(w: QWidget) -> str:
    text = ""
    for attr in ("text", "currentText", "title"):
        f = getattr(w, attr, None)
        if callable(f):
            try:
                text = f()
            except TypeError:
                continue
            if isinstance(text, str) and text:
                break
    text = " ".join(str(text).split())
    label = w.accessibleName() or w.objectName() or type(w).__name__
    return f"{label} '{text[:60]}'" if text and text != label else label


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _in_scroll_area(w: QWidget, top: QWidget) -> bool:
    """True when an ancestor below ``top`` is a scroll area's viewport (reachable by scrolling)."""
    p = w.parentWidget()
    while p is not None and p is not top:
        gp = p.parentWidget()
        if isinstance(gp, QAbstractScrollArea) and gp.viewport() is p:
            return True
        p = gp
    return False


def _placement(w: QWidget, window: QWidget) -> str | None:
    if w is window or _in_scroll_area(w, window):
        return None
    parent = w.parentWidget()
    if parent is not None and parent is not window and not isinstance(parent, QAbstractScrollArea):
        if not parent.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(w.geometry()):
            return f"{_name(w)} is partly outside {_name(parent)}"
    rect = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
    if not window.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(rect):
        return f"{_name(w)} lies outside the window ({rect.x()}, {rect.y()}, {rect.width()} x {rect.height()})"
    return None


def _label(w: QLabel) -> str | None:
    if w.pixmap() is not None and not w.pixmap().isNull() or not w.text():
        return None
    room = w.contentsRect()
    rich = w.textFormat() == Qt.TextFormat.RichText or (
        w.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(w.text()))
    if w.wordWrap() or rich:
        need_h = w.heightForWidth(w.width()) if w.wordWrap() else w.sizeHint().height()
        need_w = 0 if w.wordWrap() else w.sizeHint().width()
        if need_h > w.height() + SLACK or need_w > w.width() + SLACK:
            return f"{_name(w)} is cut off (needs {max(need_w, w.width())} x {need_h}, has " \
                   f"{w.width()} x {w.height()})"
        return None
    fm = w.fontMetrics()
    lines = w.text().split("\n")
    need_w = max(fm.horizontalAdvance(line) for line in lines) + 2 * w.margin() + max(w.indent(), 0)
    need_h = fm.height() * len(lines)
    if need_w > room.width() + SLACK or need_h > room.height() + SLACK:
        return f"{_name(w)} is cut off (needs {need_w} x {need_h}, has {room.width()} x {room.height()})"
    return None


def _button(w: QAbstractButton) -> str | None:
    if not w.text():
        return None
    if isinstance(w, QToolButton) and w.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly \
            and not w.icon().isNull():
        return None
    hint = w.sizeHint()
    if hint.width() > w.width() + SLACK or w.fontMetrics().height() > w.height():
        return f"{_name(w)} is too small for its text (needs {hint.width()}, has {w.width()})"
    return None


def _combo(w: QComboBox) -> str | None:
    text = w.currentText()
    if not text or w.isEditable():
        return None
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox
    opt = QStyleOptionComboBox()
    w.initStyleOption(opt)
    field = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                     QStyle.SubControl.SC_ComboBoxEditField, w)
    need = w.fontMetrics().horizontalAdvance(text)
    if not w.itemIcon(w.currentIndex()).isNull():
        need += w.iconSize().width() + 4
    if need > field.width() + SLACK:
        return f"{_name(w)} shows its choice cut off (needs {need}, has {field.width()})"
    return None


def _tabs(w: QTabBar) -> list[str]:
    out = []
    fm = w.fontMetrics()
    for i in range(w.count()):
        if not w.isTabVisible(i):
            continue
        need = fm.horizontalAdvance(_plain(w.tabText(i))) + 8
        if need > w.tabRect(i).width() + SLACK:
            out.append(f"tab '{w.tabText(i)}' is cut off (needs {need}, has {w.tabRect(i).width()})")
    return out


def _header(w: QHeaderView) -> list[str]:
    model = w.model()
    if model is None or not w.isVisible():
        return []
    out = []
    fm = w.fontMetrics()
    horizontal = w.orientation() == Qt.Orientation.Horizontal
    count = model.columnCount() if horizontal else model.rowCount()
    for section in range(count):
        if w.isSectionHidden(section):
            continue
        text = model.headerData(section, w.orientation(), Qt.ItemDataRole.DisplayRole)
        if text is None or not str(text):
            if horizontal and count > 1:
                out.append(f"{_name(w.parentWidget() or w)}: column {section + 1} has no heading")
            continue
        lines = str(text).split("\n")
        size = w.sectionSize(section)
        need_w = max(fm.horizontalAdvance(line) for line in lines) + 12
        if w.isSortIndicatorShown() and w.sortIndicatorSection() == section:
            need_w += 14
        need_h = fm.height() * len(lines) + 4
        if horizontal and (need_w > size + SLACK or need_h > w.height() + SLACK):
            view = w.parentWidget()
            out.append(f"{_name(view) if view else 'table'}: heading '{' '.join(lines)}' is cut off "
                       f"(needs {need_w} x {need_h}, has {size} x {w.height()})")
    return out


def _cells(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None or isinstance(view, QHeaderView):
        return []
    out = []
    fm = view.fontMetrics()
    port = view.viewport().rect()
    wrap = bool(getattr(view, "wordWrap", lambda: False)())
    try:
        single = model.columnCount() <= 1       # a list: its one column should fit the view
    except TypeError:
        single = True

    def columns(parent: QModelIndex) -> int:
        try:
            return max(1, model.columnCount(parent))
        except TypeError:                       # list models keep columnCount private
            return 1

    def children(index: QModelIndex) -> int:
        try:
            return model.rowCount(index)
        except TypeError:
            return 0

    def visit(parent: QModelIndex, budget: list[int]) -> None:
        for row in range(model.rowCount(parent)):
            if budget[0] <= 0:
                return
            for col in range(columns(parent)):
                index = model.index(row, col, parent)
                rect = view.visualRect(index)
                if rect.isEmpty() or not rect.intersects(port):
                    continue
                budget[0] -= 1
                problem = _cell(view, index, rect, fm, wrap)
                if problem is None and single and rect.right() > port.right() + SLACK:
                    problem = (f"{_name(view)}: '{str(index.data()).splitlines()[0][:40]}' runs "
                               "past the right edge of its list")
                if problem:
                    out.append(problem)
                if col == 0 and children(index) > 0:
                    visit(index, budget)

    visit(QModelIndex(), [MAX_ROWS * 8])
    return out[:10]


def _cell(view, index, rect: QRect, fm, wrap: bool) -> str | None:
    text = index.data(Qt.ItemDataRole.DisplayRole)
    if text is None or str(text) == "":
        return None
    text = str(text)
    room = rect.width() - CELL_MARGIN
    if index.data(Qt.ItemDataRole.CheckStateRole) is not None:
        room -= CHECK_WIDTH
    if not index.data(Qt.ItemDataRole.DecorationRole) is None:
        room -= view.iconSize().width() + 4
    lines = text.split("\n")
    if wrap:
        flags = int(Qt.TextFlag.TextWordWrap)
        need_h = fm.boundingRect(QRect(0, 0, max(room + SLACK, 1), 100_000), flags, text).height()
        words = max((fm.horizontalAdvance(word) for word in text.split()), default=0)
        if need_h > rect.height() + SLACK or words > room + SLACK:
            return (f"{_name(view)}: cell '{text[:40]}' is cut off (needs {need_h} high, has "
                    f"{rect.height()})")
        return None
    need_w = max(fm.horizontalAdvance(line) for line in lines)
    need_h = fm.height() * len(lines)
    if need_w > room + SLACK or need_h > rect.height() + SLACK:
        return f"{_name(view)}: cell '{text[:40]}' is elided (needs {need_w}, has {room})"
    return None


def _squeezed(w: QWidget) -> str | None:
    lay = w.layout()
    if lay is None or isinstance(w, QMainWindow):
        return None
    need = lay.minimumSize()
    if lay.hasHeightForWidth():
        need.setHeight(lay.minimumHeightForWidth(w.width()) if hasattr(lay, "minimumHeightForWidth")
                       else need.height())
    if need.width() > w.width() + SLACK or need.height() > w.height() + SLACK:
        return (f"{_name(w)} is squeezed below its contents ({w.width()} x {w.height()} < "
                f"{need.width()} x {need.height()}): its contents overlap or are cut")
    return None


def settle(app, rounds: int = 3) -> None:
    """Let pending layout requests run (a table that just got its rows resizes its page next)."""
    for _ in range(rounds):
        app.processEvents()


CHECKS = ((QLabel, _label), (QAbstractButton, _button), (QComboBox, _combo), (QTabBar, _tabs),
          (QHeaderView, _header), (QAbstractItemView, _cells))
"""The text check for each kind of widget (the first matching kind applies)."""


def layout_problems(window: QWidget) -> list[str]:
    """Every visible text that is cut and every widget out of reach in ``window``, in words."""
    problems: list[str] = []
    widgets = [window] + [w for w in window.findChildren(QWidget)
                          if w.isVisible() and w.window() is window]
    for w in widgets:
        seen = w.viewport() if isinstance(w, QAbstractScrollArea) else w   # a viewport covers its view
        if seen.visibleRegion().isEmpty() and w is not window:
            continue                                  # scrolled out of view or covered
        found: list[str | None] = [_placement(w, window), _squeezed(w)]
        check = next((f for kind, f in CHECKS if isinstance(w, kind)), None)
        if check is not None:
            result = check(w)
            found.extend(result if isinstance(result, list) else [result])
        problems.extend(p for p in found if p)
    if isinstance(window, QMainWindow) and window.statusBar().isVisible():
        bar = window.statusBar()
        message = bar.currentMessage()
        if message and bar.fontMetrics().horizontalAdvance(message) > bar.width() - 24:
            problems.append(f"status bar message is cut off: '{message[:60]}...'")
    return list(dict.fromkeys(problems))
