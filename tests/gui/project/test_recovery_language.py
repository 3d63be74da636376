"""The "Recover your work" question speaks the language in force (issue 54): a recovery copy left
by a killed TapDesk is present at start; the question, its facts and its buttons are German."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tapdesk import i18n
from tapdesk.gui.project import autosave
from tapdesk.gui.project.autosave import autosave_folder, find_orphans
from tests import FIXTURES

pytestmark = pytest.mark.gui


def test_the_recovery_question_at_start_is_german(window, qtbot):
    folder = autosave_folder()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("old-1", "old-2"):               # two copies: the question says one more waits
        shutil.copy(FIXTURES / "projects" / "saved_by_1_0.tapdesk",
                    folder / f"{autosave.PREFIX}{name}{autosave.SUFFIX}")
    i18n.set_language("de")
    seen = []

    def answer():
        boxes = [w for w in QApplication.allWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not boxes:
            QTimer.singleShot(20, answer)
            return
        box = boxes[0]
        buttons = {b.text().replace("&", ""): b for b in box.buttons()}
        seen.append((box.windowTitle(), box.text(), sorted(buttons)))
        buttons["Alle 2 verwerfen"].click()

    QTimer.singleShot(20, answer)
    assert window.offer_recovery() == 0           # what the app does at start, the real question
    [(title, text, buttons)] = seen
    assert title == "Arbeit wiederherstellen"
    assert buttons == ["Alle 2 verwerfen", "Verwerfen", "Wiederherstellen"]
    assert text.startswith("TapDesk wurde nicht normal beendet. Ihre Arbeit wurde um 19:19 Uhr "
                           "am 24. November 2026 automatisch gespeichert."), text
    assert "Projekt: eine neue Analyse, die nie gespeichert wurde" in text
    assert "Daten: wine.csv" in text and "Ergebnisse: 12 abgeschlossene Anpassungen" in text
    assert "1 weitere Wiederherstellungskopie aus anderen Sitzungen wird danach angeboten." in text
    assert find_orphans(exclude=window.autosaver.path) == []
