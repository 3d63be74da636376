"""Issue 12, point 3: Save / Discard / Cancel, atomic autosave, recovery after kill -9."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from tapdesk.gui.project import autosave
from tapdesk.gui.project import file as project
from tapdesk.gui.project.autosave import autosave_folder, find_orphans
from tapdesk.gui.project.codec import write_atomic
from tapdesk.gui.selftest.checks import answer_next_question
from tapdesk.gui.window.menus import load_example
from tapdesk.gui.window.projects import CANCEL, DISCARD, SAVE

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model="tap", method="mle"):
    """Fit, and wait for the recovery copy written right after the fit (or its failure)."""
    assert window.model_pane.select(model, method)
    saver = window.autosaver
    saver.wait()                                   # a copy still being written (opening data)
    at_end = {}

    def finished(*_):          # the copy written at the start names the fit; this one holds it
        saver.wait()
        at_end["writes"], saver.last_error = saver.writes, None

    window.controller.finished.connect(finished)
    try:
        with qtbot.waitSignal(window.controller.finished, timeout=60000) as blocker:
            assert window.start_fit() is not None, window.last_error
    finally:
        window.controller.finished.disconnect(finished)
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    qtbot.waitUntil(lambda: saver.writes > at_end["writes"] or saver.last_error is not None,
                    timeout=10000)
    saver.wait()
    return blocker.args[0]


def _answer(window, monkeypatch, answer):
    asked = []
    monkeypatch.setattr(window, "ask_save_changes", lambda action: asked.append(action) or answer)
    return asked


def _recovery_files() -> list[str]:
    folder = autosave_folder()
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


# ----------------------------------------------------------- save changes?
def test_close_with_unsaved_fits_asks_and_cancel_keeps_everything(window, qtbot, monkeypatch):
    load_example(window, "medals")
    _fit(window, qtbot)
    asked = _answer(window, monkeypatch, CANCEL)
    assert not window.close()
    assert asked == ["close TapDesk"] and window.isVisible() and window.dirty
    assert window.autosaver.path.exists()              # the recovery copy stays while it is open


def test_close_with_discard_leaves_no_recovery_copy(window, qtbot, monkeypatch):
    load_example(window, "medals")
    _fit(window, qtbot)
    assert window.autosaver.path.exists()
    asked = _answer(window, monkeypatch, DISCARD)
    assert window.close()
    assert asked == ["close TapDesk"]
    assert _recovery_files() == [] and find_orphans() == []


def test_close_with_save_writes_the_project(window, qtbot, monkeypatch, tmp_path):
    load_example(window, "medals")
    result = _fit(window, qtbot)
    window.project_path = tmp_path / "kept.tapdesk"
    _answer(window, monkeypatch, SAVE)
    assert window.close()
    state = project.read_state(tmp_path / "kept.tapdesk")
    assert [f.result.to_dict() for f in state.fits] == [result.to_dict()]
    assert _recovery_files() == []


def test_the_real_question_names_what_would_be_lost(window, qtbot, real_save_question):
    """The message box itself (not a stand-in): its words, its three buttons, Cancel works."""
    load_example(window, "medals")
    _fit(window, qtbot)
    _fit(window, qtbot, "tap-a0a1")
    seen: list = []
    answer_next_question(QApplication.instance(), QMessageBox.StandardButton.Cancel, seen,
                         note=lambda box: (box.text(), box.informativeText(),
                                           {box.standardButton(b) for b in box.buttons()}))
    assert not window.close()
    text, info, buttons = seen[0]
    assert text == "Save the changes to this analysis before you close TapDesk?"
    assert info == "Not saved yet: 2 fits of Simulated medals; the new data set Simulated medals."
    assert buttons == {QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard,
                       QMessageBox.StandardButton.Cancel}
    assert window.isVisible()
    window.mark_clean()                 # so the test's own clean-up closes without asking


def test_new_analysis_open_project_and_close_data_ask_first(window, qtbot, monkeypatch, tmp_path):
    load_example(window, "medals")
    _fit(window, qtbot)
    asked = _answer(window, monkeypatch, CANCEL)
    assert not window.new_analysis() and len(window.results_pane.entries) == 1
    (tmp_path / "p.tapdesk").write_text("{}")
    assert not window.open_project(tmp_path / "p.tapdesk") and len(window.results_pane.entries) == 1
    assert not window.close_session() and len(window.sessions) == 1
    assert asked == ["start a new analysis", "open p.tapdesk", "close Simulated medals and its 1 fit"]
    _answer(window, monkeypatch, DISCARD)
    assert window.close_session() and not window.sessions and not window.results_pane.entries
    assert window.dataset_pane.table is None and not window.action_fit.isEnabled()


def test_nothing_unsaved_nothing_asked(window, qtbot, monkeypatch, tmp_path):
    load_example(window, "medals")
    _fit(window, qtbot)
    assert window.save_project(tmp_path / "a.tapdesk") and not window.dirty
    assert window.windowTitle() == "a.tapdesk[*] - TapDesk" and not window.isWindowModified()
    assert not window.autosaver.path.exists()           # saved: no recovery copy needed
    asked = _answer(window, monkeypatch, CANCEL)
    assert window.close() and asked == []


# ---------------------------------------------------------------- autosave
def test_autosave_after_every_finished_fit_and_on_a_timer(window, qtbot):
    load_example(window, "medals")
    saver = window.autosaver
    assert saver.timer.isActive() and saver.timer.interval() == autosave.INTERVAL_MS
    first = _fit(window, qtbot)
    saver.wait()
    assert [f.result.to_dict() for f in project.read_state(saver.path).fits] == [first.to_dict()]
    second = _fit(window, qtbot, "tap-a0a1")
    saver.wait()
    assert len(project.read_state(saver.path).fits) == 2 and second.model == "tap-a0a1"
    window.dataset_pane.ordinal_check.setChecked(False)   # a change that is not a fit
    saver.path.unlink()
    saver.timer.timeout.emit()                             # what the timer does every minute
    saver.wait()
    assert saver.path.exists() and saver.last_error is None


def test_write_atomic_keeps_the_old_file_when_a_write_breaks_off(tmp_path, monkeypatch):
    target = tmp_path / "a.tapdesk"
    write_atomic(target, "old complete text")

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        write_atomic(target, "new text that never arrives whole")
    assert target.read_text() == "old complete text"
    assert [p.name for p in tmp_path.iterdir()] == ["a.tapdesk"]      # no temporary left


def test_a_failing_autosave_says_so(window, qtbot, monkeypatch):
    load_example(window, "medals")
    monkeypatch.setattr(autosave, "write_atomic", lambda *a: (_ for _ in ()).throw(OSError("full")))
    _fit(window, qtbot)
    window.autosaver.wait()
    assert "not written" in window.autosaver.last_error
    assert "not written" in window.statusBar().currentMessage()


def test_every_result_kind_encodes_to_json(window, qtbot):
    """An autosave that silently failed on one kind of result lost every fit (issue 12)."""
    load_example(window, "ordinal")
    for model in ("categorical", "dawid-skene", "ordinal-cuts", "coefficients"):
        _fit(window, qtbot, model)
    text = project.snapshot_json(project.project_snapshot(window))
    assert len(project.read_state_text(text).fits) == 4


# ---------------------------------------------------------------- recovery
def test_an_open_window_is_never_offered_for_recovery(window, qtbot, app):
    from tapdesk.gui.window.main_window import MainWindow
    load_example(window, "medals")
    _fit(window, qtbot)
    other = MainWindow()
    try:
        assert find_orphans(exclude=other.autosaver.path) == []     # the first window is alive
        assert other.offer_recovery(ask=lambda w, o: pytest.fail("asked")) == 0
    finally:
        other.close()


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
@pytest.mark.parametrize("mode,word", [("idle", "READY"), ("fitting", "FITTING")])
def test_recovery_after_kill_9(window, tmp_path, mode, word):
    """kill -9 right after two fits, or in the middle of a third: both finished fits come back."""
    from tapdesk.gui.selftest.crash_probe import kill, start_probe, wait_for
    proc = start_probe(mode, tmp_path, autosave_folder())
    try:
        assert wait_for(proc, "READY") == "READY 2"
        assert wait_for(proc, word) if mode != "idle" else True
    finally:
        kill(proc)
    assert proc.returncode == -signal.SIGKILL
    offers = []

    def ask(win, orphan):
        offers.append(orphan.describe())
        return True

    assert window.offer_recovery(ask=ask) == 1
    words = offers[0]
    assert "did not close normally" in words and "Data: Simulated medals" in words
    assert "2 finished fits" in words and "a new analysis that was never saved" in words
    lost = "Not recovered: the fit that was running (t-a-p (average rater), Maximum likelihood, on"
    assert (lost in words) == (mode == "fitting"), words     # issue 53: said, not gone silently
    entries = window.results_pane.entries
    assert [e.result.model for e in entries] == ["tap", "tap-a0a1"]
    assert all(e.table.n_ratings == 732 and e.data.name == "Simulated medals" for e in entries)
    assert window.dirty
    assert find_orphans(exclude=window.autosaver.path) == []        # offered once, not again
    assert [p for p in _recovery_files() if window.autosaver.path.name not in p] == []


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
@pytest.mark.slow
def test_kill_9_during_a_save_leaves_the_last_complete_project(window, tmp_path):
    from tapdesk.gui.selftest.crash_probe import kill, start_probe, wait_for
    proc = start_probe("saving", tmp_path, autosave_folder())
    try:
        assert wait_for(proc, "READY") == "READY 2"
        assert wait_for(proc, "SAVED", timeout=300)
        import time
        time.sleep(0.3)                                   # into the next save
    finally:
        kill(proc)
    state = project.read_state(tmp_path / "saving.tapdesk")   # complete, never half written
    assert len(state.fits) == 2 and {s.name for s in state.sessions} >= {"Simulated medals"}
    assert window.offer_recovery(ask=lambda w, o: True) == 1
    assert len(window.results_pane.entries) == 2
    assert not list(autosave_folder().glob(".*.tmp"))


def test_several_recovery_copies_can_be_discarded_at_once(window, qtbot):
    """After several crashes the user is not asked once per copy: the question says how many
    more wait and offers "Discard all"."""
    import shutil
    load_example(window, "medals")
    _fit(window, qtbot)
    saved = window.autosaver.save_now(background=False)
    for name in ("old-1", "old-2", "old-3"):
        shutil.copy(saved, autosave_folder() / f"{autosave.PREFIX}{name}{autosave.SUFFIX}")
    seen = []

    def ask(win, orphan):
        seen.append(orphan.waiting)
        return True if len(seen) == 1 else autosave.DISCARD_ALL

    assert window.offer_recovery(ask=ask) == 1          # the first recovered, then the rest dropped
    assert seen == [2, 1]
    assert find_orphans(exclude=window.autosaver.path) == []
    assert not [n for n in _recovery_files() if "old-" in n]


def test_the_recovery_question_offers_discard_all_when_more_wait(window, qtbot):
    orphan = autosave.Orphan(autosave_folder() / "x.tapdesk", None, "", ["wine.csv"], 0, "", waiting=2)
    clicked: list = []

    def named(box):
        return {b.text().replace("&", ""): b for b in box.buttons()}   # mnemonics added by Qt

    answer_next_question(QApplication.instance(), lambda box: named(box)["Discard all 3"], clicked,
                         note=lambda box: ("2 more recovery copies from other sessions"
                                           in box.text(), sorted(named(box))))
    assert autosave.ask_recover(window, orphan) == autosave.DISCARD_ALL
    assert clicked == [(True, ["Discard", "Discard all 3", "Recover"])]
