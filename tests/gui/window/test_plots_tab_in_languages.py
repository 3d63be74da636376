"""The Plots tab in every language (issue 54): the chooser's plot names, the heatmaps' titles,
captions and hover texts are the catalog's, in the pseudo-language (every text bracketed) and
in German; the names stay English keys underneath (the self-test's checks, the saved file's
name)."""

from __future__ import annotations

import pytest

from tapdesk.gui.selftest.untranslated import untranslated
from tests.gui.window.test_window_in_languages import pseudo_window  # noqa: F401 - the fixture
from tests.gui.window.test_window_words_in_languages import _fitted

pytestmark = pytest.mark.gui


def _plots(pane, qtbot):
    pane.show_tab("Plots")
    panel = pane.plots
    qtbot.waitUntil(lambda: not panel.building, timeout=20000)
    names = [panel.chooser.itemText(i) for i in range(panel.chooser.count())]
    return panel, names


def _title(widget) -> str:
    return widget.getPlotItem().titleLabel.text


def test_plots_tab_names_titles_and_hover_texts_are_bracketed(pseudo_window, qtbot):  # noqa: F811
    """View > Language > the pseudo-language, the wine example fitted: every plot name in the
    chooser, the rater-pair and percent agreement heatmaps' titles and captions and their
    cells' hover notes are bracketed; the plots' keys stay English."""
    window = pseudo_window
    window.action_language_qps.trigger()
    pane = _fitted(window, qtbot)
    panel, names = _plots(pane, qtbot)
    keys = [key for key, _w in panel.widgets]
    assert {"Observed vs fitted", "Rater-pair accuracy", "Raw percent agreement"} <= set(keys)
    assert len(names) == len(keys)
    found = [n for n in names if untranslated(n, ())]
    for key in ("Rater-pair accuracy", "Raw percent agreement"):
        widget = dict(panel.widgets)[key]
        title = _title(widget)
        assert title.startswith("[") and title.count("[") == 3, title    # title, 2 captions
        found += [title] if untranslated(title, ()) else []
        found += [n for n in widget.cell_notes.values() if untranslated(n, ())]
    convergence = dict(panel.widgets).get("Convergence")
    if convergence is not None:
        found += [_title(convergence)] if untranslated(_title(convergence), ()) else []
    assert found == [], "\n".join(dict.fromkeys(found))


def test_plots_tab_reads_german(window, qtbot):
    """View > Language > Deutsch: the chooser names the plots in German, the rater-pair
    heatmap's title is German; back in English the names are the English ones."""
    pane = _fitted(window, qtbot)
    window.action_language_de.trigger()
    panel, names = _plots(pane, qtbot)
    assert "Genauigkeit je Beurteilerpaar" in names and "Beobachtet und angepasst" in names
    heat = dict(panel.widgets)["Rater-pair accuracy"]
    assert _title(heat).startswith("Paarweise Genauigkeit der Beurteiler: \u221a(Cohens \u03ba)")
    window.action_language_en.trigger()
    panel, names = _plots(pane, qtbot)
    assert "Rater-pair accuracy" in names and "Observed vs fitted" in names
