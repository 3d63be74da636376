"""Find text the user cannot read whole and widgets they cannot reach (the self-test's layout walk).

:func:`layout_problems` walks every visible widget of a window and reports,
in words:

* a label, button, check box, combo box or tab whose text does not fit
  (clipped or elided), and a word-wrapped label taller than its room;
* a tab scrolled out of its tab bar (the tabs do not fit: some are reached only by the
  bar's arrows); a tab bar that elides its names ends a long one in "…" with the whole name in
  the tab's tooltip, which is allowed, and so is a bar marked
  :data:`~tapdesk.gui.screen_fit.SCROLLS_WHOLE_NAMES` (too narrow for shortened names a reader
  can tell apart: it scrolls, its names whole);
* a table, tree or list cell in view whose text is elided or cut, and a
  header section too narrow for its heading;
* a table meant to fit its columns in its width (``FITS_WIDTH``, a ``FittedTableView``)
  showing a horizontal scroll bar;
* a widget squeezed below its layout's minimum (its children overlap, as
  when "Please read:" printed over the last row of a table);
* a widget outside the window or outside its parent, unless it sits in a
  scroll area (then it is reachable by scrolling);
* a widget in a scroll area that runs past the right (or left) edge of the
  area's view or under its vertical scrollbar: scrolling up and down never
  shows it whole (a description cut mid-word, a spin box's arrows under the
  scrollbar);
* with ``screen=True``, a window whose frame (title bar included) is not
  inside its screen's free area (:func:`frame_problem`);
* a status-bar message longer than the status bar;
* a control below the fold of a pane that must show whole (a scroll area with the
  :data:`~tapdesk.gui.screen_fit.SHOWS_WHOLE` property: the Analysis pane, issue 53).

It measures with the widgets' own fonts and Qt's size hints, so it works
offscreen (the self-test, CI) exactly as on screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTabBar,
    QToolButton,
    QWidget,
)

from tapdesk.gui.screen_fit import SCROLLS_WHOLE_NAMES, SHOWS_WHOLE, real_display
from tapdesk.gui.widgets.eliding_combo import ElidingComboBox
from tapdesk.gui.widgets.table_models import HEADING_MARGIN, pieces

SLACK = 2                  # pixels of rounding a text may overrun before it counts
CELL_MARGIN = 6            # the item delegate's left + right text margin
CHECK_WIDTH = 22           # a check box drawn inside a cell
COMBO_TEXT_MARGIN = 2      # the style draws a combo box's text 1 pixel in from each side
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


def _scroll_area(w: QWidget, top: QWidget, kind=QAbstractScrollArea):
    """The nearest scroll area of ``kind`` (below ``top``) whose viewport holds ``w``, or None."""
    p = w.parentWidget()
    while p is not None and p is not top:
        gp = p.parentWidget()
        if isinstance(gp, kind) and gp.viewport() is p:
            return gp
        p = gp
    return None


def _in_scroll_area(w: QWidget, top: QWidget) -> bool:
    """True when an ancestor below ``top`` is a scroll area's viewport (reachable by scrolling)."""
    return _scroll_area(w, top) is not None


def _placement(w: QWidget, window: QWidget) -> str | None:
    if w is window or _in_scroll_area(w, window):
        return None
    parent = w.parentWidget()
    if (parent is not None and parent is not window and not isinstance(parent, QAbstractScrollArea)
            and not parent.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(w.geometry())):
        return f"{_name(w)} is partly outside {_name(parent)}"
    rect = QRect(w.mapTo(window, QPoint(0, 0)), w.size())
    if not window.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(rect):
        return (
            f"{_name(w)} lies outside the window ({rect.x()}, {rect.y()}, {rect.width()} x {rect.height()})"
        )
    return None


def _view_span(area: QScrollArea) -> tuple[int, int]:
    """Left and right edge of what the user sees of ``area``'s view (viewport coordinates).

    A vertical scrollbar normally sits beside the viewport; a transient (overlay) one
    covers its right edge, so its left edge is the end of the view then.
    """
    port = area.viewport()
    right = port.width()
    bar = area.verticalScrollBar()
    if bar.isVisible():
        left_of_bar = bar.mapTo(area, QPoint(0, 0)).x() - port.mapTo(area, QPoint(0, 0)).x()
        right = min(right, left_of_bar)
    return 0, right


def _overflow(w: QWidget, window: QWidget) -> str | None:
    """``w`` sits in a scroll area but runs past its view's side edges (or under the scrollbar).

    Scrolling up and down reaches every row of a scroll area; nothing reaches what is
    hidden to the right when the horizontal scrollbar is off, so such a widget is cut.
    Containers (widgets with a layout) are reported by what they hold, the area's own
    contents once; the parts of a control (a table's header, a spin box's text field)
    with the control.
    """
    area = _scroll_area(w, window, QScrollArea)        # a scroll area of widgets, not a table
    if area is None or area.horizontalScrollBar().isVisible():
        return None
    if w is not area.widget():
        parent = w.parentWidget()
        if w.layout() is not None or parent is None or parent.layout() is None:
            return None
    left, right = _view_span(area)
    x = w.mapTo(area.viewport(), QPoint(0, 0)).x()
    if x + w.width() > right + SLACK or x < left - SLACK:
        where = "under its scrollbar" if x + w.width() > area.viewport().width() + SLACK \
            and area.verticalScrollBar().isVisible() else "past the edge of its view"
        if w is area.widget():
            return (f"the contents of {_name(area)} are {w.width()} wide but its view shows "
                    f"{right - left}: the right side is cut off")
        return (f"{_name(w)} runs {where} in {_name(area)} ({x}..{x + w.width()} of "
                f"{left}..{right}): it is cut off")
    return None


CONTROLS = (QAbstractButton, QComboBox, QAbstractSpinBox, QAbstractItemView, QLineEdit)


def _below_the_fold(area: QScrollArea) -> str | None:
    """The controls of ``area`` (a pane marked :data:`SHOWS_WHOLE`) not in its view when it is
    scrolled to the top: the user meets them only by scrolling, or never."""
    contents = area.widget()
    if not area.property(SHOWS_WHOLE) or contents is None:
        return None
    room = area.viewport().height()
    hidden = [w for w in contents.findChildren(QWidget)
              if isinstance(w, CONTROLS) and w.isVisibleTo(contents)
              and not isinstance(w.parentWidget(), QAbstractSpinBox | QComboBox)
              and w.mapTo(contents, QPoint(0, w.height())).y() > room + SLACK]
    if not hidden:
        return None
    names = ", ".join(dict.fromkeys(_name(w) for w in hidden[:6]))
    return (f"{_name(area)} shows {room} px of the {contents.height()} its controls need: "
            f"{names} {'is' if len(hidden) == 1 else 'are'} below the fold (scroll to reach)")


def _longest_word(w: QLabel) -> int:
    return max((w.fontMetrics().horizontalAdvance(word) for word in w.text().split()), default=0)


def _label(w: QLabel) -> str | None:
    if w.pixmap() is not None and not w.pixmap().isNull() or not w.text():
        return None
    room = w.contentsRect()
    rich = w.textFormat() == Qt.TextFormat.RichText or (
        w.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(w.text()))
    if w.wordWrap() or rich:
        need_h = w.heightForWidth(w.width()) if w.wordWrap() else w.sizeHint().height()
        need_w = (_longest_word(w) if not rich else 0) if w.wordWrap() else w.sizeHint().width()
        if need_h > w.height() + SLACK or need_w > room.width() + SLACK:
            return f"{_name(w)} is cut off (needs {max(need_w, w.width())} x {need_h}, has " \
                   f"{w.width()} x {w.height()})"
        return None
    fm = w.fontMetrics()
    shown = _plain(w.text()) if w.buddy() is not None else w.text()   # "&" marks a mnemonic
    lines = shown.split("\n")
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
    if isinstance(w, ElidingComboBox):          # ends a long choice in "…", whole in its tooltip
        return None if not w.elided() or text in w.full_tip() else \
            f"{_name(w)} elides its choice without showing it whole in its tooltip"
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox
    opt = QStyleOptionComboBox()
    w.initStyleOption(opt)
    field = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                     QStyle.SubControl.SC_ComboBoxEditField, w)
    need = w.fontMetrics().horizontalAdvance(text)
    if not w.itemIcon(w.currentIndex()).isNull():
        need += w.iconSize().width() + 4
    if need + COMBO_TEXT_MARGIN > field.width():      # clipped by a pixel or two shows: no slack
        return f"{_name(w)} shows its choice cut off (needs {need}, has {field.width()})"
    return None


def _tabs(w: QTabBar) -> list[str]:
    out = []
    fm = w.fontMetrics()
    for i in range(w.count()):
        if not w.isTabVisible(i):
            continue
        need = fm.horizontalAdvance(_plain(w.tabText(i))) + 8
        rect = w.tabRect(i)
        elided = w.elideMode() != Qt.TextElideMode.ElideNone
        if need > rect.width() + SLACK and elided and w.tabText(i) in w.tabToolTip(i):
            pass                                  # ends in "…", whole in its tooltip
        elif need > rect.width() + SLACK:
            out.append(f"tab '{w.tabText(i)}' is cut off (needs {need}, has {rect.width()})")
        elif (rect.left() < -SLACK or rect.right() > w.width() + SLACK) and \
                not w.property(SCROLLS_WHOLE_NAMES):
            out.append(f"tab '{w.tabText(i)}' is scrolled out of its tab bar (the tabs need "
                       f"{sum(w.tabRect(j).width() for j in range(w.count()))}, the bar is "
                       f"{w.width()} wide)")
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
        need_w = max(fm.horizontalAdvance(line) for line in lines) + HEADING_MARGIN
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
    if index.data(Qt.ItemDataRole.DecorationRole) is not None:
        room -= view.iconSize().width() + 4
    lines = text.split("\n")
    if wrap:
        flags = int(Qt.TextFlag.TextWordWrap)
        need_h = fm.boundingRect(QRect(0, 0, max(room + SLACK, 1), 100_000), flags, text).height()
        words = max((fm.horizontalAdvance(word) for word in pieces(text)), default=0)
        if words > room + SLACK or need_h > rect.height() + SLACK and not _elided_with_tip(view, index):
            return (f"{_name(view)}: cell '{text[:40]}' is cut off (needs {need_h} high, has "
                    f"{rect.height()})")
        return None
    need_w = max(fm.horizontalAdvance(line) for line in lines)
    need_h = fm.height() * len(lines)
    if need_w > room + SLACK or need_h > rect.height() + SLACK:
        return f"{_name(view)}: cell '{text[:40]}' is elided (needs {need_w}, has {room})"
    return None


def _elided_with_tip(view, index: QModelIndex) -> bool:
    """A wrapped cell too long for its row ends in "…" and its tooltip holds its whole text."""
    text = str(index.data(Qt.ItemDataRole.DisplayRole))
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    return view.textElideMode() != Qt.TextElideMode.ElideNone and bool(tip) and text in str(tip)


def _sideways(view: QAbstractItemView) -> str | None:
    """A table meant to show its columns in its width (``FITS_WIDTH``: a
    :class:`FittedTableView`; a wide table of raters or subjects scrolls sideways by design)
    that shows a horizontal scroll bar: its right side is reached only by scrolling (German at
    1280: a parameter table 9 px too wide)."""
    header = getattr(view, "horizontalHeader", lambda: None)()
    bar = view.horizontalScrollBar()
    if not getattr(view, "FITS_WIDTH", False) or not bar.isVisible() or bar.maximum() <= 0:
        return None
    need = header.length() if header is not None else view.viewport().width() + bar.maximum()
    return (f"{_name(view)} scrolls sideways: its columns need {need} px, it shows "
            f"{view.viewport().width()} (the columns were meant to fit)")


def _squeezed(w: QWidget) -> str | None:
    lay = w.layout()
    if lay is None or isinstance(w, QMainWindow):
        return None
    need = lay.minimumSize()
    if isinstance(w, QStackedWidget):
        # only the page shown can be cut; Qt's stack asks every page's *preferred* height for
        # its width (a page with a wrapped note asked 691 px and can show whole in 651)
        page = w.currentWidget()
        if page is None:
            return None
        need.setHeight(_least_height(page, w.width()))
        need.setWidth(page.minimumSizeHint().width())
    elif lay.hasHeightForWidth():
        need.setHeight(lay.minimumHeightForWidth(w.width()) if hasattr(lay, "minimumHeightForWidth")
                       else need.height())
    if need.width() > w.width() + SLACK or need.height() > w.height() + SLACK:
        return (f"{_name(w)} is squeezed below its contents ({w.width()} x {w.height()} < "
                f"{need.width()} x {need.height()}): its contents overlap or are cut")
    return None


def _least_height(page: QWidget, width: int) -> int:
    """The least height ``page`` can be shown in at ``width``, as Qt's layouts take it."""
    least = max(page.minimumSizeHint().height(), page.minimumHeight())
    lay = page.layout()
    if lay is not None and lay.hasHeightForWidth():
        least = max(least, lay.minimumHeightForWidth(width))
    if not page.sizePolicy().verticalPolicy().value & QSizePolicy.PolicyFlag.ShrinkFlag.value:
        least = max(least, page.sizeHint().height())     # a page that will not shrink
    return least


def settle(app, rounds: int = 3) -> None:
    """Let pending layout requests run (a table that just got its rows resizes its page next),
    and delete what was let go with ``deleteLater`` (the plots of views replaced since), as the
    running app's event loop does at once. The walk drives the window with ``processEvents``,
    which never deletes them: they piled up until the first nested event loop, the first
    export's, which then spent 0.1-0.8 s of the GUI thread destroying a dozen plots and their
    menus (issue 41: the export stall with a Bayesian per-rater fit in the window)."""
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    for _ in range(rounds):
        app.processEvents()


CHECKS = ((QLabel, _label), (QAbstractButton, _button), (QComboBox, _combo), (QTabBar, _tabs),
          (QHeaderView, _header), (QAbstractItemView, _cells))
"""The text check for each kind of widget (the first matching kind applies)."""


def _rect(r: QRect) -> str:
    return f"({r.x()}, {r.y()}, {r.width()} x {r.height()})"


def frame_problem(window: QWidget) -> str | None:
    """The window's frame (title bar and borders included) is not inside its screen's free area.

    Only on a real display: headless platforms have no window manager and a
    make-believe screen.
    """
    screen = window.screen()
    if not real_display() or screen is None or not window.isVisible():
        return None
    free, frame = screen.availableGeometry(), window.frameGeometry()
    if free.adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(frame):
        return None
    return f"the window's frame {_rect(frame)} is not inside the screen's free area {_rect(free)}"


def layout_problems(window: QWidget, screen: bool = False) -> list[str]:
    """Every visible text that is cut and every widget out of reach in ``window``, in words.

    ``screen``: also report a window frame outside the screen (:func:`frame_problem`);
    for a window at the size the screen gave it, not one resized past the screen.
    """
    problems: list[str] = [p for p in [frame_problem(window) if screen else None] if p]
    widgets = [window] + [w for w in window.findChildren(QWidget)
                          if w.isVisible() and w.window() is window]
    for w in widgets:
        problems.extend(p for p in [_overflow(w, window)] if p)    # also when scrolled out of view
        if isinstance(w, QScrollArea):
            problems.extend(p for p in [_below_the_fold(w)] if p)
        seen = w.viewport() if isinstance(w, QAbstractScrollArea) else w   # a viewport covers its view
        if seen.visibleRegion().isEmpty() and w is not window:
            continue                                  # scrolled out of view or covered
        found: list[str | None] = [_placement(w, window), _squeezed(w)]
        if isinstance(w, QAbstractItemView):
            found.append(_sideways(w))
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
