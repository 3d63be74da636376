"""The window's last English surfaces in every language (issue 54): the Summary's paragraph box,
the value labels editor, the Subjects tab's cells, the coefficients' names, the live plot and the
data pane's layout, in the pseudo-language (every text bracketed) and in German; and a project
saved in English read in the language in force when it is opened."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tapdesk.gui.selftest.untranslated import untranslated
from tapdesk.gui.window.menus import load_example
from tests.gui.window.test_tabs_in_languages import data_names
from tests.gui.window.test_window_in_languages import (
    _fit,
    data_words,
    pseudo_window,  # noqa: F401 - the fixture
    unbracketed,
)

pytestmark = pytest.mark.gui


def _fitted(window, qtbot, example: str = "wine", model: str = "tap", method: str = "mle"):
    load_example(window, example)
    assert window.model_pane.select(model, method)
    _fit(window, qtbot)
    return window.results_pane


def test_paragraph_box_and_labels_editor_are_bracketed(pseudo_window, qtbot):  # noqa: F811
    """View > Language > the pseudo-language, the wine example fitted: the Summary's paragraph
    box (title, button, its tooltip, the paragraph) and the value labels editor (its tooltip,
    name and row heading) are bracketed; "Copy paragraph" says it copied in the language too."""
    window = pseudo_window
    window.action_language_qps.trigger()
    pane = _fitted(window, qtbot)
    window.dataset_pane.scale_group.set_open(True)
    pane.show_tab("Summary")
    QApplication.processEvents()
    words = data_words(window) + data_names(window)
    found = unbracketed(pane.paragraph, [], [], words)
    found += unbracketed(window.dataset_pane.labels_editor, [], [], words)
    editor = window.dataset_pane.labels_editor
    heading = editor.verticalHeaderItem(0).text()
    found += [heading] if untranslated(heading, ()) else []
    assert found == [], "\n".join(found)
    pane.paragraph.copy_button.click()
    assert pane.paragraph.copy_button.text().startswith("[")
    assert window.statusBar().currentMessage().startswith("[")


def test_paragraph_box_and_labels_editor_read_german(window, qtbot):
    """View > Language > Deutsch re-words the paragraph box and the labels editor."""
    pane = _fitted(window, qtbot)
    window.action_language_de.trigger()
    assert pane.paragraph.copy_button.text() == "Absatz kopieren"
    assert pane.paragraph.title.text() == "<b>Ergebnisse in einem Absatz</b>"
    assert window.dataset_pane.labels_editor.verticalHeaderItem(0).text() == "Label"
    assert window.dataset_pane.labels_editor.accessibleName() == "Kategorienlabels und Reihenfolge"
    window.action_language_en.trigger()
    assert pane.paragraph.copy_button.text() == "Copy paragraph"


def _cells(view, rows: int = 60) -> list[str]:
    model = view.model()
    return [str(model.index(r, c).data() or "") for r in range(min(rows, model.rowCount()))
            for c in range(model.columnCount())]


def test_subjects_cells_are_bracketed(pseudo_window, qtbot):  # noqa: F811
    """The wine example's t-a-p fit in the pseudo-language: every cell of the Subjects tab
    (the classes' names, the majority vote with its ties, review and why) and its headings are
    bracketed; the labels written to a file stay English (a machine interface)."""
    window = pseudo_window
    window.action_language_qps.trigger()
    pane = _fitted(window, qtbot)
    panel = pane.show_tab("Subjects")
    QApplication.processEvents()
    words = data_words(window) + data_names(window)
    cells = [c for c in _cells(panel.view) if untranslated(c, words)]
    headings = [h for h in panel.model.headings if untranslated(h, words)]
    assert cells + headings == [], "\n".join(dict.fromkeys(cells + headings))
    assert any(c.startswith("[") and "/" in c for c in _cells(panel.view))       # a tie
    assert {row[-2] for row in panel.labels.rows} == {"yes", "no"}
    assert "most likely class under 90% probable" in {row[-1] for row in panel.labels.rows}


def test_subjects_cells_read_german(window, qtbot):
    """View > Language > Deutsch re-words the Subjects tab's cells and headings."""
    pane = _fitted(window, qtbot)
    panel = pane.show_tab("Subjects")
    window.action_language_de.trigger()
    panel = pane.show_tab("Subjects")
    QApplication.processEvents()
    cells = set(_cells(panel.view))
    assert "Klasse 0 (bronze, silver oder gold)" in cells
    assert {"ja", "nein"} <= cells
    assert "wahrscheinlichste Klasse mit weniger als 90\u00a0% Wahrscheinlichkeit" in cells
    assert any(c.startswith("Gleichstand: Klasse 0") for c in cells)
    assert "Wahrscheinlichkeit von Klasse 1 (no medal)" in panel.model.headings
    window.action_language_en.trigger()
    panel = pane.show_tab("Subjects")
    assert "Class 0 (bronze or silver or gold)" in set(_cells(panel.view))


def _coefficients(window, qtbot, weights: str):
    load_example(window, "wine")
    pane = window.model_pane
    assert pane.select("coefficients", "mle")
    pane.weights.setCurrentIndex(pane.weights.findData(weights))
    _fit(window, qtbot)
    return window.results_pane


def test_weighted_coefficients_are_bracketed(pseudo_window, qtbot):  # noqa: F811
    """The classical coefficients with linear weights in the pseudo-language: the analysis's
    title (the Summary's heading) and every weighted coefficient's name are bracketed."""
    window = pseudo_window
    window.action_language_qps.trigger()
    pane = _coefficients(window, qtbot, "linear")
    pane.show_tab("Summary")
    names = [str(row[0]) for row in pane.param_model.rows]
    assert len(names) > 5 and any("(" in n for n in names)
    found = [n for n in names if untranslated(n, ())]
    title = pane.summary.text().split("</h2>")[0]
    found += [title] if untranslated(title, ()) else []
    assert found == [], "\n".join(found)


def test_weighted_coefficients_read_german(window, qtbot):
    """Quadratic weights, then View > Language > Deutsch: the names and title in German."""
    pane = _coefficients(window, qtbot, "quadratic")
    assert "Weighted Fleiss' kappa (quadratic weights)" in [row[0] for row in pane.param_model.rows]
    window.action_language_de.trigger()
    names = [row[0] for row in pane.param_model.rows]
    assert "Fleiss’ gewichtetes Kappa (quadratische Gewichte)" in names
    assert "Gwets AC2 (quadratische Gewichte)" in names
    assert "Klassische Übereinstimmungskoeffizienten (quadratische Gewichte)" in pane.summary.text()


def test_data_pane_layout_reason_in_the_language(pseudo_window, qtbot):  # noqa: F811
    """The data pane's "point here for why" tooltip: the layout's reason and the column
    mapping's names in the pseudo-language (they were English inside the bracketed frame),
    then in German through View > Language."""
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, "writing")
    pane = window.dataset_pane
    tip = pane.summary.toolTip()
    english = str(pane.dataset.reason)
    assert english.split(":")[0] not in tip and "rater: instructor" not in tip
    assert tip.startswith("[") and "instructor" in tip
    window.action_language_de.trigger()
    tip = pane.summary.toolTip()
    assert "weil eine Zeile je Bewertung: „student“ enthält die Fälle" in tip
    assert "Beurteiler: instructor" in tip and "Fall: student" in tip


def _texts_shown(window) -> dict[str, str]:
    """What the results pane says of the shown fit: Summary, warnings, paragraph, parameters,
    coefficients, the fits list and the Raters tab's table and note."""
    pane = window.results_pane
    pane.show_tab("Summary")
    QApplication.processEvents()
    out = {"summary": pane.summary.text(), "warnings": pane.warnings.text(),
           "paragraph": pane.paragraph.text,
           "parameters": repr(pane.param_model.rows), "coefficients": repr(pane.coef_model.rows),
           "fits": repr([pane.history_list.item_text(i) for i in range(pane.history_list.count())]
                         + pane.history_list.heading_texts())}
    raters = pane.show_tab("Raters")
    QApplication.processEvents()
    out["raters"] = repr(raters.model.rows) + raters.note.text()
    return out


@pytest.mark.parametrize("code", ["de", "qps"])
def test_a_project_saved_in_english_reads_in_the_language_in_force(pseudo_window, qtbot, tmp_path,  # noqa: F811
                                                                 monkeypatch, code):
    """A per-rater fit of the wine example saved in English, then View > Language (German, the
    pseudo-language) and File > Open of the project: the reopened fit's Summary, warnings,
    paragraph, tables, fits list and Raters tab say what the fit said in that language before
    it was saved (they stayed English: the project kept the English sentences)."""
    from PySide6.QtWidgets import QFileDialog
    window = pseudo_window
    pane = _fitted(window, qtbot, "wine", "per-rater")
    path = tmp_path / "wine.tapdesk"
    assert window.save_project(path)
    getattr(window, f"action_language_{code}").trigger()
    before = _texts_shown(window)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    window.action_open.trigger()
    qtbot.waitUntil(lambda: window.project_path == path, timeout=10000)
    opened = window.statusBar().currentMessage()
    assert opened == "Projekt wine.tapdesk geöffnet" if code == "de" else \
        not untranslated(opened, ("wine.tapdesk",))
    pane.select(0)
    after = _texts_shown(window)
    differ = {k: (before[k], after[k]) for k in before       # (the fits list wraps anew)
              if before[k].replace("\\n", " ").split() != after[k].replace("\\n", " ").split()}
    assert differ == {}, "\n\n".join(f"{k}:\n{b}\n{a}" for k, (b, a) in differ.items())
    if code == "qps":
        found = [t for t in _words_shown(after, window)
                 if untranslated(t, data_words(window) + data_names(window))]
        assert found == [], "\n".join(found)


def _words_shown(texts: dict[str, str], window) -> list[str]:
    """The texts of :func:`_texts_shown` with the tables' rows as their text cells only (a
    missing number is the float nan in a row, not a word a reader sees)."""
    pane = window.results_pane
    tables = {"parameters": pane.param_model.rows, "coefficients": pane.coef_model.rows}
    cells = [" ".join(c for c in row if isinstance(c, str)) for rows in tables.values() for row in rows]
    # a list's texts come as its repr: a line break inside one ("Class 1 = no\\nmedal", the fits
    # list wrapping a category's name) is the two characters backslash and n, not a space
    return [t.replace("\\n", " ") for k, t in texts.items() if k not in tables] + cells


def test_engine_made_words_now_checked_are_bracketed(pseudo_window, qtbot):  # noqa: F811
    """The analyses' names and descriptions, Class 1 in words and the coefficients' rows (once
    ENGINE_WORDS, now walked as every other text) are bracketed for the wine example's
    per-rater t-a-p, Dawid-Skene and classical coefficients fits, and every analysis offered."""
    from tapdesk.gui.selftest.untranslated import ENGINE_WORDS, widget_at
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, "wine")
    paths = ("model_pane.model_combo", "model_pane.model_help", "dataset_pane.choice_label",
             "results_pane.coef_view")
    assert not set(paths) & set(ENGINE_WORDS)
    found = []
    for model in ("per-rater", "dawid-skene", "coefficients"):
        assert window.model_pane.select(model, "mle")
        _fit(window, qtbot)
        window.results_pane.show_tab("Summary")
        QApplication.processEvents()
        words = data_words(window) + data_names(window)
        for path in paths:
            found += [f"{model} {line}" for line in unbracketed(widget_at(window, path), [], [], words)]
    assert found == [], "\n".join(found)


def _offered(window) -> list[tuple[str, str]]:
    """Every (analysis, method) the Analysis pane offers for the loaded data."""
    pane, out = window.model_pane, []
    for i in range(pane.model_combo.count()):
        if not pane.model_combo.model().item(i).isEnabled():
            continue
        pane.model_combo.setCurrentIndex(i)
        out += [(pane.model_combo.itemData(i), pane.method_combo.itemData(j))
                for j in range(pane.method_combo.count())]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("example", ["wine", "writing"])
def test_every_analysis_summary_and_warnings_are_bracketed(pseudo_window, qtbot, example):  # noqa: F811
    """Every analysis and method offered for the wine and writing examples, fitted in the
    pseudo-language: the Summary's headline and facts and the findings in words (once
    ENGINE_WORDS) are bracketed, the class-dependent models' ridge sentences, MACE's and
    Dawid-Skene's notes and the exact method's interval names too."""
    from tapdesk.gui.selftest.untranslated import ENGINE_WORDS, widget_at
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, example)
    window.model_pane.chains.setValue(2)            # the words, not the sampler, are tested
    window.model_pane.draws.setValue(200)
    window.model_pane.warmup.setValue(250)
    paths = ("results_pane.summary", "results_pane.warnings")
    assert ENGINE_WORDS == {}
    found, fitted = [], []
    for model, method in _offered(window):
        assert window.model_pane.select(model, method)
        _fit(window, qtbot)
        window.results_pane.show_tab("Summary")
        QApplication.processEvents()
        fitted.append((model, method))
        words = data_words(window) + data_names(window)
        for path in paths:
            found += [f"{model} {method} {line}"
                      for line in unbracketed(widget_at(window, path), [], [], words)]
    assert {"tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1"} <= {m for m, _ in fitted} or example != "wine"
    assert found == [], "\n".join(found)


def test_subjects_counts_are_bracketed(pseudo_window, qtbot):  # noqa: F811
    """A fit without per-subject probabilities (the classical coefficients) in the
    pseudo-language: the Subjects tab's counts are headed and noted in the language."""
    window = pseudo_window
    window.action_language_qps.trigger()
    pane = _coefficients(window, qtbot, "none")
    panel = pane.show_tab("Subjects")
    QApplication.processEvents()
    words = data_words(window) + data_names(window)
    found = [h for h in panel.model.headings if untranslated(h, words)]
    found += [panel.note.text()] if untranslated(panel.note.text(), words) else []
    assert found == [], "\n".join(found)
    assert panel.model.columns[:2] == ("Subject", "Ratings")          # the file's names


def _question_on_close(window) -> tuple[str, str, str, list[str]]:
    """File > Quit's "Save changes?" box (the real one): its title, question, what would be lost
    and its buttons; Cancel pressed."""
    from PySide6.QtWidgets import QMessageBox

    from tapdesk.gui.selftest.checks import answer_next_question
    seen: list = []
    answer_next_question(QApplication.instance(), QMessageBox.StandardButton.Cancel, seen,
                         note=lambda box: (box.windowTitle(), box.text(), box.informativeText(),
                                           [b.text() for b in box.buttons()]))
    assert not window.close()
    window.mark_clean()                 # so the test's own clean-up closes without asking
    return seen[0]


@pytest.mark.parametrize("code", ["de", "qps"])
def test_the_save_changes_question_in_the_language(pseudo_window, qtbot,  # noqa: F811
                                                   real_save_question, code):
    """Closing with an unsaved fit, in German and the pseudo-language: the question, what
    would be lost and the buttons in the language (they were English in every language)."""
    window = pseudo_window
    getattr(window, f"action_language_{code}").trigger()
    _fitted(window, qtbot)
    title, text, info, buttons = _question_on_close(window)
    if code == "de":
        assert title == "Änderungen speichern?"
        assert text == "Änderungen an dieser Analyse speichern, bevor Sie TapDesk schließen?"
        assert info == "Noch nicht gespeichert: 1 Anpassung von wine.csv; der neue Datensatz wine.csv."
        assert "&Verwerfen" in buttons
    else:
        words = data_words(window)
        found = [t for t in (title, text, info, *buttons) if untranslated(t, words)]
        assert found == [], "\n".join(found)
    assert window.windowTitle().endswith("TapDesk")


def test_status_messages_of_file_menu_in_german(window, qtbot):
    """File > Close data and File > New analysis say so in the status bar in German."""
    window.action_language_de.trigger()
    load_example(window, "wine")
    window.mark_clean()
    window.action_close_data.trigger()
    assert window.statusBar().currentMessage().endswith(" geschlossen.")
    window.action_new.trigger()
    assert window.statusBar().currentMessage() == \
        "Neue Analyse. Öffnen Sie eine Bewertungsdatei, um zu beginnen."


def test_feedback_file_dialog_in_german(window, qtbot, monkeypatch):
    """Raters > "Feedback for each rater..." in German: the file dialog's title (a count of
    raters) and its two filters in German; cancelled, nothing is written."""
    from PySide6.QtWidgets import QFileDialog
    seen = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, start, filters: seen.append((title, filters)) or ("", ""))
    pane = _fitted(window, qtbot, "wine", "per-rater")
    window.action_language_de.trigger()
    raters = pane.show_tab("Raters")
    QApplication.processEvents()
    assert raters.feedback_button.isEnabled(), raters.result
    raters.feedback_button.click()
    qtbot.waitUntil(lambda: bool(seen), timeout=20000)
    title, filters = seen[0]
    assert title == "Rückmeldung für 4 Beurteiler speichern"
    assert filters.split(";;")[0] == "Ein PDF, eine Seite je Beurteiler (*.pdf)"
