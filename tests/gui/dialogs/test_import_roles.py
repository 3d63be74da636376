"""Issue 40: the import preview decides with the user: a role for every column (with the reason
for the guess), merging look-alike labels, the rare-category warning; by keyboard, and whole at
1280 x 800."""

from __future__ import annotations

import html

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.gui.dialogs.column_roles_box import ROLE_CHOICES
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tapdesk.gui.selftest.accessibility_check import accessibility_problems
from tapdesk.gui.selftest.layout_check import layout_problems, settle

pytestmark = pytest.mark.gui

PANEL = ("case,Ann,Bob,Cy,Dee,Remarks\n"
         "c1,yes,yes,no,yes,looked fine to me\n"
         "c2,no,no,no,no,\n"
         "c3,yes,no,yes,yes,odd one - ask the chair\n"
         "c4,no,no,yes,no,\n"
         "c5,yes,yes,yes,yes,\n"
         "c6,no,yes,no,no,blurred image\n")


def _dialog(window, path, options=ImportOptions()):
    seen: list[ImportOptions] = []

    def reread(o):
        seen.append(o)
        return read_ratings(path, o)

    dialog = ImportPreview(window, read_ratings(path, options), options, path=path, reread=reread)
    return dialog, seen


def _write(tmp_path, text, name="panel.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _choose(dialog, column, role):
    combo = dialog.roles_box.combos[column]
    combo.setCurrentIndex(combo.findData(role))


def _notes_text(dialog) -> str:
    grid = dialog.notes_grid
    shown = (grid.itemAt(i).widget() for i in range(grid.count()))
    return html.unescape(" ".join(w.text() for w in shown if isinstance(w, QLabel)))


def test_every_column_has_a_role_box_with_its_reason(window, tmp_path):
    dialog, _ = _dialog(window, _write(tmp_path, PANEL))
    roles = dialog.roles_box.roles()
    assert list(roles) == ["case", "Ann", "Bob", "Cy", "Dee", "Remarks"]
    assert roles["case"] == "subject" and roles["Ann"] == "rater"
    combo = dialog.roles_box.combos["Ann"]
    assert tuple(combo.itemData(i) for i in range(combo.count())) == ROLE_CHOICES
    assert "wide layout" in dialog.roles_box.reasons["Ann"].text()
    dialog.close()


def test_changing_roles_reads_again_and_the_table_follows(window, tmp_path):
    dialog, seen = _dialog(window, _write(tmp_path, PANEL))
    _choose(dialog, "Remarks", "leave out")
    _choose(dialog, "Dee", "reference")
    assert dialog.roles_box.roles()["Remarks"] == "leave out"
    assert dialog.roles_box.roles()["Dee"] == "reference"
    assert dialog.read_model.columns == ("Subject", "Ann", "Bob", "Cy")
    assert dialog.dataset.references["Dee"]["c3"] == "yes"
    assert ("Dee", "reference") in dialog.options().column_roles
    assert seen and seen[-1].column_roles == dialog.options().column_roles
    assert "as you chose" in dialog.roles_box.reasons["Dee"].text()
    _choose(dialog, "Cy", "leave out")                  # the column is left out
    assert dialog.read_model.columns == ("Subject", "Ann", "Bob")
    assert dialog.roles_box.roles()["Cy"] == "leave out"
    dialog.close()


def test_a_role_that_cannot_be_read_is_said_and_kept_to_be_changed(window, tmp_path):
    """Issue 52: the choice stays (roles can be given one after another, the preview saying
    why the data cannot be read yet), and nothing opens until a reading succeeds."""
    dialog, _ = _dialog(window, _write(tmp_path, PANEL))
    _choose(dialog, "Remarks", "rater attribute")       # a wide file has no rater id column
    assert dialog.refusal_label.isVisibleTo(dialog) and "rater attribute" in \
        dialog.refusal_label.text()
    assert dialog.roles_box.roles()["Remarks"] == "rater attribute"
    assert dialog.dataset is None and not dialog.open_button.isEnabled()
    assert dialog.options().column_roles == (("Remarks", "rater attribute"),)
    _choose(dialog, "Remarks", "leave out")
    assert dialog.dataset is not None and dialog.open_button.isEnabled()
    assert not dialog.refusal_label.isVisibleTo(dialog)
    dialog.close()


def test_merging_look_alike_labels(window, tmp_path):
    rows = ["id,A,B,C"] + [f"s{i},pass,{'pass' if i % 2 else 'fail'},fail" for i in range(30)]
    rows[3] = "s2,Pass ,PASS,fail"
    dialog, seen = _dialog(window, _write(tmp_path, "\n".join(rows) + "\n"))
    assert "differ only in letter case or spaces" in _notes_text(dialog)
    assert "Pass" in dialog.read_summary.text()
    dialog.merge_check.setChecked(True)                 # reads again at once
    assert seen[-1].fold_case and dialog.options().fold_case
    assert dialog.dataset.table.scale.categories == ("fail", "pass")
    assert "differ only in letter case or spaces and count" not in _notes_text(dialog)
    dialog.close()


def test_the_rare_category_warning_is_shown(window, tmp_path):
    rows = ["id,A,B"] + [f"s{i},{'yes' if i % 2 else 'no'},no" for i in range(40)] + ["s40,late,no"]
    dialog, _ = _dialog(window, _write(tmp_path, "\n".join(rows) + "\n"))
    text = _notes_text(dialog)
    assert "'late' holds only 1 rating of 82" in text and "Warning" in text
    dialog.close()


def test_roles_by_keyboard(window, tmp_path, qtbot):
    dialog, seen = _dialog(window, _write(tmp_path, PANEL))
    dialog.show()
    qtbot.waitExposed(dialog)
    combo = dialog.roles_box.combos["Dee"]
    assert combo.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert combo.accessibleName() == "Role of column Dee"
    assert accessibility_problems(dialog) == []
    combo.setFocus()
    before = combo.currentData()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    chosen = ROLE_CHOICES[ROLE_CHOICES.index(before) + 1]
    assert seen and dict(seen[-1].column_roles)["Dee"] == ("leave out" if chosen == "not used"
                                                            else chosen)
    dialog.close()


def test_nothing_is_cut_at_1280_by_800(window, tmp_path, app):
    head = "case," + ",".join(f"Rater {i}" for i in range(1, 15)) + ",Remarks"
    rows = [head] + [f"c{s}," + ",".join(str((s + r) % 4 + 1) for r in range(14)) + ",note"
                     for s in range(30)]
    dialog, _ = _dialog(window, _write(tmp_path, "\n".join(rows) + "\n", "many.csv"))
    dialog.resize(1280, 800)
    dialog.show()
    settle(app)
    assert dialog.width() <= 1280 and dialog.height() <= 800
    assert layout_problems(dialog) == []
    dialog.close()


FLAGGED = ("case,Ann,Bob,Cy,Excluded\n"
           "c1,yes,yes,no,no\n"
           "c2,no,no,no,yes\n"
           "c3,yes,no,yes,no\n"
           "c4,no,no,yes,no\n"
           "c5,yes,yes,yes,no\n"
           "c6,no,yes,no,yes\n")


def test_subjects_a_column_flags_for_exclusion_are_dropped_and_kept_again(window, tmp_path):
    dialog, seen = _dialog(window, _write(tmp_path, FLAGGED))
    assert "marks 2 subjects to exclude" in _notes_text(dialog)
    assert len(dialog.dataset.table.subject_ids) == 6
    assert dialog.flag_button.text() == "Drop flagged subjects"
    dialog.flag_button.click()
    assert seen[-1].drop_flagged
    assert set(dialog.dataset.table.subject_ids) == {"c1", "c3", "c4", "c5"}
    assert dialog.options().drop_flagged
    assert dialog.flag_button.text() == "Keep flagged subjects"
    dialog.flag_button.click()
    assert len(dialog.dataset.table.subject_ids) == 6 and not dialog.options().drop_flagged
