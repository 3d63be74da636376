"""The report's language, chosen in the Export dialog apart from the app's, written by the
report worker in that language and saved with the project (issue 54)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.gui.dialogs.export_dialog import ExportDialog
from tapdesk.gui.project.file import read_state, save
from tests.languages import english_after  # noqa: F401 - fixture
from tests.report.test_document import ratings_csv

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def candidates(tmp_path_factory):
    table = read_ratings(ratings_csv(tmp_path_factory.mktemp("data") / "panel.csv")).table
    return [("t-a-p (average rater)", fit(FitRequest(model="tap", class1=("yes",), n_starts=2),
                                          table), table)]


def test_the_report_is_written_in_the_language_chosen_for_it_and_kept_with_the_project(
        window, qtbot, candidates, tmp_path):
    dialog = ExportDialog(candidates, window)
    qtbot.addWidget(dialog)
    names = [dialog.language.itemText(i) for i in range(dialog.language.count())]
    assert names == ["English", "Deutsch", "Español", "Français"]
    assert dialog.chosen_language() == "en"              # the app's language, none chosen yet
    dialog.language.setCurrentIndex(dialog.language.findData("de"))
    dialog.path.setText(str(tmp_path / "bericht.html"))
    index = dialog.format.findData("html")
    dialog.format.setCurrentIndex(index)
    with qtbot.waitSignal(dialog.exported, timeout=120_000):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    written = dialog.written.read_text(encoding="utf-8")
    assert "Bericht zur Übereinstimmung der Beurteiler" in written
    assert "Rater agreement report" not in written
    assert i18n.current_language() == "en" and window.file_menu.title() == "&File"   # the app's own
    assert window.report_language == "de"
    save(window, tmp_path / "panel.tapdesk")
    assert read_state(tmp_path / "panel.tapdesk").report_language == "de"
    window.new_analysis()
    assert window.report_language is None
    assert window.open_project(tmp_path / "panel.tapdesk")
    assert window.report_language == "de"
    again = ExportDialog(candidates, window)                # the next report: German again
    qtbot.addWidget(again)
    assert again.chosen_language() == "de"


def _report(window, path) -> str:
    written = window.export_report(path)
    assert written is not None, window.last_error
    return written.read_text(encoding="utf-8")


def test_the_reports_language_names_its_analyses_whatever_the_windows(window, qtbot, tmp_path,
                                                                     english_after):  # noqa: F811
    """The analyses' names (the model, its method, Class 1) are the report's language's: a German
    report from an English window, an English report from a German window."""
    from tapdesk.gui.window.menus import load_example
    from tests.gui.window.test_window_in_languages import _fit
    load_example(window, "wine")
    _fit(window, qtbot)
    window.choose_report_language("de")
    german = _report(window, tmp_path / "bericht.html")
    assert "t-a-p (durchschnittlicher Beurteiler)" in german
    for english in ("t-a-p (average rater)", "maximum likelihood", "Class 1 ="):
        assert english not in german, english
    window.action_language_de.trigger()
    window.choose_report_language("en")
    english = _report(window, tmp_path / "report.html")
    assert "t-a-p (average rater)" in english
    for word in ("durchschnittlicher", "Beurteiler", "Klasse 1", "Höchste Wahrscheinlichkeit"):
        assert word not in english, word
