"""Issue 12, points 4 and 5: nothing cut or out of reach at 1280 x 800 and 1920 x 1080; no shortcut
bound twice. The layout walk itself is tested on widgets made to fail."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QComboBox, QLabel, QListWidget, QPushButton, QTableView,
                               QVBoxLayout, QWidget)

from tapdesk.gui.layout_check import layout_problems, settle
from tapdesk.gui.menus import load_example, shortcut_conflicts
from tapdesk.gui.table_models import RowsModel, table_view

pytestmark = pytest.mark.gui
SIZES = ((1280, 800), (1920, 1080))


def _fit(window, qtbot, model="tap", method="mle", **options):
    assert window.model_pane.select(model, method)
    for name, value in options.items():
        getattr(window.model_pane, name).setValue(value)
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def _walk(window, app, tabs=None) -> list[str]:
    found = []
    for width, height in SIZES:
        window.resize(width, height)
        app.processEvents()
        assert (window.width(), window.height()) == (width, height)
        for tab in tabs or window.results_pane.tab_names():
            window.results_pane.show_tab(tab)
            settle(app)
            found += [f"{width}x{height} {tab}: {p}" for p in layout_problems(window)]
    return found


# ------------------------------------------------------- the checker itself
def _host(qtbot, *widgets, size=(400, 300)) -> QWidget:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    for w in widgets:
        layout.addWidget(w)
    host.resize(*size)
    host.show()
    return host


def test_walk_finds_a_label_cut_short(qtbot):
    label = QLabel("A sentence far too long for the room it was given")
    label.setFixedWidth(80)
    wrapped = QLabel("Please read: " + "this note is cut mid-sentence " * 8)
    wrapped.setWordWrap(True)
    wrapped.setFixedHeight(20)
    host = _host(qtbot, label, wrapped)
    problems = layout_problems(host)
    assert any("A sentence far" in p and "cut off" in p for p in problems)
    assert any("Please read" in p and "cut off" in p for p in problems)


def test_walk_finds_cut_headings_and_cells_and_a_squeezed_button(qtbot):
    model = RowsModel(("Parameter", "Sensitivity (true positive rate)"),
                      [("t", "a value much wider than its column")])
    view = table_view(model, "tiny table", sort=False)
    view.horizontalHeader().setStretchLastSection(False)
    view.horizontalHeader().resizeSection(1, 40)
    button = QPushButton("A button with a long caption")
    button.setFixedWidth(60)
    combo = QComboBox()
    combo.addItem("Subjects by number of Class-1 ratings: observed and expected")
    combo.setFixedWidth(120)
    host = _host(qtbot, view, button, combo, size=(500, 400))
    problems = layout_problems(host)
    assert any("heading 'Sensitivity" in p for p in problems)
    assert any("cell 'a value much wider" in p for p in problems)
    assert any("A button with a long caption" in p for p in problems)
    assert any("shows its choice cut off" in p for p in problems)


def test_walk_finds_widgets_outside_the_window_and_overlapping(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(300, 200)
    stray = QPushButton("Fit", host)
    stray.setGeometry(280, 180, 80, 30)           # half outside the window
    squeezed = QWidget(host)
    inner = QVBoxLayout(squeezed)
    for i in range(6):
        inner.addWidget(QPushButton(f"row {i}"))
    squeezed.setGeometry(0, 0, 200, 40)           # far smaller than its six buttons need
    host.show()
    problems = layout_problems(host)
    assert any("'Fit'" in p and "outside" in p for p in problems)
    assert any("squeezed below its contents" in p for p in problems)


def test_walk_accepts_a_clean_window(qtbot):
    label = QLabel("Short")
    view = QTableView()
    view.setModel(RowsModel(("a", "b"), [(1, 2)]))
    host = _host(qtbot, label, view)
    assert layout_problems(host) == []


def test_list_lines_running_past_the_list_are_found(qtbot):
    lst = QListWidget()
    lst.addItem("1. a model whose name runs well past the right edge of a narrow list")
    lst.setFixedWidth(120)
    host = _host(qtbot, lst)
    assert any("runs past the right edge" in p for p in layout_problems(host))


# -------------------------------------------------------------- the window
def test_minimum_size_is_sensible(window):
    minimum = window.minimumSize()
    assert 900 <= minimum.width() <= 1280 and 600 <= minimum.height() <= 800


def test_window_whole_at_both_sizes_empty_and_after_fits(window, qtbot, app, shared_data):
    assert _walk(window, app, ("Data", "Summary")) == []
    assert window.open_path(shared_data / "wine.csv")
    window.dataset_pane.by_cut.setChecked(True)
    _fit(window, qtbot)
    _fit(window, qtbot, "dawid-skene")
    _fit(window, qtbot, "ordinal-cuts")
    _fit(window, qtbot, "coefficients")
    assert _walk(window, app) == []
    window.results_pane.select(0)                 # the t-a-p fit: "Please read" notes and all
    assert _walk(window, app, ("Summary", "Raters", "Subjects", "Tables", "Compare")) == []


def test_fit_button_in_view_with_the_sampler_options(window, app):
    load_example(window, "medals")
    window.model_pane.select("tap", "mcmc")
    for width, height in SIZES:
        window.resize(width, height)
        app.processEvents()
        fit = window.model_pane.fit_button
        assert fit.isVisible() and not fit.visibleRegion().isEmpty()
        top_left = fit.mapTo(window, fit.rect().topLeft())
        assert window.rect().contains(top_left) and window.rect().contains(
            fit.mapTo(window, fit.rect().bottomRight()))
    assert layout_problems(window) == []


def test_class_1_choices_stay_usable_with_many_categories(window, app):
    from tapdesk.gui.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(window)
    dialog.k.setValue(10)
    window.load_dataset(dialog.dataset(), "ten categories")
    dialog.close()
    window.resize(1280, 800)
    app.processEvents()
    classes = window.dataset_pane.class_list
    assert classes.count() == 10
    for i in range(10):                            # every choice whole and inside the list
        rect = classes.visualItemRect(classes.item(i))
        assert classes.viewport().rect().contains(rect), i
        assert rect.height() >= classes.fontMetrics().height()
    assert layout_problems(window) == []


# ------------------------------------------------------------- shortcuts
def test_no_shortcut_is_bound_twice(window):
    assert shortcut_conflicts(window) == []
    save_as = [a for a in window.findChildren(type(window.action_save_as))
               if QKeySequence("Ctrl+Shift+S") in a.shortcuts()]
    assert save_as == [window.action_save_as]
    assert window.action_simulate.shortcut() == QKeySequence("Ctrl+G")


def test_shortcut_conflicts_are_found(window):
    window.action_simulate.setShortcut(QKeySequence("Ctrl+Shift+S"))
    assert shortcut_conflicts(window) == ["Ctrl+Shift+S: Save project as..., Simulate data..."]
    window.action_simulate.setShortcut(QKeySequence("Ctrl+G"))
