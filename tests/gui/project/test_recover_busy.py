"""Choosing Recover says so in the window at once (issue 79): the window stood empty for seconds
while the work saved automatically was read and shown again. The status line says it is being
recovered, with the busy cursor, before the copy is read; afterwards the cursor is back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.project import file as project
from tests.gui.project.test_recovered_saved_fits import _killed_after

pytestmark = pytest.mark.gui


def test_recover_says_it_is_busy_before_reading_the_copy(window, app, qtbot, tmp_path,
                                                        monkeypatch):
    _killed_after(app, qtbot, tmp_path, lambda w: None)
    seen: list[tuple[str, bool]] = []
    read = project.read_recovery

    def reading(path):
        seen.append((window.statusBar().currentMessage(),
                     QApplication.overrideCursor() is not None))
        return read(path)

    monkeypatch.setattr(project, "read_recovery", reading)
    assert window.offer_recovery(ask=lambda win, orphan: True) == 1
    assert seen == [("Recovering the work saved automatically\u2026", True)]
    assert QApplication.overrideCursor() is None
    assert window.statusBar().currentMessage().startswith("Recovered 1 fit saved at")
