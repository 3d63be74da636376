"""Issue 26, point 4: keyboard and assistive technology (names, Tab, focus mark, mnemonics)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from tapdesk.gui.accessibility import add_mnemonics
from tapdesk.gui.selftest.accessibility_check import accessibility_problems, accessible_name, is_interactive
from tapdesk.gui.widgets import focus_mark
from tapdesk.gui.window.menus import load_example
from tapdesk.render.plots import new_plot

pytestmark = pytest.mark.gui


def _panel(qtbot, *widgets) -> QWidget:
    panel = QWidget()
    panel.setWindowTitle("Probe")
    layout = QVBoxLayout(panel)
    for w in widgets:
        layout.addWidget(w)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_the_checker_finds_an_unnamed_button_and_an_unreachable_control(app, qtbot):
    unnamed = QPushButton()                          # no text, no tooltip: nothing to read
    unnamed.setObjectName("mystery")
    unreachable = QLineEdit()
    unreachable.setAccessibleName("Reachable only by mouse")
    unreachable.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    named = QPushButton("Fine")
    panel = _panel(qtbot, unnamed, unreachable, named)
    problems = accessibility_problems(panel)
    assert any("mystery" in p and "no accessible name" in p for p in problems), problems
    assert any("Reachable only by mouse" in p or ("QLineEdit" in p and "Tab never reaches it" in p)
               for p in problems), problems
    assert not any("Fine" in p for p in problems)
    unnamed.setAccessibleName("Mystery")
    unreachable.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    assert accessibility_problems(panel) == []


def test_the_checker_finds_a_table_that_traps_tab(app, qtbot):
    table = QTableWidget(2, 2)
    table.setAccessibleName("Cells")
    panel = _panel(qtbot, table, QPushButton("After"))
    assert not table.tabKeyNavigation()             # the general rule turned the trap off
    assert accessibility_problems(panel) == []
    table.setTabKeyNavigation(True)
    assert any("Tab is trapped" in p for p in accessibility_problems(panel))


def test_controls_are_named_from_their_label_tooltip_and_plots_from_their_title(app, qtbot):
    row = QWidget()
    h = QHBoxLayout(row)
    label = QLabel("Rater &name:")
    edit = QLineEdit()
    h.addWidget(label)
    h.addWidget(edit)
    tipped = QLineEdit()
    tipped.setToolTip("How many draws each chain keeps. More draws, smoother plots.")
    plot = new_plot("Accuracy of each rater", "rater", "accuracy")
    panel = _panel(qtbot, row, tipped, plot)
    assert accessible_name(edit) == "Rater name" and label.buddy() is edit
    assert accessible_name(tipped) == "How many draws each chain keeps"
    assert accessible_name(plot) == "Plot: Accuracy of each rater"
    assert plot.accessibleDescription() == "Plot of accuracy against rater"
    assert accessibility_problems(panel) == []


def test_dialog_buttons_get_mnemonics_that_do_not_clash(app, qtbot):
    buttons = [QPushButton(t) for t in ("Save", "Discard", "Cancel", "Close", "&Open")]
    add_mnemonics(buttons)
    texts = [b.text() for b in buttons]
    assert texts[:3] == ["&Save", "&Discard", "&Cancel"] and texts[4] == "&Open"
    letters = [t[t.index("&") + 1].lower() for t in texts]
    assert len(set(letters)) == len(letters), texts
    dialog = QDialog()
    qtbot.addWidget(dialog)
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    QVBoxLayout(dialog).addWidget(box)
    dialog.show()                                    # every dialog's buttons, when shown
    assert all("&" in b.text() for b in box.buttons()), [b.text() for b in box.buttons()]


def _fitted(window, qtbot):
    load_example(window, "medals")
    assert window.model_pane.select("tap", "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=60000):
        window.start_fit()
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def test_main_window_with_a_fit_has_no_accessibility_problems(window, qtbot):
    assert accessibility_problems(window) == []
    _fitted(window, qtbot)
    rp = window.results_pane
    for tab in rp.tab_names():
        rp.show_tab(tab)
        qtbot.wait(10)
        assert accessibility_problems(window) == [], tab


def test_tab_visits_every_control_in_reading_order_and_the_mark_follows(window, qtbot):
    _fitted(window, qtbot)
    window.activateWindow()
    start = window.dataset_pane.remap_button
    start.setFocus()
    qtbot.waitUntil(lambda: start.hasFocus(), timeout=2000)
    visited = []
    for _ in range(80):
        focused = window.focusWidget()
        if visited and focused is visited[0]:
            break
        visited.append(focused)
        assert focus_mark.current().widget() is focus_mark.marked(focused)
        QTest.keyClick(focused, Qt.Key.Key_Tab)
    else:
        pytest.fail("Tab never came back round to the first control")
    expected = {w for w in window.findChildren(QWidget)
                if w.isVisible() and w.isEnabled() and is_interactive(w)
                and w.window() is window and w.parentWidget() is not window.toolbar
                and w.focusPolicy() & Qt.FocusPolicy.TabFocus}
    radios = {w for w in expected if type(w).__name__ == "QRadioButton"}
    missed = expected - set(visited) - radios           # a radio group is one Tab stop
    assert not missed, [accessible_name(w) for w in missed]
    order = [visited.index(w) for w in (start, window.model_pane.fit_button,
                                        window.results_pane.history_list,
                                        window.results_pane.remove_button)]
    assert order == sorted(order)                     # data, analysis, results, the fits


def test_the_dialogs_have_no_accessibility_problems(window, qtbot):
    """Plan, glossary, simulate, help, import preview and an error: named, reachable, mnemonics."""
    from tapdesk.data.readers import ImportOptions, read_text
    from tapdesk.gui.dialogs import help as help_module
    from tapdesk.gui.dialogs.glossary_dialog import GlossaryDialog
    from tapdesk.gui.dialogs.import_dialog import ImportPreview
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    from tapdesk.gui.errors import show_error
    _fitted(window, qtbot)
    text = "subject,rater,rating\n1,a,1\n1,b,2\n2,a,1\n2,b,1\n"
    dialogs = [PlanDialog(window, window.results_pane.current()), GlossaryDialog(window),
               SimulateDialog(window), help_module.show_meaning(window),
               help_module.show_about(window),
               ImportPreview(window, read_text(text), ImportOptions(), text=text,
                             reread=lambda o: read_text(text, o))]
    for dialog in dialogs:
        dialog.show()
        qtbot.waitExposed(dialog)
        assert accessibility_problems(dialog, dialogs=False) == [], dialog.windowTitle()
        boxes = dialog.findChildren(QDialogButtonBox)
        assert all("&" in b.text() for box in boxes for b in box.buttons()), dialog.windowTitle()
        dialog.reject()
        dialog.deleteLater()
    box = show_error(window, "Something went wrong.", "details")
    qtbot.waitExposed(box)
    assert accessibility_problems(box, dialogs=False) == []
    assert "&OK" in [b.text() for b in box.buttons()]
    box.close()


def test_a_dialogs_own_buttons_get_mnemonics_beside_its_labels(app, qtbot):
    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    label = QLabel("&Run name:")
    label.setBuddy(QLineEdit())
    layout.addWidget(label)
    buttons = [QPushButton("Run plan"), QPushButton("Cancel"), QPushButton("Close")]
    for b in buttons:
        layout.addWidget(b)
    dialog.show()
    texts = [b.text() for b in buttons]
    letters = [t[t.index("&") + 1].lower() for t in texts]
    assert "r" not in letters and len(set(letters)) == 3, texts


def test_the_main_window_is_built_without_the_filter_and_named_when_shown(app, qtbot):
    """The first window is built with the application's event filter off (issue 41: its 4,000
    events cost the first showing 20-25 ms); shown and painted, its controls are named as the
    filter would have named them, and the filter is back for what comes later."""
    from tapdesk.gui.window.main_window import MainWindow
    from tapdesk.gui.window.projects import DISCARD
    window = MainWindow()
    window.ask_save_changes = lambda action: DISCARD
    qtbot.addWidget(window)
    probe = QLineEdit()
    probe.setToolTip("Built with the window. More words.")
    window.dataset_pane.layout().addWidget(probe)
    probe.ensurePolished()
    assert probe.accessibleName() == ""                 # no filter while the window is built
    window.show()
    qtbot.waitExposed(window)                           # named in the next turn of the loop
    qtbot.waitUntil(lambda: probe.accessibleName() == "Built with the window", timeout=5000)
    assert accessibility_problems(window) == []
    later = QLineEdit()
    later.setToolTip("Shown after the window. More words.")
    panel = _panel(qtbot, later)                       # the filter names it: it is back on
    assert later.accessibleName() == "Shown after the window", panel
