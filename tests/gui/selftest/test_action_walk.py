"""Issue 53: every action of every menu is walked, its dialogs answered, with the accessibility
filter installed; a crash, an exception or a Qt warning fails the walk."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QPushButton, QVBoxLayout

from tapdesk.gui.selftest.action_walk import ActionWalk, mnemonic_problems, walk_in_process

pytestmark = pytest.mark.gui


def test_every_menu_action_of_the_window_is_walked_in_a_process_of_its_own(tmp_path):
    found = walk_in_process(tmp_path / "walk")
    assert "crashed" not in found, (found.get("crashed"), found.get("log"))
    assert found["exceptions"] == [] and found["qt_warnings"] == [], found
    assert found["mnemonic_problems"] == [], found["mnemonic_problems"]
    walked = found["walked"]
    for entry in ("File > Committee pack...", "File > Export report (PDF)...",
                  "File > Print report...", "Analysis > Fit",
                  "Analysis > Cancel fit", "Analysis > Plan the next study...",
                  "Help > Examples > Wine judging (real data: 183 wines, 4 judges)"):
        assert entry in walked, (entry, walked)
    assert walked[-1] == "File > Quit" and found["never_enabled"] == [], found
    answered = " | ".join(found["answered"])
    assert "QInputDialog 'Committee pack'" in answered            # the box that killed the app
    assert "ExportDialog 'Export report': Export" in answered
    assert found["ok"] is True
    assert found["fits"] >= 2 and found["p_interval_mismatches"] == []  # wine: t-a-p, per rater


class _Dialog(QDialog):
    """A dialog with a button of its own and a button box, as the app's dialogs have."""

    def __init__(self, parent, pressed: list[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Dummy dialog")
        again = QPushButton("&Again")
        again.clicked.connect(lambda: pressed.append("Again"))
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(lambda: (pressed.append("OK"), self.accept()))
        box.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(again)
        layout.addWidget(box)


def test_an_action_added_to_the_menus_joins_the_walk_by_itself(window, qapp, tmp_path):
    pressed: list[str] = []
    menu = window.menuBar().addMenu("&Dummy")
    asked = QAction("&Ask a question", window)
    asked.triggered.connect(lambda: pressed.append(
        str(QMessageBox.question(window, "Dummy question", "Go on?"))))
    dialog = QAction("Open a &dialog", window)
    dialog.triggered.connect(lambda: _Dialog(window, pressed).exec())
    broken = QAction("&Broken", window)
    broken.triggered.connect(lambda: 1 / 0)
    for action in (asked, dialog, broken):
        menu.addAction(action)
    walk = ActionWalk(qapp, window, tmp_path)
    found = walk.run(menus=("Dummy",))
    assert found["walked"] == ["Dummy > Ask a question", "Dummy > Open a dialog", "Dummy > Broken"]
    # each answered: the question by its Escape button (No), the dialog's buttons in turn
    assert pressed == [str(QMessageBox.StandardButton.No.value), "Again", "OK"], pressed
    assert len(found["exceptions"]) == 1 and "ZeroDivisionError" in found["exceptions"][0]
    assert mnemonic_problems(window) == []
    menu.addAction(QAction("Without a letter", window))
    menu.addAction(QAction("&Again a B", window))
    assert any("'Without a letter' has no mnemonic" in p for p in mnemonic_problems(window))
    assert any("share the mnemonic a" in p for p in mnemonic_problems(window))
