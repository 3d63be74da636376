"""After recovering the work on a project saved by an older TapDesk (format version 1 or 2:
one data set, its fits under "results"), "Save changes?" lists only what the project file does
not hold, as it does for today's files (issue 79)."""

from __future__ import annotations

import json
import shutil

import pytest

from tapdesk.gui.project import autosave
from tests.gui.project.test_no_lost_work import _fit
from tests.gui.project.test_recovered_saved_fits import _question, _recover

pytestmark = pytest.mark.gui


def _old_project(path, version: int) -> None:
    """A version 1 or 2 project of the medals data with one t-a-p fit, as those versions wrote."""
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    from tapdesk.gui.examples import example_dataset
    from tapdesk.gui.project.codec import encode
    dataset, _ = example_dataset("medals")
    result = fit(FitRequest(model="tap", class1=("medal",)), dataset.table)
    view = {"scale": ["no medal", "medal"], "ordinal": True, "class1": ["medal"], "cut": None}
    if version == 2:
        view["labels"] = [None, None]
    path.write_text(json.dumps({
        "format": "tapdesk-project", "version": version, "saved_at": "2025-01-02T03:04:05",
        "source": {"kind": "generated", "path": "", "options": None}, "dataset": encode(dataset),
        "view": view, "settings": None, "results": [encode(result)], "current": 0}))


def _killed_after_one_more_fit(qtbot, project) -> str:
    """A window opened ``project``, fitted per-rater and was killed (its recovery copy left
    behind as an orphan); the data set's name."""
    from tapdesk.gui.window.main_window import MainWindow
    first = MainWindow()
    first.preview_imports = False
    try:
        assert first.open_project(project) and not first.dirty
        _fit(first, qtbot, "per-rater")
        copy = first.autosaver.save_now(background=False)
        assert copy is not None and first.autosaver.last_error is None
        shutil.copy(copy, autosave.autosave_folder() / f"{autosave.PREFIX}killed{autosave.SUFFIX}")
        return first.results_pane.entries[0].data.title
    finally:
        first.ask_save_changes = lambda action: "discard"
        first.close()
        first.deleteLater()


@pytest.mark.parametrize("version", [1, 2])
def test_recovered_fits_of_an_old_project_are_not_listed_as_unsaved(window, qtbot, tmp_path,
                                                                    real_save_question, version):
    _old_project(tmp_path / "p.tapdesk", version)
    name = _killed_after_one_more_fit(qtbot, tmp_path / "p.tapdesk")
    _recover(window)
    assert [e.result.model for e in window.results_pane.entries] == ["tap", "per-rater"]
    text, info = _question(window, window.action_new.trigger)
    assert text == "Save the changes to p.tapdesk before you start a new analysis?"
    assert info == f"Not saved yet: 1 fit of {name}."            # not 2, and no "new data set"
