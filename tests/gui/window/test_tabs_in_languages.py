"""The results tabs in every language (issue 54): in the pseudo-language every own text of the
Raters, Subjects, Tables, Plots, Explain, Compare and Progress tabs of a fitted window carries the
pseudo brackets (the wine example's maximum-likelihood fit; the writing example's explained fit
for Explain), and German reads as German."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tapdesk.gui.window.menus import load_example
from tests.gui.window.test_window_in_languages import (
    _fit,
    data_words,
    pseudo_window,  # noqa: F401 - the fixture
    unbracketed,
    untranslated,
)

pytestmark = pytest.mark.gui

ENGINE = {
    "Tables": ("chooser", "the tables' titles (the engine's, tapdesk.i18n.tables)",
               "note", "the tables' notes (the engine's)"),
    "Plots": ("chooser", "the plots' titles (tapdesk.render.plots)",
              "stack", "the plots themselves (tapdesk.render.plots)",
              "caption", "the plots' captions (tapdesk.render.plots)"),
    "Explain": ("words", "the explanation's sentences (tapdesk.engine.story)",
                "tests", "the tests in words (tapdesk.report.explained)",
                "effects_view", "the effects' rows (tapdesk.report.explained)",
                "groups_view", "the groups' rows (tapdesk.report.explained)",
                "plots_area", "the plots and their captions (tapdesk.render.plots)"),
    "Compare": ("verdict", "which model the data favour (tapdesk.engine.story.model_choice)",),
}
"""Widgets of a tab whose text the engine, report and render layers make (converted in their
own areas): their own names and tooltips are still checked, their text is not."""


def engine_widgets(page, tab: str) -> list:
    names = ENGINE.get(tab, ())[::2]
    out = []
    for name in names:
        found = getattr(page, name, None)
        if found is None:
            continue
        out.append(found.parentWidget() if name == "plots_area" else found)
    return out


def tab_words(window, tab: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The unbracketed texts of results tab ``tab`` (shown), its header cells included."""
    page = window.results_pane.show_tab(tab)
    QApplication.processEvents()
    engine = engine_widgets(page, tab)
    found = unbracketed(page, [], engine, data_words(window) + extra)
    if tab == "Plots":
        found = [f for f in found if "'stack'" not in f]
    return [f"{tab}: {line}" for line in found]


def data_names(window) -> tuple[str, ...]:
    """The raters' and subjects' names and the categories' labels (the data's own words)."""
    table = window.dataset_pane.table
    return (tuple(str(r) for r in table.rater_ids) + tuple(str(s) for s in table.subject_ids)
            + tuple(table.scale.label(c) for c in table.categories))


def test_every_results_tab_is_bracketed_in_the_pseudo_language(pseudo_window, qtbot):  # noqa: F811
    """View > Language > the pseudo-language, then the wine example fitted (maximum
    likelihood, per rater) and a second fit ticked for Compare: every tab's labels, buttons,
    tooltips, column headings and notes are bracketed but for the engine's words (ENGINE)."""
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    _fit(window, qtbot)
    assert window.model_pane.select("tap", "mle")
    _fit(window, qtbot)
    window.results_pane.select(0)                 # the per-rater fit: the Raters tab's table
    names = data_names(window)
    found = []
    for tab in ("Raters", "Subjects", "Tables", "Plots", "Progress"):
        found += tab_words(window, tab, names)
    tables = window.results_pane.tables
    for index in range(tables.chooser.count()):
        tables.chooser.setCurrentIndex(index)
        found += tab_words(window, "Tables", names)
    for index in (0, 1):
        window.results_pane.history_list.set_checked(index, True)
    found += tab_words(window, "Compare", names)
    assert found == [], "\n".join(dict.fromkeys(found))
    live = window.results_pane.live
    assert live.status.text().startswith("[")
    assert live.loglik.getPlotItem().titleLabel.text.startswith("[")
    assert window.results_pane.tabs.tabText(window.results_pane.tab_names().index("Raters")).startswith("[")


def test_the_explain_tab_is_bracketed_in_the_pseudo_language(pseudo_window, qtbot):  # noqa: F811
    """The writing example fitted with its subjects grouped by year and accuracy explained by
    the raters' age, in the pseudo-language: the Explain tab's titles, headings' tooltips and
    names are bracketed (its sentences, rows and plots are the engine's: ENGINE)."""
    window = pseudo_window
    window.action_language_qps.trigger()
    load_example(window, "writing")
    pane = window.model_pane
    assert pane.select("tap", "mle")
    box = pane.explain
    box.group_combo.setCurrentIndex(box.group_combo.findData("year"))
    for check in box.attribute_checks:
        check.setChecked(check.text() == "age")
    _fit(window, qtbot)
    panel = window.results_pane.explain
    window.results_pane.show_tab("Explain")
    qtbot.waitUntil(lambda: bool(panel.plot_widgets), timeout=10000)
    assert panel.effects_view.isVisible() and panel.groups_view.isVisible()
    found = tab_words(window, "Explain", data_names(window) + ("age", "year"))
    tips = [panel.effects_model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
            for c in range(panel.effects_model.columnCount())]
    found += [f"effects tooltip: {tip}" for tip in tips if tip and untranslated(tip, ())]
    assert found == [], "\n".join(dict.fromkeys(found))
    assert panel.effects_title.text().startswith("<b>[")


def test_the_tabs_read_german_and_english_again(window, qtbot):
    """View > Language > Deutsch with the wine example's per-rater fit shown: the Raters tab's
    buttons, columns and note, the Summary's parameter names and interval heading (a German
    percent), the coefficients' names and the Progress tab's plot in German; English again
    byte for byte."""
    load_example(window, "wine")
    assert window.model_pane.select("per-rater", "mle")
    _fit(window, qtbot)
    rp = window.results_pane
    raters = rp.show_tab("Raters")
    english = (raters.feedback_button.text(), raters.note.text(), raters.model.columns,
               rp.param_model.columns, rp.coef_model.rows[1][0])
    window.action_language_de.trigger()
    raters = rp.show_tab("Raters")
    assert raters.feedback_button.text() == "Rückmeldung für jeden Beurteiler..."
    assert raters.note.text().startswith("4 Beurteiler. Für keinen Beurteiler wurde ein Unterschied")
    assert tuple(raters.model.columns[:6]) == (
        "Beurteiler", "Bewertungen", "Genauigkeit", "Genauigkeit: 95\u00a0%-Intervall",
        "Genauigkeit gegenüber dem übrigen Gremium", "Genauigkeit, Unterschied: 95\u00a0%-Intervall")
    assert raters.model.columns[-1] == "Markierung"
    assert [row[0] for row in rp.param_model.rows] == ["Tatsächlich Klasse 1"]
    assert tuple(rp.param_model.columns)[3] == "95\u00a0%-Intervall"
    names = [row[0] for row in rp.coef_model.rows]
    assert "Fleiss’ Kappa" in names and "Krippendorffs Alpha (nominal)" in names
    fleiss = rp.coef_model.rows[names.index("Fleiss’ Kappa")]
    assert fleiss[3].startswith("Übereinstimmung über den Zufall hinaus")
    assert tuple(rp.coef_model.columns)[2] == "95\u00a0%-Intervall"
    assert rp.live.loglik.getPlotItem().titleLabel.text.startswith("Log-Likelihood je Iteration")
    window.action_language_en.trigger()
    raters = rp.show_tab("Raters")
    assert (raters.feedback_button.text(), raters.note.text(), raters.model.columns,
            rp.param_model.columns, rp.coef_model.rows[1][0]) == english


def test_a_fit_finished_in_german_fills_the_progress_bar(window, qtbot):
    """Fitted with the window in German, the Progress tab says so in German and its bar is
    full (it was read from the English word "finished", so it stayed empty in German)."""
    window.action_language_de.trigger()
    load_example(window, "wine")
    _fit(window, qtbot)
    live = window.results_pane.live
    assert live.status.text() == "Fertig."
    assert live.bar.maximum() == 1 and live.bar.value() == 1
