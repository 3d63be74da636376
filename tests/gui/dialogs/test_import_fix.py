"""Issue 52: in the app a guess can always be fixed, and a refusal still opens the preview.

Each test goes where the user goes: File > Open ratings..., the file dialog answered, the
import preview driven while it is open, Open, and a fit of what was opened."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tests.import_corpus.samples import ESSAYS, FORM_QUESTION, MARKERS, google_forms_csv

pytestmark = pytest.mark.gui

GERMAN = ("P001;55;90,6;1;0;3", "P002;54;52,7;1;3;1", "P003;79;58,6;0;0;2",
          "P004;48;80,0;1;1;k.A.", "P005;76;60,6;1;0;k.A.", "P006;68;94,6;3;3;3",
          "P007;68;95,9;0;0;0", "P008;48;58,2;3;1;0", "P009;70;96,7;0;0;0",
          "P010;58;100,1;0;0;0", "P011;84;60,4;0;0;0", "P012;81;85,9;1;1;1",
          "P013;39;84,8;3;3;3", "P014;44;102,8;2;3;3", "P015;45;84,6;1;3;k.A.",
          "P016;68;88,1;2;0;0", "P017;60;101,8;2;2;2", "P018;82;67,0;2;2;2",
          "P019;80;102,8;2;2;3", "P020;33;89,4;3;3;3")
"""Twenty patients: severity 0-3 from three readers, with age and weight (kg)."""


def german_csv(path, children: bool = False):
    """A German clinical export: semicolons, decimal commas, Windows-1252, 'k.A.' (keine
    Angabe) for no answer, and each patient's age and weight beside the three readers.
    ``children``: two patients are 2 and 3 years old, so the ages reach into the readers'
    0-3 and cannot be told from ratings by their range."""
    lines = ["Patient;Alter;Gewicht (kg);Dr. Müller;Dr. Schäfer;Dr. Weiß"]
    lines += [r.replace("P007;68;", "P007;2;").replace("P016;68;", "P016;3;") if children else r
              for r in GERMAN]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))
    return path


def open_through_the_menu(window, monkeypatch, path, drive):
    """File > Open ratings..., the file dialog answered with ``path``; ``drive(preview)`` runs
    while the preview is open (its own failure fails the test after the preview closes)."""
    from tests.gui.dialogs.test_import_audit_preview import open_ratings
    return open_ratings(window, monkeypatch, path, drive)


def _fit(window, qtbot):
    with qtbot.waitSignal(window.controller.finished, timeout=60000) as blocker:
        assert window.start_fit() is not None
    return blocker.args[0]


def _pick(combo, value) -> None:
    index = combo.findData(value)
    assert index >= 0, f"{value!r} is not offered in {combo.accessibleName()}"
    combo.setCurrentIndex(index)


def _read(preview):
    table = preview.dataset.table
    return table.n_subjects, table.n_raters, table.categories


@pytest.mark.parametrize("how", ["layout and column choices", "column roles"])
def test_a_form_read_the_wrong_way_is_fixed_in_the_preview(window, qtbot, tmp_path, monkeypatch,
                                                           how):
    """The Forms export read as responses x questions is read one row per rating, from the
    Layout and column choices (as --layout long --subject-col ... would) or from the column
    roles (as --column-role would)."""
    path = google_forms_csv(tmp_path / "Essay marking (Responses).csv")
    seen = {}

    def drive(preview):
        seen["first"] = preview.dataset.layout
        if how == "column roles":
            for column, role in ((FORM_QUESTION, "subject"), ("Email Address", "rater"),
                                 ("Score", "rating")):
                _pick(preview.roles_box.combos[column], role)
        else:
            _pick(preview.layout_combo, "long")
            seen["open"] = {r: c.isEnabled() for r, c in preview.role_combos.items()}
            for role, column in (("subject_col", FORM_QUESTION), ("rater_col", "Email Address"),
                                 ("rating_col", "Score")):
                _pick(preview.role_combos[role], column)
            qtbot.mouseClick(preview.reread_button, Qt.MouseButton.LeftButton)
        seen["read"] = _read(preview)
        seen["refused"] = preview.refusal_label.isVisible()
        qtbot.mouseClick(preview.open_button, Qt.MouseButton.LeftButton)

    preview = open_through_the_menu(window, monkeypatch, path, drive)
    if how != "column roles":
        assert seen["open"] == dict.fromkeys(preview.role_combos, True)   # long reads all four
    assert seen["read"] == (6, 5, ("1", "2", "3", "4", "5")) and not seen["refused"]
    assert preview.result() == preview.DialogCode.Accepted
    table = window.dataset_pane.table
    assert (table.n_subjects, table.n_raters) == (6, 5)
    assert set(table.subject_ids) == set(ESSAYS)
    assert set(table.rater_ids) == {mail for mail, _ in MARKERS}
    assert window.session.import_options == preview.options()
    result = _fit(window, qtbot)
    assert 0 <= result.value("a") <= 1


def test_ages_in_the_readers_range_are_left_out_and_made_attributes_in_the_preview(
        window, qtbot, tmp_path, monkeypatch):
    """Ages reaching into the readers' 0-3 (two children) once made the ratings look
    continuous and the file refused; now the readers' own scale is read and the ages are left
    out, the reason shown beside the column, and the user makes the ages and the weights
    (measured to a tenth, left out by the scale rule) subject attributes in the preview."""
    path = german_csv(tmp_path / "Befunde.csv", children=True)
    seen = {}

    def drive(preview):
        seen["refused"] = preview.refusal_label.isVisible()
        seen["columns"] = preview.roles_box.roles()
        seen["reason"] = preview.roles_box.reasons["Alter"].text()
        alter = preview.roles_box.combos["Alter"]
        seen["offered"] = {alter.itemData(i) for i in range(alter.count())}
        seen["open"] = preview.open_button.isEnabled()
        _pick(preview.roles_box.combos["Alter"], "subject attribute")
        seen["after alter"] = (preview.dataset is not None, preview.refusal_label.isVisible(),
                               preview.roles_box.roles()["Alter"],
                               preview.roles_box.roles()["Gewicht (kg)"])
        _pick(preview.roles_box.combos["Gewicht (kg)"], "subject attribute")
        seen["read"] = _read(preview)
        seen["missing"] = preview.dataset.table.n_missing
        seen["default"] = preview.open_button.isDefault() and preview.open_button.isEnabled()
        qtbot.keyClick(preview.roles_box.combos["Gewicht (kg)"], Qt.Key.Key_Return)   # Open

    preview = open_through_the_menu(window, monkeypatch, path, drive)
    assert not seen["refused"] and seen["open"]
    assert seen["columns"] == {"Patient": "subject", "Alter": "leave out",
                               "Gewicht (kg)": "leave out", "Dr. Müller": "rater",
                               "Dr. Schäfer": "rater", "Dr. Weiß": "rater"}
    assert "'Alter' was left out" in seen["reason"] and "0 to 3" in seen["reason"]
    assert {"subject attribute", "rater attribute"} <= seen["offered"]    # a numeric column too
    assert seen["after alter"] == (True, False, "subject attribute", "leave out")
    assert seen["read"] == (20, 3, ("0", "1", "2", "3")) and seen["default"]
    assert preview.result() == preview.DialogCode.Accepted
    opened = window.session.dataset
    assert opened.table.n_subjects == 20 and tuple(opened.table.rater_ids) == ("Dr. Müller", "Dr. Schäfer",
                                                                        "Dr. Weiß")
    assert opened.subject_attributes["Alter"]["P003"] == "79"
    assert opened.subject_attributes["Gewicht (kg)"]["P001"] == "90,6"
    assert opened.table.n_ratings == 20 * 3 - 3                           # three 'k.A.'
    result = _fit(window, qtbot)
    assert 0 <= result.value("a") <= 1


def test_a_file_with_no_table_is_still_refused_outright(window, tmp_path, monkeypatch):
    path = tmp_path / "one column.csv"
    path.write_text("score\n1\n2\n3\n", encoding="utf-8")
    window.preview_imports = True
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(
        lambda *a, **k: (str(path), "Ratings files")))
    window.open_dialog()
    assert window.error_box.text().startswith("Could not open one column.csv: the table has only "
                                              "one column")
    assert window.session is None


def test_every_rule_box_unticks_and_stays_unticked(window, qtbot, tmp_path, monkeypatch):
    """The Forms rule's box would not untick: each rule's box now unticks, reads the data
    again without the rule, stays unticked through Read again, and ticks again."""
    path = google_forms_csv(tmp_path / "Essay marking (Responses).csv")
    seen = {}

    def drive(preview):
        rules = list(preview.rule_checks)
        seen["rules"] = rules
        for rule in rules:
            preview.rule_checks[rule].setChecked(False)
            seen[rule] = (not preview.rule_checks[rule].isChecked(),
                          rule in preview.options().rules_off)
            qtbot.mouseClick(preview.reread_button, Qt.MouseButton.LeftButton)
            seen[rule] += (not preview.rule_checks[rule].isChecked(),)
            preview.rule_checks[rule].setChecked(True)
            seen[rule] += (preview.rule_checks.get(rule) is None
                           or preview.rule_checks[rule].isChecked(),
                           rule not in preview.options().rules_off)
        preview.rule_checks["comment-columns"].setChecked(False)
        seen["without comments rule"] = preview.dataset.layout
        preview.accept()

    preview = open_through_the_menu(window, monkeypatch, path, drive)
    assert preview.result() == preview.DialogCode.Accepted
    assert "format" in seen["rules"] and "comment-columns" in seen["rules"]
    for rule in seen["rules"]:
        assert seen[rule] == (True, True, True, True, True), rule
    assert window.session.import_options.rules_off == ("comment-columns",)
    assert window.session.dataset.layout == seen["without comments rule"]


def test_enter_never_reads_again(window, qtbot, tmp_path, monkeypatch):
    """Enter presses Open (the default) while the data shown can be opened, whichever button
    has the focus; Read again is pressed with the mouse or Space, never by Enter."""
    path = german_csv(tmp_path / "Befunde.csv")
    seen = {}

    def drive(preview):
        _pick(preview.roles_box.combos["Alter"], "subject attribute")
        _pick(preview.roles_box.combos["Gewicht (kg)"], "leave out")
        reads = []
        reread = preview._reread
        preview._reread = lambda options: reads.append(options) or reread(options)
        qtbot.mouseClick(preview.reread_button, Qt.MouseButton.LeftButton)   # it has the focus
        seen["reads"] = len(reads)
        seen["auto"] = [b.text() for b in (preview.reread_button, preview.cancel_button)
                        if b.autoDefault()]
        qtbot.keyClick(preview.reread_button, Qt.Key.Key_Return)
        seen["reads after enter"] = len(reads)

    preview = open_through_the_menu(window, monkeypatch, path, drive)
    assert seen["reads"] == 1 and seen["reads after enter"] == 1 and seen["auto"] == []
    assert preview.result() == preview.DialogCode.Accepted          # Enter opened the data
    assert window.session.dataset.subject_attributes.keys() == {"Alter"}


def test_a_refusal_never_names_a_choice_the_layout_greys_out(window, tmp_path):
    """A message naming the rater and the layout settings, while the wide layout is chosen:
    the preview points at the Layout choice only (the Rater column is greyed out)."""
    from tapdesk.data.readers import ImportOptions, read_ratings
    from tapdesk.errors import DataError

    path = google_forms_csv(tmp_path / "form.csv")

    def refuse(options):
        raise DataError("no rater column fits", settings=("rater_col", "layout"))

    preview = ImportPreview(window, read_ratings(path), ImportOptions(), path=path, reread=refuse)
    _pick(preview.layout_combo, "wide")
    assert not preview.role_combos["rater_col"].isEnabled()
    assert preview.role_combos["subject_col"].isEnabled()
    assert preview.options().rater_col is None and preview.options().layout == "wide"
    assert not preview.read_again()
    assert "check the Layout choice in this dialog" in preview.refusal_label.text()
    assert "Rater column" not in preview.refusal_label.text()
    assert preview.layout_combo.currentData() == "wide"           # the choice stays as made
    preview.close()


def test_question_columns_beside_the_rater_column_say_so_in_their_role_boxes(window, tmp_path):
    """One row per subject and marker with the criteria in columns: each criterion's box shows
    it holds the ratings of one item (not "not used"), and the grade computed from them, named
    as the rating, is not used."""
    from tapdesk.data.readers import ImportOptions, read_ratings

    levels = ["Poor (1)", "Fair (2)", "Good (3)", "Excellent (4)"]
    rows = [f"Student {i};{m};" + ";".join(levels[(i + k + (m == "Dr B" and (i + k) % 3 == 0)) % 4]
                                           for k in range(3)) + f";{40 + i}.00"
            for i in range(12) for m in ("Dr A", "Dr B")]
    path = tmp_path / "rubric.csv"
    path.write_text("\n".join(["Student;Marker;Clarity;Sources;Method;Grade", *rows]) + "\n",
                    encoding="utf-8")
    preview = ImportPreview(window, read_ratings(path), ImportOptions(), path=path)
    for column in ("Clarity", "Sources", "Method"):
        box = preview.roles_box.combos[column]
        whole = box.itemData(box.currentIndex(), Qt.ItemDataRole.ToolTipRole) or box.currentText()
        assert whole == "ratings of one item (read from its name)", (column, whole)
    assert preview.roles_box.combos["Marker"].currentText() == "rater"
    assert preview.roles_box.combos["Grade"].currentText() == "not used"


def test_columns_read_as_raters_and_items_say_so_in_their_role_boxes(window, tmp_path):
    """A rater x item sheet melted by its column names: each such column's box shows it holds
    one rater's ratings of one item (not "not used", which offered to "use" it), the reason
    under it is the rule's note, and Open is offered as read, with no roles asked for."""
    from tapdesk.data.readers import ImportOptions, read_ratings

    head = "Schüler;" + ";".join(f"Bewerter{r}_Frage{q}" for r in (1, 2) for q in (1, 2, 3))
    body = [f"S{i};" + ";".join(str(1 + (i + r * q) % 4) for r in (1, 2) for q in (1, 2, 3))
            for i in range(10)]
    path = tmp_path / "Bewertung.csv"
    path.write_text("\n".join([head, *body]) + "\n", encoding="utf-8")
    preview = ImportPreview(window, read_ratings(path), ImportOptions(), path=path)
    melted = [c for c in preview.roles_box.combos if c.startswith("Bewerter")]
    assert len(melted) == 6
    for column in melted:
        box = preview.roles_box.combos[column]
        whole = box.itemData(box.currentIndex(), Qt.ItemDataRole.ToolTipRole) or box.currentText()
        assert whole == "ratings of one rater and item (read from its name)", (column, whole)
        assert whole.startswith(box.currentText().rstrip("…"))    # cut to the choices' width
        assert "each column is one rater's answer to one item" in \
            preview.roles_box.reasons[column].text()
    assert preview.roles_box.combos["Schüler"].currentText() == "subject"
    assert preview.options().column_roles == ()
    assert preview.dataset.items == ("Frage1", "Frage2", "Frage3")
    preview.close()


def test_the_columns_a_form_reader_leaves_out_are_under_its_own_box(window, qtbot, tmp_path):
    """The Forms reader's bookkeeping columns (time, e-mail) are left out under the format
    rule, whose box governs them: no box of another rule claims them while the reader leaves
    them out regardless; unticked, the general rules read the file long as the reader did."""
    from tapdesk.data.readers import ImportOptions, read_ratings

    path = google_forms_csv(tmp_path / "Essay marking (Responses).csv")
    preview = ImportPreview(window, read_ratings(path), ImportOptions(), path=path,
                            reread=lambda options: read_ratings(path, options))
    assert "metadata-columns" not in preview.rule_checks
    for column in ("Timestamp", "Email Address"):
        assert preview.roles_box.combos[column].currentText() == "leave out"
        assert "hold Google Forms's bookkeeping" in preview.roles_box.reasons[column].text()
    [left] = [n for n in preview.dataset.import_notes if "Timestamp" in n.columns]
    assert left.rule == "format" and left.switchable
    preview.rule_checks["format"].setChecked(False)
    qtbot.mouseClick(preview.reread_button, Qt.MouseButton.LeftButton)
    assert preview.options().rules_off == ("format",)
    assert not any(n.rule == "format" for n in preview.dataset.import_notes)
    roles = dict(preview.dataset.column_roles)
    assert (roles[FORM_QUESTION], roles["Score"]) == ("subject", "rating")
    assert preview.dataset.table.n_ratings == 30
    preview.close()


def test_answers_to_numbered_questions_are_refused_then_read_with_raters_in_rows(
        window, qtbot, tmp_path, monkeypatch):
    """Each row one person's answers to questions Q1-Q8: the preview says why it is no rating
    table; the user who means each row as a rater reads it with raters in rows and opens it."""
    rows = ["Person,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8"]
    rows += [f"P{i:02d}," + ",".join("ABCD"[(i * q + q) % 4 if (i + q) % 3 else q % 4]
                                     for q in range(1, 9)) for i in range(12)]
    path = tmp_path / "answers.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    seen = {}

    def drive(preview):
        seen["refused"] = preview.refusal_label.isVisible()
        seen["why"] = preview.refusal_label.text()
        _pick(preview.layout_combo, "wide-rows")
        qtbot.mouseClick(preview.reread_button, Qt.MouseButton.LeftButton)
        seen["read"] = (preview.dataset.table.n_subjects, preview.dataset.table.n_raters)
        seen["after"] = preview.refusal_label.isVisible()
        qtbot.mouseClick(preview.open_button, Qt.MouseButton.LeftButton)

    preview = open_through_the_menu(window, monkeypatch, path, drive)
    assert seen["refused"] and "numbered questions" in seen["why"]
    assert seen["read"] == (8, 12) and not seen["after"]
    assert preview.result() == preview.DialogCode.Accepted
    assert window.dataset_pane.table.n_raters == 12
