"""The window's own words in every language (issue 54): in the pseudo-language every text of the
main window and its dialogs carries the pseudo brackets (a text without them was never
translated), View > Language re-words the open window, and German reads as German."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import (
    QApplication,
)

from tapdesk import i18n
from tapdesk.gui import language as gui_language
from tapdesk.gui.selftest.untranslated import (
    ENGINE_WORDS,
    NOT_YET,
    data_words,
    unbracketed,
    untranslated,
)
from tapdesk.gui.selftest.untranslated import widget_at as _widget
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui

@pytest.fixture
def pseudo_window(monkeypatch, app, qtbot):
    monkeypatch.setenv(i18n.languages.PSEUDO_SWITCH, "1")
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    gui_language.apply_language("en")


def _fit(window, qtbot):
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def test_every_text_of_the_window_is_bracketed_in_the_pseudo_language(pseudo_window, qtbot):
    """Chosen through View > Language, the pseudo-language brackets every text of the data
    pane, the Analysis pane (its groups opened) and the results pane with a fit on the
    Summary, but for the surfaces listed in NOT_YET and the engine's words (ENGINE_WORDS)."""
    window = pseudo_window
    window.action_language_qps.trigger()
    assert window.dataset_pane.open_button.text().startswith("[")
    skipped = [_widget(window, path) for path in NOT_YET if not path.startswith("results_pane")]
    engine = [_widget(window, path) for path in ENGINE_WORDS if not path.startswith("results_pane")]
    assert unbracketed(window, skipped, engine, ()) == []
    load_example(window, "wine")
    for group in (window.model_pane.explain_group, window.model_pane.options_group,
                  window.dataset_pane.scale_group):
        group.set_open(True)
    _fit(window, qtbot)
    window.results_pane.show_tab("Summary")
    QApplication.processEvents()
    skipped = [_widget(window, path) for path in NOT_YET]
    engine = [_widget(window, path) for path in ENGINE_WORDS]
    found = unbracketed(window, skipped, engine, data_words(window))
    assert found == [], "\n".join(found)
    assert window.results_pane.tabs.tabText(0).startswith("[")
    from tapdesk.gui.dialogs.export_dialog import ExportDialog
    export = ExportDialog(window.report_candidates(), window)
    qtbot.addWidget(export)
    export.show()
    found = unbracketed(export, [], [], data_words(window) + (export.path.text(),))
    assert found == [], "\n".join(found)
    assert export.windowTitle().startswith("[")


def test_choosing_german_rewords_the_open_window(window, qtbot):
    """View > Language > Deutsch re-words the panes already open, the tabs and the data set's
    summary (numbers as German writes them), and English words them back byte for byte."""
    load_example(window, "wine")
    pane, model = window.dataset_pane, window.model_pane
    english = (pane.summary.text(), pane.class_box.title(), model.fit_button.text(),
               window.results_pane.tabs.tabText(1), model.options_group.header.text())
    window.action_language_de.trigger()
    assert pane.class_box.title() == "Klasse 1 (für die Zwei-Klassen-Modelle)"
    assert model.fit_button.text() == "Modell anpassen"
    assert model.options_group.header.text() == "Optionen"
    assert window.results_pane.tabs.tabText(1) == "Übersicht"
    assert "Fälle \u00d7" in pane.summary.text() and "Bewertungen" in pane.summary.text()
    assert "Kategorien (geordnet)" in pane.summary.text()
    assert re.search(r"\d\u00a0%", pane.summary.text())            # "95 %" sure of the layout
    model.level.setValue(97.5)
    assert "Intervalle 97,5" in model.options_group.summary.full_text      # a decimal comma
    window.action_language_fr.trigger()
    assert pane.class_box.title() == "Classe 1 (pour les modèles à deux classes)"
    window.action_language_en.trigger()
    model.level.setValue(95)
    assert (pane.summary.text(), pane.class_box.title(), model.fit_button.text(),
            window.results_pane.tabs.tabText(1), model.options_group.header.text()) == english


GLOSSARY_NOT_MARKED = ("accuracy below 0", "Fleiss' kappa", "Cohen's kappa", "Conger's kappa",
                       "Scott's pi", "Gwet's AC1 / AC2", "PABAK", "Krippendorff's alpha")
"""Glossary entries whose term (a coefficient's proper name) or meaning (built from the engine's
constants) tapdesk.report.glossary does not mark for the catalog yet (the report's area, issue 54):
taken out of the pseudo-language check like data."""


def _browser_words(dialog) -> str:
    from PySide6.QtWidgets import QTextBrowser
    return "\n".join(b.toPlainText() for b in dialog.findChildren(QTextBrowser))


def test_help_and_glossary_are_bracketed_in_the_pseudo_language(pseudo_window, qtbot):
    """F1 (Help > What these numbers mean) and Help > Glossary, opened through their menu actions
    in the pseudo-language: every text of the dialogs and every line of their pages is bracketed,
    but for the glossary's other spellings, English names as files and the command line write
    them. Searching finds a term in the shown language."""
    from tapdesk.report.glossary import GLOSSARY
    window = pseudo_window
    window.action_language_qps.trigger()
    before = set(QApplication.topLevelWidgets())
    window.action_meaning.trigger()
    meaning = next(w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible())
    qtbot.addWidget(meaning)
    assert meaning.windowTitle().startswith("[")
    assert unbracketed(meaning, [], [], ()) == []
    lines = [line for line in _browser_words(meaning).splitlines() if untranslated(line, ())]
    assert lines == [], "\n".join(lines)
    window.action_glossary.trigger()
    glossary = window.glossary_dialog
    assert glossary.isVisible() and glossary.windowTitle().startswith("[")
    assert unbracketed(glossary, [], [], ()) == []
    also = tuple(spelling for term in GLOSSARY for spelling in term.also)
    also += tuple(text for term in GLOSSARY if term.term in GLOSSARY_NOT_MARKED
                  for text in (term.term, term.meaning))
    lines = [line for line in _browser_words(glossary).splitlines() if untranslated(line, also)]
    assert lines == [], "\n".join(lines)
    assert len(_browser_words(glossary).splitlines()) > len(GLOSSARY)
    glossary.search.setText(GLOSSARY[1].shown_meaning()[1:12])
    assert GLOSSARY[1].shown_term() in _browser_words(glossary)
    assert GLOSSARY[0].shown_meaning() not in _browser_words(glossary)


def test_help_and_glossary_read_german(window, qtbot):
    """View > Language > Deutsch: F1 and the glossary in German (the open glossary re-worded),
    and in English again byte for byte."""
    window.action_glossary.trigger()
    glossary = window.glossary_dialog
    english = _browser_words(glossary)
    window.action_language_de.trigger()
    assert glossary.windowTitle() == "Glossar"
    assert "Das t-a-p-Modell" in _browser_words(glossary)
    before = set(QApplication.topLevelWidgets())
    window.action_meaning.trigger()
    meaning = next(w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible())
    qtbot.addWidget(meaning)
    assert meaning.windowTitle() == "Was diese Zahlen bedeuten"
    assert "Ratewahrscheinlichkeit" in _browser_words(meaning)
    window.action_language_en.trigger()
    assert glossary.windowTitle() == "Glossary" and _browser_words(glossary) == english


def _inspect_simulate(window, look, monkeypatch):
    """Analysis > Simulate data... through its action; ``look(dialog)`` where it would wait for
    the user (its ``exec`` replaced, so no modal loop runs), then Cancel; what ``look`` returned."""
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    seen = []

    def look_and_cancel(dialog) -> int:
        dialog.show()
        seen.append(look(dialog))
        dialog.reject()
        return 0
    monkeypatch.setattr(SimulateDialog, "exec", look_and_cancel)
    window.action_simulate.trigger()
    assert len(seen) == 1
    return seen[0]


def test_simulate_dialog_is_bracketed_in_the_pseudo_language(pseudo_window, monkeypatch):
    """Analysis > Simulate data... in the pseudo-language: every label, tooltip, button and the
    preview's note bracketed, for two categories, for four, and for an invalid list of shares."""
    window = pseudo_window
    window.action_language_qps.trigger()

    def look(dialog):
        found = [dialog.windowTitle()] if not dialog.windowTitle().startswith("[") else []
        found += unbracketed(dialog, [], [], ())
        dialog.k.setValue(4)
        found += unbracketed(dialog, [], [], ())
        dialog.t_vec.setText("0.5, 0.4")
        assert not dialog.generate.isEnabled()
        found += unbracketed(dialog, [], [], ("0.5, 0.4",))
        found += [t for t in (dialog.plot.getPlotItem().titleLabel.text,) if untranslated(t, ())]
        return found
    found = _inspect_simulate(window, look, monkeypatch)
    assert found == [], "\n".join(found)


def test_simulate_dialog_reads_german(window, monkeypatch):
    """Analysis > Simulate data... in German: its words, counts with a German thousands
    separator and a sum of shares with a decimal comma."""
    window.action_language_de.trigger()

    def look(dialog):
        dialog.subjects.setValue(1000)
        note = dialog.note.text()
        dialog.k.setValue(3)
        dialog.t_vec.setText("0.5, 0.45, 0")
        return dialog.windowTitle(), dialog.generate.text().replace("&", ""), note, dialog.note.text()
    title, generate, note, error = _inspect_simulate(window, look, monkeypatch)
    assert (title, generate) == ("Bewertungen simulieren", "Erzeugen")
    assert note.startswith("5.000 Bewertungen werden erzeugt.")
    assert "jetzt 3 Zahlen mit der Summe 0,950" in error
