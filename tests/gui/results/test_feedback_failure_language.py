"""Feedback that cannot be written says so in the language in force, in its own whole sentence
(issue 54: it reused the report's message with an English-only replace)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from tapdesk import i18n
from tapdesk.gui.window.menus import load_example
from tests.gui.window.test_window_in_languages import _fit

pytestmark = pytest.mark.gui


def test_feedback_that_cannot_be_written_is_said_in_german(window, qtbot, tmp_path, monkeypatch):
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    _fit(window, qtbot)
    i18n.set_language("de")
    target = tmp_path / "missing" / "feedback.pdf"              # its folder does not exist
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    pane = window.results_pane
    pane._write_feedback(pane.current_entry().result)
    job = pane.feedback_job
    with qtbot.waitSignal(job.failed, timeout=120000) as blocker:
        pass
    message = blocker.args[0]
    assert message.startswith("Die Rückmeldung konnte nicht geschrieben werden"), message
    box = pane.error_box
    assert box is not None and box.text() == message
    assert box.informativeText() == "Ihre Daten und früheren Ergebnisse sind unverändert."
    box.close()


def test_the_feedback_steps_are_german_and_keep_their_english_key(window, qtbot, tmp_path,
                                                                  monkeypatch):
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    _fit(window, qtbot)
    i18n.set_language("de")
    target = tmp_path / "feedback.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    monkeypatch.setattr("PySide6.QtWidgets.QMessageBox.information", lambda *a, **k: None)
    pane = window.results_pane
    pane._write_feedback(pane.current_entry().result)
    job = pane.feedback_job
    labels: list = []
    job.progress.connect(lambda event: labels.append((event.what, job.dialog.labelText())))
    with qtbot.waitSignal(job.finished, timeout=120000):
        pass
    assert target.is_file() and labels
    assert all(key.startswith(("Writing the feedback:", "Laying out the feedback pages"))
               for key, _label in labels), labels
    assert all(label.startswith(("Rückmeldung wird geschrieben:",
                                 "Seiten der Rückmeldung werden gesetzt"))
               for _key, label in labels), labels
