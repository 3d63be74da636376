"""Issue 40: the column roles and the merging of look-alike labels chosen in the import preview
are saved in the project and come back with it (and a project saved by 1.0 still opens)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tapdesk.data.readers import ImportOptions
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tapdesk.gui.project import file as project
from tests import FIXTURES

pytestmark = pytest.mark.gui

PANEL = ("case,Ann,Bob,Cy,Dee,Remarks\n"
         "c1,yes,yes,no,yes,looked fine\n"
         "c2,no,no,no,no,\n"
         "c3,yes,no,yes,yes,odd one\n"
         "c4,no,no,yes,no,\n"
         "c5,Yes,yes,yes,yes,\n")


def _in_preview(act):
    """Run ``act(dialog)`` on the import preview once it is up, then press Open."""
    def step():
        box = QApplication.activeModalWidget()
        if not isinstance(box, ImportPreview):
            QTimer.singleShot(20, step)
            return
        act(box)
        box.accept()
    QTimer.singleShot(20, step)


def _choose(dialog, column, role):
    combo = dialog.roles_box.combos[column]
    combo.setCurrentIndex(combo.findData(role))


def test_roles_chosen_in_the_preview_are_saved_and_come_back(window, tmp_path):
    path = tmp_path / "panel.csv"
    path.write_text(PANEL, encoding="utf-8")
    window.preview_imports = True

    def choose(dialog):
        _choose(dialog, "Remarks", "leave out")
        _choose(dialog, "Dee", "reference")
        dialog.merge_check.setChecked(True)

    _in_preview(choose)
    assert window.open_path(path)
    opened = window.session
    assert opened.import_options.fold_case
    # 'Remarks' is free text, left out by the importer's own rule: choosing the role it already
    # has is no choice to keep; 'Dee' made the reference is
    assert dict(opened.import_options.column_roles) == {"Dee": "reference"}
    assert dict(opened.dataset.column_roles)["Remarks"].startswith("left out")
    roles, table = dict(opened.dataset.column_roles), opened.dataset.table
    assert table.rater_ids == ("Ann", "Bob", "Cy") and table.scale.categories == ("no", "yes")
    saved = tmp_path / "roles.tapdesk"
    assert window.save_project(saved)
    state = project.read_state(saved)
    assert state.sessions[0].options.column_roles == opened.import_options.column_roles
    assert window.new_analysis() and window.open_project(saved)
    again = window.session
    assert again.import_options == opened.import_options
    assert dict(again.dataset.column_roles) == roles
    assert again.dataset.references == {"Dee": {"c1": "yes", "c2": "no", "c3": "yes", "c4": "no",
                                                "c5": "yes"}}
    assert again.table.rater_ids == table.rater_ids and again.table.n_ratings == table.n_ratings
    shown = ImportPreview(window, again.dataset, again.import_options, path=path)
    assert shown.roles_box.roles()["Dee"] == "reference" and shown.merge_check.isChecked()
    assert shown.read_model.columns == ("Subject", "Ann", "Bob", "Cy")
    shown.close()


def test_a_project_saved_by_1_0_has_no_roles_and_opens(window):
    state = project.read_state(FIXTURES / "projects" / "saved_by_1_0.tapdesk")
    options = state.sessions[0].options
    assert options.column_roles == () and options == ImportOptions(labels=options.labels)
    dataset = state.sessions[0].dataset
    assert dataset.references == {} and dataset.subject_attributes == {}
    assert window.open_project(FIXTURES / "projects" / "saved_by_1_0.tapdesk")
