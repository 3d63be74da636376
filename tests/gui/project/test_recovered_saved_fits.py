"""After a recovery, "Save changes?" lists only what the saved project does not hold (issue 79).

A window saves its project, changes it, and is killed: its recovery copy holds the saved fits
too. The next window recovers the copy (as TapDesk does at start, :func:`offer_recovery`); its
File > New analysis and its closing then ask about the work that is not in the project file, and
never about a fit or a data set already saved there.
"""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from tapdesk.gui.project import autosave
from tapdesk.gui.selftest.checks import answer_next_question
from tapdesk.gui.window.menus import load_example
from tests.gui.project.test_no_lost_work import _fit

pytestmark = pytest.mark.gui


def _killed_after(app, qtbot, tmp_path, work) -> str:
    """A window that opened the wine data, fitted t-a-p, saved p.tapdesk, did ``work`` and was
    killed: its recovery copy left behind as an orphan. Returns the saved fit's data name."""
    from tapdesk.gui.window.main_window import MainWindow
    first = MainWindow()
    first.preview_imports = False
    try:
        load_example(first, "wine")
        _fit(first, qtbot, "tap")
        assert first.save_project(tmp_path / "p.tapdesk") and not first.dirty
        work(first)
        copy = first.autosaver.save_now(background=False)
        assert copy is not None and first.autosaver.last_error is None
        shutil.copy(copy, autosave.autosave_folder() / f"{autosave.PREFIX}killed{autosave.SUFFIX}")
        return first.results_pane.entries[0].data.title
    finally:
        first.ask_save_changes = lambda action: "discard"
        first.close()
        first.deleteLater()


def _recover(window) -> None:
    assert window.offer_recovery(ask=lambda win, orphan: True) == 1
    assert window.project_path is not None and window.project_path.name == "p.tapdesk"
    assert window.dirty


def _question(window, trigger) -> tuple[str, str]:
    """The real "Save changes?" box that ``trigger`` asks (answered Cancel): its two texts."""
    seen: list = []
    answer_next_question(QApplication.instance(), QMessageBox.StandardButton.Cancel, seen,
                         note=lambda box: (box.text(), box.informativeText()))
    trigger()
    assert len(seen) == 1
    return seen[0]


@pytest.mark.parametrize("reopened", [False, True], ids=["as-fitted", "reopened"])
def test_recovered_saved_fits_are_not_listed_as_unsaved(window, app, qtbot, tmp_path,
                                                        real_save_question, reopened):
    """One more fit after the save; ``reopened``: the killed window had opened the saved
    project again (its fits read back from the file) before that fit."""
    def another(w):
        if reopened:
            assert w.open_project(tmp_path / "p.tapdesk") and not w.dirty
        _fit(w, qtbot, "per-rater")

    name = _killed_after(app, qtbot, tmp_path, another)
    _recover(window)
    assert [e.result.model for e in window.results_pane.entries] == ["tap", "per-rater"]
    text, info = _question(window, window.action_new.trigger)
    assert text == "Save the changes to p.tapdesk before you start a new analysis?"
    assert info == f"Not saved yet: 1 fit of {name}."            # not 2, and no "new data set"
    assert len(window.results_pane.entries) == 2                 # Cancel kept everything
    closing = []
    assert _question(window, lambda: closing.append(window.close()))[1] == info
    assert closing == [False] and window.isVisible()
    assert window.save_project() and not window.dirty            # all of it saved now
    assert window.unsaved_summary() == "Your changes (choices and settings) are not saved."


def test_a_saved_fit_removed_before_the_kill_is_named_as_removed(window, app, qtbot, tmp_path,
                                                                real_save_question):
    def another_and_remove_the_first(w):
        _fit(w, qtbot, "per-rater")
        assert w.save_project() and not w.dirty
        w.results_pane.select(0)
        w.action_remove_fit.trigger()
        assert [e.result.model for e in w.results_pane.entries] == ["per-rater"] and w.dirty

    _killed_after(app, qtbot, tmp_path, another_and_remove_the_first)
    _recover(window)
    assert [e.result.model for e in window.results_pane.entries] == ["per-rater"]
    _text, info = _question(window, window.action_new.trigger)
    assert info == "Not saved yet: 1 fit removed."


def test_only_a_setting_changed_names_no_fit(window, app, qtbot, tmp_path, real_save_question):
    _killed_after(app, qtbot, tmp_path, lambda w: w.choose_report_language("de"))
    _recover(window)
    assert len(window.results_pane.entries) == 1 and window.report_language == "de"
    text, info = _question(window, window.close)
    assert text == "Save the changes to p.tapdesk before you close TapDesk?"
    assert info == "Your changes (choices and settings) are not saved."
    assert window.isVisible()
