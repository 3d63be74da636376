"""Names for assistive technology and mnemonics for dialog buttons, given by one general rule.

:func:`install` puts an event filter on the application that looks at each
widget once, when Qt polishes it (just before it is first shown), and:

* gives a control without an accessible name the name of its label: the
  label whose buddy it is, its form-layout row label, or the "Something:"
  label just before it in its layout (which then becomes its buddy, so the
  label's mnemonic reaches it too); else the first sentence of its tooltip
  or its placeholder text. Buttons, check boxes and tabs are named by their
  own text already (Qt does that); those are left alone.
* turns a table's Tab navigation off, so Tab moves on to the next control
  (arrow keys move between cells) instead of being trapped in the table;
* names a plot (a pyqtgraph view) after its title(s) and describes it by
  its axes ("Accuracy against rater");
* gives each button of a dialog (its button box or its own push buttons)
  and of a message box a mnemonic (``&Save``, ``&Discard``, ``&Cancel``)
  when it is first shown, choosing letters no other button there uses.

Widgets named by hand keep their names. What this rule cannot name is found
by :func:`tapdesk.gui.selftest.accessibility_check.accessibility_problems`.
"""

from __future__ import annotations

import re
import sys

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

from tapdesk.i18n import _

INTERACTIVE = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox, QAbstractItemView,
               QTabBar, QAbstractSlider, QTextEdit, QPlainTextEdit, QGraphicsView)
"""The kinds of widget a person acts on (or reads by keyboard, as a plot or a table)."""


def is_interactive(w: QWidget) -> bool:
    """A control of its own (not a part of another control, not a scroll bar or a header)."""
    if not isinstance(w, INTERACTIVE) or isinstance(w, (QHeaderView, QScrollBar)):
        return False
    parent = w.parentWidget()
    if isinstance(parent, QAbstractScrollArea) and w is not parent.viewport():
        return False                           # a table's corner button, a scroll bar
    while parent is not None and not parent.isWindow():
        if isinstance(parent, (QAbstractSpinBox, QComboBox)):
            return False                       # a spin box's line edit, a combo's list
        parent = parent.parentWidget()
    return not isinstance(w.window(), QMenu)


def plain(text: str) -> str:
    """``text`` without HTML, mnemonic ampersands, a trailing colon and extra spaces."""
    if "<" in text:
        doc = QTextDocument()
        doc.setHtml(text)
        text = doc.toPlainText()
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split()).rstrip(":").strip()


def first_sentence(text: str, limit: int = 80) -> str:
    text = plain(text)
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0].rstrip(".")
    return sentence if len(sentence) <= limit else sentence[:limit].rsplit(" ", 1)[0]


# ------------------------------------------------------------------ labels
def _layout_of(w: QWidget) -> tuple[QLayout, int] | None:
    """The layout holding ``w`` directly, and its index there. Only what is a layout is
    searched: a nested item's ``layout()`` once came back as a spacer item in CI (shiboken
    reusing a wrapper for an address Qt had freed and reused), and ``indexOf`` on it raised
    inside the event filter."""
    parent = w.parentWidget()
    if parent is None or not isinstance(parent.layout(), QLayout):
        return None
    stack = [parent.layout()]
    while stack:
        lay = stack.pop()
        index = lay.indexOf(w)
        if index >= 0:
            return lay, index
        stack.extend(child for i in range(lay.count())
                     if isinstance(child := lay.itemAt(i).layout(), QLayout))
    return None


def label_for(w: QWidget, parent: QWidget | None) -> QLabel | QAbstractButton | None:
    """The label that names ``w``: its buddy label, form-row label (a label or a check box), or
    "Name:" just before it.

    ``parent`` is ``w.parentWidget()``, held by the caller for as long as it uses the label:
    ``findChildren`` ties the Python wrappers of the children it finds to their parent's wrapper,
    and when that wrapper goes (the parent was made by Qt, as a ``QInputDialog.getText``'s
    dialog is, and nothing else in Python refers to it) shiboken marks them deleted. Asked for
    here and dropped on return, it left the caller a label it could no longer touch (issue 53:
    File > Committee pack's title box)."""
    if parent is not None:
        for label in parent.findChildren(QLabel):
            if label.buddy() is w:
                return label
    found = _layout_of(w)
    if found is None:
        return None
    lay, index = found
    if isinstance(lay, QFormLayout):
        label = lay.labelForField(w)      # a label, or a check box that switches the field on
        return label if isinstance(label, (QLabel, QAbstractButton)) else None
    before = lay.itemAt(index - 1).widget() if index > 0 else None
    if isinstance(before, QLabel) and before.buddy() is None and plain(before.text()) \
            and before.text().rstrip().endswith(":") and len(plain(before.text())) <= 60:
        return before
    return None


# ------------------------------------------------------------------ plots
def plot_words(view: QGraphicsView) -> tuple[str, str]:
    """(name, description) of a pyqtgraph view: its plots' titles, and their axes."""
    titles, axes = [], []
    if callable(getattr(view, "getPlotItem", None)):
        items = [view.getPlotItem()]
    else:
        items = list(getattr(getattr(view, "ci", None), "items", None) or ())
    for item in items:
        title = getattr(getattr(item, "titleLabel", None), "text", "")
        get_axis = getattr(item, "getAxis", None)
        if not callable(get_axis):
            continue
        if title and plain(title):
            titles.append(plain(title))
        try:
            x, y = (plain(get_axis(side).labelText or "") for side in ("bottom", "left"))
        except Exception:   # noqa: BLE001 - a plot without those axes
            continue
        if x and y:
            # Translators: a plot's axes for a screen reader: {y} is the vertical axis's title,
            # {x} the horizontal one's ("Accuracy against rater").
            axes.append(_("{y} against {x}").format(y=y, x=x))
    name = "; ".join(dict.fromkeys(titles))
    described = "; ".join(dict.fromkeys(axes))
    # Translators: a plot's name and description for a screen reader: {titles} are its
    # titles, {axes} its axes ("Accuracy against rater").
    return (_("Plot: {titles}").format(titles=name) if name else ""), (
        # Translators: a plot's description for a screen reader: {axes} its axes ("Accuracy
        # against rater").
        _("Plot of {axes}").format(axes=described) if described else "")


# ------------------------------------------------------------------ naming
def name_control(w: QWidget) -> None:
    """Give ``w`` an accessible name (and a plot a description) when it has none."""
    if isinstance(w, QGraphicsView) and not w.accessibleName():
        name, description = plot_words(w)
        if name:
            w.setAccessibleName(name)
        if description and not w.accessibleDescription():
            w.setAccessibleDescription(description)
        return
    if isinstance(w, QAbstractItemView) and w.tabKeyNavigation():
        w.setTabKeyNavigation(False)             # Tab leaves a table; arrows move in it
    if w.accessibleName() or not is_interactive(w):
        return
    if isinstance(w, QAbstractButton) and (w.text() or w.toolTip()):
        if not w.text():
            w.setAccessibleName(first_sentence(w.toolTip()))
        return                                   # Qt names a button by its text
    parent = w.parentWidget()           # held while the label is used: see label_for
    label = label_for(w, parent)
    if label is not None:
        if isinstance(label, QLabel) and label.buddy() is None:
            label.setBuddy(w)
        name = plain(label.text())
    else:
        placeholder = getattr(w, "placeholderText", None)
        name = first_sentence(w.toolTip()) or (placeholder() if callable(placeholder) else "")
    if name:
        w.setAccessibleName(name)


# --------------------------------------------------------------- mnemonics
def add_mnemonics(buttons: list[QAbstractButton], others: list[str] = ()) -> None:
    """Give each button without one a mnemonic letter that no other button of the group, nor
    any of ``others`` (the texts of the labels and check boxes beside them), uses."""
    taken = set()
    for text in [b.text() for b in buttons] + list(others):
        m = re.search(r"&([^&])", text.replace("&&", ""))
        if m:
            taken.add(m.group(1).lower())
    for b in buttons:
        text = b.text()
        if not text or re.search(r"&[^&]", text.replace("&&", "")):
            continue
        for i, ch in enumerate(text):
            if ch.isalnum() and ch.lower() not in taken and (i == 0 or not text[i - 1].isalnum()):
                break
        else:
            i = next((i for i, ch in enumerate(text) if ch.isalnum() and ch.lower() not in taken),
                     -1)
        if i >= 0:
            taken.add(text[i].lower())
            b.setText(text[:i] + "&" + text[i:])


def _box_buttons(w: QWidget) -> list[QAbstractButton]:
    """The buttons that share mnemonics: a button box's or message box's, or a dialog's own
    push buttons (those of its button boxes too, so no two clash)."""
    if isinstance(w, (QDialogButtonBox, QMessageBox)):
        return list(w.buttons())
    if isinstance(w, QDialog):
        return [b for b in w.findChildren(QPushButton) if b.window() is w]
    return []


POLISH, SHOW = QEvent.Type.Polish, QEvent.Type.Show
QT_OWN = (QFileDialog,)
"""Qt's own dialogs name their controls themselves; touching the file dialog's widgets while
Qt polishes them crashed the app under a real X display (File > Open, issue 26)."""


class _Polisher(QObject):
    """The application's event filter: each widget is looked at when Qt polishes it.

    It sees every event of the application, so it does the least it can for the others
    (about 2 microseconds an event, measured; more with the wrapping of each event and
    object for Python, which is why the first window is built without it: :func:`pause`).
    """

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind is POLISH or kind is SHOW:
            try:
                (_polished if kind is POLISH else _shown)(obj)
            except Exception:   # noqa: BLE001 - never into Qt: see below
                # An exception leaving an event filter that Qt's own code called (the polish in
                # QInputDialog.getText's exec) killed the app in shiboken (issue 53); naming a
                # control is not worth that. It is reported as any other, so tests still fail.
                sys.excepthook(*sys.exc_info())
        return False


def _polished(obj) -> None:
    if isinstance(obj, QWidget) and not isinstance(obj.window(), QT_OWN):
        name_control(obj)


def _shown(obj) -> None:
    if isinstance(obj, (QDialog, QDialogButtonBox)):
        top = obj.window()
        others = [w.text() for k in (QLabel, QAbstractButton) for w in top.findChildren(k)
                  if not isinstance(w, QPushButton)]
        add_mnemonics(_box_buttons(obj), others)


_POLISHER: list[_Polisher] = []
"""The application's polisher, once :func:`install` made it."""
_PAUSED: list[tuple[_Polisher, QWidget]] = []
"""The polisher while :func:`pause` has taken it off the application, and the window built."""


def install(app: QApplication) -> None:
    """Name controls and give dialog buttons mnemonics in every window (once per application)."""
    if app.property("tapdeskAccessible"):
        return
    app.setProperty("tapdeskAccessible", True)
    polisher = _Polisher(app)
    polisher.setObjectName("tapdesk-accessibility")
    _POLISHER[:] = [polisher]
    app.installEventFilter(polisher)


def pause(window: QWidget) -> None:
    """Take the event filter off while ``window`` is built and first painted (the main window:
    some 4,000 events, each wrapped for Python, cost its first showing 20-25 ms, issue 41).
    :func:`resume`, in the next turn of the event loop (after the first paint of a window shown
    meanwhile), looks at the window's controls as the filter would have and puts it back."""
    app = QApplication.instance()
    if not _POLISHER or _PAUSED or app is None:
        return
    _PAUSED[:] = [(_POLISHER[0], window)]
    app.removeEventFilter(_POLISHER[0])
    QTimer.singleShot(0, app, resume)


def resume() -> None:
    """End a :func:`pause`: name the paused window's controls, give its dialogs their mnemonics,
    and let the filter see every event again. Only the kinds of widget the rule acts on are
    looked at (wrapping every widget for Python cost more than the filter saved)."""
    app = QApplication.instance()
    if not _PAUSED or app is None:
        return
    polisher, window = _PAUSED.pop()
    if shiboken6.isValid(window):
        found = {w for kind in (*INTERACTIVE, QDialog, QDialogButtonBox)
                 for w in window.findChildren(kind)}
        for widget in (window, *found):
            _polished(widget)
            if widget.isVisible():
                _shown(widget)
    app.installEventFilter(polisher)
