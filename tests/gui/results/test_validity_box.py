"""The Summary tab's "Against the reference answer": the engine's table and sentences for the
shown fit when its data hold a reference answer, hidden otherwise; the report gets the same."""

from __future__ import annotations

import dataclasses

import pytest

from tapdesk.engine.validity import validity_for_fit
from tapdesk.gui.window.menus import load_example

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model: str = "tap"):
    assert window.model_pane.select(model, "mle")
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _with_reference(window):
    """A reference answer for every subject of the open data: the first rater's rating
    flipped on every third subject (an answer made apart from the panel)."""
    table = window.session.table
    categories = table.scale.categories
    answers = {}
    for i, sid in enumerate(table.subject_ids):
        first = categories[table.rating[table.subject == i][0]]
        other = next(c for c in categories if c != first)
        answers[sid] = other if i % 3 == 0 else first
    references = {"adjudicated": answers}
    window.session.dataset = dataclasses.replace(window.session.dataset, references=references)
    return table, references


def test_the_summary_shows_the_engine_s_check_for_the_shown_fit(window, qtbot):
    load_example(window, "paradox")
    table, references = _with_reference(window)
    result = _fit(window, qtbot)
    window.results_pane.show_tab("Summary")
    box = window.results_pane.validity
    assert box.isVisible(), box.checks
    (check,) = validity_for_fit(result, table, references)
    assert box.models[0].columns == check.columns()
    assert [tuple(r) for r in box.models[0].rows] == list(check.table_rows())
    assert box.text().splitlines() == list(check.sentences())
    assert "not the truth" in box.words[0].text()
    assert window.report_inputs().references == references
    from tapdesk.report.consistency import validity_mismatches
    assert validity_mismatches("tap", result, table, references,
                               [m.rows for m in box.models]) == []


def test_no_reference_answer_hides_the_box(window, qtbot):
    load_example(window, "paradox")
    _fit(window, qtbot)
    window.results_pane.show_tab("Summary")
    assert window.results_pane.coef_view.isVisible()
    assert not window.results_pane.validity.isVisible()
    assert window.report_inputs().references == {}


def test_showing_no_fit_clears_the_box(window, qtbot):
    load_example(window, "paradox")
    _with_reference(window)
    _fit(window, qtbot)
    window.results_pane.show_entry(None)
    assert not window.results_pane.validity.isVisible()
    assert window.results_pane.validity.models == []


def test_the_box_speaks_the_language_chosen_in_the_window(monkeypatch, app, qtbot):
    """In the pseudo-language (View > Language), the box's title, sentences, table (title,
    headings, cells, note) are all bracketed: no English left but the data's own names; the
    walk of the window checks the box (it is no longer in NOT_YET)."""
    from PySide6.QtWidgets import QApplication

    from tapdesk import i18n
    from tapdesk.gui import language as gui_language
    from tapdesk.gui.selftest.untranslated import NOT_YET, data_words, unbracketed, untranslated
    from tapdesk.gui.window.main_window import MainWindow
    assert "results_pane.validity" not in NOT_YET
    monkeypatch.setenv(i18n.languages.PSEUDO_SWITCH, "1")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    try:
        load_example(window, "paradox")
        table, _references = _with_reference(window)
        _fit(window, qtbot)
        window.action_language_qps.trigger()
        window.results_pane.show_tab("Summary")
        QApplication.processEvents()
        box = window.results_pane.validity
        assert box.isVisible() and box.title.text().startswith("<b>[")
        data = (*data_words(window), *table.rater_ids, "adjudicated")
        found = unbracketed(box, [], [], data)
        assert found == [], "\n".join(found)
        assert len(box.text().splitlines()) >= 3
        assert all(line.startswith("[") for line in box.text().splitlines()), box.text()
        model = box.models[0]
        cells = [c for row in model.rows for c in row if isinstance(c, str)]
        left = [t for t in (*model.columns, *cells) if untranslated(t, data)]
        assert left == []
    finally:
        gui_language.apply_language("en")
