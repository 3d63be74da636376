"""The import preview names the rater column TapDesk made from crossed column names ('R1_Q1'
...) in the reader's language (issue 79: the German preview said 'rater (from the column
names)')."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk import i18n
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tests.data.test_melted_names_language import _crossed

pytestmark = pytest.mark.gui


@pytest.fixture
def german_preview(window, tmp_path):
    """The preview of a sheet whose columns cross raters with items, in German."""
    path = tmp_path / "crossed.tsv"
    path.write_text(_crossed() + "\n", encoding="utf-8")
    with i18n.language("de"):
        ds = read_ratings(path)
        dialog = ImportPreview(window, ds, ImportOptions(), path=path,
                               reread=lambda o: read_ratings(path, o))
        yield dialog


def test_the_preview_names_the_melted_rater_column_in_the_readers_language(german_preview):
    shown = german_preview.role_combos["rater_col"].currentText()
    assert shown == "Beurteiler (aus den Spaltennamen)", shown


def test_a_long_role_never_widens_the_preview_past_a_small_screen(german_preview):
    """The melted columns' role is about 70 letters in German: its box cuts it to the width of
    the roles a user chooses from (its tooltip says it whole), so the preview still fits a
    1280-pixel screen (it needed 1,443)."""
    box = german_preview.roles_box.combos["R1_Q1"]
    shown, whole = box.currentText(), box.itemData(box.currentIndex(), Qt.ItemDataRole.ToolTipRole)
    assert whole == "Bewertungen eines Beurteilers und Items (aus dem Spaltennamen gelesen)"
    assert shown != whole and shown.startswith("Bewertungen eines"), shown     # cut, said whole
    assert german_preview.minimumSizeHint().width() <= 1240


def test_the_merge_box_words_wrap_and_a_click_on_them_ticks_it(german_preview, qtbot):
    """The German words of 'Merge labels that differ only in case or spaces' (87 letters) on
    a check box, which never wraps its own text, made the preview 1,282 px wide in a real
    window: they wrap now, and a click on them ticks the box as a click on its text did."""
    from PySide6.QtWidgets import QLabel
    box = german_preview.merge_check
    words = next(w for w in german_preview.findChildren(QLabel) if w.buddy() is box)
    assert words.wordWrap() and words.text().startswith("Labels zusammenführen")
    before = box.isChecked()
    qtbot.mouseClick(words, Qt.MouseButton.LeftButton)
    assert box.isChecked() != before
    assert german_preview.minimumSizeHint().width() <= 1240


def test_the_file_as_it_is_shows_a_sheets_whole_numbers_whole(tmp_path):
    """A sheet's column of whole numbers with a blank cell came out '2.0', '3.0' in 'The file
    as it is' (read as floats), where the sheet shows 2 and 3."""
    import openpyxl

    from tapdesk.gui.dialogs.import_dialog import raw_rows
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["Video", "Item", "AB"], ["P1", "1a", 0], ["", 2, 1], ["", 3, None]):
        sheet.append(row)
    path = tmp_path / "items.xlsx"
    book.save(path)
    _columns, rows = raw_rows(path, ImportOptions())
    assert [r[1] for r in rows[1:]] == ["1a", "2", "3"] and rows[-1][2] == ""
