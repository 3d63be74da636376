"""The import preview names the rater column TapDesk made from crossed column names ('R1_Q1'
...) in the reader's language (issue 79: the German preview said 'rater (from the column
names)')."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.gui.dialogs.import_dialog import ImportPreview
from tests.data.test_melted_names_language import _crossed

pytestmark = pytest.mark.gui


def test_the_preview_names_the_melted_rater_column_in_the_readers_language(window, tmp_path):
    path = tmp_path / "crossed.tsv"
    path.write_text(_crossed() + "\n", encoding="utf-8")
    with i18n.language("de"):
        ds = read_ratings(path)
        dialog = ImportPreview(window, ds, ImportOptions(), path=path,
                               reread=lambda o: read_ratings(path, o))
        shown = dialog.role_combos["rater_col"].currentText()
    assert shown == "Beurteiler (aus den Spaltennamen)", shown
