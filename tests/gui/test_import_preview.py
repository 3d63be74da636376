"""Issue 12, points 10 and 11: the import preview before anything changes; errors that name the
real cause; an open dialog that lists every format the importer reads."""

from __future__ import annotations

import re
import zipfile
from dataclasses import replace

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox

from tapdesk.data.importer import sources
from tapdesk.data.readers import ImportNote, ImportOptions, read_ratings
from tapdesk.gui.file_kinds import file_kind, not_a_table
from tapdesk.gui.import_dialog import ImportPreview
from tapdesk.gui.menus import load_example
from tapdesk.gui.window_data import DATA_FILTER

pytestmark = pytest.mark.gui


def _preview(window, path, options=ImportOptions(), reread=None):
    ds = read_ratings(path, options)
    dialog = ImportPreview(window, ds, options, path=path,
                           reread=reread or (lambda o: read_ratings(path, o)))
    return ds, dialog


def test_preview_shows_the_detected_values_never_detect(window, shared_data):
    ds, dialog = _preview(window, shared_data / "wine.csv")
    assert dialog.layout_combo.currentData() == "wide"
    assert dialog.ordinal_combo.currentData() is True
    texts = [c.itemText(i) for c in dialog.findChildren(QComboBox) for i in range(c.count())]
    assert not any("detect" in t for t in texts)
    assert dialog.role_combos["subject_col"].currentText() == "(row number)"
    assert "not used in the wide layout" in dialog.role_combos["rater_col"].currentText()
    assert not dialog.role_combos["rater_col"].isEnabled()
    assert dialog.raw_model.rows[0] == ("J1", "J2", "J3", "J4")      # the file's own first row
    assert dialog.read_model.columns == ("Subject", "J1", "J2", "J3", "J4")
    assert len(dialog.read_model.rows) == 12 and dialog.read_model.rows[0][0] == "1"
    assert "183 subjects, 4 raters, 732 ratings" in dialog.read_summary.text()
    assert "Detected layout: <b>wide</b>" in dialog.detected.text()
    assert dialog.options() == ImportOptions()           # nothing changed: read as detected
    dialog.close()


def test_long_file_shows_its_columns_in_the_controls(window, tmp_path):
    path = tmp_path / "long.csv"
    path.write_text("judge,wine,score\nA,1,3\nB,1,4\nA,2,2\nB,2,2\nA,3,1\nB,3,2\n")
    ds, dialog = _preview(window, path)
    if ds.layout != "long":
        pytest.skip(f"the importer read this as {ds.layout}")
    chosen = {role: c.currentText() for role, c in dialog.role_combos.items()}
    assert chosen["rating_col"] == dict(ds.mapping)["rating"]
    assert chosen["subject_col"] == dict(ds.mapping)["subject"]
    dialog.close()


def test_changed_settings_read_again_and_open(window, shared_data):
    seen = []

    def reread(options):
        seen.append(options)
        return read_ratings(shared_data / "wine.csv", options)

    ds, dialog = _preview(window, shared_data / "wine.csv", reread=reread)
    dialog.ordinal_combo.setCurrentIndex(dialog.ordinal_combo.findData(False))
    assert dialog.read_again()
    assert seen[-1].ordinal is False and not dialog.dataset.table.scale.ordinal
    dialog.missing_edit.setText("4")
    dialog.accept()                                     # Open re-reads with the change first
    assert seen[-1].missing == ("4",) and dialog.result() == dialog.DialogCode.Accepted
    assert "4" not in dialog.dataset.table.categories


def test_treat_as_missing_button_reads_again(window, shared_data):
    """A note that suspects a missing-value code gets a one-click button."""
    seen = []
    path = shared_data / "wine.csv"
    ds = read_ratings(path)
    note = ImportNote("missing-code-suspect", "'4' may mean 'no rating' (it is 8% of the cells)",
                      action="warning", suggested_missing="4")
    ds = replace(ds, import_notes=(note,))
    dialog = ImportPreview(window, ds, ImportOptions(), path=path,
                           reread=lambda o: seen.append(o) or read_ratings(path, o))
    button = dialog.missing_buttons["4"]
    assert button.text() == "Treat 4 as missing"
    button.click()
    assert seen[-1].missing == ("4",) and dialog.missing_edit.text() == "4"
    assert dialog.dataset.table.categories == ("1", "2", "3")
    dialog.close()


def test_failed_reread_is_said_in_the_dialog(window, shared_data):
    from tapdesk.errors import DataError

    def broken(options):
        raise DataError("no column 'x'", file="wine.csv")

    ds, dialog = _preview(window, shared_data / "wine.csv", reread=broken)
    dialog.missing_edit.setText("3")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted and not dialog.error.isHidden()
    assert "no column 'x'" in dialog.error.text()
    dialog.close()


def test_open_goes_through_the_preview_before_anything_changes(window, shared_data):
    window.preview_imports = True
    load_example(window, "medals")
    before = window.dataset_pane.table
    shown = []

    def answer(accept):
        def act():
            box = QApplication.activeModalWidget()
            if not isinstance(box, ImportPreview):
                QTimer.singleShot(20, act)
                return
            shown.append(box.layout_combo.currentData())
            box.accept() if accept else box.reject()
        QTimer.singleShot(20, act)

    answer(False)
    assert not window.open_path(shared_data / "wine.csv")
    assert shown == ["wide"] and window.dataset_pane.table is before
    assert "cancelled" in window.statusBar().currentMessage()
    answer(True)
    assert window.open_path(shared_data / "wine.csv")
    assert window.dataset_pane.table.n_subjects == 183


# --------------------------------------------------------------- point 11
def _word_document(path):
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", "<w:document/>")


@pytest.mark.parametrize("name,make,kind", [
    ("minutes.docx", _word_document, "a Word document"),
    ("scan.pdf", lambda p: p.write_bytes(b"%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\n"), "a PDF document"),
    ("photo.png", lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64)), "a PNG picture"),
    ("old.doc", lambda p: p.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600)),
     "a Word document"),
])
def test_error_names_the_real_cause(window, tmp_path, name, make, kind):
    load_example(window, "medals")
    before = window.dataset_pane.table
    path = tmp_path / name
    make(path)
    assert file_kind(path) == kind
    assert not window.open_path(path)
    assert window.error_box.text() == f"Could not open {name}: this is {kind}, not a table of ratings. " \
                                      "Save the ratings as a CSV or Excel file and open that instead."
    assert window.error_box.detailedText()                 # the importer's own words, folded away
    assert window.dataset_pane.table is before


def test_tables_are_not_mistaken_for_other_files(tmp_path, shared_data):
    assert not_a_table(shared_data / "wine.csv") is None
    sheet = tmp_path / "ratings.xlsx"
    with zipfile.ZipFile(sheet, "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    assert not_a_table(sheet) is None


def test_importer_errors_are_shown_in_the_message_itself(window, tmp_path):
    bad = tmp_path / "one column.csv"
    bad.write_text("score\n1\n2\n3\n")
    assert not window.open_path(bad)
    text = window.error_box.text()
    assert text.startswith("Could not open one column.csv: ") and len(text) > 40


def test_open_dialog_lists_every_format_the_importer_reads():
    first = DATA_FILTER.split(";;")[0]
    listed = set(re.findall(r"\*(\.\w+)", first))
    readable = {s for s in sources.TEXT_SUFFIXES + sources.SHEET_SUFFIXES + sources.STAT_SUFFIXES if s}
    assert readable <= listed
    for needed in (".csv", ".tsv", ".txt", ".xlsx", ".xlsm", ".ods", ".sav", ".dta"):
        assert needed in listed
