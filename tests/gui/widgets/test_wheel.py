"""Issue 26, point 3: the wheel changes a spin box or combo box only when it has the focus;
otherwise it scrolls the pane (the seed changed under a scrolling pointer)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QPushButton, QSpinBox, QVBoxLayout

from tapdesk.gui.selftest.layout_check import settle
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _wheel(widget, notches: int = -1) -> None:
    """Turn the wheel ``notches`` over the middle of ``widget`` (negative: towards the user)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(widget.rect().center())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


@pytest.fixture
def options(window, app):
    """The writing example with the sampler's options and Explain by... opened, the options
    pane made to scroll: it is whole at the window's smallest size now (issue 53 folds the group
    opened first when both do not fit), but a user's larger font or a longer language can make
    it scroll, and the wheel must then scroll it."""
    load_example(window, "writing")
    window.model_pane.select("tap", "mcmc")
    window.model_pane.explain_group.set_open(True)
    window.model_pane.options_group.set_open(True)
    window.resize(1280, 640)
    window.model_scroll.widget().setMinimumHeight(1600)
    settle(app)
    bar = window.model_scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the options pane should scroll at this size"
    window.activateWindow()
    window.model_pane.fit_button.setFocus()
    return window.model_pane, bar


def test_unfocused_spin_box_leaves_its_value_and_scrolls_the_pane(options):
    pane, bar = options
    seed = pane.seed
    assert seed.focusPolicy() == Qt.FocusPolicy.StrongFocus      # the wheel never gives focus
    assert not seed.hasFocus()
    before, scrolled = seed.value(), bar.value()
    _wheel(seed)
    assert seed.value() == before
    assert bar.value() > scrolled                                 # the pane moved instead


def test_focused_spin_box_takes_the_wheel(options, qtbot):
    pane, bar = options
    seed = pane.seed
    seed.setFocus()
    qtbot.waitUntil(seed.hasFocus, timeout=5000)
    before, scrolled = seed.value(), bar.value()
    _wheel(seed)
    assert seed.value() == before - 1
    assert bar.value() == scrolled


def test_unfocused_combo_box_keeps_its_choice(options, qtbot):
    pane, _ = options
    method = pane.method_combo
    assert method.focusPolicy() == Qt.FocusPolicy.StrongFocus
    before = method.currentIndex()
    _wheel(method)
    assert method.currentIndex() == before
    method.setFocus()
    qtbot.waitUntil(method.hasFocus, timeout=5000)
    _wheel(method, 1)                                              # away from the user: earlier
    assert method.currentIndex() == before - 1


def test_guard_applies_to_every_window(app, qtbot):
    """A dialog's controls are guarded once it becomes the active window (any dialog, made
    anywhere: the guard is installed once, on the application)."""
    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    box, combo, ok = QSpinBox(), QComboBox(), QPushButton("OK")
    box.setRange(0, 10)
    box.setValue(5)
    combo.addItems(["a", "b", "c"])
    for w in (box, combo, ok):
        layout.addWidget(w)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5000)
    ok.setFocus()
    _wheel(box)
    _wheel(combo)
    assert (box.value(), combo.currentIndex()) == (5, 0)
    assert box.focusPolicy() == combo.focusPolicy() == Qt.FocusPolicy.StrongFocus
