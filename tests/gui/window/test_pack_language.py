"""File > Committee pack... speaks the language in force (issue 54): in the pseudo-language the
title question, the folder dialog, the progress box (its first words, each step, Cancel and what
it says once pressed) and the status bar's words are bracketed."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from tapdesk.gui.window.menus import load_example
from tests.gui.window.test_window_in_languages import (
    _fit,
    pseudo_window,  # noqa: F401 - the fixture
)

pytestmark = pytest.mark.gui


def _bracketed(text: str) -> bool:
    return text.startswith("[") and text.rstrip(".").endswith("]")


def test_the_committee_pack_dialogs_are_bracketed(pseudo_window, qtbot, tmp_path, monkeypatch):  # noqa: F811
    from tapdesk.gui.window import pack
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    _fit(window, qtbot)
    asked = []
    monkeypatch.setattr(pack.QInputDialog, "getText",
                        lambda parent, title, label, **k: (asked.extend([title, label]) or ("T", True)))
    monkeypatch.setattr(pack.QFileDialog, "getExistingDirectory",
                        lambda parent, title, *a, **k: (asked.append(title) or str(tmp_path)))
    job = pack.pack_job(window)
    steps: list = []
    job.progress.connect(steps.append)
    shown = []
    with qtbot.waitSignal(job.cancelled, timeout=120000):
        window.action_committee_pack.trigger()
        box = window.pack_box
        shown += [box.windowTitle(), box.labelText(), box.findChild(QPushButton).text()]
        qtbot.waitUntil(lambda: bool(steps), timeout=60000)
        QApplication.processEvents()
        shown.append(box.labelText())                    # a step of the pack
        box.findChild(QPushButton).click()
        shown.append(box.labelText())                    # "Cancelling..."
    assert len(asked) == 3 and all(_bracketed(t) for t in asked), asked
    assert all(_bracketed(t) for t in shown), shown
    assert _bracketed(window.statusBar().currentMessage())
