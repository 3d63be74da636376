"""Find controls a screen reader cannot name and controls the keyboard cannot reach.

:func:`accessibility_problems` walks the visible widgets of a window (and,
by default, of the dialogs open over it) and reports, in words:

* an interactive control (button, input, combo or spin box, check box,
  list, table, tree, tab bar, plot) without an accessible name, as Qt's
  accessibility API gives it to assistive technology;
* an enabled, visible control that Tab never reaches: its focus policy
  lacks Tab focus, or it is missing from its window's focus chain
  (walked with ``nextInFocusChain``), or Tab is trapped in it (a table
  whose Tab moves between cells).

Toolbar buttons are exempt from Tab (their actions are in the menus, with
shortcuts), as are the inner parts of a composite control (a spin box's
line edit, a scroll area's bars) and text-only labels.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QPlainTextEdit,
    QRadioButton,
    QTabBar,
    QTextEdit,
    QToolBar,
    QWidget,
)

from tapdesk.gui.accessibility import is_interactive

LINUX = sys.platform.startswith("linux")


def accessible_name(w: QWidget) -> str:
    """The name assistive technology reads for ``w`` (Qt's accessibility interface).

    On Linux a combo box's interface gives its current choice as its name and reads its label
    through a relation; so for a combo box the label relation or the set name counts.
    """
    iface = QAccessible.queryAccessibleInterface(w)
    if iface is None or not iface.isValid():
        return w.accessibleName()
    if isinstance(w, QComboBox) and LINUX:
        labels = [rel for rel, _ in iface.relations(QAccessible.RelationFlag.Label)]
        named = [r.text(QAccessible.Text.Name) for r in labels if r is not None and r.isValid()]
        return w.accessibleName() or next((n for n in named if n), "")
    return iface.text(QAccessible.Text.Name).strip()


def _describe(w: QWidget) -> str:
    text = ""
    for attr in ("text", "placeholderText", "toolTip", "windowTitle"):
        f = getattr(w, attr, None)
        if callable(f):
            value = f()
            if isinstance(value, str) and value.strip():
                text = " ".join(value.split())[:50]
                break
    where = w.parentWidget()
    path = []
    while where is not None and len(path) < 3:
        path.append(where.objectName() or type(where).__name__)
        where = where.parentWidget()
    label = w.objectName() or type(w).__name__
    return f"{label}{f' {text!r}' if text else ''} (in {' < '.join(path)})"


def _needs_tab(w: QWidget) -> bool:
    if isinstance(w, QAbstractButton) and isinstance(w.parentWidget(), QToolBar):
        return False                            # toolbar buttons: menus and shortcuts reach them
    return not (isinstance(w, QTabBar) and w.count() < 2)


def _focus_chain(window: QWidget) -> set[int]:
    seen: set[int] = set()
    w = window
    for _ in range(20_000):
        seen.add(id(w))
        w = w.nextInFocusChain()
        if w is None or w is window:
            break
    return seen


def _arrows_reach(w: QWidget) -> bool:
    """A radio button of an exclusive group: Qt lets Tab stop at one button of the group (the
    last one focused; it takes Tab focus from the others) and the arrow keys move on from there."""
    if not isinstance(w, QRadioButton):
        return False
    group = w.group()
    buttons = group.buttons() if group is not None and group.exclusive() else \
        [b for b in (w.parentWidget().findChildren(QRadioButton) if w.parentWidget() else [])
         if b.autoExclusive() and b.parentWidget() is w.parentWidget()]
    return any(b.isVisible() and b.isEnabled() and b.focusPolicy() & Qt.FocusPolicy.TabFocus
               for b in buttons if b is not w)


def _reachable(w: QWidget, chain: set[int]) -> str | None:
    target = w.focusProxy() or w
    if isinstance(target, QAbstractItemView) and target.tabKeyNavigation():
        return "Tab is trapped in it (Tab moves between its cells and never leaves)"
    if isinstance(target, (QTextEdit, QPlainTextEdit)) and not target.isReadOnly() \
            and not target.tabChangesFocus():
        return "Tab is trapped in it (Tab types a tab character instead of moving on)"
    if not target.focusPolicy() & Qt.FocusPolicy.TabFocus and not _arrows_reach(target):
        return "Tab never reaches it (its focus policy leaves it out)"
    if id(target) not in chain:
        return "Tab never reaches it (it is not in the window's focus chain)"
    return None


def window_problems(window: QWidget) -> list[str]:
    """The problems of one window or dialog (its visible widgets only)."""
    title = window.windowTitle() or type(window).__name__
    chain = _focus_chain(window)
    problems = []
    for w in window.findChildren(QWidget):
        if w.window() is not window or not w.isVisible() or not is_interactive(w):
            continue
        if not accessible_name(w):
            problems.append(f"{title}: {_describe(w)} has no accessible name")
        if w.isEnabled() and _needs_tab(w):
            why = _reachable(w, chain)
            if why:
                problems.append(f"{title}: {_describe(w)}: {why}")
    return problems


def accessibility_problems(window: QWidget, dialogs: bool = True) -> list[str]:
    """Controls of ``window`` (and of the dialogs open over it) without an accessible name or
    out of reach of Tab, in words; empty when all is well."""
    problems = window_problems(window)
    if dialogs:
        for top in QApplication.topLevelWidgets():
            if top is not window and top.isVisible() and top.parentWidget() is window:
                problems.extend(window_problems(top))
    return list(dict.fromkeys(problems))
