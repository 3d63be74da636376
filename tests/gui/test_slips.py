"""Issue 26, point 3: slips lose no work (Remove fit undoable, actions off when they cannot act,
quitting during a fit names it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tapdesk.gui.project import file as project
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model="tap", method="mle"):
    assert window.model_pane.select(model, method)
    with qtbot.waitSignal(window.controller.finished, timeout=60000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _press_later(button_text: str, seen: list) -> None:
    """Note the next modal question (text, informative text, button texts) and press a button."""
    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        seen.append((box.text(), box.informativeText(), [b.text() for b in box.buttons()]))
        next(b for b in box.buttons() if b.text() == button_text).click()
    QTimer.singleShot(20, press)


def test_remove_is_disabled_without_a_fit(window, qtbot):
    rp = window.results_pane
    assert not rp.remove_button.isEnabled() and not window.action_remove_fit.isEnabled()
    assert not rp.plan_button.isEnabled() and not window.action_undo.isEnabled()
    assert not window.action_export_report.isEnabled() and not window.action_save.isEnabled()
    assert not window.action_close_data.isEnabled() and not window.action_fit.isEnabled()
    assert not window.action_cancel.isEnabled()
    assert not rp.raters.feedback_button.isEnabled()
    load_example(window, "medals")
    assert window.action_fit.isEnabled() and not rp.remove_button.isEnabled()
    _fit(window, qtbot)
    assert rp.remove_button.isEnabled() and window.action_remove_fit.isEnabled()
    assert rp.plan_button.isEnabled() and window.action_export_report.isEnabled()


def test_remove_then_undo_restores_the_fit_in_its_place(window, qtbot, tmp_path):
    load_example(window, "medals")
    first = _fit(window, qtbot)
    second = _fit(window, qtbot, "tap-a0a1")
    third = _fit(window, qtbot, "tap", "mle")
    rp = window.results_pane
    rp.history_list.set_checked(1, False)            # its Compare tick comes back too
    rp.select(1)
    assert rp.current() is second
    window.save_project(tmp_path / "before.tapdesk")
    rp.remove_button.click()
    assert rp.history == [first, third]
    message = window.statusBar().currentMessage()
    assert message.startswith("Removed fit 2. ") and "Edit > Undo restores it" in message
    assert window.dirty and window.action_undo.isEnabled()
    assert rp.current() is first                     # the one before it, of the same data
    window.save_project(tmp_path / "removed.tapdesk")
    assert len(project.read_state(tmp_path / "removed.tapdesk").fits) == 2   # not saved
    window.action_undo.trigger()
    assert rp.history == [first, second, third]
    assert rp.current() is second and rp.current_entry().table is not None
    assert rp.history_list.checked_indices() == [0, 2]
    assert window.dirty and window.statusBar().currentMessage().startswith("Restored fit 2.")
    window.save_project(tmp_path / "undone.tapdesk")
    saved = project.read_state(tmp_path / "undone.tapdesk")
    assert [f.result.to_dict() for f in saved.fits] == [r.to_dict() for r in (first, second, third)]
    window.action_redo.trigger()                     # and Redo removes it again
    assert rp.history == [first, third]


def test_remove_and_undo_update_the_recovery_copy(window, qtbot):
    load_example(window, "medals")
    _fit(window, qtbot)
    saver = window.autosaver

    def fits_in_copy() -> int:
        saver.wait()
        return len(project.read_state(saver.path).fits) if saver.path.exists() else -1

    qtbot.waitUntil(lambda: fits_in_copy() == 1, timeout=10000)
    window.results_pane.remove_current()
    qtbot.waitUntil(lambda: fits_in_copy() == 0, timeout=10000)
    window.action_undo.trigger()
    qtbot.waitUntil(lambda: fits_in_copy() == 1, timeout=10000)


def test_closing_data_clears_the_undo_history(window, qtbot):
    load_example(window, "medals")
    _fit(window, qtbot)
    _fit(window, qtbot)
    window.results_pane.remove_current()
    assert window.action_undo.isEnabled()
    assert window.close_session()
    assert not window.action_undo.isEnabled() and window.results_pane.entries == []


def _start_long_fit(window, qtbot) -> int:
    load_example(window, "medals")
    window.model_pane.select("tap", "mle")
    window.model_pane.bootstrap.setValue(5000)
    rid = window.start_fit()
    assert rid is not None and window.controller.running
    return rid


def test_quit_during_a_fit_names_it_and_cancel_keeps_it(window, qtbot, real_save_question):
    rid = _start_long_fit(window, qtbot)
    seen: list = []
    _press_later("&Cancel", seen)
    assert not window.close()
    text, info, buttons = seen[0]
    assert "A fit is running: t-a-p (average rater), Maximum likelihood, on Simulated medals. " \
        "It stops and is lost." in info
    assert sorted(buttons) == ["&Cancel", "&Discard", "&Save"]
    assert window.isVisible() and window.controller.running and window.controller.current_id == rid
    window.cancel_fit()
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def test_quit_during_a_fit_with_nothing_unsaved(window, qtbot, real_save_question, tmp_path):
    _start_long_fit(window, qtbot)
    window.save_project(tmp_path / "saved.tapdesk")
    assert not window.dirty and window.controller.running
    seen: list = []
    _press_later("&Cancel", seen)
    assert not window.close()
    text, _, buttons = seen[0]
    assert text.startswith("A fit is running: t-a-p (average rater)") and "Close TapDesk and lose it?" in text
    assert sorted(buttons) == ["&Cancel", "&Lose the fit"]
    assert window.isVisible() and window.controller.running
    _press_later("&Lose the fit", seen)
    assert window.close()
    assert not window.controller.running
