"""Window texts the pseudo-language walk never reached, converted (issue 54): the Raters tab of an
average-rater fit (its agreement table and note), the Plan dialog's source of its t, a and p, the
Data pane's way to the import preview's controls, a data set's item, a fit's name (Export, Edit >
Undo, status bar), a file layout's name and the window's title; and the walk's stricter check that
finds an English text put into a translated one."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk import i18n
from tapdesk.data.readers import read_ratings, read_text
from tapdesk.engine import FitRequest, fit
from tapdesk.gui.dialogs.plan_dialog import source_of
from tapdesk.gui.hint_words import window_hint
from tapdesk.gui.project.session import DataIdentity
from tapdesk.gui.results.fit_removal import fit_name
from tapdesk.gui.selftest.untranslated import untranslated
from tapdesk.gui.window.dataset_pane import describe_dataset, import_details
from tapdesk.gui.window.menus import load_example
from tests import IMPORT_FIXTURES
from tests.gui.window.test_window_in_languages import _fit, pseudo_window  # noqa: F401
from tests.languages import english_after  # noqa: F401 - fixture

pytestmark = pytest.mark.gui


def test_an_english_text_inside_translated_brackets_is_untranslated():
    """The pseudo-language accents every letter of the catalog: plain letters inside its
    brackets are an English text filled into a translated template (the Raters tab's note)."""
    assert untranslated("[{note} Þéŕ-ŕàţéŕ~~]".replace("{note}", "Each rater's ratings"), ())
    assert not untranslated("[Þéŕ-ŕàţéŕ wine.csv~~]", ("wine.csv",))
    assert not untranslated("[ŵíñé: 8d34b797e1a0, utf-8~~] - TapDesk", ())
    assert not untranslated("[Ŕàţéŕ J1~~]", ("J1",))


def test_the_raters_tab_of_an_average_rater_fit_in_each_language(pseudo_window, qtbot):  # noqa: F811
    """The agreement table's columns and note bracketed in the pseudo-language, German in
    German (they were English: the note sat inside the bracketed "{note} Per-rater ...")."""
    from tests.gui.window.test_tabs_in_languages import data_names, tab_words
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, "wine")
    assert window.model_pane.select("tap", "mle")
    _fit(window, qtbot)
    assert tab_words(window, "Raters", data_names(window)) == []
    window.action_language_de.trigger()
    raters = window.results_pane.show_tab("Raters")
    QApplication.processEvents()
    assert raters.note.text().startswith("Die Bewertungen jedes Beurteilers"), raters.note.text()
    assert "Stimmt mit den anderen überein" in raters.model.columns
    window.action_language_en.trigger()
    raters = window.results_pane.show_tab("Raters")
    assert raters.note.text().startswith("Each rater's ratings compared with the other raters")
    assert raters.model.columns[2] == "Agrees with the others"


def test_the_plan_source_names_the_fit_in_the_language_shown():
    from tapdesk.engine.planning import PlanRequest
    from tapdesk.resources.examples import get_example
    table = read_ratings(get_example("wine").path).table
    result = fit(FitRequest(model="tap", bootstrap=0, class1=("4",)), table)
    source = source_of(result)
    assert str(source) == f"estimates of the {result.title} fit of {result.provenance.file_name}"
    with i18n.language("de"):
        german = str(source)
    assert german == ("Schätzungen der Anpassung t-a-p (durchschnittlicher Beurteiler) von "
                      f"{result.provenance.file_name}")
    PlanRequest(0.3, 0.6, 0.4, source=source)          # a request takes it


def test_the_way_to_the_import_preview_in_each_language():
    english = window_hint(("fold_case",))
    assert english == (" (Change import mapping... reads the file again: check the Merge labels "
                       "choice there)")
    with i18n.language("de"):
        german = window_hint(("delimiter", "sheet"))
    assert german.startswith(" (Import-Zuordnung ändern... liest die Datei neu")
    assert "Trennzeichen" in german and "choice" not in german


def test_an_item_and_a_fit_are_named_in_the_language_shown(window, qtbot):
    identity = DataIdentity("exam.csv", "0" * 64, 3, 2, 6, ("a", "b"), item="Q1")
    assert identity.title == "exam.csv, item Q1"
    with i18n.language("de"):
        assert identity.title == "exam.csv, Item Q1"
    load_example(window, "wine")
    _fit(window, qtbot)
    entry = window.results_pane.entries[0]
    assert fit_name(entry, 1) == f"1. {entry.result.title} of wine.csv"
    (english, _result, _table), = window.report_candidates()
    window.action_language_de.trigger()
    assert fit_name(entry, 1) == "1. t-a-p (durchschnittlicher Beurteiler) von wine.csv"
    (german, _result, _table), = window.report_candidates()
    assert english.startswith("1. t-a-p (average rater) \u2013 ") and \
        german.startswith("1. t-a-p (durchschnittlicher Beurteiler) \u2013 ")
    window.results_pane.remove_current()
    QApplication.processEvents()
    assert window.action_undo.text() == ("&Rückgängig: Anpassung 1. t-a-p (durchschnittlicher "
                                         "Beurteiler) von wine.csv entfernen")


def test_a_layout_is_named_in_the_reader_s_language():
    """"Read as the wide layout" in English (the key), "breit" in German; files keep the key."""
    dataset = read_ratings(IMPORT_FIXTURES / "headerless.csv")
    assert dataset.layout == "wide"
    english = describe_dataset(dataset, dataset.table)
    assert "Read as the <b>wide</b> layout" in english
    with i18n.language("de"):
        german = describe_dataset(dataset, dataset.table)
        details = import_details(dataset)
    assert "Gelesen im Aufbau <b>breit</b>" in german and "wide" not in german
    assert details.startswith("Aufbau: breit, weil")


def test_the_window_title_follows_the_language(window):
    assert window.windowTitle() == "Untitled analysis[*] - TapDesk"
    window.action_language_de.trigger()
    assert window.windowTitle().endswith("[*] - TapDesk")
    assert not window.windowTitle().startswith("Untitled")
    window.action_language_en.trigger()
    assert window.windowTitle() == "Untitled analysis[*] - TapDesk"


def test_a_file_of_two_items_reads_its_notes_in_german(window, qtbot):
    """The self-test's small file of two items (look-alike labels): the Data pane's warning ends
    with the way to the import preview's Merge labels choice, in German."""
    lines = ["subject,rater,item,rating"] + [
        f"s{s},r{r},{item},{('Yes', 'yes', 'no')[(s + r + (item == 'B')) % 3]}"
        for s in range(12) for r in range(3) for item in ("A", "B")]
    window.action_language_de.trigger()
    window.load_dataset(read_text("\n".join(lines)), "Geöffnet", source="pasted",
                        name="two-items.csv")
    text = window.dataset_pane.summary.text()
    assert "Import-Zuordnung ändern... liest die Datei neu" in text, text


def test_the_walk_names_the_words_it_found_untranslated_and_knows_a_wrapped_name():
    from tapdesk.gui.selftest.untranslated import untranslated_words
    assert untranslated_words("[Þĺàñ~~] Each rater", ()) == ["Each", "rater"]
    assert untranslated_words("Simulated 4-point\n    grades\n[200 šûƀĵéçţš~~]",
                              ("Simulated 4-point grades",)) == []
    assert untranslated_words("[Ƒöĺđéŕ~~] /tmp/out/st-qps", ()) == []


def test_pasted_data_and_a_plan_s_aside_in_the_language_shown():
    from tapdesk.data.import_words import PASTED, data_name
    from tapdesk.gui.dialogs.plan_dialog import without_aside
    assert data_name(PASTED) == "(pasted text)" and data_name("wine.csv") == "wine.csv"
    with i18n.language("de"):
        assert data_name(PASTED) == "(eingefügter Text)"
    assert without_aside("Subjects majority vote gets right [closed form]") == \
        "Subjects majority vote gets right"
    assert without_aside("[Ŵíđţĥ ƒöŕ [àççûŕàçý à~~]~~]") == "[Ŵíđţĥ ƒöŕ [àççûŕàçý à~~]~~]"


def test_a_hash_and_a_path_are_machine_names_whatever_the_data_s_words():
    from tapdesk.gui.selftest.untranslated import untranslated_words
    data = ("5", "7", "i18", "report")
    assert untranslated_words("[ŠĤÀ-256~~] 57a86d578aa9", data) == []
    assert untranslated_words("[Ƒöĺđéŕ~~] /tmp/i18ngui/st-qps", data) == []
    assert untranslated_words("[Ƒíĺé~~] dialog-walk-report.html", data) == []


def test_undo_names_a_removed_fit_in_the_language_chosen_since(window, qtbot, english_after):  # noqa: F811
    """A fit removed in English, then View > Language > Deutsch: Edit > Undo names it in German
    (it kept the English it was removed in), and in English again after switching back."""
    load_example(window, "wine")
    _fit(window, qtbot)
    window.results_pane.remove_current()
    QApplication.processEvents()
    assert window.action_undo.text() == "&Undo Remove fit 1. t-a-p (average rater) of wine.csv"
    window.action_language_de.trigger()
    assert window.action_undo.text() == ("&Rückgängig: Anpassung 1. t-a-p (durchschnittlicher "
                                         "Beurteiler) von wine.csv entfernen")
    window.action_language_en.trigger()
    assert window.action_undo.text() == "&Undo Remove fit 1. t-a-p (average rater) of wine.csv"
    window.results_pane.undo_stack.undo()
    assert len(window.results_pane.entries) == 1
